"""The browser's pure renderers: tree diff, dependency diff, breakdown tables."""

from __future__ import annotations

import numpy as np
import pytest

from treeeval.bracket.params import EvalbParams
from treeeval.tui.breakdown import BreakdownRow, BreakdownTable, bar
from treeeval.tui.render_breakdown import table_lines
from treeeval.tui.render_deps import arc_lanes, dependency_diff, draw_arcs, token_marks
from treeeval.tui.render_tree import diff_brackets, draw_tree, side_by_side

GOLD = b"(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))"
TEST = b"(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (IN on)) (NP (DT the) (NN mat)) (. .)))"
COLLINS = EvalbParams(delete_label=[b"TOP", b"-NONE-", b",", b":", b"``", b"''", b"."],
                      delete_label_for_length=[b"-NONE-"])


def styles_of(text, needle: str) -> set[str]:
    """The styles of the spans covering the first occurrence of ``needle`` in a Text."""
    start = text.plain.index(needle)
    return {str(span.style) for span in text.spans if span.start <= start < span.end}


def test_diff_uses_the_engine_numbers():
    diff = diff_brackets(GOLD, TEST, COLLINS, 1)
    # gold S NP VP PP NP; test S NP VP NP: matched S, NP(0-1), NP(4-5)
    assert (diff.score.status, diff.score.matched, diff.score.gold, diff.score.test) == (0, 3, 5, 4)
    assert sum(diff.test_crossing) == diff.score.crossing


def test_tree_marks_missing_extra_crossing_and_ignored_brackets():
    diff = diff_brackets(GOLD, TEST, COLLINS, 1)
    gold = [line.plain for line in draw_tree(diff.gold_line, diff.gold, diff.gold_crossing,
                                             "gold", frozenset(COLLINS.delete_label))]
    test = [line.plain for line in draw_tree(diff.test_line, diff.test, diff.test_crossing,
                                             "test", frozenset(COLLINS.delete_label))]
    assert gold == [
        "·  TOP [1-6]",
        "✓    S [1-6]",
        "✓      NP [1-2]",
        "         DT The",
        "         NN cat",
        "-      VP [3-6]",
        "         VBD sat",
        "-×       PP [4-6]",
        "           IN on",
        "✓          NP [5-6]",
        "             DT the",
        "             NN mat",
        "       . .",
    ]
    assert test == [
        "·  TOP [1-6]",
        "✓    S [1-6]",
        "✓      NP [1-2]",
        "         DT The",
        "         NN cat",
        "+×     VP [3-4]",
        "         VBD sat",
        "         IN on",
        "✓      NP [5-6]",
        "         DT the",
        "         NN mat",
        "       . .",
    ]


def test_deleted_words_are_dim():
    diff = diff_brackets(GOLD, GOLD, COLLINS, 1)
    lines = draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold",
                      frozenset(COLLINS.delete_label))
    assert "dim" in styles_of(lines[-1], ". .")
    assert "dim" not in styles_of(lines[3], "DT The")


def test_tree_marks_crossing_and_colours():
    gold = b"(S (NP (DT a) (NN b)) (VP (VB c)))"
    test = b"(S (DT a) (X (NN b) (VB c)))"
    diff = diff_brackets(gold, test, EvalbParams(), 1)
    lines = draw_tree(diff.test_line, diff.test, diff.test_crossing, "test")
    x_line = next(line for line in lines if "X [2-3]" in line.plain)
    assert x_line.plain.startswith("+×")
    assert "bold red" in styles_of(x_line, "×")
    assert "magenta" in styles_of(x_line, "+")
    s_line = next(line for line in lines if "S [1-3]" in line.plain)
    assert "green" in styles_of(s_line, "✓")


def test_wrong_tag_is_marked():
    diff = diff_brackets(b"(S (NN a) (VB b))", b"(S (NN a) (NN b))", EvalbParams(), 1)
    lines = [line.plain for line in draw_tree(diff.test_line, diff.test, [], "test")]
    assert lines == ["✓  S [1-2]", "     NN a", "~    NN b"]


