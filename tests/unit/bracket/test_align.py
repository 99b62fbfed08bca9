"""``treeeval bracket --align``: EVALB's numbers where the tokens are equal, brackets and tags
through the characters where they differ (docs/bracket.md, "Different tokens: --align")."""

from __future__ import annotations

import io
import random
import re

import hypothesis
import hypothesis.strategies as st
import pytest
from profiles import examples
from random_trees import TAGS, gold_tree, line, perturb
from retokenise import retokenise

from treeeval.bracket.params import EvalbParams
from treeeval.bracket.run import EvalbRun
from treeeval.bracket.span_scoring import bracket_spans

COLLINS = EvalbParams(
    max_error=1000,
    delete_label=[b"TOP", b"-NONE-", b",", b":", b"``", b"''", b"."],
    delete_label_for_length=[b"-NONE-"],
    eq_label=[(b"ADVP", b"PRT")],
)


def run(gold: list[str], test: list[str], params: EvalbParams) -> tuple[str, str]:
    """EVALB's report and messages for the line pairs."""
    out, err = io.BytesIO(), io.BytesIO()
    EvalbRun(params, out, err).run_streams(
        *(io.BytesIO("".join(f"{line}\n" for line in lines).encode()) for lines in (gold, test)))
    return out.getvalue().decode(), err.getvalue().decode()


def rows(report: str) -> list[list[int | float]]:
    """The per-sentence rows of a report: ID Len Stat Recal Prec Matched gold test Cross
    Words Tags Accuracy."""
    table = report.split("=" * 76 + "\n", 2)[1].split("=" * 76, 1)[0]
    return [[float(x) if "." in x else int(x) for x in row.split()]
            for row in table.splitlines() if row.strip()]


def aligned(gold: str, test: str, params: EvalbParams | None = None) -> list[int | float]:
    params = EvalbParams(align=True) if params is None else params
    report, err = run([gold], [test], params)
    assert err == ""
    return rows(report)[0]


# --- hand-written cases ----------------------------------------------------------------------


def test_a_split_token_is_scored_through_the_characters() -> None:
    gold = "(S (NP (NNP New) (NNP York)) (VP (VBZ grows)))"
    test = "(S (NP (NNP NewYork)) (VP (VBZ grows)))"
    report, err = run([gold], [test], EvalbParams())
    assert "Length unmatch (3|2)" in err and rows(report)[0][2] == 1
    # Len 3, scored, 3 of 3 brackets; words 3 (gold's), 1 tag right (grows: the only
    # gold word with a test word of its span)
    assert aligned(gold, test) == [1, 3, 0, 100.0, 100.0, 3, 3, 3, 0, 3, 1, 33.33]


def test_text_unmatch_is_an_error_at_the_first_differing_character() -> None:
    gold = "(S (NP (DT The) (NN dog)) (VP (VBZ barks)))"
    test = "(S (NP (DT The) (NN dogs)) (VP (VBZ bark)))"
    report, err = run([gold, gold], [test, gold], EvalbParams(align=True))
    assert err == "1 : Text unmatch at character 6 (gold 'hedogbarks' | test 'hedogsbark')\n"
    assert rows(report)[0] == [1, 3, 1, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0.0]
    assert "Number of Error sentence  =      1" in report
    # a text that stops early differs where it stops
    _, err = run([gold], ["(S (DT The) (NN dog))"], EvalbParams(align=True))
    assert err == "1 : Text unmatch at character 6 (gold 'hedogbarks' | test 'hedog')\n"


def test_escapes_and_quotes_have_one_text() -> None:
    gold = "(S (`` ``) (NP (-LCB- -LCB-) (NN a) (-RCB- -RCB-)) ('' ''))"
    test = '(S (`` ") (NP (-LCB- {) (NN a) (-RCB- })) (\'\' "))'
    assert aligned(gold, test)[2:10] == [0, 100.0, 100.0, 2, 2, 2, 0, 5]


def test_a_test_bracket_crossing_inside_a_gold_token() -> None:
    # gold NP covers "abc" (chars 0-3), test Z covers "bcd" (1-4): they cross inside "abc"
    gold = "(S (NP (NN ab) (NN c)) (VB d))"
    test = "(S (NN a) (Z (NN bc) (VB d)))"
    assert aligned(gold, test)[5:9] == [1, 2, 2, 1]
    # the same spans with the tokens equal on both sides: EVALB's own crossing
    assert aligned("(S (NP (NN a) (NN b) (NN c)) (VB d))",
                   "(S (NN a) (Z (NN b) (NN c) (VB d)))")[5:9] == [1, 2, 2, 1]


def test_tags_count_on_aligned_words_only() -> None:
    params = EvalbParams(align=True, eq_label=[(b"NN", b"NNS")])
    gold = "(S (NP (DT the) (NNS dogs)) (VP (VB bark) (RB loudly)))"
    test = "(S (NP (DT the) (NN dogs)) (VP (NN bar) (NN k) (RB loudly)))"
    # the (EQ_LABEL-equal) and dogs (NN = NNS) right, bark not aligned, loudly right
    assert aligned(gold, test, params)[9:11] == [4, 3]


def test_labeled_0_ignores_labels() -> None:
    gold = "(S (NP (NN a) (NN b)) (VP (VB cd)))"
    test = "(S (X (NN a) (NN b)) (Y (VB c) (VB d)))"
    assert aligned(gold, test)[5:8] == [1, 3, 3]
    assert aligned(gold, test, EvalbParams(align=True, labeled=0))[5:8] == [3, 3, 3]


