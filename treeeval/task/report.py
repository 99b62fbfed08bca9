"""A scored task as tables (through :mod:`treeeval.tables`) and as the ``--json`` document.

The tables, in the order ``treeeval task`` writes them (docs/task.md): one per treebank
(teams as rows, every metric as columns; a failed run shows no value), the macro-average
over all treebanks, one per group of ``--groups``, the first ranked metric per language and
over the languages (IWPT-style tasks), the ranking by each main metric, and with ``--stat``
the cluster of the best by each tested metric (:mod:`.significance`).
In a task of several formats (``has``: the metrics of each treebank), a treebank's table
shows its own metrics, and each average is over the treebanks that have the metric.  A
bracketed treebank's metrics are headed as ``treeeval bracket`` heads them (``fmeasure``:
F1).  Only what compares is marked best: the teams of a treebank, an average or a ranking,
not a rank, nor the rows of a cluster table, which are treebanks.

>>> from treeeval.ud.metrics import Score
>>> runs = [[TaskRun("a", "en", "a/en", {"LAS": Score(3, 4, 4)}),
...          TaskRun("b", "en", "b/en", failure=Failure("open", "cannot read", "b/en"))]]
>>> task = ScoredTask(["en"], ["a", "b"], runs, ("LAS",), ("LAS",))
>>> [table.title for table in task.tables()]
['en', 'Macro-average over 1 treebank', 'Ranking by LAS']
>>> task.tables()[0].rows[1].values, task.tables()[0].notes
((None,), ('b: no score (cannot read), counted as 0.',))
>>> [row.name for row in task.tables()[2].rows], task.tables()[2].rows[1].values
(['a', 'b'], (2, 0.0))
>>> task.tables()[2].best(0), task.tables()[2].best(1)
((), (0,))
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from ..bracket.compare import HEADERS
from ..tables import ComparisonTable, Metric, SystemRow
from ..ud.metrics import Score
from ..wording import counted
from .aggregate import LanguageAverages, language_averages, ranking, team_averages
from .judgments import JudgmentCorrelation
from .run import Failure, TaskRun
from .significance import CORRECTION, TaskStat, best_run, cluster

#: the tables of ``--table``, in the order they are written
TABLES = ("treebanks", "averages", "groups", "languages", "ranking", "clusters")
#: the level below which a corrected p-value puts a team out of the cluster of the best
ALPHA = 0.05


@dataclass
class ScoredTask:
    """Every run of a task (one list per treebank, one result per team), the metrics of the
    tables, the main metrics (averaged and ranked) and the groups of treebanks."""

    treebanks: list[str]
    teams: list[str]
    results: list[list[TaskRun]]
    metrics: tuple[str, ...]
    main: tuple[str, ...]
    groups: dict[str, list[str]] = field(default_factory=dict)
    signature: str = ""
    testing: TaskStat | None = None
    #: the metrics of each treebank (None: every treebank has every metric)
    has: list[tuple[str, ...]] | None = None
    #: the language of each treebank (None: no table per language)
    languages: list[str] | None = None

    def tables(self, which: Sequence[str] = TABLES) -> list[ComparisonTable]:
        """The tables of the kinds in ``which`` (see the module), in the module's order."""
        makers = {"treebanks": self.treebank_tables, "averages": self.average_tables,
                  "groups": self.group_tables, "languages": self.language_tables,
                  "ranking": self.ranking_tables, "clusters": self.cluster_tables}
        return [table for kind in TABLES if kind in which for table in makers[kind]()
                if table.metrics]

    def treebank_tables(self) -> list[ComparisonTable]:
        """A table per treebank: each team's F1 of every metric of the treebank (none for a
        failed run)."""
        return [self._table(name, [SystemRow(run.team, tuple(
                    None if run.scores is None else run.percent(metric) for metric in metrics))
                    for run in row], tuple(map(_column, metrics)),
                    [f"{run.team}: no score ({run.failure.reason}), counted as 0."
                     for run in row if run.failure is not None])
                for name, row, metrics in zip(self.treebanks, self.results, (
                    self._shown(self.has[index] if self.has else self.metrics)
                    for index in range(len(self.treebanks))))]

    def average_tables(self) -> list[ComparisonTable]:
        """Each team's macro-average F1 over all treebanks."""
        return [self._averages(f"Macro-average over {_count(len(self.treebanks))}", None)]

    def group_tables(self) -> list[ComparisonTable]:
        """Each team's macro-average F1 over each group of treebanks."""
        return [self._averages(f"Macro-average over group {name} ({_count(len(members))})",
                               [self.treebanks.index(member) for member in members])
                for name, members in self.groups.items()]

    def language_tables(self) -> list[ComparisonTable]:
        """Each team's mean F1 of the first ranked metric per language (over the language's
        treebanks) and the mean over the languages, each weighted equally: the IWPT 2021
        results' figures (:func:`.aggregate.language_averages`)."""
        found = self.language_averages()
        if found is None:
            return []
        names = list(found.treebanks)
        several = [f"{language}: the mean of {', '.join(self.treebanks[i] for i in members)}."
                   for language, members in found.treebanks.items() if len(members) > 1]
        return [self._table(
            f"{_column(found.metric).shown} by language", [
                SystemRow(team, tuple(100 * found.scores[team][name] for name in names)
                          + (100 * found.average[team],)) for team in self.teams],
            tuple(Metric(name) for name in names) + (Metric("average"),),
            notes=[*self._failed_notes([index for members in found.treebanks.values()
                                        for index in members]),
                   *several, f"average: the mean over the {counted(len(names), 'language')}, "
                   "each weighted equally."])]

    def language_averages(self) -> LanguageAverages | None:
        """The first ranked metric's means per language (None: no languages, or no ranked
        metric)."""
        ranked = self._ranked(self.averages())
        if self.languages is None or not ranked:
            return None
        return language_averages(self.results, ranked[0], self.languages, self.has)

    def ranking_tables(self) -> list[ComparisonTable]:
        """The ranking of the teams by the macro-average of each main metric."""
        averages = self.averages()
        return [self._table(f"Ranking by {_column(metric).shown}", [
                    SystemRow(team, (rank, 100 * value)) for rank, team, value in
                    ranking({team: values[metric] for team, values in averages.items()})],
                    (Metric("rank", unit="count", higher_is_better=False, comparable=False),
                     _column(metric)))
                for metric in self._ranked(averages)]

    def cluster_tables(self) -> list[ComparisonTable]:
        """With ``--stat``, a table per tested metric: for each treebank the best team's
        score, how many teams are not significantly different from it (the best included)
        and the lowest score among them; the notes name the teams.  No column has a best:
        its rows are treebanks, which do not compete."""
        if self.testing is None:
            return []
        return [self._table(f"Cluster of the best by {_column(metric).shown}", [SystemRow(
                    name, _cluster_values(row, metric)) for name, row in self.having(metric)],
                    (Metric("best", comparable=False),
                     Metric("cluster", unit="count", comparable=False),
                     Metric("lowest", comparable=False)),
                    notes=[_testing_note(self.testing)] + [
                        f"{name}: {_cluster_text(row, metric)}."
                        for name, row in self.having(metric)], rows_are="treebank")
                for metric in self.testing.metrics]

    def having(self, metric: str) -> list[tuple[str, list[TaskRun]]]:
        """The treebanks (name and runs) whose format has ``metric``."""
        return [(name, row) for index, (name, row) in enumerate(zip(self.treebanks, self.results))
                if self.has is None or metric in self.has[index]]

    def averages(self, treebanks: Sequence[int] | None = None) -> dict[str, dict[str, float]]:
        """Each team's macro-average F1 of every metric (over ``treebanks``: all by default)."""
        return team_averages(self.results, self.metrics + tuple(
            name for name in self.main if name not in self.metrics), treebanks, self.has)

    def _shown(self, metrics: Collection[str]) -> tuple[str, ...]:
        """The metrics of the tables among ``metrics``, in the tables' order."""
        return tuple(name for name in self.metrics if name in metrics)

    def _ranked(self, averages: dict[str, dict[str, float]]) -> list[str]:
        """The main metrics some treebank has."""
        present = next(iter(averages.values()), {})
        return [metric for metric in self.main if metric in present]

    def failed(self, team: str, treebanks: Sequence[int] | None = None) -> int:
        """How many runs of a team failed (over ``treebanks``: all by default)."""
        column = self.teams.index(team)
        rows = self.results if treebanks is None else [self.results[i] for i in treebanks]
        return sum(row[column].scores is None for row in rows)

    def _averages(self, title: str, treebanks: Sequence[int] | None) -> ComparisonTable:
        averages = self.averages(treebanks)
        metrics = self._shown(next(iter(averages.values()), {}))
        notes = self._failed_notes(treebanks)
        if self.has is not None:
            notes += _coverage(self.has, metrics, range(len(self.treebanks))
                               if treebanks is None else treebanks)
        return self._table(title, [SystemRow(team, tuple(100 * averages[team][metric]
                                                         for metric in metrics))
                                   for team in self.teams], tuple(map(_column, metrics)),
                           notes=notes)

    def _failed_notes(self, treebanks: Sequence[int] | None) -> list[str]:
        """A note per team with failed runs among ``treebanks`` (all by default)."""
        return [f"{team}: {failed} failed run{'s' * (failed > 1)} counted as 0."
                for team in self.teams if (failed := self.failed(team, treebanks))]

    def _table(self, title: str, rows: list[SystemRow],
               metrics: Sequence[Metric] | None = None,
               notes: Sequence[str] = (), rows_are: str = "system") -> ComparisonTable:
        columns = tuple(metrics) if metrics is not None else tuple(map(_column, self.metrics))
        return ComparisonTable(title, "task", columns, tuple(rows), notes=tuple(notes),
                               signature=self.signature, row_label=rows_are)

    def document(self) -> dict[str, object]:
        """The ``--json`` fields after the envelope: the teams, the treebanks, every run,
        the averages, each team's failed runs, the groups, the means per language, and the
        rankings, every rate in percent."""
        averages = self.averages()
        return {
            "teams": self.teams, "treebanks": self.treebanks,
            "runs": [_run_json(run) for row in self.results for run in row],
            "averages": _percents(averages),
            "failed": {team: self.failed(team) for team in self.teams},
            "groups": {name: {"treebanks": members, "averages": _percents(self.averages(
                [self.treebanks.index(member) for member in members]))}
                       for name, members in self.groups.items()},
            "ranking": {metric: [{"rank": rank, "team": team, "score": 100 * value}
                                 for rank, team, value in ranking(
                                     {team: values[metric] for team, values in averages.items()})]
                        for metric in self._ranked(averages)},
            "languages": _languages_json(self.language_averages(), self.treebanks),
            "significance": None if self.testing is None else _significance_json(
                self.testing, self.having)}


