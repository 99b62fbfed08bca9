"""What a scorer gives the comparison driver beyond its table (:class:`~treeeval.tables.systems.ScoredSystems`):
its worst sentences for the HTML report, its figures, how to read a sentence, and the files
the run reads (which ``--plot`` and ``--html`` never write over).

A scorer plugs into the driver with one small subclass of :class:`Systems`: the driver
(:mod:`.driver`) writes the table in every format, draws the figures and writes the HTML
report, the same way for every scorer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..policy.outputs import Name
from ..tables.systems import ScoredSystems

if TYPE_CHECKING:
    from ..figures.model import FigureData
    from ..html.model import SystemSentences


class Systems(ScoredSystems):
    """Several systems scored against one gold file, with what the HTML report and the
    figures show of them; ``inputs`` are the run's other input files."""

    #: how to read a sentence of the HTML report
    reading: str = ""

    def __init__(self, gold: str, paths: Sequence[str], inputs: Sequence[Name | None] = ()) -> None:
        super().__init__(gold, paths)
        self.inputs: list[Name | None] = [gold, *paths, *inputs]

    def worst(self, system: int, name: str) -> SystemSentences:
        """System ``system``'s worst sentences for the HTML report (``name``: its short
        name)."""
        raise UsageError(f"treeeval {self.command} writes no HTML report")

    def more_worst(self, system: int, name: str) -> Sequence[SystemSentences]:
        """System ``system``'s further sections of worst sentences, after :meth:`worst`
        (by another metric, showing another analysis; none by default)."""
        return ()

    def figures(self) -> Mapping[str, FigureData]:
        """The figures of every system, by name (none by default)."""
        return {}
