"""discodop's tree-edit distance on hand-checked pairs (each figure worked out by hand and
confirmed with discodop's ``treedisteval``)."""

from __future__ import annotations

import random
from decimal import Decimal, InvalidOperation

import pytest

from treeeval.disco.ted_rows import zhang_shasha_rows
from treeeval.disco.tree_distance import (
    _flatten,
    _leaf_table,
    _zhang_shasha,
    prepare,
    tree_dist_score,
    tree_dist_terms,
    tree_distance,
)
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


def _deep_tree(rng: random.Random, words: list[int], labels: list[str]) -> N:
    """A random tree over ``words`` (shuffled, so constituents may be discontinuous), with
    unary chains."""
    if len(words) == 1:
        return N(rng.choice(["NN", "VB", "DT"]), [words[0]])
    rng.shuffle(words)
    parts = rng.randint(1, min(4, len(words)))
    cuts = sorted(rng.sample(range(1, len(words)), parts - 1))
    node = N(rng.choice(labels), [_deep_tree(rng, sorted(words[a:b]), labels)
                                  for a, b in zip([0, *cuts], [*cuts, len(words)])])
    return N(rng.choice(labels), [node]) if rng.random() < 0.2 else node


@pytest.mark.parametrize("seed", range(60))
def test_the_numpy_program_is_the_pure_one(seed: int) -> None:
    # ted_rows (a row of every table at a time) against the pure program, both trees as
    # rows and mirrored: the same distance
    rng = random.Random(seed)
    size = rng.randint(1, 30)
    labels = rng.choice([["S"], ["S", "NP"], ["S", "NP", "VP", "PP"]])
    codes: dict[str, int] = {}
    first = prepare(_deep_tree(rng, list(range(size)), labels), codes)
    second = prepare(_deep_tree(rng, list(range(size)), labels), codes)
    for mirror in (False, True):
        one, other = _flatten(first, mirror), _flatten(second, mirror)
        expected = _zhang_shasha(one, other)
        assert zhang_shasha_rows(one, other, _leaf_table(one, other)) == expected
        assert zhang_shasha_rows(other, one, _leaf_table(other, one)) == expected
