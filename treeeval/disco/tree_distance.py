"""discodop eval's tree-edit distance (``--ted``, ``TED 1``): ``tree-dist (Dice micro avg)``.

The distance is the ordered tree-edit distance with unit costs (Zhang & Shasha 1989:
deleting, inserting or relabelling a node costs 1) between the two trees as discodop
prepares them for it:

- the children of every node are put in the order of their first (lowest) word, so a
  discontinuous tree has one canonical order and the order a file wrote them in is moot;
- a preterminal and its word become one leaf node labelled ``TAG-INDEX`` (the word's index
  in the sentence after the transforms): a wrong tag costs one relabelling, and two leaves
  never match across different words.

Each sentence contributes ``(distance, denominator)``: the denominator is the number of
nodes of both trees (phrases and preterminals; the root included), less 2 when the gold
root's label is a ``DELETE_LABEL`` (``include_root=False``), and the summary's figure is
``1 - sum(distances) / sum(denominators)`` over the sentences (a micro average).

Which trees discodop passes in (``TreePairResult``): the gold and candidate trees *after*
its transforms, the same trees it takes brackets from: EQ_LABEL applied, phrases labelled
with a DELETE_LABEL spliced out (their children go to the parent), preterminals whose gold
tag is a DELETE_LABEL, whose word is a DELETE_WORD or (DELETE_ROOT_PRETERMS) that hang under
the gold root removed, nodes left empty removed, and the words renumbered from 0.  The root
is never removed, whatever its label.  Function tags are not in the labels unless
``--functions`` put them there (the readers' business).  A sentence whose gold tree has no
words left is not scored: discodop adds NaN to both sums then, so the summary prints
``   nan`` (the caller's business: :func:`tree_dist_terms` needs words).

>>> from treeeval.model.disc_trees import DiscNode as N
>>> gold = N("S", [N("NP", [N("ART", [0]), N("NN", [2])]), N("VVFIN", [1])])
>>> cand = N("S", [N("ART", [0]), N("VVFIN", [1]), N("NN", [2])])
>>> tree_distance(gold, cand)  # delete NP, then VVFIN and NN are out of order
3
>>> tree_dist_terms(gold, cand, include_root=True)
(3, 9)
>>> tree_dist_score([1, 0], [9, 7])
Decimal('0.9375')
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING

from ..model.disc_trees import DiscNode
from ..model.tree_walks import fold
from .decimals import DISCODOP_DECIMAL
from .phrases import phrase_children

if TYPE_CHECKING:
    from .ted_rows import Flat  # numpy's: imported by _program when a tree needs it

#: a node prepared for the distance: lowest word, label number, prepared children in word
#: order, number of nodes
Prepared = tuple[int, int, tuple["Prepared", ...], int]


def tree_distance(gold: DiscNode, cand: DiscNode) -> int:
    """The unit-cost tree-edit distance between the two trees as discodop prepares them
    (module docstring); symmetric, 0 only for trees with the same prepared form."""
    return tree_dist_terms(gold, cand, include_root=True)[0]


def tree_dist_terms(gold: DiscNode, cand: DiscNode, include_root: bool) -> tuple[int, int]:
    """One sentence's ``(distance, Dice denominator)``: discodop's ``treedisteval`` with
    ``include_root`` False exactly when the gold root's label is a DELETE_LABEL.

    >>> from treeeval.model.disc_trees import DiscNode as N
    >>> tree = N("ROOT", [N("NN", [0])])
    >>> tree_dist_terms(tree, tree, include_root=False)
    (0, 2)
    """
    codes: dict[str, int] = {}
    prepared = prepare(gold, codes), prepare(cand, codes)
    denominator = prepared[0][3] + prepared[1][3]  # the nodes of both trees
    distance = _distance(*prepared)
    return distance, denominator if include_root else denominator - 2


def tree_dist_score(distances: Iterable[int | Decimal],
                    denominators: Iterable[int | Decimal]) -> Decimal:
    """The summary's ``tree-dist (Dice micro avg)`` as a fraction: ``1 - sum(distances) /
    sum(denominators)`` in discodop's decimal arithmetic (``nozerodiv`` prints it as a
    percent); a zero total denominator raises as in discodop (``decimal.InvalidOperation``
    for 0/0, ``decimal.DivisionByZero`` otherwise), which it prints as `` 0DIV!``."""
    ctx = DISCODOP_DECIMAL
    total = ctx.divide(Decimal(sum(distances)), Decimal(sum(denominators)))
    return ctx.subtract(Decimal(1), total)


def _distance(first: Prepared, second: Prepared) -> int:
    """The distance between two prepared trees: 0 for equal ones; for roots of one label,
    the distance between their forests of children (an optimal mapping maps such roots
    onto each other: mapping a root elsewhere leaves the other root unmapped, and swapping
    costs nothing); else :func:`_zhang_shasha`."""
    if first == second:
        return 0
    if first[1] == second[1]:
        return _forest_distance(first[2], second[2], first[1])
    return _program(first, second)


def _forest_distance(first: tuple[Prepared, ...], second: tuple[Prepared, ...],
                     label: int) -> int:
    """The distance between two forests, less the trees both begin or end with: an equal
    first (or last) tree of both forests maps onto itself in an optimal mapping (its nodes
    cannot map across it without crossing the order of the forests, and a mapping that
    uses them otherwise leaves at least as many of its own nodes unmapped)."""
    start, end1, end2 = 0, len(first), len(second)
    while start < end1 and start < end2 and first[start] == second[start]:
        start += 1
    while end1 > start and end2 > start and first[end1 - 1] == second[end2 - 1]:
        end1, end2 = end1 - 1, end2 - 1
    first, second = first[start:end1], second[start:end2]
    if not first or not second:
        return sum(tree[3] for tree in first + second)
    if len(first) == 1 and len(second) == 1:
        return _distance(first[0], second[0])
    # the forests under two roots of one label (their mapping costs nothing)
    return _program((first[0][0], label, first, 1 + sum(tree[3] for tree in first)),
                    (second[0][0], label, second, 1 + sum(tree[3] for tree in second)))


def _program(first: Prepared, second: Prepared) -> int:
    """Zhang & Shasha's program over the trees or their mirror images (mirrored trees have
    the same distance), in pure Python or, for trees whose tables are wide, a row of all
    tables at a time with numpy (:mod:`~treeeval.disco.ted_rows`; the distance is
    symmetric, so either tree may give the rows), whichever the estimate says is cheaper:
    the pure program's work is the product of the trees' key-root subtree sizes (which the
    leftmost paths of one orientation may cut), numpy's about 20 cells a row."""
    plain = _flatten(first, False), _flatten(second, False)
    mirrored = _flatten(first, True), _flatten(second, True)
    (work1, mirrored1), (work2, mirrored2) = (_work(flat) for flat in plain)
    pair = mirrored if mirrored1 * mirrored2 < work1 * work2 else plain
    python_cost = min(work1 * work2, mirrored1 * mirrored2)
    # numpy: each row of the row tree's key roots costs about 20 cells of the program
    options = [(rows * (_ROW_COST + columns // 50), flats)
               for rows, columns, flats in ((work1, work2, plain), (work2, work1, plain[::-1]),
                                            (mirrored1, mirrored2, mirrored),
                                            (mirrored2, mirrored1, mirrored[::-1]))]
    numpy_cost, flats = min(options, key=lambda option: option[0])
    if numpy_cost < python_cost and _numpy_pays(python_cost - numpy_cost):
        from .ted_rows import zhang_shasha_rows

        return zhang_shasha_rows(flats[0], flats[1], _leaf_table(*flats))
    return _zhang_shasha(*pair)


#: what one row of numpy's program costs, in cells of the pure one
_ROW_COST = 20
#: what importing numpy costs, in cells of the pure program (about 0.1 s)
_IMPORT_COST = 150_000
#: the cells numpy would have saved so far, while it is not imported
_forgone = [0]


def _numpy_pays(saving: int) -> bool:
    """Whether to run numpy's program on a pair it would save ``saving`` cells on: once
    numpy is imported (by this or anything else), always; before, only once the savings
    forgone pass the cost of the import, so that a small run does not pay for it."""
    if "numpy" in sys.modules:
        return True
    _forgone[0] += saving
    return _forgone[0] > _IMPORT_COST


def prepare(tree: DiscNode, codes: dict[str, int]) -> Prepared:
    """The tree as discodop prepares it, labels numbered by ``codes`` (shared by the pair)."""

    def leaf(node: DiscNode) -> Prepared:
        words = [child for child in node.children if isinstance(child, int)]
        label = node.label + "".join(f"-{word}" for word in words)
        return min(words), codes.setdefault(label, len(codes)), (), 1

    def phrase(node: DiscNode, children: list[Prepared]) -> Prepared:
        ordered = tuple(sorted(children, key=lambda child: child[0]))
        size = 1 + sum(child[3] for child in ordered)
        return ordered[0][0], codes.setdefault(node.label, len(codes)), ordered, size

    return fold(tree, phrase_children, leaf, phrase)


def _flatten(prepared: Prepared, mirror: bool) -> Flat:
    """A prepared tree in post-order, children right to left if ``mirror``: the reverse of
    the pre-order that visits children the other way round."""
    order = []
    stack = [prepared]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(node[2]) if mirror else node[2])
    order.reverse()
    leftmost = [index - node[3] + 1 for index, node in enumerate(order)]
    highest = {lmd: index for index, lmd in enumerate(leftmost)}
    return [node[1] for node in order], leftmost, sorted(highest.values())


def _work(tree: Flat) -> tuple[int, int]:
    """The summed size of the subtrees that need a table of their own (:func:`_zhang_shasha`):
    the key roots that are no leaves, for the tree and for its mirror image (whose key
    roots are the nodes that are not the last child of their parent: in post-order, those
    whose next node is not their parent)."""
    _, leftmost, keyroots = tree
    last = len(leftmost) - 1
    work = sum(root - leftmost[root] + 1 for root in keyroots if leftmost[root] != root)
    mirrored = sum(node - first + 1 for node, first in enumerate(leftmost)
                   if first != node and (node == last or leftmost[node + 1] > node))
    return work, mirrored


def _zhang_shasha(tree1: Flat, tree2: Flat) -> int:
    """Zhang & Shasha's dynamic program over the key roots of both trees.

    For key roots ``i`` and ``j``, a table of forest distances between the post-order
    prefixes of subtree ``i`` (rows) and of subtree ``j`` (columns), row and column 0 the
    empty forest.  Where both prefixes are whole subtrees on the leftmost paths of ``i``
    and ``j``, the entry is a tree distance and is kept in ``trees`` for the later key
    roots; elsewhere the entry combines one of those kept distances with the table's entry
    for the forests to the left of both subtrees.  The distance between a single node and
    a tree needs no table (:func:`_leaf_distances`), so neither do key roots that are
    leaves: most key roots are."""
    labels1, leftmost1, keyroots1 = tree1
    labels2, leftmost2, keyroots2 = tree2
    trees = _leaf_table(tree1, tree2)
    columns = []
    for j in keyroots2:
        first = leftmost2[j]
        if first == j:
            continue
        span = range(first, j + 1)
        columns.append((first, j + 1, [leftmost2[y] - first for y in span],
                        [leftmost2[y] == first for y in span], [labels2[y] for y in span]))
    for i in keyroots1:
        start = leftmost1[i]
        if start == i:
            continue
        for first, stop, offsets, on_path, labels in columns:
            empty = list(range(stop - first + 1))
            rows = [empty]
            previous = empty
            for x in range(start, i + 1):
                row_tree = trees[x]
                known = row_tree[first:stop]
                current = x - start + 1
                row = [current]
                if leftmost1[x] == start:  # subtree x is a prefix of subtree i
                    label = labels1[x]
                    diagonal = previous[0]
                    for c, (up, offset, path, other) in enumerate(
                            zip(previous[1:], offsets, on_path, labels), first):
                        if path:
                            value = diagonal + (label != other)
                        else:
                            value = offset + known[c - first]
                        diagonal = up
                        if up + 1 < value:
                            value = up + 1
                        if current + 1 < value:
                            value = current + 1
                        if path:
                            row_tree[c] = value
                        row.append(value)
                        current = value
                else:
                    base = rows[leftmost1[x] - start]
                    for up, offset, tree in zip(previous[1:], offsets, known):
                        value = base[offset] + tree
                        if up + 1 < value:
                            value = up + 1
                        if current + 1 < value:
                            value = current + 1
                        row.append(value)
                        current = value
                rows.append(row)
                previous = row
    return trees[-1][-1]


def _parents(leftmost: list[int]) -> list[int]:
    """Each node's parent (-1 for the root) in a tree in post-order: the children of a node
    are the subtrees done since its leftmost leaf.

    >>> _parents([0, 1, 0, 3, 0])  # (4 (2 0 1) 3)
    [2, 2, 4, 4, -1]
    """
    parents = [-1] * len(leftmost)
    done: list[int] = []
    for node, first in enumerate(leftmost):
        while done and done[-1] >= first:
            parents[done.pop()] = node
        done.append(node)
    return parents


def _leaf_table(tree1: Flat, tree2: Flat) -> list[list[int]]:
    """The table of tree distances with those of the leaves of either tree filled in."""
    trees = [[0] * len(tree2[0]) for _ in tree1[0]]
    _leaf_distances(tree1, tree2, trees, transpose=False)
    _leaf_distances(tree2, tree1, trees, transpose=True)
    return trees


def _leaf_distances(leafy: Flat, other: Flat, trees: list[list[int]], transpose: bool) -> None:
    """Fill in the distances between each leaf of ``leafy`` and each subtree of ``other``
    (``trees[leaf][node]``, or ``trees[node][leaf]`` with ``transpose``): a single node
    becomes a tree of n nodes by n - 1 insertions and, unless the tree has a node of its
    label, one relabelling."""
    labels, leftmost, _ = leafy
    other_labels, other_leftmost, _ = other
    parents = _parents(other_leftmost)
    nodes_of: dict[int, list[int]] = {}  # the nodes of ``other`` with each label
    for node, label in enumerate(other_labels):
        nodes_of.setdefault(label, []).append(node)
    sizes = [node - first + 1 for node, first in enumerate(other_leftmost)]
    for leaf, label in enumerate(labels):
        if leftmost[leaf] != leaf:
            continue
        distances = sizes[:]
        for node in nodes_of.get(label, ()):  # it and its ancestors have the label below
            while node >= 0 and distances[node] == sizes[node]:
                distances[node] -= 1
                node = parents[node]
        if transpose:
            for node, distance in enumerate(distances):
                trees[node][leaf] = distance
        else:
            trees[leaf] = distances
