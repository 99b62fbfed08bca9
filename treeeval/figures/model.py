"""What a figure plots, as plain data: categories on the x axis, panels, one series per system.

The functions of :mod:`.bracket_data` and :mod:`.dependency_data` compute a
:class:`FigureData` from what the scorers return; :func:`~.drawing.draw` only draws it, and
:meth:`FigureData.rows` gives the same numbers as rows for a table.

>>> bins = LengthBins((10, 20))
>>> bins.labels, bins.index(np.array([1, 10, 11, 20, 21, 90])).tolist()
(('1-10', '11-20', '21+'), [0, 0, 1, 1, 2, 2])
>>> series = Series("ours", np.array([90.0, np.nan]), np.array([12, 0]))
>>> data = FigureData("F1 by length", "lines", "length (words)", "F1 (%)", ("1-10", "11+"),
...                   (Panel("", (series,)),))
>>> data.rows()[1]
{'panel': '', 'system': 'ours', 'category': '11+', 'value': None, 'support': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..stats.rates import plain, precision_recall_f1, shown


@dataclass(frozen=True)
class LengthBins:
    """Bins of whole numbers closed on the right at each of ``edges`` (``1-10``, ``11-20``,
    ...), the last one open (``41+``); ``first`` is the smallest value the first bin names.

    >>> LengthBins((1, 2), first=1).labels
    ('1', '2', '3+')
    """

    edges: tuple[int, ...] = (10, 20, 30, 40)
    first: int = 1

    @property
    def labels(self) -> tuple[str, ...]:
        lows = (self.first, *(edge + 1 for edge in self.edges))
        closed = tuple(str(low) if low == high else f"{low}-{high}"
                       for low, high in zip(lows, self.edges))
        return (*closed, f"{lows[-1]}+")

    def index(self, values: np.ndarray) -> np.ndarray:
        """Each value's bin (values below ``first`` go to the first bin)."""
        return np.searchsorted(np.asarray(self.edges), values, side="left")

    def __len__(self) -> int:
        return len(self.edges) + 1


#: the sentence-length bins every figure uses unless told otherwise
LENGTH_BINS = LengthBins()


def pooled_f1_by_length(runs: Mapping[str, tuple[np.ndarray, np.ndarray, np.ndarray,
                                                 np.ndarray, float | None]],
                        bins: LengthBins, counting: str) -> FigureData:
    """Bracket F1 by sentence length, one series per system: ``runs`` maps a name to its
    sentences' lengths, matched, gold and test brackets, and its overall F1 (the legend's);
    each bin's F1 pools the brackets of its sentences (the one home of the figure for
    ``bracket`` and ``disco``; ``counting`` says how the scorer counts).

    >>> one = (np.array([3, 12]), np.array([2, 5]), np.array([4, 8]), np.array([3, 8]), 63.6)
    >>> data = pooled_f1_by_length({"a": one}, LengthBins((10,)), "pooled")
    >>> data.panels[0].series[0].values.round(2).tolist()
    [57.14, 62.5]
    """
    series = []
    for name, (length, *columns, overall) in runs.items():
        where = bins.index(length)
        matched, gold, test = (np.bincount(where, weights=column, minlength=len(bins))
                               for column in columns)
        _, _, f1 = precision_recall_f1(matched, test, matched, gold)
        series.append(Series(name, f1, gold.astype(np.int64), overall))
    return FigureData("Bracket F1 by sentence length", "lines", "sentence length (words)",
                      "bracket F1 (%)", bins.labels, (Panel("", tuple(series)),),
                      counting + "; a bin's support is its gold brackets")


@dataclass(frozen=True)
class Series:
    """One system's values (percent; NaN where nothing was counted) by category, the
    number of items behind each (``support``: gold brackets, tokens, arcs), and the
    system's ``overall`` score, shown in the legend when known."""

    system: str
    values: np.ndarray
    support: np.ndarray
    overall: float | None = None

    @property
    def label(self) -> str:
        """The legend's text: ``berkeley (90.12)`` (``—`` for an undefined score).

        >>> Series("a", np.zeros(0), np.zeros(0), 90.123).label, Series("b", np.zeros(0),
        ...                                                          np.zeros(0), np.nan).label
        ('a (90.12)', 'b (—)')
        """
        return self.system if self.overall is None else f"{self.system} ({shown(self.overall)})"


@dataclass(frozen=True)
class Panel:
    """One plot of a figure (``LAS``, ``UAS``): a series per system, in the given order."""

    title: str
    series: tuple[Series, ...]


@dataclass(frozen=True)
class FigureData:
    """A whole figure: ``lines`` (a value per category, joined) or grouped ``bars``."""

    title: str
    kind: Literal["lines", "bars"]
    x_label: str
    y_label: str
    categories: tuple[str, ...]
    panels: tuple[Panel, ...]
    #: how the numbers were computed (definitions, what was left out)
    notes: str = ""
    #: categories before which a line is not joined (the next one is not on the same scale)
    breaks: tuple[int, ...] = ()

    def rows(self) -> list[dict[str, object]]:
        """One row per panel, system and category (``value`` None where undefined)."""
        return [{"panel": panel.title, "system": series.system, "category": category,
                 "value": plain(value), "support": int(support)}
                for panel in self.panels for series in panel.series
                for category, value, support in zip(self.categories, series.values.tolist(),
                                                    series.support.tolist())]
