"""EVALB's summary counts: a sentence's status, the table's columns and a summary block.

EVALB's summary is a sum over sentences, so counts computed on shards of a corpus add up to
the counts of the whole.  ``Totals`` holds one summary block (all sentences, or those of
gold length <= CUTOFF_LEN), summed from a block's per-sentence arrays
(:class:`~treeeval.bracket.counts.SentenceCounts`) or row by row.  This module does not
import numpy: a small run counts its rows without it (:mod:`treeeval.bracket.sequential`).

>>> totals = Totals()
>>> for row in [(1, 8, 0, 5, 5, 5, 0, 6, 5), (2, 4, 2, 0, 0, 0, 0, 0, 0)]:
...     totals.add_row(row)
>>> totals.sentences, totals.skip_sentences, totals.valid, totals.matched
(2, 1, 1, 5)
>>> round(totals.fmeasure(), 2)
100.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from enum import IntEnum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..arrays import BoolArray, IntArray


class CountColumns(Protocol):
    """Per-sentence columns to sum (a :class:`~treeeval.bracket.counts.SentenceCounts`)."""

    status: IntArray
    matched: IntArray
    gold: IntArray
    test: IntArray
    crossing: IntArray
    words: IntArray
    correct: IntArray


class EvalbStatus(IntEnum):
    """EVALB's status of a sentence (its Stat column); ``status`` columns keep their integer
    dtype and compare equal to these.

    >>> EvalbStatus(1).name, EvalbStatus.SKIP == 2
    ('ERROR', True)
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

    >>> import numpy as np
    >>> counted(np.array([0, 1, 2, 3])).tolist()
    [True, False, False, True]
    """
    return (status != EvalbStatus.ERROR) & (status != EvalbStatus.SKIP)


#: the columns of EVALB's per-sentence table, in its order
COLUMNS = ("line", "length", "status", "matched", "gold", "test", "crossing", "words", "correct")



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
    def from_sentences(cls, rows: CountColumns, mask: BoolArray | None = None) -> Totals:
        """Sum the rows (optionally only where ``mask``) as EVALB's individual_result does
        (with the arrays' own methods: this module does not import numpy)."""
        status = rows.status if mask is None else rows.status[mask]

        def pick(column: IntArray) -> IntArray:
            return column if mask is None else column[mask]

        valid = counted(status)
        gold, test, matched = pick(rows.gold)[valid], pick(rows.test)[valid], pick(rows.matched)[valid]
        crossing = pick(rows.crossing)[valid]
        return cls(
            sentences=int(status.size),
            error_sentences=int((status == EvalbStatus.ERROR).sum()),
            skip_sentences=int((status == EvalbStatus.SKIP).sum()),
            gold=int(gold.sum()),
            test=int(test.sum()),
            matched=int(matched.sum()),
            complete=int(((gold == test) & (test == matched)).sum()),
            words=int(pick(rows.words)[valid].sum()),
            correct=int(pick(rows.correct)[valid].sum()),
            crossing=int(crossing.sum()),
            no_crossing=int((crossing == 0).sum()),
            le2_crossing=int((crossing <= 2).sum()),
            unparsed_sentences=int((status == EvalbStatus.UNPARSED).sum()),
        )

    def add_row(self, row: Sequence[int]) -> None:
        """Count one sentence's row (in ``COLUMNS`` order) in place, as
        :meth:`from_sentences` counts it: the sequential path's sum, without numpy.

        >>> totals = Totals()
        >>> totals.add_row((1, 8, 0, 5, 5, 6, 1, 6, 5)); totals.add_row((2, 4, 1, 0, 0, 0, 0, 0, 0))
        >>> totals.sentences, totals.error_sentences, totals.matched, totals.complete, totals.le2_crossing
        (2, 1, 5, 0, 1)
        """
        _, _, status, matched, gold, test, crossing, words, correct = row
        self.sentences += 1
        if status == EvalbStatus.ERROR:
            self.error_sentences += 1
            return
        if status == EvalbStatus.SKIP:
            self.skip_sentences += 1
            return
        self.unparsed_sentences += status == EvalbStatus.UNPARSED
        self.gold += gold
        self.test += test
        self.matched += matched
        self.complete += gold == test == matched
        self.words += words
        self.correct += correct
        self.crossing += crossing
        self.no_crossing += crossing == 0
        self.le2_crossing += crossing <= 2

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
