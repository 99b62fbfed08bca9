"""Trees of any depth and sentences of any length (issue 13): every tree walk is iterative.

A tree nested past Python's recursion limit (1,000) must be converted, scored or classified
as any other; a tree 100,000 levels deep and a sentence of 100,000 words in a few seconds.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from nltk import Tree

from treeeval.bracket.params import EvalbParams
from treeeval.conversion import Converter
from treeeval.conversion.deletion import delete_labels
from treeeval.conversion.semantic import without_empty
from treeeval.errorclasses.reading import raw_from_nltk, raw_to_nltk
from treeeval.errorclasses.tree import from_raw, prepare
from treeeval.lin.notation import parse_tuples
from treeeval.lin.ops import modify, parse_ops
from treeeval.lin.score import phrase_scores, phrase_spans
from treeeval.model.tree_walks import fold, preorder
from treeeval.tui.render_tree import outline

DEEP = 5000  # well past the recursion limit, quick to build


def chain(depth: int, label: str = "S") -> str:
    """``(TOP (S (S ... (NN w))))``: a unary chain ``depth`` levels deep."""
    return f"(TOP {f'({label} ' * depth}(NN w){')' * depth})"


def spine(depth: int) -> str:
    """A right-branching tree ``depth`` levels deep: ``(S (DT a) (S (DT a) ...))``."""
    return f"(TOP {'(S (DT a) ' * depth}(NN w){')' * depth})"


def flat(words: int) -> str:
    """One phrase over ``words`` words."""
    return "(TOP (S " + " ".join(f"(NN w{i})" for i in range(words)) + "))"


def test_fold_and_preorder_go_past_the_recursion_limit() -> None:
    tree = Tree.fromstring("(S (NN a))")
    for _ in range(DEEP):
        tree = Tree("S", [tree])
    kids = lambda node: None if isinstance(node[0], str) else node  # noqa: E731
    assert fold(tree, kids, lambda leaf: 1, lambda node, done: done[0] + 1) == DEEP + 2
    assert max(depth for depth, _ in preorder(tree, kids)) == DEEP + 1


def test_convert_deep_chain_and_spine() -> None:
    for text in (chain(DEEP), spine(DEEP)):
        sentence = next(Converter("collins").sentences([_tree(text)]))
        assert sentence.heads.count(0) == 1
        assert len(sentence) == text.count("(NN") + text.count("(DT")


@pytest.mark.parametrize("heads", ["semantic", "semantic-copula"])
def test_semantic_head_finder_on_deep_verb_phrases(heads: str) -> None:
    verbs = "(VP (VBZ is) " * DEEP
    text = f"(TOP (S (NP (EX There)) {verbs}(NP (NN hope)){')' * DEEP}))"
    sentence = next(Converter(heads).sentences([_tree(text)]))
    assert len(sentence) == DEEP + 2 and sentence.heads.count(0) == 1


def test_without_empty_and_deletion_on_deep_trees() -> None:
    deep = _tree(f"(TOP {'(S (-NONE- *) ' * DEEP}(NN w){')' * DEEP})")
    assert _shape(without_empty(deep)) == _shape(_tree(chain(DEEP)))
    kept = delete_labels(_tree(f"(TOP {'(S (, ,) ' * DEEP}(NN w){')' * DEEP})"),
                         EvalbParams(delete_label=[b"TOP", b","]))
    assert _depth(kept) == DEEP + 1


def test_lin_phrase_spans_and_crossing_on_deep_trees() -> None:
    spans = phrase_spans(_tree(spine(DEEP)))
    assert len(spans) == DEEP and (0, DEEP) in spans and (DEEP - 1, DEEP) in spans
    assert phrase_scores(spans, spans).crossing == 0


def test_lin_crossing_agrees_with_the_definition() -> None:
    def crosses(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return a[0] < b[0] <= a[1] < b[1] or b[0] < a[0] <= b[1] < a[1]

    rng = random.Random(13)
    for _ in range(500):
        n = rng.randint(1, 10)
        key, answer = ({tuple(sorted((rng.randrange(n), rng.randrange(n))))  # type: ignore[misc]
                        for _ in range(rng.randint(0, 8))} for _ in range(2))
        expected = sum(any(crosses(span, other) for other in key) for span in answer)
        assert phrase_scores(key, answer).crossing == expected


def test_lin_operations_nested_past_the_recursion_limit() -> None:
    text = f"(if ({'(not ' * DEEP}(cat V){')' * DEEP} t) (delete))"
    operation, = parse_ops(text)
    sentence, = parse_tuples("she N < runs\nruns V *\n")
    # an even number of nots: (cat V) itself, which the head "runs" satisfies
    assert modify([operation], sentence).heads == [-1, 0]
    with pytest.raises(Exception, match=r"x\.ops:1:\d+: \(type \.\.\.\) restricts"):
        parse_ops(f"(if ({'(or t ' * DEEP}(type a){')' * DEEP} t) (delete))", "x.ops")


def test_error_classes_prepare_deep_trees() -> None:
    raw = raw_from_nltk(_tree(spine(DEEP)))
    assert _shape(raw_to_nltk(raw)) == _shape(_tree(spine(DEEP)))
    root = prepare(raw)
    assert root.words() == DEEP + 1 and len(root.brackets()) == DEEP + 1
    assert str(root) == spine(DEEP)
    assert str(prepare(raw, delete=lambda tree: tree)) == spine(DEEP)
    assert from_raw(("S", [("NN", "a")])).set_spans() == 1


def test_browse_outline_of_a_deep_tree() -> None:
    lines = outline(chain(DEEP).encode())
    assert len(lines) == DEEP + 2 and lines[-1].plain == "  " * (DEEP + 1) + "NN w"


@pytest.mark.parametrize("shape", ["chain", "spine", "flat"])
def test_commands_on_100000_levels_or_words(shape: str, tmp_path: Path) -> None:
    text = {"chain": chain, "spine": spine, "flat": flat}[shape](100_000)
    (tmp_path / "big.mrg").write_text(text + "\n")
    runs = [["convert", "big.mrg"], ["lin", "big.mrg", "big.mrg"],
            ["dep", "big.mrg", "big.mrg", "--heads", "collins"], ["errors", "big.mrg", "big.mrg"]]
    for args in runs:
        start = time.process_time()
        ran = run_treeeval(args, tmp_path)
        spent = time.process_time() - start
        assert ran.status == 0, (args, ran.stderr[-500:])
        assert spent < 5, f"{args[0]} took {spent:.1f} s of CPU"


def test_a_bad_deep_tree_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "bad.mrg").write_text(chain(100_000)[:-1] + "\n")
    for command in (["convert", "bad.mrg"], ["errors", "bad.mrg", "bad.mrg"]):
        ran = run_treeeval(command, tmp_path)
        assert ran.status == 1
        assert ran.stderr.startswith(b"treeeval: error: bad.mrg:1:1: unclosed bracket")


def test_lin_sentence_counts_differ_is_located(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_text("(S (NN a))\n(S (NN b))\n")
    (tmp_path / "answer.mrg").write_text("(S (NN a))\n")
    ran = run_treeeval(["lin", "gold.mrg", "answer.mrg"], tmp_path)
    assert ran.status == 1
    assert ran.stderr.startswith(b"treeeval: error: gold.mrg:2: GOLD has 2 sentences, ANSWER 1")


def test_lin_word_counts_differ_at_the_trees_line(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_text("(S (NN a))\n(S (NN b))\n")
    (tmp_path / "answer.mrg").write_text("(S (NN a)\n)\n(S\n (NN b) (NN c))\n")
    ran = run_treeeval(["lin", "gold.mrg", "answer.mrg"], tmp_path)
    assert ran.stderr.startswith(b"treeeval: error: answer.mrg:3: sentence 2 has 2 words")


def test_lin_conversion_error_is_located(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_text("(S (NN a))\n(S (-NONE- *))\n")
    ran = run_treeeval(["lin", "gold.mrg", "gold.mrg"], tmp_path)
    assert ran.status == 1
    assert ran.stderr.startswith(b"treeeval: error: gold.mrg:2: no words left")


def _tree(text: str) -> Tree:
    from treeeval.formats.lark_trees import parse_tree_lark

    tree, = parse_tree_lark(text.encode())
    return tree


def _shape(tree: Tree) -> list[tuple[int, str]]:
    """A tree as its nodes' depths and labels (nltk's == and str recurse)."""
    return [(depth, node if isinstance(node, str) else node.label())
            for depth, node in preorder(tree, lambda node: None if isinstance(node, str) else node)]


def _depth(tree: Tree) -> int:
    return max(depth for depth, _ in preorder(
        tree, lambda node: None if isinstance(node[0], str) else node)) + 1


def test_errors_rejects_a_tree_without_a_phrase_on_top(tmp_path: Path) -> None:
    """Found by the fuzzer: a test tree that is one preterminal crashed the repair search;
    the classifier itself refuses such a tree (``Tree has no labels in the tag set``)."""
    (tmp_path / "gold.txt").write_text("(ROOT (NN the))\n(ROOT (NN a))\n")
    (tmp_path / "test.txt").write_text("(ROOT (NN the))\n(NN a)\n")
    ran = run_treeeval(["errors", "gold.txt", "test.txt"], tmp_path)
    assert ran.status == 1
    assert ran.stderr.startswith(b"treeeval: error: test.txt:2: no phrase label above the words")


def test_deeply_nested_operations_cost_little_per_word() -> None:
    """Found by the long fuzz run: a ``(not ...)`` 3,000 deep, tested on every dependency of
    a long sentence, took over 10 s; nested nots and ors are simplified when read."""
    operation, = parse_ops(f"(if ({'(not ' * 3000}(cat V){')' * 3000} t) (delete))")
    sentence, = parse_tuples("".join(f"w{i} N < w{i + 1}\n" for i in range(2000)) + "w2000 V *\n")
    start = time.process_time()
    result = modify([operation], sentence)
    assert time.process_time() - start < 1
    assert result.heads[-2] == -1 and result.heads[0] == 2
