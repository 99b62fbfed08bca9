"""The disco readers (export, discbracket, discodop's bracket): trees, words, tags, functions,
morphology and secondary edges, and errors located at FILE:LINE."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.errors import InputError
from treeeval.formats.discbracket import read_bracket, read_discbracket
from treeeval.formats.export import read_export

EXPORT_V4 = """\
#FORMAT 4
%% word lemma tag morph edge parent secedge
#BOS 7 %% a comment
Das\tder\tPDS\tNom.Sg.Neut\tOA\t501
sagt\tsagen\tVVFIN\t3.Sg.Pres.Ind\tHD\t500
er\ter\tPPER\tNom.Sg.Masc\tSB\t500\tSB\t501
nicht\tnicht\tPTKNEG\t--\tNG\t500
.\t--\t$.\t--\t--\t0
#500\t--\tS\t--\t--\t0
#501\t--\tVP\t--\tOC\t500
#EOS 7
"""


def test_export_version_4_tree() -> None:
    [sentence] = read_export(io.StringIO(EXPORT_V4))
    assert sentence.key == "7" and sentence.line == 3
    assert sentence.words == ["Das", "sagt", "er", "nicht", "."]
    assert sentence.tags == ["PDS", "VVFIN", "PPER", "PTKNEG", "$."]
    assert sentence.morph == ["Nom.Sg.Neut", "3.Sg.Pres.Ind", "Nom.Sg.Masc", "--", "--"]
    assert sentence.secondary == {"2": [("501", "SB")]}
    root = sentence.tree
    assert root.label == "ROOT"
    # children ordered by their first word: the VP (word 0) before the verb
    s = root.children[0]
    assert [child.label for child in s.children] == ["VP", "VVFIN", "PPER", "PTKNEG"]
    vp = s.children[0]
    assert (vp.id, vp.function, sorted(vp.leaves()), vp.is_discontinuous()) == (
        "501", "OC", [0], False)
    assert root.children[1].label == "$." and root.children[1].function is None


def test_export_version_3_has_no_lemma() -> None:
    text = "#BOS 1\nja ITJ -- -- 0\n#EOS 1\n"
    [sentence] = read_export(io.StringIO(text))
    assert sentence.words == ["ja"] and sentence.tags == ["ITJ"] and sentence.morph == ["--"]


@pytest.mark.parametrize("text, line, message", [
    ("#BOS 1\nja ITJ --\n#EOS 1\n", 2, "expected at least 5 columns, found 3"),
    ("#BOS 1\nja ITJ -- -- 0\n#BOS 2\n", 3, "#BOS while the sentence begun on line 1"),
    ("#EOS 1\n", 1, "#EOS without a #BOS"),
    ("#BOS 1\nja ITJ -- -- 0\n#EOS 2\n", 3, "#EOS 2 closes #BOS 1"),
    ("#BOS 1\nja ITJ -- -- 502\n#EOS 1\n", 2, "parent 502 is not a node of sentence 1"),
    ("#BOS 1\nja ITJ -- -- 500\n#500 S -- -- 500\n#EOS 1\n", 1, "do not form a tree"),
    ("#BOS 1\nja ITJ -- -- 0\n#EOS 1\n#BOS 1\nja ITJ -- -- 0\n#EOS 1\n", 4,
     "sentence key 1 used twice"),
    ("#BOS 1\nja ITJ -- -- 0\n", 2, "the file ends inside sentence 1"),
])
def test_export_errors_are_located(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "bad.export"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        list(read_export(str(path)))
    assert caught.value.path == str(path) and caught.value.line == line
    assert message in caught.value.message


def test_discbracket_words_and_comment() -> None:
    text = "(S (NP 0=Der 2=Mann) (VVFIN 1=kam) ($. 3=#LRB#))\tcomment\n"
    [sentence] = read_discbracket(io.StringIO(text))
    assert sentence.key == "1" and sentence.words == ["Der", "kam", "Mann", "("]
    assert sentence.tags == ["NP", "VVFIN", "NP", "$."]
    assert sentence.tree.children[0].is_discontinuous()


@pytest.mark.parametrize("text, message", [
    ("(S (A 0=a) (B 2=b))\n", "no word has index 1"),
    ("(S (A 0=a) (B 0=b))\n", "index 0 is used twice"),
    ("(S (A a))\n", "leaf 'a' is not INDEX=WORD"),
    ("(S (A 0=a)\n", "unclosed bracket"),
    ("(S (A 0=a)))\n", "extra ')'"),
    ("(S (A 0=a)) (T (B 1=b))\n", "text after the tree"),
    ("\n", "no tree on the line"),
])
def test_discbracket_errors_are_located(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.dbr"
    path.write_text("(S (A 0=a))\n" + text)
    with pytest.raises(InputError) as caught:
        list(read_discbracket(str(path)))
    assert str(caught.value).startswith(f"{path}:2")
    assert message in caught.value.message


def test_bracket_is_read_as_discodop_reads_it() -> None:
    text = "( (S (NP-SBJ (NNP John) (NNP Smith)) (VP (VBZ runs) (NP ))) )\n(X a b)\n"
    first, second = read_bracket(io.StringIO(text))
    assert first.words == ["John", "Smith", "runs", ""]
    assert first.tags == ["NNP", "NNP", "VBZ", "NP"]
    assert [(n.label, n.function) for n in first.tree.subtrees()][:3] == [
        ("", None), ("S", None), ("NP-SBJ", "SBJ")]
    # several words under one preterminal, as discodop allows
    assert second.key == "2" and second.words == ["a", "b"] and second.tags == ["X", "X"]


def test_bracket_error_is_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.mrg"
    path.write_text("(S (A a))\n(S (A a)\n")
    with pytest.raises(InputError, match=r"bad.mrg:2: unclosed bracket"):
        list(read_bracket(str(path)))
