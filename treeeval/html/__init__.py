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

Wiring a command (about ten lines in its ``cli.py``; ``treeeval/ud/cli.py`` is the
example): give ``add_comparison`` the ``html=...`` argument (it adds ``--html FILE``, read
back as ``comparing(args).html``); while checking the options, before scoring,
``treeeval.policy.outputs.check_output(given.html, inputs)``; after the command's output::

    if given.html:
        worst = [SystemSentences(name, "F1", [
                     Sentence(int(i) + 1, float(f1[i]), Trees(gold_trees[i], trees[i]))
                     for i in worst_sentences(f1, sizes=lengths)])    # numpy, NaN left out
                 for name, f1, trees in zip(names, sentence_f1, system_trees)]
        write_html(Report(title, "bracket", signature, [table], figures.values(), worst,
                          [f"warning: {n.text()}" for n in args.notices.shown()]),
                   given.html, inputs)

(dependencies: ``Arcs([ArcRow(id, form, gold_head, gold_deprel, head, deprel), ...])``).

>>> report = Report("dev", "bracket", worst=(SystemSentences("a", "F1", (
...     Sentence(1, 50.0, Trees("(S (NP (D a)) (VP (V b)))", "(S (X (D a) (V b)))")),)),))
>>> page(report).count("<mark")  # NP and VP in the gold tree, X in the system's
3
"""

from .model import WORST, ArcRow, Arcs, Report, Sentence, SystemSentences, Trees, worst_sentences
from .page import page, write_html

__all__ = ["WORST", "ArcRow", "Arcs", "Report", "Sentence", "SystemSentences", "Trees",
           "page", "worst_sentences", "write_html"]
