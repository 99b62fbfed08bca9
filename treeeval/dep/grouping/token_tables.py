"""The groupings with a row per token (Token) and per sentence (Sentence), and MaltEval's
token numbers, which name Token's rows across a run (:class:`TokenNumbering`).

>>> tb = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
>>> table = sentence_table(np.array([True, False]), tb, tb, None, None)
>>> table.groups, table.columns["accuracy"].tolist()
(['1'], [0.5])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np

from ...arrays import BoolArray, IntArray
from ...model.dependencies import DependencySentence  # noqa: F401 (its doctests build sentences)
from ...model.treebank import Treebank
from ..trees import has_cycle, is_connected, is_projective
from .group_table import GroupTable, ratio, row_summary

#: the attributes of Sentence, in MaltEval's ``all`` order
SENTENCE_ATTRIBUTES = ["accuracy", "exactmatch", "correctcounter", "includedtokenscount",
                       "sentencelength", "isparserconnected", "istreebankconnected",
                       "hasparsercycle", "hastreebankcycle", "isparserprojective",
                       "istreebankprojective", "id"]


def token_table(hits: BoolArray, gold: Treebank, bounds: BoolArray | None,
           gold_keep: BoolArray | None, parsed_keep: BoolArray | None,
           numbering: TokenNumbering | None) -> GroupTable:
    """One row per token left in on either side (Row mean: accuracy), named by MaltEval's
    token number (:class:`TokenNumbering`) and in that order.  A token's accuracy is a whole
    number (MaltEval divides two ints), so it is a count column: printed ``1``, not formatted
    with ``--pattern``; ``counter`` and ``correctcounter`` count the gold side."""
    n = len(hits)
    bounds = np.ones(n, bool) if bounds is None else bounds
    gold_keep = bounds if gold_keep is None else gold_keep
    parsed_keep = bounds if parsed_keep is None else parsed_keep
    listed = gold_keep | parsed_keep
    numbers = (numbering if numbering is not None else TokenNumbering()).number(gold, listed)
    order = np.argsort(numbers, kind="stable")
    rows = np.flatnonzero(listed)[order]
    columns = {"accuracy": np.where(parsed_keep, hits, np.nan)[rows].astype(float),
               "counter": gold_keep[rows].astype(float),
               "correctcounter": (gold_keep & hits)[rows].astype(float)}
    numbers = numbers[order]
    names: Sequence[str] = (TokenNumbers(len(rows)) if len(rows) == 0 or (
        numbers[0] == 1 and numbers[-1] == len(rows)) else list(map(str, numbers.tolist())))
    return GroupTable("Token", names, columns, ["accuracy"], summary=row_summary(columns),
                      counts=set(columns))


class TokenNumbering:
    """MaltEval's Token keys: a token (sentence number, word position) gets the next number
    the first time an evaluation visits it (left in on either side, within the length
    bounds), and keeps it for every later evaluation of the run, other parsed files and
    cross-validation folds included (the folds' sentences share numbers by position).

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
    >>> numbering = TokenNumbering()
    >>> numbering.number(tb, np.array([False, True])).tolist(), numbering.number(tb, np.array([True, True])).tolist()
    ([1], [2, 1])
    """

    def __init__(self) -> None:
        self.keys = np.zeros(0, dtype=np.int64)
        self.numbers = np.zeros(0, dtype=np.int64)

    def number(self, tb: Treebank, visited: BoolArray) -> IntArray:
        """The numbers of the visited tokens (in token order), new ones numbered first."""
        keys = ((tb.sentence.astype(np.int64) << 32) | tb.positions.astype(np.int64))[visited]
        where = np.searchsorted(self.keys, keys)
        known = where < len(self.keys)
        known[known] = self.keys[where[known]] == keys[known]
        numbers = np.zeros(len(keys), dtype=np.int64)
        numbers[known] = self.numbers[where[known]]
        fresh = np.flatnonzero(~known)
        numbers[fresh] = len(self.keys) + 1 + np.arange(len(fresh))
        if len(fresh):
            merged_keys = np.concatenate([self.keys, keys[fresh]])
            order = np.argsort(merged_keys, kind="stable")
            self.keys = merged_keys[order]
            self.numbers = np.concatenate([self.numbers, numbers[fresh]])[order]
        return numbers


class TokenNumbers(Sequence[str]):
    """The names of the rows of a Token table, ``"1"`` to ``str(count)``, made when used.

    >>> names = TokenNumbers(3)
    >>> len(names), names[-1], names[:2], names == ["1", "2", "3"]
    (3, '3', ['1', '2'], True)
    """

    def __init__(self, count: int) -> None:
        self.numbers = range(1, count + 1)

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return list(map(str, self.numbers[index]))
        return str(self.numbers[index])

    def __iter__(self) -> Iterator[str]:
        return map(str, self.numbers)

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented



def sentence_table(hits: BoolArray, gold: Treebank, parsed: Treebank,
              gold_keep: BoolArray | None, parsed_keep: BoolArray | None) -> GroupTable:
    """One row per sentence with a token left in on either side; ``id`` is the sentence's
    number (MaltEval's sentence id, 1-based through the file)."""
    count = len(gold.sizes)

    def per_sentence(weights: BoolArray | None, keep: BoolArray | None) -> IntArray:
        mask = weights if keep is None else (keep if weights is None else weights & keep)
        if mask is None:
            return gold.sizes.copy()
        return np.bincount(gold.sentence, weights=mask, minlength=count).astype(np.int64)

    parser_counter = per_sentence(None, parsed_keep)
    parser_correct = per_sentence(hits, parsed_keep)
    treebank_counter = per_sentence(None, gold_keep)
    treebank_correct = per_sentence(hits, gold_keep)
    rows = np.flatnonzero((parser_counter > 0) | (treebank_counter > 0))
    trees = {"isparserconnected": is_connected(parsed),
             "istreebankconnected": is_connected(gold),
             "hasparsercycle": has_cycle(parsed), "hastreebankcycle": has_cycle(gold),
             "isparserprojective": is_projective(parsed),
             "istreebankprojective": is_projective(gold)}
    columns = {"accuracy": ratio(parser_correct, parser_counter),
               "exactmatch": (parser_correct == parser_counter).astype(float),
               "correctcounter": treebank_correct.astype(float),
               "includedtokenscount": treebank_counter.astype(float),
               "sentencelength": gold.sizes.astype(float),
               **{name: values.astype(float) for name, values in trees.items()},
               "id": np.arange(1, count + 1, dtype=float)}
    columns = {name: values[rows] for name, values in columns.items()}
    return GroupTable("Sentence", [str(i + 1) for i in rows.tolist()], columns,
                      ["accuracy", "exactmatch", "sentencelength"], summary=row_summary(columns),
                      counts=set(SENTENCE_ATTRIBUTES) - {"accuracy"})
