"""Each sentence's recall, precision, F1 and tagging accuracy from its EVALB counts, as
every treeeval view shows them (the browser, ``--per-sentence``, the figures' rankings and
the HTML report): undefined (NaN) where there is nothing to count, and for an Error or Skip
sentence, which EVALB does not score (:mod:`treeeval.stats.rates`).

>>> from treeeval.bracket.counts import SentenceCounts
>>> rows = SentenceCounts.from_rows([(1, 4, 0, 2, 4, 3, 0, 4, 4), (2, 1, 1, 0, 0, 0, 0, 1, 0),
...                                  (3, 2, 0, 0, 0, 0, 0, 2, 2)])
>>> rates = sentence_rates(rows)
>>> [rates[key].round(2).tolist() for key in RATES]
[[50.0, nan, nan], [66.67, nan, nan], [57.14, nan, nan], [100.0, nan, 100.0]]
"""

from __future__ import annotations

import numpy as np

from ..arrays import FloatArray
from ..stats.rates import percent, precision_recall_f1
from .counts import SentenceCounts
from .totals import EvalbStatus

#: the rates of a sentence, by their ``--per-sentence`` keys
RATES = ("recall", "precision", "f1", "tag_accuracy")


def sentence_rates(rows: SentenceCounts) -> dict[str, FloatArray]:
    """The rates of every sentence of ``rows`` at once (NaN where undefined)."""
    precision, recall, f1 = precision_recall_f1(rows.matched, rows.test, rows.matched, rows.gold)
    scored = rows.status == EvalbStatus.SCORED
    rates = {"recall": recall, "precision": precision, "f1": f1,
             "tag_accuracy": percent(rows.correct, rows.words)}
    return {key: np.where(scored, value, np.nan) for key, value in rates.items()}
