"""The fast columnar CoNLL reader gives what the careful reader gives, or hands over to it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.dep.reading import read_treebank, read_treebank_exact
from treeeval.errors import InputError, UsageError
from treeeval.fallback import Fallback
from treeeval.formats.conll_columns import read_columns_fast
from treeeval.model.treebank import Treebank
from treeeval.model.vocabulary import STRING_FIELDS, Vocabularies


def row(i: int, form: str, head: str = "0", label: str = "root", phead: str = "_",
        feats: str = "_") -> str:
    return f"{i}\t{form}\t{form.lower()}\tX\tXX\t{feats}\t{head}\t{label}\t{phead}\t_"


def write(tmp_path: Path, text: str | bytes, name: str = "x.conll") -> str:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8", newline="")
    else:
        path.write_bytes(text)
    return str(path)


def assert_same(fast: Treebank, careful: Treebank) -> None:
    assert fast.heads.tolist() == careful.heads.tolist()
    assert fast.sizes.tolist() == careful.sizes.tolist()
    for column in STRING_FIELDS:
        assert fast.strings(column).tolist() == careful.strings(column).tolist(), column


VALID = {
    "plain": row(1, "Rain", "2", "nsubj") + "\n" + row(2, "fell") + "\n\n",
    "conllu extras skipped": "# sent_id = 1\n# text = It's\n" + "1-2\tIt's" + "\t_" * 8 + "\n"
    + row(1, "It", "2", "nsubj") + "\n" + row(2, "'s") + "\n" + "2.1\tx" + "\t_" * 8 + "\n\n",
    "no final newline, extra blank lines": "\n\n" + row(1, "A") + "\n\n\n" + row(1, "B"),
    "pheads": row(1, "A", "2", "dep", "1") + "\n" + row(2, "B", "0", "r", "0") + "\n\n",
    "non-ASCII and long fields": row(1, "Ünïcödé€", "0", "root", feats="Case=Nom|Gender=Masc|"
                                      "Number=Sing|Person=3|PronType=Prs|Reflex=Yes")
    + "\n" + row(2, "x" * 8, "1", "y" * 16) + "\n" + row(3, "z" * 9, "1", "w" * 17) + "\n\n",
    "CRLF line ends": (row(1, "A") + "\n" + row(2, "B", "1", "dep") + "\n\n").replace("\n", "\r\n"),
    "empty field": "1\t\t_\tX\tX\t_\t0\troot\t_\t_\n\n",
    "leading zero in HEAD and PHEAD": row(1, "A", "0") + "\n" + row(2, "B", "01", "d", "007")
    + "\n\n",
}


@pytest.mark.parametrize("name", VALID)
def test_fast_path_agrees(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, VALID[name])
    columns = read_columns_fast(path)
    assert columns is not None, "the fast path should vouch for this file"
    assert_same(Treebank.from_columns(columns), read_treebank_exact(path))


def test_an_unknown_head_for_the_readers_of_other_commands(tmp_path: Path) -> None:
    # the generic readers take a HEAD _ as unknown (-1); dep refuses it, as MaltEval does
    path = write(tmp_path, row(1, "A", "_", "dep") + "\n" + row(2, "B") + "\n\n")
    assert read_columns_fast(path).heads.tolist() == [-1, 0]
    with pytest.raises(InputError, match="x.conll:1:14: HEAD must be a token ID from 0 to 2, "
                                         "found '_'"):
        read_treebank(path)


def test_blocks_and_shared_vocabulary(tmp_path: Path) -> None:
    text = "".join(row(1, f"w{i}", "0", f"l{i % 3}") + "\n\n" for i in range(50))
    path = write(tmp_path, text)
    vocabulary = Vocabularies()
    small = read_columns_fast(path, block_size=64, vocabulary=vocabulary)
    other = read_columns_fast(path, vocabulary=vocabulary)
    assert small is not None and other is not None and small.vocabulary is other.vocabulary
    assert np.array_equal(small.codes["deprel"], other.codes["deprel"])
    assert_same(Treebank.from_columns(small), read_treebank_exact(path))


BAD = {
    "nine fields": ("1\tA\t_\tX\tX\t_\t0\troot\t_\n\n", "expected 10 tab-separated columns"),
    "bad HEAD": (row(1, "A", "x") + "\n\n", "HEAD must be a token ID"),
    # MaltEval aborts on it (Head value _ not valid)
    "HEAD _": (row(1, "A", "_") + "\n\n", "HEAD must be a token ID from 0 to 1, found '_'"),
    "HEAD out of range": (row(1, "A", "2") + "\n\n", "HEAD must be a token ID"),
    "bad PHEAD": (row(1, "A", "0", "root", "-") + "\n\n", "PHEAD must be _ or a whole number"),
    "ID out of sequence": (row(1, "A") + "\n" + row(3, "B") + "\n\n", "expected token ID 2"),
    "ID with leading zero": (row(1, "A") + "\n" + "02" + row(2, "B")[1:] + "\n\n",
                             "expected token ID 2"),
    "line of blanks": (row(1, "A") + "\n   x\n\n", "expected 10 tab-separated columns"),
}


@pytest.mark.parametrize("name", BAD)
def test_unvouched_lines_get_the_careful_error(tmp_path: Path, name: str) -> None:
    text, message = BAD[name]
    path = write(tmp_path, text)
    with pytest.raises(Fallback):
        read_columns_fast(path, known_heads=True)  # as dep reads
    with pytest.raises(InputError, match=message) as fast:
        read_treebank(path)
    with pytest.raises(InputError) as careful:
        read_treebank_exact(path)
    assert (str(fast.value), fast.value.line) == (str(careful.value), careful.value.line)


def test_undecodable_byte(tmp_path: Path) -> None:
    path = write(tmp_path, row(1, "A").encode() + b"\xff\n\n")
    with pytest.raises(Fallback):
        read_columns_fast(path)
    with pytest.raises(InputError, match=r"x\.conll:1:24: byte 0xff is not valid utf-8"):
        read_treebank(path)


@pytest.mark.parametrize("text", [
    (row(1, "A") + "\r" + row(2, "B", "1") + "\n\n").encode(),  # a line end of its own
    (row(1, "A\x00") + "\n\n").encode(),
])
def test_bytes_the_fast_path_leaves_alone(tmp_path: Path, text: bytes) -> None:
    path = write(tmp_path, text)
    with pytest.raises(Fallback):
        read_columns_fast(path)
    assert_same(read_treebank(path), read_treebank_exact(path))


def test_charset(tmp_path: Path) -> None:
    text = row(1, "café") + "\n\n"
    path = write(tmp_path, text.encode("iso-8859-1"))
    fast = read_treebank(path, charset="ISO-8859-1")
    assert fast.forms.tolist() == ["café"]
    assert_same(fast, read_treebank_exact(path, charset="ISO-8859-1"))
    utf16 = write(tmp_path, text.encode("utf-16"), "y.conll")
    with pytest.raises(Fallback):
        read_columns_fast(utf16, "UTF-16")
    assert read_treebank(utf16, charset="UTF-16").forms.tolist() == ["café"]
    with pytest.raises(UsageError, match="unknown charset"):
        read_treebank(path, charset="no-such-charset")


FIELD = st.text(st.characters(blacklist_characters="\t\n\r\x00\x85\u2028\u2029\x0b\x0c\x1c"
                              "\x1d\x1e", blacklist_categories=("Cs", "Zs")),
                min_size=1, max_size=20).filter(lambda f: not f.startswith("#"))


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.lists(st.tuples(FIELD, FIELD, st.integers(0, 30)), min_size=1, max_size=6),
                min_size=1, max_size=5))
def test_random_files(tmp_path_factory: pytest.TempPathFactory,
                      sentences: list[list[tuple[str, str, int]]]) -> None:
    lines = []
    for sentence in sentences:
        for i, (form, label, head) in enumerate(sentence, 1):
            lines.append(row(i, form, str(head % (len(sentence) + 1)), label))
        lines.append("")
    path = write(tmp_path_factory.mktemp("random"), "\n".join(lines) + "\n")
    fast = read_columns_fast(path, block_size=128)
    careful = read_treebank_exact(path)
    assert fast is not None
    assert_same(Treebank.from_columns(fast), careful)


def test_columns_are_read_on_first_use(tmp_path: Path) -> None:
    path = write(tmp_path, VALID["non-ASCII and long fields"])
    treebank = read_treebank(path)
    assert set(treebank.codes) == {"form", "deprel"}
    assert treebank.lemmas.tolist() == ["ünïcödé€", "x" * 8, "z" * 9]
    assert treebank.subset(np.array([False, True, True])).feats.tolist() == ["_", "_"]
    assert_same(treebank, read_treebank_exact(path))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        read_treebank(str(tmp_path / "missing.conll"))


@pytest.mark.parametrize("block_size", [1, 2, 3, 5, 64])
def test_blocks_end_after_blank_lines(tmp_path: Path, block_size: int) -> None:
    text = (row(1, "A") + "\n" + row(2, "B", "1") + "\n\n" + row(1, "C") + "\n\n") * 3
    for data in (text, text.replace("\n", "\r\n"), text + "\n" * 9):
        path = write(tmp_path, data)
        columns = read_columns_fast(path, block_size=block_size)
        assert columns is not None and columns.sizes.tolist() == [2, 1] * 3


@pytest.mark.parametrize("charset", ["utf-8", "iso8859-1", "cp1250"])
def test_values_met_again_in_later_blocks(tmp_path: Path, charset: str) -> None:
    # blocks of one or two sentences: most values come back from the key cache
    forms = ["Zürich", "café", "x" * 12, "Zürich", "ab", "café", "x" * 11 + "y"]
    text = "".join(row(1, form, "0", label) + "\n\n"
                   for form, label in zip(forms * 3, ["root", "dep", "obj"] * 7))
    path = write(tmp_path, text.encode(charset))
    fast = read_columns_fast(path, charset, block_size=40)
    careful = read_treebank_exact(path, charset=charset)
    assert_same(Treebank.from_columns(fast), careful)
    assert sorted(fast.vocabulary.strings("form").tolist()) == sorted(set(forms))
