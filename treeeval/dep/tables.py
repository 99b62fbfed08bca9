"""MaltEval's tables as data, then text.

A :class:`Table` keeps the numbers of one evaluation (one combination of parameter values,
:mod:`.combinations`) before formatting: the rows in the order shown (sorted and cut by the
GroupBy format), the rows the cut left out, and each column's Row mean and Row count over
all rows (MaltEval computes them for every table, and prints them for Token and Sentence).
The tables of one parsed file merge into one when MaltEval's rule allows
(:func:`mergeable`, :func:`merge_tables`), and cross-validation folds are summed up by
:func:`fold_summary`.

Widths follow MaltEval's ``DataContainer``: a column is as wide as the longest of its
header, its Row mean and Row count and every cell it was given, including the rows a cut
or ``--details 0`` hides; a whole-number cell is measured as ``--pattern`` would format it
but printed as a plain number.  The rule is as long as the padded columns plus the longest
row header (the grouping's name, ``Row mean``, ``Row count`` and every group).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..arrays import FloatArray, IntArray
from ..columnar.intern import distinct
from ..model.treebank import Treebank
from .aggregate import row_mean
from .exclusions import Exclusions
from .grouping.group_table import GroupTable
from .grouping.groupings import group, grouping_hits
from .grouping.registry import BUILTIN, Groupings
from .grouping.token_tables import TokenNumbering
from .malteval_report import format_number
from .refusals import ValueRefused

#: a sort item of a GroupBy format: attribute, + or -, optional cut
SORT = re.compile(r"^(\w+)([+-])(\d*)$")
#: the spaces after each column
GAP = 3
#: how Java's DecimalFormat writes NaN (it counts for widths; the cell prints ``-``)
JAVA_NAN = "NaN"


def _format_items(spec: str) -> tuple[list[str], tuple[str, bool, int | None] | None]:
    """The attribute names of a GroupBy format, in order, and its sort (attribute,
    descending, cut; None = all rows): the last item with ``+`` or ``-``.

    >>> _format_items("counter|accuracy-2"), _format_items("")
    ((['counter', 'accuracy'], ('accuracy', True, 2)), ([], None))
    """
    sort = None
    names = []
    for item in filter(None, spec.split("|")):
        match = SORT.match(item)
        if match:
            name, direction, cut = match.groups()
            sort = (name, direction == "-", int(cut) if cut else None)
            item = name
        names.append(item)
    return names, sort


def _selection(table: GroupTable, names: list[str], value: str) -> list[str]:
    """The attributes to show for the format's attribute ``names``.

    As in MaltEval, ``all`` anywhere in the format shows every attribute once and the other
    items only sort (an unknown one is then ignored); without it the items are shown in
    their order, a repeated one repeated.  The default attributes are checked too (Deprel's
    under LA are not valid: MaltEval aborts).  A table with ``attributes`` of its own
    (Clustering) accepts those and shows its columns whatever is named.

    >>> t = GroupTable("Postag", ["NN"], {"accuracy": [1.0], "counter": [2], "correctcounter": [2]},
    ...                ["accuracy"])
    >>> _selection(t, ["counter", "counter"], "Postag:counter")
    ['counter', 'counter']
    >>> _selection(t, ["bogus", "all", "counter"], "Postag:bogus|all|counter")
    ['accuracy', 'counter', 'correctcounter']
    """
    if "all" in names:
        return list(table.columns)
    valid = table.attributes or list(table.columns)
    for name in names or table.default:
        if name not in valid:
            message = (f"{name!r} is not an attribute of GroupBy {table.name} "
                       f"(attributes: {', '.join(valid)})")
            raise ValueRefused("GroupBy", message, value)
    if table.attributes:
        return list(table.columns)
    return names or list(table.default)


def sort_order(values: FloatArray, descending: bool) -> IntArray:
    """MaltEval's row order for a sort: rows with equal values are grouped, NaN above every
    number; ascending lists equal rows last-first, descending is that list reversed.

    >>> sort_order(np.array([0.5, np.nan, 0.5, 0.2]), False).tolist()
    [3, 2, 0, 1]
    >>> sort_order(np.array([0.5, np.nan, 0.5, 0.2]), True).tolist()
    [1, 0, 2, 3]
    """
    values = values.astype(float)
    undefined = np.isnan(values)
    ascending = np.lexsort((-np.arange(len(values)), np.where(undefined, 0, values), undefined))
    return ascending[::-1] if descending else ascending


@dataclass
class Table:
    """One MaltEval table before formatting: a column per attribute, a row per group shown.

    ``columns[i][j]`` is column i's value for ``groups[j]`` (NaN: undefined); ``counts``
    marks whole-number columns; ``aggregates`` holds each column's (Row mean, Row count) over
    all rows, printed when ``summary``; ``listed``: the rows are printed; ``hidden_*``: the
    rows a cut left out (they count for the widths) and ``cut``: the table was cut;
    ``warning``: what MaltEval printed on stdout while evaluating (before the file's output).
    """

    title: str
    headers: list[str]
    groups: Sequence[str]
    columns: list[FloatArray]
    counts: list[bool]
    aggregates: list[tuple[float, int]]
    summary: bool
    listed: bool
    hidden_groups: Sequence[str] = ()
    hidden_columns: list[FloatArray] = field(default_factory=list)
    cut: bool = False
    warning: str = ""


def build_table(gold: Treebank, parsed: Treebank, value: str, metric: str, *,
                details: bool | None = None, exclusions: Exclusions | None = None,
                numbering: TokenNumbering | None = None,
                groupings: Groupings = BUILTIN) -> Table:
    """The table of one parsed file for GroupBy ``value`` (``Grouping[:format]``) and one
    metric, sorted and cut as the format says.

    ``exclusions`` leaves tokens out as the Exclude parameters do; ``details`` (the
    ``--details`` switch when given) decides whether the rows are printed, else the grouping
    does (all but Token and Sentence); ``numbering`` names Token's rows across a run's evaluations;
    ``groupings`` is the run's registry of GroupBy names.

    >>> from treeeval.model.dependencies import DependencySentence
    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X", "Y"], [0, 1],
    ...                                                 ["r", "d"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X", "Y"], [0, 2],
    ...                                                 ["r", "d"])])
    >>> table = build_table(g, p, "Cpostag:accuracy-1", "UAS")
    >>> table.headers, list(table.groups), list(table.hidden_groups), table.cut
    (['accuracy'], ['X'], ['Y'], True)
    """
    grouping, _, spec = value.partition(":")
    hits = grouping_hits(grouping, metric, gold, parsed, groupings)
    names, sort = _format_items(spec)
    grouped = group(grouping, hits, gold, parsed, metric, exclusions=exclusions,
                    numbering=numbering, attributes=names, groupings=groupings)
    chosen = _selection(grouped, names, value)
    columns = [np.asarray(grouped.columns[name], dtype=float) for name in chosen]
    groups: Sequence[str] = grouped.groups
    order = np.arange(len(groups))
    if sort:
        name, descending, cut = sort
        if name not in chosen:  # e.g. Deprel:all|precision-10 under LAS: MaltEval aborts
            message = f"cannot sort by {name!r}: not an attribute of GroupBy {grouping}"
            raise ValueRefused("GroupBy", message, value)
        order = sort_order(columns[chosen.index(name)], descending)
        if cut is not None:
            order = order[:cut]
    listed = details if details is not None else grouping not in ("Token", "Sentence")
    shown = [groups[j] for j in order.tolist()] if sort else groups
    hidden = np.setdiff1d(np.arange(len(groups)), order) if sort else np.zeros(0, int)
    return Table(grouped.name, list(chosen), shown, [column[order] for column in columns],
                 [name in grouped.counts for name in chosen],
                 [row_mean(column) if grouped.aggregated else (float("nan"), 0)
                  for column in columns], bool(grouped.summary), listed,
                 [groups[j] for j in hidden.tolist()], [column[hidden] for column in columns],
                 len(order) < len(groups), grouped.warning)


def mergeable(tables: Sequence[Table]) -> bool:
    """MaltEval's ``areMergable``: the same grouping, as many rows, and the same group names
    from the second row on (the first row is never compared).

    >>> one = Table("Deprel", ["a"], ["x", "y"], [np.ones(2)], [False], [(1.0, 2)], False, True)
    >>> two = Table("Deprel", ["a"], ["z", "y"], [np.ones(2)], [False], [(1.0, 2)], False, True)
    >>> three = Table("Deprel", ["a"], ["x", "z"], [np.ones(2)], [False], [(1.0, 2)], False, True)
    >>> mergeable([one, two]), mergeable([one, three])
    (True, False)
    """
    first = tables[0]
    return all(table.title == first.title and len(table.groups) == len(first.groups)
               and list(table.groups[1:]) == list(first.groups[1:]) for table in tables)


def merge_tables(tables: Sequence[Table], suffixes: Sequence[str]) -> Table:
    """One table with the columns of ``tables`` side by side, headed ``attribute / suffix``;
    the rows are named after the first table's, the rows a cut hid are forgotten.

    >>> one = Table("Token", ["accuracy"], [], [np.zeros(0)], [True], [(0.5, 4)], True, False)
    >>> merged = merge_tables([one, one], ["Metric:UAS", "Metric:LAS"])
    >>> merged.headers, merged.aggregates
    (['accuracy / Metric:UAS', 'accuracy / Metric:LAS'], [(0.5, 4), (0.5, 4)])
    """
    first = tables[0]
    headers = [f"{header} / {suffix}" for table, suffix in zip(tables, suffixes)
               for header in table.headers]
    return Table(first.title, headers, first.groups,
                 [column for table in tables for column in table.columns],
                 [count for table in tables for count in table.counts],
                 [aggregate for table in tables for aggregate in table.aggregates],
                 first.summary, first.listed)


def fold_summary(tables: Sequence[Table], listed: bool = True) -> Table:
    """MaltEval's summary of one evaluation over cross-validation folds: a column
    ``Agg. ATTRIBUTE`` per column, a row ``<i>`` per fold holding the fold's Row mean
    (computed for every grouping, shown or not), then their mean over the folds where it is
    defined and the number of folds.

    >>> one = Table("Deprel", ["parseraccuracy"], ["a"], [np.ones(1)], [False], [(0.8, 3)], False, True)
    >>> two = Table("Deprel", ["parseraccuracy"], ["a"], [np.ones(1)], [False], [(0.6, 2)], False, True)
    >>> summary = fold_summary([one, two])
    >>> summary.headers, summary.groups, [c.tolist() for c in summary.columns], summary.aggregates
    (['Agg. parseraccuracy'], ['<1>', '<2>'], [[0.8, 0.6]], [(0.7, 2)])
    """
    columns = [np.array([table.aggregates[c][0] for table in tables])
               for c in range(len(tables[0].headers))]
    aggregates = [(row_mean(column)[0], len(tables)) for column in columns]
    return Table("File number", [f"Agg. {header}" for header in tables[0].headers],
                 [f"<{i}>" for i in range(1, len(tables) + 1)], columns,
                 [False] * len(columns), aggregates, True, listed)


def _cell(value: float, count: bool, pattern: str | None) -> str:
    """A cell as printed: a whole number plainly, anything else with the pattern."""
    return str(int(value)) if count and value == value else format_number(value, pattern)


def _widest(values: FloatArray, pattern: str | None) -> int:
    """The widest of a column's cells as MaltEval measures them: through the pattern, whole
    numbers too (though they print plainly).

    >>> _widest(np.array([0.0, 2.0, 27.0]), "00.0E00")  # 20.0E-01: neither 0 nor 27
    8
    """
    values = distinct(values)
    if len(values) == 0:
        return 0
    defined = values[~np.isnan(values)]
    widths = [len(JAVA_NAN)] if len(defined) < len(values) else []
    # every distinct value: a scientific pattern writes 2 wider than 0 or 27 (E-01, E00)
    return max(widths + [len(format_number(float(v), pattern)) for v in defined])


def format_table(table: Table, pattern: str | None = None, *, tab: bool = False,
                 row_header: bool = True, header_info: bool = True) -> str:
    """The table as MaltEval prints it.

    Without ``header_info`` the table ends after its last row; with it, it ends with a blank
    line, or with ``N more...`` when a cut left N rows out.
    """
    means = [format_number(mean, pattern) for mean, _ in table.aggregates]
    numbers = [str(number) for _, number in table.aggregates]
    widths = []
    for c, header in enumerate(table.headers):
        measured = [len(header), len(means[c]) if means[c] != "-" else len(JAVA_NAN),
                    len(numbers[c]), _widest(table.columns[c], pattern)]
        if table.hidden_columns:
            measured.append(_widest(table.hidden_columns[c], pattern))
        widths.append(max(measured) + GAP)
    names = [table.title, "Row mean", "Row count"]
    longest = max(max(map(len, names)), _longest(table.groups), _longest(table.hidden_groups))
    rule = "-" * (sum(widths) + longest)

    def line(cells: Sequence[str], name: str) -> str:
        if tab:
            text = "".join(cell + "\t" for cell in cells)
        else:
            text = "".join(cell.ljust(width) for cell, width in zip(cells, widths))
        return text + (name if row_header else "")

    lines = [line(table.headers, table.title), rule]
    if table.summary:
        lines += [line(means, "Row mean"), line(numbers, "Row count"), rule]
    if table.listed:
        for j, name in enumerate(table.groups):
            lines.append(line([_cell(float(column[j]), count, pattern)
                               for column, count in zip(table.columns, table.counts)], name))
    if header_info:
        hidden = len(table.hidden_groups)
        lines.append(f"{hidden} more..." if table.cut else "")
    return "\n".join(lines) + "\n"


def _longest(names: Sequence[str]) -> int:
    """The longest of ``names`` (0 for none); Token's numbered rows grow to the last."""
    if not len(names):
        return 0
    if isinstance(names, list):
        return max(map(len, names))
    return max(len(names[0]), len(names[-1]))
