"""Reader of Tiger XML (TigerXML, as the Tiger treebank 2.1 and 2.2 and TIGERSearch export
it) into :class:`~treeeval.model.disc_trees.DiscSentence`, as ``discodop`` reads it.

Each ``<s id=KEY>`` holds a ``<graph root=ID>`` with ``<terminals>`` (``<t id word lemma
pos morph>``: a word, its lemma, tag and morphology) and ``<nonterminals>`` (``<nt id
cat>``: a node of category ``cat``, with an ``<edge label idref>`` to each child and a
``<secedge label idref>`` to each node it is a secondary parent of).  As discodop does,
each sentence is turned into the lines of the export format and read by the export reader
(:func:`~treeeval.formats.export.export_sentence`): a node ``s1_503`` is ``#503`` (the
part of its id after the last ``_``), the edge labels are the functions, and the root
node (``graph``'s ``root``) is dropped: its children hang from the tree's root, whose label
is what follows the first ``_`` of the root's id (``s1_VROOT``: ``VROOT``).  Secondary
edges are kept in the sentence.  The other attributes of TIGER 2.2 (``case``, ``number``,
... on terminals; ``discontinuous`` on graphs) are ignored, as discodop ignores them.

The file is read a sentence at a time (memory stays flat), safely (no DTD, no entities);
its encoding is the one its XML declaration names.  A malformed file or sentence is an
error at its line: a node with two parents or none, an edge to an unknown node, a missing
attribute (where discodop stops with a traceback), a sentence id used twice.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "t.xml")
>>> _ = open(path, "w").write('''<corpus><body><s id="s1"><graph root="s1_VROOT">
... <terminals><t id="s1_1" word="Der" lemma="der" pos="ART" morph="Nom"/>
... <t id="s1_2" word="kam" lemma="kommen" pos="VVFIN" morph="3.Sg"/>
... <t id="s1_3" word="Mann" lemma="Mann" pos="NN" morph="Nom"/></terminals>
... <nonterminals><nt id="s1_500" cat="NP"><edge label="NK" idref="s1_1"/>
... <edge label="NK" idref="s1_3"/></nt>
... <nt id="s1_501" cat="S"><edge label="SB" idref="s1_500"/><edge label="HD" idref="s1_2"/>
... </nt><nt id="s1_VROOT" cat="VROOT"><edge label="--" idref="s1_501"/></nt>
... </nonterminals></graph></s></body></corpus>''')
>>> [sentence] = read_tiger(path)
>>> sentence.key, sentence.words, sentence.tags, sentence.tree.label
('s1', ['Der', 'kam', 'Mann'], ['ART', 'VVFIN', 'NN'], 'VROOT')
>>> s = sentence.tree.children[0]
>>> s.label, [(c.label, c.function) for c in s.children], s.children[0].is_discontinuous()
('S', [('NP', 'SB'), ('VVFIN', 'HD')], True)
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import InputError
from ..model.disc_trees import DiscSentence
from .export import export_sentence
from .xmlsafe import LINE, iter_elements

if TYPE_CHECKING:
    from xml.etree import ElementTree

#: the columns of the export format's lines discodop builds
WORD, LEMMA, TAG, MORPH, FUNC, PARENT = range(6)
#: the attribute each column of a terminal's line comes from
TERMINAL_ATTRIBUTES = ((WORD, "word"), (LEMMA, "lemma"), (TAG, "pos"), (MORPH, "morph"))


def check_xml_encoding(encoding: str, path: str) -> None:
    """An XML file names its encoding itself (in its first line): like discodop, only the
    default is accepted.

    >>> check_xml_encoding("latin1", "t.xml")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: t.xml:1: an XML file declares its own encoding: \
--goldenc/--parsesenc/--inputenc cannot override it (found latin1)
    """
    if encoding not in ("utf8", "utf-8"):
        raise InputError("an XML file declares its own encoding: --goldenc/--parsesenc/--inputenc "
                         f"cannot override it (found {encoding})", path=path, line=1)


def read_tiger(source: str | os.PathLike[str],
               encoding: str = "utf-8") -> Iterator[DiscSentence]:
    """The sentences of a Tiger XML file, one at a time."""
    path = os.fspath(source)
    check_xml_encoding(encoding, path)
    seen: set[str] = set()
    for element in iter_elements(path, "s"):
        sentence = tiger_sentence(element, path)
        if sentence.key in seen:
            raise InputError(f"sentence id {sentence.key} is used twice", path=path,
                             line=sentence.line)
        seen.add(sentence.key)
        yield sentence


def _line(element: ElementTree.Element) -> int:
    return int(element.get(LINE, "0"))


def _required(element: ElementTree.Element, name: str, path: str) -> str:
    value = element.get(name)
    if value is None:
        raise InputError(f"<{element.tag}> has no {name} attribute", path=path,
                         line=_line(element))
    return value


def _child(element: ElementTree.Element, name: str, path: str) -> ElementTree.Element:
    found = element.find(name)
    if found is None:
        raise InputError(f"<{element.tag}> has no <{name}>", path=path, line=_line(element))
    return found


def tiger_sentence(element: ElementTree.Element, path: str) -> DiscSentence:
    """The sentence of one ``<s>`` element."""
    key = _required(element, "id", path)
    graph = _child(element, "graph", path)
    root = _required(graph, "root", path)
    if "_" not in root:
        raise InputError(f"the root id {root!r} has no '_' (the root's label is what "
                         "follows it)", path=path, line=_line(graph))
    nodes: dict[str, list[str | None]] = {}
    lines: dict[str, int] = {}
    for term in _child(graph, "terminals", path):
        term_id = _required(term, "id", path)
        fields = nodes.setdefault(term_id, [None] * 6)
        for column, name in TERMINAL_ATTRIBUTES:
            fields[column] = term.get(name)
        fields[PARENT] = "0" if term_id == root else None
        fields[FUNC] = "--"
        lines[term_id] = _line(term)
    for nt in _child(graph, "nonterminals", path):
        nt_id = _required(nt, "id", path)
        if nt_id == root:
            parent = "0"
        else:
            fields = nodes.setdefault(nt_id, [None] * 6)
            parent = nt_id.split("_")[-1]
            fields[WORD] = "#" + parent
            fields[TAG] = nt.get("cat")
            fields[LEMMA] = fields[MORPH] = fields[FUNC] = "--"
            lines[nt_id] = _line(nt)
        for edge in nt:
            idref = _required(edge, "idref", path)
            child = nodes.setdefault(idref, [None] * 6)
            lines.setdefault(idref, _line(edge))
            if edge.tag == "edge":
                if child[FUNC] not in (None, "--"):
                    raise InputError(f"{idref} already has a parent", path=path,
                                     line=_line(edge))
                child[FUNC] = edge.get("label")
                child[PARENT] = parent
            elif edge.tag == "secedge":
                child.extend((edge.get("label"), parent))
            else:
                raise InputError(f"expected <edge> or <secedge>, found <{edge.tag}>",
                                 path=path, line=_line(edge))
    rows = []
    for node_id, fields in nodes.items():
        if fields[PARENT] is None:
            raise InputError(f"{node_id} has no parent (or is not a node of the sentence)",
                             path=path, line=lines[node_id])
        if None in fields:
            raise InputError(f"{node_id} lacks an attribute (word, lemma, pos, morph, cat "
                             "or an edge's label)", path=path, line=lines[node_id])
        rows.append((lines[node_id], "\t".join(str(field) for field in fields)))
    sentence = export_sentence(rows, key, _line(element), path)
    sentence.tree.label = root.split("_", 1)[1]
    return sentence
