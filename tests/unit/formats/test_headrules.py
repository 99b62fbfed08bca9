"""The .heads format: options, passes, directions, errors with FILE:LINE:COL and a caret."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.errors import InputError
from treeeval.formats.head_finder import HeadFinder
from treeeval.formats.headrules import (
    HeadPass,
    HeadRulesError,
    bundled_tables,
    find_heads,
    format_heads,
    load_heads,
    read_heads,
)

TABLE = """\
# a comment line; '#' is still a category below
%punctuation , .
%fallback skip-punctuation
%coordination CC
%coordination-after-fallback no

QP    right     # CD
NP    rightdis  NN NNS
NP    left      NP
VP    leftexcept ADVP ,
*     right
"""


def finder(text: str) -> HeadFinder:
    return HeadFinder(read_heads(io.StringIO(text)))


def test_options_and_passes() -> None:
    table = read_heads(io.StringIO(TABLE))
    assert table.punctuation == {",", "."}
    assert table.fallback == "skip-punctuation"
    assert table.coordination == {"CC"} and not table.coordination_after_fallback
    assert table.rules["QP"] == (HeadPass("right", ("#", "CD"), 7),)
    assert [p.direction for p in table.rules["NP"]] == ["rightdis", "left"]
    assert read_heads(io.StringIO(format_heads(table))).rules == table.rules


def test_category_major_versus_position_major() -> None:
    cats = ["JJ", "NN", "DT", "NN"]
    assert finder("X left DT NN\n").head("X", cats) == 2
    assert finder("X leftdis DT NN\n").head("X", cats) == 1
    assert finder("X right NN DT\n").head("X", cats) == 3
    assert finder("X rightdis DT JJ\n").head("X", cats) == 2


def test_except_and_defaults() -> None:
    cats = [",", "ADVP", "VB", "."]
    assert finder("X leftexcept , ADVP\n").head("X", cats) == 2
    assert finder("X rightexcept .\n").head("X", cats) == 2
    assert finder("X right\n").head("X", cats) == 3  # empty list: first child from the right
    assert finder("%punctuation , .\n%fallback skip-punctuation\nX right\n").head("X", cats) == 2
    # no pass matches: the default in the direction of the last pass
    assert finder("X left NN\nX right JJ\n").head("X", cats) == 3


def test_coordination_option() -> None:
    cats = ["NP", "CC", "NP"]
    assert finder("NP right NP\n").head("NP", cats) == 2
    assert finder("%coordination CC\nNP right NP\n").head("NP", cats) == 0
    # CoreNLP gives up when the conjunct before the CC is punctuation
    text = "%punctuation ,\n%coordination CC\nNP right NP\n"
    assert finder(text).head("NP", ["NP", ",", "CC", "NP"]) == 3
    # not after a default unless asked
    assert finder("%coordination CC\nNP right\n").head("NP", cats) == 2
    assert finder("%coordination CC\n%coordination-after-fallback yes\nNP right\n").head(
        "NP", cats) == 0


def test_unknown_parents_use_the_star_rule_and_are_counted() -> None:
    heads = finder(TABLE)
    assert heads.head("FOO", ["A", "B"]) == 1
    assert heads.head("", ["A", "B"]) == 1  # a wrapper: not counted
    assert heads.unknown == {"FOO": 1}
    assert finder("NP left NN\n").head("FOO", ["A", "B"]) == 0  # built-in: leftmost


@pytest.mark.parametrize("text, line, column, message", [
    ("NP sideways NN\n", 1, 4, "expected a direction"),
    ("\nNP\n", 2, 3, "expected a direction"),
    ("%fallback last\n", 1, 1, "%fallback takes one of"),
    ("%fallback first\n%fallback first\n", 2, 1, "given twice"),
    ("NP left NN\n  %nosuch x\n", 2, 3, "unknown option %nosuch"),
    ("%coordination-after-fallback maybe\n", 1, 1, "takes yes or no"),
    ("%procedural collins\n", 1, 1, "%procedural takes one of: semantic, semantic-copula"),
])
def test_errors_have_line_column_and_caret(text: str, line: int, column: int,
                                           message: str) -> None:
    with pytest.raises(HeadRulesError) as caught:
        read_heads(io.StringIO(text))
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert message in error.message
    assert error.context().splitlines()[1] == " " * (4 + column - 1) + "^"


def test_bundled_tables_and_paths(tmp_path: Path) -> None:
    assert bundled_tables() == ["collins", "magerman", "modcollins", "penn2malt", "semantic",
                                "semantic-copula"]
    for name in bundled_tables():
        table = load_heads(name)
        assert "NP" in table.rules and "*" in table.rules
        assert read_heads(io.StringIO(format_heads(table))) == table.__class__(
            **{**table.__dict__, "name": "<input>"})
    mine = tmp_path / "mine.heads"
    mine.write_text("S left VP\n")
    assert load_heads(str(mine)).rules == {"S": (HeadPass("left", ("VP",), 1),)}
    assert find_heads(mine) == mine
    with pytest.raises(InputError, match="no such head table"):
        find_heads("nosuch")
