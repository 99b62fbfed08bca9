"""The comparison table as CSV for programs: one header row, then one row per system and
metric (a long table: ``pandas.read_csv(...).pivot(index="system", columns="metric",
values="value")`` gives the grid back), with every number at full precision and the test
against the baseline in columns of its own, and last why a system is incomplete and why it
has no test.  Empty fields are values that do not apply.  The first column is named by what
the rows are (``system``; ``treebank``, ``label``); ``metric`` is the metric's stable key
(what ``--metrics`` names, ``fmeasure``), ``header`` its head in the table (``F1``).

>>> from treeeval.tables.model import ComparisonTable, Metric, Significance, SystemRow
>>> rows = (SystemRow("base", (86.0,), baseline=True),
...         SystemRow("ours", (87.25,), (Significance("bootstrap", 0.004, (0.5, 2.0),
...                                                   resamples=999, seed=1),)))
>>> for line in render_csv(ComparisonTable("Dev", "dep", (Metric("LAS"),), rows)).splitlines():
...     print(line)
system,baseline,metric,header,unit,higher_is_better,value,best,test,p_value,p_adjusted,\
significant,ci_low,ci_high,confidence,resamples,seed,incomplete,untested
base,true,LAS,LAS,percent,true,86.0,false,,,,,,,,,,,
ours,false,LAS,LAS,percent,true,87.25,true,bootstrap,0.004,,true,0.5,2.0,0.95,999,1,,
"""

from __future__ import annotations

import csv
import io

from .cells import test_fields
from .model import ComparisonTable

#: the columns, in order (the first one named by the table's ``row_label``)
COLUMNS = ("system", "baseline", "metric", "header", "unit", "higher_is_better", "value",
           "best", "test", "p_value", "p_adjusted", "significant", "ci_low", "ci_high",
           "confidence", "resamples", "seed", "incomplete", "untested")
_TESTED = COLUMNS[COLUMNS.index("test"):COLUMNS.index("seed") + 1]


def render_csv(table: ComparisonTable) -> str:
    """The table as CSV (see the module)."""
    text = io.StringIO()
    writer = csv.writer(text)  # lines end in CRLF (RFC 4180), so a CR in a name is quoted
    writer.writerow((table.row_label, *COLUMNS[1:]))
    writer.writerows([_field(value) for value in _record(table, row, column)]
                     for row in range(len(table.rows)) for column in range(len(table.metrics)))
    return text.getvalue()


def _record(table: ComparisonTable, row: int, column: int) -> list[object]:
    system, metric = table.rows[row], table.metrics[column]
    fields = test_fields(table, row, column)
    if fields is None:
        tested: list[object] = [None] * len(_TESTED)
    else:
        interval = fields.pop("difference_interval")  # a list [low, high], or None
        low, high = interval if isinstance(interval, list) else (None, None)
        fields.update(ci_low=low, ci_high=high)
        tested = [fields[name] for name in _TESTED]
    return [system.name, system.baseline, metric.name, metric.shown, metric.unit,
            metric.higher_is_better,
            system.values[column], row in table.best(column), *tested,
            system.incomplete or None, system.untested or None]


def _field(value: object) -> object:
    """A value as a CSV field: booleans as true/false, None as nothing, numbers by repr."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
