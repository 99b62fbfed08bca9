"""treeeval.metrics.Brackets: fed one tree at a time, in batches, on workers merged, or as
two files, the numbers are EVALB's and the same, bit for bit; every input form of a tree
gives the same numbers."""

from __future__ import annotations

import json
from pathlib import Path

import nltk
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval import InputError, evaluate_brackets
from treeeval.bracket.result import EvalbResult
from treeeval.bracket.totals import COLUMNS
from treeeval.metrics import Brackets

LABELS = ["S", "NP", "VP", "PP", "NP-SBJ", "ADVP|PRT", "TOP", "S=2"]
TAGS = ["NN", "VB", "DT", "JJ", ",", ".", "-NONE-", "``"]
WORDS = ["a", "b", "dog", "ran", ",", ".", "*T*-1", "``", "é"]
#: lines that are not trees: EVALB's errors, skips and its memory below the stack
ODD_LINES = ["", "(())", "(S (NN a) (VB b)))", "(S (NN a))) (X (VB b))",
             "(S (NN a)) ) (X (NN b) (VB c)))", "(S (NN a) (VB b)) (X (NN c)))",
             "(S (NN a)))) (Y (VB b))", "(S (NN a) (VB b)) (X (NN c))"]


def assert_same(actual: EvalbResult, expected: EvalbResult) -> None:
    for name in ("all_totals", "cut_totals", "killed", "errors", "stopped_line",
                 "first_unscored"):
        assert getattr(actual, name) == getattr(expected, name), name
    assert actual.sentences is not None and expected.sentences is not None
    for column in COLUMNS:
        assert np.array_equal(getattr(actual.sentences, column),
                              getattr(expected.sentences, column)), column


@st.composite
def trees(draw: st.DrawFn, words: list[tuple[str, str]] | None = None) -> nltk.Tree:
    """A tree over ``words`` ((form, tag) pairs; drawn when None)."""
    if words is None:
        words = draw(st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(TAGS)),
                              min_size=1, max_size=7))

    def build(low: int, high: int, depth: int) -> list[nltk.Tree]:
        if high - low == 1 and (depth > 2 or draw(st.booleans())):
            form, tag = words[low]
            return [nltk.Tree(tag, [form])]
        if depth > 2:
            return [child for at in range(low, high) for child in build(at, at + 1, depth)]
        cuts = sorted(draw(st.sets(st.integers(low + 1, high - 1), max_size=2))) if high - low > 1 else []
        bounds = [low, *cuts, high]
        children = [child for start, end in zip(bounds, bounds[1:])
                    for child in build(start, end, depth + 1)]
        return [nltk.Tree(draw(st.sampled_from(LABELS)), children)]

    return nltk.Tree("TOP", build(0, len(words), 0))


def line(tree: nltk.Tree) -> str:
    return " ".join(tree.pformat(margin=10_000).split("\n"))


