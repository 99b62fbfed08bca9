"""The comparison driver's outputs, the same for every scorer: the table after the reports
or alone in ``--format``'s format, the line that heads each system's report, the figures of
``--plot`` and the HTML report of ``--html`` (the table itself and its tests:
:mod:`treeeval.tables.systems`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, BinaryIO

from ..policy.notices import Notices
from ..policy.outputs import Name
from ..tables.settings import ComparisonSettings
from .adapter import Systems

if TYPE_CHECKING:
    from ..tables import ComparisonTable


def write_table(table: ComparisonTable, settings: ComparisonSettings, out: BinaryIO) -> None:
    """The table alone in ``--format``'s format, else as text after the reports (after a
    blank line)."""
    from ..tables import render

    if settings.format:
        out.write(render(table, settings.format).encode("utf-8"))
    else:
        out.write(b"\n" + render(table, "text").encode("utf-8"))


def check_targets(settings: ComparisonSettings, inputs: Sequence[Name | None],
                  figures: Sequence[str] | None = None) -> None:
    """Before anything is scored: each ``--plot`` file's format (with the scorer's figure
    names, ``figures``, each figure's own file, never over an input) and the ``--html``
    file, never over an input (``inputs``: the run's input files)."""
    if settings.plot:
        from ..figures import figure_format, plot_paths
        from ..policy.outputs import check_output

        for path in settings.plot:
            if figures is None:
                figure_format(path)
            else:
                for target in plot_paths(path, figures).values():
                    check_output(target, inputs)
    if settings.html is not None:
        from ..policy.outputs import check_output

        check_output(settings.html, inputs)


def figures_and_report(systems: Systems, settings: ComparisonSettings, notices: Notices,
                       signature: Callable[[], str], table: ComparisonTable | None = None,
                       more: Sequence[ComparisonTable] = ()) -> None:
    """``--plot FILE``: the scorer's figures of every system, each to its file; ``--html
    FILE``: the report (``table``, or the comparison table made here, and the ``more``
    tables after it, without their signatures, which head the page; the figures; each
    system's worst sentences, then its further sections of them; the run's notices so far,
    as warnings).  Neither is ever written over an input of the run.  ``signature`` gives
    the run's signature, asked only for the HTML report (it hashes the inputs)."""
    if not settings.drawing:
        return
    from ..figures import draw, plot_paths
    from ..policy.outputs import check_output

    figures = dict(systems.figures())
    for path in settings.plot:
        for name, target in plot_paths(path, list(figures)).items():
            check_output(target, systems.inputs)
            draw(figures[name], target)
    if settings.html:
        from ..html import Report, write_html
        from ..tables.systems import comparison_table

        table = replace(table or comparison_table(systems, settings, notices), signature="")
        worst = [section for index, name in enumerate(systems.names)
                 for section in (systems.worst(index, name), *systems.more_worst(index, name))]
        tables = (table, *(replace(other, signature="") for other in more))
        write_html(Report(f"treeeval {systems.command}: {table.title}", systems.command,
                          signature(), tables, tuple(figures.values()), worst,
                          [f"warning: {notice.text()}" for notice in notices.shown()],
                          systems.reading), settings.html, systems.inputs)


def system_headers(systems: Systems) -> Sequence[bytes]:
    """The line that heads each system's report: ``=== NAME: GOLD SYSTEM``."""
    from ..policy.inputs import shown

    return [f"=== {name}: {shown(systems.gold)} {shown(path)}\n".encode()
            for name, path in zip(systems.names, systems.paths)]
