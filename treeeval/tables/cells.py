"""What every renderer of a ComparisonTable writes the same way, as plain text: the numbers,
the legend of the significance marker and of the bold best scores, names on one line.

Each renderer escapes these strings for its own format.

>>> from treeeval.tables.model import ComparisonTable, Metric, Significance, SystemRow
>>> rows = (SystemRow("a", (80.0, 4), baseline=True),
...         SystemRow("b", (81.5, None), (Significance("ar", 0.01, resamples=500, seed=2), None)))
>>> t = ComparisonTable("t", "dep", (Metric("LAS"), Metric("n", "count", False)), rows)
>>> number(t, 1, 0), number(t, 1, 1), number(t, 0, 1)
('81.50', '', '4')
>>> significance_legend(t)
'p < 0.05 against the baseline a (approximate randomization, 500 shuffles, seed 2)'
>>> best_legend(t)
'Best score of each column in bold (the lowest for n)'
"""

from __future__ import annotations

import re

from ..stats.correction import CORRECTIONS
from ..stats.significance import how_run
from .model import ComparisonTable, Metric, SystemRow

_BREAKS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]+")
#: what follows an incomplete system's name wherever it is shown (a table, a figure's legend)
INCOMPLETE_MARK = " (incomplete)"


def one_line(text: str) -> str:
    """``text`` with every run of control characters (line breaks, tabs) made one space.

    >>> one_line("a\\r\\nb\\tc")
    'a b c'
    """
    return _BREAKS.sub(" ", text)


def row_name(row: SystemRow) -> str:
    """A row's name on one line, as every format shows it: marked when it is the baseline
    and when the system is incomplete (:func:`incomplete_notes` says why).

    >>> row_name(SystemRow("cut\\n", (1.0,), baseline=True, incomplete="100 of 1,700 sentences"))
    'cut  (baseline) (incomplete)'
    """
    return (one_line(row.name) + (" (baseline)" if row.baseline else "")
            + ("" if row.complete else INCOMPLETE_MARK))


def incomplete_notes(table: ComparisonTable) -> list[str]:
    """One sentence per incomplete system: what its scores leave out, and what the table
    does with it (never the best of a column; not tested when a test was asked).

    >>> from treeeval.tables.model import Metric
    >>> cut = SystemRow("cut", (63.17,), incomplete="stopped by MAX_ERROR at sentence 882",
    ...                 untested="it is incomplete")
    >>> rows = (SystemRow("top", (62.61,), baseline=True), cut)
    >>> incomplete_notes(ComparisonTable("t", "bracket", (Metric("F1"),), rows))
    ['cut is incomplete (stopped by MAX_ERROR at sentence 882): never the best of a column, \
not tested.']
    """
    asked = any(row.untested or row.significance for row in table.rows if not row.baseline)
    notes = []
    for row in table.incomplete:
        if row.baseline:
            consequence = "; no system is tested against it" if asked else ""
        else:
            consequence = ", not tested" if row.untested else ""
        notes.append(f"{one_line(row.name)} is incomplete ({one_line(row.incomplete)}): "
                     f"never the best of a column{consequence}.")
    return notes


def number(table: ComparisonTable, row: int, column: int) -> str:
    """A cell's value as the table shows it ('' when the system has none)."""
    value = table.rows[row].values[column]
    if value is None:
        return ""
    shown = table.rounded(value, column)
    return str(shown) if isinstance(shown, int) else f"{shown:.{table.decimals}f}"


def marked(table: ComparisonTable, row: int, column: int) -> bool:
    """Whether a cell gets the significance marker."""
    cell = table.rows[row].cell(column)
    return cell is not None and cell.significant(table.alpha)


def significance_legend(table: ComparisonTable) -> str:
    """What the marker means ('' when nothing was tested): the level, the baseline, the tests
    and the correction."""
    tests = [cell for _, _, cell in table.tests() if cell is not None]
    if not tests or table.baseline is None:
        return ""
    runs = "; ".join(dict.fromkeys(how_run(test.test, test.resamples, test.seed)
                                   for test in tests))
    if table.correction is not None:
        runs += f"; {CORRECTIONS[table.correction]} correction over each metric's tests"
    return (f"p < {table.alpha:g} against the baseline {one_line(table.baseline.name)}"
            f" ({runs})")


