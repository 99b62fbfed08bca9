"""Multiple-comparison corrections: several significance tests at once, one error rate.

When a baseline is compared with k other systems on one metric, k tests run at once, and the
chance that at least one of them comes out "significant" by accident grows with k.  A
correction adjusts the p-values so that the whole family of tests keeps the level asked for
(the family-wise error rate: the chance of any false positive among the k):

* ``holm``: Holm (1979), the Holm–Bonferroni step-down method.  Sort the m p-values; the
  i-th smallest (from 1) is multiplied by m - i + 1, the products are made non-decreasing
  (each is at least the one before it) and capped at 1.  It holds under any dependence
  between the tests, and never finds fewer differences than Bonferroni.
* ``bonferroni``: every p-value times m, capped at 1.

An adjusted p-value is compared with the level (0.05) as a plain one is.

>>> adjust([0.01, 0.04, 0.03], "holm").round(4).tolist()
[0.03, 0.06, 0.06]
>>> adjust([0.01, 0.04, 0.03], "bonferroni").round(4).tolist()
[0.03, 0.12, 0.09]
>>> CORRECTIONS["holm"]
'Holm–Bonferroni'
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from ..arrays import FloatArray
from ..errors import UsageError


def holm(p_values: ArrayLike) -> FloatArray:
    """Holm's step-down adjusted p-values, in the order given.

    >>> holm([0.5]).tolist()
    [0.5]
    >>> holm([0.02, 0.02]).tolist()
    [0.04, 0.04]
    """
    p = _p_values(p_values)
    order = np.argsort(p, kind="stable")
    scaled = p[order] * (p.size - np.arange(p.size))
    adjusted = np.empty_like(p)
    adjusted[order] = np.minimum(np.maximum.accumulate(scaled), 1.0)
    return adjusted


def bonferroni(p_values: ArrayLike) -> FloatArray:
    """Bonferroni's adjusted p-values: each times their number, capped at 1.

    >>> bonferroni([0.2, 0.6]).tolist()
    [0.4, 1.0]
    """
    p = _p_values(p_values)
    return np.minimum(p * p.size, 1.0)


#: the corrections by name, with the name a report gives them
CORRECTIONS = {"holm": "Holm–Bonferroni", "bonferroni": "Bonferroni"}
#: the correction every command applies to a family of several tests (a metric's tests
#: against the baseline, or of every pair of systems)
DEFAULT_CORRECTION = "holm"
_FUNCTIONS: dict[str, Callable[[ArrayLike], FloatArray]] = {"holm": holm,
                                                             "bonferroni": bonferroni}


def adjust(p_values: ArrayLike, method: str) -> FloatArray:
    """The p-values of one family of tests adjusted by the correction ``method``.

    >>> adjust([], "holm").tolist()
    []
    >>> adjust([0.1], "sidak")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: unknown correction 'sidak' (choose from holm, bonferroni)
    """
    if method not in _FUNCTIONS:
        raise UsageError(f"unknown correction {method!r} (choose from {', '.join(CORRECTIONS)})")
    return _FUNCTIONS[method](p_values)


def _p_values(values: ArrayLike) -> FloatArray:
    p = np.asarray(values, dtype=np.float64).reshape(-1)
    if not np.all((p >= 0) & (p <= 1)):  # NaN fails both comparisons
        raise ValueError(f"p-values must lie in [0, 1], got {p.tolist()}")
    return p
