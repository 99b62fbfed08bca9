"""The MaltTab reader: columns, sentences, collapsed tabs, encodings and positioned errors."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from treeeval.errors import InputError
from treeeval.formats.conll import format_sentence, read_conll
from treeeval.formats.malttab import MaltTabError, read_malttab

TAB = (
    "Genom\tpp\t3\tADV\n"
    "skattereformen\tnn.utr.sin.def.nom\t1\tPR\n"
    "införs\tvb.prs.sfo\t0\tROOT\n"
    "\n"
    "(\tpad\t2\tIP\r\n"
    "av\tpp\t0\tROOT\r\n"
)


def read(text: str) -> list:
    return list(read_malttab(io.StringIO(text)))


def test_columns_and_sentences(tmp_path: Path) -> None:
    path = tmp_path / "example.tab"
    path.write_text(TAB, encoding="utf-8")
    first, second = read_malttab(path)
    assert first.forms == ["Genom", "skattereformen", "införs"]
    assert first.heads == [3, 1, 0]
    assert first.labels == ["ADV", "PR", "ROOT"]
    # the one tag column is both CPOSTAG (tags) and POSTAG
    assert first.tags == first.extra["postag"] == ["pp", "nn.utr.sin.def.nom", "vb.prs.sfo"]
    assert first.extra["lemma"] == first.extra["feats"] == ["_", "_", "_"]
    assert first.line == 1 and second.line == 5
    assert second.forms == ["(", "av"] and second.labels == ["IP", "ROOT"]


def test_same_sentences_as_the_conll_equivalent() -> None:
    sentences = read(TAB)
    conll = "".join(format_sentence(sentence) for sentence in sentences)
    again = list(read_conll(io.StringIO(conll)))
    assert again == sentences
    assert [s.extra["postag"] for s in again] == [s.extra["postag"] for s in sentences]


def test_runs_of_tabs_collapse_and_blank_lines_separate() -> None:
    sentences = read("\n\nRain\t\tNN\t2\tSBJ\nfell\tVBD\t0\t\tROOT\n  \n\nIt\tPRP\t0\tROOT")
    assert [s.forms for s in sentences] == [["Rain", "fell"], ["It"]]
    assert sentences[0].tags == ["NN", "VBD"] and sentences[0].labels == ["SBJ", "ROOT"]
    assert sentences[1].line == 7


@pytest.mark.parametrize("line, message, column", [
    ("Rain\tNN\t2", "expected 4 tab-separated fields (FORM POSTAG HEAD DEPREL), found 3", 10),
    ("Rain\tNN\t0\tSBJ\textra", "expected 4 tab-separated fields", 15),
    ("Rain\tNN\t_\tSBJ", "HEAD must be a whole number, found '_'", 9),
    ("Rain\tNN\t-1\tSBJ", "HEAD must be a whole number, found '-1'", 9),
    ("Rain\tNN\t²\tSBJ", "HEAD must be a whole number, found '²'", 9),
    ("Rain\tNN\t3\tSBJ", "HEAD must be a token number from 0 to 2, found 3", 9),
])
def test_errors_name_line_and_column(line: str, message: str, column: int) -> None:
    with pytest.raises(MaltTabError, match=re.escape(message)) as e:
        read(f"It\tPRP\t0\tROOT\n\nfell\tVBD\t0\tROOT\n{line}\n")
    assert (e.value.path, e.value.line, e.value.column) == ("<input>", 4, column)
    assert e.value.source_line == line


def test_charset_and_undecodable_bytes(tmp_path: Path) -> None:
    path = tmp_path / "latin.tab"
    path.write_bytes("införs\tvb\t0\tROOT\n".encode("iso-8859-1"))
    assert next(read_malttab(path, encoding="iso-8859-1")).forms == ["införs"]
    with pytest.raises(InputError) as error:
        list(read_malttab(path))
    assert (error.value.line, error.value.column) == (1, 4)
    assert "not valid utf-8" in error.value.message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        list(read_malttab(tmp_path / "none.tab"))


def test_binary_stream() -> None:
    sentence = next(read_malttab(io.BytesIO("ö\tX\t0\tROOT\n".encode())))
    assert sentence.forms == ["ö"]
