"""Drawing a :class:`~.model.FigureData` with matplotlib (on an Agg canvas, imported only
here, when a figure is drawn): one plot per panel, one series per system told apart without
colour (greys, with a marker and a line style per line, a hatch per bar), axis labels with
units, a legend, and the same bytes on every run (no dates in SVG or PDF, a fixed SVG hash
salt).

>>> draw(None, "figure.gif")
Traceback (most recent call last):
...
treeeval.errors.UsageError: cannot write a figure as .gif (choose from .png, .svg, .pdf)
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple

import numpy as np

from ..errors import UsageError
from .model import FigureData, Panel

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: the file formats, by suffix, and the metadata that would make two runs differ
FORMATS: dict[str, dict[str, Any]] = {
    ".png": {"Software": None},
    ".svg": {"Date": None, "Creator": None},
    ".pdf": {"CreationDate": None, "ModDate": None, "Producer": None, "Creator": None},
}


class Style(NamedTuple):
    """How one system is drawn: grey, marker, line style (lines), hatch (bars)."""

    grey: str
    marker: str
    linestyle: str | tuple[int, tuple[int, ...]]
    hatch: str


#: the systems' styles in order (then again); each differs from the others without colour
STYLES = (
    Style("0.0", "o", "-", ""),
    Style("0.45", "s", "--", "///"),
    Style("0.25", "^", ":", "..."),
    Style("0.6", "D", "-.", "xxx"),
    Style("0.15", "v", (0, (5, 1, 1, 1, 1, 1)), "\\\\\\"),
    Style("0.75", "P", (0, (1, 3)), "ooo"),
)


def style(index: int) -> Style:
    """The style of the ``index``-th system.

    >>> style(0).marker, style(1).linestyle, style(len(STYLES)).hatch
    ('o', '--', '')
    """
    return STYLES[index % len(STYLES)]


def figure_format(path: str | os.PathLike[str]) -> str:
    """The format a figure's path asks for (its suffix, in ``FORMATS``), else a usage error.

    >>> figure_format("results/f1.PDF")
    '.pdf'
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(f"cannot write a figure as {suffix or 'a file without a suffix'} "
                         f"(choose from {', '.join(FORMATS)})")
    return suffix


def plot_paths(path: str | os.PathLike[str], names: Sequence[str]) -> dict[str, Path]:
    """Where ``--plot PATH`` writes each of a command's figures: PATH itself for one figure,
    else PATH with the figure's name before the suffix.

    >>> plot_paths("out/dev.png", ["f1_by_length", "label_f1"])  # doctest: +NORMALIZE_WHITESPACE
    {'f1_by_length': PosixPath('out/dev.f1_by_length.png'),
     'label_f1': PosixPath('out/dev.label_f1.png')}
    >>> plot_paths("dev.svg", ["by_arc_length"])
    {'by_arc_length': PosixPath('dev.svg')}
    """
    figure_format(path)
    base = Path(path)
    if len(names) == 1:
        return {names[0]: base}
    return {name: base.with_name(f"{base.stem}.{name}{base.suffix}") for name in names}


def draw(data: FigureData, path: str | os.PathLike[str]) -> None:
    """Write ``data`` as a figure to ``path``, whose suffix picks the format (``FORMATS``),
    whole or not at all (treeeval.policy.outputs)."""
    from ..policy.outputs import output_file

    suffix = figure_format(path)
    with output_file(path, (), binary=True) as stream:
        _save(data, stream, suffix)


def figure_bytes(data: FigureData, suffix: str) -> bytes:
    """``data`` drawn in memory in the format of ``suffix`` (the bytes :func:`draw` writes to
    a file of that suffix), for a command that writes its files whole or not at all."""
    target = io.BytesIO()
    _save(data, target, figure_format(f"figure{suffix}"))
    return target.getvalue()


def svg_text(data: FigureData) -> str:
    """``data`` drawn as an SVG document, for a page that holds its figures inline."""
    return figure_bytes(data, ".svg").decode("utf-8")


def _save(data: FigureData, target: str | os.PathLike[str] | BinaryIO, suffix: str) -> None:
    from matplotlib import rc_context

    figure = make_figure(data)
    with rc_context(_RC):
        figure.savefig(target, format=suffix[1:], metadata=FORMATS[suffix], dpi=110)