def best_legend(table: ComparisonTable) -> str:
    """What the bold means: naming the columns where lower is better and those with no best
    (a rank, a count that does not compare); in a table whose best is in each row, of each
    row.

    >>> from treeeval.tables.model import Metric
    >>> ranking = ComparisonTable("t", "task", (Metric("rank", "count", False, comparable=False),
    ...                                         Metric("errors", "count", False)), ())
    >>> best_legend(ranking)
    'Best score of each column in bold (the lowest for errors; none for rank)'
    """
    marked = [metric for metric in table.metrics if metric.has_best]
    if table.best_in == "row":
        lowest = any(not metric.higher_is_better for metric in marked)
        return "Best score of each row in bold" + (" (the lowest)" if lowest else "")
    lower = [one_line(metric.shown) for metric in marked if not metric.higher_is_better]
    none = [one_line(metric.shown) for metric in table.metrics
            if not metric.has_best and metric.unit != "number"]
    said = ([f"the lowest for {', '.join(lower)}"] if lower else []) + (
        [f"none for {', '.join(none)}"] if none else [])
    return "Best score of each column in bold" + (f" ({'; '.join(said)})" if said else "")


def lowest_is_best(metric: Metric) -> bool:
    """Whether a column's head says that its lowest value is its best (an arrow): a column
    with a best, where lower is better (a count of errors; not a rank).

    >>> from treeeval.tables.model import Metric
    >>> lowest_is_best(Metric("errors", "count", False)), lowest_is_best(
    ...     Metric("rank", "count", False, comparable=False))
    (True, False)
    """
    return metric.has_best and not metric.higher_is_better


def legend_sentences(table: ComparisonTable) -> tuple[str, list[str]]:
    """What the note under a table says, as plain text, for Markdown, LaTeX and HTML: the
    legend of the significance marker ('' when nothing was tested; each format puts its own
    marker before it), then the sentences on the bold and on the incomplete systems.

    >>> from treeeval.tables.model import Metric
    >>> rows = (SystemRow("a", (80.0,)), SystemRow("b", (81.0,)),
    ...         SystemRow("c", (90.0,), incomplete="2 of 9 sentences"))
    >>> legend_sentences(ComparisonTable("t", "dep", (Metric("LAS"),), rows))
    ('', ['Best score of each column in bold.', 'c is incomplete (2 of 9 sentences): never \
the best of a column.'])
    """
    best = [f"{best_legend(table)}."] if any_best(table) else []
    return significance_legend(table), best + incomplete_notes(table)


def any_best(table: ComparisonTable) -> bool:
    """Whether some column has a best score to show in bold."""
    return any(table.best(column) for column in range(len(table.metrics)))


def difference(table: ComparisonTable, row: int, column: int) -> float | None:
    """A row's value minus the baseline's in a column (None when either is missing)."""
    base = table.baseline
    value = table.rows[row].values[column]
    base_value = None if base is None else base.values[column]
    if value is None or base_value is None:
        return None
    return float(value) - float(base_value)


def test_fields(table: ComparisonTable, row: int, column: int) -> dict[str, object] | None:
    """A cell's test as machine-readable fields, snake_case (None when it has none); the
    difference itself is the value minus the baseline's value.

    >>> from treeeval.tables.model import ComparisonTable, Metric, Significance, SystemRow
    >>> rows = (SystemRow("a", (80.0,), baseline=True),
    ...         SystemRow("b", (81.5,), (Significance("bootstrap", 0.01, (0.5, 2.5), seed=2),)))
    >>> test_fields(ComparisonTable("t", "dep", (Metric("LAS"),), rows), 1, 0)
    ... # doctest: +NORMALIZE_WHITESPACE
    {'test': 'bootstrap', 'p_value': 0.01, 'p_adjusted': None, 'significant': True,
     'difference_interval': [0.5, 2.5], 'confidence': 0.95,
     'resamples': None, 'seed': 2}
    """
    cell = table.rows[row].cell(column)
    if cell is None:
        return None
    interval = cell.difference_interval
    return {"test": cell.test, "p_value": cell.p_value, "p_adjusted": cell.p_adjusted,
            "significant": cell.significant(table.alpha),
            "difference_interval": None if interval is None else list(interval),
            "confidence": None if interval is None else cell.confidence,
            "resamples": cell.resamples, "seed": cell.seed}
