"""Figures for papers: the numbers of each figure as data, computed from what the scorers
return for several systems at once, and drawn with matplotlib (imported only to draw).

Bracket figures (:mod:`.bracket_data`): F1 by sentence length, F1 by label.  Dependency
figures (:mod:`.dependency_data`): LAS and UAS by dependency length, by distance to the root
and by sentence length, LAS F1 by label.  UD figures (:mod:`.ud_data`, from a ``treeeval ud``
run's per-sentence counts, or :func:`ud_file_figures` from the files): LAS, MLAS and BLEX F1
by sentence length, LAS F1 by label.
:func:`draw` writes any of them to a ``.png``, ``.svg`` or ``.pdf`` file, readable in grey
scale; :func:`figure_bytes` draws it in memory, :func:`svg_text` as SVG text (for a page
that holds it inline).
"""

from __future__ import annotations

from .bracket_data import bracket_figures, f1_by_length, label_f1
from .dependency_data import (
                              by_arc_length,
                              by_root_distance,
                              by_sentence_length,
                              dependency_evaluations,
                              dependency_figures,
                              deprel_f1,
)
from .drawing import FORMATS, draw, figure_bytes, figure_format, make_figure, plot_paths, svg_text
from .model import FigureData, LengthBins, Panel, Series
from .ud_data import ud_file_figures

__all__ = ["FigureData", "Panel", "Series", "LengthBins", "draw", "figure_bytes", "make_figure", "svg_text",
           "FORMATS", "figure_format", "plot_paths",
           "f1_by_length", "label_f1", "bracket_figures", "by_arc_length", "by_root_distance",
           "by_sentence_length", "deprel_f1", "dependency_evaluations", "dependency_figures",
           "ud_file_figures"]
