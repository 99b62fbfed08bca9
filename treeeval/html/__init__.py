"""The self-contained HTML report of ``--html FILE``: one page with the comparison tables,
the figures (inline SVG) and, for each system, its worst sentences with the gold and the
system analysis side by side; no address outside the page, so it opens without a network.

The data (:mod:`.model`): a :class:`Report` holds :class:`~treeeval.tables.ComparisonTable`
tables, :class:`~treeeval.figures.FigureData` figures and a :class:`SystemSentences` per
system: :class:`Sentence` objects (number, score, where) whose analysis is :class:`Arcs`
(dependencies: an :class:`ArcRow` per gold word, gold and system HEAD/DEPREL; a cell that
differs is marked), :class:`Trees` (two bracketed trees, indented, the brackets the other
tree lacks marked) or :class:`Graphs` (enhanced UD graphs: a :class:`GraphRow` per word,
its gold and its system edges, each :class:`EdgeCell` without a match marked).
:func:`worst_sentences` picks the lowest scores.  :func:`write_html` writes the page
(:func:`page`) whole or not at all, never over an input.

A command writes the report through the comparison driver
(:func:`treeeval.compare.driver.figures_and_report`): its scorer's adapter
(:class:`treeeval.compare.adapter.Systems`) gives each system's worst sentences, a
:class:`SystemSentences` of :class:`Sentence` objects whose analysis is
``Trees(gold_tree, system_tree)`` or ``Arcs([ArcRow(id, form, gold_head, gold_deprel, head,
deprel), ...])``, and any further sections of them (``treeeval ud`` with ELAS: the worst by
ELAS F1, as ``Graphs``).

>>> report = Report("dev", "bracket", worst=(SystemSentences("a", "F1", (
...     Sentence(1, 50.0, Trees("(S (NP (D a)) (VP (V b)))", "(S (X (D a) (V b)))")),)),))
>>> page(report).count("<mark")  # NP and VP in the gold tree, X in the system's
3
"""

from .model import (
    WORST,
    ArcRow,
    Arcs,
    EdgeCell,
    GraphRow,
    Graphs,
    Report,
    Sentence,
    SystemSentences,
    Trees,
    worst_sentences,
)
from .page import page, write_html

__all__ = ["WORST", "ArcRow", "Arcs", "EdgeCell", "GraphRow", "Graphs", "Report", "Sentence",
           "SystemSentences", "Trees", "page", "worst_sentences", "write_html"]
