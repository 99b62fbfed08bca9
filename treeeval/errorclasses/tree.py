"""The span tree the repair search works on, and the clean-up the classifier applies first.

A :class:`Node` is a bracket (``word is None``) or a preterminal (a tag over one word).
Spans are half-open word ranges counted over the preterminals, as in EVALB.

Before the search, Kummerfeld et al.'s classifier normalises both trees the same way, and
:func:`prepare` does the same:

* a tag spelt with ``|`` keeps its first part (``ADVP`` if any part is ``ADVP``); the words
  ``{``/``}`` become ``-LCB-``/``-RCB-``; a few words force their tag (``--``, ``-``, ``;``
  and ``:`` become ``:``; brackets become ``-LRB-``/``-RRB-``; ``Wa`` becomes ``NNP``);
* the top: a root that is not ``ROOT`` and is not a phrase label over several children
  becomes ``ROOT`` (an empty root label too);
* ``-NONE-`` elements go, then function tags and indices (``NP-SBJ-1`` is ``NP``), then the
  punctuation tags ``, : `` '' .``; a bracket left without words goes with them (but a tree
  that would be left without any word is kept whole);
* ``PRT`` is read as ``ADVP``.

With EVALB parameters (``-p``), the parameter file's DELETE_LABEL lines decide what is
deleted instead of the built-in ``-NONE-`` and punctuation lists; when they delete the top
bracket (``TOP``), a ``ROOT`` is put back above what is left.

>>> from nltk import Tree
>>> root = prepare(raw_from_nltk(Tree.fromstring(
...     "(TOP (S (NP-SBJ (NNP Ms.) (NNP Haag)) (VP (VBZ plays) (PRT (RP on))) (. .)))")))
>>> print(root)
(TOP (S (NP (NNP Ms.) (NNP Haag)) (VP (VBZ plays) (ADVP (RP on)))))
>>> [(node.label, node.start, node.end) for node in root.brackets()]
[('TOP', 0, 4), ('S', 0, 4), ('NP', 0, 2), ('VP', 2, 4), ('ADVP', 3, 4)]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from ..model.tree_walks import fold, preorder
from .reading import RawTree, raw_children, raw_from_nltk, raw_to_nltk

#: phrase labels that may stand at the top of a tree (the classifier's tag set)
TOP_LABELS = frozenset(["S", "SBAR", "SBARQ", "SINV", "SQ", "ADJP", "ADVP", "CONJP", "FRAG",
                        "INTJ", "LST", "NAC", "NP", "NX", "PP", "PRN", "PRT", "QP", "RRC", "UCP",
                        "VP", "WHADJP", "WHADVP", "WHNP", "WHPP", "X", "NML"])
#: tags deleted with their word (besides -NONE-)
PUNCTUATION = frozenset(["-NONE-", ",", ":", "``", "''", "."])
#: words renamed
WORD_RENAMES = {"{": "-LCB-", "}": "-RCB-"}
#: words whose tag is forced
WORD_TAGS = {"--": ":", "-": ":", ";": ":", ":": ":", "-LRB-": "-LRB-", "-RRB-": "-RRB-",
             "-LCB-": "-LRB-", "-RCB-": "-RRB-", "{": "-LRB-", "}": "-RRB-", "Wa": "NNP"}


class Node:
    """One node of a span tree: a bracket (``word`` None) or a preterminal.

    >>> leaf = Node("NN", word="dog")
    >>> np_ = Node("NP", [Node("DT", word="a"), leaf])
    >>> np_.set_spans(), leaf.parent is np_, str(np_)
    (2, True, '(NP (DT a) (NN dog))')
    """

    __slots__ = ("label", "children", "parent", "word", "start", "end")

    def __init__(self, label: str, children: list[Node] | None = None,
                 word: str | None = None) -> None:
        self.label = label
        self.children: list[Node] = children if children is not None else []
        self.parent: Node | None = None
        self.word = word
        self.start = self.end = 0
        for child in self.children:
            child.parent = self

    def __str__(self) -> str:
        pieces: list[str] = []
        stack: list[Node | str] = [self]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                pieces.append(item)
            elif item.word is not None:
                pieces.append(f"({item.label} {item.word})")
            else:
                pieces.append(f"({item.label} ")
                stack.append(")")
                for index in range(len(item.children) - 1, -1, -1):
                    stack.append(item.children[index])
                    if index:
                        stack.append(" ")
        return "".join(pieces)

    @property
    def key(self) -> tuple[int, int, str]:
        """The bracket as EVALB-style scoring sees it: (start, end, label)."""
        return (self.start, self.end, self.label)

    def set_spans(self, start: int = 0) -> int:
        """Number the words from ``start`` and set every span below; returns the end."""
        end = start

        def word(leaf: Node) -> Node:
            nonlocal end
            leaf.start, leaf.end = end, end + 1
            end += 1
            return leaf

        def bracket(node: Node, children: list[Node]) -> Node:
            node.start = children[0].start if children else end
            node.end = end
            for child in children:
                child.parent = node
            return node

        fold(self, _children, word, bracket)
        return end

    def preorder(self) -> Iterator[Node]:
        """Every node, parents before children, children left to right."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def walk(self) -> tuple[list[Node], list[Node]]:
        """The brackets in pre-order and the preterminals in word order."""
        brackets: list[Node] = []
        leaves: list[Node] = []
        for _, node in preorder(self, _children):
            (leaves if node.word is not None else brackets).append(node)
        return brackets, leaves

    def brackets(self) -> list[Node]:
        """The brackets (not the preterminals), in pre-order."""
        return self.walk()[0]

    def words(self) -> int:
        """The number of words."""
        return len(self.walk()[1])


