"""The per-sentence EVALB engine on small hand-made sentences with hand-computed numbers."""

from __future__ import annotations

import io

import pytest

from treeeval.bracket.params import EvalbParams
from treeeval.bracket.reference import ErrorBudget, EvalbKilled, ReferenceEngine

COLLINS = dict(
    delete_label=[b"TOP", b"-NONE-", b",", b":", b"``", b"''", b"."],
    delete_label_for_length=[b"-NONE-"],
    eq_label=[(b"ADVP", b"PRT")],
)


def score(gold: bytes, test: bytes, **settings):
    err = io.BytesIO()
    engine = ReferenceEngine(EvalbParams(**{**COLLINS, **settings}), ErrorBudget(10, err))
    return engine.score_pair(gold, test, 1), err.getvalue()


def test_duplicates_count_as_a_multiset() -> None:
    result, _ = score(b"(S (A (A (P x) (Q y))))", b"(S (A (P x) (Q y)))")
    assert (result.matched, result.gold, result.test) == (2, 3, 2)


def test_traces_and_punctuation_are_deleted_but_counted_in_length() -> None:
    gold = b"(TOP (S (NP-SBJ (-NONE- *)) (VP (VBD ran) (, ,) (ADVP (RB fast))) (. .)))"
    result, _ = score(gold, b"(TOP (S (VP (VBD ran) (, ,) (PRT (RB fast))) (. .)))")
    # length: ran , fast . (the trace is not counted); words: ran fast
    assert (result.length, result.words, result.correct) == (4, 2, 2)
    assert (result.matched, result.gold, result.test) == (3, 3, 3)


def test_crossing_counts_test_brackets() -> None:
    result, _ = score(b"(S (A (P a) (P b)) (B (P c) (P d)))", b"(S (X (P a) (P b) (P c)) (P d))")
    assert result.crossing == 1


def test_function_tags_and_equal_labels() -> None:
    result, _ = score(b"(S (NP-SBJ=2 (NN a)) (PRT (RP b)))", b"(S (NP (NN a)) (ADVP (RP b)))")
    assert (result.matched, result.gold, result.test) == (3, 3, 3)


def test_words_unmatch_is_an_error() -> None:
    result, err = score(b"(S (NN a) (NN b))", b"(S (NN a) (NN c))")
    assert result.status == 1 and err == b"1 : Words unmatch (b|c)\n"


def test_skip_when_test_has_no_words() -> None:
    result, err = score(b"(S (NN a))", b"(S (. .))")
    assert result.status == 2 and result.length == 1 and err == b""


def test_quote_repair_needs_quote_labels() -> None:
    gold, test = b"(S (NP (NNS dogs) (POS ')) (NN food))", b"(S (NP (NNS dogs) ('' ')) (NN food))"
    broken, err = score(gold, test)
    assert broken.status == 1 and err == b"1 : Length unmatch (3|2)\n"
    repaired, err = score(gold, test, quote_label=[b"''", b"POS"])
    assert repaired.status == 0 and err == b""
    assert (repaired.words, repaired.correct, repaired.matched, repaired.gold) == (3, 2, 2, 2)


def test_unbalanced_line_is_an_error_but_scored() -> None:
    result, err = score(b"(S (NP (NN a)) (VP (VB b)))", b"(S (NP (NN a)) (VP (VB b))")
    assert result.status == 1 and (result.matched, result.gold, result.test) == (2, 3, 3)
    assert err == b"1 : Bracketing is unbalanced (too many open bracket)\n"


def test_budget_kills_inside_the_error_after_max_plus_one() -> None:
    err = io.BytesIO()
    budget = ErrorBudget(2, err)
    for line in (1, 2, 3):
        budget.error(line, b"x")
    with pytest.raises(EvalbKilled):
        budget.error(4, b"x")
    assert err.getvalue().count(b"\n") == 4


def test_bare_text_repeats_until_killed() -> None:
    err = io.BytesIO()
    engine = ReferenceEngine(EvalbParams(max_error=3), ErrorBudget(3, err))
    with pytest.raises(EvalbKilled):
        engine.score_pair(b"oops (S (NN a))", b"(S (NN a))", 7)
    assert err.getvalue() == b"7 : Reading sentence\n" * 5


def test_surplus_close_before_its_bracket_opens_sets_that_brackets_end() -> None:
    # ')' reads the zero below the stack: it ends bracket 0, which '(S' only opens later;
    # S is never closed, so it keeps that end and spans nothing.  The stack is back at 0:
    # no message.
    result, err = score(b"(S (NN a))", b") (S (NN a)")
    assert (result.status, result.gold, result.test, result.words) == (0, 1, 0, 1)
    assert err == b""


def test_a_bracket_opened_at_the_end_of_a_line_has_an_empty_word() -> None:
    # EVALB's scanner would run past the end of the line here (docs/differences.md)
    result, err = score(b"(S (NN a))", b"(S (NN a)) (X ")
    assert err == (b"1 : More than two elements in a bracket\n"
                   b"1 : Bracketing is unbalanced (too many open bracket)\n")
    assert (result.status, result.gold, result.test, result.matched) == (1, 1, 2, 1)


def test_memory_below_the_stack_persists_across_lines() -> None:
    # line 1: the surplus ')' leaves the stack at -1, so '(X' is pushed below it: slot -1
    # now holds bracket number 1.  Line 2's surplus ')' reads it and ends its bracket 1
    # (NP) a second time, at 2.
    engine = ReferenceEngine(EvalbParams(), ErrorBudget(10, io.BytesIO()))
    engine.score_pair(b"(S (NN a) (NN b))", b"(S (NN a))) (X (NN b))", 1)
    assert engine.below.written == {-1: 1}
    second = engine.score_pair(b"(S (NP (NN a)) (NN b))", b"(S (NP (NN a)) (NN b)))", 2)
    assert (second.matched, second.gold, second.test) == (1, 2, 2)
    fresh = ReferenceEngine(EvalbParams(), ErrorBudget(10, io.BytesIO()))
    alone = fresh.score_pair(b"(S (NP (NN a)) (NN b))", b"(S (NP (NN a)) (NN b)))", 2)
    assert (alone.matched, fresh.below.read_first) == (2, {-1})


def test_trace_prints_the_whole_text_of_a_long_bracket() -> None:
    # EVALB copies the text into a 1,000-byte buffer (docs/differences.md)
    words = b" ".join(b"(NN w%d)" % k for k in range(200))
    out = io.BytesIO()
    engine = ReferenceEngine(EvalbParams(debug=2), ErrorBudget(10, io.BytesIO()), out)
    engine.score_pair(b"(S " + words + b")", b"(S (X " + words + b"))", 1)
    assert b"  EXTRA[0-199]:  " + words + b"\n" in out.getvalue()