def make_figure(data: FigureData) -> Figure:
    """The matplotlib figure of ``data`` on an Agg canvas (no GUI, no pyplot state): a
    subfigure per panel with its own legend below, the same y range in every panel."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    with rc_context(_RC):
        wide = data.kind == "bars" and len(data.categories) > 8
        width = 4.2 + (3 if wide else 0) / len(data.panels)
        columns = [legend_columns([s.label for s in panel.series], width)
                   for panel in data.panels]
        rows = max(-(-len(panel.series) // n) for panel, n in zip(data.panels, columns))
        figure = Figure(figsize=(width * len(data.panels), 3.6 + 0.2 * (rows - 1)),
                        layout="constrained")
        FigureCanvasAgg(figure)
        parts = figure.subfigures(1, len(data.panels), squeeze=False)[0]
        for panel, part, ncols in zip(data.panels, parts, columns):
            ax = part.subplots()
            (_lines if data.kind == "lines" else _bars)(ax, data, panel)
            ax.set_ylim(*_limits(data))
            ax.set_title(panel.title)
            ax.set_xlabel(data.x_label)
            ax.set_ylabel(data.y_label)
            part.legend(loc="outside lower center", frameon=False,
                        ncols=ncols)
        figure.suptitle(data.title)
    return figure


def legend_columns(labels: Sequence[str], width: float) -> int:
    """How many columns a legend of ``labels`` takes under a plot ``width`` inches wide: as
    few as give the fewest rows (at most 3 columns, as many as fit, their longest label's
    width each, at the legend's 8 points), so that the rows are even (four systems: two
    rows of two, not three and one).

    >>> legend_columns(["a (90.00)", "b (91.00)"], 4.2)
    2
    >>> legend_columns(["HIT-SCIR-18 (84.57)", "Stanford-18 (83.87)", "UDPipe (82.51)"], 4.2)
    2
    >>> legend_columns(["HIT-SCIR-18 (84.57)"] * 4, 7.2), legend_columns(["a"] * 7, 7.2)
    (2, 3)
    """
    longest = max(map(len, labels), default=1)
    fit = max(1, min(len(labels), 3, int(width // (0.07 * longest + 0.55))))
    rows = -(-len(labels) // fit)
    return max(1, -(-len(labels) // rows))


#: matplotlib settings for every figure (text as paths: the same look without the fonts)
_RC: dict[Any, Any] = {"svg.hashsalt": "treeeval", "svg.fonttype": "path", "pdf.fonttype": 42,
       "font.size": 9, "axes.titlesize": 10, "legend.fontsize": 8, "hatch.linewidth": 0.6,
       "axes.grid": True, "axes.axisbelow": True, "grid.color": "0.88", "grid.linewidth": 0.6}


def _lines(ax: Axes, data: FigureData, panel: Panel) -> None:
    x = np.arange(len(data.categories))
    for index, series in enumerate(panel.series):
        look = style(index)
        for part, where in enumerate(np.split(x, list(data.breaks))):
            ax.plot(where, series.values[where], color=look.grey, marker=look.marker,
                    linestyle=look.linestyle, markersize=5, linewidth=1.4,
                    markerfacecolor="white" if index % 2 else look.grey,
                    label=series.label if part == 0 else None)
    ax.set_xticks(x, data.categories)
    ax.margins(x=0.04)


def _bars(ax: Axes, data: FigureData, panel: Panel) -> None:
    x = np.arange(len(data.categories))
    width = 0.8 / max(len(panel.series), 1)
    for index, series in enumerate(panel.series):
        look = style(index)
        ax.bar(x + (index - (len(panel.series) - 1) / 2) * width, np.nan_to_num(series.values),
               width, color=f"{min(float(look.grey) + 0.35, 1.0):.2f}", edgecolor="0.0",
               hatch=look.hatch, linewidth=0.6, label=series.label)
    ax.set_xticks(x, data.categories, rotation=45 if len(data.categories) > 8 else 0,
                  ha="right" if len(data.categories) > 8 else "center")


def _limits(data: FigureData) -> tuple[float, float]:
    """The y range of every panel (the same, so that panels compare): 0-100 for bars, the
    values' range with a margin, in steps of 5, for lines.

    >>> from .model import Series
    >>> series = Series("a", np.array([71.0, np.nan, 88.0]), np.array([1, 0, 1]))
    >>> _limits(FigureData("t", "lines", "x", "y", ("1", "2", "3"), (Panel("", (series,)),)))
    (70.0, 90.0)
    """
    values = np.concatenate([s.values for p in data.panels for s in p.series] or [np.zeros(0)])
    values = values[np.isfinite(values)]
    if data.kind == "bars" or not len(values):
        return 0.0, 100.0
    low, high = np.floor((values.min() - 1) / 5) * 5, np.ceil((values.max() + 1) / 5) * 5
    return float(max(low, 0.0)), float(min(max(high, low + 5), 100.0))
