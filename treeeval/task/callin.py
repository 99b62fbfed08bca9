"""Callin's (2016) cross-treebank statistics over a task's grid: ``treeeval task --callin``.

Callin scores one parser on many treebanks and asks how the metrics relate *between
treebanks*: the Pearson correlation matrix between the metrics, the treebanks being the
observations, and the "cumulative variance": for each metric, the treebanks added in its
top-scoring order, the variance of the scores of the first k treebanks for every k (his
Figure 4; the sample variance, n - 1, as his pandas notebooks compute it).  A task has
several teams per treebank: a treebank's value of a metric is the mean over the teams whose
run on it was scored (a failed run is left out, not counted 0, and a note says how many
were), so that the observations stay the treebanks, as in the paper.  A treebank without a
value of some metric (no scored run; no content relation, say) is left out of every
statistic, with a note.

The metrics: the CoNLL 2018 (or 2017) F1 scores of ``treeeval ud`` and Callin's, as
``treeeval ud --callin`` computes them (:mod:`treeeval.ud.callin`: the WDE weights of WLAS
are those of the treebank's gold file): :data:`CALLIN_METRICS`.  Every value is in percent;
a variance is in percent squared.

>>> import numpy as np
>>> stats = CallinStatistics(("LAS", "WLAS"), ["a", "b", "c"],
...                          np.array([[80.0, 70.0], [60.0, 55.0], [70.0, 66.0]]), [2, 2, 1])
>>> [[round(r, 4) for r in row] for row in stats.pearson]
[[1.0, 0.9656], [0.9656, 1.0]]
>>> stats.variance[1]
[50.0, 8.0]
>>> [table.title for table in stats.tables()]  # doctest: +NORMALIZE_WHITESPACE
['Callin: the means over the teams of each treebank',
 'Callin: Pearson correlation between the metrics across 3 treebanks',
 'Callin: cumulative variance (the k best treebanks of each metric)']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..arrays import FloatArray
from ..stats.correlation import cumulative_variance, pearson_matrix
from ..tables import ComparisonTable, Metric, SystemRow
from ..ud.api import UDResult
from ..ud.callin import CallinScores
from ..ud.wde import count_relation_words, word_dependency_entropy
from ..wording import counted

if TYPE_CHECKING:
    from .run import TaskRun


#: Callin's metrics, as the tables name them (paper: WLAS, C prec, C rec, F prec, F rec,
#: C freq, F freq)
CALLIN_METRICS = ("WLAS", "CPrec", "CRec", "FPrec", "FRec", "CFreq", "FFreq")
#: the metrics of ``--callin`` without ``--metrics``: the main ones and Callin's
DEFAULT_METRICS = ("LAS", "MLAS", "BLEX") + CALLIN_METRICS
DEFAULT_METRICS_CONLL17 = ("LAS",) + CALLIN_METRICS


def callin_values(scores: CallinScores) -> dict[str, float | None]:
    """Callin's metrics of one run, in percent (None: undefined).

    >>> from treeeval.ud.callin import callin_scores
    >>> values = callin_values(callin_scores(["nsubj", "root"], [1, -1], ["nsubj", "root"],
    ...                                      [1, -1], np.arange(2)))
    >>> values["CPrec"], values["FRec"], values["WLAS"]
    (100.0, None, None)
    """
    return {"WLAS": scores.wlas, "CPrec": scores.content_precision,
            "CRec": scores.content_recall, "FPrec": scores.function_precision,
            "FRec": scores.function_recall, "CFreq": scores.content_ratio,
            "FFreq": scores.function_ratio}


class TreebankCallin:
    """Callin's metrics (:func:`callin_values`) of each scored run of one treebank, as
    ``treeeval ud --callin`` computes them for a pair; the WLAS weights, the word dependency
    entropy of the gold file, are counted once, from the first run, for all of them (no
    STTR is).

    >>> from treeeval.ud.api import evaluate_ud
    >>> import tempfile, os
    >>> row = "{}\\t{}\\t_\\tX\\t_\\t_\\t{}\\t{}\\t_\\t_\\n"
    >>> with tempfile.NamedTemporaryFile("w", suffix=".conllu", delete=False) as f:
    ...     _ = f.write(row.format(1, "the", 2, "det") + row.format(2, "cat", 0, "root") + "\\n")
    >>> values = TreebankCallin()(evaluate_ud(f.name, f.name))
    >>> values["FPrec"], values["CRec"], values["FFreq"]
    (100.0, 100.0, 50.0)
    >>> os.remove(f.name)
    """

    def __init__(self) -> None:
        self.weights: dict[str, float] | None = None

    def __call__(self, result: UDResult) -> dict[str, float | None]:
        if self.weights is None:
            self.weights = word_dependency_entropy(count_relation_words(result.gold_deprel,
                                                                       result.gold_form))
        return callin_values(result.callin(weights=self.weights, weights_source="gold"))


@dataclass
class CallinStatistics:
    """The statistics over ``treebanks`` (those with a value of every metric): ``values``
    (treebanks x metrics, percent: the mean over the scored runs), how many runs each mean
    took, and the notes on what was left out."""

    metrics: tuple[str, ...]
    treebanks: list[str]
    values: FloatArray
    runs: list[int]
    notes: list[str] = field(default_factory=list)
    signature: str = ""

    @property
    def pearson(self) -> list[list[float | None]]:
        """Pearson's r between every two metrics across the treebanks."""
        return pearson_matrix(self.values)

    @property
    def variance(self) -> list[list[float | None]]:
        """Row k - 1: each metric's variance over its k best treebanks."""
        return cumulative_variance(self.values)

    def tables(self) -> list[ComparisonTable]:
        """The treebanks' means, the correlation matrix and the cumulative variance."""
        # the rows are treebanks, not competitors: no column has a best
        columns = tuple(Metric(name, comparable=False) for name in self.metrics)
        numbers = tuple(Metric(name, unit="number") for name in self.metrics)
        means = [SystemRow(name, tuple(row)) for name, row in zip(self.treebanks, self.values)]
        correlations = [SystemRow(name, tuple(row)) for name, row in
                        zip(self.metrics, self.pearson)]
        variances = [SystemRow(f"k={k}", tuple(row)) for k, row in
                     enumerate(self.variance, 1)]
        return [
            self._table("Callin: the means over the teams of each treebank", columns, means,
                        [f"{name}: the mean of {runs} scored run{'s' * (runs != 1)}."
                         for name, runs in zip(self.treebanks, self.runs)] + self.notes,
                        rows_are="treebank"),
            self._table("Callin: Pearson correlation between the metrics across "
                        f"{counted(len(self.treebanks), 'treebank')}", numbers, correlations,
                        ["Pearson's r; — where a metric is constant over the treebanks."], 3,
                        rows_are="metric"),
            self._table("Callin: cumulative variance (the k best treebanks of each metric)",
                        numbers, variances,
                        ["Sample variance (n - 1) of the scores of each metric's k best "
                         "treebanks, in percent squared."], rows_are="k")]

    def _table(self, title: str, metrics: tuple[Metric, ...], rows: list[SystemRow],
               notes: Sequence[str], decimals: int = 2, rows_are: str = "system"
               ) -> ComparisonTable:
        return ComparisonTable(title, "task", metrics, tuple(rows), notes=tuple(notes),
                               signature=self.signature, decimals=decimals, row_label=rows_are)

    def document(self) -> dict[str, object]:
        """The ``callin`` member of ``--json``: values in percent, variances in percent
        squared, None where undefined."""
        return {"unit": "treebank", "metrics": list(self.metrics),
                "treebanks": self.treebanks,
                "means": {name: dict(zip(self.metrics, row.tolist()))
                          for name, row in zip(self.treebanks, self.values)},
                "runs": dict(zip(self.treebanks, self.runs)),
                "pearson": {name: dict(zip(self.metrics, row))
                            for name, row in zip(self.metrics, self.pearson)},
                "cumulative_variance": {name: [row[column] for row in self.variance]
                                        for column, name in enumerate(self.metrics)},
                "notes": self.notes}


