"""MaltEval's text output: the header block, its tables and its number formatting.

A table has one column per attribute (left-justified, each as wide as its longest cell
plus three spaces) and ends with the row-header column, which is not padded.  The
separator is as long as the padded columns plus the longest row header: the grouping's
name, the group names, and ``Row count`` even in tables that print no summary rows.
The table ends with a blank line, except without the header block (``--header-info 0``).

>>> summary = [("Row mean", ["0.773"]), ("Row count", ["4673"])]
>>> print(render_table(["accuracy / "], "Token", summary, []), end="")
accuracy /    Token
-----------------------
0.773         Row mean
4673          Row count
-----------------------
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..policy.inputs import shown
from .decimal_format import parse_pattern

RULE = "=" * 52


#: the pattern of Java's ``NumberFormat.getInstance(Locale.US)``, MaltEval's default
DEFAULT_PATTERN = "#,##0.###"


def format_number(value: float, pattern: str | None = None) -> str:
    """A value as Java's ``NumberFormat`` (Locale.US) or a ``DecimalFormat`` pattern prints it
    (:mod:`.decimal_format`); NaN (an undefined value) prints as ``-``.

    >>> [format_number(v) for v in (0.7727370, 1.0, 0.5, 0.0, 0.0625, float("nan"), 1234.5)]
    ['0.773', '1', '0.5', '0', '0.062', '-', '1,234.5']
    >>> format_number(0.77273, "0.0000"), format_number(5.31, "0.00%"), format_number(float("-inf"))
    ('0.7727', '531.00%', '-∞')
    """
    if value != value:
        return "-"
    return parse_pattern(DEFAULT_PATTERN if pattern is None else pattern).format(value)


def java_string_hash(text: str) -> int:
    """Java's ``String.hashCode`` (over UTF-16 code units), as an unsigned 32-bit int.

    >>> java_string_hash("LAS"), java_string_hash("")
    (75134, 0)
    """
    data = text.encode("utf-16-be")
    value = 0
    for index in range(0, len(data), 2):
        value = (31 * value + int.from_bytes(data[index:index + 2], "big")) & 0xFFFFFFFF
    return value


def hash_order(keys: Sequence[Any], hash_code: Callable[[Any], int] | None = None) -> list[Any]:
    """The iteration order of a Java 8 ``HashMap`` (or ``HashSet``) filled with ``keys`` in
    this order; ``hash_code`` is the keys' ``hashCode`` (String's by default).

    MaltEval prints the columns of several metrics in this order, not the command line's.

    >>> hash_order(["LAS", "UAS", "LA"])
    ['LA', 'UAS', 'LAS']
    >>> hash_order([-2, 0, -1, 1], lambda number: number & 0xFFFFFFFF)  # Integer keys
    [0, -1, -2, 1]
    """
    hash_code = hash_code or java_string_hash
    unique = list(dict.fromkeys(keys))
    capacity = 16
    while len(unique) > capacity * 3 // 4:
        capacity *= 2

    def bucket(key: Any) -> int:
        value = hash_code(key)
        return (value ^ (value >> 16)) & (capacity - 1)

    return [key for _, _, key in sorted((bucket(key), index, key)
                                        for index, key in enumerate(unique))]


def quote_argument(argument: str) -> str:
    """An argument as MaltEval echoes it: quoted when it holds ``;``, a space or a quote.

    >>> print(quote_argument("LAS;UAS"), quote_argument("Postag:all|accuracy-20"),
    ...       quote_argument("'x'0"))
    "LAS;UAS" Postag:all|accuracy-20 "'x'0"
    """
    return f'"{argument}"' if any(mark in argument for mark in "; '\"") else argument


def render_header(arguments: Sequence[str], gold: str, parsed: Sequence[str],
                  parameters: dict[str, list[str]]) -> str:
    """The block before the tables: the argv echo, the files and the parameters.

    A parameter line (``GroupBy-> Token``) is printed only for a parameter with a single
    value, so several metrics print no ``Metric->`` line; the lines come in the hash order
    of the parameter names.

    >>> print(render_header(["-g", "g", "-s", "p"], "g", ["p"],
    ...                     {"Metric": ["LAS"], "GroupBy": ["Token"]}), end="")
    Evaluation arguments: -g g -s p
    ====================================================
    Gold:   g
    Parsed: p
    ====================================================
    GroupBy-> Token
    Metric-> LAS
    <BLANKLINE>
    ====================================================
    <BLANKLINE>
    """
    lines = ["Evaluation arguments: " + " ".join(quote_argument(shown(a)) for a in arguments),
             RULE, f"Gold:   {shown(gold)}"]
    lines += [f"Parsed: {shown(path)}" for path in parsed]
    lines.append(RULE)
    lines += parameter_lines({name: values[0] for name, values in parameters.items()
                              if len(values) == 1})
    lines += ["", RULE, "", ""]
    return "\n".join(lines)


def parameter_lines(values: dict[str, str]) -> list[str]:
    """An evaluation's parameters as MaltEval prints them (``Evaluation.toString``): one
    ``NAME-> VALUE`` line each, in the hash order of the names.

    >>> parameter_lines({"Metric": "LAS", "GroupBy": "Token", "ExcludeDeprels": ""})
    ['GroupBy-> Token', 'Metric-> LAS', 'ExcludeDeprels-> ']
    """
    return [f"{name}-> {values[name]}" for name in hash_order(list(values))]


def render_table(headers: Sequence[str], title: str,
                 summary: Sequence[tuple[str, Sequence[str]]],
                 rows: Sequence[tuple[str, Sequence[str]]],
                 tab: bool = False, row_header: bool = True, blank: bool = True,
                 measured: Sequence[tuple[str, Sequence[str]]] = ()) -> str:
    """One MaltEval table: header, rule, summary rows and a rule (if any), group rows, blank.

    ``summary`` and ``rows`` are (row header, formatted cells) pairs.  With ``tab`` every
    cell is followed by a tab instead of padding; the rule keeps its padded length.
    ``measured`` rows are not printed but count for the widths, as MaltEval measures
    values it then hides (the rows after a cut, a confusion matrix's diagonal).
    """
    everything = list(summary) + list(rows) + list(measured)
    widths = [max([len(header)] + [len(cells[i]) for _, cells in everything]) + 3
              for i, header in enumerate(headers)]
    names = [title, "Row count"] + [name for name, _ in everything]
    rule = "-" * (sum(widths) + max(len(name) for name in names))

    def line(cells: Sequence[str], name: str) -> str:
        if tab:
            return "".join(cell + "\t" for cell in cells) + (name if row_header else "")
        return "".join(cell.ljust(width) for cell, width in zip(cells, widths)) + (
            name if row_header else "")

    lines = [line(headers, title), rule]
    if summary:
        lines += [line(cells, name) for name, cells in summary]
        lines.append(rule)
    lines += [line(cells, name) for name, cells in rows]
    if blank:
        lines.append("")
    return "\n".join(lines) + "\n"
