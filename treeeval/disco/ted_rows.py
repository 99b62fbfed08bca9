"""Zhang & Shasha's program (:func:`treeeval.disco.tree_distance._zhang_shasha`) with numpy,
a row of every table of one key root at a time: for the trees of a long sentence, where
the tables are wide and there are many of them.

For a key root ``i`` of the first tree, the tables of the key roots ``j`` of the second
tree do not depend on one another: each reads the tree distances of the nodes under ``i``
that are not on its leftmost path (found for earlier key roots) and writes those on both
leftmost paths, which no other table of the same ``i`` writes or reads.  So their rows
are laid side by side, each table's columns after a column for the empty forest, and one
row of all of them is a few array operations: the candidates from the row above and from
an earlier row (or the diagonal, for two nodes on the leftmost paths), then the running
minimum along the row (a node inserted costs 1), taken over each table's columns alone
by shifting each table's values below those of the tables to its left.

>>> from treeeval.disco.tree_distance import _flatten, _leaf_table, prepare, _zhang_shasha
>>> from treeeval.model.disc_trees import DiscNode as N
>>> codes = {}
>>> gold = _flatten(prepare(N("S", [N("NP", [N("A", [0]), N("N", [2])]), N("V", [1])]), codes), False)
>>> cand = _flatten(prepare(N("S", [N("A", [0]), N("V", [1]), N("N", [2])]), codes), False)
>>> zhang_shasha_rows(gold, cand, _leaf_table(gold, cand)), _zhang_shasha(gold, cand)
(3, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: a tree as the distance needs it: the nodes' label numbers in post-order, the post-order
#: index of each node's leftmost leaf, and the key roots (the nodes that are not the first
#: child of their parent, and the root), in increasing order
Flat = tuple[list[int], list[int], list[int]]


def zhang_shasha_rows(tree1: Flat, tree2: Flat, leaves: list[list[int]]) -> int:
    """The distance between two flattened trees; ``leaves`` holds the distances of the
    first tree's leaves and the second tree's to every node of the other (``[x][y]`` where
    ``x`` or ``y`` is a leaf), as :func:`~treeeval.disco.tree_distance._leaf_distances`
    fills them."""
    labels1, leftmost1, keyroots1 = tree1
    trees = np.array(leaves, dtype=np.int64)
    layout = _Columns(*tree2)
    if layout.width == 0:
        return int(trees[-1, -1])
    for i in keyroots1:
        start = leftmost1[i]
        if start == i:
            continue
        rows = [layout.empty]
        for x in range(start, i + 1):
            base = rows[leftmost1[x] - start]
            if leftmost1[x] != start:
                rows.append(layout.row(base + 0, trees[x], rows[-1], x - start + 1, None))
                continue
            # on i's leftmost path: a table reads the tree distances the tables of the key
            # roots below its own write in this row, so the tables go level by level
            row = np.empty(layout.width, dtype=np.int64)
            for level in layout.levels:
                value = layout.row(base, trees[x], rows[-1], x - start + 1, labels1[x])
                row[level.positions] = value[level.positions]
                trees[x, level.path_nodes] = value[level.path_positions]
            rows.append(row)
    return int(trees[-1, -1])


@dataclass(frozen=True)
class _Level:
    """The columns of the tables at one level (a table is above every table of a key root
    below its own), and where their leftmost paths are."""

    positions: np.ndarray
    path_positions: np.ndarray
    path_nodes: np.ndarray


class _Columns:
    """The tables of the second tree's key roots laid side by side: for each position, its
    node (the first column of a table, the empty forest: node 0, never read), where the
    forest before its leftmost leaf is (``gather``), whether it is on its key root's
    leftmost path, its label; the shift that keeps the running minimum inside a table."""

    def __init__(self, labels: list[int], leftmost: list[int], keyroots: list[int]) -> None:
        nodes: list[int] = []
        gather: list[int] = []
        on_path: list[bool] = []
        firsts: list[int] = []
        table: list[int] = []
        roots = [root for root in keyroots if leftmost[root] != root]
        depth: list[int] = []
        for number, j in enumerate(roots):
            first = leftmost[j]
            depth.append(1 + max((depth[k] for k, inner in enumerate(roots[:number])
                                  if inner >= first), default=-1))
            zero = len(nodes)
            firsts.append(zero)
            nodes.append(0)
            gather.append(zero)
            on_path.append(False)
            table.append(number)
            for y in range(first, j + 1):
                nodes.append(y)
                gather.append(zero + leftmost[y] - first)
                on_path.append(leftmost[y] == first)
                table.append(number)
        self.width = len(nodes)
        self.nodes = np.array(nodes, dtype=np.int64)
        self.gather = np.array(gather, dtype=np.int64)
        positions = np.arange(self.width, dtype=np.int64)
        self.before = np.maximum(positions - 1, 0)
        self.on_path = np.array(on_path, dtype=bool)
        self.firsts = np.array(firsts, dtype=np.int64)
        self.labels = np.array(labels, dtype=np.int64)[self.nodes]
        tables = np.array(table, dtype=np.int64)
        self.empty = positions - self.firsts[tables]
        # each table's values sit far below those of the tables to its left
        self.shift = positions + tables * (1 << 32)
        path = self.on_path.copy()
        path[self.firsts] = False
        levels = np.array(depth, dtype=np.int64)[tables]
        self.levels = []
        for level in range(max(depth, default=-1) + 1):
            here = levels == level
            on = np.flatnonzero(here & path)
            self.levels.append(_Level(np.flatnonzero(here), on, self.nodes[on]))

    def row(self, base: np.ndarray, distances: np.ndarray, above: np.ndarray, empty: int,
            label: int | None) -> np.ndarray:
        """One row of every table: the forest before each column's leftmost leaf in row
        ``base`` plus the tree distance of ``distances``, or (``label``: a row on the
        leftmost path) on the leftmost paths the diagonal plus a relabelling; the row
        ``above`` plus a deletion; then the running minimum with insertions, from
        ``empty`` in each first column."""
        value = base[self.gather] + distances[self.nodes]
        if label is not None:
            diagonal = above[self.before] + (self.labels != label)
            value = np.where(self.on_path, diagonal, value)
        np.minimum(value, above + 1, out=value)
        value[self.firsts] = empty
        value -= self.shift
        np.minimum.accumulate(value, out=value)
        value += self.shift
        return value
