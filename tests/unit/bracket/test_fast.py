"""The vectorised scorer (treeeval/bracket/kernel/fast.py) on small hand-made sentence pairs.

Expected numbers are worked out by hand from EVALB's rules (shared/docs/reference/evalb.md);
a property test also compares every line the fast path keeps with the per-sentence
reference engine on random tree pairs and parameters.
"""

from __future__ import annotations

import functools
import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.bracket.kernel import block_cuts, fast
from treeeval.bracket.kernel.chunk_scores import ChunkScores
from treeeval.bracket.kernel.fast import score_chunk
from treeeval.bracket.params import EvalbParams

COLUMNS = ("length", "status", "matched", "gold", "test", "crossing", "words", "correct")


def collins(**changes: object) -> EvalbParams:
    settings = dict(delete_label=[b"TOP", b"-NONE-", b",", b":", b"``", b"''", b"."],
                    delete_label_for_length=[b"-NONE-"], eq_label=[(b"ADVP", b"PRT")])
    return EvalbParams(**{**settings, **changes})


def rows(scores: ChunkScores) -> list[tuple[int, ...] | None]:
    """EVALB's numbers per line (Len, Stat, matched, gold, test, crossing, Words, Tags),
    None for a line handed back."""
    table = np.stack([getattr(scores.counts, name) for name in COLUMNS], axis=1).tolist()
    return [None if back else tuple(row) for row, back in zip(table, scores.fallback.tolist())]


def score_lines(pairs: list[tuple[bytes, bytes]], params: EvalbParams) -> list[tuple[int, ...] | None]:
    gold = b"".join(g + b"\n" for g, _ in pairs)
    test = b"".join(t + b"\n" for _, t in pairs)
    return rows(score_chunk(gold, test, params))


def one(gold: bytes, test: bytes, params: EvalbParams | None = None) -> tuple[int, ...] | None:
    return score_lines([(gold, test)], params or collins())[0]


# --- numbers --------------------------------------------------------------------------------


def test_identical_trees() -> None:
    tree = b"(TOP (S (NP (DT The) (NN dog)) (VP (VBZ barks)) (. .)))"
    assert one(tree, tree) == (4, 0, 3, 3, 3, 0, 3, 3)


def test_duplicates_count_as_a_multiset() -> None:
    assert one(b"(S (A (A (P x) (Q y))))", b"(S (A (P x) (Q y)))") == (2, 0, 2, 3, 2, 0, 2, 2)


def test_crossing_counts_test_brackets() -> None:
    gold = b"(S (A (P a) (P b)) (B (P c) (P d)))"
    test = b"(S (X (P a) (Y (P b) (P c))) (P d))"
    assert one(gold, test) == (4, 0, 1, 3, 3, 2, 4, 4)


def test_touching_and_nested_brackets_do_not_cross() -> None:
    gold = b"(S (A (P a) (P b)) (B (P c) (P d)))"
    test = b"(S (X (P a)) (P b) (Y (Z (P c)) (P d)))"
    assert one(gold, test) == (4, 0, 1, 3, 4, 0, 4, 4)
    assert one(gold, b"(S (X (P a)) (Y (P b) (P c) (P d)))") == (4, 0, 1, 3, 3, 1, 4, 4)


def test_deleted_words_shift_spans_but_count_in_length() -> None:
    gold = b"(TOP (S (NP (-NONE- *)) (NP (NNP Rain)) (, ,) (VP (VBD fell)) (. .)))"
    test = b"(TOP (S (NP (NNP Rain) (, ,)) (VP (VBD fell) (. .))))"
    # Len 4 (punctuation counts, the trace does not); the empty NP and TOP are ignored
    assert one(gold, test) == (4, 0, 3, 3, 3, 0, 2, 2)


def test_function_tags_and_equivalent_labels() -> None:
    gold = b"(S-TPC=1 (NP-SBJ (NN it)) (ADVP (RB up)) (VP=2 (VBD went)))"
    test = b"(S (NP (NN it)) (PRT (RP up)) (VP (VBD went)))"
    assert one(gold, test) == (3, 0, 4, 4, 4, 0, 3, 2)


def test_label_cut_at_position_zero_is_empty() -> None:
    gold = b"(S (-NONE- (NN a)) (X (NN b)))"
    test = b"(S (=3 (NN a)) (X (NN b)))"
    assert one(gold, test, EvalbParams()) == (2, 0, 3, 3, 3, 0, 2, 2)


def test_tags_keep_their_suffixes() -> None:
    assert one(b"(S (NN-HL a) (NN b))", b"(S (NN a) (NN b))") == (2, 0, 1, 1, 1, 0, 2, 1)