def _languages_json(found: LanguageAverages | None,
                    treebanks: Sequence[str]) -> dict[str, object] | None:
    """The means per language in the ``--json`` document, in percent (None: none)."""
    if found is None:
        return None
    return {"metric": found.metric,
            "treebanks": {language: [treebanks[index] for index in members]
                          for language, members in found.treebanks.items()},
            "averages": _percents(found.scores),
            "overall": {team: 100 * value for team, value in found.average.items()}}


def _column(metric: str) -> Metric:
    """A metric's column: a bracketed treebank's headed as ``treeeval bracket`` heads it
    (EVALB's labelled scores, COLLINS.prm's), every other by its name.

    >>> _column("fmeasure").shown, _column("LAS").shown
    ('F1', 'LAS')
    """
    return Metric(metric, header=HEADERS.get(metric, ""))


def _cluster_values(row: list[TaskRun], metric: str) -> tuple[float | int | None, ...]:
    """A treebank's row of a cluster table: the best score, the cluster's size, its lowest
    score (none when every run failed)."""
    members = set(cluster(row, metric, ALPHA))
    scores = [run.percent(metric) for run in row if run.team in members]
    return (max(scores), len(scores), min(scores)) if scores else (None, None, None)


def _cluster_text(row: list[TaskRun], metric: str) -> str:
    """The teams of a treebank's cluster, the best first.

    >>> from treeeval.ud.metrics import Score
    >>> _cluster_text([TaskRun("a", "en", "a/en", {"LAS": Score(3, 4, 4)})], "LAS")
    'a (best)'
    """
    members = cluster(row, metric, ALPHA)
    if not members:
        return "every run failed, nothing tested"
    return ", ".join([f"{members[0]} (best)"] + members[1:])


