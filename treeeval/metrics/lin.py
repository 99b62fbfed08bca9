"""``Lin``: Lin's (1995) error count, fed sentence by sentence.

>>> metric = Lin(heads="collins")
>>> metric.update("(S (NP (PRP I)) (VP (VBD saw) (NP (NN man)) (PP (IN with) (NP (NN hats)))))",
...               "(S (NP (PRP I)) (VP (VBD saw) (NP (NP (NN man)) (PP (IN with) (NP (NN hats))))))")
>>> metric.update(["(S (NP (PRP It)) (VP (VBD stopped)))"], ["(S (NP (PRP It)) (VP (VBD stopped)))"])
>>> result = metric.compute()
>>> result.total_errors, result.total_scored, result.errors.tolist(), result.hits.tolist()
(1, 7, [1, 0], [True, True, True, False, True, True, True])
>>> result.phrase_total
PhraseScores(matched=9, key=9, answer=10, crossing=0)
>>> metric.state()["misses"]  # "with" (the 4th scored word) has the wrong head
[3]
>>> metric.signature  # doctest: +ELLIPSIS
'cmd:lin|heads:collins.heads#...|ops:none|version:...'

The result is the one ``treeeval.lin.api.evaluate_lin`` gives for the two files these
sentences make (its ``answers[0]``): the per-sentence words, scored words and errors,
McNemar's per-word outcomes (``hits``) and, for trees, section 2's phrase scores; ``treeeval
lin GOLD ANSWER`` prints its numbers.  Trees (``heads`` a head table: bundled name or file)
are converted as the command converts them; with ``heads=None`` the sentences are dependency
analyses (CoNLL-U text, ``conllu.TokenList``, (form, head, deprel) rows), whose heads are
scored as they are.  ``ops`` (a bundled name or a file) applies Lin's modify operations to
both sides, as ``--ops``.  Every sentence needs an analysis on both sides, with as many words:
a sentence without one is an :class:`~treeeval.errors.InputError`, as a file short of a
sentence is for the command.

The state is whole numbers: per sentence its words, scored words and errors (and for trees
the phrase boundaries matched, in the key and in the answer, and the crossing ones), and the
positions of the wrong words among all the scored words.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..conversion import ConversionError
from ..errors import InputError
from ..formats.brackets import read_trees
from ..formats.conll import read_conll
from ..formats.headrules import DEFAULT_HEADS, load_heads
from ..lin.api import LinInput, ScoredAnswer, SentenceError, score_answer, tree_input
from ..lin.ops import modify, read_ops
from ..lin.score import PhraseScores
from ..lin.settings import signature_items
from ..model.dependencies import DependencySentence
from ..policy import signature
from .base import StreamingMetric
from .located import located

#: a sentence's counts, and those of its phrases (trees only)
WORD_COLUMNS = ("words", "scored", "errors")
PHRASE_COLUMNS = ("matched", "key", "answer", "crossing")


class Lin(StreamingMetric[ScoredAnswer]):
    """Lin's error count of the predicted analyses against the gold ones: trees converted
    with ``heads`` (None: dependency analyses), after the modify operations of ``ops``."""

    def __init__(self, heads: str | os.PathLike[str] | None = DEFAULT_HEADS,
                 ops: str | os.PathLike[str] | None = None) -> None:
        self.heads, self.ops = heads, ops
        self.kind = "dependencies" if heads is None else "brackets"
        self._table = None if heads is None else load_heads(heads)
        self._operations = read_ops(ops) if ops else []
        self._columns = WORD_COLUMNS + (PHRASE_COLUMNS if heads is not None else ())
        self._signature = signature.build("lin", signature_items(heads, ops))
        super().__init__()

    @property
    def signature(self) -> str:
        return self._signature

    def _start(self) -> None:
        #: per batch scored, one row per sentence (self._columns)
        self._rows: list[np.ndarray] = []
        #: per batch, the positions of its wrong words among all the scored words
        self._misses: list[np.ndarray] = []
        self._scored = 0

    def _score(self, gold: list[bytes], predicted: list[bytes], first: int,
               updates: list[int]) -> None:  # no rule of theirs holds update by update
        key, answer = self._read(gold, "gold", first), self._read(predicted, "predicted", first)
        keys = [modify(self._operations, sentence) for sentence in key.sentences]
        try:
            scored = score_answer(key, keys, answer, self._operations, "gold", "predicted")
        except SentenceError as exc:
            raise InputError(exc.problem, path=exc.path, sentence=first + exc.number - 1) from None
        columns = [scored.words, scored.scored, scored.errors]
        if scored.phrases is not None:
            columns += [np.array([[phrase.matched, phrase.key, phrase.answer, phrase.crossing]
                                  for phrase in scored.phrases], dtype=np.int64).reshape(-1, 4).T]
        self._add(np.vstack(columns).T, np.flatnonzero(~scored.hits))

    def _add(self, rows: np.ndarray, misses: np.ndarray) -> None:
        """Append sentences' rows and the positions of their wrong words (counted from
        their first scored word)."""
        self._rows.append(rows)
        self._misses.append(misses + self._scored)
        self._scored += int(rows[:, 1].sum())

    def _read(self, lines: list[bytes], side: str, first: int) -> LinInput:
        """One side's sentences (each one's lines in the file format)."""
        block = b"".join(lines)
        if self._table is None:
            return LinInput(self._dependencies(block, lines, side, first))
        blank = next((index for index, line in enumerate(lines) if not line.strip()), None)
        if blank is not None:
            raise InputError("no tree: Lin's error count needs an analysis of every sentence on "
                             "both sides", path=side, sentence=first + blank)
        try:
            return tree_input(list(read_trees(io.BytesIO(block), multiline=False)), self._table)
        except ConversionError as exc:
            raise InputError(exc.reason, path=side, sentence=first + exc.sentence - 1) from None
        except InputError as exc:
            raise located(exc, side, first, lines) from None

    @staticmethod
    def _dependencies(block: bytes, lines: list[bytes], side: str,
                      first: int) -> list[DependencySentence]:
        """The dependency sentences of CoNLL lines, one per sentence given (each sentence
        read is placed by the line of its first word)."""
        try:
            sentences = list(read_conll(io.BytesIO(block)))
        except InputError as exc:
            raise located(exc, side, first, lines) from None
        ends = np.cumsum([sentence.count(b"\n") for sentence in lines])
        held = np.searchsorted(ends, [sentence.line for sentence in sentences])
        expected = np.arange(len(lines))
        if len(held) == len(lines) and np.array_equal(held, expected):
            return sentences
        count = min(len(held), len(lines))
        differ = np.flatnonzero(held[:count] != expected[:count])
        place = int(differ[0]) if differ.size else count
        if place < len(held) and (place >= len(lines) or held[place] < place):
            raise InputError("holds more than one sentence (a blank line among its words)",
                             path=side, sentence=first + int(held[place]))
        raise InputError("has no word (comment or blank lines only)", path=side,
                         sentence=first + place)

    def _all_rows(self) -> np.ndarray:
        """Every sentence's row (self._columns), in order."""
        return (np.concatenate(self._rows) if self._rows else
                np.zeros((0, len(self._columns)), dtype=np.int64))

    def _result(self) -> ScoredAnswer:
        rows = self._all_rows()
        hits = np.ones(self._scored, dtype=bool)
        hits[np.concatenate(self._misses) if self._misses else []] = False
        phrases = ([PhraseScores(*row) for row in rows[:, 3:].tolist()]
                   if self._table is not None and len(rows) else None)
        return ScoredAnswer(rows[:, 0], rows[:, 1], rows[:, 2], phrases, hits)

    def _counts(self) -> dict[str, Any]:
        rows = self._all_rows()
        misses = np.concatenate(self._misses) if self._misses else np.zeros(0, dtype=np.int64)
        return {"rows": {column: rows[:, index].tolist()
                         for index, column in enumerate(self._columns)},
                "misses": misses.tolist()}

    def _add_counts(self, state: Mapping[str, Any], offset: int) -> None:
        rows = np.array([state["rows"][column] for column in self._columns],
                        dtype=np.int64).reshape(len(self._columns), -1).T
        self._add(rows, np.array(state["misses"], dtype=np.int64))