def test_a_deleted_label_takes_its_equivalent_along() -> None:
    params = EvalbParams(delete_label=[b"ADVP"], eq_label=[(b"ADVP", b"PRT")])
    assert one(b"(S (PRT (RP up)) (NN a))", b"(S (ADVP (RP up)) (NN a))", params) \
        == (2, 0, 1, 1, 1, 0, 2, 2)


def test_unlabelled_scoring_matches_spans_only() -> None:
    params = collins(labeled=0)
    assert one(b"(S (NP (NN a) (NN b)) (VP (VB c)))", b"(X (Y (NN a) (NN b)) (Z (VB c)))", params) \
        == (3, 0, 3, 3, 3, 0, 3, 3)


def test_root_labels_are_only_deleted_by_name() -> None:
    assert one(b"( (S (NN a) (NN b)))", b"(TOP (S (NN a) (NN b)))") == (2, 0, 1, 2, 1, 0, 2, 2)
    assert one(b"(ROOT (S (NN a) (NN b)))", b"(ROOT (S (NN a) (NN b)))") == (2, 0, 2, 2, 2, 0, 2, 2)


def test_skip_when_the_test_keeps_no_word() -> None:
    assert one(b"(S (NN a) (. .))", b"(S (, a) (. .))") == (2, 2, 0, 0, 0, 0, 0, 0)
    assert one(b"", b"") == (0, 2, 0, 0, 0, 0, 0, 0)


def test_long_labels_and_tags() -> None:
    params = EvalbParams(delete_label=[b"LONGDELETED", b"TAGLONGDELETED"],
                         eq_label=[(b"VERYLONGLABEL", b"V")])
    gold = b"(S (VERYLONGLABEL-X (NN a)) (LONGDELETED (TAGLONGDELETED b) (NN c)))"
    test = b"(S (V (NN a)) (LONGDELETED=1 (TAGLONGDELETED b) (NN c)))"
    assert one(gold, test, params) == (3, 0, 2, 2, 2, 0, 2, 2)


def test_words_longer_than_eight_bytes() -> None:
    gold = b"(S (NN internationalization) (NN a))"
    assert one(gold, gold)[0:2] == (2, 0)
    assert one(gold, b"(S (NN internationalizatiom) (NN a))") is None


# --- what falls back --------------------------------------------------------------------------


@pytest.mark.parametrize("gold, test, words", [
    (b"(S (NN a) (NN b))", b"(S (NN a))", (2, 1)),
    (b"", b"(S (NN a))", (0, 1)),
    (b"(S (NN a) (POS '))", b"(S (NN a) ('' '))", (2, 1)),  # no QUOTE_LABEL: no repair
])
def test_length_mismatch_without_possible_repair_is_an_error(gold: bytes, test: bytes,
                                                             words: tuple[int, int]) -> None:
    scores = score_chunk(gold + b"\n", test + b"\n", collins())
    assert rows(scores) == [(gold.count(b"(NN") + gold.count(b"(POS"), 1, 0, 0, 0, 0, 0, 0)]
    assert (scores.gold_words[0], scores.test_words[0]) == words


def test_length_mismatch_the_quote_repair_may_mend_falls_back() -> None:
    params = collins(quote_label=[b"''", b"POS"])
    assert one(b"(S (NN a) (POS '))", b"(S (NN a) ('' '))", params) is None
    # with no quote term on one side the repair cannot apply: an error, as EVALB's
    assert one(b"(S (NN a) (NN b))", b"(S (NN a) ('' '))", params)[1] == 1


@pytest.mark.parametrize("gold, test", [
    (b"(S (NN a) (NN b))", b"(S (NN a) (NN c))"),  # words mismatch
    (b"(S (NN a) (NN b))", b"(S (NN a) (NN b) )x"),  # test line not ok
    (b"(S (NN a) (NN b )", b"(S (NN a) (NN b))"),  # gold line not ok
    (b"(S (NN a) (NN b))", b"(S (NN a) (NN b\0))"),  # NUL byte
])
def test_errors_and_lines_outside_the_grammar_fall_back(gold: bytes, test: bytes) -> None:
    assert one(gold, test) is None


def test_line_neighbours_of_a_fallback_are_scored() -> None:
    tree = b"(S (NP (NN a)) (VP (VB b)))"
    result = score_lines([(tree, tree), (tree, b"(S (NN a)"), (tree, tree)], collins())
    assert result == [(2, 0, 3, 3, 3, 0, 2, 2), None, (2, 0, 3, 3, 3, 0, 2, 2)]


