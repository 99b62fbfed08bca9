"""MaltEval's Row mean: the defined values of a column summed left to right, one double at a
time, then divided by their number (``computeAggregated``).

numpy's ``sum`` and ``mean`` add pairwise (eight partial sums even for short columns), which
can land on the other side of a rounding tie: eight sentence accuracies summing to 6.3 / 8 give
0.78749999999999998 pairwise and 0.78750000000000009 left to right, printed 0.787 and 0.788.

>>> mean, count = row_mean(np.array([1, 0, 1, 1, 1, 13 / 15, 0.7, np.nan, 11 / 15]))
>>> format(mean, ".17g"), count
('0.78750000000000009', 8)
>>> row_mean(np.array([np.nan]))
(nan, 0)
"""

from __future__ import annotations

import numpy as np

from ..arrays import FloatArray


def row_mean(values: FloatArray) -> tuple[float, int]:
    """The mean of the values that are not NaN, summed in order, and how many there are."""
    defined = np.asarray(values, dtype=float)
    defined = defined[~np.isnan(defined)]
    if not len(defined):
        return float("nan"), 0
    return float(np.cumsum(defined)[-1]) / len(defined), len(defined)
