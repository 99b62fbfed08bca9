"""The bracketed-tree readers: trees as written, errors with message and position."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from nltk import Tree

from treeeval.errors import BracketSyntaxError, InputError
from treeeval.formats.brackets import read_trees
from treeeval.formats.lark_trees import parse_tree_lark

READERS = ("fast", "lark")
SHARED = Path(__file__).resolve().parents[4] / "shared"

# A small .mrg file in the Penn Treebank layout: a leading blank line, `( (S ...) )`
# wrappers, blank lines between trees, -NONE- elements, function tags, -LRB-/-RRB-, and
# blanks at the end of some lines (written \x20).
MRG = b"""
( (S\x20
    (NP-SBJ-1 (NNP Vinken) )
    (VP (VBD was)\x20
      (VP (VBN named)\x20
        (S (NP-SBJ (-NONE- *-1) ) (NP-PRD (NN chairman) ))))
    (. .) ))

( (NP (NN price) (-LRB- -LRB-) (CD 5) (-RRB- -RRB-) ))
( (FRAG (NP (NN a) )
    (. .) ))
"""

MRG_TREES = [
    "( (S (NP-SBJ-1 (NNP Vinken)) (VP (VBD was) (VP (VBN named) (S (NP-SBJ (-NONE- *-1)) "
    "(NP-PRD (NN chairman))))) (. .)))",
    "( (NP (NN price) (-LRB- -LRB-) (CD 5) (-RRB- -RRB-)))",
    "( (FRAG (NP (NN a)) (. .)))",
]

LINES = b"""(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))
(S(NP (PRP It))(VP (VBZ is)))
\t(ROOT (X (SYM \xc3\xa9)))\r
"""


def flat(tree: Tree) -> str:
    return tree.pformat(margin=1 << 30)


def read(data: bytes, **options: object) -> list[Tree]:
    return list(read_trees(io.BytesIO(data), **options))


def error_of(data: bytes, **options: object) -> InputError:
    with pytest.raises(InputError) as caught:
        read(data, **options)
    return caught.value


# --- parse_tree_lark: the grammar ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b"(NN dog)", [Tree("NN", ["dog"])]),
        (b"( (S (NN a)) )", [Tree("", [Tree("S", [Tree("NN", ["a"])])])]),
        (b"((NN a))", [Tree("", [Tree("NN", ["a"])])]),
        (b"(S(NP (NN a)))", [Tree("S", [Tree("NP", [Tree("NN", ["a"])])])]),
        (b"(NP-SBJ-1 (-NONE- *T*-2))", [Tree("NP-SBJ-1", [Tree("-NONE-", ["*T*-2"])])]),
        (b"(PRN (-LRB- -LRB-) (-RRB- -RRB-))",
         [Tree("PRN", [Tree("-LRB-", ["-LRB-"]), Tree("-RRB-", ["-RRB-"])])]),
        (b" \t(A\x0b(B b)\x0c)\r", [Tree("A", [Tree("B", ["b"])])]),
        (b"(A (B b)) (C c)", [Tree("A", [Tree("B", ["b"])]), Tree("C", ["c"])]),
        (b"(NN caf\xc3\xa9)", [Tree("NN", ["caf\xe9"])]),
        (b"(NN a\\)b)", None),
        (b"", []),
        (b"  \t ", []),
    ],
)
def test_lark_accepts_trees_as_written(text: bytes, expected: list[Tree] | None) -> None:
    if expected is None:
        with pytest.raises(BracketSyntaxError):
            parse_tree_lark(text)
    else:
        assert parse_tree_lark(text) == expected


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        (b"(NP )", 5, "empty word"),
        (b"(NP)", 4, "bracket has no children"),
        (b"()", 2, "bracket has no children"),
        (b"(S ( ))", 6, "bracket has no children"),
        (b"(PRN (-LRB- () (NN a))", 14, "bracket has no children"),  # a raw "(" word
        (b"( w)", 3, "word without a tag"),
        (b"(NN a b)", 7, "more than one word in a preterminal"),
        (b"(NN a )", 6, "white space between a word and ')'"),
        (b"(S a (NN b))", 6, "word mixed with bracketed children"),
        (b"(S (NN b) a)", 11, "word mixed with bracketed children"),
        (b"(S (NN a)b)", 10, "word mixed with bracketed children"),
        (b"(NN a(X b))", 6, "word mixed with bracketed children"),
        (b"S (NN a)", 1, "text outside brackets"),
        (b"(S (NN a)) .", 12, "text outside brackets"),
        (b"\xa0(NN a)", 1, "text outside brackets"),
        (b"(S (NN a)))", 11, "extra ')'"),
        (b")", 1, "extra ')'"),
        (b"(S (NP (NN a)", 1, "unclosed bracket opened at column 1"),
        (b"(S (NN a)) (T (NN b)", 12, "unclosed bracket opened at column 12"),
        (b"(NN a ", 1, "unclosed bracket opened at column 1"),
        (b"  (", 3, "unclosed bracket opened at column 3"),
    ],
)
def test_lark_errors_say_what_and_where(text: bytes, column: int, message: str) -> None:
    with pytest.raises(BracketSyntaxError) as caught:
        parse_tree_lark(text, path="gold.txt", line=12)
    error = caught.value
    assert (error.path, error.line, error.column, error.message) == (
        "gold.txt", 12, column, message
    )
    assert error.source_line == text.decode("latin-1").replace("\xa0", "\ufffd")
    assert str(error) == f"gold.txt:12:{column}: {message}"


def test_lark_error_context_has_a_caret_under_the_column() -> None:
    with pytest.raises(BracketSyntaxError) as caught:
        parse_tree_lark(b"(S (NN a b))")
    assert caught.value.context() == "    (S (NN a b))\n" + " " * 13 + "^"


def test_lark_errors_in_multi_line_text_count_lines() -> None:
    text = b"( (S\n    (NP (NN a))\n    (VP (VB b) c)))\n"
    with pytest.raises(BracketSyntaxError) as caught:
        parse_tree_lark(text, path="a.mrg", line=40)
    error = caught.value
    assert (error.line, error.column) == (42, 16)
    assert error.message == "word mixed with bracketed children"
    assert error.source_line == "    (VP (VB b) c)))"


def test_lark_reports_an_unclosed_tree_where_it_started() -> None:
    text = b"\n  ( (S\n    (NP (NN a))\n    (VP (VB b))\n\n"
    with pytest.raises(BracketSyntaxError) as caught:
        parse_tree_lark(text, line=5)
    error = caught.value
    assert (error.line, error.column) == (6, 3)
    assert error.message == "unclosed bracket opened at column 3"


def test_undecodable_byte_is_an_input_error_at_its_byte_column() -> None:
    with pytest.raises(InputError) as caught:
        parse_tree_lark(b"(S (NN \xc3\xa9t\xe9))", path="x", line=2)
    error = caught.value
    assert not isinstance(error, BracketSyntaxError)
    assert (error.line, error.column, error.message) == (2, 11, "byte 0xe9 is not valid utf-8")


def test_other_encodings_decode_labels_and_words() -> None:
    assert parse_tree_lark(b"(NN \xe9t\xe9)", encoding="latin-1") == [Tree("NN", ["\xe9t\xe9"])]


# --- read_trees: layouts -----------------------------------------------------------------


@pytest.mark.parametrize("reader", READERS)
def test_mrg_layout_keeps_wrapper_none_and_function_tags(reader: str) -> None:
    trees = read(MRG, reader=reader)
    assert [flat(tree) for tree in trees] == MRG_TREES
    assert [tree.label() for tree in trees] == ["", "", ""]
    assert trees[0].leaves() == ["Vinken", "was", "named", "*-1", "chairman", "."]
    assert trees[1].pos()[1] == ("-LRB-", "-LRB-")


@pytest.mark.parametrize("reader", READERS)
def test_one_tree_per_line(reader: str) -> None:
    trees = read(LINES, reader=reader)
    assert [flat(tree) for tree in trees] == [
        "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))",
        "(S (NP (PRP It)) (VP (VBZ is)))",
        "(ROOT (X (SYM \xe9)))",
    ]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("block_size", [1, 7, 64, 1 << 20])
def test_block_boundaries_do_not_matter(reader: str, block_size: int) -> None:
    assert [flat(t) for t in read(MRG, reader=reader, block_size=block_size)] == MRG_TREES
    assert len(read(LINES, reader=reader, block_size=block_size)) == 3


@pytest.mark.parametrize("reader", READERS)
def test_layouts(reader: str) -> None:
    # the default, the .mrg layout: blank lines separate trees, which may span lines
    assert len(read(b"\n\n(A\n (b c))\n\n(D (e f))\n", reader=reader)) == 2
    assert len(read(b"(A (b c))\n\n(D (e f)) (G (h i))\n", reader=reader)) == 3
    # a file whose first tree fits on its line and a later one does not (a sampled WSJ
    # file: CoreNLP reads it; the layout used to be guessed from the first line alone)
    mixed = b"( (FRAG (RB Not) (. .)))\n(\n  (S\n    (NP (NN It))\n    (VP (VBD was))))\n"
    assert [flat(t) for t in read(mixed, reader=reader)] == [
        "( (FRAG (RB Not) (. .)))", "( (S (NP (NN It)) (VP (VBD was))))"]
    # one tree per line, strictly (EVALB's files): a blank line is an error
    assert error_of(b"(A (b c))\n\n(D (e f))\n", reader=reader, multiline=False).line == 2
    assert read(b"\n \n", reader=reader) == []
    assert read(b"", reader=reader) == []


@pytest.mark.parametrize("reader", READERS)
def test_crlf_and_missing_last_newline(reader: str) -> None:
    assert len(read(b"(A (b c))\r\n(D (e f))", reader=reader)) == 2
    assert [flat(t) for t in read(b"( (A\r\n (b c)) )", reader=reader)] == ["( (A (b c)))"]


@pytest.mark.parametrize("reader", READERS)
def test_paths_text_files_and_binary_files(reader: str, tmp_path: Path) -> None:
    path = tmp_path / "wsj.mrg"
    path.write_bytes(MRG)
    assert [flat(t) for t in read_trees(path, reader=reader)] == MRG_TREES
    assert [flat(t) for t in read_trees(str(path), reader=reader)] == MRG_TREES
    with open(path, "rb") as binary:
        assert [flat(t) for t in read_trees(binary, reader=reader)] == MRG_TREES
    with open(path, encoding="utf-8") as text:
        assert [flat(t) for t in read_trees(text, reader=reader)] == MRG_TREES


# --- read_trees: errors ------------------------------------------------------------------


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    ("data", "line", "column", "message"),
    [
        (b"(A (b c))\n(A (b c) )\n(A (NN a ))\n", 3, 9, "white space between a word and ')'"),
        (b"(A (b c))\n(NP )\n", 2, 5, "empty word"),
        (b"(A (b c))\n(A (b c)))\n", 2, 10, "extra ')'"),
        (b"(A (b c))\n\n(A (b c))\n", 2, 1, "empty line (one tree per line expected)"),
        (b"(A (b c))\n \t\r\n", 2, 1, "empty line (one tree per line expected)"),
        (b"(A (b c)) x\n", 1, 11, "text outside brackets"),
    ],
)
def test_line_layout_errors(reader: str, data: bytes, line: int, column: int, message: str) -> None:
    error = error_of(data, reader=reader, multiline=False)
    assert isinstance(error, BracketSyntaxError)
    assert (error.path, error.line, error.column, error.message) == ("<stream>", line, column, message)


@pytest.mark.parametrize("reader", READERS)
def test_two_trees_on_one_line(reader: str) -> None:
    error = error_of(b"(A (b c))\n(A (b c)) (D (e f))\n", reader=reader, multiline=False)
    assert (error.line, error.column) == (2, 11)
    assert error.message.startswith("2 trees on one line")


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    ("data", "line", "column", "message"),
    [
        # an error deep inside the second tree, on its third line
        (b"( (A (b c)) )\n\n( (S\n  (NP (NN a))\n  (VP (VB b) (NN c d))))\n", 5, 20,
         "more than one word in a preterminal"),
        # an unclosed tree is reported where it started, not at the end of the file
        (b"( (A (b c)) )\n( (S\n  (NP (NN a))\n\n( (S (VP (VB b))))\n", 2, 1,
         "unclosed bracket opened at column 1"),
        (b"( (A\n (b c)) ))\n", 2, 10, "extra ')'"),
        (b"( (A\n (b c)) )\nthe end\n", 3, 1, "text outside brackets"),
    ],
)
def test_mrg_errors_use_the_lines_of_the_file(
    reader: str, data: bytes, line: int, column: int, message: str
) -> None:
    for block_size in (5, 1 << 20):
        error = error_of(data, reader=reader, multiline=True, block_size=block_size)
        assert (error.line, error.column, error.message) == (line, column, message)


@pytest.mark.parametrize("reader", READERS)
def test_errors_name_the_file(reader: str, tmp_path: Path) -> None:
    path = tmp_path / "test.txt"
    path.write_bytes(b"(A (b c))\n(A (b c d))\n")
    with pytest.raises(BracketSyntaxError) as caught:
        list(read_trees(path, reader=reader))
    assert str(caught.value) == f"{path}:2:9: more than one word in a preterminal"
    assert caught.value.context() == "    (A (b c d))\n" + " " * 12 + "^"


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("multiline", [False, True])
def test_undecodable_bytes_are_located(reader: str, multiline: bool) -> None:
    data = b"(A (b c))\n(A (b\xa0 c))\n"
    error = error_of(data, reader=reader, multiline=multiline)
    assert not isinstance(error, BracketSyntaxError)
    assert (error.line, error.column, error.message) == (2, 6, "byte 0xa0 is not valid utf-8")
    assert read(data, reader=reader, encoding="latin-1")[1].pos() == [("c", "b\xa0")]


@pytest.mark.parametrize("reader", READERS)
def test_undecodable_bytes_in_multi_line_trees(reader: str) -> None:
    error = error_of(b"( (A\n (b c)) )\n( (A\n (b \xc3\xa9\xff)) )\n", reader=reader)
    assert (error.line, error.column, error.message) == (4, 7, "byte 0xff is not valid utf-8")


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read tree file"):
        list(read_trees(tmp_path / "nope.mrg"))


def test_unknown_reader() -> None:
    with pytest.raises(ValueError, match="reader must be"):
        read_trees(io.BytesIO(b""), reader="fastest")  # type: ignore[arg-type]


# --- streaming --------------------------------------------------------------------------


class CountingReader(io.BytesIO):
    """Counts the bytes handed out, to show that trees come before the file is read."""

    handed_out = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.handed_out += len(data)
        return data


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("multiline", [False, True])
def test_trees_stream_before_a_later_error(reader: str, multiline: bool) -> None:
    data = b"(A (b c))\n" * 1000 + b"(A (b c d))\n"
    stream = CountingReader(data)
    trees = read_trees(stream, reader=reader, multiline=multiline, block_size=100)
    assert flat(next(trees)) == "(A (b c))"
    assert stream.handed_out <= 200
    with pytest.raises(BracketSyntaxError) as caught:
        list(trees)
    assert (caught.value.line, caught.value.column) == (1001, 9)


# --- the real Penn Treebank sample (skipped without ../shared) ----------------------------


def shared_file(relative: str) -> Path:
    path = SHARED / relative
    if not path.is_file():
        pytest.skip(f"{relative} is not there: ../shared/data is absent")
    return path


def test_wsj_sample_both_readers_agree() -> None:
    path = shared_file("data/heads/sample/wsj_0001-0099.mrg")
    conllx = shared_file("data/heads/sample/wsj_0001-0099.collins.conllx").read_text("utf-8")
    fast = list(read_trees(path))
    assert len(fast) == 1921
    assert {tree.label() for tree in fast} == {""}
    # the converted file has every word but the -NONE- elements
    words = [tag != "-NONE-" for tree in fast for _, tag in tree.pos()]
    assert sum(words) == sum(1 for line in conllx.splitlines() if line and line[0].isdigit())
    assert 0 < words.count(False) < len(words)
    assert fast[:300] == list(itertools.islice(read_trees(path, reader="lark"), 300))


def test_evalb_gold_one_tree_per_line() -> None:
    path = shared_file("data/evalb/wsj22/wsj22.auto.clean.gld")
    trees = list(read_trees(path))
    assert len(trees) == 1700
    assert {tree.label() for tree in trees} == {"TOP"}