def _testing_note(testing: TaskStat) -> str:
    """How the clusters were found, as a table's first note."""
    test = "paired bootstrap" if testing.stat == "bootstrap" else "approximate randomization"
    return (f"Each team tested against the best of the treebank: {test}, {testing.resamples} "
            f"resamples, seed {testing.seed} on every treebank; p-values {CORRECTION.title()}-"
            f"corrected over the treebank's teams; in the cluster: p >= {ALPHA:g}.  A failed "
            "run is not tested.")


def _significance_json(testing: TaskStat, having: Callable[[str], list[tuple[str, list[
        TaskRun]]]]) -> dict[str, object]:
    """``--stat``'s part of the ``--json`` document: how, and per tested metric and
    treebank having it (``having``: :meth:`ScoredTask.having`) the best team, the cluster
    and every test (p-values raw and corrected)."""
    return {"test": testing.stat, "resamples": testing.resamples, "seed": testing.seed,
            "correction": CORRECTION, "alpha": ALPHA,
            "clusters": {metric: [_treebank_json(name, row, metric)
                                  for name, row in having(metric)]
                         for metric in testing.metrics}}


def _treebank_json(name: str, row: list[TaskRun], metric: str) -> dict[str, object]:
    """A treebank's best team by ``metric``, its cluster, and each team's test against the
    best (the difference in percent points)."""
    best = best_run(row, metric)
    top = 0.0 if best is None else row[best].f1(metric)
    return {"treebank": name, "best": None if best is None else row[best].team,
            "cluster": cluster(row, metric, ALPHA),
            "tests": [{"team": run.team, "difference": 100 * (run.f1(metric) - top),
                       "p_value": run.tests[metric].p_value,
                       "p_adjusted": run.tests[metric].p,
                       "significant": run.tests[metric].significant(ALPHA)}
                      for run in row if metric in run.tests]}


