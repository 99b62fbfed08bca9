"""Fuzzing ``treeeval bracket``: bracketed trees, .prm files and EVALB's option values.

Valid inputs come first (a gold file and a test file of the same words, bracketed another
way; a .prm file with a valid line of every key), then structured mutations (a bracket
dropped, added or relabelled, a word changed, bare text, a sentence dropped) and the generic
byte and line mutations of :mod:`fuzzing`.  Every run must end in success, in EVALB's own
exit status 1 after a notice (MAX_ERROR), or in one located error line (fuzzing.check_run).

Long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=10000 python3 -m pytest tests/fuzz/test_fuzz_bracket.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

from fuzzing import NASTY, check_run, edit_tree, fuzz_settings, mutated, tree_edits
from hypothesis import given
from hypothesis import strategies as st

LABELS = [b"S", b"NP", b"VP", b"PP", b"NN", b"VB", b"DT", b"-NONE-", b"NP-SBJ", b"S=2", b",",
          b"''", b"``", b"TOP", b"ROOT", b"PRT", b"ADVP", b""]
WORDS = [b"the", b"dog", b"ran", b"'", b'"', b"/", b",", b"a", b"0", b"*T*-1", b"\xe9t\xe9",
         b"x" * 30]
KEYS_INT = [b"DEBUG", b"MAX_ERROR", b"CUTOFF_LEN", b"LABELED"]
KEYS_LABEL = [b"DELETE_LABEL", b"DELETE_LABEL_FOR_LENGTH", b"QUOTE_LABEL"]
KEYS_PAIR = [b"EQ_LABEL", b"EQ_WORD"]


@st.composite
def trees(draw: st.DrawFn, words: list[bytes]) -> bytes:
    """A random bracketing of ``words`` (preterminals over each word, unary chains, a root)."""
    nodes = [b"(%s %s)" % (draw(st.sampled_from(LABELS)), word) for word in words]
    while len(nodes) > 1:
        start = draw(st.integers(0, len(nodes) - 1))
        end = draw(st.integers(start + 1, len(nodes)))
        label = draw(st.sampled_from(LABELS))
        nodes[start:end] = [b"(%s %s)" % (label, b" ".join(nodes[start:end]))]
    root = draw(st.sampled_from([b"TOP", b"ROOT", b"", None]))
    return nodes[0] if root is None else b"(%s %s)" % (root, nodes[0])


@st.composite
def tree_pair(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """A gold file and a test file: the same sentences, bracketed independently."""
    gold, test = [], []
    for _ in range(draw(st.integers(1, 6))):
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8))
        gold.append(draw(trees(words)))
        test.append(draw(trees(words)))
    return b"\n".join(gold) + b"\n", b"\n".join(test) + b"\n"


_TREE_EDITS = tree_edits(LABELS + WORDS)


@st.composite
def damaged_trees(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """A tree pair with structured then generic mutations on the test side (and sometimes
    on the gold side)."""
    gold, test = draw(tree_pair())
    test = draw(mutated(st.just(edit_tree(test, draw(_TREE_EDITS)))))
    if draw(st.integers(0, 3)) == 0:
        gold = draw(mutated(st.just(edit_tree(gold, draw(_TREE_EDITS)))))
    return gold, test


_NUMBER = st.one_of(st.integers(-3, 60).map(lambda n: str(n).encode()), st.sampled_from(NASTY))
_LABEL = st.sampled_from(LABELS + [b"X" * 40])


@st.composite
def prm_files(draw: st.DrawFn) -> bytes:
    """A .prm file: a valid line of every key (a few more of the list keys), in any order,
    comments and blank lines, then mutated."""
    lines = [b"%s %s" % (key, draw(st.integers(0, 40).map(lambda n: str(n).encode())))
             for key in KEYS_INT if key != b"DEBUG"]
    lines.append(b"DEBUG %d" % draw(st.integers(0, 2)))
    lines.append(b"LABELED %d" % draw(st.integers(0, 1)))
    for key in KEYS_LABEL:
        lines += [b"%s %s" % (key, draw(_LABEL)) for _ in range(draw(st.integers(1, 3)))]
    for key in KEYS_PAIR:
        pool = LABELS if key == b"EQ_LABEL" else WORDS
        lines += [b"%s %s %s" % (key, draw(st.sampled_from(pool)), draw(st.sampled_from(pool)))
                  for _ in range(draw(st.integers(1, 3)))]
    lines += [b"", b"# a comment", b"  "]
    lines = draw(st.permutations(lines))
    return draw(mutated(st.just(b"\n".join(lines) + b"\n")))


@st.composite
def options(draw: st.DrawFn) -> list[str]:
    """EVALB's -c/-e (values sometimes fuzzed) and treeeval's own switches."""
    chosen: list[str] = []
    for option in draw(st.lists(st.sampled_from(["-c", "-e"]), max_size=2)):
        value = draw(_NUMBER).decode("utf-8", "replace")
        chosen += [option, value] if value else [option]
    chosen += draw(st.lists(st.sampled_from(["-d", "--strict", "--json"]), max_size=2,
                            unique=True))
    return chosen


@fuzz_settings(120)
@given(damaged_trees(), options())
def test_fuzz_trees(pair: tuple[bytes, bytes], extra: list[str]) -> None:
    gold, test = pair
    check_run(["bracket", "-p", "COLLINS.prm", *extra, "gold.txt", "test.txt"],
              {"gold.txt": gold, "test.txt": test}, usage_ok=True)


@fuzz_settings(80)
@given(prm_files(), tree_pair())
def test_fuzz_prm(prm: bytes, pair: tuple[bytes, bytes]) -> None:
    gold, test = pair
    check_run(["bracket", "-p", "fuzz.prm", "gold.txt", "test.txt"],
              {"fuzz.prm": prm, "gold.txt": gold, "test.txt": test})


@fuzz_settings(25)
@given(damaged_trees(), prm_files())
def test_fuzz_reference_engine(pair: tuple[bytes, bytes], prm: bytes) -> None:
    gold, test = pair
    check_run(["bracket", "--reference-engine", "-p", "fuzz.prm", "gold.txt", "test.txt"],
              {"fuzz.prm": prm, "gold.txt": gold, "test.txt": test})
