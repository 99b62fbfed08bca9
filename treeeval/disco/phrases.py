"""The walk every disco score makes over a :class:`~treeeval.model.disc_trees.DiscNode`
tree: a phrase's children are its nodes, and a preterminal (a node over words only) is
where the walk stops.

>>> from treeeval.model.disc_trees import DiscNode as N
>>> tree = N("S", [N("NP", [N("NN", [0])]), N("VB", [1])])
>>> [node.label for node in phrase_children(tree)], phrase_children(N("NN", [0]))
(['NP', 'VB'], None)
"""

from __future__ import annotations

from ..model.disc_trees import DiscNode


def phrase_children(node: DiscNode) -> list[DiscNode] | None:
    """The children of a phrase, None for a preterminal."""
    below = [child for child in node.children if isinstance(child, DiscNode)]
    return below if below else None