@st.composite
def pairs(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Gold and test lines: trees over the same words (tags and words sometimes changed,
    a word sometimes dropped), and now and then lines that are not trees."""
    gold_lines, test_lines = [], []
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.integers(0, 5)) == 0:
            gold_lines.append(draw(st.sampled_from(ODD_LINES[2:])))
            test_lines.append(draw(st.sampled_from(ODD_LINES)))
            continue
        gold = draw(trees())
        words = [(leaf, tag) for leaf, tag in gold.pos()]
        change = draw(st.integers(0, 6))
        if change == 0 and len(words) > 1:
            del words[draw(st.integers(0, len(words) - 1))]
        elif change == 1:
            at = draw(st.integers(0, len(words) - 1))
            words[at] = (draw(st.sampled_from(WORDS)), draw(st.sampled_from(TAGS)))
        gold_lines.append(line(gold))
        test_lines.append(line(draw(trees(words))) if draw(st.integers(0, 9)) else "")
    return gold_lines, test_lines


PARAMS = st.sampled_from([("COLLINS.prm", None), (None, None), ("COLLINS.prm", 0),
                          (None, 1), ("new.prm", 2)])


def file_result(tmp_path: Path, gold: list[str], test: list[str], params: str | None,
                max_error: int | None) -> EvalbResult:
    for name, lines in (("gold", gold), ("test", test)):
        (tmp_path / name).write_text("".join(f"{text}\n" for text in lines))
    metric = Brackets(params, max_error=max_error)
    return evaluate_brackets(tmp_path / "gold", tmp_path / "test", params=metric.params)


@settings(max_examples=examples(150), deadline=None)
@given(corpus=pairs(), params=PARAMS, data=st.data())
def test_streaming_batched_merged_and_files_agree(tmp_path_factory: pytest.TempPathFactory,
                                                  corpus: tuple[list[str], list[str]],
                                                  params: tuple[str | None, int | None],
                                                  data: st.DataObject) -> None:
    gold, test = corpus
    prm, max_error = params
    expected = file_result(tmp_path_factory.mktemp("files"), gold, test, prm, max_error)

    one_by_one = Brackets(prm, max_error=max_error)
    for gold_line, test_line in zip(gold, test):
        one_by_one.update(gold_line, test_line)
    assert_same(one_by_one.compute(), expected)

    batched = Brackets(prm, max_error=max_error)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(gold)), max_size=4)))
    for start, end in zip([0, *cuts], [*cuts, len(gold)]):
        batched.update(gold[start:end], test[start:end])
    assert_same(batched.compute(), expected)

    workers = []
    for start, end in zip([0, *cuts], [*cuts, len(gold)]):
        worker = Brackets(prm, max_error=max_error)
        worker.update(gold[start:end], test[start:end])
        workers.append(json.loads(json.dumps(worker.state())))
    merged = Brackets(prm, max_error=max_error)
    for state in workers:
        merged.merge(state)
    assert_same(merged.compute(), expected)
    assert merged.sentences == len(gold)


@settings(max_examples=examples(100), deadline=None)
@given(gold=st.lists(trees(), min_size=1, max_size=6), data=st.data())
def test_every_form_of_a_tree_gives_the_same_numbers(gold: list[nltk.Tree],
                                                     data: st.DataObject) -> None:
    test = [data.draw(trees([(leaf, tag) for leaf, tag in tree.pos()])) for tree in gold]
    results = []
    for form in (line, lambda tree: line(tree).encode(), lambda tree: tree, spans,
                 lambda tree: tree.pformat(margin=20)):
        metric = Brackets("COLLINS.prm")
        metric.update([form(tree) for tree in gold], [form(tree) for tree in test])
        results.append(metric.compute())
    for result in results[1:]:
        assert_same(result, results[0])


def spans(tree: nltk.Tree) -> tuple[list[tuple[str, str]], list[tuple[str, int, int]]]:
    """``(words, spans)`` of a tree: its preterminals, and its other brackets in preorder."""
    words, found = [], []

    def walk(node: nltk.Tree) -> None:
        if isinstance(node[0], str):
            words.append((node[0], node.label()))
            return
        start = len(words)
        index = len(found)
        found.append(None)
        for child in node:
            walk(child)
        found[index] = (node.label(), start, len(words))

    walk(tree)
    return words, found


def test_the_evalb_rules_carry_across_updates() -> None:
    """MAX_ERROR counts errors over every update; the run dies inside the error past it and
    later sentences are not scored."""
    metric = Brackets("COLLINS.prm", max_error=1)
    good = "(S (NP (NN a)) (VP (VB b)))"
    short = "(S (NN a))"
    for _ in range(2):
        metric.update([good, good], [good, short])
    metric.update(good, short)
    result = metric.compute()
    assert (result.killed, result.errors, result.stopped_line) == (True, 3, 5)
    assert result.sentences.status.tolist() == [0, 1, 0, 1]
    assert metric.sentences == 5


def test_a_merge_scores_again_what_read_below_the_stack() -> None:
    """A surplus ``)`` reads what an earlier line left below EVALB's stack: a worker that
    did not see that line scored it against zeros, and the merge scores it again."""
    first, second = "(S (NN a))) (X (VB b))", "(S (NN a) (VB b)) (X (NN c)))"
    test = "(S (NN a)) ) (X (NN b) (VB c)))"
    whole = Brackets(None)
    whole.update([first, second], [first, test])
    alone = Brackets(None)
    alone.update(second, test)
    assert alone.compute().sentences.matched.tolist() != whole.compute().sentences.matched[1:].tolist()
    merged = Brackets(None)
    merged.update(first, first)
    merged.merge(alone.state())
    assert_same(merged.compute(), whole.compute())


def test_reset_and_settings() -> None:
    metric = Brackets("COLLINS.prm", cutoff_len=3)
    metric.update("(S (NN a) (VB b) (NN c) (NN d))", "(S (NN a) (VB b) (NN c) (NN d))")
    assert metric.compute().cut_totals.sentences == 0
    metric.reset()
    assert metric.sentences == 0 and metric.compute().all_totals.sentences == 0
    assert "|cut:3|" in metric.signature
    with pytest.raises(InputError, match=r"cannot merge Brackets .* the settings differ"):
        metric.merge(Brackets("COLLINS.prm"))


@pytest.mark.parametrize(("gold", "predicted", "message", "sentence"), [
    (["(S (NN a))", 3], ["(S (NN a))", "(S (NN a))"], r"^gold\[2\]: expected a bracketed tree", 2),
    (["(S (NN a))"], ["(S (NN a))", "(S (NN b))"], r"^predicted: 2 sentences, but gold has 1", None),
    ([([("a", "NN")], [("S", 0, 2)])], ["(S (NN a))"], r"^gold\[1\]: span 1 \(S, 0, 2\) is outside", 1),
    ("(S (NN a))", ["(S (NN a))"], r"^predicted: a batch of sentences, but gold is one sentence", None),
    ([(("a", "NN"),)], [None], r"^gold\[1\]: expected a bracketed tree .* got tuple$", 1),
    (5, [None], r"^gold: expected a sentence or a batch of sentences, got int$", None),
])
def test_wrong_inputs_name_side_and_sentence(gold: object, predicted: object, message: str,
                                             sentence: int | None) -> None:
    metric = Brackets()
    metric.update("(S (NN a))", "(S (NN a))")
    with pytest.raises(InputError, match=message) as caught:
        metric.update(gold, predicted)
    assert caught.value.sentence == sentence
    assert metric.sentences == 1 and metric.compute().all_totals.sentences == 1


def test_nested_spans_in_any_order() -> None:
    words = [("a", "NN"), ("b", "NN")]
    metric = Brackets()
    metric.update((words, [("X", 0, 1), ("Y", 0, 2), ("Z", 1, 2)]), "(Y (X (NN a)) (Z (NN b)))")
    assert metric.compute().all_totals.matched == 3


def test_crossing_spans_are_refused() -> None:
    with pytest.raises(InputError, match=r"^gold\[0\]: span 2 \(Y, 1, 3\) crosses span 1"):
        Brackets().update(([("a", "NN"), ("b", "NN"), ("c", "NN")], [("X", 0, 2), ("Y", 1, 3)]),
                          "(S (NN a) (NN b) (NN c))")
