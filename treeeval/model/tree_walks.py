"""Walks over trees of any depth, with a stack of open nodes instead of recursion.

A tree read from a file may be nested 100,000 levels deep; a recursive walk would end in
RecursionError long before.  Every walk over whole trees (nltk trees, raw tuples, the span
trees of the error classifier) goes through these two functions, which know nothing of the
kind of tree: ``children(node)`` gives a node's children, or None for a leaf.

>>> from nltk import Tree
>>> tree = Tree.fromstring("(S (NP (DT a) (NN dog)) (VP (VBZ barks)))")
>>> def kids(node): return None if isinstance(node[0], str) else node
>>> fold(tree, kids, lambda leaf: 1, lambda node, counts: sum(counts))
3
>>> [(depth, node.label()) for depth, node in preorder(tree, kids)][:3]
[(0, 'S'), (1, 'NP'), (2, 'DT')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar, overload

N = TypeVar("N")
R = TypeVar("R")

#: a node's children, or None for a leaf
Children = Callable[[N], Iterable[N] | None]


@overload
def fold(root: N, children: Children[N], leaf: Callable[[N], R],
         inner: Callable[[N, list[R]], R]) -> R: ...
@overload
def fold(root: N, children: Children[N], leaf: Callable[[N], R | None],
         inner: Callable[[N, list[R]], R | None]) -> R | None: ...
def fold(root: N, children: Children[N], leaf: Callable[[N], R | None],
         inner: Callable[[N, list[R]], R | None]) -> R | None:
    """Fold a tree bottom-up: ``leaf(node)`` for each leaf, ``inner(node, results)`` for
    each other node once its children are done, left to right, with the results of its
    children that are not None.  Returns the root's result (None only where ``leaf`` or
    ``inner`` gives None: the overloads say so to mypy).

    >>> nested = ("A", [("B", "x"), ("C", [("D", "y")])])
    >>> fold(nested, lambda n: None if isinstance(n[1], str) else n[1],
    ...      lambda n: n[1], lambda n, words: "".join(words))
    'xy'
    """
    below = children(root)
    if below is None:
        return leaf(root)
    stack: list[tuple[N, Iterator[N], list[R]]] = [(root, iter(below), [])]
    while True:
        node, pending, done = stack[-1]
        for child in pending:
            grand = children(child)
            if grand is None:
                value = leaf(child)
                if value is not None:
                    done.append(value)
            else:
                stack.append((child, iter(grand), []))
                break
        else:
            stack.pop()
            result = inner(node, done)
            if not stack:
                return result
            if result is not None:
                stack[-1][2].append(result)


def preorder(root: N, children: Children[N]) -> Iterator[tuple[int, N]]:
    """Every node with its depth (the root's is 0), parents before their children,
    children left to right.

    >>> nested = ("A", [("B", "x"), ("C", [("D", "y")])])
    >>> [(depth, n[0]) for depth, n in preorder(nested, lambda n: None if isinstance(n[1], str)
    ...                                           else n[1])]
    [(0, 'A'), (1, 'B'), (1, 'C'), (2, 'D')]
    """
    stack: list[tuple[int, N]] = [(0, root)]
    while stack:
        depth, node = stack.pop()
        yield depth, node
        below = children(node)
        if below is not None:
            stack.extend((depth + 1, child) for child in reversed(list(below)))
