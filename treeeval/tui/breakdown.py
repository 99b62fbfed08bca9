"""The breakdown screen's tables as data: rows that select sentences, bars, per-label
precision and recall, confusions and length bins.

>>> rows = label_rows(["NP"], np.array([4]), np.array([2]), np.array([2]), np.array([2]))
>>> rows[0].cells, rows[0].target.describe()
(['NP', '4', '2', '100.00', '50.00', '66.67'], 'label NP wrong')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..arrays import AnyArray, IntArray
from ..stats.rates import precision_recall_f1, shown
from .model import SentenceFilter


@dataclass
class BreakdownRow:
    """One row of a breakdown table; ``target`` is the filter selecting the row picks."""

    cells: list[str]
    target: SentenceFilter | None = None
    bar: float | None = None


@dataclass
class BreakdownTable:
    """A titled table of the breakdown screen (``bar`` column drawn as bars when set)."""

    title: str
    headers: list[str]
    rows: list[BreakdownRow]
    note: str = ""


def length_bins(lengths: IntArray, width: int = 10) -> list[tuple[int, int]]:
    """Length ranges of ``width`` words covering ``lengths`` (the last one open-ended
    beyond 70 words).

    >>> length_bins(np.array([3, 12, 95]))
    [(1, 10), (11, 20), (21, 30), (31, 40), (41, 50), (51, 60), (61, 70), (71, 10000)]
    """
    longest = int(lengths.max()) if len(lengths) else 0
    bins = []
    low = 1
    while low <= min(longest, 70):
        bins.append((low, low + width - 1))
        low += width
    if longest > 70:
        bins.append((71, 10000))
    return bins


def bar(fraction: float, width: int) -> str:
    """A horizontal bar of ``width`` cells filled to ``fraction`` (eighth-cell steps).

    >>> bar(0.5, 4), bar(1.0, 2), bar(0.0625, 2)
    ('██  ', '██', '▏ ')
    """
    fraction = 0.0 if np.isnan(fraction) else min(max(fraction, 0.0), 1.0)
    eighths = int(round(fraction * width * 8))
    full, part = divmod(eighths, 8)
    text = "█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")
    return text.ljust(width)[:width]


def precision_recall_rows(labels: Sequence[str], gold: IntArray, system: IntArray,
                          gold_right: IntArray, system_right: IntArray,
                          ) -> list[tuple[str, int, int, float, float, float]]:
    """Per label: gold count, system count, precision, recall and F1 (percent; NaN where
    undefined, :func:`treeeval.stats.rates.precision_recall_f1`), most frequent gold label
    first.

    >>> precision_recall_rows(["NP", "X"], np.array([4, 0]), np.array([2, 1]), np.array([2, 0]),
    ...                       np.array([2, 0]))
    [('NP', 4, 2, 100.0, 50.0, 66.66666666666667), ('X', 0, 1, 0.0, nan, 0.0)]
    """
    precision, recall, f1 = precision_recall_f1(system_right, system, gold_right, gold)
    rows = [(label, g, s, p, r, f) for label, g, s, p, r, f in zip(
        labels, np.asarray(gold).tolist(), np.asarray(system).tolist(), precision.tolist(),
        recall.tolist(), f1.tolist())]
    rows.sort(key=lambda row: (-row[1], -row[2], row[0]))
    return rows


def label_rows(labels: Sequence[str], gold: IntArray, system: IntArray,
               gold_right: IntArray, system_right: IntArray) -> list[BreakdownRow]:
    """The rows of a per-label table (label, gold, system, P, R, F1; ``precision_recall_rows``),
    each selecting the sentences where its label is wrong.

    >>> label_rows(["NP"], np.array([4]), np.array([2]), np.array([2]), np.array([2]))[0].cells
    ['NP', '4', '2', '100.00', '50.00', '66.67']
    """
    return [BreakdownRow([label, str(g), str(s), shown(p), shown(r), shown(f)],
                         SentenceFilter(label=label), None if np.isnan(f) else f / 100)
            for label, g, s, p, r, f in precision_recall_rows(labels, gold, system, gold_right,
                                                              system_right)]


def confusion_rows(names: Sequence[str] | NDArray[np.str_], gold_codes: AnyArray,
                   system_codes: AnyArray, limit: int = 40) -> list[BreakdownRow]:
    """The ``limit`` most frequent (gold, system) pairs of differing label codes (names
    ``names[code]``; codes of any integer dtype) with their counts, each selecting the
    sentences with that confusion.

    >>> [row.cells for row in confusion_rows(["a", "b"], np.array([0, 0, 1]), np.array([1, 0, 0]))]
    [['a', 'b', '1'], ['b', 'a', '1']]
    """
    differ = gold_codes != system_codes
    if differ.any():
        pairs, counts = np.unique(np.stack([gold_codes[differ], system_codes[differ]]),
                                  axis=1, return_counts=True)
    else:
        pairs, counts = np.zeros((2, 0), dtype=np.int64), np.zeros(0, dtype=np.int64)
    order = np.lexsort((pairs[1], pairs[0], -counts)) if len(counts) else counts
    rows = []
    for j in order[:limit]:
        gold, system = str(names[pairs[0, j]]), str(names[pairs[1, j]])
        rows.append(BreakdownRow([gold, system, str(int(counts[j]))],
                                 SentenceFilter(confusion=(gold, system))))
    return rows


def length_row(low: int, high: int, sentences: int, cell: str, value: float) -> BreakdownRow:
    """A row of a by-length table (a ``length_bins`` range): range, sentences, the score's
    ``cell`` and a bar of ``value`` percent; it selects the sentences of that length.

    >>> length_row(71, 10000, 3, "50.00", 50.0).cells, length_row(1, 10, 0, "—", float("nan")).bar
    (['71+', '3', '50.00'], None)
    """
    return BreakdownRow([f"{low}-{high}" if high < 10000 else f"{low}+", str(sentences), cell],
                        SentenceFilter(min_length=low, max_length=high),
                        None if np.isnan(value) else value / 100)

