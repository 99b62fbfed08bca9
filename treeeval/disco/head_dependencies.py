"""discodop eval's ``--headrules FILE``: dependencies read off head-marked trees (Lin 1995),
scored as ``unlabeled dependencies:``.

**The head-rule file** (discodop's ``readheadrules``).  Each line is upper-cased and
stripped; a line that is empty, starts with ``%`` (a comment) or has fewer than three items
is skipped.  The others are ``LABEL DIRECTION CATEGORY...`` with the direction one of
``LEFT-TO-RIGHT`` or ``LEFT`` (category-major from the left: the first category of the
list that any child has, the leftmost such child), ``RIGHT-TO-LEFT`` or ``RIGHT`` (the same
from the right), ``LEFTDIS`` / ``RIGHTDIS`` (position-major: the first child from that side
whose category is anywhere in the list), or ``LABEL LIKE OTHER`` (a copy of OTHER's passes
so far).  Several lines for a label are passes tried in file order.  treeeval's ``.heads``
tables (:mod:`treeeval.formats.headrules`) hold the same passes, and this reader builds the
same :class:`~treeeval.formats.headrules.HeadTable`, which
:class:`~treeeval.formats.head_finder.HeadFinder` scans; the file formats differ: ``%`` starts
an option there and a comment here, ``#`` the reverse; here case does not matter, the
directions are upper-case and may be spelt ``LEFT-TO-RIGHT``, ``LIKE`` copies a rule, a
line without categories is ignored (there it is a default pass), and there is no
``leftexcept``, no ``*`` rule (``*`` is a label like any other) and no options.

**Finding heads** (discodop's ``headfinder``, run by the reader on the tree as read,
before eval's transforms), for each phrase:

1. the first child whose edge label (``function``), split at ``-``, has ``HD``;
2. else the passes of the phrase's label (looked up as it is, not upper-cased; a child's
   category is its label up to any ``[``, upper-cased); a head found this way that follows
   a ``CC`` or ``CONJP`` sibling at position 2 or later gives way to the nearest child
   before that sibling that is not punctuation (label in :data:`PUNCTUATION_TAGS` or
   :data:`PUNCTUATION`), if any;
3. else the first child, in the direction of the label's last pass (left without passes),
   whose label is not in :data:`PUNCTUATION_TAGS`; else the first child that way.

The children must be in discodop's order at that point, the order its transforms keep:
the file's for the bracket and discbracket readers; for the export, tiger and alpino
readers each phrase's children sorted by their lowest word (discodop sorts them, bottom-up,
before it finds heads).

**Dependencies** (discodop's ``treebank.dependencies``) are read off the tree *after* eval's
transforms (the same tree brackets come from), with the heads found before: each child of
the root depends on 0 with the label ``root``; in each phrase, the lexical head of every
child but the head depends on the phrase's lexical head, labelled with the child's edge
label (``-`` when it has none or ``--``).  Words count from 1 in the renumbered sentence.
The head of a phrase is its first child (in the transformed tree's order) that was found a
head: a DELETE_LABEL phrase spliced out leaves its own head among its parent's children.
discodop crashes where a phrase has no head child left (its head was a deleted
preterminal) or the root is a preterminal: :class:`HeadlessPhrase` here.

A dependency is ``(dependent, label, head)``; ``unlabeled dependencies:`` is discodop's
``accuracy`` over all sentences' sorted lists paired in order, so that the edge label must
match too.  It prints ``'%6.2f' % (100 * accuracy)`` (and in the two-column summary the
count of equal pairs and of gold pairs over all sentences); ``--verbose`` each sentence's
accuracy the same way.  A sentence with no gold words left has no dependencies.

>>> from treeeval.model.disc_trees import DiscNode as N
>>> np_ = N("NP", [N("ART", [0], "NK"), N("NN", [2], "NK")], "SB")
>>> tree = N("VROOT", [N("S", [np_, N("VVFIN", [1], "HD")])])
>>> table = parse_head_rules("np right nn\\ns right vvfin\\n")
>>> heads = find_heads(tree, table)
>>> sorted(node.label for node in heads)  # S heads VROOT, by default
['NN', 'S', 'VVFIN']
>>> dependencies(tree, heads)
[(1, 'NK', 3), (2, 'root', 0), (3, 'SB', 2)]
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Sequence

from ..errors import InputError
from ..formats.head_finder import HeadFinder, compile_rule
from ..formats.headrules import HeadPass, HeadTable
from ..formats.text import read_text
from ..model.disc_trees import DiscNode
from ..model.tree_walks import fold, preorder
from .phrases import phrase_children

#: discodop's preterminal labels of punctuation (``punctuation.PUNCTTAGS``)
PUNCTUATION_TAGS = frozenset([
    ".", ",", ":", "'", "''", "`", "``", '"',
    "-LRB-", "-RRB-", "-LSB-", "-RSB-", "-LCB-", "-RCB-",
    "$,", "$.", "$[", "$(",
    "let", "LET[]", "SPEC[symb]", "TW[hoofd,vrij]",
    "PONCT", "PUNCT", "COMMA", "PAREN",
])
#: discodop's punctuation tokens (``punctuation.PUNCTUATION``), which its coordination rule
#: compares labels with: single characters (among them the two Latin-1 characters of the
#: UTF-8 encodings of guillemets) and a few longer tokens
PUNCTUATION = frozenset(".,():-\";?/!*&`[]<>{}|=\\\u00c2\u00ab\u00bb\u00b7\u00ad") | frozenset([
    "&bullet;", "..", "...", "....", ".....", "......", "!!", "!!!", "??", "???", "''", "``",
    ",,", "--", "---", "----", "-LRB-", "-RRB-", "-LCB-", "-RCB-", "-LSB-", "-RSB-",
    "#LRB#", "#RRB#",
])
#: the edge label that marks a head by itself
HEAD_FUNCTION = "HD"
COORDINATORS = frozenset(["CC", "CONJP"])
#: a dependency: the dependent's word number (from 1), its label, its head's (0: the root)
Dependency = tuple[int, str, int]
#: a dependency's label from the dependent's child node, its phrase and the phrase's head child
Labeller = Callable[[DiscNode, DiscNode, DiscNode], str]

_LINE = re.compile(r"(\S+)\s+(LEFT-TO-RIGHT|RIGHT-TO-LEFT|LEFTDIS|RIGHTDIS|LEFT|RIGHT|LIKE)"
                   r"(?:\s+(.*))?")
_DIRECTIONS = {"LEFT-TO-RIGHT": "left", "LEFT": "left", "RIGHT-TO-LEFT": "right",
               "RIGHT": "right", "LEFTDIS": "leftdis", "RIGHTDIS": "rightdis"}


class HeadlessPhrase(ValueError):
    """A phrase of a transformed tree without a head child (discodop crashes there)."""


def read_head_rules(path: str | os.PathLike[str]) -> HeadTable:
    """Read a discodop head-rule file (``--headrules FILE``; UTF-8)."""
    return parse_head_rules(read_text(os.fspath(path), "head-rule file"), os.fspath(path))


def parse_head_rules(text: str, path: str = "<input>") -> HeadTable:
    """The rules of a discodop head-rule file's text; an InputError names the line that is
    no rule, or the label a ``LIKE`` rule copies that has no rules yet.

    >>> table = parse_head_rules("% comment\\nPP left-to-right APPR APPO\\nvp\\tLIKE pp\\n")
    >>> table.rules["VP"]
    (HeadPass(direction='left', categories=('APPR', 'APPO'), line=2),)
    >>> parse_head_rules("NP LEFTMOST NN\\n")
    Traceback (most recent call last):
    treeeval.errors.InputError: <input>:1: not a head rule (LABEL DIRECTION CATEGORY...)
    """
    rules: dict[str, list[HeadPass]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().upper()
        if not line or line.startswith("%") or len(line.split()) <= 2:
            continue
        found = _LINE.fullmatch(line)
        if found is None:
            raise InputError("not a head rule (LABEL DIRECTION CATEGORY...)", path=path,
                             line=number)
        label, direction, rest = found.groups()
        passes = rules.setdefault(label, [])
        if direction == "LIKE":
            if rest not in rules:
                raise InputError(f"{label} LIKE {rest}: {rest} has no rules before this line",
                                 path=path, line=number)
            passes.extend(rules[rest])
        else:
            passes.append(HeadPass(_DIRECTIONS[direction], tuple(rest.split()), number))
    return HeadTable(rules={label: tuple(passes) for label, passes in rules.items()},
                     name=path)


class _RuleScan(HeadFinder):
    """HeadFinder's scan of a label's passes, without defaults and coordination: -1 when
    no pass finds a head (:func:`find_heads` applies discodop's own)."""

    def __init__(self, table: HeadTable) -> None:
        super().__init__(table)
        self.rules = {label: compile_rule(rule, default=False)
                      for label, rule in table.rules.items()}
        self.default = ()


def find_heads(tree: DiscNode, table: HeadTable) -> set[DiscNode]:
    """The head child of every phrase of ``tree`` as read, its children in discodop's order
    (module docstring), as the set of those children: keep it with the tree's nodes
    through the transforms."""
    scan = _RuleScan(table)
    return head_children(tree, lambda node, children: _head(node.label, children, table, scan))


def head_children(tree: DiscNode,
                  choose: Callable[[DiscNode, list[DiscNode]], DiscNode]) -> set[DiscNode]:
    """The child ``choose(phrase, children)`` picks in every phrase of ``tree`` whose first
    child is a node (:func:`find_heads` chooses by discodop's rules; ``treeeval convert
    --heads`` by a treeeval head table).

    >>> from treeeval.model.disc_trees import DiscNode as N
    >>> tree = N("S", [N("NP", [N("NN", [0])]), N("VB", [1])])
    >>> sorted(node.label for node in head_children(tree, lambda node, children: children[-1]))
    ['NN', 'VB']
    """
    heads: set[DiscNode] = set()
    for _, node in preorder(tree, phrase_children):
        children = [child for child in node.children if isinstance(child, DiscNode)]
        if children and isinstance(node.children[0], DiscNode):
            heads.add(choose(node, children))
    return heads


def _words(node: DiscNode) -> list[int]:
    return [child for child in node.children if isinstance(child, int)]


def _head(label: str, children: Sequence[DiscNode], table: HeadTable, scan: _RuleScan) -> DiscNode:
    for child in children:
        if HEAD_FUNCTION in (child.function or "").upper().split("-"):
            return child
    found = scan.head(label, [child.label.split("[")[0].upper() for child in children])
    if found >= 0:
        if found >= 2 and children[found - 1].label in COORDINATORS:
            for before in children[found - 2::-1]:
                if before.label not in PUNCTUATION_TAGS and before.label not in PUNCTUATION:
                    return before
        return children[found]
    passes = table.rules.get(label)
    ordered = children[::-1] if passes and passes[-1].direction.startswith("right") else children
    return next((child for child in ordered if child.label not in PUNCTUATION_TAGS), ordered[0])


def dependencies(tree: DiscNode, heads: Collection[DiscNode],
                 label: Labeller | None = None) -> list[Dependency]:
    """The sorted dependencies of a transformed tree whose head children are ``heads``
    (found by :func:`find_heads` before the transforms); a dependent's label is
    ``label(child, phrase, head_child)`` (its child and phrase nodes, the head child of the
    phrase), by default discodop's: the child's edge label (``-`` when it has none)."""
    name = label or edge_label
    if not isinstance(tree.children[0], DiscNode):
        raise HeadlessPhrase(f"the root {tree.label} is a preterminal: no dependencies")
    found: list[Dependency] = []

    def word(node: DiscNode) -> int:
        first = node.children[0]
        assert isinstance(first, int)  # a preterminal: phrase_children gave None
        return first + 1

    def phrase(node: DiscNode, below: list[int]) -> int:
        children = [child for child in node.children if isinstance(child, DiscNode)]
        head = next((n for n, child in enumerate(children) if child in heads), None)
        if head is None:
            raise HeadlessPhrase(f"the phrase {node.label} over words "
                                 f"{sorted(w + 1 for w in _all_words(node))} has no head child")
        found.extend((dependent, name(child, node, children[head]), below[head])
                     for n, (child, dependent) in enumerate(zip(children, below)) if n != head)
        return below[head]

    for child in tree.children:
        assert isinstance(child, DiscNode)
        found.append((fold(child, phrase_children, word, phrase), "root", 0))
    return sorted(found)


def edge_label(node: DiscNode, phrase: DiscNode | None = None,
               head: DiscNode | None = None) -> str:
    """discodop's label of a dependency: the dependent's edge label, ``-`` when it has none.

    >>> edge_label(DiscNode("NP", [], "SB")), edge_label(DiscNode("NP", [], "--"))
    ('SB', '-')
    """
    return node.function if node.function and node.function != "--" else "-"


def _all_words(node: DiscNode) -> list[int]:
    return fold(node, phrase_children, _words, lambda _, below: [w for ws in below for w in ws])
