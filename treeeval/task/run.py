"""One team's run on one treebank of a shared task, as :mod:`.runs` scores it: its scores,
or why there are none (:class:`Failure`), its tests against the treebank's best run and
Callin's metrics.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..stats import SentenceScores
from ..tables import Significance
from ..ud.metrics import Score, f1_fraction
from .formats import percents

if TYPE_CHECKING:
    from ..arrays import AnyArray

#: why a run fails: the gold file cannot be read; the run cannot be opened (missing,
#: unreadable, not UTF-8); a cycle; another format error; no word; a different text
FAILURES = ("gold", "open", "cycle", "format", "empty", "text")


@dataclass(frozen=True)
class Failure:
    """Why a run was not scored: its kind (one of :data:`FAILURES`), treeeval's reason, the
    file and line it concerns, and the non-space characters of the run and of the gold file
    (for a different text)."""

    kind: str
    reason: str
    path: str
    line: int | None = None
    system_characters: int = 0
    gold_characters: int = 0


@dataclass(frozen=True)
class TaskRun:
    """One run: the scores of every metric, or why there are none; with ``--stat`` its
    test against the treebank's best run on each tested metric (:mod:`.significance`; none
    for the best run and a failed one).  ``per_sentence`` (each tested metric's rows, as
    :class:`treeeval.ud.metrics.UDScores` has them: int64 counts, float64 for WeightedLAS; or,
    for the other formats, its :class:`~treeeval.stats.SentenceScores`) is kept only while
    the tests need it."""

    team: str
    treebank: str
    path: str
    scores: dict[str, Score] | None = None
    failure: Failure | None = None
    tests: Mapping[str, Significance] = field(default_factory=dict)
    per_sentence: dict[str, AnyArray | SentenceScores] | None = field(
        default=None, repr=False, compare=False)
    #: the treebank's format (``ud``, ``dep`` or ``bracket``): whose formulas give its rates
    format: str = "ud"
    #: with ``--callin``, Callin's metrics of a scored CoNLL-U run, in percent (None where
    #: undefined; :func:`.callin.callin_values`)
    callin: dict[str, float | None] | None = field(default=None, repr=False)

    def f1(self, metric: str) -> float:
        """The run's F1 of ``metric``, a fraction as the scorers compute it
        (:func:`~treeeval.ud.metrics.f1_fraction`, what the shared tasks averaged and ranked
        by), 0 for a failed run (as the shared tasks counted it)."""
        return 0.0 if self.scores is None else f1_fraction(self.scores[metric])

    def percents(self, metric: str) -> tuple[float, float, float]:
        """The precision, recall and F1 of ``metric`` in percent, as the single command of
        the run's format computes them (:func:`.formats.percents`); 0 for a failed run.

        >>> TaskRun("a", "wsj", "a/wsj", {"fmeasure": Score(1, 1, 2)},
        ...           format="bracket").percents("fmeasure")
        (50.0, 100.0, 66.66666666666667)
        """
        if self.scores is None:
            return 0.0, 0.0, 0.0
        return percents(self.format, metric, self.scores[metric])

    def percent(self, metric: str) -> float:
        """The run's F1 of ``metric`` in percent (:meth:`percents`), as the tables show it."""
        return self.percents(metric)[2]
