"""Tables for papers: one model of a comparison of systems, five renderers.

A scoring command builds a :class:`ComparisonTable` (systems by metrics, percents, the tests
against a baseline; :func:`corrected` adjusts the p-values when there are more than two
systems) and ``render(table, fmt)`` writes it as ``text`` (the terminal), ``markdown``
(GitHub), ``latex`` (booktabs), ``csv`` or ``json`` (programs); :func:`render_html` writes
it as an HTML fragment for the report of ``--html`` (a page holds more than a table, so
``html`` is not a ``--format``).

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

from typing import Callable

from ..errors import UsageError
from .csv_format import render_csv
from .html import render_html
from .json_format import render_json
from .latex import render_latex
from .markdown import render_markdown
from .model import ComparisonTable, Metric, Significance, SystemRow, corrected
from .text import render_text

#: the renderers by format name, in the order ``--format`` lists them
RENDERERS: dict[str, Callable[[ComparisonTable], str]] = {
    "text": render_text, "markdown": render_markdown, "latex": render_latex,
    "csv": render_csv, "json": render_json}
FORMATS = tuple(RENDERERS)


def render(table: ComparisonTable, fmt: str) -> str:
    """``table`` written in the format ``fmt`` (one of :data:`FORMATS`)."""
    if fmt not in RENDERERS:
        raise UsageError(f"unknown table format {fmt!r} (choose from {', '.join(FORMATS)})")
    return RENDERERS[fmt](table)


__all__ = ["FORMATS", "ComparisonTable", "Metric", "Significance", "SystemRow", "corrected",
           "render", "render_html"]
