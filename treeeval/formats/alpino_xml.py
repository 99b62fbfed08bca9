"""Reader of Alpino XML (the Dutch Alpino and Lassy treebanks: one ``<alpino_ds>`` file a
sentence) into :class:`~treeeval.model.disc_trees.DiscSentence`, as ``discodop`` reads it.

The input is a glob pattern (``treebank/*.xml``; quote it for the shell), or a folder,
read as all its ``.xml`` files, or one file.  Files are taken in discodop's order: by
folder, then by the parts of the name split at ``-``, ``.``, ``,``, ``_`` and spaces,
numbers as numbers (``2.xml`` before ``10.xml``; plain text order when names mix numbers
and words at the same place).  A sentence's key is its folder's name and its file's name
without ``.xml`` (``cdb/1``).

The words are the text of ``<sentence>`` split at spaces.  The tree is the top ``<node>``
and its descendants: a node with a ``cat`` is a constituent labelled with the category in
capitals; a node with a ``word`` is a preterminal over the words ``begin`` to ``end``,
labelled with its ``pt`` (else ``pos``); its ``postag`` (else ``frame``) is the morphology.
``rel`` is a node's function.  A node with neither, but an ``index``, is an empty node
coindexed with another: a secondary edge of that node (kept in the sentence); constituents
left without words are dropped.  Each node's children are ordered by their first word.

Files are parsed safely (no DTD, no entities).  What discodop stops on with a traceback is
an error at the file's line here: a node with neither ``cat``, ``word`` nor ``index``, an
element other than ``<node>`` among a constituent's children, a word node without
``lemma``/``root`` or ``postag``/``frame``, a coindexation without its antecedent, a
malformed file (which discodop reports, then scores the previous file's tree again).

>>> import os, tempfile
>>> folder = os.path.join(tempfile.mkdtemp(), "cdb")
>>> os.mkdir(folder)
>>> _ = open(os.path.join(folder, "1.xml"), "w").write('''<alpino_ds version="1.3">
... <node begin="0" cat="top" end="3" id="0" rel="top">
...  <node begin="0" cat="smain" end="3" id="1" rel="--">
...   <node begin="0" end="1" frame="noun" id="2" pos="noun" pt="n" postag="N(soort)"
...    rel="su" root="man" word="Mannen"/>
...   <node begin="1" end="2" id="3" lemma="slapen" pt="ww" postag="WW(pv)" rel="hd"
...    word="slapen"/>
...   <node begin="2" end="3" id="4" lemma="." pt="let" postag="LET()" rel="--" word="."/>
... </node></node><sentence>Mannen slapen .</sentence></alpino_ds>''')
>>> [sentence] = read_alpino(folder)
>>> sentence.key, sentence.words, sentence.tags, sentence.morph
('cdb/1', ['Mannen', 'slapen', '.'], ['n', 'ww', 'let'], ['N(soort)', 'WW(pv)', 'LET()'])
>>> [(node.label, node.function) for node in sentence.tree.subtrees()][:3]
[('TOP', 'top'), ('SMAIN', None), ('n', 'su')]
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import InputError
from ..model.disc_trees import DiscNode, DiscSentence
from .file_patterns import corpus_files
from .tiger_xml import check_xml_encoding
from .xmlsafe import LINE, parse_xml

if TYPE_CHECKING:
    from xml.etree import ElementTree


def alpino_files(pattern: str) -> list[str]:
    """The files of a glob pattern, a folder or a file, in discodop's order."""
    if os.path.isdir(pattern):
        pattern = os.path.join(glob.escape(pattern), "*.xml")
    return corpus_files(pattern)


def read_alpino(source: str | os.PathLike[str],
                encoding: str = "utf-8") -> Iterator[DiscSentence]:
    """The sentences of the Alpino files ``source`` names, one file at a time."""
    names = alpino_files(os.fspath(source))
    check_xml_encoding(encoding, names[0])
    for name in names:
        folder, base = os.path.split(name)
        key = os.path.join(os.path.basename(folder), base)[:-len(".xml")]
        yield alpino_sentence(parse_xml(name), key, name)


def _line(element: ElementTree.Element) -> int:
    return int(element.get(LINE, "0"))


