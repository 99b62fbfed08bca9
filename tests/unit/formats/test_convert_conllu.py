"""``treeeval convert --format conllu``: sent_id and text comments, the Penn tag in XPOS, no
UPOS, and output that ``treeeval ud`` and ``treeeval dep`` score as they score CoNLL-X."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cli_runner import run_treeeval

from treeeval.formats.conll import read_conll

GOLD = (b"( (S (NP-SBJ (NNP Vinken)) (VP (MD will) (VP (VB join) (NP (DT the) (NN board))"
        b" (PRN (-LRB- -LRB-) (NP (NN director)) (-RRB- -RRB-)))) (. .)))\n"
        b"(TOP (S (NP (-NONE- *)) (VP (VB Go) (ADVP (RB home)))))\n"
        b"(TOP (S (NP (PRP It)) (VP (VBD rained)) (. .)))\n")
TEST = (b"( (S (NP-SBJ (NNP Vinken)) (VP (MD will) (VP (VB join) (NP (DT the) (NN board)"
        b" (PRN (-LRB- -LRB-) (NP (NN director)) (-RRB- -RRB-))))) (. .)))\n"
        b"(TOP (S (VP (VB Go) (ADVP (RB home)))))\n"
        b"(TOP (S (NP (PRP It)) (VP (VBD rained) (. .))))\n")


def convert(folder: Path, name: str, *options: str) -> bytes:
    ran = run_treeeval(["convert", *options, name], folder)
    assert ran.status == 0 and ran.stderr == b"", ran.stderr
    return ran.stdout


def test_comments_and_columns(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_bytes(GOLD)
    text = convert(tmp_path, "gold.mrg", "--format", "conllu").decode()
    blocks = text.split("\n\n")
    assert blocks[-1] == "" and len(blocks) == 4
    first = blocks[0].splitlines()
    assert first[:2] == ["# sent_id = 1",
                         "# text = Vinken will join the board -LRB- director -RRB- ."]
    rows = [line.split("\t") for line in first[2:]]
    assert [(row[1], row[3], row[4]) for row in rows] == [
        ("Vinken", "_", "NNP"), ("will", "_", "MD"), ("join", "_", "VB"), ("the", "_", "DT"),
        ("board", "_", "NN"), ("-LRB-", "_", "-LRB-"), ("director", "_", "NN"),
        ("-RRB-", "_", "-RRB-"), (".", "_", ".")]
    assert [block.splitlines()[:2] for block in blocks[1:3]] == [
        ["# sent_id = 2", "# text = Go home"], ["# sent_id = 3", "# text = It rained ."]]


def test_the_same_dependencies_as_conllx(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_bytes(GOLD)
    conllx = convert(tmp_path, "gold.mrg", "--labels", "function")
    (tmp_path / "x.conllx").write_bytes(conllx)
    (tmp_path / "u.conllu").write_bytes(
        convert(tmp_path, "gold.mrg", "--labels", "function", "--format", "conllu"))
    plain, universal = list(read_conll(tmp_path / "x.conllx")), list(read_conll(tmp_path / "u.conllu"))
    assert [(s.forms, s.heads, s.labels) for s in plain] == [
        (s.forms, s.heads, s.labels) for s in universal]
    assert [s.tags for s in plain] == [s.extra["postag"] for s in universal]


def test_sentence_numbers_count_the_input_trees_after_deletion(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_bytes(GOLD)
    (tmp_path / "p.prm").write_bytes(b"DELETE_LABEL TOP\nDELETE_LABEL .\nDELETE_LABEL -LRB-\n"
                                     b"DELETE_LABEL -RRB-\n")
    text = convert(tmp_path, "gold.mrg", "--format", "conllu", "-p", "p.prm").decode()
    assert re.findall(r"# (sent_id = \d+|text = .*)", text) == [
        "sent_id = 1", "text = Vinken will join the board director", "sent_id = 2",
        "text = Go home", "sent_id = 3", "text = It rained"]


def ud_f1(folder: Path, gold: str, system: str) -> dict[str, float]:
    """Each metric's F1 in ``treeeval ud -v``'s table (percent)."""
    ran = run_treeeval(["ud", "-v", gold, system], folder)
    assert ran.status == 0, ran.stderr
    rows = re.findall(r"^(\w+) +\|[^|]+\|[^|]+\| +([0-9.]+) \|", ran.stdout.decode(), re.M)
    return {name: float(f1) for name, f1 in rows}


def test_ud_scores_the_conversion_against_itself_100(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_bytes(GOLD)
    (tmp_path / "gold.conllu").write_bytes(convert(tmp_path, "gold.mrg", "--format", "conllu"))
    scores = ud_f1(tmp_path, "gold.conllu", "gold.conllu")
    assert set(scores.values()) == {100.0} and {"UPOS", "XPOS", "LAS"} <= set(scores)


def test_ud_and_dep_agree_on_converted_systems(tmp_path: Path) -> None:
    """On the same words, UD's LAS and UAS F1 are MaltEval's LAS and UAS."""
    for name, trees in (("gold", GOLD), ("test", TEST)):
        (tmp_path / f"{name}.mrg").write_bytes(trees)
        (tmp_path / f"{name}.conllu").write_bytes(
            convert(tmp_path, f"{name}.mrg", "--format", "conllu", "--labels", "category"))
    ud = ud_f1(tmp_path, "gold.conllu", "test.conllu")
    dep = run_treeeval(["dep", "gold.conllu", "test.conllu", "--json"], tmp_path)
    assert dep.status == 0, dep.stderr
    system = json.loads(dep.stdout)["systems"][0]
    assert 0 < ud["LAS"] <= ud["UAS"] < 100
    assert (round(system["LAS"]["score"], 2), round(system["UAS"]["score"], 2)) == (
        ud["LAS"], ud["UAS"])
