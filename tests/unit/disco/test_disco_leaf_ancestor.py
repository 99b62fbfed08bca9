"""discodop's leaf-ancestor score on hand-checked trees (confirmed with discodop's
``leafancestor`` and ``leafancestorpaths``)."""

from __future__ import annotations

from decimal import Decimal

from treeeval.disco.leaf_ancestor import (
    leaf_ancestor,
    leaf_ancestor_paths,
    leaf_ancestor_summary,
    levenshtein,
    path_score,
)
from treeeval.model.disc_trees import DiscNode as N

GOLD = N("S", [N("NP", [N("ART", [0]), N("NN", [1])]), N("VB", [2])])
FLAT = N("S", [N("ART", [0]), N("NN", [1]), N("VB", [2])])


def test_paths_mark_where_phrases_begin_and_end() -> None:
    assert leaf_ancestor_paths(GOLD, set()) == {0: ["S", "(", "NP"], 1: ["S", ")", "NP"],
                                               2: [")", "S"]}


def test_a_gap_marks_the_components_of_a_discontinuous_phrase() -> None:
    tree = N("S", [N("NP", [N("ART", [0]), N("NN", [2])]), N("VVFIN", [1])])
    assert leaf_ancestor_paths(tree, set()) == {0: ["S", "(", "]", "NP"], 1: ["S"],
                                               2: [")", "S", "NP", "["]}


def test_a_deleted_label_leaves_no_trace() -> None:
    assert leaf_ancestor_paths(GOLD, {"S"}) == {0: ["NP", "("], 1: [")", "NP"], 2: []}


def test_the_sentence_score_is_the_mean_of_the_words() -> None:
    # words: 1 - 1/5, 1 - 2/4, 1
    assert leaf_ancestor(GOLD, FLAT, set()) == Decimal("0.7666666666666666666666666667")
    # without S: 1 - 2/2, 1 - 2/2, and 1 for two empty paths
    assert leaf_ancestor(GOLD, FLAT, {"S"}) == Decimal("0.3333333333333333333333333333")
    assert leaf_ancestor(GOLD, GOLD, set()) == 1


def test_path_score_and_edit_distance() -> None:
    assert path_score(["S", "("], ["S", "(", "NP"]) == Decimal("0.8")
    assert levenshtein(["S", ")", "NP"], ["S"]) == 2
    assert levenshtein(["A", "B", "C", "D"], ["A", "X", "D"]) == 2


def test_the_summary_is_a_macro_average_and_nan_spreads() -> None:
    assert leaf_ancestor_summary([Decimal(1), Decimal("0.5")]) == Decimal("0.75")
    assert leaf_ancestor_summary([Decimal(1), Decimal("NaN")]).is_nan()
    assert leaf_ancestor_summary([]).is_nan()
