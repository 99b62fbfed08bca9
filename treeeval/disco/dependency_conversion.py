"""``treeeval convert --inputfmt export|discbracket|tiger|alpino``: discontinuous trees to
CoNLL-X or CoNLL-U dependencies.

A sentence is read as ``discodop eval`` reads it (its readers, ``--functions=remove``: a
label loses its function, the edge label stays with the node), each phrase's head child is
found, and the dependencies are discodop's (:func:`~treeeval.disco.head_dependencies.dependencies`):
the lexical heads of a phrase's other children depend on its head child's, and the tree's
root stands for the sentence: each of its children (the top phrase, punctuation attached
at the root) is a root word, HEAD 0.  That root is the export format's node 0, Tiger's
graph root (``VROOT``), Alpino's top node, and a discbracket tree's outermost bracket,
which discodop writes as ``(ROOT ...)``; a tree of one preterminal has one root word.  A
discontinuous phrase is no obstacle, and arcs may cross (non-projective).

The head child is found with discodop's head-rule file (``--headrules``:
:func:`~treeeval.disco.head_dependencies.find_heads`, an ``HD`` edge label first), or with
a treeeval ``.heads`` table (``--heads``: the :class:`~treeeval.formats.head_finder.HeadFinder`
that converts bracketed trees, on the categories; CoreNLP's procedural ``semantic`` tables
read English words and are not offered).

Each word keeps its form, its tag as discodop prints it (the preterminal's label: ``(`` and
``)`` in the export and Tiger formats' labels become ``[`` and ``]``) and its morphology in
FEATS (``_`` where the format has none or ``--``).  The labels follow ``--labels``: ``none``
(``dep``), ``function`` (the dependent's edge label, ``-`` when it has none: discodop's
CoNLL output), ``category`` (its maximal projection's category) or ``triple``
(``parent/head/dependent`` categories); a root word is ``root``.

>>> from treeeval.formats.discbracket import parse_discbracket
>>> from treeeval.disco.head_dependencies import parse_head_rules
>>> sentence = parse_discbracket("(ROOT (S (VP (PPER-OA 0=ihn) (VVPP-HD 2=gesehen)) "
...                              "(VAFIN-HD 1=hat) (PPER-SB 3=sie)))", key=1)
>>> rules = parse_head_rules("VP RIGHT VVPP\\n")
>>> converted = convert_sentence(sentence, rules, labels="function")
>>> list(zip(converted.forms, converted.tags, converted.heads, converted.labels))
... # doctest: +NORMALIZE_WHITESPACE
[('ihn', 'PPER', 3, 'OA'), ('hat', 'VAFIN', 0, 'root'), ('gesehen', 'VVPP', 2, '-'),
 ('sie', 'PPER', 2, 'SB')]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import BinaryIO

from ..conversion.files import note_unknown, write_converted
from ..conversion.finders import head_finder
from ..conversion.heads import base_category
from ..conversion.settings import ConvertSettings
from ..errors import InputError, UsageError
from ..formats.head_finder import HeadFinder
from ..formats.headrules import HeadTable, load_heads
from ..formats.headrules import find_heads as find_table
from ..model.dependencies import DependencySentence
from ..model.disc_trees import DiscNode, DiscSentence
from ..policy.notices import Notices
from .corpus import READERS
from .head_dependencies import (
    Labeller,
    dependencies,
    edge_label,
    find_heads,
    head_children,
    read_head_rules,
)
from .labels import apply_options

#: each ``--labels`` scheme's labeller (see :data:`~treeeval.disco.head_dependencies.Labeller`)
LABELLERS: dict[str, Labeller] = {
    "none": lambda child, phrase, head: "dep",
    "function": edge_label,
    "category": lambda child, phrase, head: base_category(child.label),
    "triple": lambda child, phrase, head: (f"{base_category(phrase.label) or 'TOP'}/"
                                           f"{base_category(head.label)}/"
                                           f"{base_category(child.label)}"),
}


def convert_sentence(sentence: DiscSentence, choose: HeadTable | HeadFinder, *,
                     export: bool = False, escape: bool = False, labels: str = "none",
                     path: str = "<input>") -> DependencySentence:
    """One sentence as read, relabelled in place as discodop eval's reader does (``export``
    and ``escape``: see :func:`~treeeval.disco.labels.apply_options`), its heads found by
    discodop's rules (a HeadTable of :func:`read_head_rules`) or by a treeeval head finder.
    A word outside a preterminal is an InputError at the sentence's line of ``path``."""
    apply_options(sentence, export=export, escape=escape)
    tree = sentence.tree
    for node in tree.subtrees():
        words = [child for child in node.children if isinstance(child, int)]
        if words and not node.is_preterminal():
            raise InputError(f"sentence {sentence.key}: word {words[0] + 1} "
                             f"({sentence.words[words[0]]!r}) is not inside a part-of-speech "
                             f"tag ({node.label} has other children)", path=path,
                             line=sentence.line or None)
    if isinstance(choose, HeadFinder):
        finder = choose
        heads = head_children(tree, lambda node, children: children[finder.head(
            base_category(node.label), [base_category(child.label) for child in children])])
    else:
        heads = find_heads(tree, choose)
    # a tree of one preterminal: its word is the root word
    arcs = dependencies(DiscNode("", [tree]) if tree.is_preterminal() else tree, heads,
                        LABELLERS[labels])
    tags = {node.children[0]: node.label for node in tree.subtrees() if node.is_preterminal()}
    morph = sentence.morph
    return DependencySentence(
        list(sentence.words), [tags[index] for index in range(len(sentence.words))],
        [head for _, _, head in arcs], [label for _, label, _ in arcs], line=sentence.line,
        extra={"feats": ["_" if not m or m == "--" else m for m in morph]} if morph else {})


def convert_discontinuous(settings: ConvertSettings, out: BinaryIO, notices: Notices) -> None:
    """``treeeval convert --inputfmt FORMAT``: convert ``settings.input`` and write it to
    ``settings.output`` (else ``out``)."""
    read, export, escape = READERS[settings.inputfmt]
    if settings.headrules is not None:
        choose: HeadTable | HeadFinder = read_head_rules(settings.headrules)
        table_file = settings.headrules
    else:
        table = load_heads(settings.table)
        if table.procedural:
            raise UsageError(f"--heads {settings.table}: CoreNLP's semantic head finder reads "
                             "English Penn Treebank trees, not discontinuous ones")
        choose = head_finder(table)
        table_file = str(find_table(settings.table))

    def converted() -> Iterator[tuple[str, DependencySentence]]:
        empty = True
        for sentence in read(settings.input, settings.inputenc):
            empty = False
            yield sentence.key, convert_sentence(sentence, choose, export=export, escape=escape,
                                                 labels=settings.labels, path=settings.input)
        if empty:
            raise InputError(f"no sentence found: is it in the {settings.inputfmt} format "
                             "(--inputfmt)?", path=settings.input)

    pairs = converted()
    ids = None
    if settings.format == "conllu":  # the keys are the sent_ids, read in step with the sentences
        keyed, pairs = itertools.tee(pairs)
        ids = (key for key, _ in keyed)
    write_converted(settings, (sentence for _, sentence in pairs), out, [table_file], ids)
    if isinstance(choose, HeadFinder):
        note_unknown(choose.unknown, notices)