def test_tree_spans_and_repairs_count_words_alike():
    """A bracket's span in the tree and a repair's words are both 1-based, first and last
    word (issue 25: the tree said [4-5] where the repair said 5-6)."""
    from treeeval.errorclasses.api import line_repairs
    from treeeval.tui.bracket_repairs import repair_lines

    gold = b"(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (NNS it)))))"
    test = b"(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man) (PP (IN with) (NP (NNS it))))))"
    diff = diff_brackets(gold, test, EvalbParams(), 1)
    lines = [line.plain.split(None, 1)[1] for line in
             draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold")]
    assert lines[:2] == ["S [1-6]", "NP [1]"] and "PP [5-6]" in lines
    repairs = [line.plain for line in repair_lines(line_repairs(1, gold, test))]
    assert repairs[1] == "  PP Attachment: move words 5-6 from NP 3-6 to VP 2-6 · fixes 2"


def test_error_sentence_is_drawn_unscored_with_its_message():
    diff = diff_brackets(b"(S (A x) (B y))", b"(S (A x))", EvalbParams(), 7)
    assert diff.score.status == 1 and diff.messages == ["Length unmatch (2|1)"]
    lines = draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold")
    assert lines[0].plain.startswith("?")


def test_malformed_line_is_shown_as_is():
    diff = diff_brackets(b"(S (A x) (B y)", b"(S (A x) (B y))", EvalbParams(), 1)
    lines = draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold")
    assert lines[0].plain.startswith("?  cannot draw")
    assert lines[1].plain == "(S (A x) (B y)"


def test_a_line_evalb_loops_on_ends_with_one_message():
    # EVALB repeats "Reading sentence" until MAX_ERROR kills it; the pane reports it once
    diff = diff_brackets(b"x (S (NN a))", b"(S (NN a))", EvalbParams(), 3)
    assert (diff.score.status, diff.messages) == (1, ["Reading sentence"])


def test_side_by_side_pads_and_cuts():
    from rich.text import Text

    rows = side_by_side([Text("a" * 30)], [Text("b")], 23, ("G", "S"))
    assert [row.plain for row in rows] == ["G          │ S", "aaaaaaaaa… │ b"]


def test_arc_lanes_never_overlap():
    heads = [2, 0, 2, 5, 3, 5, 2]
    lanes = arc_lanes(heads)
    spans: dict[int, list[tuple[int, int]]] = {}
    for i, lane in enumerate(lanes):
        if lane >= 0:
            spans.setdefault(lane, []).append(tuple(sorted((i + 1, heads[i]))))
    for intervals in spans.values():
        intervals.sort()
        assert all(a[1] < b[0] for a, b in zip(intervals, intervals[1:]))


def test_draw_arcs_shape():
    rows, owners = draw_arcs([2, 0, 2])
    assert rows == [" ╭▶", "╭┴─", "╰─▶"]
    assert owners[2][0] == 2 and owners[0][1] == 0
    mirrored, _ = draw_arcs([2, 0, 2], mirror=True)
    assert mirrored == ["◀╮ ", "─┴╮", "◀─╯"]


def test_token_marks():
    marks = token_marks(np.array([2, 0, 2]), np.array(["a", "r", "b"], dtype=object),
                        np.array([2, 0, 1]), np.array(["x", "r", "b"], dtype=object),
                        np.array([True, True, False]))
    assert marks == ["label", "right", "excluded"]


def test_dependency_diff_rows_and_colours():
    rows = dependency_diff(["Rain", "fell", "."], [2, 0, 2], ["nsubj", "root", "punct"],
                           [2, 0, 1], ["obj", "root", "punct"])
    assert [row.plain.rstrip() for row in rows] == [
        "   id form gold      system",
        " ╭▶ 1 Rain   2 nsubj ~   2 obj   ◀┬╮",
        "╭┴─ 2 fell   0 root  ✓   0 root  ─╯│",
        "╰─▶ 3 .      2 punct ✗   1 punct ◀─╯",
    ]
    assert "yellow" in styles_of(rows[1], "~")
    assert "red" in styles_of(rows[3], "✗")
    assert "green" in styles_of(rows[2], "✓")
    # the wrong arc of token 3 (head 1 instead of 2) is red on the system side
    assert "red" in styles_of(rows[3], "◀─╯")


def test_breakdown_table_lines_and_bars():
    table = BreakdownTable("t", ["label", "gold", "F1"],
                           [BreakdownRow(["NP", "10", "50.00"], None, 0.5),
                            BreakdownRow(["VP", "3", "-"], None, None)])
    lines = [line.plain for line in table_lines(table, bar_width=8)]
    assert lines == ["label gold    F1", "NP      10 50.00 ████    ", "VP       3     -"]


@pytest.mark.parametrize("fraction,expected", [
    (0.0, "    "), (1.0, "████"), (2.0, "████"), (float("nan"), "    "), (0.25, "█   ")])
def test_bar(fraction, expected):
    assert bar(fraction, 4) == expected
