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

from .cells import difference, marked, number, one_line, p_text, significance_legend
from .model import ComparisonTable, Significance

MARKER = "*"
#: what a cell without a value shows
MISSING = "-"


def render_text(table: ComparisonTable) -> str:
    """The table as aligned text (see the module)."""
    lines = [one_line(table.title)] if table.title else []
    lines += _grid(table)
    legend = significance_legend(table)
    tests = _test_lines(table)
    if legend or tests:
        lines += ["", *([f"{MARKER} {legend}"] if legend else []), *tests]
    if table.notes:
        lines += ["", *(one_line(note) for note in table.notes)]
    if table.signature:
        lines += ["", f"signature: {one_line(table.signature)}"]
    return "".join(line.rstrip() + "\n" for line in lines)


def _grid(table: ComparisonTable) -> list[str]:
    tested = table.tested
    names = ["system", *(_name(row.name, row.baseline) for row in table.rows)]
    pad = " " if tested else ""  # under the markers
    columns = [[one_line(metric.name) + pad] + [
        (number(table, index, column) or MISSING)
        + (MARKER if marked(table, index, column) else pad)
        for index in range(len(table.rows))] for column, metric in enumerate(table.metrics)]
    name_width = max(map(len, names))
    widths = [max(map(len, cells)) for cells in columns]
    return ["  ".join([name.ljust(name_width), *(cells[line].rjust(width)
                                                  for cells, width in zip(columns, widths))])
            for line, name in enumerate(names)]


def _name(name: str, baseline: bool) -> str:
    return one_line(name) + (" (baseline)" if baseline else "")


def _test_lines(table: ComparisonTable) -> list[str]:
    found = [(row.name, column, index, cell)
             for index, row in enumerate(table.rows) for column in range(len(table.metrics))
             if not row.baseline and (cell := row.cell(column)) is not None]
    if not found:
        return []
    names = [one_line(name) for name, *_ in found]
    metrics = [one_line(table.metrics[column].name) for _, column, _, _ in found]
    name_width, metric_width = max(map(len, names)), max(map(len, metrics))
    return [f"{name.ljust(name_width)}  {metric.ljust(metric_width)}  "
            + _outcome(table, index, column, cell)
            for name, metric, (_, column, index, cell) in zip(names, metrics, found)]


def _outcome(table: ComparisonTable, row: int, column: int, cell: Significance) -> str:
    parts = []
    delta = difference(table, row, column)
    if delta is not None:
        parts.append("diff " + _signed(table, column, delta) + (
            "" if cell.difference_interval is None else
            " [{}, {}]".format(*(_signed(table, column, bound)
                                 for bound in cell.difference_interval))))
    parts.append(p_text(cell.p_value))
    if cell.p_adjusted is not None:
        parts.append(f"adjusted {p_text(cell.p_adjusted)}")
    return "  ".join(parts)


def _signed(table: ComparisonTable, column: int, value: float) -> str:
    if table.metrics[column].unit == "count":
        return f"{value:+g}"
    return f"{value:+.{table.decimals}f}"
