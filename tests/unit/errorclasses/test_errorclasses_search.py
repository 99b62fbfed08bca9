"""The repair search carries its state from one repair to the next (issue 14): after every
repair, the bracket counts, the missing and extra brackets, the error count, the brackets a
move could merge and every span must be those rebuilt from the tree, on random trees of our
own and their random edits."""

from __future__ import annotations

import random

import pytest

from treeeval.errorclasses.search import MAX_STEPS, Gold, Repairs, Search
from treeeval.errorclasses.tree import Node

LABELS = ["NP", "VP", "PP", "S", "SBAR", "ADJP"]


def random_tree(rng: random.Random, words: int) -> Node:
    """A random tree over ``words`` preterminals (labels from a small set, so that edits
    often land on gold brackets)."""
    nodes: list[Node] = [Node(f"T{index % 3}", word=f"w{index}") for index in range(words)]
    while len(nodes) > 1:
        start = rng.randrange(len(nodes))
        end = rng.randint(start + 1, min(len(nodes), start + 3))
        nodes[start:end] = [Node(rng.choice(LABELS), nodes[start:end])]
    root = Node("ROOT", nodes if nodes[0].word is not None else [nodes[0]])
    root.set_spans()
    return root


def edit(rng: random.Random, root: Node) -> None:
    """One random edit that keeps the words: relabel, remove, add over siblings, or move a
    child into its left sibling."""
    brackets = [node for node in root.preorder() if node.word is None and node is not root]
    if not brackets:
        return
    node = rng.choice(brackets)
    parent = node.parent
    assert parent is not None
    roll = rng.random()
    position = parent.children.index(node)
    if roll < 0.25:
        node.label = rng.choice(LABELS)
    elif roll < 0.5:
        parent.children[position:position + 1] = node.children
    elif roll < 0.75:
        right = rng.randint(position, len(parent.children) - 1)
        parent.children[position:right + 1] = [Node(rng.choice(LABELS),
                                                     parent.children[position:right + 1])]
    elif position > 0 and parent.children[position - 1].word is None and len(parent.children) > 1:
        parent.children[position - 1].children.append(parent.children.pop(position))
    root.set_spans()


def rebuilt(search: Search) -> tuple[object, ...]:
    fresh = Search(search.gold, search.root)
    return (fresh.counts, fresh.spans, fresh.deficit, fresh.extra_keys, fresh.errors,
            fresh.mergers)


def carried(search: Search) -> tuple[object, ...]:
    return (search.counts, search.spans, search.deficit, search.extra_keys, search.errors,
            search.mergers)


def spans(root: Node) -> list[tuple[int, int]]:
    return [(node.start, node.end) for node in root.preorder()]


@pytest.mark.parametrize("seed", range(60))
def test_carried_state_is_the_rebuilt_one(seed: int) -> None:
    rng = random.Random(seed)
    gold = random_tree(rng, rng.randint(2, 14))
    test = _copy(gold)
    for _ in range(rng.randint(1, 8)):
        edit(rng, test)
    search = Repairs(Gold.of(gold), test)
    for _ in range(MAX_STEPS + 1):
        step = search.step()
        kept = spans(test)
        test.set_spans()
        assert spans(test) == kept
        assert carried(search) == rebuilt(search)
        if step is None:
            break
    # the brackets agree (a unary chain may still be stacked in another order)
    assert search.errors == 0 and step is None


def _copy(node: Node) -> Node:
    if node.word is not None:
        return Node(node.label, word=node.word)
    copy = Node(node.label, [_copy(child) for child in node.children])
    copy.set_spans()
    return copy
