"""The edit script ``discodop eval --debug`` prints under ``--ted`` (its ``newtreedist``, after
Bille 2005): one cheapest sequence of deletions, insertions and relabellings that turns the
gold tree into the parse, found by a memoised recursion over forests.

The trees are prepared as for the distance (:mod:`~treeeval.disco.tree_distance`: children
in the order of their lowest word, a preterminal and its word one node ``TAG-INDEX``), and
each node is named ``LABEL[N]``, N its number in pre-order.  The recursion looks at the
last tree of each forest; of deleting its root, inserting the other's root, and mapping the
two roots onto each other (a relabelling when their labels differ), the first of the
cheapest, in that order, is taken: that order decides which script is printed when several
cost the same.  ``matched`` counts the nodes mapped onto a node of the same label.

>>> from treeeval.model.disc_trees import DiscNode as N
>>> gold = N("S", [N("NP", [N("ART", [0]), N("NN", [2])]), N("VVFIN", [1])])
>>> cand = N("S", [N("ART", [0]), N("VVFIN", [1]), N("NN", [2])])
>>> print(edit_script_text(gold, cand).replace("\\t", "  "))  # each edit on a tab
EditStats(distance=3, matched=3, [
  D(VVFIN-1[4], None),
  D(NP[1], None),
  I(None, VVFIN-1[2])])
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import cast

from ..model.disc_trees import DiscNode
from .tree_distance import Prepared, prepare

#: a forest: the numbers of its trees' roots, left to right
Forest = tuple[int, ...]
#: an edit: ``D`` (a gold node deleted), ``I`` (a parse node inserted), ``S`` (relabelled),
#: with the gold and the parse node's numbers (None for the side it does not touch)
Edit = tuple[str, int | None, int | None]
#: a script as the recursion builds it, shared between the results that extend it: None
#: (empty), ``("edit", edit, rest)`` or ``("then", first, second)`` (two scripts)
_Script = tuple[str, object, object] | None
#: the cost of a result, its matched nodes, its script
_Stats = tuple[int, int, _Script]


@dataclass
class _Numbered:
    """A prepared tree: each node's label and children by pre-order number."""

    labels: list[str] = field(default_factory=list)
    children: list[Forest] = field(default_factory=list)


def _numbered(tree: DiscNode, codes: dict[str, int]) -> _Numbered:
    """The tree as the distance prepares it (:func:`~treeeval.disco.tree_distance.prepare`,
    labels numbered by ``codes``), its nodes numbered in pre-order."""
    root = prepare(tree, codes)
    label_of = {code: label for label, code in codes.items()}
    prepared = _Numbered()
    stack: list[tuple[Prepared, int | None]] = [(root, None)]
    pending: list[list[int]] = []
    while stack:
        (_, code, below, _), parent = stack.pop()
        number = len(prepared.labels)
        prepared.labels.append(label_of[code])
        pending.append([])
        if parent is not None:
            pending[parent].append(number)
        stack.extend((child, number) for child in reversed(below))
    prepared.children = [tuple(kids) for kids in pending]
    return prepared


def edit_script(gold: DiscNode, cand: DiscNode) -> tuple[int, int, list[Edit], _Numbered,
                                                           _Numbered]:
    """The distance, the matched nodes and the edits, with both prepared trees."""
    codes: dict[str, int] = {}
    first, second = _numbered(gold, codes), _numbered(cand, codes)
    kids1, kids2 = first.children, second.children
    labels1, labels2 = first.labels, second.labels
    memo: dict[tuple[Forest, Forest], _Stats] = {}

    def stats(forest1: Forest, forest2: Forest) -> _Stats:
        key = (forest1, forest2)
        found = memo.get(key)
        if found is not None:
            return found
        if not forest2:
            if not forest1:
                result: _Stats = (0, 0, None)
            else:
                cost, matched, script = stats(forest1[:-1] + kids1[forest1[-1]], ())
                result = (cost + 1, matched, ("edit", ("D", forest1[-1], None), script))
        elif not forest1:
            cost, matched, script = stats((), forest2[:-1] + kids2[forest2[-1]])
            result = (cost + 1, matched, ("edit", ("I", None, forest2[-1]), script))
        else:
            node1, node2 = forest1[-1], forest2[-1]
            cost, matched, script = stats(forest1[:-1] + kids1[node1], forest2)
            result = (cost + 1, matched, ("edit", ("D", node1, None), script))
            cost, matched, script = stats(forest1, forest2[:-1] + kids2[node2])
            if cost + 1 < result[0]:
                result = (cost + 1, matched, ("edit", ("I", None, node2), script))
            below = stats(kids1[node1], kids2[node2])
            rest = stats(forest1[:-1], forest2[:-1])
            cost, matched = below[0] + rest[0], below[1] + rest[1]
            joined: _Script = ("then", below[2], rest[2])
            if labels1[node1] == labels2[node2]:
                matched += 1
            else:
                cost += 1
                joined = ("edit", ("S", node1, node2), joined)
            if cost < result[0]:
                result = (cost, matched, joined)
        memo[key] = result
        return result

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * (len(labels1) + len(labels2)) + 1000))
    try:
        cost, matched, script = stats((0,), (0,))
    finally:
        sys.setrecursionlimit(limit)
    return cost, matched, _edits(script), first, second


def _edits(script: _Script) -> list[Edit]:
    """A script's edits in order."""
    found: list[Edit] = []
    stack: list[_Script] = [script]
    while stack:
        item = stack.pop()
        if item is None:
            continue
        kind, head, rest = item
        if kind == "edit":
            found.append(cast(Edit, head))
            stack.append(cast(_Script, rest))
        else:
            stack.extend((cast(_Script, rest), cast(_Script, head)))
    return found


def edit_script_text(gold: DiscNode, cand: DiscNode) -> str:
    """What discodop prints for the edit script (its ``EditStats`` written out)."""
    cost, matched, edits, first, second = edit_script(gold, cand)

    def name(prepared: _Numbered, number: int | None) -> str:
        return "None" if number is None else f"{prepared.labels[number]}[{number}]"

    items = ",\n\t".join(f"{kind}({name(first, one)}, {name(second, other)})"
                         for kind, one, other in edits)
    return f"EditStats(distance={cost}, matched={matched}, [\n\t{items}])"
