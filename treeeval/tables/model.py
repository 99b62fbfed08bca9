"""The comparison table of a paper, as plain data: systems, metrics, scores, significance.

A ``ComparisonTable`` has one row per system (``SystemRow``), in the command line's order,
and one column per metric (``Metric``).  Every score is on the scale the reports print:
percent (86.25, not 0.8625) for rates, a whole number for counts.  A row may be the
baseline; then every other row's cell may carry a ``Significance``: the test of that system
against the baseline on that metric (``difference_interval`` is the confidence interval of
``system - baseline``).  With more than two systems, ``corrected`` adjusts the p-values of
each metric's comparisons (Holm–Bonferroni by default) and names the correction.

The renderers (:func:`treeeval.tables.render`) only read this data.

>>> base = SystemRow("base", (86.0, 90.5), baseline=True)
>>> ours = SystemRow("ours", (87.25, 90.0),
...                  (Significance("ar", 0.004, resamples=10_000, seed=1), None))
>>> table = ComparisonTable("Dev set", "dep", (Metric("LAS"), Metric("UAS")), (base, ours))
>>> table.baseline.name, table.best(0), table.best(1)
('base', (1,), (0,))
>>> table.rows[1].significance[0].significant(table.alpha)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from numbers import Integral
from typing import SupportsFloat

from ..stats.correction import CORRECTIONS, DEFAULT_CORRECTION, adjust
from ..stats.significance import METHODS, SignificanceResult

#: the units of a metric's values
UNITS = ("percent", "count", "number")
#: where a table's best values are looked for (:attr:`ComparisonTable.best_in`)
BEST_IN = ("column", "row")
#: the commands that score systems (a table's ``command``)
COMMANDS = ("bracket", "dep", "ud", "lin", "errors", "task", "disco")

Number = float | int


def _plain(value: SupportsFloat | None) -> Number | None:
    """A number as Python's own (numpy's ``int64`` and ``float64`` included), None kept.

    >>> import numpy as np
    >>> _plain(np.int64(3)), _plain(np.float32(0.5)), _plain(None)
    (3, 0.5, None)
    """
    if value is None:
        return None
    return int(value) if isinstance(value, Integral) else float(value)


def _freeze(instance: object, **fields: object) -> None:
    """Set fields of a frozen dataclass in its ``__post_init__`` (normalised values)."""
    for name, value in fields.items():
        object.__setattr__(instance, name, value)


@dataclass(frozen=True)
class Metric:
    """A column: its name, its unit (``percent``, ``count``, or ``number``: a statistic such
    as a correlation, shown to the table's decimals, no best marked), which way is better,
    its header and whether its values compare.

    ``name`` is the column's stable key: what ``--metrics`` and the signature name it by,
    and the ``metric`` of the CSV and JSON data (``fmeasure``).  ``header`` is its head as a
    paper writes it (``F1``; '' when it is the name), which every format shows.
    ``comparable`` is False for a column whose rows' values do not compare, so that no best
    is marked in it: a rank, or rows that are not competitors (treebanks, labels).

    >>> f1 = Metric("fmeasure", header="F1")
    >>> f1.shown, f1.has_best, Metric("rank", "count", False, comparable=False).has_best
    ('F1', True, False)
    """

    name: str
    unit: str = "percent"
    higher_is_better: bool = True
    # left out of the repr, which stays that of a plain column (dep.compare's doctest shows one)
    header: str = field(default="", repr=False)
    comparable: bool = field(default=True, repr=False)

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"unit {self.unit!r} of metric {self.name!r} is not one of {UNITS}")

    @property
    def shown(self) -> str:
        """The column's head in every format: its header, else its name."""
        return self.header or self.name

    @property
    def has_best(self) -> bool:
        """Whether a best value is marked in the column: its values compare, and they are
        scores (not a ``number`` such as a correlation)."""
        return self.comparable and self.unit != "number"


@dataclass(frozen=True)
class Significance:
    """One test of a system against the baseline on one metric.

    ``test`` is the ``--stat`` name (``bootstrap``, ``ar``, ``mcnemar``); ``p_adjusted`` is
    set by :func:`corrected`; ``difference_interval`` is the ``confidence`` interval of the
    difference system - baseline (the bootstrap's; None for the other tests).

    >>> s = Significance("bootstrap", 0.03, (0.2, 1.4), resamples=1000, seed=7)
    >>> s.significant(0.05), replace(s, p_adjusted=0.06).significant(0.05)
    (True, False)
    """

    test: str
    p_value: float
    difference_interval: tuple[float, float] | None = None
    confidence: float | None = 0.95
    resamples: int | None = None
    seed: int | None = None
    p_adjusted: float | None = None

    def __post_init__(self) -> None:
        interval = self.difference_interval
        _freeze(self, p_value=float(self.p_value), p_adjusted=_plain(self.p_adjusted),
                difference_interval=None if interval is None else (float(interval[0]),
                                                                   float(interval[1])),
                resamples=_plain(self.resamples), seed=_plain(self.seed))
        if self.test not in METHODS:
            raise ValueError(f"test {self.test!r} is not one of {', '.join(METHODS)}")
        for p in (self.p_value, self.p_adjusted):
            if p is not None and not 0 <= p <= 1:
                raise ValueError(f"p-value {p} is not in [0, 1]")

    @classmethod
    def from_result(cls, result: SignificanceResult) -> Significance:
        """The significance of a ``treeeval.stats.SignificanceResult`` (system A, baseline B).

        >>> from treeeval.stats import SentenceScores, compare
        >>> a, b = SentenceScores.ratio([9, 8], [10, 10]), SentenceScores.ratio([8, 8], [10, 10])
        >>> Significance.from_result(compare(a, b, "ar", resamples=99, seed=3)).resamples
        99
        """
        return cls(result.method, result.p_value, result.difference_interval,
                   result.confidence, result.resamples, result.seed)

    @property
    def p(self) -> float:
        """The p-value compared with the level: the adjusted one when there is one."""
        return self.p_value if self.p_adjusted is None else self.p_adjusted

    def significant(self, alpha: float) -> bool:
        """Whether the difference is significant at level ``alpha``."""
        return self.p < alpha


@dataclass(frozen=True)
class SystemRow:
    """A system's row: its name, one value per metric (None: not measured), and per metric
    the test against the baseline (None: not tested; empty: nothing tested).

    ``incomplete`` says why and how much of the gold the system's scores leave out
    (``"stopped by MAX_ERROR at sentence 882 of 2,416"``; empty: none): such a row keeps
    its values but is never the best of a column and never tested.  ``untested`` says why a
    test that was asked has no cell in the row (its own incompleteness, or the baseline's).

    >>> SystemRow("cut", (80.0,), incomplete="100 of 1,700 sentences").complete
    False
    """

    name: str
    values: tuple[Number | None, ...]
    significance: tuple[Significance | None, ...] = ()
    baseline: bool = False
    incomplete: str = ""
    untested: str = ""

    @property
    def complete(self) -> bool:
        """Whether the system's scores cover the whole gold file."""
        return not self.incomplete

    def __post_init__(self) -> None:
        _freeze(self, values=tuple(map(_plain, self.values)),
                significance=tuple(self.significance))

    def cell(self, column: int) -> Significance | None:
        """The test of column ``column`` (None when there is none)."""
        return self.significance[column] if self.significance else None


@dataclass(frozen=True)
class ComparisonTable:
    """Systems (rows, in the command line's order) by metrics (columns); see the module.

    ``command`` is the command that scored the systems; ``signature`` the run's signature
    (:mod:`treeeval.policy.signature`); ``alpha`` the level below which a p-value is
    marked; ``decimals`` how many digits a percent shows; ``correction`` the name of the
    multiple-comparison correction applied (a key of ``treeeval.stats.correction
    .CORRECTIONS``), None when none was; ``row_label`` what the rows are, the head of their
    column in every format (``system``; ``treebank`` when a task's rows are treebanks,
    ``label`` in a table of per-label scores); ``best_in`` where the best is looked for:
    ``column``, the best of each column among the rows (the rows are systems), or ``row``,
    the best of each row among its comparable columns (the columns are systems, as in a
    table of per-label scores: they share one unit and one direction).
    """

    title: str
    command: str
    metrics: tuple[Metric, ...]
    rows: tuple[SystemRow, ...]
    notes: tuple[str, ...] = ()
    signature: str = ""
    correction: str | None = None
    alpha: float = 0.05
    decimals: int = 2
    row_label: str = "system"
    best_in: str = "column"

    def __post_init__(self) -> None:
        _freeze(self, metrics=tuple(self.metrics), rows=tuple(self.rows),
                notes=tuple(self.notes))
        if self.command not in COMMANDS:
            raise ValueError(f"command {self.command!r} is not one of {', '.join(COMMANDS)}")
        if not 0 < self.alpha < 1 or self.decimals < 0:
            raise ValueError(f"alpha {self.alpha} is not in (0, 1) or decimals {self.decimals} < 0")
        for names in ([metric.name for metric in self.metrics],
                      [metric.shown for metric in self.metrics]):
            if len(set(names)) != len(names):
                raise ValueError(f"metric names repeat: {names}")
        if self.best_in not in BEST_IN:
            raise ValueError(f"best_in {self.best_in!r} is not one of {BEST_IN}")
        if self.best_in == "row" and len({(metric.unit, metric.higher_is_better)
                                          for metric in self.metrics if metric.has_best}) > 1:
            raise ValueError("the compared columns of a table whose best is in each row differ "
                             "in unit or direction")
        if sum(row.baseline for row in self.rows) > 1:
            raise ValueError("more than one baseline")
        if self.correction is not None and self.correction not in CORRECTIONS:
            raise ValueError(f"correction {self.correction!r} is not one of "
                             f"{', '.join(CORRECTIONS)}")
        for row in self.rows:
            self._check_row(row)

    def _check_row(self, row: SystemRow) -> None:
        width = len(self.metrics)
        if len(row.values) != width or len(row.significance) not in (0, width):
            raise ValueError(f"row {row.name!r} does not have one value per metric ({width})")
        if any(value is not None and not math.isfinite(value) for value in row.values):
            raise ValueError(f"row {row.name!r} has a value that is not a finite number")
        tests = [test for test in row.significance if test is not None]
        if tests:
            base = self.baseline
            if row.baseline or base is None:
                raise ValueError(f"row {row.name!r}: significance is against a baseline row")
            if row.untested or not (row.complete and base.complete):
                raise ValueError(f"row {row.name!r}: an incomplete system is never tested")
        if self.correction is None and any(test.p_adjusted is not None for test in tests):
            raise ValueError(f"row {row.name!r}: adjusted p-values without a correction")

    @property
    def baseline(self) -> SystemRow | None:
        """The baseline row, if one is marked."""
        return next((row for row in self.rows if row.baseline), None)

    @property
    def tested(self) -> bool:
        """Whether any cell carries a significance test."""
        return any(cell is not None for _, _, cell in self.tests())

    def tests(self) -> Iterator[tuple[SystemRow, int, Significance | None]]:
        """Every (row, column, significance) of the rows other than the baseline."""
        for row in self.rows:
            if not row.baseline:
                yield from ((row, column, row.cell(column)) for column in range(len(self.metrics)))

    def rounded(self, value: Number, column: int) -> Number:
        """A value as the table shows it: a percent to ``decimals`` digits, a count whole.

        >>> t = ComparisonTable("t", "lin", (Metric("n", unit="count"),), ())
        >>> t.rounded(3.0, 0), t.decimals
        (3, 2)
        """
        if self.metrics[column].unit == "count" and float(value).is_integer():
            return int(value)
        return round(float(value), self.decimals)

    @property
    def incomplete(self) -> tuple[SystemRow, ...]:
        """The rows of incomplete systems."""
        return tuple(row for row in self.rows if not row.complete)

    def best(self, column: int) -> tuple[int, ...]:
        """The rows whose value in a column is the best as shown (ties all best): by
        default the best of the column (none when fewer than two rows have a value); with
        ``best_in="row"`` the rows where the column holds the best of the row (none when
        fewer than two columns have a value).  An incomplete system's row is never the best,
        nor is any value of a column that has no best (:attr:`Metric.has_best`).

        >>> rows = (SystemRow("a", (80.0,)), SystemRow("b", (90.0,), incomplete="stopped"),
        ...         SystemRow("c", (85.0,)))
        >>> ComparisonTable("t", "dep", (Metric("LAS"),), rows).best(0)
        (2,)
        >>> by_label = ComparisonTable("t", "bracket", (Metric("a"), Metric("b")),
        ...                            (SystemRow("NP", (80.0, 90.0)),), best_in="row")
        >>> by_label.best(0), by_label.best(1)
        ((), (0,))
        """
        metric = self.metrics[column]
        if not metric.has_best:
            return ()
        if self.best_in == "row":
            return tuple(index for index in range(len(self.rows))
                         if column in self._best(index, range(len(self.metrics)), by_row=True))
        return self._best(column, range(len(self.rows)), by_row=False)

    def _best(self, fixed: int, among: range, *, by_row: bool) -> tuple[int, ...]:
        """The best of row ``fixed`` among its columns (``by_row``), or of column ``fixed``
        among its rows, as shown: the positions in ``among`` that hold it."""
        shown: dict[int, Number] = {}
        higher = True
        for place in among:
            row, column = (fixed, place) if by_row else (place, fixed)
            value, metric = self.rows[row].values[column], self.metrics[column]
            if value is not None and self.rows[row].complete and metric.has_best:
                shown[place] = self.rounded(value, column)
                higher = metric.higher_is_better  # one direction (checked for a row)
        if len(shown) < 2:
            return ()
        top = (max if higher else min)(shown.values())
        return tuple(place for place, value in shown.items() if value == top)


def corrected(table: ComparisonTable, method: str = DEFAULT_CORRECTION) -> ComparisonTable:
    """The table with each metric's p-values adjusted by ``method`` over that metric's tests
    against the baseline (the family: one test per other system; a family of one keeps its
    p-value); unchanged when no metric has more than one test, as with two systems, where
    there is nothing to correct.

    >>> base = SystemRow("a", (80.0,), baseline=True)
    >>> rows = [SystemRow(n, (81.0,), (Significance("ar", p),)) for n, p in zip("bc", (.02, .04))]
    >>> t = corrected(ComparisonTable("t", "dep", (Metric("LAS"),), (base, *rows)))
    >>> t.correction, [row.cell(0).p_adjusted for row in t.rows[1:]]
    ('holm', [0.04, 0.04])
    >>> corrected(t, "sidak")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: unknown correction 'sidak' (choose from holm, bonferroni)
    """
    families = [[(index, cell) for index, row in enumerate(table.rows)
                 if not row.baseline and (cell := row.cell(column)) is not None]
                for column in range(len(table.metrics))]
    adjusted = {(index, column): float(p)
                for column, family in enumerate(families)
                for (index, _), p in zip(family, adjust([cell.p_value for _, cell in family],
                                                         method))}
    if max(map(len, families), default=0) < 2:
        return table
    rows = tuple(replace(row, significance=tuple(
        None if cell is None else replace(cell, p_adjusted=adjusted.get((index, column)))
        for column, cell in enumerate(row.significance))) for index, row in enumerate(table.rows))
    return replace(table, rows=rows, correction=method)
