"""discodop's head rules and dependencies on hand-built trees."""

from __future__ import annotations

from pathlib import Path

import pytest

from treeeval.disco.head_dependencies import (
    HeadlessPhrase,
    dependencies,
    find_heads,
    parse_head_rules,
    read_head_rules,
)
from treeeval.errors import InputError
from treeeval.formats.headrules import HeadPass
from treeeval.model.disc_trees import DiscNode as N

RULES = """\
% a comment
s right-to-left VVFIN VAFIN
NP right NN NE
NP LEFTDIS ART PDAT
PP left APPR APPRART
CNP LIKE NP
AP left
"""
TABLE = parse_head_rules(RULES)


def head(label: str, *children: N) -> str:
    node = N(label, list(children))
    heads = find_heads(node, TABLE)
    return next(child.label for child in children if child in heads)


def pre(label: str, word: int = 0, function: str | None = None) -> N:
    return N(label, [word], function)


def test_the_file_is_read_as_discodop_reads_it() -> None:
    assert TABLE.rules["S"] == (HeadPass("right", ("VVFIN", "VAFIN"), 2),)  # upper-cased
    assert TABLE.rules["NP"] == (HeadPass("right", ("NN", "NE"), 3),
                                 HeadPass("leftdis", ("ART", "PDAT"), 4))
    assert TABLE.rules["CNP"] == TABLE.rules["NP"]
    assert "AP" not in TABLE.rules  # a line without categories is skipped


def test_bad_lines_are_located(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"rules.txt:2: not a head rule"):
        path = tmp_path / "rules.txt"
        path.write_text("NP right NN\nNP upwards NN\n", encoding="utf-8")
        read_head_rules(path)
    with pytest.raises(InputError, match=r"<input>:1: VP LIKE XP: XP has no rules"):
        parse_head_rules("VP LIKE XP\n")


def test_an_hd_edge_label_comes_first() -> None:
    assert head("S", pre("NN", 0, "SB-HD"), pre("VVFIN", 1)) == "NN"


def test_the_passes_in_order() -> None:
    assert head("NP", pre("ART", 0), pre("ADJA", 1), pre("NN", 2), pre("NE", 3)) == "NN"
    assert head("NP", pre("ADJA", 0), pre("ART", 1), pre("PDAT", 2)) == "ART"
    assert head("NP", pre("ART", 0), pre("nn[sg]", 1)) == "nn[sg]"  # category: up to [, upper-cased
    assert head("S", pre("VAFIN", 0), pre("VVFIN", 1), pre("VVFIN", 2)) == "VVFIN"


def test_a_head_after_a_coordinator_gives_way() -> None:
    assert head("NP", pre("NE", 0), pre("$,", 1), pre("CC", 2), pre("NN", 3)) == "NE"
    assert head("NP", pre("$,", 0), pre("CC", 1), pre("NN", 2)) == "NN"  # only punctuation before


def test_the_default_skips_punctuation_in_the_last_pass_direction() -> None:
    assert head("AP", pre("$,", 0), pre("ADJD", 1), pre("ADV", 2)) == "ADJD"
    assert head("S", pre("NN", 0), pre("ADV", 1), pre("$.", 2)) == "ADV"
    assert head("AP", pre("$,", 0), pre("$.", 1)) == "$,"


def test_dependencies_are_labelled_with_edge_labels() -> None:
    np_ = N("NP", [pre("ART", 0, "NK"), pre("NN", 2, "--")], "SB")
    tree = N("VROOT", [N("S", [np_, pre("VVFIN", 1, "HD")]), pre("ADV", 3)])
    heads = find_heads(tree, TABLE)
    assert dependencies(tree, heads) == [(1, "NK", 3), (2, "root", 0), (3, "SB", 2),
                                         (4, "root", 0)]
    del np_.children[1]  # the head went with a transform: discodop crashes
    with pytest.raises(HeadlessPhrase, match="NP over words"):
        dependencies(tree, heads)


def test_a_spliced_phrase_leaves_its_head_to_its_parent() -> None:
    inner = N("VP", [pre("VVPP", 1), pre("ADV", 0)])
    tree = N("VROOT", [N("S", [inner, pre("VAFIN", 2)])])
    heads = find_heads(tree, TABLE)  # VP: VVPP (no rule: the first); S: VAFIN
    sentence = tree.children[0]
    assert isinstance(sentence, N)
    sentence.children[0:1] = inner.children  # DELETE_LABEL VP: both heads now under S
    # S's first head child wins: VVPP, not VAFIN
    assert dependencies(tree, heads) == [(1, "-", 2), (2, "root", 0), (3, "-", 2)]
