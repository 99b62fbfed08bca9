"""The columnar scanner (treeeval/formats/scan.py) against a small recursive-descent reader.

``reference_line`` below spells out the grammar of an ok line; hypothesis feeds both it
and ``scan_lines`` random lines (trees, near-trees and mutations of them), alone and
many to a text, and the two must agree on which lines are ok and on every column.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.formats.scan import WHITESPACE, ScannedLines, scan_lines

SPACE = frozenset(WHITESPACE)
PAREN = frozenset(b"()")

Terminal = tuple[int, int, int, int]  # tag start, tag end, word start, word end
Bracket = tuple[int, int, int, int]  # label start, label end, first terminal, end terminal


class NotOk(Exception):
    pass


def reference_line(line: bytes, base: int = 0) -> tuple[list[Terminal], list[Bracket]] | None:
    """Terminals and brackets of one line (byte offsets shifted by ``base``), or None."""
    if b"\0" in line:
        return None
    terminals: list[Terminal] = []
    brackets: list[Bracket] = []

    def skip_space(i: int) -> int:
        while i < len(line) and line[i] in SPACE:
            i += 1
        return i

    def end_of_text(i: int) -> int:
        while i < len(line) and line[i] not in SPACE and line[i] not in PAREN:
            i += 1
        return i

    def node(i: int) -> int:
        if i >= len(line) or line[i] != ord("("):
            raise NotOk
        label_start = i + 1
        label_end = end_of_text(label_start)
        i = skip_space(label_end)
        if label_end > label_start and i > label_end and i < len(line) and line[i] not in PAREN:
            word_end = end_of_text(i)
            if word_end < len(line) and line[word_end] == ord(")"):
                terminals.append((base + label_start, base + label_end, base + i, base + word_end))
                return word_end + 1
            raise NotOk
        slot = len(brackets)
        brackets.append((0, 0, 0, 0))
        first = len(terminals)
        i = node(i)  # at least one child
        while True:
            i = skip_space(i)
            if i < len(line) and line[i] == ord(")"):
                break
            i = node(i)
        brackets[slot] = (base + label_start, base + label_end, first, len(terminals))
        return i + 1

    try:
        i = skip_space(0)
        while i < len(line):
            i = skip_space(node(i))
    except (NotOk, RecursionError):
        return None
    return terminals, brackets


def columns_of_line(scanned: ScannedLines, line: int) -> tuple[list[Terminal], list[Bracket]]:
    terms = scanned.term_line == line
    brackets = scanned.br_line == line
    return (
        list(zip(*(getattr(scanned, f"term_{name}")[terms].tolist()
                   for name in ("tag_start", "tag_end", "word_start", "word_end")))),
        list(zip(*(getattr(scanned, f"br_{name}")[brackets].tolist()
                   for name in ("label_start", "label_end", "start", "end")))),
    )


def assert_like_reference(data: bytes) -> None:
    scanned = scan_lines(data)
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    assert scanned.n_lines == len(lines)
    base = 0
    for number, line in enumerate(lines):
        assert (scanned.line_start[number], scanned.line_end[number]) == (base, base + len(line))
        expected = reference_line(line, base)
        assert bool(scanned.line_ok[number]) == (expected is not None), line
        if expected is not None:
            assert columns_of_line(scanned, number) == expected, line
        else:
            assert columns_of_line(scanned, number) == ([], []), line
        base += len(line) + 1


# --- hand-made lines ----------------------------------------------------------------------

OK_LINES = [
    b"(S (NP (DT the) (NN dog)) (VP (VBZ barks)))",
    b"( (S (NN a)) )",
    b"(TOP(S(NP (NN a))(VP (VB b))))",
    b"",
    b" \t\r",
    b"(NN a)",
    b"(NN a)(NN b)  (X (Y z))",
    b"\t(S  (NN\t\ta)\x0b)\x0c\r",
    b"(NP-SBJ-1 (-NONE- *T*-1))",
    b"(S (\xc3\xa9t\xc3\xa9 \xa0) (\x85 \x1c))",
    b"(VERYLONGLABEL_0123456789 (AVERYLONGTAG_ABCDEFGH a_very_long_word_of_many_bytes))",
    b"((((NN a))))",
]

NOT_OK_LINES = [
    b"(NP )",
    b"(NP)",
    b"()",
    b"( )",
    b"( w)",
    b"(NN a b)",
    b"(NN a )",
    b"(S a (NN b))",
    b"(S (NN a)) b",
    b"a (S (NN b))",
    b"(S (NN a)",
    b"(S (NN a)))",
    b") (NN a) (",
    b"(NN a\0)",
    b"(S (NN a)\0)",
    b"(NN (a))",
    b"(",
]


@pytest.mark.parametrize("line", OK_LINES)
def test_ok_lines(line: bytes) -> None:
    assert reference_line(line) is not None
    assert_like_reference(line)
    assert scan_lines(line + b"\n").line_ok.tolist() == [True]


@pytest.mark.parametrize("line", NOT_OK_LINES)
def test_lines_that_are_not_ok(line: bytes) -> None:
    assert reference_line(line) is None
    scanned = scan_lines(line)
    assert scanned.line_ok.tolist() == [False]
    assert len(scanned.term_line) == len(scanned.br_line) == 0


def test_columns_of_a_tree() -> None:
    data = b"(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n"
    scanned = scan_lines(data)
    text = [scanned.text(s, e) for s, e in zip(scanned.term_tag_start, scanned.term_tag_end)]
    assert text == [b"DT", b"NN", b"VBZ"]
    assert scanned.br_start.tolist() == [0, 0, 2]
    assert scanned.br_end.tolist() == [3, 2, 3]
    assert all(column.dtype == np.int64 for column in (
        scanned.line_start, scanned.term_line, scanned.term_word_end, scanned.br_line, scanned.br_end))


def test_lines_and_their_ends() -> None:
    assert scan_lines(b"").n_lines == 0
    assert scan_lines(b"\n").n_lines == 1
    assert scan_lines(b"(NN a)\n(NN b)").n_lines == 2
    scanned = scan_lines(b"(NN a)\n\n(NN b)\n")
    assert scanned.n_lines == 3
    assert scanned.line_start.tolist() == [0, 7, 8]
    assert scanned.line_end.tolist() == [6, 7, 14]
    assert scanned.term_line.tolist() == [0, 2]


def test_lines_around_bad_ones_keep_their_columns() -> None:
    data = b"\n".join([OK_LINES[0], NOT_OK_LINES[0], OK_LINES[1], b"(S (NN a)", OK_LINES[2],
                       b"(X (Y z)))", OK_LINES[0]])
    assert scan_lines(data).line_ok.tolist() == [True, False, True, False, True, False, True]
    assert_like_reference(data)


def test_labels_with_wide_gaps_and_empty_labels() -> None:
    assert_like_reference(b"(S   (NP\t \t(NN   a))  )\n(   (X (Y z)))\n( \t(A (B c)))")


def test_u64_at_reads_eight_bytes_and_zeros_past_the_end() -> None:
    scanned = scan_lines(b"(NN dog)")
    assert int(scanned.u64_at(np.array([4]))[0]) == int.from_bytes(b"dog)\n\0\0\0", "little")


# --- random lines -------------------------------------------------------------------------

WORDS = [b"NP", b"a", b"-NONE-", b"S-TMP=2", b"\xc3\xa9", b"\xa0", b"\x1c", b"\xff",
         b"LONG_LABEL_OF_MANY_BYTES"]
SPACES = [b" ", b"\t", b"\r", b"\x0b", b"\x0c", b"  ", b" \t "]
PIECES = [b"(", b")"] * 5 + SPACES + WORDS + [b"\0"]


#: the strategies the lines draw from, built once: Hypothesis validates each new strategy
#: object, which cost more than the drawing when they were built at every node
BOOLEANS = st.booleans()
WORD = st.sampled_from(WORDS)
SPACING = st.sampled_from(SPACES)
LABEL = st.sampled_from([b""] + WORDS)
GAP = st.sampled_from([b""] + SPACES)
PIECE = st.sampled_from(PIECES)
KIND = st.sampled_from(["tree", "mutant", "random"])
RANDOM_PIECES = st.lists(PIECE, max_size=25)
ONE_TO_THREE, NONE_TO_TWO = st.integers(1, 3), st.integers(0, 2)


def trees(draw: st.DrawFn, depth: int = 0) -> bytes:
    """A tree at most four levels deep, drawn with ``draw``: a plain function rather than a
    strategy at every node, whose bookkeeping in Hypothesis cost more than the test."""
    if depth > 3 or draw(BOOLEANS):
        return b"(" + draw(WORD) + draw(SPACING) + draw(WORD) + b")"
    label = draw(LABEL)
    kids = [trees(draw, depth + 1) for _ in range(draw(ONE_TO_THREE))]
    gaps = [draw(GAP) for _ in range(len(kids) + 1)]
    return b"(" + label + b"".join(g + c for g, c in zip(gaps, kids)) + gaps[-1] + b")"


@st.composite
def lines(draw: st.DrawFn) -> bytes:
    kind = draw(KIND)
    if kind == "random":
        return b"".join(draw(RANDOM_PIECES))
    line = bytearray(b" ".join(trees(draw) for _ in range(draw(NONE_TO_TWO))))
    if kind == "mutant":
        at = draw(st.integers(0, len(line)))
        if line and draw(BOOLEANS):
            del line[min(at, len(line) - 1)]
        else:
            line[at:at] = draw(PIECE)
    return bytes(line)


@settings(max_examples=examples(1500), deadline=None)
@given(lines())
def test_one_random_line(line: bytes) -> None:
    assert_like_reference(line)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(lines(), max_size=12), st.booleans())
def test_many_random_lines(many: list[bytes], final_newline: bool) -> None:
    assert_like_reference(b"\n".join(many) + (b"\n" if final_newline and many else b""))
