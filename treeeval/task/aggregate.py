"""The aggregates a shared task publishes: each team's macro-average F1 over all treebanks
and over named groups of treebanks (a failed run counting 0), and the ranking by a metric.

>>> from treeeval.ud.metrics import Score
>>> runs = [[TaskRun("a", "en", "a/en", {"LAS": Score(3, 4, 4)}),
...          TaskRun("b", "en", "b/en", {"LAS": Score(4, 4, 4)})],
...         [TaskRun("a", "fi", "a/fi", {"LAS": Score(1, 2, 2)}),
...          TaskRun("b", "fi", "b/fi")]]
>>> averages = team_averages(runs, ["LAS"])
>>> averages
{'a': {'LAS': 0.625}, 'b': {'LAS': 0.5}}
>>> team_averages(runs, ["LAS"], [1])
{'a': {'LAS': 0.5}, 'b': {'LAS': 0.0}}
>>> ranking({team: values["LAS"] for team, values in averages.items()})
[(1, 'a', 0.625), (2, 'b', 0.5)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..ud.report import macro_average
from .run import TaskRun


def team_averages(results: Sequence[Sequence[TaskRun]], metrics: Sequence[str],
                  treebanks: Sequence[int] | None = None,
                  has: Sequence[Collection[str]] | None = None) -> dict[str, dict[str, float]]:
    """Each team's mean F1 of each metric over the treebanks (all, or those at the indices
    ``treebanks``), as ``treeeval ud`` averages a folder of treebanks: a failed run counts 0.
    ``results`` holds one list per treebank with one result per team (:func:`.score_grid`).
    With ``has`` (the metrics of each treebank, in a task of several formats), a metric is
    averaged over the treebanks that have it, and left out where none has it.

    >>> from treeeval.ud.metrics import Score
    >>> runs = [[TaskRun("a", "en", "a/en", {"LAS": Score(1, 2, 2)})],
    ...         [TaskRun("a", "wsj", "a/wsj", {"fmeasure": Score(1, 1, 1)})]]
    >>> team_averages(runs, ["LAS", "fmeasure"], has=[("LAS",), ("fmeasure",)])
    {'a': {'LAS': 0.5, 'fmeasure': 1.0}}
    """
    chosen = list(range(len(results)) if treebanks is None else treebanks)
    teams = [result.team for result in results[0]] if results else []
    averages: dict[str, dict[str, float]] = {team: {} for team in teams}
    for metric in metrics:
        rows = [results[index] for index in chosen if has is None or metric in has[index]]
        if has is not None and not rows:
            continue
        for column, team in enumerate(teams):
            averages[team].update(macro_average([row[column].scores for row in rows], [metric]))
    return averages


def ranking(scores: Mapping[str, float]) -> list[tuple[int, str, float]]:
    """The teams by score, best first, as ``(rank, team, score)``.  Scores are compared as
    the tables print them (percent to two decimals): equal ones share the better rank and the
    next rank skips as many places (1, 2, 2, 4), the tied teams by name.

    >>> ranking({"c": 0.5, "b": 0.80001, "a": 0.8, "d": 0.1})
    [(1, 'a', 0.8), (1, 'b', 0.80001), (3, 'c', 0.5), (4, 'd', 0.1)]
    """
    shown = {team: round(100 * value, 2) for team, value in scores.items()}
    order = sorted(scores, key=lambda team: (-shown[team], team))
    ranks: list[tuple[int, str, float]] = []
    for place, team in enumerate(order, 1):
        tied = ranks and shown[ranks[-1][1]] == shown[team]
        ranks.append((ranks[-1][0] if tied else place, team, scores[team]))
    return ranks
