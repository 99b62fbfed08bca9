"""Discontinuous constituency trees (Negra, Tiger, Lassy/Alpino; ``treeeval disco``): the
model every reader of ``formats/`` builds and every scorer of ``disco/`` reads.

A sentence has its words and their tags, and a tree of :class:`DiscNode`: a node's
children are nodes or leaves, and a leaf is the index (from 0) of a word of the sentence.
A preterminal is a node whose one child is a leaf (its label is the word's tag), so the
tree alone says everything a bracket scorer needs; a constituent's leaves need not be
contiguous (that is what makes it discontinuous).  ``function`` is the edge label of the
node (``SB``, ``HD``, ...; None when the format has none), ``morph`` the morphology of a
word, and ``secondary`` the secondary edges of the export and Tiger formats
(``(parent_node_id, label)`` per node id), kept in the model though no score reads them.

>>> np_ = DiscNode("NP", [DiscNode("ART", [0]), DiscNode("NN", [2])], function="SB")
>>> root = DiscNode("S", [np_, DiscNode("VVFIN", [1])])
>>> sentence = DiscSentence(["Der", "kam", "Mann"], ["ART", "VVFIN", "NN"], root)
>>> sorted(np_.leaves()), np_.is_discontinuous(), root.is_discontinuous()
([0, 2], True, False)
>>> [node.label for node in root.subtrees()]
['S', 'NP', 'ART', 'NN', 'VVFIN']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(eq=False)
class DiscNode:
    """A constituent: its label, its children (nodes, or leaves: word indices), its edge
    label (``function``) and, for the formats that number nodes, its ``id``."""

    label: str
    children: list[DiscNode | int]
    function: str | None = None
    id: str | None = None

    def leaves(self) -> Iterator[int]:
        """The word indices under the node, in tree order."""
        for child in self.children:
            if isinstance(child, int):
                yield child
            else:
                yield from child.leaves()

    def subtrees(self) -> Iterator[DiscNode]:
        """The node and every node under it, in pre-order (a node's children are read
        when the walk goes on from it)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend([child for child in reversed(node.children)
                          if not isinstance(child, int)])

    def is_preterminal(self) -> bool:
        return len(self.children) == 1 and isinstance(self.children[0], int)

    def is_discontinuous(self) -> bool:
        """Whether the node's leaves leave a gap."""
        leaves = sorted(self.leaves())
        return bool(leaves) and leaves[-1] - leaves[0] + 1 != len(leaves)


@dataclass(eq=False)
class DiscSentence:
    """One sentence: ``words``, their ``tags``, the ``tree``, its identifier in the file
    (``key``: the export format's ``#BOS`` number, Tiger's ``s`` id, ...), the line it
    starts on, each word's morphology (None when the format has none) and the secondary
    edges (node id -> (parent node id, label) pairs)."""

    words: list[str]
    tags: list[str]
    tree: DiscNode
    key: str = ""
    line: int = 0
    morph: list[str] | None = None
    secondary: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
