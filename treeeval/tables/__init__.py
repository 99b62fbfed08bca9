"""Tables for papers: one model of a comparison of systems, five renderers.

A scoring command builds a :class:`ComparisonTable` (systems by metrics, percents, the tests
against a baseline; :func:`corrected` adjusts the p-values when there are more than two
systems) and ``render(table, fmt)`` writes it as ``text`` (the terminal), ``markdown``
(GitHub), ``latex`` (booktabs), ``csv`` or ``json`` (programs); :func:`render_html` writes
it as an HTML fragment for the report of ``--html`` (a page holds more than a table, so
``html`` is not a ``--format``).

>>> from treeeval.tables import ComparisonTable, Metric, Significance, SystemRow
>>> base = SystemRow("base", (86.0,), baseline=True)
>>> ours = SystemRow("ours", (87.5,), (Significance("ar", 0.01, resamples=999, seed=1),))
>>> table = ComparisonTable("Dev", "dep", (Metric("LAS"),), (base, ours))
>>> print(render(table, "markdown").splitlines()[5])
| ours | **87.50**† |
>>> render(table, "html")
Traceback (most recent call last):
...
treeeval.errors.UsageError: unknown table format 'html' (choose from text, markdown, latex, csv, json)
"""

from __future__ import annotations

from ..lazy import lazy_members
from .rendering import FORMATS, render

#: each public name's module, imported on first use (numpy with the model), so that the
#: command line can offer ``--format`` (:mod:`.rendering`) without paying for numpy
__getattr__, __dir__ = lazy_members(__name__, {**dict.fromkeys((
    "ComparisonTable", "Metric", "Significance", "SystemRow", "corrected"), ".model"),
    "render_html": ".html"})

__all__ = ["FORMATS", "ComparisonTable", "Metric", "Significance", "SystemRow", "corrected",
           "render", "render_html"]