def test_empty_elements_have_no_text() -> None:
    # without DELETE_LABEL the -NONE- word counts (Len and Words 3) but aligns with
    # nothing, and its NP (an empty span of characters) matches nothing
    gold = "(S (NP (-NONE- *T*-1)) (NP (NN a)) (VP (VB bc)))"
    test = "(S (NP (NN a)) (VP (VB b) (VB c)))"
    assert aligned(gold, test)[1:11] == [3, 0, 75.0, 100.0, 3, 4, 3, 0, 3, 1]


def test_a_line_outside_the_strict_grammar_stays_evalbs_error() -> None:
    gold, test = "(S (NN a) (NN b) (NN c))", "(S (NN a) (NP) (NN bc))"
    report, err = run([gold], [test], EvalbParams(align=True))
    assert err == "1 : Length unmatch (3|2)\n" and rows(report)[0][2] == 1


def test_brackets_for_per_label_tables() -> None:
    gold = b"(S (NP (NN a) (NN b)) (VP (VB cd)))\n"
    test = b"(S (NP (NN ab)) (VP (VB c) (VB d)))\n"
    spans = bracket_spans(gold, test, EvalbParams(align=True))
    assert [spans.labels[k] for k in spans.test.label] == [b"S", b"NP", b"VP"]
    # each side's spans in its own words
    assert spans.gold.end.tolist() == [3, 2, 3] and spans.test.end.tolist() == [3, 1, 3]
    assert spans.test.matched.all() and spans.counts.matched.tolist() == [3]


# --- properties --------------------------------------------------------------------------------

LABELS = ["S", "NP", "VP", "PP", "ADVP", "PRT", "ROOT"]


@st.composite
def prm(draw: st.DrawFn) -> EvalbParams:
    """Random EVALB settings (EQ_LABEL pairs that form classes, as --align needs)."""
    def some(pool: list[str]) -> list[bytes]:
        return [name.encode() for name in draw(st.lists(st.sampled_from(pool), max_size=4))]

    eq = draw(st.sampled_from([[], [(b"ADVP", b"PRT")], [(b"NN", b"NNS"), (b"S", b"VP")]]))
    return EvalbParams(max_error=1000, labeled=draw(st.integers(0, 1)),
                       delete_label=some([*LABELS, ",", ".", "``", "-NONE-", "DT"]),
                       delete_label_for_length=some(["-NONE-", ",", "."]),
                       quote_label=some(["``", "POS"]), eq_label=eq)


@st.composite
def same_words(draw: st.DrawFn, deleted: frozenset[str]) -> tuple[str, str]:
    """A gold tree and a test tree of the same words (as EVALB keeps them: a tag changes
    only between tags it keeps): errors in its brackets and tags."""
    gold = draw(gold_tree())
    test = gold
    for _ in range(draw(st.integers(0, 3))):
        test = perturb(draw, test)
    text = line(test)
    if draw(st.booleans()):
        tags = [match for match in re.finditer(r"\((\w+) [^(]", text)
                if match.group(1) not in deleted]
        kept = [tag for tag in TAGS if tag not in deleted]
        if tags and kept:
            match = draw(st.sampled_from(tags))
            text = text[:match.start(1)] + draw(st.sampled_from(kept)) + text[match.end(1):]
    return line(gold), text


@hypothesis.settings(max_examples=examples(150), deadline=None)
@hypothesis.given(st.data())
def test_equal_words_give_evalbs_report(data: st.DataObject) -> None:
    params = data.draw(prm())
    deleted = frozenset(label.decode() for label in params.delete_label)
    pairs = data.draw(st.lists(same_words(deleted), min_size=1, max_size=6))
    gold, test = [g for g, _ in pairs], [t for _, t in pairs]
    params.align = False
    plain = run(gold, test, params)
    params.align = True
    assert run(gold, test, params) == plain


@hypothesis.settings(max_examples=examples(150), deadline=None)
@hypothesis.given(st.lists(gold_tree(), min_size=1, max_size=6), st.randoms(use_true_random=False))
def test_a_retokenised_perfect_parse_scores_100(trees: list, rng: random.Random) -> None:
    gold = [line(tree) for tree in trees]
    deleted = frozenset(label.decode() for label in COLLINS.delete_label)
    test = [retokenise(g, rng, split=0.3, merge=0.3, deleted=deleted) for g in gold]
    params = EvalbParams(**{**COLLINS.__dict__, "align": True})
    report, err = run(gold, test, params)
    assert err == ""
    skipped = [row[2] for row in rows(run(gold, gold, params)[0])]
    for row, skip in zip(rows(report), skipped):
        # a tree of deleted words only is EVALB's Skip against itself too
        assert row[2] == skip and row[5] == row[6] == row[7] and row[8] == 0


@pytest.mark.parametrize("params", [EvalbParams(align=True), COLLINS])
def test_aligned_rows_agree_with_bracket_spans(params: EvalbParams) -> None:
    params = EvalbParams(**{**params.__dict__, "align": True})
    rng = random.Random(7)
    trees = [line(("ROOT", [("S", [("NP", [("DT", "the"), ("NN", "dog")]),
                                   ("VP", [("VBD", "saw"), ("NP", [("NNP", "Kim")])]),
                                   (".", ".")])]))] * 20
    test = [retokenise(tree, rng, split=0.4, merge=0.4) for tree in trees]
    report, _ = run(trees, test, params)
    spans = bracket_spans("\n".join(trees).encode() + b"\n", "\n".join(test).encode() + b"\n",
                          params)
    gold_counts, matched, crossing = spans.test.per_sentence(spans.size)
    assert [row[5] for row in rows(report)] == spans.counts.matched.tolist() == matched.tolist()
    assert [row[8] for row in rows(report)] == crossing.tolist()
