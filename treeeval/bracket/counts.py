"""Per-sentence bracket counts: one numpy int64 array per column of EVALB's table.

``SentenceCounts`` holds one row per sentence (its ``status`` is EVALB's Stat,
:class:`~treeeval.bracket.totals.EvalbStatus`); :class:`~treeeval.bracket.totals.Totals`
sums them into a summary block.

>>> from treeeval.bracket.totals import EvalbStatus, Totals
>>> rows = SentenceCounts.from_rows([(1, 8, 0, 5, 5, 5, 0, 6, 5), (2, 4, 2, 0, 0, 0, 0, 0, 0)])
>>> (rows.status == EvalbStatus.SKIP).tolist(), Totals.from_sentences(rows).valid
([False, True], 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..arrays import BoolArray, IntArray
from .totals import COLUMNS


@dataclass
class SentenceCounts:
    """Per-sentence numbers, one int64 array per column of EVALB's table."""

    line: IntArray
    length: IntArray
    status: IntArray
    matched: IntArray
    gold: IntArray
    test: IntArray
    crossing: IntArray
    words: IntArray
    correct: IntArray

    @classmethod
    def empty(cls) -> SentenceCounts:
        return cls(*(np.zeros(0, dtype=np.int64) for _ in COLUMNS))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> SentenceCounts:
        table = np.asarray(rows, dtype=np.int64).reshape(len(rows), len(COLUMNS))
        return cls(*(table[:, k].copy() for k in range(len(COLUMNS))))

    def __len__(self) -> int:
        return len(self.line)

    def __add__(self, other: SentenceCounts) -> SentenceCounts:
        return SentenceCounts(*(np.concatenate([getattr(self, c), getattr(other, c)]) for c in COLUMNS))

    def take(self, index: IntArray | BoolArray | slice) -> SentenceCounts:
        return SentenceCounts(*(getattr(self, c)[index] for c in COLUMNS))

    @staticmethod
    def concatenate(parts: Iterable[SentenceCounts]) -> SentenceCounts:
        parts = list(parts)
        if not parts:
            return SentenceCounts.empty()
        return SentenceCounts(*(np.concatenate([getattr(p, c) for p in parts]) for c in COLUMNS))

    def set_row(self, index: int, row: Sequence[int]) -> None:
        """Write one sentence's numbers (a row in ``COLUMNS`` order; its line is kept).

        >>> rows = SentenceCounts.from_rows([(7, 0, 0, 0, 0, 0, 0, 0, 0)])
        >>> rows.set_row(0, (1, 3, 0, 2, 2, 2, 0, 3, 3))
        >>> rows.rows()[0]["line"], rows.length.tolist()
        (7, [3])
        """
        for column, value in zip(COLUMNS[1:], row[1:]):
            getattr(self, column)[index] = value

    def per_line(self) -> SentenceCounts:
        """One row per line: the rows of a line that has several (evalb_spmrl prints a
        valid row with nothing counted before the scored row of a one-word gold sentence
        whose test has another length) summed into its last, as the sentence that paired
        tests and figures compare across systems.

        >>> rows = SentenceCounts.from_rows([(1, 1, 0, 0, 0, 0, 0, 0, 0),
        ...                                  (1, 1, 0, 1, 2, 3, 0, 1, 1), (2, 3, 2, 0, 0, 0, 0, 0, 0)])
        >>> merged = rows.per_line()
        >>> merged.line.tolist(), merged.gold.tolist(), merged.status.tolist()
        ([1, 2], [2, 0], [0, 2])
        """
        if len(self) < 2 or bool((self.line[1:] != self.line[:-1]).all()):
            return self
        last = np.flatnonzero(np.append(self.line[1:] != self.line[:-1], True))
        first = np.concatenate([[0], last[:-1] + 1])
        summed = {c: np.add.reduceat(getattr(self, c), first) for c in COLUMNS[3:]}
        return SentenceCounts(self.line[last], self.length[last], self.status[last],
                              *(summed[c] for c in COLUMNS[3:]))

    def rows(self) -> list[dict[str, int]]:
        return [dict(zip(COLUMNS, map(int, values))) for values in zip(*(getattr(self, c) for c in COLUMNS))]
