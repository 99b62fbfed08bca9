"""What a scorer gives the comparison driver: its systems and, for each, the numbers of its
report, the per-sentence scores the tests resample, its worst sentences and its figures.

A scorer plugs into the driver with one small subclass of :class:`Systems`: the driver
(:mod:`.driver`) chooses the metrics, tests each system against the baseline, writes the
table in every format, draws the figures and writes the HTML report, the same way for every
scorer.

>>> from treeeval.stats import SentenceScores
>>> class Toy(Systems):
...     command, reading = "lin", ""
...     def offered(self): return ("errors",)
...     def column(self, metric): return Metric(metric, "count", higher_is_better=False)
...     def value(self, system, metric): return [3, 1][system]
...     def sentence_scores(self, system, metric): return SentenceScores.total([[2, 1], [1, 0]][system])
...     def sentences(self): return 2
>>> toy = Toy("key.lin", ["a.lin", "b.lin"])
>>> toy.names, toy.title, toy.tested("ar", ("errors",), asked=False)
(['a', 'b'], 'key', ('errors',))
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..policy.inputs import plain_name
from ..tables.comparison import system_names
from ..tables.model import Metric, Number

if TYPE_CHECKING:
    from ..figures.model import FigureData
    from ..html.model import SystemSentences
    from ..stats import SentenceScores


class Systems(ABC):
    """Several systems scored against one gold file by one scorer.

    ``gold`` and ``paths`` are the files as the user gave them; ``inputs`` every file the
    run reads (what ``--plot`` and ``--html`` never write over).  A subclass says which
    metrics there are and gives each system's value and per-sentence scores; it may give
    worst sentences (``--html``) and figures (``--plot``), and refuse a test a metric cannot
    take (:meth:`tested`).
    """

    #: the command that scored the systems (the table's and the report's)
    command: str
    #: how to read a sentence of the HTML report
    reading: str = ""

    def __init__(self, gold: str, paths: Sequence[str], inputs: Sequence[object] = ()) -> None:
        self.gold = gold
        self.paths = list(paths)
        self.inputs = [gold, *paths, *inputs]

    @property
    def names(self) -> list[str]:
        """The systems' short names (:func:`treeeval.tables.comparison.system_names`)."""
        return system_names(self.paths)

    @property
    def title(self) -> str:
        """The table's title: the gold file's name without its folder and extension (and
        without a compression's suffix)."""
        return os.path.splitext(os.path.basename(plain_name(self.gold)))[0]

    @abstractmethod
    def offered(self) -> Sequence[str]:
        """Every metric ``--metrics`` may name, in the report's order."""

    def defaults(self, stat: str | None) -> Sequence[str]:
        """The table's metrics without ``--metrics`` (by default all of them), ``stat`` the
        test asked (None: none)."""
        return self.offered()

    @abstractmethod
    def column(self, metric: str) -> Metric:
        """The table's column of ``metric`` (its unit, which way is better)."""

    @abstractmethod
    def value(self, system: int, metric: str) -> Number | None:
        """System ``system``'s value of ``metric``, as its report prints it (None: none)."""

    @abstractmethod
    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        """System ``system``'s per-sentence counts of ``metric`` (asked only with a test)."""

    @abstractmethod
    def sentences(self) -> int:
        """How many gold sentences the tests pair (0: nothing to test)."""

    def tested(self, stat: str, metrics: Sequence[str], asked: bool) -> tuple[str, ...]:
        """The metrics ``--stat`` tests among the table's ``metrics`` (``asked``: named by
        ``--metrics``); a :class:`UsageError` when the test applies to none it should.  By
        default every metric takes every test but McNemar's, which needs one outcome per
        item."""
        if stat == "mcnemar":
            raise UsageError(f"--stat mcnemar does not apply to the {self.command} metrics: "
                             "use --stat bootstrap or --stat ar")
        return tuple(metrics)

    def worst(self, system: int, name: str) -> SystemSentences:
        """System ``system``'s worst sentences for the HTML report (``name``: its short
        name)."""
        raise UsageError(f"treeeval {self.command} writes no HTML report")

    def figures(self) -> Mapping[str, FigureData]:
        """The figures of every system, by name (none by default)."""
        return {}
