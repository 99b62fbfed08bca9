"""``treeeval dep`` inputs: format sniffing, file sets, bracket conversion, tag validation."""

from __future__ import annotations

import io
import os
import re
import warnings
from pathlib import Path

import pytest

from treeeval.commands.convert import run_convert
from treeeval.conversion import ConversionWarning
from treeeval.dep.settings import check_charset
from treeeval.dep.sources import expand_files, pair_files, read_sentences, sniff_format, validate_tags
from treeeval.errors import InputError, UsageError
from treeeval.formats.conll import read_conll
from treeeval.model.treebank import Treebank

TREES = """( (S (NP-SBJ (NNP Vinken)) (VP (MD will) (VP (VB join) (NP (DT the) (NN board))
    (NP-TMP (-NONE- *T*-1)))) (. .)) )

( (S (NP-SBJ (PRP It)) (VP (VBZ rains) (PP (IN in) (NP (NNP Spain)))) (, ,) (. .)) )
"""
CONLL_ROW = "1\tRain\t_\tNN\tNN\t_\t0\troot\t_\t_\n"


# --- file sets --------------------------------------------------------------------------


def touch(folder: Path, *names: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_text("")


def test_explicit_files_keep_their_order(tmp_path: Path) -> None:
    # the MaltEval 1.0 jar does not sort files named one by one (the guide says it does)
    touch(tmp_path, "p_set2.conll", "p_set1.conll", "P_set3.conll", "p_set10.conll")
    paths = [str(tmp_path / n) for n in ("p_set2.conll", "p_set1.conll", "P_set3.conll",
                                         "p_set10.conll")]
    assert expand_files(paths) == paths
    assert [os.path.basename(p) for p in expand_files([str(tmp_path) + "/"])] == [
        "P_set3.conll", "p_set1.conll", "p_set10.conll", "p_set2.conll"]


def test_directories_expand_to_their_data_files(tmp_path: Path) -> None:
    # MaltEval's rule, checked on the jar: names ending in .xml, .tab or .conll, in that case
    # (other files are named one by one)
    parsed = tmp_path / "parsedDir"
    touch(parsed, "c.conll", "a.xml", "b.tab", "d.conllu", "e.conllx", "f.mrg", "g.TAB",
          "readme.txt", "h.conll.bak")
    (parsed / "sub.conll").mkdir()
    touch(parsed / "sub.conll", "inner.conll")
    single = tmp_path / "z.conllu"
    single.write_text("")
    files = expand_files([str(single), str(parsed) + "/"])
    assert files == [str(single)] + [str(parsed / n) for n in ("a.xml", "b.tab", "c.conll")]


def test_expand_errors(tmp_path: Path) -> None:
    touch(tmp_path / "empty", "notes.txt", "a.conllu")
    with pytest.raises(UsageError, match="holds no file ending in .xml, .tab, .conll "
                                         r"\(MaltEval's rule; name other files one by one\)"):
        expand_files([str(tmp_path / "empty")])
    with pytest.raises(InputError, match="no such file or directory") as error:
        expand_files([str(tmp_path / "missing.conll")])
    assert error.value.path == str(tmp_path / "missing.conll")


def test_pairing_modes() -> None:
    single = pair_files(["g.conll"], ["p.conll"])
    assert single.mode == "single" and single.pairs == [("g.conll", "p.conll")]
    multiple = pair_files(["g.conll"], ["p3.conll", "p1.conll", "p2.conll"])
    assert multiple.mode == "multiple"
    assert multiple.pairs == [("g.conll", f"p{i}.conll") for i in (3, 1, 2)]
    # the guide's example: the jar pairs p_set2 with g_set1 (the guide says it sorts first)
    cross = pair_files(["g_set1.conll", "g_set2.conll"], ["p_set2.conll", "p_set1.conll"])
    assert cross.mode == "cross-validation"
    assert cross.pairs == [("g_set1.conll", "p_set2.conll"), ("g_set2.conll", "p_set1.conll")]


@pytest.mark.parametrize("gold, parsed, message", [
    (["g1", "g2", "g3"], ["p1", "p2"], "3 gold-standard files (-g) but 2 parsed files (-s)"),
    (["g1", "g2"], ["p1"], "2 gold-standard files (-g) but 1 parsed file (-s)"),
    ([], ["p1"], "no gold-standard file"),
    (["g1"], [], "no parsed file"),
])
def test_pairing_errors(gold: list[str], parsed: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=re.escape(message)):
        pair_files(gold, parsed)


def test_charset() -> None:
    assert check_charset("UTF-8") == "UTF-8"
    assert check_charset("windows-1252") == "windows-1252"
    with pytest.raises(UsageError, match="unknown character set 'UTF-9'"):
        check_charset("UTF-9")


# --- reading the other formats ----------------------------------------------------------


def converted_by_the_convert_command(path: Path, *options: str) -> list:
    out = io.BytesIO()
    assert run_convert([*options, str(path)], out, io.BytesIO()) == 0
    return list(read_conll(io.StringIO(out.getvalue().decode())))


@pytest.mark.parametrize("heads, labels", [("collins", "none"), ("penn2malt", "triple"),
                                           ("modcollins", "function")])
def test_brackets_convert_as_treeeval_convert(tmp_path: Path, heads: str, labels: str) -> None:
    path = tmp_path / "gold.mrg"
    path.write_text(TREES)
    expected = converted_by_the_convert_command(path, "--heads", heads, "--labels", labels)
    sentences = read_sentences(str(path), heads=heads, labels=labels)
    assert sentences == expected and len(sentences) == 2
    assert Treebank.from_sentences(sentences).postags.tolist() == \
        Treebank.from_sentences(expected).postags.tolist()
    assert sentences[0].forms == ["Vinken", "will", "join", "the", "board", "."]


def test_bracket_defaults_and_sniffed_files(tmp_path: Path) -> None:
    path = tmp_path / "gold"  # no extension: sniffed by its first "("
    path.write_text(TREES)
    sentences = read_sentences(str(path))
    assert sentences == converted_by_the_convert_command(path)
    assert sentences[0].heads == [2, 0, 2, 5, 3, 2]
    assert sentences[1].labels == ["dep", "root", "dep", "dep", "dep", "dep"]


def test_bad_trees_name_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.mrg"
    path.write_text("(S (NN a))\n(S (NN b)\n")
    with pytest.raises(InputError) as error:
        read_sentences(str(path))
    assert error.value.path == str(path) and error.value.line == 2
    empty = tmp_path / "empty.mrg"
    empty.write_text("(S (NN a))\n(S (-NONE- *))\n")
    with pytest.raises(InputError, match="sentence 2: no words left") as error:
        read_sentences(str(empty))
    assert error.value.line == 2


def test_unknown_head_rules_warn(tmp_path: Path) -> None:
    path = tmp_path / "odd.mrg"
    path.write_text("(S (FOO (NN a) (NN b)))\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read_sentences(str(path), heads="magerman")
    assert [w.category for w in caught] == [ConversionWarning]
    assert "no head rule for: FOO 1" in str(caught[0].message)


def test_malttab_and_maltxml_and_charset(tmp_path: Path) -> None:
    tab = tmp_path / "parsed.tab"
    tab.write_bytes("införs\tvb\t0\tROOT\n".encode("iso-8859-1"))
    assert read_sentences(str(tab), charset="iso-8859-1")[0].forms == ["införs"]
    xml = tmp_path / "parsed.xml"
    xml.write_bytes('<?xml version="1.0" encoding="ISO-8859-1"?><t><sentence><word id="1" '
                    'form="införs" postag="vb" head="0" deprel="ROOT"/></sentence></t>'
                    .encode("iso-8859-1"))
    # MaltXML ignores --charset: its declaration decides
    assert read_sentences(str(xml), charset="utf-8")[0].forms == ["införs"]
    conll = tmp_path / "gold.conll"
    conll.write_text(CONLL_ROW)
    with pytest.raises(ValueError, match="not 'conll'"):
        read_sentences(str(conll))


# --- tag validation ---------------------------------------------------------------------


@pytest.fixture
def tag_files(tmp_path: Path) -> tuple[str, str]:
    postag = tmp_path / "gold.postag"
    postag.write_text("NN\nVBD\n\nPRP\n")  # the empty line is ignored
    deprel = tmp_path / "gold.deprel"
    deprel.write_text("SBJ\r\nROOT\r\n")
    return str(postag), str(deprel)


def check(path: Path, tag_files: tuple[str, str], **formats) -> InputError | None:
    sentences = (read_sentences(str(path), **formats) if sniff_format(path) != "conll"
                 else list(read_conll(path)))
    try:
        validate_tags(sentences, str(path), *tag_files)
    except InputError as error:
        return error
    return None


def test_valid_tags_pass(tmp_path: Path, tag_files: tuple[str, str]) -> None:
    path = tmp_path / "ok.tab"
    path.write_text("It\tPRP\t2\tSBJ\nfell\tVBD\t0\tROOT\n")
    assert check(path, tag_files) is None
    validate_tags(read_sentences(str(path)), str(path))  # no tag file: nothing checked


def test_conll_postag_is_column_5(tmp_path: Path, tag_files: tuple[str, str]) -> None:
    path = tmp_path / "parsed.conllu"
    path.write_text("# text = It fell\n"
                    "1-2\tItfell\t_\t_\t_\t_\t_\t_\t_\t_\n"
                    "1\tIt\t_\tPRON\tPRP\t_\t2\tSBJ\t_\t_\n"
                    "2\tfell\t_\tVERB\tVBD\t_\t0\tROOT\t_\t_\n\n"
                    "1\tRain\t_\tNOUN\tNNS\t_\t0\tROOT\t_\t_\n")
    error = check(path, tag_files)
    assert error is not None
    assert error.message == f"POSTAG 'NNS' is not in {tag_files[0]}"
    assert (error.path, error.line, error.column) == (str(path), 6, 15)
    assert error.source_line == "1\tRain\t_\tNOUN\tNNS\t_\t0\tROOT\t_\t_"


def test_first_invalid_tag_in_file_order(tmp_path: Path, tag_files: tuple[str, str]) -> None:
    path = tmp_path / "parsed.tab"
    path.write_text("It\tPRP\t2\tSBJ\nfell\tVBD\t0\tROOT\n\n"
                    "Rain\t\tNN\t2\tOBJ\nfell\tXX\t0\tROOT\n")
    error = check(path, tag_files)
    assert error is not None and error.message == f"DEPREL 'OBJ' is not in {tag_files[1]}"
    assert (error.line, error.column) == (4, 12)
    path.write_text("Rain\tXX\t0\tOBJ\n")  # POSTAG before DEPREL on one token
    error = check(path, tag_files)
    assert error is not None and error.message.startswith("POSTAG 'XX'")
    assert (error.line, error.column) == (1, 6)


def test_maltxml_tag_position(tmp_path: Path, tag_files: tuple[str, str]) -> None:
    path = tmp_path / "parsed.xml"
    path.write_text('<t><sentence>\n<word id="1" form="It" postag="PRP" head="2" deprel="SBJ"/>\n'
                    '<word id="2" form="fell" postag="VBD" head="0" deprel="ROOT"/></sentence>\n'
                    '<sentence><word id="1" form="fell" postag="VBD" head="0" deprel="PRED"/>'
                    "</sentence></t>\n")
    error = check(path, tag_files)
    assert error is not None and error.message == f"DEPREL 'PRED' is not in {tag_files[1]}"
    assert (error.line, error.column) == (4, 58)


def test_bracket_tag_position(tmp_path: Path, tag_files: tuple[str, str]) -> None:
    path = tmp_path / "parsed.mrg"
    path.write_text("(S (NP (PRP It))\n (VP (VBD fell)))\n(S (NP (NN Rain))\n (VP (VBZ falls)))\n")
    error = check(path, (tag_files[0], None))
    assert error is not None and error.message == f"POSTAG 'VBZ' is not in {tag_files[0]}"
    assert (error.line, error.column) == (3, None)


def test_validation_with_a_treebank_and_missing_tag_file(tmp_path: Path,
                                                         tag_files: tuple[str, str]) -> None:
    path = tmp_path / "parsed.tab"
    path.write_text("It\tPRP\t0\tROOT\n\nIt\tPRP\t0\tOBJ\n")
    treebank = Treebank.from_sentences(read_sentences(str(path)))
    with pytest.raises(InputError, match="DEPREL 'OBJ'") as error:
        validate_tags(treebank, str(path), *tag_files)
    assert error.value.line == 3
    with pytest.raises(InputError, match="cannot read tag file"):
        validate_tags(treebank, str(path), str(tmp_path / "none.postag"))
