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
>>> from treeeval.conversion.heads import HeadFinder
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
from ..model.dependencies import DependencySentence
from .heads import HeadFinder, base_category

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
    """Convert one tree; raises ConversionError when it has no word or a bare word."""
    if labels not in SCHEMES:
        raise ValueError(f"unknown label scheme {labels!r} (schemes: {', '.join(SCHEMES)})")
    forms: list[str] = []
    tags: list[str] = []
    heads: list[int] = []
    deps: list[str] = []
    choose = finder.head
    scheme = labels

    def walk(node: Tree) -> tuple[str, str, int] | None:
        # returns (category, label, 1-based index of the lexical head) or None when empty
        if len(node) == 1 and isinstance(node[0], str):
            tag = node.label()
            if tag == "-NONE-":
                return None
            forms.append(node[0])
            tags.append(tag)
            heads.append(0)
            deps.append("root")
            return base_category(tag), tag, len(forms)
        kids = []
        for child in node:
            if isinstance(child, str):
                raise ConversionError(f"word {child!r} is not inside a part-of-speech tag")
            result = walk(child)
            if result is not None:
                kids.append(result)
        if not kids:
            return None
        label = node.label()
        category = base_category(label)
        if len(kids) == 1:
            return category, label, kids[0][2]
        cats = [kid[0] for kid in kids]
        h = choose(category, cats, node)
        head_word = kids[h][2]
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

    if isinstance(tree, str):
        raise ConversionError("a bare word is not a tree")
    tree = finder.prepare(tree)
    if tree is None or walk(tree) is None:
        raise ConversionError("no words left after removing empty elements")
    return DependencySentence(forms, tags, heads, deps)
