"""Fuzzing the tree readers of ``convert``, ``lin``, ``dep`` (bracketed input) and ``errors``,
with head tables (``--heads FILE``) and Lin operation files (``--ops FILE``).

Valid inputs come first: bracketed trees with ``-NONE-`` elements, function tags and
indices, ``( (S ...) )`` wrappers, one a line or spread over lines as in ``.mrg`` files;
trees nested thousands of levels deep and sentences of thousands of words; head tables
with valid rows and options; operation files with nested ``or``/``not`` restrictions.
Then structured mutations (a bracket dropped or added, a label, word, direction, option or
number replaced, bare text) and the generic byte and line mutations of :mod:`fuzzing`.
Every run must end in success or in one located error line (fuzzing.check_run).

Long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=10000 python3 -m pytest tests/fuzz/test_fuzz_trees.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import functools

from fuzzing import NASTY, check_run, edit_tree, fuzz_settings, mutated, tree_edits
from hypothesis import given
from hypothesis import strategies as st

PHRASES = [b"S", b"NP", b"VP", b"PP", b"SBAR", b"SQ", b"SINV", b"ADJP", b"CONJP", b"NP-SBJ-1",
           b"PP-LOC=2", b"S-TPC-3", b"WHNP", b"PRT|ADVP", b"TOP", b"ROOT", b"UCP", b"FOO"]
TAGS = [b"NN", b"NNS", b"DT", b"VBZ", b"VBD", b"VBN", b"MD", b"IN", b"CC", b"EX", b"JJ", b",",
        b".", b"``", b"''", b":", b"-LRB-", b"-RRB-", b"RB", b"-NONE-", b"TO", b"PRP"]
WORDS = [b"the", b"is", b"was", b"will", b"there", b"and", b"not", b"but", b"be", b"dog",
         b"*T*-1", b"*", b"0", b"-LRB-", b"\xc3\xa9t\xc3\xa9", b"'s", b"x" * 40]
HEADS = ["collins", "modcollins", "penn2malt", "magerman", "semantic", "semantic-copula"]
DIRECTIONS = [b"left", b"right", b"leftdis", b"rightdis", b"leftexcept", b"rightexcept"]
OPTIONS = [b"%punctuation , . : `` ''", b"%fallback first", b"%fallback skip-punctuation",
           b"%coordination CC CONJP", b"%coordination-after-fallback yes",
           b"%procedural semantic", b"%procedural semantic-copula"]

#: CI counts: the whole file runs in about 25 s on one core
CI_CASES = 25


#: the strategies a tree draws from, built once (Hypothesis validates each new strategy
#: object, which cost more than the drawing when they were built for every node)
TAG, WORD, PHRASE = st.sampled_from(TAGS), st.sampled_from(WORDS), st.sampled_from(PHRASES)
ONE_IN_FOUR = st.integers(0, 3)
WRAPPER = st.sampled_from([b"( %s )", b"(TOP %s)", b"(ROOT %s)", b"%s"])


@functools.cache
def between(low: int, high: int) -> st.SearchStrategy[int]:
    """``st.integers(low, high)``, built once for each pair."""
    return st.integers(low, high)


@st.composite
def tree(draw: st.DrawFn, words: int = 6) -> bytes:
    """A random tree: preterminals over words, grouped by random phrases, often a wrapper."""
    nodes = [b"(%s %s)" % (draw(TAG), draw(WORD)) for _ in range(draw(between(1, words)))]
    while len(nodes) > 1 or draw(ONE_IN_FOUR) == 0:
        start = draw(between(0, len(nodes) - 1))
        end = draw(between(start + 1, len(nodes)))
        nodes[start:end] = [b"(%s %s)" % (draw(PHRASE), b" ".join(nodes[start:end]))]
    return draw(WRAPPER) % nodes[0]


@st.composite
def deep_tree(draw: st.DrawFn) -> bytes:
    """A tree nested over a thousand levels deep (past Python's recursion limit), or a
    sentence of over a thousand words (tags taken in turn: cheap to draw)."""
    size = draw(st.integers(1000, 2000))
    if draw(st.booleans()):
        return b"(TOP (S (NN w)) " * (size // 2) + b"(NN w)" + b")" * (size // 2)
    label = draw(st.sampled_from(PHRASES))
    return b"(%s %s)" % (label, b" ".join(b"(%s w%d)" % (TAGS[i % len(TAGS)], i)
                                          for i in range(size)))


@st.composite
def tree_file(draw: st.DrawFn, one_per_line: bool = False, deep: bool = True) -> bytes:
    """A few trees, one a line, or (``.mrg`` style) spread over lines with blank lines;
    one tree in eight is deep or long (``deep``)."""
    shapes = st.one_of(*[tree()] * 7, deep_tree()) if deep else tree()
    trees = draw(st.lists(shapes, min_size=1, max_size=5))
    if one_per_line or draw(st.booleans()):
        return b"\n".join(trees) + b"\n"
    return b"\n\n".join(t.replace(b" (", b"\n  (") for t in trees) + b"\n"


_TREE_EDITS = tree_edits(PHRASES + TAGS + WORDS + NASTY,
                         ("drop (", "drop )", "add (", "add )", "relabel", "bare"))


@st.composite
def bad_trees(draw: st.DrawFn, one_per_line: bool = False, deep: bool = True) -> bytes:
    """A tree file, often with structured and generic mutations."""
    data = draw(tree_file(one_per_line, deep))
    if draw(st.integers(0, 2)):
        data = edit_tree(data, draw(_TREE_EDITS))
    return draw(mutated(st.just(data)))


@st.composite
def head_table(draw: st.DrawFn) -> bytes:
    """A valid head table: options, comments and passes of rules, with a ``*`` rule."""
    lines = draw(st.lists(st.sampled_from(OPTIONS), max_size=3, unique=True))
    lines = [line for line in lines if b"%procedural" not in line] + [
        line for line in lines if b"%procedural" in line][:1]
    lines.append(b"# a comment")
    for parent in draw(st.lists(st.sampled_from(PHRASES + [b"*"]), min_size=1, max_size=8)):
        categories = draw(st.lists(st.sampled_from(PHRASES + TAGS), max_size=5))
        lines.append(b" ".join([parent, draw(st.sampled_from(DIRECTIONS)), *categories]))
    return b"\n".join(lines) + b"\n"


_HEAD_EDITS = st.lists(st.tuples(st.integers(0, 1 << 16), st.integers(0, 4),
                                 st.sampled_from(DIRECTIONS + NASTY + [b"%fallback", b"%",
                                                 b"%procedural nope", b"%punctuation",
                                                 b"NP", b"lefty", b"99999999999999999999"])),
                       max_size=3)


def edit_fields(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """Replace field ``j`` of line ``i`` (each modulo the counts) with a value, or add it.

    >>> edit_fields(b"NP left NN\\nVP right VB\\n", [(1, 1, b"up")])
    b'NP left NN\\nVP up VB\\n'
    """
    lines = data.split(b"\n")
    for i, j, value in edits:
        fields = lines[i % len(lines)].split(b" ")
        if j < len(fields):
            fields[j] = value
        else:
            fields.append(value)
        lines[i % len(lines)] = b" ".join(fields)
    return b"\n".join(lines)


@st.composite
def bad_head_table(draw: st.DrawFn) -> bytes:
    data = draw(head_table())
    if draw(st.integers(0, 2)):
        data = edit_fields(data, draw(_HEAD_EDITS))
    return draw(mutated(st.just(data)))


RESTRICTIONS = [b"t", b"(cat V)", b"(cat N)", b"(string \"is\")", b"(string \"a\\\"b\")"]
RELATIONS = [b"t", b"(type subj)", b"(type dep)"]


@st.composite
def restriction(draw: st.DrawFn, simple: list[bytes]) -> bytes:
    """A restriction, nested in ``or`` and ``not`` (sometimes thousands deep)."""
    if draw(st.integers(0, 9)) == 0:
        depth = draw(st.integers(1000, 3000))
        return b"(not " * depth + draw(st.sampled_from(simple)) + b")" * depth
    return draw(st.recursive(st.sampled_from(simple), lambda inner: st.one_of(
        st.builds(lambda part: b"(not %s)" % part, inner),
        st.builds(lambda parts: b"(or %s)" % b" ".join(parts), st.lists(inner, min_size=1,
                                                                          max_size=3))),
        max_leaves=6))


@st.composite
def ops_file(draw: st.DrawFn) -> bytes:
    """Lin's modify operations: ``(if (HEAD MODIFIER [RELATIONSHIP]) (ACTIONS))`` lines."""
    operations = []
    for _ in range(draw(st.integers(0, 4))):
        parts = [draw(restriction(RESTRICTIONS)), draw(restriction(RESTRICTIONS))]
        if draw(st.booleans()):
            parts.append(draw(restriction(RELATIONS)))
        actions = draw(st.lists(st.sampled_from([b"delete", b"invert", b"transfer"]),
                                max_size=3))
        operations.append(b"(if (%s) (%s)) ; comment" % (b" ".join(parts), b" ".join(actions)))
    return b"\n".join(operations) + b"\n"


@st.composite
def bad_ops(draw: st.DrawFn) -> bytes:
    data = draw(ops_file())
    if draw(st.integers(0, 2)):
        data = edit_tree(data, draw(_TREE_EDITS))
    return draw(mutated(st.just(data)))


@fuzz_settings(CI_CASES)
@given(trees=bad_trees(), heads=st.sampled_from(HEADS),
       labels=st.sampled_from(["none", "category", "function", "triple"]),
       format=st.sampled_from(["conllx", "conllu"]), prm=st.booleans())
def test_convert(trees: bytes, heads: str, labels: str, format: str, prm: bool) -> None:
    args = ["convert", "--heads", heads, "--labels", labels, "--format", format, "in.mrg"]
    check_run(args + (["-p", "COLLINS.prm"] if prm else []), {"in.mrg": trees})


@fuzz_settings(CI_CASES)
@given(trees=tree_file(), table=bad_head_table())
def test_convert_head_table(trees: bytes, table: bytes) -> None:
    check_run(["convert", "--heads", "my.heads", "in.mrg"], {"in.mrg": trees, "my.heads": table})


@fuzz_settings(CI_CASES)
@given(gold=tree_file(), answer=bad_trees(), ops=bad_ops(), heads=st.sampled_from(HEADS))
def test_lin(gold: bytes, answer: bytes, ops: bytes, heads: str) -> None:
    check_run(["lin", "gold.mrg", "answer.mrg", "--ops", "my.ops", "--heads", heads],
              {"gold.mrg": gold, "answer.mrg": answer, "my.ops": ops})


@fuzz_settings(CI_CASES)
@given(gold=bad_trees(), parsed=bad_trees(), table=st.one_of(st.none(), bad_head_table()))
def test_dep_brackets(gold: bytes, parsed: bytes, table: bytes | None) -> None:
    files = {"gold.mrg": gold, "parsed.mrg": parsed}
    heads = ["--heads", "collins"]
    if table is not None:
        files["my.heads"] = table
        heads = ["--heads", "my.heads"]
    check_run(["dep", "gold.mrg", "parsed.mrg", *heads], files)


@fuzz_settings(CI_CASES)
@given(gold=bad_trees(one_per_line=True), test=bad_trees(one_per_line=True), prm=st.booleans())
def test_errors(gold: bytes, test: bytes, prm: bool) -> None:
    """Deep and long trees on either side (the repair search walks without recursion)."""
    check_run(["errors", "gold.txt", "test.txt"] + (["-p", "COLLINS.prm"] if prm else []),
              {"gold.txt": gold, "test.txt": test})
