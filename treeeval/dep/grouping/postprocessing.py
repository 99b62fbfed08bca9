"""MaltEval 1.0's groupings that post-process a table of one row per token: PreAndPost,
Clustering and Clustering2 (not in the user guide).

>>> tb = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
>>> print(postprocess("PreAndPost", ["counter"], np.array([True, False]), tb, None, None).warning)
Warning: attribute "accuracy" should be specified.
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...arrays import BoolArray
from ...errors import InputError
from ...model.dependencies import DependencySentence  # noqa: F401 (its doctests build sentences)
from ...model.treebank import Treebank
from .group_table import GroupTable

#: MaltEval 1.0's groupings that post-process a table of one row per token (its
#: SentenceAndToken grouping, keyed by sentence and position): a format names the attributes
#: of that table, and the first one decides which tokens are right (its value is 1)
POSTPROCESSED = ("PreAndPost", "Clustering", "Clustering2")
#: the attributes of the per-token table a post-processing grouping reads
TOKEN_TABLE_ATTRIBUTES = ("accuracy", "counter", "correctcounter")


def token_table_right(attributes: Sequence[str], hits: BoolArray,
                      gold_keep: BoolArray | None, parsed_keep: BoolArray | None
                      ) -> tuple[BoolArray, BoolArray]:
    """The tokens MaltEval's post-processing groupings list (left in on either side) and
    which of them are right: those whose value in the first attribute the format names
    (``all``: accuracy, counter, correctcounter) is 1.  ``accuracy`` is the parsed side's
    hit, ``counter`` says the token is left in on the gold side (so every such token is
    right), ``correctcounter`` the gold side's hit.

    >>> hits, gold_keep, parsed_keep = (np.array([True, False, True]),
    ...                                 np.array([True, True, False]), np.array([True, True, True]))
    >>> [token_table_right(a, hits, gold_keep, parsed_keep)[1].tolist()
    ...  for a in (["accuracy"], ["counter", "accuracy"], ["correctcounter"], ["all"])]
    [[True, False, True], [True, True, False], [True, False, False], [True, False, True]]
    """
    every = np.ones(len(hits), bool)
    gold_keep = every if gold_keep is None else gold_keep
    parsed_keep = every if parsed_keep is None else parsed_keep
    first = "accuracy" if not attributes or "all" in attributes else attributes[0]
    right = {"counter": gold_keep, "correctcounter": hits & gold_keep}.get(
        first, hits & parsed_keep)
    return gold_keep | parsed_keep, right


def postprocess(name: str, attributes: Sequence[str], hits: BoolArray, gold: Treebank,
                 gold_keep: BoolArray | None, parsed_keep: BoolArray | None) -> GroupTable:
    """The table of PreAndPost, Clustering or Clustering2 (``name``) for a format naming
    ``attributes``: they accept the per-token table's attributes; without ``accuracy``
    PreAndPost and Clustering2 warn (MaltEval prints the warning on stdout)."""
    listed, right = token_table_right(attributes, hits, gold_keep, parsed_keep)
    table = {"PreAndPost": _pre_and_post, "Clustering": _clustering,
             "Clustering2": _clustering2}[name](listed, right, gold)
    named = list(TOKEN_TABLE_ATTRIBUTES) if not attributes or "all" in attributes else attributes
    if name != "Clustering" and "accuracy" not in named:
        table.warning = 'Warning: attribute "accuracy" should be specified.\n'
    return table


def _pre_and_post(listed: BoolArray, right: BoolArray, gold: Treebank) -> GroupTable:
    """MaltEval 1.0's PreAndPost (not in the guide): the ``listed`` tokens, in file order; in
    each sentence those up to and including the first wrong one (not ``right``) are
    ``First``, the others ``Follow``.  The table's rows are First and Follow, under the
    heading ``Type``.

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b", "c"], ["X"] * 3, [0, 1, 1],
    ...                                                  ["r", "d", "d"])])
    >>> table = _pre_and_post(np.ones(3, bool), np.array([True, False, True]), tb)
    >>> table.groups, {k: v.tolist() for k, v in table.columns.items()}
    (['First', 'Follow'], {'accuracy': [0.5, 1.0], 'counter': [2, 1], 'correctcounter': [1, 1]})
    """
    wrong = (listed & ~right).astype(np.int64)
    before = np.cumsum(wrong) - wrong  # wrong tokens before each token in the file...
    follow = before - (before[gold.starts] if len(before) else before) > 0  # ...in its sentence
    counter = np.array([np.sum(listed & ~follow), np.sum(listed & follow)])
    correct = np.array([np.sum(right & listed & ~follow), np.sum(right & listed & follow)])
    with np.errstate(invalid="ignore", divide="ignore"):
        accuracy = correct / counter
    return GroupTable("Type", ["First", "Follow"],
                      {"accuracy": accuracy, "counter": counter, "correctcounter": correct},
                      ["accuracy"], counts={"counter", "correctcounter"}, aggregated=False)


def _clustering(listed: BoolArray, right: BoolArray, gold: Treebank) -> GroupTable:
    """MaltEval 1.0's Clustering (not in the guide): for each offset d from -10 to 10, how
    often the token d places away (among the ``listed`` tokens, in the same sentence) of a
    ``right`` token is right too, as a float ratio (MaltEval divides floats); ``-`` where
    there is no such token.

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b", "c"], ["X"] * 3, [0, 1, 1],
    ...                                                  ["r", "d", "d"])])
    >>> table = _clustering(np.ones(3, bool), np.array([True, False, True]), tb)
    >>> [(g, v) for g, v in zip(table.groups, table.columns["accuracy"].tolist()) if v == v]
    [('-2', 1.0), ('-1', 0.0), ('1', 0.0), ('2', 1.0)]
    """
    tokens = np.flatnonzero(listed)
    right = right[tokens]
    sentence = gold.sentence[tokens]
    offsets = range(-10, 11)
    ratios = []
    for offset in offsets:  # 21 vectorised passes; offset 0 has no pairs
        here = np.arange(max(0, -offset), len(tokens) - max(0, offset))
        there = here + offset
        pairs = right[here] & (sentence[here] == sentence[there]) & (offset != 0)
        with np.errstate(invalid="ignore", divide="ignore"):
            ratios.append(float(np.float32(np.sum(pairs & right[there]))
                                / np.float32(np.sum(pairs))))
    return GroupTable("Relative token position", [str(offset) for offset in offsets],
                      {"accuracy": np.array(ratios)}, ["accuracy"], aggregated=False,
                      attributes=TOKEN_TABLE_ATTRIBUTES)


def _clustering2(listed: BoolArray, right: BoolArray, gold: Treebank) -> GroupTable:
    """MaltEval 1.0's Clustering2 (not in the guide): the distances from one right token to
    the next in a sentence.  Going through the ``listed`` tokens, each token is k places after
    its anchor (the last right token before it in its sentence, else the place before the
    sentence's first token; the file's first token is only an anchor): it counts for k, and
    for k's right ones if it is right.  Rows: the distances that occur.  With no token left
    in, an error (MaltEval aborts).

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b", "c"], ["X"] * 3, [0, 1, 1],
    ...                                                  ["r", "d", "d"])] * 2)
    >>> table = _clustering2(np.ones(6, bool), np.array([True, False, True, False, True, True]),
    ...                      tb)
    >>> table.groups, {k: v.tolist() for k, v in table.columns.items()}
    (['1', '2'], {'accuracy': [0.3333333333333333, 1.0], 'counter': [3, 2], 'correctcounter': [1, 2]})
    """
    tokens = np.flatnonzero(listed)
    if not len(tokens):  # MaltEval aborts too (an array index out of range)
        raise InputError("GroupBy Clustering2 needs at least one token left in")
    right = right[tokens]
    sentence = gold.sentence[tokens]
    rows = np.arange(len(tokens))
    starts = np.searchsorted(sentence, sentence)  # each row's sentence's first row
    anchors = np.where(right | (rows == 0), rows, -1)
    before = np.maximum.accumulate(np.concatenate([[-1], anchors]))[:-1]
    distance = (rows - np.maximum(before, starts - 1))[1:]
    total = np.bincount(distance, minlength=1)
    correct = np.bincount(distance, weights=right[1:], minlength=len(total)).astype(np.int64)
    keys = np.flatnonzero(total)
    with np.errstate(invalid="ignore", divide="ignore"):
        accuracy = correct[keys] / total[keys]
    return GroupTable("Relative token position", [str(k) for k in keys.tolist()],
                      {"accuracy": accuracy, "counter": total[keys],
                       "correctcounter": correct[keys]}, ["accuracy"],
                      counts={"counter", "correctcounter"}, aggregated=False)
