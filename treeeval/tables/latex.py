r"""The comparison table as a LaTeX ``table`` with booktabs rules, ready to paste into a paper
(it needs ``\usepackage{booktabs}``): the best score of each column in bold, a dagger on the
scores significantly different from the baseline's, explained in a note under the table, and
the run's signature in a comment line.

>>> from treeeval.tables.model import ComparisonTable, Metric, Significance, SystemRow
>>> rows = (SystemRow("base_1", (86.0, 4), baseline=True),
...         SystemRow("ours", (87.25, 3), (Significance("ar", 0.004, resamples=999, seed=1),
...                                        None)))
>>> t = ComparisonTable("Dev", "dep", (Metric("LAS"), Metric("errors", "count", False)), rows,
...                     signature="cmd:dep|version:0.1.0")
>>> print(render_latex(t), end="")  # doctest: +NORMALIZE_WHITESPACE
% signature: cmd:dep|version:0.1.0
% needs \usepackage{booktabs}
\begin{table}[t]
\centering
\begin{tabular}{lrr}
\toprule
System & LAS & errors $\downarrow$ \\
\midrule
base\_1 (baseline) & 86.00 & 4 \\
ours & \textbf{87.25}\rlap{$^{\dagger}$} & \textbf{3} \\
\bottomrule
\end{tabular}
\par\smallskip
{\footnotesize $^{\dagger}$\,p \textless{} 0.05 against the baseline base\_1 (approximate
randomization, 999 shuffles, seed 1). Best score of each column in bold (the lowest for errors).\par}
\caption{Dev}
\end{table}
"""

from __future__ import annotations

from .cells import legend_sentences, lowest_is_best, marked, number, one_line, row_name
from .model import ComparisonTable

MARKER = r"$^{\dagger}$"
#: the marker after a score, taking no width, so that the digits of a column stay aligned
CELL_MARKER = r"\rlap{" + MARKER + "}"
#: what a cell without a value (an undefined score) shows: LaTeX's em dash, —
MISSING = "---"
#: LaTeX's special characters in text, and what writes each literally
_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
            "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
            "|": r"\textbar{}",
            # after \\ or a booktabs rule, [ would open an optional argument
            "[": "{[}", "]": "{]}",
            # in a column's head (F1 (≤40)): math, as pdfLaTeX's text fonts lack them
            "≤": r"$\leq$", "≥": r"$\geq$"}
_TABLE = str.maketrans(_SPECIAL)


def escape(text: str) -> str:
    r"""Plain text as LaTeX that prints it, on one line.

    >>> print(escape("50% of A&B_{x} ~ $1 #2"))
    50\% of A\&B\_\{x\} \textasciitilde{} \$1 \#2
    >>> print(escape("F1 (≤40)"))
    F1 ($\leq$40)
    """
    return one_line(text).translate(_TABLE)


def render_latex(table: ComparisonTable) -> str:
    """The table as LaTeX (see the module)."""
    lines = [f"% {line}" for line in _comments(table)]
    lines += [r"\begin{table}[t]", r"\centering",
              r"\begin{tabular}{l" + "r" * len(table.metrics) + "}", r"\toprule",
              _row([escape(table.row_label.capitalize()),
                    *(_header(table, column) for column in range(len(table.metrics)))]),
              r"\midrule"]
    lines += [_row([_first(escape(row_name(row))),
                    *(_cell(table, index, column) for column in range(len(table.metrics)))])
              for index, row in enumerate(table.rows)]
    lines += [r"\bottomrule", r"\end{tabular}"]
    note = _note(table)
    if note:
        lines += [r"\par\smallskip", r"{\footnotesize " + note + r"\par}"]
    if table.title.strip():
        lines.append(r"\caption{" + escape(table.title) + "}")
    lines.append(r"\end{table}")
    return "".join(line + "\n" for line in lines)


def _comments(table: ComparisonTable) -> list[str]:
    signature = [f"signature: {one_line(table.signature)}"] if table.signature else []
    return [*signature, r"needs \usepackage{booktabs}"]


def _first(cell: str) -> str:
    r"""A row's first cell, made safe after ``\\`` (which would take a ``*`` as its own).

    >>> _first("*x"), _first("x*")
    ('{}*x', 'x*')
    """
    return "{}" + cell if cell.startswith("*") else cell


def _header(table: ComparisonTable, column: int) -> str:
    metric = table.metrics[column]
    return escape(metric.shown) + (r" $\downarrow$" if lowest_is_best(metric) else "")


def _cell(table: ComparisonTable, row: int, column: int) -> str:
    shown = number(table, row, column)
    if not shown:
        return MISSING
    if row in table.best(column):
        shown = r"\textbf{" + shown + "}"
    return shown + (CELL_MARKER if marked(table, row, column) else "")


def _row(cells: list[str]) -> str:
    return " & ".join(cells) + r" \\"


def _note(table: ComparisonTable) -> str:
    legend, said = legend_sentences(table)
    sentences = [MARKER + r"\," + escape(legend) + "."] if legend else []
    sentences += [escape(sentence) for sentence in (*said, *table.notes)]
    return " ".join(sentences)
