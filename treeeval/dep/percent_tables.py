"""MaltEval's tables as the Python API gives them: every rate in percent.

MaltEval computes its rates as fractions and prints them so (``0.773``), and the report's
tables (:class:`~.tables.Table`, as :mod:`.engine` builds them for :mod:`.malteval_render`)
keep those exact numbers, so that the text is MaltEval's byte for byte.  The API shows the
same tables on treeeval's one scale (docs/architecture.md, "One scale"): a column whose
attribute is a rate (:data:`RATES`), in a merged table (``accuracy / Metric:LAS``) and a
cross-validation summary (``Agg. accuracy``) too, holds 100 times MaltEval's value, and so
does its Row mean; counts, truth values (a Sentence's ``isparserprojective`` ...) and other
numbers (``id``, ``sentencelength``) are left as they are.

>>> import numpy as np
>>> from .tables import Table
>>> table = Table("Deprel", ["accuracy / Metric:LAS", "counter / Metric:LAS"], ["nsubj", "obj"],
...               [np.array([0.5, np.nan]), np.array([2.0, 0.0])], [False, True],
...               [(0.5, 1), (1.0, 2)], False, True)
>>> shown = in_percent(table)
>>> [column.tolist() for column in shown.columns], shown.aggregates
([[50.0, nan], [2.0, 0.0]], [(50.0, 1), (1.0, 2)])
>>> table.columns[0].tolist()  # the report's table is not changed
[0.5, nan]
"""

from __future__ import annotations

from dataclasses import replace

from ..arrays import FloatArray
from .tables import Table

#: the attributes that are rates (MaltEval's fractions; percent in the API)
RATES = frozenset({"accuracy", "parseraccuracy", "treebankaccuracy", "precision", "recall",
                   "fscore", "exactmatch"})


def is_rate(header: str) -> bool:
    """Whether a column of a table is a rate, by its attribute: the header without a
    cross-validation summary's ``Agg.`` and a merged table's `` / Metric:LAS``.

    >>> [is_rate(h) for h in ("parseraccuracy", "Agg. fscore / GroupBy:Deprel", "counter")]
    [True, True, False]
    """
    return header.removeprefix("Agg. ").partition(" / ")[0] in RATES


def in_percent(table: Table) -> Table:
    """A copy of ``table`` with every rate (its cells, the rows a cut hid, its Row mean) in
    percent: 100 times MaltEval's fraction."""
    rates = [is_rate(header) for header in table.headers]

    def scaled(columns: list[FloatArray]) -> list[FloatArray]:
        return [100 * column if rate else column.copy() for column, rate in zip(columns, rates)]

    return replace(table, columns=scaled(table.columns),
                   hidden_columns=scaled(table.hidden_columns),
                   aggregates=[(100 * mean, count) if rate else (mean, count)
                               for (mean, count), rate in zip(table.aggregates, rates)])
