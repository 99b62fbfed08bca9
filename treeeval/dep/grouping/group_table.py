"""The table one GroupBy computes (:class:`GroupTable`) and the arithmetic every grouping
shares: ratios that are undefined (NaN) over nothing, per-group counts, Row mean and Row count.

>>> ratio(np.array([1, 0]), np.array([2, 0])).tolist()
[0.5, nan]
>>> row_summary({"accuracy": np.array([1.0, np.nan, 0.0])})
{'accuracy': (0.5, 2)}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ...arrays import AnyArray, BoolArray, FloatArray, IntArray
from ..aggregate import row_mean


@dataclass
class GroupTable:
    """The result of one GroupBy: per-group columns and, for some groupings, a summary.

    ``columns`` maps an attribute to one value per group (NaN where undefined): float64
    rates, int64 or float64 counts;
    ``summary`` maps an attribute to its (Row mean, Row count); without ``aggregated`` the
    table has no Row mean at all, not even for a cross-validation summary (PreAndPost's,
    which MaltEval builds anew after the evaluation).  ``attributes``, when given, are the
    names a format may use although the table has only ``columns`` (Clustering shows its
    one accuracy column whatever the format names); ``warning`` is a line MaltEval prints
    on stdout while it evaluates.
    """

    name: str
    groups: Sequence[str]
    columns: dict[str, AnyArray]
    default: list[str]
    summary: dict[str, tuple[float, int]] = field(default_factory=dict)
    counts: set[str] = field(default_factory=set)
    aggregated: bool = True
    attributes: Sequence[str] = ()
    warning: str = ""


Categories = tuple[IntArray, list[str]]


def ratio(numerator: AnyArray, denominator: AnyArray) -> FloatArray:
    """``numerator / denominator`` (counts or rates, int64 or float64), NaN where the
    denominator is not positive."""
    with np.errstate(divide="ignore", invalid="ignore"):
        defined = denominator > 0
        return np.where(defined, numerator / np.where(defined, denominator, 1), np.nan)


def count(codes: IntArray, keep: BoolArray | None, size: int) -> IntArray:
    return np.bincount(codes if keep is None else codes[keep], minlength=size)


def row_summary(columns: dict[str, FloatArray]) -> dict[str, tuple[float, int]]:
    """MaltEval's Row mean and Row count: the mean and number of the defined values."""
    return {name: row_mean(values) for name, values in columns.items()}