def flat(words: int, label: bytes = b"S", tag: bytes = b"NN", word: bytes = b"w") -> bytes:
    return b"(" + label + b" " + b" ".join([b"(" + tag + b" " + word + b")"] * words) + b")"


def nested(brackets: int) -> bytes:
    return b"(X " * brackets + b"(NN a)" + b")" * brackets


@pytest.mark.parametrize("tree, kept", [
    (flat(200), True),
    (flat(201), False),  # more than 200 words
    (nested(200), True),
    (nested(201), False),  # more than 200 brackets
    (flat(2, label=b"L" * 29), True),
    (flat(2, label=b"L" * 30), False),  # a label EVALB cannot hold
    (flat(2, tag=b"T" * 30), False),
    (flat(2, word=b"w" * 99), True),
    (flat(2, word=b"w" * 100), False),  # a word EVALB cannot hold
])
def test_what_overflows_evalb_arrays_falls_back(tree: bytes, kept: bool) -> None:
    assert (one(tree, tree, EvalbParams()) is not None) == kept


def test_lines_fgets_would_cut_fall_back() -> None:
    short = b"(S (NN a))" + b" " * (4998 - 10)
    assert one(short, short) is not None
    assert one(short + b" ", short + b" ") is None


def test_too_many_quote_terms_fall_back() -> None:
    params = collins(quote_label=[b"POS"])
    assert one(flat(20, tag=b"POS", word=b"'"), flat(20, tag=b"POS", word=b"'"), params) is not None
    assert one(flat(21, tag=b"POS", word=b"'"), flat(21, tag=b"POS", word=b"'"), params) is None
    assert one(flat(21, tag=b"POS", word=b"s"), flat(21, tag=b"POS", word=b"s"), params) is not None


def test_everything_falls_back_under_debug_or_intransitive_pairs() -> None:
    tree = b"(S (NN a))"
    assert one(tree, tree, collins(debug=1)) is None
    assert one(tree, tree, collins(eq_label=[(b"A", b"B"), (b"B", b"C")])) is None


# --- chunks ----------------------------------------------------------------------------------


def test_blocks_give_the_same_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    trees = [b"(TOP (S (NP (NN a)) (VP (VB b) (NP (DT the) (NN c))) (. .)))",
             b"(TOP (S (NP (NN a) (VB b)) (VP (NP (DT the) (NN c))) (. .)))", b"", b"(X (Y z)"]
    gold = b"\n".join(trees[i % 4] for i in range(40))
    test = b"\n".join(trees[(i * 7 + 1) % 2] if i % 4 < 2 else trees[i % 4] for i in range(40))
    whole = rows(score_chunk(gold, test, collins()))
    monkeypatch.setattr(block_cuts, "BLOCK_BYTES", 50)
    assert rows(score_chunk(gold, test, collins())) == whole
    assert len(whole) == 40 and whole[-1] is None and whole[-2] == (0, 2, 0, 0, 0, 0, 0, 0)


def test_line_counts_must_agree() -> None:
    with pytest.raises(ValueError):
        score_chunk(b"(NN a)\n(NN b)\n", b"(NN a)\n", EvalbParams())
    with pytest.raises(ValueError):
        score_chunk(b"(NN a)\n", b"(NN a)\n(NN b)\n", EvalbParams())
    assert len(score_chunk(b"", b"", EvalbParams()).fallback) == 0
    assert len(score_chunk(b"(NN a)\n(NN b)", b"(NN a)\n(NN b)\n", EvalbParams()).fallback) == 2


# --- against the reference engine -------------------------------------------------------------

LABELS = [b"S", b"NP", b"NP-SBJ", b"VP", b"PP=2", b"ADVP", b"PRT", b"-NONE-", b"TOP", b"",
          b"LONGLABEL-X", b"VERYLONGLABEL"]
TAGS = [b"NN", b"DT", b",", b".", b"-NONE-", b"PRT", b"ADVP", b"''", b"POS", b"NN-HL",
        b"VERYLONGTAG"]
WORDS = [b"a", b"dog", b"'", b"*", b"internationalization", b"\xc3\xa9"]


#: the strategies a tree draws from, built once: Hypothesis validates each new strategy
#: object, which cost more than the drawing when they were built at every node
BOOLEANS = st.booleans()
LABEL = st.sampled_from(LABELS)


@functools.cache
def cuts_of(leaves: int) -> st.SearchStrategy[set[int]]:
    """Where a phrase of ``leaves`` leaves is cut into its children (up to three cuts)."""
    return st.sets(st.integers(1, leaves - 1), max_size=3)


