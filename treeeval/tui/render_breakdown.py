"""Breakdown tables as aligned text rows, with bars for the score column.

>>> from treeeval.tui.breakdown import BreakdownRow, BreakdownTable
>>> table = BreakdownTable("by label", ["label", "F1"], [BreakdownRow(["NP", "50.00"], None, 0.5),
...                                                      BreakdownRow(["VP", "100.00"], None, 1.0)])
>>> [line.plain for line in table_lines(table, bar_width=4)]
['label     F1', 'NP     50.00 ██  ', 'VP    100.00 ████']
"""

from __future__ import annotations

from rich.text import Text

from .breakdown import BreakdownTable, bar


def table_lines(table: BreakdownTable, bar_width: int = 20) -> list[Text]:
    """The header and one line per row: text cells left-aligned (the first) or right-aligned
    (the others), then the row's bar when it has one."""
    widths = [len(header) for header in table.headers]
    for row in table.rows:
        widths = [max(width, len(cell)) for width, cell in zip(widths, row.cells)]

    def line(cells: list[str]) -> str:
        return " ".join(cell.ljust(w) if k == 0 else cell.rjust(w)
                        for k, (cell, w) in enumerate(zip(cells, widths)))

    lines = [Text(line(table.headers), style="bold")]
    for row in table.rows:
        text = Text(line(row.cells))
        if row.bar is not None:
            text.append(" ")
            text.append(bar(row.bar, bar_width), style="cyan")
        lines.append(text)
    return lines
