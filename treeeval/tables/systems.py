"""What a scorer gives a comparison table, and the table with its tests: any scorer's systems
(:class:`ScoredSystems`: their metrics, each system's values and the per-sentence scores the
tests resample) and the user's :class:`~.settings.ComparisonSettings` make one table, the same
way for every scorer (:func:`comparison_table`), with its signature's fields
(:func:`comparison_fields`).

>>> from treeeval.stats import SentenceScores
>>> from treeeval.tables.model import Metric
>>> class Toy(ScoredSystems):
...     command = "lin"
...     def offered(self): return ("errors",)
...     def column(self, metric): return Metric(metric, "count", higher_is_better=False)
...     def value(self, system, metric): return [3, 1][system]
...     def sentence_scores(self, system, metric):
...         return SentenceScores.total([[2, 1, 0], [1, 0, 0]][system])
...     def sentences(self): return 3
>>> toy = Toy("key.lin", ["a.lin", "b.lin"])
>>> toy.names, toy.title
(['a', 'b'], 'key')
>>> table = comparison_table(toy, ComparisonSettings("ar", resamples=99))
>>> [(row.name, row.values) for row in table.rows], table.rows[1].significance[0].test
([('a', (3,)), ('b', (1,))], 'ar')
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..policy.inputs import plain_name
from ..policy.signature import Value
from .settings import ComparisonSettings

if TYPE_CHECKING:
    from ..policy.notices import Notices
    from ..stats import SentenceScores
    from .model import ComparisonTable, Metric, Number

#: the notice of a test with no sentence to pair
NOTHING_TESTED = "the gold file holds no sentence: --stat tests nothing"


class ScoredSystems(ABC):
    """Several systems scored against one gold file by one scorer.

    ``gold`` and ``paths`` are the files as the user gave them.  A subclass says which
    metrics there are and gives each system's value and per-sentence scores, and may refuse
    a test a metric cannot take (:meth:`tested`).
    """

    #: the command that scored the systems (the table's)
    command: str

    def __init__(self, gold: str, paths: Sequence[str]) -> None:
        self.gold = gold
        self.paths = list(paths)

    @property
    def names(self) -> list[str]:
        """The systems' short names (:func:`~.comparison.system_names`)."""
        from .comparison import system_names

        return system_names(self.paths)

    @property
    def labels(self) -> list[str]:
        """The systems' names as the figures' legends show them: an incomplete system's
        marked, as in the table (:meth:`incomplete`)."""
        from .cells import INCOMPLETE_MARK

        return [name + (INCOMPLETE_MARK if self.incomplete(index) else "")
                for index, name in enumerate(self.names)]

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

    def incomplete(self, system: int) -> str:
        """Why and how much of the gold system ``system``'s scores leave out, in a few
        words (``"stopped by MAX_ERROR at sentence 882 of 2,416"``, ``"100 of 1,700
        sentences"``); '' when they cover it all, as by default (a scorer that refuses
        such a run has nothing to say)."""
        return ""

    def tested(self, stat: str, metrics: Sequence[str], asked: bool) -> tuple[str, ...]:
        """The metrics ``--stat`` tests among the table's ``metrics`` (``asked``: named by
        ``--metrics``); a :class:`UsageError` when the test applies to none it should.  By
        default every metric takes every test but McNemar's, which needs one outcome per
        item."""
        if stat == "mcnemar":
            raise UsageError(f"--stat mcnemar does not apply to the {self.command} metrics: "
                             "use --stat bootstrap or --stat ar")
        return tuple(metrics)


def chosen_metrics(systems: ScoredSystems, settings: ComparisonSettings) -> tuple[str, ...]:
    """The table's metrics, by their keys: those of ``--metrics`` (each named by its key or
    its column's header), else the scorer's defaults."""
    offered = systems.offered()
    return settings.chosen(offered, systems.defaults(settings.stat),
                           {metric: systems.column(metric).shown for metric in offered})


def check(systems: ScoredSystems, settings: ComparisonSettings) -> None:
    """Refuse, before anything is scored, a baseline that is none of the systems, unknown
    metrics and a test the metrics cannot take (for a scorer that knows its metrics before
    scoring)."""
    chosen = chosen_metrics(systems, settings)
    plan = settings.plan(systems.paths, systems.names)
    if plan is not None:
        systems.tested(plan.stat, chosen, asked=settings.metrics is not None)


def comparison_table(systems: ScoredSystems, settings: ComparisonSettings,
                     notices: Notices | None = None, signature: str = "") -> ComparisonTable:
    """The table of the systems on the chosen metrics, in the command line's order; with
    ``--stat`` each other system tested against the baseline on the metrics the test takes
    (unless the gold file has no sentence to pair: then a notice, and no test).  The table
    is titled by ``--title``, else by the gold file's name, and carries ``signature`` when
    the settings say it shows it."""
    chosen = chosen_metrics(systems, settings)
    plan = settings.plan(systems.paths, systems.names)
    tested: tuple[str, ...] = ()
    if plan is not None:
        tested = systems.tested(plan.stat, chosen, asked=settings.metrics is not None)
        if systems.sentences() == 0:
            if notices is not None:
                notices.add(NOTHING_TESTED, path=systems.gold)
            plan = None
    count = len(systems.paths)
    incomplete = [systems.incomplete(index) for index in range(count)]
    if notices is not None:
        for path, reason in zip(systems.paths, incomplete):
            if reason:
                notices.add(incomplete_notice(reason, plan is not None), path=path)
    values = [tuple(systems.value(index, metric) for metric in chosen) for index in range(count)]
    per_sentence: list[list[SentenceScores | None]] | None = None
    if plan is not None:
        scored = not incomplete[plan.baseline]
        per_sentence = [[systems.sentence_scores(index, metric)
                         if metric in tested and scored and not incomplete[index] else None
                         for metric in chosen] for index in range(count)]
    from .comparison import build_table

    return build_table(settings.titled(systems.title), systems.command, systems.names,
                       tuple(systems.column(metric) for metric in chosen), values,
                       signature=signature if settings.table_signature else "",
                       per_sentence=per_sentence, testing=plan, tested=tested,
                       incomplete=incomplete)


def incomplete_notice(reason: str, tested: bool) -> str:
    """The notice of an incomplete system in a comparison: what is missing, and what the
    table does with it.

    >>> incomplete_notice("100 of 1,700 sentences", True)
    'incomplete (100 of 1,700 sentences): marked in the comparison, never its best, not tested'
    """
    return (f"incomplete ({reason}): marked in the comparison, never its best"
            + (", not tested" if tested else ""))


def comparison_fields(systems: ScoredSystems, settings: ComparisonSettings
                      ) -> list[tuple[str, Value]]:
    """The signature's fields of the comparison: the metrics of ``--metrics``, the test, its
    resamples and seed, and the baseline's short name
    (:func:`~.comparison.signature_fields`)."""
    asked = chosen_metrics(systems, settings) if settings.metrics is not None else None
    from .comparison import signature_fields

    return signature_fields(asked, settings.plan(systems.paths, systems.names), systems.names)
