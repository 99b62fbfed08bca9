"""The one definition of a rate over counts, and of an undefined rate: a ratio over nothing
is NaN (null in data, ``—`` on screen), and is left out of means and rankings
(docs/architecture.md, "Undefined values").  Every per-sentence and per-label rate of the
tables, figures, HTML report, browser, ``--per-label`` and ``--per-sentence`` is computed
here, and every writer of treeeval's own outputs spells an undefined value with
:func:`plain` (data) or :func:`shown` and :data:`UNDEFINED` (screen).

>>> percent(np.array([1, 0]), np.array([4, 0])).tolist()
[25.0, nan]
>>> [x.round(2).tolist() for x in precision_recall_f1(
...     np.array([1, 0, 0]), np.array([2, 3, 0]), np.array([1, 0, 0]), np.array([1, 0, 0]))]
[[50.0, 0.0, nan], [100.0, nan, nan], [66.67, 0.0, nan]]
>>> shown(float("nan")), shown(66.666), plain(float("nan")), plain(50.0)
('—', '66.67', None, 50.0)
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from ..arrays import FloatArray

#: how an undefined rate is shown
UNDEFINED = "—"


def percent(part: ArrayLike, whole: ArrayLike) -> FloatArray:
    """100 * part / whole, NaN where ``whole`` is 0."""
    part, whole = np.asarray(part, dtype=float), np.asarray(whole, dtype=float)
    out = np.full(part.shape, np.nan)
    np.divide(100.0 * part, whole, out=out, where=whole > 0)
    return out


def precision_recall_f1(test_right: ArrayLike, test: ArrayLike, gold_right: ArrayLike,
                        gold: ArrayLike) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Precision, recall and F1 in percent from counts.  Precision is NaN without a test
    item, recall without a gold item; F1 is 2PR/(P+R) on the unrounded percentages (as EVALB
    computes it) with an undefined precision or recall counted 0 (everything on the other
    side is missed), 0 where both are 0, and NaN only where there is nothing on either
    side."""
    precision, recall = percent(test_right, test), percent(gold_right, gold)
    p, r = np.nan_to_num(precision), np.nan_to_num(recall)
    both = p + r
    f1 = np.where(np.asarray(test) + np.asarray(gold) > 0, 0.0, np.nan)
    np.divide(2 * p * r, both, out=f1, where=both > 0)
    return precision, recall, f1


def plain(value: float) -> float | None:
    """A rate as data: None where it is undefined."""
    return None if math.isnan(value) else float(value)


def shown(value: float, decimals: int = 2) -> str:
    """A rate on screen: ``—`` where it is undefined."""
    return UNDEFINED if math.isnan(value) else f"{value:.{decimals}f}"
