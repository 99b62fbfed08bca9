"""treeeval disco's numbers, checked by hand on small trees: brackets as multisets of
(label, word set), deletions and equivalences of the parameter file, function tags, POS,
--disconly, the cutoff, the tables and the errors where discodop stops."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.disco.params import parse_params
from treeeval.disco.report import DiscoCrash
from treeeval.disco.run import DiscoSettings, run_disco
from treeeval.errors import InputError

GOLD = "(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))\n"
PARSE = "(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))\n"


def report(tmp_path: Path, gold: str, parses: str, prm: str | None = None,
           **options: object) -> str:
    (tmp_path / "gold").write_text(gold)
    (tmp_path / "parses").write_text(parses)
    param = None
    if prm is not None:
        (tmp_path / "p.prm").write_text(prm)
        param = str(tmp_path / "p.prm")
    out = io.BytesIO()
    settings = DiscoSettings(str(tmp_path / "gold"), str(tmp_path / "parses"), param,
                             **options)  # type: ignore[arg-type]
    assert run_disco(settings, out) == 0
    return out.getvalue().decode()


def summary(text: str) -> dict[str, str]:
    block = text.split("\n\n")[-1]
    return {line[:27].strip(): line[27:].strip() for line in block.splitlines()[1:]}


def test_discontinuous_brackets(tmp_path: Path) -> None:
    # gold: S{0-3}, VP{1,3} (discontinuous); parse: S{0-3}, VP{1}, X{2,3}: 1 of 2, 1 of 3
    found = summary(report(tmp_path, GOLD, PARSE, fmt="discbracket"))
    assert found["gold brackets (disc.):"] == "2 (1)"
    assert found["cand. brackets (disc.):"] == "3 (0)"
    assert (found["labeled recall:"], found["labeled precision:"]) == ("50.00", "33.33")
    assert found["labeled f-measure:"] == "40.00"     # 2 * 1/2 * 1/3 / (1/2 + 1/3)
    assert found["exact match:"] == "0.00" and found["pos accuracy:"] == "75.00"


def test_disconly_counts_discontinuous_brackets_only(tmp_path: Path) -> None:
    found = summary(report(tmp_path, GOLD, PARSE, fmt="discbracket", disconly=True))
    # gold has VP{1,3}; the parse has none: recall 0, precision undefined
    assert found["labeled recall:"] == "0.00" and found["labeled precision:"] == "nan"
    assert found["number of sentences:"] == "1"


def test_cutoff_gives_two_columns(tmp_path: Path) -> None:
    text = report(tmp_path, GOLD + "(S (A 0=a) (B 1=b))\n", PARSE + "(S (A 0=a) (B 1=b))\n",
                  fmt="discbracket", cutofflen=3)
    block = text.split("\n\n")[-1].splitlines()
    assert block[0] == "_________ Summary _________ <= 3 ______ ALL"
    assert block[1] == "number of sentences:            1          2"
    assert block[2] == "longest sentence:               2          4"
    # up to 3 words: the second sentence alone (all right); all: 2 of 3 gold, 2 of 4 cand
    assert "labeled recall:            100.00      66.67" in block


def test_deletions_and_equivalences(tmp_path: Path) -> None:
    gold = "(ROOT (S (NP 0=a) (VP (V 1=b) (PU 2=,))) (PU 3=.))\n"
    parses = "(ROOT (S (NP 0=a) (ADVP (V 1=b)) (PU 2=,)) (PU 3=.))\n"
    prm = "DELETE_LABEL ROOT\nDELETE_LABEL PU\nEQ_LABEL ADVP VP\n"
    found = summary(report(tmp_path, gold, parses, prm, fmt="discbracket"))
    # punctuation goes by its gold tag; ADVP = VP; ROOT is not a bracket: all right
    assert found["gold brackets:"] == "2" and found["labeled f-measure:"] == "100.00"
    assert found["pos accuracy:"] == "100.00" and found["longest sentence:"] == "4"


def test_function_tags(tmp_path: Path) -> None:
    gold = "(S (NP-SB 0=a) (VP-OC (V-HD 1=b) (N-OA 2=c)))\n"
    parses = "(S (NP-SB 0=a) (VP-OC (V-HD 1=b) (N-SB 2=c)))\n"
    found = summary(report(tmp_path, gold, parses, fmt="discbracket"))
    # 4 gold tags; N-SB's tag (N) is right, so its function counts, and is wrong: 3 of 4
    assert found["function tags:"] == "75.00" and found["labeled f-measure:"] == "100.00"


def test_verbose_lines_and_tables(tmp_path: Path) -> None:
    text = report(tmp_path, GOLD, PARSE, fmt="discbracket", verbose=True)
    assert "1      4   50.00   33.33       1      2      3      4     3   75.00 \n" in text
    assert "       1  012\tS NP VP X\n          0121\tS NP VP X\n" in text
    assert "     VP   50.00    0.00    0.00     nan" in text
    assert "DEBUG\tTrue\n" in text and "DISC_ONLY\tFalse\n" in text


def test_word_mismatch_is_a_located_error(tmp_path: Path) -> None:
    # a parse word that is not in the gold sentence (discodop: a KeyError)
    with pytest.raises(InputError, match=r"parses:1: sentence 1: word 2 \('c'\) is not in"):
        report(tmp_path, "(S (A 0=a) (B 1=b))\n", "(S (A 0=a) (B 1=c))\n", fmt="discbracket")
    # a word missing from the parse (discodop: "sentence length mismatch")
    with pytest.raises(InputError, match=r"parses:1: sentence 1: sentence length mismatch"):
        report(tmp_path, "(S (A 0=a) (B 1=b))\n", "(S (A 0=a))\n", fmt="discbracket")


def test_no_gold_brackets_crashes_as_discodop_does(tmp_path: Path) -> None:
    (tmp_path / "gold").write_text("(A 0=a)\n")
    (tmp_path / "parses").write_text("(S (A 0=a))\n")
    out = io.BytesIO()
    settings = DiscoSettings(str(tmp_path / "gold"), str(tmp_path / "parses"),
                             fmt="discbracket")
    with pytest.raises(DiscoCrash):
        run_disco(settings, out)
    # what discodop prints before it stops: up to the category table's rule
    assert out.getvalue().decode().endswith(" " + 38 * "_" + 8 * " " + 24 * "_" + "\n")


def test_params_are_read_as_discodop_reads_them() -> None:
    params = parse_params("DELETE_LABEL TOP  \nEQ_WORD a b\nEQ_WORD c b\n", "p")
    assert params.delete_label == ["TOP  "]     # trailing blanks kept, as discodop keeps them
    assert params.eq_word == {"a": "a", "b": "a", "c": "a"}
    with pytest.raises(InputError, match=r"^p:2: CUTOFF_LEN is given twice$"):
        parse_params("CUTOFF_LEN 4\nCUTOFF_LEN 5\n", "p")
    with pytest.raises(InputError, match=r"^p:1: unknown key 'FOO'$"):
        parse_params("FOO 1\n", "p")
