"""MaltEval's tables as data: which columns and rows a GroupBy value shows, then text.

A :class:`Table` keeps the numbers of one table (before formatting), so that the tables of
several cross-validation folds can be averaged before they are printed.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, UsageError
from ..model.treebank import Treebank
from .exclusions import Exclusions
from .groupings import GroupTable, group, grouping_hits
from .malteval_report import format_number, render_table

#: a sort item of a GroupBy format: attribute, + or -, optional cut
SORT = re.compile(r"^(\w+)([+-])(\d*)$")


def has_cut(value: str) -> bool:
    """Does a GroupBy value's format cut its rows?  (Then MaltEval does not merge the tables
    of several metrics, which would keep different rows.)

    >>> has_cut("Sentence:correctcounter-5"), has_cut("Postag:all|counter-"), has_cut("Token")
    (True, False, False)
    """
    return any((match := SORT.match(item)) and match[3]
               for item in value.partition(":")[2].split("|"))


def _selection(table: GroupTable, spec: str, source: str | None
               ) -> tuple[list[str], tuple[str, bool, int] | None]:
    """The attributes to show and the sort (attribute, descending, cut; cut 0 = all).

    As in MaltEval, ``all`` anywhere in the format shows every attribute once and the other
    items only sort (an unknown one is then ignored); without it the items are shown in
    their order, a repeated one repeated.

    >>> t = GroupTable("Postag", ["NN"], {"accuracy": [1.0], "counter": [2], "correctcounter": [2]},
    ...                ["accuracy"])
    >>> _selection(t, "counter|counter-2", None), _selection(t, "bogus|all|counter+", None)
    ((['counter', 'counter'], ('counter', True, 2)), (['accuracy', 'counter', 'correctcounter'], ('counter', False, 0)))
    """
    items = [item for item in spec.split("|") if item]
    sort = None
    names = []
    for item in items:
        match = SORT.match(item)
        if match:
            name, direction, cut = match.groups()
            sort = (name, direction == "-", int(cut or 0))
            item = name
        names.append(item)
    if "all" in names:
        return list(table.columns), sort
    for name in names:
        if name not in table.columns:
            message = (f"{name!r} is not an attribute of GroupBy {table.name} "
                       f"(attributes: {', '.join(table.columns)})")
            raise InputError(message, path=source) if source else UsageError(message)
    return names or list(table.default), sort


def _order(values: np.ndarray, descending: bool, cut: int) -> np.ndarray:
    """Row order for a sort, as MaltEval's ``sortRows`` makes it: ascending puts equal
    values in the reverse of the table's order and undefined (NaN) values last; descending
    is the exact reverse.  Then the cut.

    >>> _order(np.array([1.0, np.nan, 1.0, 0.0]), False, 0).tolist()
    [3, 2, 0, 1]
    >>> _order(np.array([1.0, np.nan, 1.0, 0.0]), True, 2).tolist()
    [1, 0]
    """
    values = values.astype(float)
    undefined = np.isnan(values)
    order = np.lexsort((-np.arange(len(values)), np.where(undefined, 0.0, values), undefined))
    if descending:
        order = order[::-1]
    return order[:cut] if cut else order


@dataclass
class Table:
    """One MaltEval table before formatting: a column per (metric, attribute), a row per group.

    ``columns[i][j]`` is column i's value for ``groups[j]`` (NaN: undefined); ``summary``
    holds the Row mean of each column and the Row count (Token and Sentence only).
    """

    title: str
    headers: list[str]
    groups: list[str]
    columns: list[np.ndarray]
    counts: list[bool]
    #: (Row mean, Row count) of each column, or None for tables without summary rows
    summary: list[tuple[float, int]] | None
    #: are the groups listed (always, except for Token and Sentence without --details)
    listed: bool
    #: the sort of the GroupBy format: column index, descending, cut (0: all rows)
    sort: tuple[int, bool, int] | None = None


def build_table(gold: Treebank, parsed: Treebank, value: str, metrics: list[str], *,
                merged: bool, details: bool, exclusions: Exclusions | None = None,
                source: str | None = None) -> Table:
    """The table of one parsed file for GroupBy ``value`` (``Grouping[:format]``).

    With ``merged`` the headers name their metric (``accuracy / Metric:UAS``) when there
    are several; ``exclusions`` leaves tokens out as the Exclude parameters do; ``details``
    lists the rows of Token and Sentence; ``source`` (an evaluation file) is named in the
    error for an unknown attribute.

    >>> from treeeval.model.dependencies import DependencySentence
    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X", "Y"], [0, 1],
    ...                                                 ["r", "d"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X", "Y"], [0, 2],
    ...                                                 ["r", "d"])])
    >>> table = build_table(g, p, "Cpostag", ["LAS", "UAS"], merged=True, details=False)
    >>> table.headers, table.groups, [c.tolist() for c in table.columns]
    (['accuracy / Metric:LAS', 'accuracy / Metric:UAS'], ['X', 'Y'], [[1.0, 0.0], [1.0, 0.0]])
    """
    grouping, _, spec = value.partition(":")
    several = len(metrics) > 1
    headers: list[str] = []
    columns: list[np.ndarray] = []
    counts: list[bool] = []
    summary: list[tuple[float, int]] = []
    sort = None
    sort_spec = None
    groups: list[str] = []
    for metric in metrics:
        hits = grouping_hits(grouping, metric, gold, parsed)
        table = group(grouping, hits, gold, parsed, metric, exclusions=exclusions)
        chosen, sort_spec = _selection(table, spec, source)
        groups = table.groups
        for name in chosen:
            if sort_spec and sort is None and name == sort_spec[0]:
                sort = (len(columns), sort_spec[1], sort_spec[2])
            headers.append(f"{name} / " + (f"Metric:{metric}" if several else "") if merged
                           else name)
            columns.append(np.asarray(table.columns[name], dtype=float))
            counts.append(name in table.counts)
            if table.summary:
                summary.append(table.summary[name])
    if sort_spec and sort is None:  # e.g. Deprel:all|precision-10 under LAS
        message = f"cannot sort by {sort_spec[0]!r}: not an attribute of GroupBy {grouping}"
        raise InputError(message, path=source) if source else UsageError(message)
    return Table(grouping, headers, groups, columns, counts, summary or None,
                 details or grouping not in ("Token", "Sentence"), sort)


def format_table(table: Table, pattern: str | None = None, *, tab: bool = False,
                 row_header: bool = True, blank: bool = True, count_cut: bool = False) -> str:
    """The table as MaltEval prints it (numbers formatted, rows sorted and cut).

    With ``count_cut`` (``--details 1`` given explicitly), a cut that leaves rows out ends
    the table with ``N more...`` instead of the blank line, and the rows it leaves out count
    for the widths of the columns and the rule.
    """
    order = np.arange(len(table.groups))
    if table.sort:
        column, descending, cut = table.sort
        order = _order(table.columns[column], descending, cut)
    hidden = len(table.groups) - len(order)

    def cell(value: float, count: bool) -> str:
        return str(int(value)) if count and value == value else format_number(value, pattern)

    summary = []
    if table.summary:
        summary = [("Row mean", [format_number(mean, pattern) for mean, _ in table.summary]),
                   ("Row count", [str(count) for _, count in table.summary])]

    def row(j: int) -> tuple[str, list[str]]:
        return table.groups[j], [cell(float(column[j]), count)
                                 for column, count in zip(table.columns, table.counts)]

    rows = [row(j) for j in order] if table.listed else []
    # with --details 1, the widths count the rows a cut hides too
    cut = (np.setdiff1d(np.arange(len(table.groups)), order)
           if count_cut and hidden and table.listed else [])
    text = render_table(table.headers, table.title, summary, rows, tab=tab,
                        row_header=row_header, blank=blank and not (count_cut and hidden),
                        measured=[row(j) for j in cut])
    return text + (f"{hidden} more...\n" if count_cut and hidden and table.listed else "")


def average_tables(tables: list[Table]) -> Table:
    """The macro-average of the same table over cross-validation folds.

    Groups come in order of first appearance.  A group's value is the mean of the folds'
    values where it is defined, a count column is summed, the Row mean is the mean of the
    folds' Row means and the Row count their sum.

    >>> one = Table("Deprel", ["parseraccuracy", "parsercounter"], ["a", "b"],
    ...             [np.array([1.0, 0.5]), np.array([2.0, 4.0])], [False, True], None, True)
    >>> two = Table("Deprel", ["parseraccuracy", "parsercounter"], ["b", "c"],
    ...             [np.array([0.0, 1.0]), np.array([1.0, 1.0])], [False, True], None, True)
    >>> average = average_tables([one, two])
    >>> average.groups, [c.tolist() for c in average.columns]
    (['a', 'b', 'c'], [[1.0, 0.25, 1.0], [2.0, 5.0, 1.0]])
    """
    first = tables[0]
    groups = list(dict.fromkeys(name for table in tables for name in table.groups))
    index = {name: i for i, name in enumerate(groups)}
    columns = []
    for c, count in enumerate(first.counts):
        stacked = np.full((len(tables), len(groups)), np.nan)
        for t, table in enumerate(tables):
            stacked[t, [index[name] for name in table.groups]] = table.columns[c]
        with np.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            columns.append(np.nansum(stacked, axis=0) if count else np.nanmean(stacked, axis=0))
    summary = None
    if first.summary:
        summary = [(float(np.mean([table.summary[c][0] for table in tables])),
                    int(sum(table.summary[c][1] for table in tables)))
                   for c in range(len(first.summary))]
    return Table(first.title, first.headers, groups, columns, first.counts, summary,
                 first.listed, first.sort)
