"""The edit script of ``--debug --ted`` (treeeval.disco.edit_script), on random trees: its
cost is the tree distance, and its edits and matches account for every node of both trees
once."""

from __future__ import annotations

import random

import pytest

from treeeval.disco.edit_script import edit_script, edit_script_text
from treeeval.disco.tree_distance import tree_distance
from treeeval.model.disc_trees import DiscNode


def random_tree(rng: random.Random, words: list[int]) -> DiscNode:
    """A tree over ``words`` (shuffled: constituents may be discontinuous)."""
    if len(words) == 1 and rng.random() < 0.7:
        return DiscNode(rng.choice(["NN", "VB"]), [words[0]])
    if len(words) == 1:
        return DiscNode(rng.choice(["NP", "VP"]), [DiscNode("NN", [words[0]])])
    rng.shuffle(words)
    parts = rng.randint(1, min(3, len(words)))
    cuts = sorted(rng.sample(range(1, len(words)), parts - 1))
    return DiscNode(rng.choice(["S", "NP", "VP"]), [
        random_tree(rng, sorted(words[a:b])) for a, b in zip([0, *cuts], [*cuts, len(words)])])


@pytest.mark.parametrize("seed", range(40))
def test_script_accounts_for_every_node(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.randint(1, 7)
    gold, cand = random_tree(rng, list(range(size))), random_tree(rng, list(range(size)))
    cost, matched, edits, first, second = edit_script(gold, cand)
    assert cost == tree_distance(gold, cand) == len(edits)
    kinds = [kind for kind, _, _ in edits]
    # each gold node is deleted, relabelled or matched; each parse node inserted, ...
    assert kinds.count("D") + kinds.count("S") + matched == len(first.labels)
    assert kinds.count("I") + kinds.count("S") + matched == len(second.labels)
    touched = [one for _, one, _ in edits if one is not None]
    assert len(touched) == len(set(touched))
    for kind, one, other in edits:
        if kind == "S":
            assert one is not None and other is not None
            assert first.labels[one] != second.labels[other]


def test_equal_trees_match_everywhere() -> None:
    tree = DiscNode("S", [DiscNode("NP", [DiscNode("NN", [0]), DiscNode("NN", [2])]),
                          DiscNode("VB", [1])])
    # S, NP, NN-0, NN-2, VB-1: five nodes matched, no edit (discodop prints an empty item)
    assert edit_script_text(tree, tree) == "EditStats(distance=0, matched=5, [\n\t])"


def test_relabelling_is_one_edit() -> None:
    gold = DiscNode("S", [DiscNode("NP", [DiscNode("NN", [0])]), DiscNode("VB", [1])])
    cand = DiscNode("S", [DiscNode("VP", [DiscNode("NN", [0])]), DiscNode("VB", [1])])
    assert edit_script_text(gold, cand) == (
        "EditStats(distance=1, matched=3, [\n\tS(NP[1], VP[1])])")
