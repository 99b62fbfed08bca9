"""The fast scanner (scan.py) and the lark grammar (brackets.lark) are the same language.

Both must accept exactly the same byte strings and, when they accept, give the same trees.
Inputs come from three sources: random strings over a small alphabet biased towards trees,
valid trees built together with the nltk.Tree they stand for, and valid trees with a few
bytes deleted or inserted.  Whole files, cut into blocks, must also give the two readers
the same trees or the same error at the same place.
"""

from __future__ import annotations

import io
from math import prod

from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree
from profiles import examples

from treeeval.errors import InputError
from treeeval.formats.brackets import read_trees
from treeeval.formats.lark_trees import parse_tree_lark
from treeeval.formats.scan import scan_lines

#: labels and words, including bytes that are white space elsewhere but not in C (\xa0,
#: \x85, \x1c), UTF-8 and a byte that is not UTF-8.
WORDS = [b"NP", b"a", b"-NONE-", b"*T*-1", b"-LRB-", b"S-TMP=2", b".", b"\xc3\xa9", b"\xa0",
         b"\x85", b"\x1c", b"\xff", b"\\"]
SPACES = [b" ", b"\t", b"\r", b"\x0b", b"\x0c", b"  "]
#: pieces of random strings: parentheses and spaces are drawn as often as words
PIECES = [b"(", b")"] * 6 + SPACES * 2 + WORDS
#: every byte but the line break, as a one-byte piece
BYTES = [bytes([value]) for value in range(256) if value != 0x0A]

#: a piece is one of PIECES or one of BYTES, each half the time: PIECES repeated to about
#: the length of BYTES, so that one integer draw picks it (Hypothesis' bookkeeping of a draw
#: cost more than the test, and a piece drawn as a choice between two choices took three)
ANY_PIECE = PIECES * round(len(BYTES) / len(PIECES)) + BYTES
pieces = st.integers(0, len(ANY_PIECE) - 1).map(ANY_PIECE.__getitem__)

near_trees = st.lists(pieces, max_size=30).map(b"".join)


def text(raw: bytes) -> str:
    return raw.decode("latin-1")


#: one step of building a valid sentence: what to add, the words it uses, the white space
#: it puts before itself (empty half the time) and inside a terminal (never empty)
Step = tuple[str, bytes, bytes, bytes, bytes]
STEP_KINDS = ["open", "open", "unlabelled", "terminal", "terminal", "close"]
GAPS = [b""] * len(SPACES) + SPACES
STEP_PARTS = (STEP_KINDS, WORDS, WORDS, GAPS, SPACES)


def step(number: int) -> Step:
    """Step ``number`` of all the combinations of STEP_PARTS, so that one integer draw picks
    a step (not five).

    >>> step(0)
    ('open', b'NP', b'NP', b'', b' ')
    """
    parts = []
    for choices in reversed(STEP_PARTS):
        number, index = divmod(number, len(choices))
        parts.append(choices[index])
    kind, first, second, gap, space = reversed(parts)
    return kind, first, second, gap, space


steps = st.integers(0, prod(map(len, STEP_PARTS)) - 1).map(step)


def build(plan: list[Step], lead: bytes) -> tuple[bytes, list[Tree]]:
    """Follow the steps; a close that would leave a bracket without children is skipped,
    and brackets still open at the end get a child if they need one, then close."""
    out, roots = [lead], []
    open_nodes: list[Tree] = []

    def add(tree: Tree) -> None:
        (open_nodes[-1] if open_nodes else roots).append(tree)

    def close(gap: bytes) -> None:
        out.append(gap + b")")
        node = open_nodes.pop()
        add(node)

    for step, first, second, gap, space in plan:
        if step == "open":
            out.append(gap + b"(" + first)
            open_nodes.append(Tree(text(first), []))
        elif step == "unlabelled":
            out.append(gap + b"(")
            open_nodes.append(Tree("", []))
        elif step == "terminal":
            out.append(gap + b"(" + first + space + second + b")")
            add(Tree(text(first), [text(second)]))
        elif open_nodes and open_nodes[-1]:
            close(gap)
    while open_nodes:
        if not open_nodes[-1]:
            out.append(b"(NN a)")
            add(Tree("NN", ["a"]))
        close(b"")
    return b"".join(out), roots


