"""``render(table, fmt)``: a :class:`~.model.ComparisonTable` in one of the five formats of
``--format``.  The format names are known without importing the renderers (nor numpy),
so that a command line can offer them while it is being built.

>>> FORMATS
('text', 'markdown', 'latex', 'csv', 'json')
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from ..errors import UsageError

if TYPE_CHECKING:
    from .model import ComparisonTable

#: each format's renderer (module, function), in the order ``--format`` lists them
RENDERERS = {"text": ("text", "render_text"), "markdown": ("markdown", "render_markdown"),
             "latex": ("latex", "render_latex"), "csv": ("csv_format", "render_csv"),
             "json": ("json_format", "render_json")}
FORMATS = tuple(RENDERERS)


def render(table: ComparisonTable, fmt: str) -> str:
    """``table`` written in the format ``fmt`` (one of :data:`FORMATS`)."""
    if fmt not in RENDERERS:
        raise UsageError(f"unknown table format {fmt!r} (choose from {', '.join(FORMATS)})")
    module, function = RENDERERS[fmt]
    return getattr(import_module(f".{module}", __package__), function)(table)
