"""The self-contained HTML report of ``--html FILE``: one page with the comparison tables,
the figures (inline SVG) and, for each system, its worst sentences with the gold and the
system analysis side by side; no address outside the page, so it opens without a network.

The data (:mod:`.model`): a :class:`Report` holds :class:`~treeeval.tables.ComparisonTable`
tables, :class:`~treeeval.figures.FigureData` figures and a :class:`SystemSentences` per
system: :class:`Sentence` objects (number, score, where) whose analysis is :class:`Arcs`
(dependencies: an :class:`ArcRow` per gold word, gold and system HEAD/DEPREL; a cell that
differs is marked) or :class:`Trees` (two bracketed trees, indented, the brackets the other
tree lacks marked).  :func:`worst_sentences` picks the lowest scores.  :func:`write_html`
writes the page (:func:`page`) whole or not at all, never over an input.

Wiring a command (about ten lines in its ``cli.py``): give ``add_comparison`` the
``html=...`` argument (it adds ``--html FILE``, read back as ``comparing(args).html``),
then after scoring::

    if given.html:
        pick = worst_sentences(per_sentence_scores)              # numpy, NaN left out
        worst = SystemSentences(name, "F1", [Sentence(int(i) + 1, float(scores[i]),
                                 Trees(gold_lines[i], system_lines[i])) for i in pick])
        write_html(Report(title, "bracket", signature, (table,), figures.values(), (worst,)),
                   given.html, inputs=[gold, *systems])

>>> report = Report("dev", "bracket", worst=(SystemSentences("a", "F1", (
...     Sentence(1, 50.0, Trees("(S (NP (D a)) (VP (V b)))", "(S (X (D a) (V b)))")),)),))
>>> page(report).count("<mark")  # NP and VP in the gold tree, X in the system's
3
"""

from .model import WORST, ArcRow, Arcs, Report, Sentence, SystemSentences, Trees, worst_sentences
from .page import page, write_html

__all__ = ["WORST", "ArcRow", "Arcs", "Report", "Sentence", "SystemSentences", "Trees",
           "page", "worst_sentences", "write_html"]
