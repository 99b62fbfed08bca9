"""The comparison table as a GitHub (pipe) table: the best score of each column in bold,
a dagger on the scores significantly different from the baseline's, a legend line, the
notes and the signature as code.

>>> from treeeval.tables.model import ComparisonTable, Metric, Significance, SystemRow
>>> rows = (SystemRow("base_1", (86.0, 4), baseline=True),
...         SystemRow("ours", (87.25, 3), (Significance("ar", 0.004, resamples=999, seed=1),
...                                        None)))
>>> t = ComparisonTable("Dev", "dep", (Metric("LAS"), Metric("errors", "count", False)), rows,
...                     signature="cmd:dep|version:0.1.0")
>>> print(render_markdown(t), end="")  # doctest: +NORMALIZE_WHITESPACE
**Dev**
<BLANKLINE>
| System | LAS | errors ↓ |
| :-- | --: | --: |
| base\\_1 (baseline) | 86.00 | 4 |
| ours | **87.25**† | **3** |
<BLANKLINE>
† p \\< 0.05 against the baseline base\\_1 (approximate randomization, 999 shuffles, seed 1).
Best score of each column in bold (the lowest for errors).
<BLANKLINE>
Signature: `cmd:dep|version:0.1.0`
"""

from __future__ import annotations

import re

from ..stats.rates import UNDEFINED
from .cells import legend_sentences, lowest_is_best, marked, number, one_line, row_name
from .model import ComparisonTable

MARKER = "†"
#: what a cell without a value (an undefined score) shows
MISSING = UNDEFINED
#: the punctuation that means something inside a line of Markdown (GitHub's: ``$`` is math,
#: ``~`` strike-through, ``|`` a cell's end), which a backslash makes literal
_INLINE = re.compile(r"([\\`*_\[\]<>|~$&#])")
#: what would start a list, a heading or a quote at the start of a paragraph
_BLOCK_START = re.compile(r"^(\d*)([-+=.)])")


def escape(text: str) -> str:
    """Plain text as Markdown that shows it literally, on one line, inside a table too.

    >>> print(escape("a|b_c *d* $x$"))
    a\\|b\\_c \\*d\\* \\$x\\$
    >>> print(escape("1. not a list"))
    1\\. not a list
    """
    return _BLOCK_START.sub(r"\1\\\2", _INLINE.sub(r"\\\1", one_line(text)))


def render_markdown(table: ComparisonTable) -> str:
    """The table as Markdown (see the module)."""
    blocks = [f"**{escape(table.title)}**"] if table.title.strip() else []
    blocks.append("\n".join(_rows(table)))
    legend, said = legend_sentences(table)
    blocks.append(" ".join(([f"{MARKER} {escape(legend)}."] if legend else [])
                           + [escape(sentence) for sentence in said]))
    blocks += [escape(note.strip()) for note in table.notes]  # indented: a code block
    if table.signature:
        blocks.append(f"Signature: {code(one_line(table.signature))}")
    return "\n\n".join(block for block in blocks if block) + "\n"


def code(text: str) -> str:
    """A code span showing ``text``, fenced with more backticks than it holds in a row.

    >>> print(code("a`b"))
    `` a`b ``
    """
    runs = [len(run) for run in re.findall("`+", text)]
    if not runs:
        return f"`{text}`"
    fence = "`" * (max(runs) + 1)
    return f"{fence} {text} {fence}"


def _rows(table: ComparisonTable) -> list[str]:
    header = [escape(table.row_label.capitalize()),
              *(escape(metric.shown) + (" ↓" if lowest_is_best(metric) else "")
                for metric in table.metrics)]
    lines = [_line(header), _line([":--", *("--:" for _ in table.metrics)])]
    for index, row in enumerate(table.rows):
        name = escape(row_name(row))
        lines.append(_line([name, *(_cell(table, index, column)
                                    for column in range(len(table.metrics)))]))
    return lines


def _cell(table: ComparisonTable, row: int, column: int) -> str:
    shown = number(table, row, column)
    if not shown:
        return MISSING
    if row in table.best(column):
        shown = f"**{shown}**"
    return shown + (MARKER if marked(table, row, column) else "")


def _line(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"
