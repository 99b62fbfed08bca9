"""Properties of bracket scoring, on random trees (hypothesis)."""

from __future__ import annotations

import dataclasses
import io

import hypothesis
import hypothesis.strategies as st
import pytest
from profiles import examples

from treeeval.bracket.params import EvalbParams
from treeeval.bracket.run import EvalbRun
from treeeval.bracket.sequential import SequentialRun
from treeeval.columnar import blocks as lineblocks

COLLINS = EvalbParams(
    max_error=30,
    delete_label=[b"TOP", b"-NONE-", b",", b":", b"``", b"''", b"."],
    delete_label_for_length=[b"-NONE-"],
    eq_label=[(b"ADVP", b"PRT")],
    quote_label=[b"''", b"POS"],
)
LABELS = [b"S", b"NP", b"VP", b"PP", b"ADVP", b"PRT", b"NP-SBJ", b"VP=2", b"-X-", b"TOP", b""]
TAGS = [b"NN", b"VB", b"DT", b",", b".", b"-NONE-", b"POS", b"''", b"RP"]
WORDS = [b"a", b"dog", b"'", b"*T*-1", b"-LRB-", b"\xc3\xa9", b","]


#: the strategies a tree draws from, built once: Hypothesis validates each new strategy
#: object, which cost more than the drawing when they were built at every node
ONE_IN_FOUR, ONE_TO_FOUR = st.integers(0, 3), st.integers(1, 4)
TAG, WORD, LABEL = st.sampled_from(TAGS), st.sampled_from(WORDS), st.sampled_from(LABELS)


def tree(draw: st.DrawFn, depth: int = 0) -> bytes:
    """A tree at most five levels deep, drawn with ``draw``: a plain function rather than a
    strategy at every node, whose bookkeeping in Hypothesis cost more than the test."""
    if depth > 3 or draw(ONE_IN_FOUR) == 0:
        return b"(%s %s)" % (draw(TAG), draw(WORD))
    children = [tree(draw, depth + 1) for _ in range(draw(ONE_TO_FOUR))]
    return b"(%s %s)" % (draw(LABEL), b" ".join(children))


@st.composite
def trees(draw: st.DrawFn) -> bytes:
    return tree(draw)


DAMAGE = [b"", b"(", b")", b" ", b"(NN )", b"(X)", b"x", b"(POS ')", b"('' ')"]


@st.composite
def damaged(draw) -> bytes:
    """A tree with a random piece of text inserted or a byte removed, now and then."""
    tree = draw(trees())
    action = draw(st.integers(0, 5))
    place = draw(st.integers(0, len(tree)))
    if action == 0:
        return tree[:place] + draw(st.sampled_from(DAMAGE)) + tree[place:]
    if action == 1 and place < len(tree):
        return tree[:place] + tree[place + 1:]
    return tree


def report(gold: list[bytes], test: list[bytes], *, fast: bool = True) -> tuple[bytes, bytes, bool]:
    out, err = io.BytesIO(), io.BytesIO()
    paths = []
    for lines in (gold, test):
        handle = io.BytesIO(b"".join(line + b"\n" for line in lines))
        paths.append(handle)
    result = EvalbRun(COLLINS, out, err, use_fast=fast).run_streams(*paths)
    return out.getvalue(), err.getvalue(), result.killed


@hypothesis.settings(max_examples=examples(150), deadline=None)
@hypothesis.given(st.lists(trees(), min_size=1, max_size=8))
def test_a_tree_scores_perfectly_against_itself(lines: list[bytes]) -> None:
    out, err, killed = report(lines, lines)
    assert err == b"" and not killed
    for row in out.splitlines()[3:3 + len(lines)]:
        fields = row.split()
        status, matched, gold, test, crossing, words, correct = (int(x) for x in fields[2:3] + fields[5:11])
        assert status == 2 or (status == 0 and matched == gold == test and crossing == 0
                                and correct == words)


@hypothesis.settings(max_examples=examples(150), deadline=None)
@hypothesis.given(st.lists(st.tuples(trees(), damaged()), min_size=1, max_size=8))
def test_engines_agree(pairs: list[tuple[bytes, bytes]]) -> None:
    gold, test = [g for g, _ in pairs], [t for _, t in pairs]
    assert report(gold, test) == report(gold, test, fast=False)


@pytest.mark.parametrize("block", [1, 7, 64])
def test_block_size_does_not_change_the_output(block: int, monkeypatch) -> None:
    gold = [b"(S (NP (DT a) (NN dog)) (VP (VB b)))", b"", b"(S (NN a) (, ,) (VB b))"] * 5
    test = [b"(S (DT a) (VP (NN dog) (VB b)))", b"(S (NN a))", b"(S (NN a) (VB c))"] * 5
    whole = report(gold, test)
    monkeypatch.setattr(lineblocks, "BLOCK_BYTES", block)
    assert report(gold, test) == whole


def run_both(gold: list[bytes], test: list[bytes], params: EvalbParams) -> list[tuple]:
    """What the block path and the sequential path print and return on the same files."""
    runs = []
    for run in (EvalbRun, SequentialRun):
        out, err = io.BytesIO(), io.BytesIO()
        streams = [io.BytesIO(b"".join(line + b"\n" for line in lines)) for lines in (gold, test)]
        result = run(params, out, err).run_streams(*streams)
        runs.append((out.getvalue(), err.getvalue(), result))
    return runs


@hypothesis.settings(max_examples=examples(200), deadline=None)
@hypothesis.given(st.lists(st.tuples(trees(), damaged()), min_size=0, max_size=8),
                  st.integers(-2, 2), st.integers(0, 4), st.integers(1, 6),
                  st.sampled_from(["evalb", "spmrl", "spmrl-fixed"]), st.booleans())
def test_the_sequential_path_prints_what_the_block_path_prints(
        pairs: list[tuple[bytes, bytes]], longer: int, max_error: int, cutoff: int, rules: str,
        unparsed: bool) -> None:
    # a small run is scored line by line without numpy (treeeval.bracket.sequential): the
    # same report, messages (Error lines, MAX_ERROR, files of different lengths) and result,
    # under EVALB's rules and evalb_spmrl's (with -X's unparsed sentences or not)
    gold, test = [g for g, _ in pairs], [t for _, t in pairs]
    if longer > 0:
        gold += [b"(S (NN extra))"] * longer
    elif longer < 0:
        test += [b"(S (NN extra))"] * -longer
    params = dataclasses.replace(COLLINS, max_error=max_error, cutoff_len=cutoff, rules=rules,
                                 unparsed=unparsed and rules != "evalb")
    (blocks_out, blocks_err, blocks), (lines_out, lines_err, lines) = run_both(gold, test, params)
    assert lines_out == blocks_out
    assert lines_err == blocks_err
    assert dataclasses.astuple(lines) == dataclasses.astuple(blocks)


def test_the_sequential_path_counts_a_killed_run_as_the_block_path_does() -> None:
    gold = [b"(S (NN a) (VB b))"] * 3
    test = [b"(S (NN a))", b"(S (NN a) (VB b))", b"(S (NN a) (VB c))"]
    (blocks_out, blocks_err, blocks), (lines_out, lines_err, lines) = run_both(
        gold, test, dataclasses.replace(COLLINS, max_error=0))
    assert lines.killed and blocks.killed and lines.stopped_line == blocks.stopped_line == 3
    assert (lines_out, lines_err) == (blocks_out, blocks_err)
    assert b"Length unmatch" in lines_err and b"Words unmatch" in lines_err
