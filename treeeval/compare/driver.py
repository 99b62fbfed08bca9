"""The comparison driver: from any scorer's :class:`~.adapter.Systems` and the user's
:class:`~.settings.ComparisonSettings`, the comparison table (each system tested against the
baseline, Holm-corrected over more than two systems), the table in every format, the
figures, the HTML report and the signature's fields; the same for every scorer.

>>> from treeeval.stats import SentenceScores
>>> from treeeval.tables import Metric
>>> class Toy(Systems):
...     command = "lin"
...     def offered(self): return ("errors",)
...     def column(self, metric): return Metric(metric, "count", higher_is_better=False)
...     def value(self, system, metric): return [3, 1][system]
...     def sentence_scores(self, system, metric):
...         return SentenceScores.total([[2, 1, 0], [1, 0, 0]][system])
...     def sentences(self): return 3
>>> table = comparison_table(Toy("key.lin", ["a.lin", "b.lin"]), ComparisonSettings("ar", resamples=99))
>>> [(row.name, row.values) for row in table.rows], table.rows[1].significance[0].test
([('a', (3,)), ('b', (1,))], 'ar')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import BinaryIO

from ..policy.notices import Notices
from ..policy.outputs import output_file
from ..stats import SentenceScores
from ..tables import ComparisonTable, render
from ..tables.comparison import build_table, signature_fields
from .adapter import Systems
from .settings import ComparisonSettings

#: the notice of a test with no sentence to pair
NOTHING_TESTED = "the gold file holds no sentence: --stat tests nothing"


def metrics(systems: Systems, settings: ComparisonSettings) -> tuple[str, ...]:
    """The table's metrics: those of ``--metrics``, else the scorer's defaults."""
    return settings.chosen(systems.offered(), systems.defaults(settings.stat))


def check(systems: Systems, settings: ComparisonSettings) -> None:
    """Refuse, before anything is scored, a baseline that is none of the systems, unknown
    metrics and a test the metrics cannot take (for a scorer that knows its metrics before
    scoring)."""
    chosen = metrics(systems, settings)
    plan = settings.plan(systems.paths, systems.names)
    if plan is not None:
        systems.tested(plan.stat, chosen, asked=settings.metrics is not None)


def comparison_table(systems: Systems, settings: ComparisonSettings,
                     notices: Notices | None = None, signature: str = "") -> ComparisonTable:
    """The table of the systems on the chosen metrics, in the command line's order; with
    ``--stat`` each other system tested against the baseline on the metrics the test takes
    (unless the gold file has no sentence to pair: then a notice, and no test).  The table
    carries ``signature`` (shown after it when the settings say so)."""
    chosen = metrics(systems, settings)
    plan = settings.plan(systems.paths, systems.names)
    tested: tuple[str, ...] = ()
    if plan is not None:
        tested = systems.tested(plan.stat, chosen, asked=settings.metrics is not None)
        if systems.sentences() == 0:
            if notices is not None:
                notices.add(NOTHING_TESTED, path=systems.gold)
            plan = None
    count = len(systems.paths)
    values = [tuple(systems.value(index, metric) for metric in chosen) for index in range(count)]
    per_sentence: list[list[SentenceScores | None]] | None = None
    if plan is not None:
        per_sentence = [[systems.sentence_scores(index, metric) if metric in tested else None
                         for metric in chosen] for index in range(count)]
    return build_table(systems.title, systems.command, systems.names,
                       tuple(systems.column(metric) for metric in chosen), values,
                       signature=signature if settings.table_signature else "",
                       per_sentence=per_sentence, testing=plan, tested=tested)


def comparison_fields(systems: Systems, settings: ComparisonSettings
                      ) -> list[tuple[str, object]]:
    """The signature's fields of the comparison: the metrics of ``--metrics``, the test, its
    resamples and seed, and the baseline's short name
    (:func:`treeeval.tables.comparison.signature_fields`)."""
    asked = metrics(systems, settings) if settings.metrics is not None else None
    return signature_fields(asked, settings.plan(systems.paths, systems.names), systems.names)


def write_table(table: ComparisonTable, settings: ComparisonSettings, out: BinaryIO) -> None:
    """The table alone in ``--format``'s format, else as text after the reports (after a
    blank line)."""
    if settings.format:
        out.write(render(table, settings.format).encode("utf-8"))
    else:
        out.write(b"\n" + render(table, "text").encode("utf-8"))


def figures_and_report(systems: Systems, settings: ComparisonSettings, notices: Notices,
                       signature: str, table: ComparisonTable | None = None) -> None:
    """``--plot FILE``: the scorer's figures of every system, each to its file; ``--html
    FILE``: the report (``table``, or the comparison table made here, without its signature,
    which heads the page; the figures; each system's worst sentences; the run's notices so
    far, as warnings).  Neither is ever written over an input of the run."""
    if not settings.drawing:
        return
    from ..figures import figure_bytes, plot_paths

    figures = dict(systems.figures()) if settings.plot or settings.html else {}
    for path in settings.plot:
        for name, target in plot_paths(path, list(figures)).items():
            with output_file(target, systems.inputs, binary=True) as stream:
                stream.write(figure_bytes(figures[name], target.suffix.lower()))
    if settings.html:
        from ..html import Report, write_html

        table = replace(table or comparison_table(systems, settings, notices), signature="")
        worst = [systems.worst(index, name) for index, name in enumerate(systems.names)]
        write_html(Report(f"treeeval {systems.command}: {table.title}", systems.command,
                          signature, (table,), tuple(figures.values()), worst,
                          [f"warning: {notice.text()}" for notice in notices.shown()],
                          systems.reading), settings.html, systems.inputs)


def system_headers(systems: Systems) -> Sequence[bytes]:
    """The line that heads each system's report: ``=== NAME: GOLD SYSTEM``."""
    from ..policy.inputs import shown

    return [f"=== {name}: {shown(systems.gold)} {shown(path)}\n".encode()
            for name, path in zip(systems.names, systems.paths)]
