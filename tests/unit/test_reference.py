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
