"""The comparison table as an HTML fragment (for the report of ``--html``, not a
``--format``: a page needs more than a table): the best score of each column in ``<strong>``,
a dagger on the scores significantly different from the baseline's with the test's numbers
in the cell's ``title``, the legend, the notes and the signature, every text escaped.

>>> from treeeval.tables.model import ComparisonTable, Metric, Significance, SystemRow
>>> rows = (SystemRow("base<1>", (86.0, 4), baseline=True),
...         SystemRow("ours", (87.25, 3), (Significance("ar", 0.004, resamples=999, seed=1),
...                                        None)))
>>> t = ComparisonTable("Dev & test", "dep", (Metric("LAS"), Metric("errors", "count", False)),
...                     rows, signature="cmd:dep|version:0.1.0")
>>> print(render_html(t), end="")  # doctest: +NORMALIZE_WHITESPACE
<table class="comparison">
<caption>Dev &amp; test</caption>
<thead><tr><th scope="col">System</th><th scope="col">LAS</th><th
scope="col">errors ↓</th></tr></thead>
<tbody>
<tr class="baseline"><th scope="row">base&lt;1&gt; (baseline)</th><td>86.00</td><td>4</td></tr>
<tr><th scope="row">ours</th><td
title="diff +1.25, p = 0.0040"><strong>87.25</strong>†</td><td><strong>3</strong></td></tr>
</tbody>
</table>
<p class="legend">† p &lt; 0.05 against the baseline base&lt;1&gt; (approximate randomization,
999 shuffles, seed 1). Best score of each column in bold (the lowest for errors).</p>
<p class="signature">Signature: <code>cmd:dep|version:0.1.0</code></p>
"""

from __future__ import annotations

from html import escape

from ..stats.rates import UNDEFINED
from ..stats.significance import p_text
from .cells import difference, legend_sentences, lowest_is_best, marked, number, one_line, row_name
from .model import ComparisonTable

MARKER = "†"
#: what a cell without a value (an undefined score) shows
MISSING = UNDEFINED


def text(value: str) -> str:
    """Plain text escaped for HTML, on one line.

    >>> text('a < b & "c"\\n')
    'a &lt; b &amp; &quot;c&quot; '
    """
    return escape(one_line(value))


def render_html(table: ComparisonTable) -> str:
    """The table as an HTML fragment (see the module)."""
    lines = ['<table class="comparison">']
    if table.title.strip():
        lines.append(f"<caption>{text(table.title)}</caption>")
    header = "".join(f'<th scope="col">{text(metric.shown)}'
                     f'{" ↓" if lowest_is_best(metric) else ""}</th>'
                     for metric in table.metrics)
    lines += [f'<thead><tr><th scope="col">{text(table.row_label.capitalize())}</th>{header}'
              '</tr></thead>', "<tbody>"]
    for index, row in enumerate(table.rows):
        name = text(row_name(row))
        cells = "".join(_cell(table, index, column) for column in range(len(table.metrics)))
        classes = [*(["baseline"] if row.baseline else []),
                   *([] if row.complete else ["incomplete"])]
        attributes = f' class="{" ".join(classes)}"' if classes else ""
        lines.append(f'<tr{attributes}><th scope="row">{name}</th>{cells}</tr>')
    lines += ["</tbody>", "</table>"]
    legend, sentences = legend_sentences(table)
    said = ([f"{MARKER} {text(legend)}."] if legend else []) + [
        text(sentence) for sentence in sentences]
    if said:
        lines.append(f'<p class="legend">{" ".join(said)}</p>')
    lines += [f'<p class="note">{text(note.strip())}</p>' for note in table.notes]
    if table.signature:
        lines.append(f'<p class="signature">Signature: <code>{text(table.signature)}</code></p>')
    return "\n".join(lines) + "\n"


def _cell(table: ComparisonTable, row: int, column: int) -> str:
    shown = number(table, row, column)
    if not shown:
        return f"<td>{MISSING}</td>"
    if row in table.best(column):
        shown = f"<strong>{shown}</strong>"
    if marked(table, row, column):
        shown += MARKER
    return f"<td{_test_title(table, row, column)}>{shown}</td>"


def _test_title(table: ComparisonTable, row: int, column: int) -> str:
    """The cell's test as a ``title`` attribute (shown on hover): the difference with the
    baseline, its interval, the p-value and the adjusted one ('' without a test)."""
    cell = table.rows[row].cell(column)
    if cell is None:
        untested = table.rows[row].untested
        return f' title="{escape("no test: " + one_line(untested))}"' if untested else ""
    decimals = 0 if table.metrics[column].unit == "count" else table.decimals
    delta = difference(table, row, column)
    parts = [] if delta is None else [f"diff {delta:+.{decimals}f}"]
    if cell.difference_interval is not None:
        low, high = cell.difference_interval
        level = "" if cell.confidence is None else f"{cell.confidence * 100:g}% CI "
        parts.append(f"{level}[{low:+.{decimals}f}, {high:+.{decimals}f}]")
    parts.append(p_text(cell.p_value))
    if cell.p_adjusted is not None:
        parts.append(f"adjusted {p_text(cell.p_adjusted)}")
    return f' title="{escape(", ".join(parts))}"'
