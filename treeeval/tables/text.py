"""The comparison table for the terminal: aligned columns, then each test against the
baseline on a line of its own, the notes and the signature.

>>> from treeeval.tables.model import ComparisonTable, Metric, Significance, SystemRow
>>> rows = (SystemRow("base", (86.0, 4), baseline=True),
...         SystemRow("ours", (87.25, 3), (Significance("ar", 0.004, resamples=999, seed=1),
...                                        None)))
>>> t = ComparisonTable("Dev", "dep", (Metric("LAS"), Metric("errors", "count", False)), rows,
...                     signature="cmd:dep|version:0.1.0")
>>> print(render_text(t), end="")
Dev
system             LAS   errors
base (baseline)  86.00        4
ours             87.25*       3
<BLANKLINE>
* p < 0.05 against the baseline base (approximate randomization, 999 shuffles, seed 1)
ours  LAS  diff +1.25  p = 0.0040
<BLANKLINE>
signature: cmd:dep|version:0.1.0
"""

from __future__ import annotations

from ..stats.rates import UNDEFINED
from ..stats.significance import p_text
from .cells import difference, incomplete_notes, marked, number, one_line, row_name, significance_legend
from .model import ComparisonTable, Significance

MARKER = "*"
#: what a cell without a value (an undefined score) shows
MISSING = UNDEFINED


def render_text(table: ComparisonTable) -> str:
    """The table as aligned text (see the module)."""
    lines = [one_line(table.title)] if table.title else []
    lines += _grid(table)
    legend = significance_legend(table)
    tests = _test_lines(table)
    if legend or tests:
        lines += ["", *([f"{MARKER} {legend}"] if legend else []), *tests]
    notes = [*incomplete_notes(table), *table.notes]
    if notes:
        lines += ["", *(one_line(note) for note in notes)]
    if table.signature:
        lines += ["", f"signature: {one_line(table.signature)}"]
    return "".join(line.rstrip() + "\n" for line in lines)


def _grid(table: ComparisonTable) -> list[str]:
    pad = " " if table.tested else ""  # under the markers
    header = [table.row_label, *(one_line(metric.shown) + pad for metric in table.metrics)]
    rows = [[row_name(row), *(
        (number(table, index, column) or MISSING)
        + (MARKER if marked(table, index, column) else pad)
        for column in range(len(table.metrics)))] for index, row in enumerate(table.rows)]
    return aligned([header, *rows], left=1)


def aligned(rows: list[list[str]], left: int) -> list[str]:
    """Rows of cells as lines: the first ``left`` columns left-aligned, the others right,
    two spaces apart; columns empty in every row are left out.

    >>> aligned([["a", "1", ""], ["bcd", "10", ""]], left=1)
    ['a     1', 'bcd  10']
    """
    columns = [list(column) for column in zip(*rows) if any(column)]
    widths = [max(map(len, column)) for column in columns]
    return ["  ".join(cell.ljust(width) if position < left else cell.rjust(width)
                      for position, (cell, width) in enumerate(zip(cells, widths)))
            for cells in zip(*columns)]


def _test_lines(table: ComparisonTable) -> list[str]:
    """One line per test: system, metric, difference, its interval, p, adjusted p; one per
    system a test was asked of but not run, saying why."""
    rows = [[one_line(row.name), one_line(table.metrics[column].shown),
             *_outcome(table, index, column, cell)]
            for index, row in enumerate(table.rows) for column in range(len(table.metrics))
            if not row.baseline and (cell := row.cell(column)) is not None]
    lines = aligned(rows, left=2) if rows else []
    return lines + [f"{one_line(row.name)}  no test: {one_line(row.untested)}"
                    for row in table.rows if row.untested]


def _outcome(table: ComparisonTable, row: int, column: int, cell: Significance) -> list[str]:
    delta = difference(table, row, column)
    interval = cell.difference_interval
    return ["" if delta is None else "diff " + _signed(table, column, delta),
            "" if interval is None else "[{}, {}]".format(
                *(_signed(table, column, bound) for bound in interval)),
            p_text(cell.p_value),
            "" if cell.p_adjusted is None else f"adjusted {p_text(cell.p_adjusted)}"]


def _signed(table: ComparisonTable, column: int, value: float) -> str:
    if table.metrics[column].unit == "count":
        return f"{value:+g}"
    return f"{value:+.{table.decimals}f}"