#: a valid sentence: blank, one tree or a few trees side by side, and its nltk.Tree objects
sentences = st.builds(build, st.lists(steps, max_size=16), st.sampled_from(GAPS))


@st.composite
def mutants(draw: st.DrawFn) -> bytes:
    """A valid sentence with one to three bytes or pieces deleted or inserted."""
    raw = bytearray(draw(sentences)[0])
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(raw)))
        if raw and draw(st.booleans()):
            del raw[min(at, len(raw) - 1)]
        else:
            raw[at:at] = draw(pieces)
    return bytes(raw)


def lark_trees(line: bytes) -> list[Tree] | None:
    try:
        return parse_tree_lark(line, encoding="latin-1")
    except InputError:
        return None


def fast_trees(line: bytes) -> list[Tree] | None:
    """The fast reader's trees for one line, or None if the scanner rejects it."""
    if not scan_lines(line + b"\n").line_ok[0]:
        return None
    return list(read_trees(io.BytesIO(line), multiline=True, encoding="latin-1"))


def assert_same_language(line: bytes) -> None:
    assert fast_trees(line) == lark_trees(line), line


@settings(max_examples=examples(1000), deadline=None)
@given(sentences)
def test_valid_trees_are_read_as_built(sentence: tuple[bytes, list[Tree]]) -> None:
    line, trees = sentence
    assert lark_trees(line) == trees
    assert fast_trees(line) == trees


@settings(max_examples=examples(2000), deadline=None)
@given(near_trees)
def test_random_strings(line: bytes) -> None:
    assert_same_language(line)


@settings(max_examples=examples(1500), deadline=None)
@given(mutants())
def test_mutated_trees(line: bytes) -> None:
    assert_same_language(line)


#: a byte in each place of a tree: before, in a label, after a label, in and after a word,
#: between brackets, after the tree
PLACES = [b"%b(S (NN a))", b"(S%b (NN a))", b"(S %b(NN a))", b"(S (NN%b a))", b"(S (NN %ba))",
          b"(S (NN a%b))", b"(S (NN a)%b)", b"(S (NN a))%b", b"(%b(NN a))", b"(NN%b)"]


def test_every_byte_in_every_place() -> None:
    for byte in BYTES:
        for place in PLACES:
            assert_same_language(place % byte)


def test_nul_bytes_are_rejected_by_both() -> None:
    assert_same_language(b"(NN \x00)")
    assert_same_language(b"(N\x00N a)")


def outcome(data: bytes, **options: object) -> list[str] | tuple[object, ...]:
    """The trees a reader gives, or the error it raises with its position."""
    try:
        return [tree.pformat(margin=1 << 30) for tree in read_trees(io.BytesIO(data), **options)]
    except InputError as error:
        return type(error), error.line, error.column, error.message


@st.composite
def files(draw: st.DrawFn) -> bytes:
    """Lines of valid, mutated and random sentences; some spaces become line breaks."""
    lines = draw(st.lists(st.one_of(sentences.map(lambda s: s[0]), mutants(), near_trees),
                          max_size=6))
    parts = b"\n".join(lines).split(b" ")
    breaks = draw(st.lists(st.sampled_from([b" ", b"\n"]), min_size=len(parts) - 1,
                           max_size=len(parts) - 1))
    return parts[0] + b"".join(gap + part for gap, part in zip(breaks, parts[1:]))


@settings(max_examples=examples(200), deadline=None)
@given(
    files(),
    st.sampled_from([False, True]),
    st.integers(1, 40),
    st.sampled_from(["utf-8", "latin-1"]),
)
def test_files_read_alike(
    data: bytes, multiline: bool, block_size: int, encoding: str
) -> None:
    options = {"multiline": multiline, "block_size": block_size, "encoding": encoding}
    assert outcome(data, reader="fast", **options) == outcome(data, reader="lark", **options)
