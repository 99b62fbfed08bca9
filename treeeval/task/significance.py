"""``treeeval task --stat``: on each treebank, the teams not significantly different from the
best (the *cluster of the best*), metric by metric.

For each treebank and each tested metric the best run is the one with the highest F1 (exact,
not rounded; on an exact tie, the first team in the task's order).  Every other scored run
is tested against it over the gold sentences, as ``treeeval ud GOLD ... --stat S
--baseline BEST`` tests a system (:func:`treeeval.ud.compare.sentence_scores`: the F1 of the
summed per-sentence counts); a CoNLL-X treebank's as ``treeeval dep GOLD ... --stat S
--baseline BEST`` tests it (MaltEval's accuracy per sentence), a bracketed treebank's as
``treeeval bracket -p PRM GOLD ... --stat S --baseline BEST`` does (EVALB's counts per
sentence).  Every test of a treebank runs with the same ``--seed`` (so a
treebank's tests do not depend on the other treebanks, their order, or the worker that runs
them).  The p-values of a treebank and metric are Holm-corrected over its tested teams.  A
failed run (counted 0) is not tested and is in no cluster.

>>> from treeeval.task.run import TaskRun
>>> from treeeval.ud.metrics import Score
>>> rows = {"a": np.array([[2, 2, 2, 2]] * 6), "b": np.array([[1, 2, 2, 2]] * 6)}
>>> runs = [TaskRun(team, "en", team, {"LAS": Score(*rows[team].sum(axis=0))},
...                   per_sentence={"LAS": rows[team]}) for team in "ab"]
>>> tested = runs_with_tests(runs, TaskStat("bootstrap", 200, 1, ("LAS",)))
>>> best_run(tested, "LAS"), round(tested[1].tests["LAS"].p_value, 4), tested[1].per_sentence
(0, 0.005, None)
>>> cluster(tested, "LAS", 0.05)
['a']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np  # noqa: F401 (its doctests build arrays)

from ..stats import SentenceScores, compare_many
from ..stats.correction import DEFAULT_CORRECTION, adjust
from ..tables import Significance
from ..ud.compare import sentence_scores

if TYPE_CHECKING:
    from .run import TaskRun

#: the multiple-comparison correction over the teams of a treebank and metric
CORRECTION = DEFAULT_CORRECTION




@dataclass(frozen=True)
class TaskStat:
    """``--stat``, ``--resamples`` and ``--seed`` (the same for every treebank), and the
    metrics tested."""

    stat: str
    resamples: int
    seed: int
    metrics: tuple[str, ...]


def best_run(runs: Sequence[TaskRun], metric: str) -> int | None:
    """The position of a treebank's best run by ``metric`` (highest F1; the first of exact
    ties), None when every run failed or the treebank's format has no such metric.

    >>> from treeeval.task.run import TaskRun
    >>> from treeeval.ud.metrics import Score
    >>> best_run([TaskRun("a", "en", "a"), TaskRun("b", "en", "b", {"LAS": Score(1, 2, 2)}),
    ...           TaskRun("c", "en", "c", {"LAS": Score(1, 2, 2)})], "LAS")
    1
    """
    scored = [(-run.f1(metric), index) for index, run in enumerate(runs)
              if run.scores and metric in run.scores]
    return min(scored)[1] if scored else None


def cluster(runs: Sequence[TaskRun], metric: str, alpha: float) -> list[str]:
    """The teams of a tested treebank not significantly different from its best run by
    ``metric`` at level ``alpha`` (corrected p-value), the best first, then the task's order
    (empty when every run failed)."""
    best = best_run(runs, metric)
    if best is None:
        return []
    return [runs[best].team] + [run.team for run in runs if metric in run.tests
                                and not run.tests[metric].significant(alpha)]


def runs_with_tests(runs: Sequence[TaskRun], testing: TaskStat) -> list[TaskRun]:
    """A treebank's runs (scored with their per-sentence rows) with every scored run but the
    best tested against the best on each metric of ``testing`` the treebank has
    (``TaskRun.tests``), the rows dropped.  One :func:`~treeeval.stats.compare_many` draws
    the resamples once for all the tests, each equal to the test ``treeeval ud --stat``
    (CoNLL-U rows), ``treeeval dep --stat`` or ``treeeval bracket --stat`` (their
    :class:`~treeeval.stats.SentenceScores`) runs alone."""
    counts: dict[tuple[int, str], SentenceScores] = {}

    def of(index: int, metric: str) -> SentenceScores:
        if (index, metric) not in counts:
            per_sentence = runs[index].per_sentence
            assert per_sentence is not None  # a scored run keeps its rows until it is tested
            rows = per_sentence[metric]
            counts[index, metric] = rows if isinstance(rows, SentenceScores) \
                else sentence_scores(rows)
        return counts[index, metric]

    bests = {metric: best for metric in testing.metrics
             if (best := best_run(runs, metric)) is not None}
    where = [(index, metric) for metric, best in bests.items()
             for index, run in enumerate(runs) if run.scores and index != best]
    results = compare_many([(of(index, metric), of(bests[metric], metric))
                            for index, metric in where], testing.stat,
                           resamples=testing.resamples, seed=testing.seed) if where else []
    cells = _corrected(where, [Significance.from_result(result) for result in results])
    tests: dict[int, dict[str, Significance]] = {}
    for (index, metric), cell in zip(where, cells):
        tests.setdefault(index, {})[metric] = cell
    return [replace(run, per_sentence=None, tests=tests.get(index, {}))
            for index, run in enumerate(runs)]


def _corrected(where: Sequence[tuple[int, str]],
               cells: Sequence[Significance]) -> list[Significance]:
    """Each metric's p-values Holm-corrected over its tests, as
    :func:`treeeval.tables.model.corrected` corrects a comparison table's (a family of one
    keeps its p-value alone).

    >>> cells = _corrected([(1, "LAS"), (2, "LAS"), (1, "UAS")],
    ...                    [Significance("ar", p) for p in (0.02, 0.04, 0.01)])
    >>> [(cell.p_value, cell.p_adjusted) for cell in cells]
    [(0.02, 0.04), (0.04, 0.04), (0.01, None)]
    """
    adjusted = list(cells)
    for metric in dict.fromkeys(metric for _, metric in where):
        family = [k for k, (_, name) in enumerate(where) if name == metric]
        if len(family) > 1:
            for k, p in zip(family, adjust([cells[k].p_value for k in family], CORRECTION)):
                adjusted[k] = replace(cells[k], p_adjusted=float(p))
    return adjusted
