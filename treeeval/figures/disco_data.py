"""The numbers of the bracket figures of ``treeeval disco`` (discontinuous brackets: a label
and a set of words), from each system's per-sentence counts and per-label totals, as plain
numbers (the disco adapter, treeeval.compare.disco, passes them).

>>> runs = {"a": SystemBrackets(np.array([3, 12]), np.array([2, 5]), np.array([3, 8]),
...                             np.array([4, 8]), {"S": (2, 2, 2), "VP": (0, 1, 2)}, 63.64)}
>>> data = disco_f1_by_length(runs, LengthBins((10,)))
>>> data.categories, data.panels[0].series[0].values.round(2).tolist()
(('1-10', '11+'), [57.14, 62.5])
>>> labels = disco_label_f1(runs)
>>> labels.categories, labels.panels[0].series[0].values.round(2).tolist()
(('S', 'VP'), [100.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ..stats.rates import precision_recall_f1
from .model import LENGTH_BINS, FigureData, LengthBins, Panel, Series, pooled_f1_by_length

#: how the disco figures count, for their notes
COUNTING = ("discodop's counting: a bracket is a label and a set of words (discontinuous "
            "ones included), after the parameter file's deletions; pooled over each bin")


@dataclass(frozen=True)
class SystemBrackets:
    """One system's brackets as the figures need them: per scored sentence its length,
    matched, gold and candidate brackets; per label (matched, cand, gold); its F1."""

    length: np.ndarray
    matched: np.ndarray
    gold: np.ndarray
    cand: np.ndarray
    labels: Mapping[str, tuple[int, int, int]]
    overall: float | None


def disco_f1_by_length(runs: Mapping[str, SystemBrackets],
                       bins: LengthBins = LENGTH_BINS) -> FigureData:
    """Bracket F1 by sentence length (discodop's length), one series per system, each bin
    pooling the brackets of its sentences; the legend's F1 is the summary's."""
    return pooled_f1_by_length({name: (run.length, run.matched, run.gold, run.cand, run.overall)
                                for name, run in runs.items()}, bins, COUNTING)


def disco_label_f1(runs: Mapping[str, SystemBrackets], top: int = 12) -> FigureData:
    """Per-label bracket F1 of each system, for the ``top`` labels with most gold brackets
    (in the first system's run), most frequent first."""
    first = next(iter(runs.values())).labels if runs else {}
    chosen = sorted((label for label in first if first[label][2]),
                    key=lambda label: (-first[label][2], label))[:top]
    series = []
    for name, run in runs.items():
        rows = np.array([run.labels.get(label, (0, 0, 0)) for label in chosen],
                        dtype=np.int64).reshape(-1, 3)
        _, _, f1 = precision_recall_f1(rows[:, 0], rows[:, 1], rows[:, 0], rows[:, 2])
        series.append(Series(name, f1, rows[:, 2], run.overall))
    return FigureData("Bracket F1 by label", "bars", "constituent label", "bracket F1 (%)",
                      tuple(chosen), (Panel("", tuple(series)),),
                      COUNTING + "; a bar's support is its gold brackets")
