"""The numbers of the UD figures, from what a ``treeeval ud`` run already has for several
systems at once: the per-sentence rows of each metric (correct, gold, system, aligned per
gold sentence, as ``treeeval.ud`` returns them) and, for the per-label figure, the DEPREL of
every gold word, of every system word and of the gold words the system got right under LAS.

* F1 by sentence length: each bin pools the counts of its gold sentences (length: the
  sentence's gold words) and its F1 is 2 * correct / (gold + system), as the scorer computes
  it over the whole file; the legend's overall score is the scorer's.
* LAS F1 by dependency label: precision over the system words of a label, recall over the
  gold words of that label, for the labels most frequent in the gold file.

>>> rows = {"Words": np.array([[3, 3, 3, 3], [12, 12, 12, 12]]),
...         "LAS": np.array([[3, 3, 3, 3], [6, 12, 12, 12]])}
>>> data = f1_by_sentence_length({"a": rows}, ("LAS",))
>>> data.categories, data.panels[0].series[0].values.tolist()
(('1-10', '11-20', '21-30', '31-40', '41+'), [100.0, 50.0, nan, nan, nan])
>>> round(data.panels[0].series[0].overall, 2)
60.0
>>> labels = deprel_f1({"a": DeprelCounts(np.array(["nsubj", "root", "obj"], dtype=object),
...                                      np.array(["nsubj", "root", "nsubj"], dtype=object),
...                                      np.array(["nsubj", "root"], dtype=object))})
>>> labels.categories, labels.panels[0].series[0].values.round(1).tolist()
(('nsubj', 'obj', 'root'), [66.7, 0.0, 100.0])
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..stats.rates import percent
from .model import LENGTH_BINS, FigureData, LengthBins, Panel, Series

if TYPE_CHECKING:
    from ..ud.api import UDResult
    from ..ud.enhanced import EnhancedRules

#: the metrics of the sentence-length figure (the three main metrics of CoNLL 2018, and the
#: enhanced metrics of udeval and iwpt20_xud_eval.py where they were scored)
MAIN_METRICS = ("LAS", "MLAS", "BLEX", "ELAS", "EULAS")

Rows = Mapping[str, np.ndarray]


def f1_by_sentence_length(per_sentence: Mapping[str, Rows],
                          metrics: Sequence[str] = MAIN_METRICS,
                          bins: LengthBins = LENGTH_BINS) -> FigureData:
    """F1 of each metric (a panel each) by gold sentence length, one series per system
    (``per_sentence``: name -> its rows by metric, in the legend's order); metrics that the
    rows do not have (conll17: MLAS, BLEX; ELAS, EULAS unless scored) are left out."""
    shown = [metric for metric in metrics
             if all(metric in rows for rows in per_sentence.values())]
    panels = []
    for metric in shown:
        series = []
        for name, rows in per_sentence.items():
            where = bins.index(rows["Words"][:, 1])
            counts = np.stack([np.bincount(where, weights=rows[metric][:, column],
                                           minlength=len(bins)) for column in range(3)])
            series.append(Series(name, _f1(*counts), counts[1].astype(np.int64),
                                 float(_f1(*counts.sum(axis=1, keepdims=True))[0])))
        panels.append(Panel(metric, tuple(series)))
    return FigureData("F1 by sentence length", "lines", "sentence length (gold words)",
                      "F1 (%)", bins.labels, tuple(panels),
                      "the CoNLL 2018 scorer's counts of the gold sentences of each bin "
                      "(system words in the gold sentence their first character is in)")


def _f1(correct: np.ndarray, gold: np.ndarray, system: np.ndarray) -> np.ndarray:
    """2 * correct / (gold + system) in percent, NaN where both are 0."""
    return percent(2 * correct, gold + system)


@dataclass(frozen=True)
class DeprelCounts:
    """The DEPRELs behind the per-label figure: of every gold word, of every system word,
    and of the gold words right under LAS (aligned, head and DEPREL right)."""

    gold: np.ndarray
    system: np.ndarray
    correct: np.ndarray


def deprel_f1(systems: Mapping[str, DeprelCounts], top: int = 12) -> FigureData:
    """LAS F1 per DEPREL for the ``top`` labels most frequent in the gold file (of the first
    system's counts), most frequent first, one series per system."""
    first = next(iter(systems.values()))
    labels, counts = np.unique(first.gold.astype(str), return_counts=True)
    chosen = [str(labels[i]) for i in np.lexsort((labels, -counts))[:top]]
    series = []
    for name, words in systems.items():
        gold, system, correct = (_count(column, chosen) for column in
                                 (words.gold, words.system, words.correct))
        overall = float(_f1(np.array([len(words.correct)]), np.array([len(words.gold)]),
                            np.array([len(words.system)]))[0])
        series.append(Series(name, _f1(correct, gold, system), gold, overall))
    return FigureData("LAS F1 by dependency label", "bars", "dependency label (universal)",
                      "LAS F1 (%)", tuple(chosen), (Panel("", tuple(series)),),
                      "precision over the system words of a label, recall over its gold "
                      "words; a bar's support is its gold words")


def label_counts(result: UDResult, las: np.ndarray | None = None) -> DeprelCounts:
    """The DEPRELs of a scored pair (:func:`treeeval.ud.api.evaluate_ud`) behind the
    per-label figure; ``las``, if the caller has it (``treeeval.ud.words.gold_words``), says
    which gold words are right under LAS as the scorer counts it (aligned, the head aligned
    with the gold head, the same universal DEPREL)."""
    if las is None:
        from ..ud.words import gold_words

        las = gold_words(result).las
    return DeprelCounts(result.gold_deprel, result.system_deprel, result.gold_deprel[las])


def _count(deprels: np.ndarray, chosen: Sequence[str]) -> np.ndarray:
    """How many of ``deprels`` are each of ``chosen``."""
    labels, counts = np.unique(deprels.astype(str), return_counts=True)
    found = dict(zip(labels.tolist(), counts.tolist()))
    return np.array([found.get(label, 0) for label in chosen], dtype=np.int64)


#: the names of the UD figures (their files' names under ``--plot``)
FIGURES = ("f1_by_length", "deprel_f1")


def ud_figures(per_sentence: Mapping[str, Rows],
               labels: Mapping[str, DeprelCounts]) -> dict[str, FigureData]:
    """The UD figures by name (:data:`FIGURES`, for ``--plot`` and ``--html``): F1 by sentence
    length and LAS F1 by label, the systems in the same order in both."""
    return {"f1_by_length": f1_by_sentence_length(per_sentence), "deprel_f1": deprel_f1(labels)}


def ud_file_figures(gold: str | os.PathLike[str], systems: Sequence[str | os.PathLike[str]],
                    names: Sequence[str] | None = None, conll17: bool = False,
                    enhanced: EnhancedRules | None = None) -> dict[str, FigureData]:
    """The UD figures of ``systems`` against ``gold`` (each pair scored by
    :func:`treeeval.ud.api.evaluate_ud`, with the CoNLL 2017 rules if ``conll17``, with ELAS
    and EULAS by the ``enhanced`` rules), the systems named ``names`` (default: the short
    names ``treeeval ud`` gives them)."""
    from ..tables.comparison import system_names
    from ..ud.api import evaluate_ud

    paths = [os.fspath(path) for path in systems]
    names = list(names) if names is not None else system_names(paths)
    if len(names) != len(paths):
        raise ValueError(f"{len(names)} names for {len(paths)} systems")
    results = [evaluate_ud(os.fspath(gold), path, conll17=conll17, enhanced=enhanced)
               for path in paths]
    return ud_figures(dict(zip(names, (result.per_sentence for result in results))),
                      dict(zip(names, map(label_counts, results))))
