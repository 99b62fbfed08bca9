"""EVALB's DELETE_LABEL rules before conversion (``treeeval convert -p PRM``)."""

from __future__ import annotations

import io
from pathlib import Path

from nltk import Tree

from treeeval.bracket.params import EvalbParams
from treeeval.commands.convert import run_convert
from treeeval.conversion.deletion import delete_labels

TREES = """( (S (NP-SBJ (PRP It)) (VP (VBZ rains) (PP (IN in) (NP (NNP Spain)))) (, ,) (. .)) )
"""


def convert(path: Path, *options: str) -> list[list[str]]:
    out = io.BytesIO()
    assert run_convert([*options, str(path)], out, io.BytesIO()) == 0
    return [line.split("\t") for line in out.getvalue().decode().splitlines() if line]


def test_convert_with_prm_deletes_punctuation(tmp_path: Path) -> None:
    path = tmp_path / "gold.mrg"
    path.write_text(TREES, encoding="utf-8")
    rows = convert(path, "-p", "COLLINS.prm")
    assert [row[1] for row in rows] == ["It", "rains", "in", "Spain"]
    assert [row[6] for row in rows] == ["2", "0", "2", "3"]
    own = tmp_path / "own.prm"
    own.write_text("DELETE_LABEL PP\n", encoding="utf-8")
    # PP spliced out: "in" and "Spain" join the verb phrase; the punctuation stays
    assert [row[6] for row in convert(path, "-p", str(own))] == ["2", "0", "2", "2", "2", "2"]


def test_delete_labels() -> None:
    params = EvalbParams(delete_label=[b"TOP", b"NP", b"."], eq_label=[(b"ADVP", b"PRT")])
    tree = Tree.fromstring("(TOP (S (NP-SBJ (NN It)) (VP (VB go) (PRT (RP on))) (. .)))")
    assert str(delete_labels(tree, params)) == "(S (NN It) (VP (VB go) (PRT (RP on))))"
    params.delete_label.append(b"ADVP")  # PRT goes with it (EQ_LABEL), as in EVALB
    assert str(delete_labels(tree, params)) == "(S (NN It) (VP (VB go) (RP on)))"
    # a deleted root with several children becomes an unlabelled wrapper
    flat = Tree.fromstring("(TOP (NP (NN it)) (. .) (VP (VBZ is)))")
    assert str(delete_labels(flat, params)) == "( (NN it) (VP (VBZ is)))"
    # a tag is deleted only when spelt exactly so; a phrase label is cut at - or =
    kept = Tree.fromstring("(S (NP-SBJ=2 (NN x)) (.-X .))")
    assert str(delete_labels(kept, EvalbParams(delete_label=[b"NP", b"."]))) \
        == "(S (NN x) (.-X .))"