#: how deep a unary chain over the same leaves may grow before the tree must cut them
CHAIN = 30


def tree(draw: st.DrawFn, leaves: list[tuple[bytes, bytes]], chain: int = 0) -> bytes:
    """A tree over ``leaves``, drawn with ``draw``: a plain function rather than a strategy
    at every node, whose bookkeeping in Hypothesis cost more than the test itself."""
    if len(leaves) == 1 and (chain >= CHAIN or draw(BOOLEANS)):
        tag, word = leaves[0]
        return b"(" + tag + b" " + word + b")"
    cuts = sorted(draw(cuts_of(len(leaves)))) if len(leaves) > 1 else []
    if not cuts and len(leaves) > 1 and chain >= CHAIN:
        cuts = [len(leaves) // 2]
    parts = [leaves[a:b] for a, b in zip([0, *cuts], [*cuts, len(leaves)])]
    children = b" ".join(tree(draw, part, chain + 1 if len(parts) == 1 else 0)
                         for part in parts)
    return b"(" + draw(LABEL) + b" " + children + b")"


TAG = st.sampled_from(TAGS)
LEAVES = st.lists(st.tuples(TAG, st.sampled_from(WORDS)), min_size=1, max_size=10)
ONE_IN_FOUR = st.integers(0, 3)


@st.composite
def sentence_pairs(draw: st.DrawFn) -> tuple[bytes, bytes]:
    leaves = draw(LEAVES)
    retagged = [(draw(TAG) if draw(ONE_IN_FOUR) == 0 else tag, word) for tag, word in leaves]
    return tree(draw, leaves), tree(draw, retagged)


parameters = st.builds(
    EvalbParams,
    labeled=st.sampled_from([0, 1, 1]),
    delete_label=st.lists(st.sampled_from([b"TOP", b"-NONE-", b",", b".", b"''", b"S", b"ADVP",
                                           b"LONGLABEL"]), max_size=5),
    delete_label_for_length=st.lists(st.sampled_from([b"-NONE-", b","]), max_size=2),
    quote_label=st.sampled_from([[], [b"POS", b"''"]]),
    eq_label=st.sampled_from([[], [(b"ADVP", b"PRT")], [(b"NP", b"S"), (b"VERYLONGLABEL", b"VP")]]),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(sentence_pairs(), min_size=1, max_size=8), parameters)
def test_kept_lines_equal_the_reference_engine(pairs: list[tuple[bytes, bytes]],
                                               params: EvalbParams) -> None:
    reference = pytest.importorskip("treeeval.bracket.reference")
    engine = reference.ReferenceEngine(params, reference.ErrorBudget(1 << 40, io.BytesIO()))
    for number, (result, (gold, test)) in enumerate(zip(score_lines(pairs, params), pairs), 1):
        if result is not None:
            assert result == tuple(engine.score_pair(gold, test, number)[1:]), (gold, test)


# --- every bracket as columns (chunk_brackets, span_scoring.bracket_spans) ---------------------------


def engine_marks(pairs: list[tuple[bytes, bytes]], params: EvalbParams) -> tuple[list, list]:
    """Per side, (line, position, label, start, end, matched, crossing) of every bracket the
    reference engine counts, the lines read in order by one engine."""
    from quiet_budget import QuietBudget

    from treeeval.bracket.reference import EvalbKilled, ReferenceEngine
    from treeeval.bracket.spans import crosses

    engine = ReferenceEngine(params, QuietBudget())
    marks: tuple[list, list] = ([], [])
    for index, (gold_line, test_line) in enumerate(pairs):
        engine.start_line(index + 1)
        try:
            gold = engine.read_line(gold_line, index + 1)
            test = engine.read_line(test_line, index + 1)
            engine.score_sides(gold, test, index + 1)
        except EvalbKilled:
            continue
        for out, side, other in ((marks[0], gold, test), (marks[1], test, gold)):
            out.extend((index, position, b.label, b.start, b.end, b.result == 1,
                        crosses(b, other.brackets))
                       for position, b in enumerate(side.brackets) if b.result in (0, 1))
    return marks


def spans_of(pairs: list[tuple[bytes, bytes]], params: EvalbParams):
    from treeeval.bracket.span_scoring import bracket_spans

    return bracket_spans(b"".join(g + b"\n" for g, _ in pairs),
                         b"".join(t + b"\n" for _, t in pairs), params)


def span_marks(spans, role: str) -> list[tuple]:
    side = getattr(spans, role)
    names = ("sentence", "position", "label", "start", "end", "matched", "crossing")
    return [(s, p, spans.labels[lab], a, b, m, c)
            for s, p, lab, a, b, m, c in zip(*(getattr(side, n).tolist() for n in names))]


def check_columns(pairs: list[tuple[bytes, bytes]], params: EvalbParams) -> None:
    """The columns are the engine's marks and add up to score_chunk's (and the engine's)
    rows; label_class is the EQ_LABEL class of the label."""
    from treeeval.bracket.run import score_block

    spans = spans_of(pairs, params)
    block = score_block(b"".join(g + b"\n" for g, _ in pairs),
                        b"".join(t + b"\n" for _, t in pairs), 1, params)
    for name in ("line",) + COLUMNS:
        assert getattr(spans.counts, name).tolist() == getattr(block.rows, name).tolist()
    assert (span_marks(spans, "gold"), span_marks(spans, "test")) == engine_marks(pairs, params)
    chunk = score_chunk(b"".join(g + b"\n" for g, _ in pairs),
                        b"".join(t + b"\n" for _, t in pairs), params)
    scored = ~chunk.fallback
    for name in COLUMNS:
        assert getattr(spans.counts, name)[scored].tolist() == \
            getattr(chunk.counts, name)[scored].tolist()
    gold, gold_matched, _ = spans.gold.per_sentence(len(pairs))
    test, test_matched, crossing = spans.test.per_sentence(len(pairs))
    assert (gold.tolist(), test.tolist(), crossing.tolist()) == (
        spans.counts.gold.tolist(), spans.counts.test.tolist(), spans.counts.crossing.tolist())
    assert gold_matched.tolist() == test_matched.tolist() == spans.counts.matched.tolist()
    classes = params.label_classes() or {}
    for side in (spans.gold, spans.test):
        for label, label_class in zip(side.label.tolist(), side.label_class.tolist()):
            name = spans.labels[label]
            assert spans.labels[label_class] == classes.get(name, name)


#: lines the fast path hands back: unbalanced, text outside brackets, a surplus ')'
DAMAGED = [b"(S (NN a)", b"(S (NN a)))", b"x (S (NN a))", b"(S (NN a) b)", b"(S (A (NN a)) ))"]


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(sentence_pairs(), sentence_pairs(),
                          st.tuples(st.sampled_from(DAMAGED), st.sampled_from(DAMAGED))),
                min_size=1, max_size=8), parameters)
