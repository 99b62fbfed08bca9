"""The comparison table as a ``--json`` document: the envelope of every treeeval document
(:mod:`treeeval.policy.envelope`), then the table with snake_case keys, every score on the
percent scale the reports print (counts as whole numbers), at full precision.  A metric is
named by its stable key (``name``, and each cell's ``metric``: what ``--metrics`` names)
and shown by its ``header``.  The document is described by ``treeeval/schemas/table.json``.

>>> import json
>>> from treeeval.tables.model import ComparisonTable, Metric, SystemRow
>>> table = ComparisonTable("Dev", "dep", (Metric("LAS"),), (SystemRow("ours", (87.25,)),),
...                         signature="cmd:dep|version:0.1.0")
>>> document = json.loads(render_json(table))
>>> document["command"], document["kind"]
('dep', 'comparison_table')
>>> document["systems"][0]["cells"]
[{'metric': 'LAS', 'value': 87.25, 'best': False, 'significance': None}]
"""

from __future__ import annotations

import json

from ..policy.envelope import envelope
from ..stats.correction import CORRECTIONS
from .cells import test_fields
from .model import ComparisonTable

#: the value of the document's ``kind``, which tells it from the command's own ``--json``
KIND = "comparison_table"


def table_document(table: ComparisonTable) -> dict[str, object]:
    """The document as a dict (see the module)."""
    base = table.baseline
    return envelope(
        table.command, table.signature, kind=KIND, title=table.title,
        baseline=None if base is None else base.name,
        correction=table.correction,
        correction_name=None if table.correction is None else CORRECTIONS[table.correction],
        alpha=table.alpha, decimals=table.decimals,
        row_label=table.row_label,
        metrics=[{"name": metric.name, "header": metric.shown, "unit": metric.unit,
                  "higher_is_better": metric.higher_is_better, "has_best": metric.has_best}
                 for metric in table.metrics],
        systems=[{"name": row.name, "baseline": row.baseline,
                  "incomplete": row.incomplete or None, "untested": row.untested or None,
                  "cells": [{"metric": metric.name, "value": row.values[column],
                             "best": index in table.best(column),
                             "significance": test_fields(table, index, column)}
                            for column, metric in enumerate(table.metrics)]}
                 for index, row in enumerate(table.rows)],
        notes=list(table.notes))


def render_json(table: ComparisonTable) -> str:
    """The document as indented JSON text."""
    return json.dumps(table_document(table), indent=2, ensure_ascii=False) + "\n"