def _children(node: Node) -> list[Node] | None:
    """A bracket's children; None for a preterminal."""
    return None if node.word is not None else node.children


def from_raw(raw: RawTree) -> Node:
    """A Node tree from a raw tree (reading.py)."""
    return fold(raw, raw_children, lambda leaf: Node(leaf[0], word=leaf[1]),
                lambda bracket, children: Node(bracket[0], children))


def base_label(label: str) -> str:
    """A label without function tags and indices, as the classifier cuts it.

    >>> base_label("NP-SBJ-1"), base_label("NP=2"), base_label("-NONE-"), base_label("-LRB-")
    ('NP', 'NP', '-NONE-', '-LRB-')
    """
    parts = label.split("=")
    if label and label[0] != "-":
        parts = [piece for part in parts for piece in part.split("-")]
    return parts[0]


def without_features(tree: RawTree) -> RawTree:
    """A raw tree whose labels and tags lose what follows their first ``#`` (``--spmrl``:
    SPMRL's ``NP##gen=f|num=sg##`` is ``NP``, as evalb_spmrl compares it); a label that
    starts with ``#`` (the tag ``#``) is kept whole, as ``base_label`` keeps ``-NONE-``.

    >>> without_features(("SENT##a=b##", [("NP##gen=f##", [("N##x##", "y")]), ("#", "#")]))
    ('SENT', [('NP', [('N', 'y')]), ('#', '#')])
    """
    def cut(label: str) -> str:
        return label if label.startswith("#") else label.split("#", 1)[0]

    return fold(tree, raw_children, lambda leaf: (cut(leaf[0]), leaf[1]),
                lambda bracket, children: (cut(bracket[0]), children))


def _clean(root: Node) -> None:
    for node in root.preorder():
        if "|" in node.label:
            node.label = "ADVP" if "ADVP" in node.label else node.label.split("|")[0]
        if node.word is not None:
            node.word = WORD_RENAMES.get(node.word, node.word)
            node.label = WORD_TAGS.get(node.word, node.label)


def _homogenise(root: Node) -> None:
    """Rename the top to ROOT where the classifier does (see the module docstring)."""
    if root.label == "ROOT":
        return
    node = root
    while base_label(node.label) not in TOP_LABELS and len(node.children) == 1:
        node = node.children[0]
    if base_label(node.label) not in TOP_LABELS and node.word is None:
        node.label = "ROOT"
    if not root.label.strip():
        root.label = "ROOT"


def _prune(root: Node, drop: Callable[[Node], bool]) -> None:
    """Delete the nodes ``drop`` selects and the brackets left empty; a tree that would
    lose every word is left as it is."""
    def bracket(node: Node, children: list[Node]) -> Node | None:
        if node is root:
            if children:
                root.children = children
            return root
        if drop(node) or not children:
            return None
        node.children = children
        return node

    fold(root, _children, lambda leaf: None if drop(leaf) else leaf, bracket)