def test_bracket_columns_equal_the_reference_engine(pairs: list[tuple[bytes, bytes]],
                                                    params: EvalbParams) -> None:
    check_columns(pairs, params)


def test_bracket_columns_on_chosen_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = [
        (b"(S (NP (NN a)) (NP (NN a)) (VP (VB b)))", b"(S (NP (NP (NN a))) (NN a) (VP (VB b)))"),
        (b"(TOP (S (A (NN a) (NN b)) (NN c)))", b"(TOP (S (NN a) (B (NN b) (NN c))))"),
        (b"(S (ADVP (PRT (RB up))) (NN x))", b"(S (PRT (PRT (PRT (RB up)))) (NN x))"),
        (b"(S (NN a) (NN b))", b"(S (NN a) (NN c))"),
        (b"(S (NN a)))", b"(S (NN a))"),
        (b"(S (NN a))", b""),
    ]
    check_columns(pairs, collins())
    check_columns(pairs, collins(labeled=0))
    check_columns(pairs, collins(debug=1))
    check_columns(pairs, collins(eq_label=[(b"A", b"B"), (b"B", b"C")]))
    monkeypatch.setattr(block_cuts, "BLOCK_BYTES", 16)
    check_columns(pairs * 3, collins())
    spans = spans_of(pairs, collins())
    assert spans.fallback.tolist() == [False, False, False, True, True, False]
    assert spans.status.tolist() == [0, 0, 0, 1, 1, 2]
    assert spans.test.matched[spans.test.sentence == 0].tolist() == [True, True, False, True]
    assert [spans.labels[k] for k in spans.test.label[spans.test.sentence == 2]] == [
        b"S", b"PRT", b"PRT", b"PRT"]
    assert spans.test.matched[spans.test.sentence == 2].tolist() == [True, True, True, False]
    assert spans.test.crossing[spans.test.sentence == 1].tolist() == [False, True]


def test_chunk_brackets_of_nothing() -> None:
    chunk = fast.chunk_brackets(b"", b"", EvalbParams())
    assert len(chunk.scores.fallback) == len(chunk.gold.line) == len(chunk.test.start) == 0
    assert chunk.labels == []
