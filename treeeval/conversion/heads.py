"""What head finding needs of an nltk tree: a node's category without function tags, and
which nodes are phrases (the head tables' matcher itself is
:class:`treeeval.formats.head_finder.HeadFinder`).

>>> base_category("NP-SBJ-1"), is_preterminal(Tree("NN", ["dog"]))
('NP', True)
"""

from __future__ import annotations

import re

from nltk import Tree

_TAG_START = re.compile(r"[-=|]")

#: base_category's answers by label
_BASE_CATEGORIES: dict[str, str] = {}


def base_category(label: str, _cache: dict[str, str] = _BASE_CATEGORIES) -> str:
    """The category without function tags and indices (``-LRB-``, ``-NONE-`` kept whole).

    >>> [base_category(x) for x in ["NP-SBJ-1", "S=2", "PRT|ADVP", "-LRB-", "-NONE-", ""]]
    ['NP', 'S', 'PRT', '-LRB-', '-NONE-', '']
    """
    base = _cache.get(label)
    if base is None:
        found = None if label.startswith("-") else _TAG_START.search(label, 1)
        base = _cache[label] = label[: found.start()] if found else label
    return base


def is_preterminal(node: Tree) -> bool:
    """A part-of-speech tag over its word.

    >>> is_preterminal(Tree("NN", ["dog"])), is_preterminal(Tree("NP", [Tree("NN", ["dog"])]))
    (True, False)
    """
    return len(node) == 1 and isinstance(node[0], str)


def phrase_children(node: Tree | str) -> Tree | None:
    """The children of a phrase (the node itself, an nltk Tree being the list of its
    children); None for a preterminal or a bare word: the leaves of a walk.

    >>> phrase_children(Tree("NN", ["dog"])) is None, len(phrase_children(Tree("S", ["a", "b"])))
    (True, 2)
    """
    return None if isinstance(node, str) or is_preterminal(node) else node