def judgment_table(judged: Sequence[JudgmentCorrelation],
                   signature: str = "") -> ComparisonTable:
    """Spearman's rho of each metric with the human judgments, a row per language.

    >>> item = JudgmentCorrelation("en", "en/annotated.csv", 3, 2, {"LAS": 0.5, "CRec": None},
    ...                            {"LAS": 3, "CRec": 0})
    >>> table = judgment_table([item])
    >>> table.rows[0].values, table.notes[0]
    ((0.5, None), 'en: 3 sentences, 2 annotators; sentences with a score: CRec 0.')
    """
    metrics = tuple(judged[0].rho) if judged else ()
    notes = [_judgment_note(item) for item in judged]
    notes.append("Spearman's rho (average ranks) between each metric's per-sentence "
                 "difference, parser 2 minus parser 1, and the share of the judgments "
                 "preferring parser 2; — where undefined.")
    return ComparisonTable(
        "Spearman correlation with the human judgments", "task",
        tuple(Metric(name, unit="number") for name in metrics),
        tuple(SystemRow(item.name, tuple(item.rho[name] for name in metrics))
              for item in judged), notes=tuple(notes), signature=signature, decimals=3)


def _judgment_note(item: JudgmentCorrelation) -> str:
    """How many sentences and annotators a language has, and the metrics some sentences
    have no score of (none: Callin's, on relations that are not UD's)."""
    fewer = [f"{name} {used}" for name, used in item.used.items() if used < item.sentences]
    if item.foreign is not None:
        fewer = [f"none for Callin's metrics (not UD relations: {item.foreign!r})"]
    return (f"{item.name}: {counted(item.sentences, 'sentence')}, "
            f"{counted(item.annotators, 'annotator')}"
            + (f"; sentences with a score: {', '.join(fewer)}" if fewer else "") + ".")


def _coverage(has: Sequence[Sequence[str]], metrics: Sequence[str],
              treebanks: Sequence[int]) -> list[str]:
    """A note for the metrics that only some of ``treebanks`` have (``has``: the metrics
    of each treebank of the task).

    >>> _coverage([("LAS",), ("LAS", "LA")], ["LAS", "LA"], [0, 1])
    ['Each metric is averaged over the treebanks that have it: LA over 1 treebank.']
    """
    partial = [f"{_column(metric).shown} over {_count(count)}" for metric in metrics
               if (count := sum(metric in has[index] for index in treebanks)) < len(treebanks)]
    return [f"Each metric is averaged over the treebanks that have it: "
            f"{', '.join(partial)}."] if partial else []


def _count(treebanks: int) -> str:
    return f"{treebanks} treebank{'s' * (treebanks != 1)}"


def _percents(averages: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    return {team: {name: 100 * value for name, value in values.items()}
            for team, values in averages.items()}


def _run_json(run: TaskRun) -> dict[str, object]:
    """A run in the ``--json`` document (its metrics' counts, and P, R, F1 in percent)."""
    return {"team": run.team, "treebank": run.treebank, "system": run.path,
            "status": "ok" if run.failure is None else "failed",
            "failure": None if run.failure is None else _failure_json(run.failure),
            "metrics": None if run.scores is None else {
                name: _score_json(value, run.percents(name))
                for name, value in run.scores.items()}}


def _failure_json(failure: Failure) -> dict[str, object]:
    return {"kind": failure.kind, "reason": failure.reason, "path": failure.path,
            "line": failure.line}


def _score_json(value: Score, rates: tuple[float, float, float]) -> dict[str, object]:
    """One metric of a run: the counts and the rates in percent (:meth:`TaskRun.percents`).

    >>> _score_json(Score(1, 2, 2), (50.0, 50.0, 50.0))["f1"]
    50.0
    """
    precision, recall, f1 = rates
    return {"correct": value.correct, "gold": value.gold, "system": value.system,
            "aligned": value.aligned, "precision": precision, "recall": recall, "f1": f1}
