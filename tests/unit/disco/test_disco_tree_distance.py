"""discodop's tree-edit distance on hand-checked pairs (each figure worked out by hand and
confirmed with discodop's ``treedisteval``)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import pytest

from treeeval.disco.tree_distance import tree_dist_score, tree_dist_terms, tree_distance
from treeeval.model.disc_trees import DiscNode as N

GOLD = N("S", [N("NP", [N("ART", [0]), N("NN", [1])]), N("VB", [2])])


def test_a_missing_phrase_costs_one_deletion() -> None:
    cand = N("S", [N("ART", [0]), N("NN", [1]), N("VB", [2])])
    assert tree_distance(GOLD, cand) == tree_distance(cand, GOLD) == 1
    assert tree_dist_terms(GOLD, cand, include_root=True) == (1, 9)
    assert tree_dist_terms(GOLD, cand, include_root=False) == (1, 7)


def test_a_wrong_tag_costs_one_relabelling() -> None:
    cand = N("S", [N("NP", [N("ART", [0]), N("NN", [1])]), N("VVFIN", [2])])
    assert tree_distance(GOLD, cand) == 1


def test_the_order_children_are_written_in_does_not_count() -> None:
    gold = N("S", [N("VB", [1]), N("NP", [N("NN", [2]), N("ART", [0])])])
    cand = N("S", [N("NP", [N("ART", [0]), N("NN", [2])]), N("VB", [1])])
    assert tree_distance(gold, cand) == 0


def test_a_unary_chain_costs_its_insertions_and_labels_their_relabellings() -> None:
    assert tree_distance(N("S", [N("NN", [0])]), N("S", [N("X", [N("Y", [N("NN", [0])])])])) == 2
    assert tree_distance(N("A", [N("B", [0])]), N("C", [N("D", [0])])) == 2


def test_a_leaf_is_its_tag_and_its_word_together() -> None:
    # the same tag over different words is no match: two relabellings, not zero
    gold = N("S", [N("NN", [0]), N("VB", [1])])
    cand = N("S", [N("VB", [0]), N("NN", [1])])
    assert tree_distance(gold, cand) == 2


def test_the_denominator_counts_phrases_and_preterminals_of_both_trees() -> None:
    assert tree_dist_terms(GOLD, GOLD, include_root=True) == (0, 10)
    assert tree_dist_terms(GOLD, N("S", [N("NN", [0])]), include_root=False) == (4, 5)


def test_the_micro_average() -> None:
    assert tree_dist_score([1, 2], [9, 11]) == Decimal("0.85")
    assert tree_dist_score([1], [3]) == Decimal("0.6666666666666666666666666667")
    with pytest.raises(InvalidOperation):
        tree_dist_score([0], [0])


def test_a_deep_chain_needs_no_recursion() -> None:
    deep = N("NN", [0])
    for _ in range(3000):
        deep = N("S", [deep])
    assert tree_distance(deep, N("S", [N("NN", [0])])) == 2999
