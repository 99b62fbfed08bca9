"""``treeeval disco`` against ``discodop eval`` on the shared files (../shared/data/disco):
each file against itself and against a parse made from it here (labels, tags and
attachments changed), under each option, stdout compared byte for byte; then the optional
scores (--la, --ted, --headrules with the head table HEAD_RULES, written here in discodop's
format for the shared files' labels), with and without proper.prm and --verbose.

discodop prints some parts in an order that changes from run to run: they are compared as
sets (tests/disco_output.canonical); every other byte must be equal.  Skips without
../shared or without the oracle."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from disco_output import canonical
from oracles import run_oracle
from shared_data import require


def _perturbed_export(text: str) -> str:
    """Some nodes relabelled, a tag changed, a word attached elsewhere."""
    text = re.sub(r"^(#50[13])(\t--\t)NP", r"\1\2AP", text, flags=re.M)
    text = re.sub(r"^(zon\tzon\t)n", r"\1adj", text, flags=re.M)
    return re.sub(r"^(nabije\tnabij\tadj\t\S+\t)hd(\t)503", r"\1mod\g<2>505", text, flags=re.M)


def _perturbed_brackets(text: str) -> str:
    return (text.replace("(WRONG (X", "(RIGHT (X").replace("(D 3=e)", "(E 3=e)")
            .replace("(C 2=c)) (B 1=b)", "(B 2=c)) (B 1=b)").replace("(S (RIGHT", "(S (WRONG", 1)
            .replace("(X x) (Y y)))\n", "(X (Z x)) (Y y)))\n", 1))


CASES = [
    ("alpinosample.export", [], _perturbed_export),
    ("t1.mrg", ["--fmt=bracket"], _perturbed_brackets),
    ("t2.dbr", ["--fmt=discbracket"], _perturbed_brackets),
    ("longsent.dbr", ["--fmt=discbracket"], _perturbed_brackets),
]
OPTIONS = [[], ["proper.prm"], ["--verbose"], ["proper.prm", "--verbose"], ["--disconly"],
           ["--cutofflen=4"], ["proper.prm", "--cutofflen=10", "--verbose"],
           ["--functions=leave"], ["--functions=add"], ["--functions=replace"],
           ["--morphology=add"], ["--morphology=replace"], ["--morphology=between"],
           ["--goldenc=latin1", "--parsesenc=latin1"]]


#: a head table in discodop's format (case does not matter, ``%`` starts a comment, a
#: line of two items is skipped) for the labels of the shared files: Alpino's phrases
#: without an ``hd`` edge, and the letters of t1, t2 and longsent
HEAD_RULES = """\
% head rules for the shared files of ../shared/data/disco
DU left-to-right SMAIN SSUB NP
conj LEFTDIS NP PP
MWU left SPEC N
MWU
S right-to-left RIGHT WRONG WRONG2 A
WRONG left-to-right X C
RIGHT right X B
X leftdis A C D
Z RIGHT E D
A LIKE X
"""
SCORES = [[*extra, *base] for extra in (["--la"], ["--ted"], ["--la", "--ted"],
                                        ["--headrules=heads.txt"])
          for base in ([], ["proper.prm"], ["--verbose"], ["proper.prm", "--verbose"])]


def _compare(tmp_path: Path, name: str, fmt: list[str], perturb, options: list[str]) -> None:
    """The file against itself and against its perturbed copy, ours and discodop's."""
    gold = require("disco", name)
    require("disco", "proper.prm")
    (tmp_path / "proper.prm").write_bytes((gold.parent / "proper.prm").read_bytes())
    (tmp_path / "heads.txt").write_text(HEAD_RULES, encoding="utf-8")
    parses = tmp_path / ("parses" + gold.suffix)
    parses.write_text(perturb(gold.read_text(encoding="utf-8")), encoding="utf-8")
    assert parses.read_text(encoding="utf-8") != gold.read_text(encoding="utf-8")
    for candidate in (gold, parses):
        args = [str(gold), str(candidate), *options, *fmt]
        theirs = run_oracle("discodop-eval", args, tmp_path)
        ours = run_treeeval(["disco", *args], tmp_path)
        assert ours.status == theirs.status, ours.stderr
        assert canonical(ours.stdout.decode()) == canonical(theirs.stdout.decode())


@pytest.mark.parametrize("options", OPTIONS, ids=" ".join)
@pytest.mark.parametrize("name, fmt, perturb", CASES, ids=[case[0] for case in CASES])
def test_same_output_as_discodop(tmp_path: Path, name: str, fmt: list[str], perturb,
                                 options: list[str]) -> None:
    _compare(tmp_path, name, fmt, perturb, options)


@pytest.mark.parametrize("options", SCORES, ids=" ".join)
@pytest.mark.parametrize("name, fmt, perturb", CASES, ids=[case[0] for case in CASES])
def test_optional_scores_as_discodop(tmp_path: Path, name: str, fmt: list[str], perturb,
                                     options: list[str]) -> None:
    _compare(tmp_path, name, fmt, perturb, options)


def test_parameter_file_discodop_rejects(tmp_path: Path) -> None:
    """longsent.prm is a parser's parameter file: discodop stops on its first line."""
    gold = require("disco", "longsent.dbr")
    prm = require("disco", "longsent.prm")
    args = [str(gold), str(gold), str(prm), "--fmt=discbracket"]
    theirs = run_oracle("discodop-eval", args, tmp_path)
    ours = run_treeeval(["disco", *args], tmp_path)
    assert (ours.status, ours.stdout) == (theirs.status, theirs.stdout) == (1, b"")
    assert ours.stderr.decode() == f"treeeval: error: {prm}:1: unknown key 'stages=['\n"