def prepare(tree: RawTree, delete: Callable[..., object] | None = None) -> Node:
    """The classifier's normalised span tree of a raw tree (module docstring).

    ``delete`` replaces the built-in deletion of ``-NONE-`` and punctuation: it receives
    the tree as an ``nltk.Tree`` and returns it without what is to be deleted (``-p``).

    >>> raw = ("ROOT", [("S", [("NP", [("-NONE-", "*")]), ("VP", [("VB", "go"), (":", "--")])])])
    >>> print(prepare(raw))
    (ROOT (S (VP (VB go))))
    """
    if delete is None:
        root = _one_pass(tree)
        if root is not None:
            return root
    return _step_by_step(tree, delete)


def _bar(label: str) -> str:
    if "|" in label:
        return "ADVP" if "ADVP" in label else label.split("|")[0]
    return label


@functools.cache
def _final_label(label: str) -> str | None:
    """A label after the clean-up, or None if its node is deleted (-NONE-, punctuation).

    >>> [_final_label(label) for label in ("NP-SBJ-1", "PRT|ADVP", "-NONE-", ",")]
    ['NP', 'ADVP', None, None]
    """
    label = _bar(label)
    if label == "-NONE-":
        return None
    label = _bar(base_label(label))
    if label in PUNCTUATION:
        return None
    return "ADVP" if label == "PRT" else label


def _renamed_top(tree: RawTree) -> RawTree | None:
    """The subtree _homogenise renames ROOT, if any (labels seen after the first clean-up)."""
    if _bar(tree[0]) == "ROOT":
        return None
    node = tree
    while (base_label(_bar(node[0])) not in TOP_LABELS and not isinstance(node[1], str)
           and len(node[1]) == 1):
        node = node[1][0]
    if base_label(_bar(node[0])) not in TOP_LABELS and not isinstance(node[1], str):
        return node
    return None


def no_phrase_on_top(tree: RawTree) -> bool:
    """Whether the classifier refuses a tree (``Tree has no labels in the tag set``): its
    root is neither ``ROOT`` nor blank, and the unary chain below it reaches a word without
    meeting a phrase label of its tag set.

    >>> no_phrase_on_top(("NN", "the")), no_phrase_on_top(("FOO", [("NN", "x")]))
    (True, True)
    >>> no_phrase_on_top(("", [("NN", "x")])), no_phrase_on_top(("FOO", [("NP", [("NN", "x")])]))
    (False, False)
    """
    if _bar(tree[0]) == "ROOT" or not tree[0].strip():
        return False
    node = tree
    while (base_label(_bar(node[0])) not in TOP_LABELS and not isinstance(node[1], str)
           and len(node[1]) == 1):
        node = node[1][0]
    return isinstance(node[1], str) and base_label(_bar(node[0])) not in TOP_LABELS


def _one_pass(tree: RawTree) -> Node | None:
    """prepare() in one walk over the tree; None when the deletions would leave no word (the
    step-by-step path then keeps the tree as the classifier does)."""
    renamed = _renamed_top(tree)

    def word(leaf: RawTree) -> Node | None:
        word = WORD_RENAMES.get(leaf[1], leaf[1])
        if word in WORD_TAGS:
            tag = WORD_TAGS[word]
            kept = None if tag in PUNCTUATION else "ADVP" if tag == "PRT" else tag
        else:
            kept = _final_label(leaf[0])
        return None if kept is None else Node(kept, word=word)

    def bracket(node: RawTree, children: list[Node]) -> Node | None:
        kept = _final_label("ROOT" if node is renamed else node[0])
        return Node(kept, children) if kept is not None and children else None

    root = fold(tree, raw_children, word, bracket)
    if root is None:
        return None
    if not root.label.strip():
        root.label = "ROOT"
    root.set_spans()
    return root


def _step_by_step(tree: RawTree, delete: Callable[..., object] | None) -> Node:
    """prepare() one stage at a time, as the classifier does it."""
    if delete is not None:
        kept = raw_from_nltk(delete(raw_to_nltk(tree)))
        # a deleted top (TOP in COLLINS.prm) leaves its child on top: keep a root above it
        tree = kept if kept[0] == tree[0] or not kept[0] else ("ROOT", [kept])
    root = from_raw(tree)
    _prune(root, lambda node: node.word is None and not node.children)
    _clean(root)
    _homogenise(root)
    if delete is None:
        _prune(root, lambda node: node.label == "-NONE-")
    for node in root.preorder():
        node.label = base_label(node.label)
    _clean(root)
    if delete is None:
        _prune(root, lambda node: node.label in PUNCTUATION)
    for node in root.preorder():
        if node.label == "PRT":
            node.label = "ADVP"
    root.set_spans()
    return root
