"""The numbers of the dependency figures, from MaltEval's grouped tables as
``treeeval.evaluate_dependencies`` returns them (``group_by="GROUPING:all"``, so each table
has its counters), for several systems at once: each figure takes one evaluation per metric
(``{"LAS": ..., "UAS": ...}``, every system in each) and pools the counters of MaltEval's
groups into its bins, so every number is MaltEval's count.

* by dependency length: MaltEval's ``GroupedRelationLength`` (|head - dependent| in words:
  1, 2, 3-6, 7 and more, and arcs to the root);
* by distance to the root, as McDonald and Nivre (2007) define it: the number of arcs on the
  path from the dependent up to the root (1 for a word attached to the root), i.e.
  MaltEval's ``ArcDepth`` plus one; a token on a cycle of the parsed tree has no distance
  and is left out;
* by sentence length: MaltEval's ``SentenceLength`` (tokens), binned;
* per dependency label: MaltEval's ``Deprel`` under LAS.

The grouped figures are two-sided: a token is in the bin of its parsed arc (precision: the
share of those that are right) and in the bin of its gold arc (recall); the figures plot F1
of the two by default (McDonald and Nivre plot precision and recall: ``measure=``), except
by sentence length, where every token is in one bin on both sides (accuracy).

>>> import tempfile, os
>>> from treeeval.dep.api import evaluate_dependencies
>>> folder = tempfile.mkdtemp()
>>> def write(name, heads):
...     rows = [f"{k}\\tw{k}\\t_\\tN\\tN\\t_\\t{h}\\t{'root' if h == 0 else 'dep'}\\t_\\t_"
...             for k, h in enumerate(heads, 1)]
...     _ = open(os.path.join(folder, name), "w").write("\\n".join(rows) + "\\n\\n")
...     return os.path.join(folder, name)
>>> gold, a = write("gold", [0, 1, 2, 3]), write("a", [0, 1, 1, 3])
>>> runs = {metric: evaluate_dependencies(gold, [a, gold], metric=metric,
...                                       group_by="ArcDepth:all", resamples=10)
...         for metric in ("LAS", "UAS")}
>>> data = by_root_distance(runs, names=["a", "gold"])
>>> data.categories[:4], [s.values[:4].round(1).tolist() for s in data.panels[0].series]
(('1', '2', '3', '4'), [[100.0, 66.7, 0.0, 0.0], [100.0, 100.0, 100.0, 100.0]])
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from ..stats.rates import percent, precision_recall_f1
from .model import LENGTH_BINS, FigureData, LengthBins, Panel, Series

if TYPE_CHECKING:
    from ..dep.engine import Evaluation
    from ..dep.tables import Table

Measure = Literal["f1", "precision", "recall"]
#: MaltEval's GroupedRelationLength groups, and how the figure names them
ARC_LENGTHS = {"1": "1", "2": "2", "3-6": "3-6", "7-...": "7+", "to_root": "root"}
#: the bins of McDonald and Nivre's distance to the root (1, 2, ..., 7 and more)
ROOT_DISTANCES = LengthBins((1, 2, 3, 4, 5, 6))
#: the groupings each figure needs from ``evaluate_dependencies``
GROUPINGS = {"by_arc_length": "GroupedRelationLength", "by_root_distance": "ArcDepth",
             "by_sentence_length": "SentenceLength", "deprel_f1": "Deprel"}


def by_arc_length(evaluations: Mapping[str, Evaluation], names: Sequence[str] | None = None,
                  measure: Measure = "f1") -> FigureData:
    """LAS and UAS (the ``evaluations``' metrics) by dependency length, from evaluations
    grouped by ``GroupedRelationLength:all``."""
    order = list(ARC_LENGTHS)
    panels = _panels(evaluations, "GroupedRelationLength", names, len(order),
                     lambda groups: np.array([order.index(g) for g in groups]), measure)
    return FigureData("Accuracy by dependency length", "lines",
                      "dependency length (words from head)",
                      f"{_MEASURES[measure]} (%)", tuple(ARC_LENGTHS.values()), panels,
                      "MaltEval's GroupedRelationLength; " + _NOTE[measure],
                      breaks=(len(ARC_LENGTHS) - 1,))


def by_root_distance(evaluations: Mapping[str, Evaluation], names: Sequence[str] | None = None,
                     measure: Measure = "f1") -> FigureData:
    """LAS and UAS by distance to the root (McDonald and Nivre 2007), from evaluations
    grouped by ``ArcDepth:all``."""
    def bins(groups: Sequence[str]) -> np.ndarray:
        depth = np.array([int(g) for g in groups], dtype=np.int64)
        return np.where(depth < 0, -1, ROOT_DISTANCES.index(depth + 1))

    panels = _panels(evaluations, "ArcDepth", names, len(ROOT_DISTANCES), bins, measure)
    return FigureData("Accuracy by distance to the root", "lines",
                      "distance to the root (arcs)", f"{_MEASURES[measure]} (%)",
                      ROOT_DISTANCES.labels, panels,
                      "McDonald and Nivre (2007): MaltEval's ArcDepth + 1, tokens on a cycle "
                      "left out; " + _NOTE[measure])


def by_sentence_length(evaluations: Mapping[str, Evaluation],
                       names: Sequence[str] | None = None,
                       bins: LengthBins = LENGTH_BINS,
                       overall: Mapping[str, Sequence[float]] | None = None) -> FigureData:
    """LAS and UAS by sentence length, from evaluations grouped by ``SentenceLength:all``.

    MaltEval's SentenceLength counters count the gold side's tokens, its scores (and
    ``treeeval dep``'s report) the parsed side's: the two differ only under an Exclude
    parameter that tests a parsed column (ExcludeDeprels, ExcludePdeprels).  ``overall``
    (each metric's score of every system, e.g. :func:`overall_scores` of another figure's
    evaluations) is then the legend's score, the report's; by default it is the bins'."""
    def where(groups: Sequence[str]) -> np.ndarray:
        return bins.index(np.array([int(g) for g in groups], dtype=np.int64))

    panels = _panels(evaluations, "SentenceLength", names, len(bins), where, "accuracy")
    if overall is not None:
        panels = tuple(Panel(panel.title, tuple(
            replace(series, overall=float(score))
            for series, score in zip(panel.series, overall[panel.title])))
            for panel in panels)
    return FigureData("Accuracy by sentence length", "lines", "sentence length (tokens)",
                      "accuracy (%)", bins.labels, panels,
                      "MaltEval's SentenceLength; the gold tokens of the sentences of each bin")


def overall_scores(evaluations: Mapping[str, Evaluation],
                   grouping: str = "GroupedRelationLength") -> dict[str, list[float]]:
    """Each metric's score of every system over all its tokens (the parsed side's, as
    MaltEval's Token table and ``treeeval dep``'s report count them), from evaluations
    grouped by a two-sided ``grouping`` with all its counters."""
    return {metric: [_overall(table) for table in _tables(evaluation, grouping)]
            for metric, evaluation in evaluations.items()}


def deprel_f1(evaluation: Evaluation, names: Sequence[str] | None = None,
              top: int = 12) -> FigureData:
    """Per-label LAS F1 for the ``top`` dependency labels most frequent in the gold file,
    most frequent first, from an evaluation under LAS grouped by ``Deprel:all``."""
    tables = _tables(evaluation, "Deprel")
    first = _columns(tables[0])
    gold = dict(zip(tables[0].groups, first["treebankcounter"]))
    chosen = sorted((label for label in gold if gold[label] > 0),
                    key=lambda label: (-gold[label], label))[:top]
    def where(groups: Sequence[str]) -> np.ndarray:
        return np.array([chosen.index(g) if g in chosen else -1 for g in groups])

    series = []
    for name, table in zip(_names(evaluation, names), tables):
        right, total, gold_right, gold_total = _binned(table, where, len(chosen))
        series.append(Series(name, precision_recall_f1(right, total, gold_right, gold_total)[2],
                             gold_total.astype(np.int64), _overall(table)))
    return FigureData("LAS F1 by dependency label", "bars", "dependency label",
                      "LAS F1 (%)", tuple(chosen), (Panel("", tuple(series)),),
                      "MaltEval's Deprel under LAS: precision over the parsed label, recall "
                      "over the gold label")


def dependency_evaluations(gold: str | os.PathLike[str],
                           systems: Sequence[str | os.PathLike[str]], grouping: str,
                           metrics: Sequence[str] = ("LAS", "UAS"),
                           **options: Any) -> dict[str, Evaluation]:
    """``evaluate_dependencies`` of every system, grouped by ``grouping`` with all its
    counters, once per metric (``options``: its other keywords, e.g. ``prm``)."""
    from ..dep.api import evaluate_dependencies

    return {metric: evaluate_dependencies(gold, systems, metric=metric,
                                          group_by=f"{grouping}:all", **options)
            for metric in metrics}


def dependency_figures(gold: str | os.PathLike[str], systems: Sequence[str | os.PathLike[str]],
                       names: Sequence[str] | None = None,
                       **options: object) -> dict[str, FigureData]:
    """All four dependency figures of ``systems`` against ``gold``."""
    return figures_of(lambda grouping, metrics: dependency_evaluations(
        gold, systems, grouping, metrics, **options), names)


#: where the figures find their evaluations: ``runs(grouping, metrics)`` is one evaluation
#: per metric, every system grouped by ``grouping`` with all its counters
Runs = Callable[[str, Sequence[str]], Mapping[str, "Evaluation"]]


def figures_of(runs: Runs, names: Sequence[str] | None = None) -> dict[str, FigureData]:
    """All four dependency figures from the evaluations ``runs`` gives (by name: the
    ``GROUPINGS`` of each figure), e.g. of one run of ``treeeval dep`` that has them all."""
    def of(figure: str, metrics: Sequence[str] = ("LAS", "UAS")) -> Mapping[str, Evaluation]:
        return runs(GROUPINGS[figure], metrics)

    arcs = of("by_arc_length")
    return {"by_arc_length": by_arc_length(arcs, names),
            "by_root_distance": by_root_distance(of("by_root_distance"), names),
            "by_sentence_length": by_sentence_length(of("by_sentence_length"), names,
                                                     overall=overall_scores(arcs)),
            "deprel_f1": deprel_f1(of("deprel_f1", ("LAS",))["LAS"], names)}


_MEASURES = {"f1": "F1", "precision": "precision", "recall": "recall", "accuracy": "accuracy"}
_NOTE = {"f1": "F1 of precision (by the parsed arc) and recall (by the gold arc)",
         "precision": "precision: by the parsed arc", "recall": "recall: by the gold arc"}


def _panels(evaluations: Mapping[str, Evaluation], grouping: str, names: Sequence[str] | None,
            size: int, where: Callable[[Sequence[str]], np.ndarray],
            measure: str) -> tuple[Panel, ...]:
    """One panel per metric, one series per system, MaltEval's groups pooled into bins."""
    panels = []
    for metric, evaluation in evaluations.items():
        series = []
        for name, table in zip(_names(evaluation, names), _tables(evaluation, grouping)):
            right, total, gold_right, gold_total = _binned(table, where, size)
            precision, recall = percent(right, total), percent(gold_right, gold_total)
            value = {"f1": precision_recall_f1(right, total, gold_right, gold_total)[2],
                     "precision": precision, "recall": recall, "accuracy": recall}[measure]
            series.append(Series(name, value, gold_total.astype(np.int64), _overall(table)))
        panels.append(Panel(metric, tuple(series)))
    return tuple(panels)


#: a table's counter columns: (right, total) on the parsed side, then on the gold side
_SIDES = {False: ("parsercorrectcounter", "parsercounter", "treebankcorrectcounter",
                  "treebankcounter"),
          True: ("correctcounter", "counter", "correctcounter", "counter")}


def _binned(table: Table, where: Callable[[Sequence[str]], np.ndarray],
            size: int) -> tuple[np.ndarray, ...]:
    """The table's counters (``_SIDES``) summed into ``size`` bins (``where``: each group's
    bin, -1 to leave it out)."""
    columns = _columns(table)
    bins = where(list(table.groups)) if len(table.groups) else np.zeros(0, dtype=np.int64)
    keep = bins >= 0
    return tuple(np.bincount(bins[keep], weights=columns[name][keep], minlength=size)
                 for name in _SIDES["parsercounter" not in table.headers])


def _overall(table: Table) -> float:
    """The metric over every token: the parsed side's counters of all the groups (the gold
    side's, the only ones, in a one-sided table), as the report counts it."""
    right, total, _, _ = _binned(table, lambda groups: np.zeros(len(groups), np.int64), 1)
    return float(percent(right, total)[0])


def _columns(table: Table) -> dict[str, np.ndarray]:
    return {header: np.nan_to_num(column) for header, column in zip(table.headers, table.columns)}


def _tables(evaluation: Evaluation, grouping: str) -> list[Table]:
    """Each system's table, checked to be grouped by ``grouping`` with its counters."""
    tables = [file.tables[0] for file in evaluation.files]
    for table in tables:
        if table.title != grouping or "counter" not in " ".join(table.headers):
            raise ValueError(f"this figure needs evaluations grouped by {grouping}:all, "
                             f"got {table.title} with {', '.join(table.headers)}")
    return tables


def _names(evaluation: Evaluation, names: Sequence[str] | None) -> list[str]:
    files = [file.parsed for file in evaluation.files]
    if names is not None and len(names) != len(files):
        raise ValueError(f"{len(names)} names for {len(files)} systems")
    return list(names) if names is not None else [os.path.basename(path) for path in files]
