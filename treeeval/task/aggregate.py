"""The aggregates a shared task publishes: each team's macro-average F1 over all treebanks,
over named groups of treebanks and per language, then over the languages (a failed run
counting 0), and the ranking by a metric.

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
from dataclasses import dataclass

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


@dataclass(frozen=True)
class LanguageAverages:
    """Each team's mean F1 of a metric per language, as the IWPT 2021 results give it, and
    over the languages: ``treebanks`` (language -> the indices of its treebanks that have
    the metric, the languages in the order of their first treebank), ``scores`` (team ->
    language -> the mean F1 over the language's treebanks, a fraction) and ``average``
    (team -> the mean of its languages' scores, each language weighted equally)."""

    metric: str
    treebanks: dict[str, list[int]]
    scores: dict[str, dict[str, float]]
    average: dict[str, float]


def language_averages(results: Sequence[Sequence[TaskRun]], metric: str,
                      languages: Sequence[str],
                      has: Sequence[Collection[str]] | None = None) -> LanguageAverages:
    """The per-language means of ``metric`` (:class:`LanguageAverages`; ``languages``: the
    language of each treebank), each that of :func:`team_averages` over the language's
    treebanks having the metric (a failed run counting 0).

    >>> from treeeval.ud.metrics import Score
    >>> runs = [[TaskRun("a", "cs_a", "a/cs_a", {"LAS": Score(1, 1, 1)})],
    ...         [TaskRun("a", "cs_b", "a/cs_b")],
    ...         [TaskRun("a", "fr_c", "a/fr_c", {"LAS": Score(1, 2, 2)})]]
    >>> found = language_averages(runs, "LAS", ["cs", "cs", "fr"])
    >>> found.treebanks, found.scores, found.average
    ({'cs': [0, 1], 'fr': [2]}, {'a': {'cs': 0.5, 'fr': 0.5}}, {'a': 0.5})
    """
    members: dict[str, list[int]] = {}
    for index, language in enumerate(languages):
        if has is None or metric in has[index]:
            members.setdefault(language, []).append(index)
    per_language = {language: team_averages(results, [metric], indices)
                    for language, indices in members.items()}
    teams = [result.team for result in results[0]] if results else []
    scores = {team: {language: means[team][metric] for language, means in per_language.items()}
              for team in teams}
    return LanguageAverages(metric, members, scores, {
        team: sum(values.values()) / len(values) if values else 0.0
        for team, values in scores.items()})


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
