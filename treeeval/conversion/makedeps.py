"""Lin's makeDeps: a constituency tree to a dependency sentence, with a head table.

Every word is attached to the lexical head of its maximal projection's parent, i.e. for
each node, the lexical heads of the non-head children depend on the lexical head of the
head child.  This is computed bottom-up in one pass (the same result as Lin's top-down
formulation).  Before head finding, empty elements (``-NONE-``) and the constituents left
empty are removed; function tags are stripped to match the table, and unary nodes take
their only child as head.  The finder's ``prepare`` may rewrite the tree first, and its
``head`` is given each node too (SemanticHeadFinder looks at words and parents).

Label schemes (``--labels``):

``none``        ``dep``, and ``root`` for the root word
``category``    the category of the dependent's maximal projection (``NP``, ``PP``, ``DT``)
``function``    the same with its function tags (``NP-SBJ``; indices removed)
``triple``      Collins-style ``parent/head/dependent`` categories (``S/VP/NP``)

The root word is labelled ``root`` in every scheme.

>>> from nltk import Tree
>>> from treeeval.formats.head_finder import HeadFinder
>>> from treeeval.formats.headrules import load_heads
>>> tree = Tree.fromstring("(S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (-NONE- *T*)) (. .))")
>>> sentence = tree_to_sentence(tree, HeadFinder(load_heads("collins")), "triple")
>>> sentence.heads, sentence.labels
([2, 3, 0, 3], ['NP/NN/DT', 'S/VP/NP', 'root', 'S/VP/.'])
"""

from __future__ import annotations

import re

from nltk import Tree

from ..errors import TreeevalError
from ..formats.head_finder import HeadFinder
from ..model.dependencies import DependencySentence
from ..model.tree_walks import fold
from .heads import base_category, phrase_children

SCHEMES = ("none", "category", "function", "triple")
_INDEX = re.compile(r"(?<=.)[-=]\d+$")


class ConversionError(TreeevalError):
    """A tree that cannot be converted (no words left, or words outside preterminals)."""

    def __init__(self, message: str, sentence: int = 0) -> None:
        super().__init__(f"sentence {sentence}: {message}" if sentence else message)
        self.reason = message
        #: 1-based number of the sentence in its input (0 when unknown)
        self.sentence = sentence


def _function_label(label: str) -> str:
    while True:
        stripped = _INDEX.sub("", label)
        if stripped == label:
            return label
        label = stripped


def tree_to_sentence(tree: Tree, finder: HeadFinder, labels: str = "none") -> DependencySentence:
    """Convert one tree; raises ConversionError when it has no word or a bare word.

    The tree is walked with a stack of its open nodes, not by recursion, so that any depth
    converts (a tree 100,000 levels deep too).
    """
    if labels not in SCHEMES:
        raise ValueError(f"unknown label scheme {labels!r} (schemes: {', '.join(SCHEMES)})")
    if isinstance(tree, str):
        raise ConversionError("a bare word is not a tree")
    prepared = finder.prepare(tree)
    words = _Words(finder, labels)
    if prepared is None or words.convert(prepared) is None:
        raise ConversionError("no words left after removing empty elements")
    return DependencySentence(words.forms, words.tags, words.heads, words.deps)


#: what a converted node gives its parent: (category, label, 1-based index of its lexical
#: head word), or None when nothing is left under it
Converted = tuple[str, str, int] | None


class _Words:
    """The words of one tree and their dependencies, filled in bottom-up by ``convert``."""

    def __init__(self, finder: HeadFinder, scheme: str) -> None:
        self.choose = finder.head
        self.scheme = scheme
        self.forms: list[str] = []
        self.tags: list[str] = []
        self.heads: list[int] = []
        self.deps: list[str] = []

    def convert(self, tree: Tree) -> Converted:
        """Attach every word of ``tree``, walking it bottom-up."""
        return fold(tree, phrase_children, self.word, self.attach)

    def word(self, node: Tree | str) -> Converted:
        """A preterminal: its word, attached to the root until its head is known."""
        if isinstance(node, str):
            raise ConversionError(f"word {node!r} is not inside a part-of-speech tag")
        tag = node.label()
        if tag == "-NONE-":
            return None
        self.forms.append(node[0])
        self.tags.append(tag)
        self.heads.append(0)
        self.deps.append("root")
        return base_category(tag), tag, len(self.forms)

    def attach(self, node: Tree, kids: list[tuple[str, str, int]]) -> Converted:
        """A phrase: the lexical heads of its non-head children depend on its head child's
        (None when nothing is left under it)."""
        if not kids:
            return None
        label = node.label()
        category = base_category(label)
        if len(kids) == 1:
            return category, label, kids[0][2]
        cats = [kid[0] for kid in kids]
        h = self.choose(category, cats, node)
        head_word = kids[h][2]
        heads, deps, scheme = self.heads, self.deps, self.scheme
        for i, (cat, kid_label, word) in enumerate(kids):
            if i != h:
                heads[word - 1] = head_word
                if scheme == "none":
                    deps[word - 1] = "dep"
                elif scheme == "category":
                    deps[word - 1] = cat
                elif scheme == "function":
                    deps[word - 1] = _function_label(kid_label)
                else:
                    deps[word - 1] = f"{category or 'TOP'}/{cats[h]}/{cat}"
        return category, label, head_word