def callin_statistics(treebanks: Sequence[str], results: Sequence[Sequence[TaskRun]],
                      metrics: Sequence[str], signature: str = "") -> CallinStatistics:
    """The statistics of the grid: each treebank's mean over its scored runs of every
    metric (an F1 of ``treeeval ud`` or one of :data:`CALLIN_METRICS`, which the runs hold
    when scored with ``callin``: :func:`.runs.score_grid`)."""
    kept, rows, runs, notes = [], [], [], []
    for name, row in zip(treebanks, results):
        scored = [run for run in row if run.scores is not None]
        if failed := len(row) - len(scored):
            notes.append(f"{name}: {failed} failed run{'s' * (failed != 1)} left out.")
        means = [_mean([_value(run, metric) for run in scored]) for metric in metrics]
        missing = [metric for metric, mean in zip(metrics, means) if mean is None]
        if missing:
            notes.append(f"{name}: left out (no value of {', '.join(missing)}).")
            continue
        kept.append(name)
        rows.append(means)
        runs.append(len(scored))
    values = np.array(rows, dtype=np.float64).reshape(len(rows), len(metrics))
    return CallinStatistics(tuple(metrics), kept, values, runs, notes, signature)


def _value(run: TaskRun, metric: str) -> float | None:
    """One scored run's value of a metric, in percent (None: undefined, or not a CoNLL-U
    run)."""
    if metric in CALLIN_METRICS:
        return None if run.callin is None else run.callin[metric]
    return 100 * run.f1(metric) if run.scores is not None and metric in run.scores else None


def _mean(values: Sequence[float | None]) -> float | None:
    """The mean of the defined values (None: none is).

    >>> _mean([1.0, None, 2.0]), _mean([None])
    (1.5, None)
    """
    defined = [value for value in values if value is not None]
    return float(np.mean(defined)) if defined else None