class _Builder:
    """The tree of one file: its nodes, morphology and coindexations."""

    def __init__(self, words: list[str], path: str) -> None:
        self.path = path
        self.morph = [""] * len(words)
        self.antecedents: dict[int, tuple[str, int]] = {}
        self.secondary: dict[str, list[tuple[str, str]]] = {}
        self.pending: list[tuple[int, str, str, int]] = []

    def error(self, message: str, element: ElementTree.Element) -> InputError:
        return InputError(message, path=self.path, line=_line(element))

    def node_id(self, element: ElementTree.Element) -> int:
        value = element.get("id")
        if element.tag != "node" or value is None or not value.strip().isdigit():
            raise self.error(f"expected a <node> with a numeric id, found <{element.tag}>",
                             element)
        return int(value) + 500

    def subtree(self, element: ElementTree.Element, parent: int) -> DiscNode | None:
        """The node of ``element`` (None: an empty or coindexed node)."""
        number = self.node_id(element)
        function = _spaced(element.get("rel"))
        index = element.get("index")
        if "cat" in element.keys():
            if index:
                self.antecedents[int(index) + 500] = (str(number), _line(element))
            node = DiscNode(str(element.get("cat")).upper(), [], function, str(number))
            for child in element:
                found = self.subtree(child, number)
                if found is not None and ("word" in child.keys() or "cat" in child.keys()):
                    node.children.append(found)
            return node if node.children else None
        if "word" in element.keys():
            if index:
                self.antecedents[int(index) + 500] = (str(number), _line(element))
            tag = element.get("pt") or element.get("pos")
            if tag is None:
                raise self.error("a word node without pt or pos", element)
            if not (element.get("lemma") or element.get("root")):
                raise self.error("a word node without lemma or root", element)
            morph = element.get("postag") or element.get("frame")
            if morph is None:
                raise self.error("a word node without postag or frame", element)
            try:
                leaves = list(range(int(element.get("begin", "")), int(element.get("end", ""))))
            except ValueError:
                raise self.error("a word node without numeric begin and end", element) from None
            if len(leaves) > 1 or not all(0 <= leaf < len(self.morph) for leaf in leaves):
                raise self.error("a word node must span one word of the sentence (begin, "
                                 "end)", element)
            if not leaves:
                return None
            for leaf in leaves:
                self.morph[leaf] = morph
            return DiscNode(tag, list(leaves), function, str(number))
        if "index" in element.keys():
            self.pending.append((int(str(index)) + 500, element.get("rel") or "", str(parent),
                                 _line(element)))
            return None
        raise self.error("a node with neither cat, word nor index", element)

    def link(self) -> None:
        """The coindexed empty nodes as secondary edges of their antecedents."""
        for index, label, parent, line in self.pending:
            if index not in self.antecedents:
                raise InputError(f"index {index - 500} has no antecedent (a node with a cat "
                                 "or a word)", path=self.path, line=line)
            node, _ = self.antecedents[index]
            self.secondary.setdefault(node, []).append((parent, label))


def _spaced(value: str | None) -> str | None:
    """A function as discodop keeps it: spaces made ``_``, ``--`` none."""
    return None if value in (None, "", "--") else str(value).replace(" ", "_")


def alpino_sentence(document: ElementTree.Element, key: str, path: str) -> DiscSentence:
    """The sentence of one Alpino file's root element."""
    sentence = document.find("sentence")
    top = document.find("node")
    if sentence is None or top is None:
        raise InputError("an Alpino file needs a <node> and a <sentence>", path=path,
                         line=_line(document))
    words = (sentence.text or "").split(" ")
    builder = _Builder(words, path)
    tree = builder.subtree(top, 0)
    if tree is None:
        raise InputError("the tree has no words", path=path, line=_line(top))
    builder.link()
    _order(tree)
    tags = [""] * len(words)
    for node in tree.subtrees():
        for child in node.children:
            if isinstance(child, int):
                tags[child] = node.label
    return DiscSentence(words, tags, tree, key, _line(sentence), builder.morph,
                        builder.secondary)


def _order(root: DiscNode) -> None:
    """Each node's children ordered by their first word, as discodop orders them."""
    first: dict[int, int] = {}
    for node in reversed(list(root.subtrees())):
        starts = [child if isinstance(child, int) else first[id(child)]
                  for child in node.children]
        if len(starts) > 1:
            order = sorted(range(len(starts)), key=starts.__getitem__)
            node.children[:] = [node.children[i] for i in order]
        first[id(node)] = min(starts)
