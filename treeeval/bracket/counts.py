"""Additive bracket-scoring counts: per-sentence arrays and the two summary blocks.

EVALB's summary is a sum over sentences, so counts computed on shards of a corpus add up to
the counts of the whole.  ``SentenceCounts`` holds one row per sentence (numpy int64 columns;
its ``status`` is EVALB's Stat, :class:`EvalbStatus`); ``Totals`` holds one summary block
(all sentences, or those of gold length <= CUTOFF_LEN).

>>> rows = SentenceCounts.from_rows([(1, 8, 0, 5, 5, 5, 0, 6, 5), (2, 4, 2, 0, 0, 0, 0, 0, 0)])
>>> totals = Totals.from_sentences(rows)
>>> totals.sentences, totals.skip_sentences, totals.valid, totals.matched
(2, 1, 1, 5)
>>> round(totals.fmeasure(), 2)
100.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from enum import IntEnum

import numpy as np

from ..arrays import BoolArray, IntArray


class EvalbStatus(IntEnum):
    """EVALB's status of a sentence (its Stat column); ``status`` columns keep their integer
    dtype and compare equal to these.

    >>> rows = SentenceCounts.from_rows([(1, 8, 0, 5, 5, 5, 0, 6, 5), (2, 4, 2, 0, 0, 0, 0, 0, 0)])
    >>> (rows.status == EvalbStatus.SKIP).tolist(), EvalbStatus(1).name
    ([False, True], 'ERROR')
    """

    #: scored: the sentence's numbers count in the totals
    SCORED = 0
    #: an Error (reading, length or words): counted as an error sentence, numbers zero
    ERROR = 1
    #: the test line has no word left: counted as a skipped sentence, numbers zero
    SKIP = 2
    #: evalb_spmrl's ``-X``: the test line has no word, an unparsed sentence counted as
    #: valid, its gold brackets and words counted (never EVALB's)
    UNPARSED = 3


def counted(status: IntArray) -> BoolArray:
    """The sentences whose numbers count in the totals (valid ones): neither Error nor
    Skip (evalb_spmrl's unparsed sentences count).

    >>> counted(np.array([0, 1, 2, 3])).tolist()
    [True, False, False, True]
    """
    return (status != EvalbStatus.ERROR) & (status != EvalbStatus.SKIP)


#: the columns of EVALB's per-sentence table, in its order
COLUMNS = ("line", "length", "status", "matched", "gold", "test", "crossing", "words", "correct")


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


@dataclass
class Totals:
    """One summary block of EVALB (``-- All --`` or ``-- len<=N --``)."""

    sentences: int = 0
    error_sentences: int = 0
    skip_sentences: int = 0
    gold: int = 0
    test: int = 0
    matched: int = 0
    complete: int = 0
    words: int = 0
    correct: int = 0
    crossing: int = 0
    no_crossing: int = 0
    le2_crossing: int = 0
    #: evalb_spmrl's ``-X`` sentences (status 3, among the valid ones)
    unparsed_sentences: int = 0

    @classmethod
    def from_sentences(cls, rows: SentenceCounts, mask: BoolArray | None = None) -> Totals:
        """Sum the rows (optionally only where ``mask``) as EVALB's individual_result does."""
        status = rows.status if mask is None else rows.status[mask]

        def pick(column: IntArray) -> IntArray:
            return column if mask is None else column[mask]

        valid = counted(status)
        gold, test, matched = pick(rows.gold)[valid], pick(rows.test)[valid], pick(rows.matched)[valid]
        crossing = pick(rows.crossing)[valid]
        return cls(
            sentences=int(status.size),
            error_sentences=int(np.count_nonzero(status == EvalbStatus.ERROR)),
            skip_sentences=int(np.count_nonzero(status == EvalbStatus.SKIP)),
            gold=int(gold.sum()),
            test=int(test.sum()),
            matched=int(matched.sum()),
            complete=int(np.count_nonzero((gold == test) & (test == matched))),
            words=int(pick(rows.words)[valid].sum()),
            correct=int(pick(rows.correct)[valid].sum()),
            crossing=int(crossing.sum()),
            no_crossing=int(np.count_nonzero(crossing == 0)),
            le2_crossing=int(np.count_nonzero(crossing <= 2)),
            unparsed_sentences=int(np.count_nonzero(status == EvalbStatus.UNPARSED)),
        )

    def __add__(self, other: Totals) -> Totals:
        return Totals(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    @property
    def valid(self) -> int:
        return self.sentences - self.error_sentences - self.skip_sentences

    def recall(self) -> float:
        return 100.0 * self.matched / self.gold if self.gold > 0 else 0.0

    def precision(self) -> float:
        return 100.0 * self.matched / self.test if self.test > 0 else 0.0

    def fmeasure(self) -> float:
        """2PR/(P+R) on the unrounded percentages; NaN when both are 0 (EVALB prints -nan)."""
        p, r = self.precision(), self.recall()
        return 2 * p * r / (p + r) if p + r else math.nan

    def complete_match(self) -> float:
        return 100.0 * self.complete / self.valid if self.valid > 0 else 0.0

    def average_crossing(self) -> float:
        return 1.0 * self.crossing / self.valid if self.valid > 0 else 0.0

    def no_crossing_rate(self) -> float:
        return 100.0 * self.no_crossing / self.valid if self.valid > 0 else 0.0

    def le2_crossing_rate(self) -> float:
        return 100.0 * self.le2_crossing / self.valid if self.valid > 0 else 0.0

    def tagging_accuracy(self) -> float:
        return 100.0 * self.correct / self.words if self.words > 0 else 0.0

    def to_dict(self) -> dict[str, object]:
        """All counts and the derived figures (NaN F-measure becomes None);
        ``unparsed_sentences`` only when there are some (evalb_spmrl's -X).

        >>> "unparsed_sentences" in Totals().to_dict(), Totals(unparsed_sentences=2).to_dict()["unparsed_sentences"]
        (False, 2)
        """
        f = self.fmeasure()
        counts = asdict(self)
        if not self.unparsed_sentences:
            del counts["unparsed_sentences"]
        return {
            **counts,
            "valid_sentences": self.valid,
            "recall": self.recall(),
            "precision": self.precision(),
            "fmeasure": None if math.isnan(f) else f,
            "complete_match": self.complete_match(),
            "average_crossing": self.average_crossing(),
            "no_crossing_rate": self.no_crossing_rate(),
            "le2_crossing_rate": self.le2_crossing_rate(),
            "tagging_accuracy": self.tagging_accuracy(),
        }
