"""One EVALB summary figure as per-sentence counts, for the significance tests (``--stat``).

>>> rows = SentenceCounts.from_rows([(1, 4, 0, 3, 4, 5, 0, 4, 4), (2, 3, 0, 2, 2, 2, 0, 3, 2)])
>>> round(bracket_scores(rows, "fmeasure").score(), 2), bracket_scores(rows, "recall").score()
(76.92, 83.33333333333334)
"""

from __future__ import annotations

import numpy as np

from ..arrays import IntArray
from ..errors import UsageError
from ..stats.scores import SentenceScores
from .counts import SentenceCounts
from .totals import EvalbStatus

#: the EVALB summary figures a significance test can compare, by their ``Totals`` name
BRACKET_MEASURES = ("recall", "precision", "fmeasure", "complete_match", "average_crossing",
                    "no_crossing_rate", "le2_crossing_rate", "tagging_accuracy")


def bracket_scores(rows: SentenceCounts, measure: str) -> SentenceScores:
    """One EVALB summary figure as per-sentence counts; error and skipped sentences count 0.

    The corpus-level score equals the figure of ``Totals.from_sentences(rows)``, except the
    F-measure of a corpus without any bracket, 0 here and NaN (``-nan``) in EVALB.  Pass
    ``rows.take(rows.length <= 40)`` for the ``len<=40`` block.

    >>> rows = SentenceCounts.from_rows([(1, 5, 0, 4, 5, 6, 3, 5, 5), (2, 4, 1, 0, 0, 0, 0, 0, 0)])
    >>> bracket_scores(rows, "average_crossing").score(), bracket_scores(rows, "precision").score()
    (3.0, 66.66666666666666)
    """
    valid = rows.status == EvalbStatus.SCORED

    def column(values: IntArray) -> IntArray:
        return np.where(valid, values, 0)

    matched, gold, test = column(rows.matched), column(rows.gold), column(rows.test)
    crossing = column(rows.crossing)
    if measure == "fmeasure":
        return SentenceScores.f1(matched, gold, test)
    simple = {"recall": (matched, gold), "precision": (matched, test),
              "tagging_accuracy": (column(rows.correct), column(rows.words)),
              "complete_match": ((gold == test) & (test == matched) & valid, valid),
              "no_crossing_rate": ((crossing == 0) & valid, valid),
              "le2_crossing_rate": ((crossing <= 2) & valid, valid)}
    if measure in simple:
        return SentenceScores.ratio(*simple[measure])
    if measure == "average_crossing":
        return SentenceScores.ratio(crossing, valid, scale=1.0)
    raise UsageError(f"no significance test for {measure!r} "
                     f"(choose from {', '.join(BRACKET_MEASURES)})")
