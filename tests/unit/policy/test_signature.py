"""The signature of a run (treeeval.policy.signature, ``--signature``): the exact line for
fixed command lines, a change of any number-changing setting changes it, an irrelevant one
does not, and without ``--signature`` the output is unchanged."""

from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path

import pytest

from treeeval import __version__
from treeeval.arguments import run_command
from treeeval.formats.headrules import find_heads
from treeeval.formats.prm import find_prm
from treeeval.policy.signature import build, escape, file_digest

GOLD_TREE = "(TOP (S (NP (DT a) (NN b)) (VP (VB c)) (. .)))\n"
TEST_TREE = "(TOP (S (DT a) (X (NN b) (VB c)) (. .)))\n"
ROW = "{}\t{}\t_\t{}\t{}\t_\t{}\t{}\t_\t_\n"
GOLD_CONLL = (ROW.format(1, "Rain", "NN", "NN", 2, "nsubj") + ROW.format(2, "fell", "VB", "VB", 0,
                                                                         "root")
              + ROW.format(3, ".", ".", ".", 2, "punct") + "\n")
SYS_CONLL = GOLD_CONLL.replace("nsubj", "obj")
PRM = "LABELED 1\nDELETE_LABEL TOP\nDELETE_LABEL .\n"
EVAL_XML = ('<evaluation><parameter name="Metric"><value>UAS</value></parameter>'
            '</evaluation>\n')
FILES = {"gold.mrg": GOLD_TREE, "test.mrg": TEST_TREE, "gold.conll": GOLD_CONLL,
         "sys.conll": SYS_CONLL, "gold.conllu": GOLD_CONLL, "sys.conllu": SYS_CONLL,
         "mine.prm": PRM, "eval.xml": EVAL_XML, "key.lin": "Rain N < fell\nfell V *\n",
         "answer.lin": "Rain N ?\nfell V *\n", "w.tsv": "nsubj\t2\nroot\t1\npunct\t0\n",
         "c.tsv": "nsubj\tcontent\nroot\tcontent\npunct\tother\n"}
V = f"version:{__version__}"


def sha8(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def bundled(name: str) -> str:
    return file_digest(find_prm(name))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*argv: str) -> tuple[int, bytes]:
    """``treeeval ARGV...`` in process: the exit status and stdout."""
    out = io.BytesIO()
    status = run_command(argv[0], argv[1:], out, io.BytesIO())
    return status, out.getvalue()


def signature(*argv: str) -> str:
    """The signature line a command line ends with (checking the line is the last one)."""
    status, out = run(*argv, "--signature")
    assert status == 0, out
    *_, last = out.decode().splitlines()
    assert last.startswith("signature: ") and out.endswith(b"\n")
    return last[len("signature: "):]


def test_the_builder() -> None:
    assert build("x", [("a", "1"), ("b", None), ("c", ["p q", "r|s"]), ("d", False)]) == \
        f"cmd:x|a:1|c:p%20q;r%7Cs|d:no|{V}"
    assert escape("100%") == "100%25"


def test_a_file_is_named_by_its_base_name_and_content_hash(folder: Path) -> None:
    assert build("x", [("f", folder / "mine.prm")]) == f"cmd:x|f:mine.prm#{sha8(PRM)}|{V}"


def test_exact_signatures(folder: Path) -> None:
    collins = bundled("COLLINS.prm")
    assert signature("bracket", "-p", "COLLINS.prm", "gold.mrg", "test.mrg").startswith(
        f"cmd:bracket|prm:COLLINS.prm#{collins}|lab:1|cut:40|maxerr:10|params:")
    # the effective parameter set, hashed as canonical JSON (sorted keys, no spaces)
    params = sha8('{"cutoff_len":20,"delete_label":["TOP","."],"delete_label_for_length":[],'
                  '"eq_label":[],"eq_word":[],"labeled":1,"max_error":10,"quote_label":[]}')
    assert signature("bracket", "-p", "mine.prm", "-c", "20", "gold.mrg", "test.mrg") == \
        f"cmd:bracket|prm:mine.prm#{sha8(PRM)}|lab:1|cut:20|maxerr:10|params:{params}|{V}"
    assert signature("dep", "gold.conll", "sys.conll", "--Metric", "LAS;UAS",
                     "--ExcludeDeprels", "punct|dep", "--MaxSentenceLength", "40") == \
        f"cmd:dep|metric:LAS;UAS|group:Token|maxlen:40|xdeprel:punct%7Cdep|{V}"
    assert signature("dep", "-e", "eval.xml", "-g", "gold.conll", "-s", "sys.conll") == \
        f"cmd:dep|metric:UAS|group:Token|eval:eval.xml#{sha8(EVAL_XML)}|{V}"
    assert signature("dep", "gold.conll", "sys.conll", "--report", "eval07:p") == \
        f"cmd:dep|report:eval07:p|{V}"
    assert signature("dep", "gold.conll", "sys.conll", "sys.conll", "--stat", "bootstrap",
                     "--resamples", "50", "--seed", "3") == \
        f"cmd:dep|metric:LAS|group:Token|stat:bootstrap|resamples:50|seed:3|{V}"
    assert signature("ud", "gold.conllu", "sys.conllu") == \
        f"cmd:ud|rules:conll18|mroots:no|callin:no|{V}"
    assert signature("ud", "--conll17", "-w", "w.tsv", "--multiple-roots-okay",
                     "gold.conllu", "sys.conllu") == \
        f"cmd:ud|rules:conll17|mroots:yes|weights:w.tsv#{sha8(FILES['w.tsv'])}|callin:no|{V}"
    assert signature("ud", "--callin-classes", "c.tsv", "gold.conllu", "sys.conllu") == \
        f"cmd:ud|rules:conll18|mroots:no|callin:yes|classes:c.tsv#{sha8(FILES['c.tsv'])}|" \
        f"wlas:entropy|{V}"
    assert signature("lin", "key.lin", "answer.lin") == f"cmd:lin|ops:none|{V}"
    assert signature("errors", "gold.mrg", "test.mrg") == f"cmd:errors|prm:none|del:builtin|{V}"
    assert signature("errors", "gold.mrg", "test.mrg", "-p", "COLLINS.prm").startswith(
        f"cmd:errors|prm:COLLINS.prm#{collins}|del:")


def test_bracketed_input_names_its_head_table(folder: Path) -> None:
    (folder / "one.mrg").write_text("(TOP (S (NP (NN Rain)) (VP (VBD fell)) (. .)))\n")
    heads = file_digest(find_heads("collins"))
    assert signature("lin", "one.mrg", "gold.conll") == \
        f"cmd:lin|heads:collins.heads#{heads}|ops:none|{V}"
    assert signature("dep", "one.mrg", "gold.conll", "-p", "COLLINS.prm") == \
        f"cmd:dep|metric:LAS|group:Token|heads:collins.heads#{heads}|" \
        f"prm:COLLINS.prm#{bundled('COLLINS.prm')}|{V}"


@pytest.mark.parametrize("command, base, changed", [
    ("bracket", ["gold.mrg", "test.mrg"], ["-c", "10"]),
    ("bracket", ["gold.mrg", "test.mrg"], ["-e", "3"]),
    ("bracket", ["gold.mrg", "test.mrg"], ["-p", "COLLINS.prm"]),
    ("bracket", ["-p", "COLLINS.prm", "gold.mrg", "test.mrg"], ["-p", "new.prm"]),
    # the same effective CUTOFF_LEN, but -c after -p overrides it: only the order differs
    ("bracket", ["-c", "10", "-p", "COLLINS.prm", "gold.mrg", "test.mrg"], ["-c", "10"]),
    ("dep", ["gold.conll", "sys.conll"], ["--Metric", "UAS"]),
    ("dep", ["gold.conll", "sys.conll"], ["--GroupBy", "Deprel"]),
    ("dep", ["gold.conll", "sys.conll"], ["--MinSentenceLength", "2"]),
    ("dep", ["gold.conll", "sys.conll"], ["--ExcludePostags", "."]),
    ("dep", ["gold.conll", "sys.conll"], ["--ExcludeUnicodePunc", "1"]),
    ("dep", ["gold.conll", "sys.conll"], ["--report", "evalpl"]),
    ("dep", ["gold.conll", "sys.conll"], ["-p", "COLLINS.prm"]),
    ("dep", ["gold.conll", "sys.conll", "sys.conll", "--stat", "ar"], ["--seed", "2"]),
    ("ud", ["gold.conllu", "sys.conllu"], ["--conll17"]),
    ("ud", ["gold.conllu", "sys.conllu"], ["--callin"]),
    ("ud", ["gold.conllu", "sys.conllu", "--callin"], ["--callin-weights", "w.tsv"]),
    ("errors", ["gold.mrg", "test.mrg"], ["-p", "COLLINS.prm"]),
])
def test_a_number_changing_option_changes_it(folder: Path, command: str, base: list[str],
                                             changed: list[str]) -> None:
    assert signature(command, *base) != signature(command, *base, *changed)


@pytest.mark.parametrize("command, base, irrelevant", [
    ("bracket", ["gold.mrg", "test.mrg"], ["--jobs", "2"]),
    ("bracket", ["gold.mrg", "test.mrg"], ["--reference-engine"]),
    ("bracket", ["gold.mrg", "test.mrg"], ["-d"]),
    ("bracket", ["gold.mrg", "test.mrg"], ["--per-sentence", "out.jsonl"]),
    ("dep", ["gold.conll", "sys.conll"], ["--output", "out.txt"]),
    ("dep", ["gold.conll", "sys.conll"], ["--details", "1", "--pattern", "0.0"]),
    ("ud", ["gold.conllu", "sys.conllu"], ["-v"]),
    ("lin", ["key.lin", "answer.lin"], ["--tuples"]),
    ("lin", ["key.lin", "answer.lin"], ["--heads", "magerman"]),  # no tree is converted
    ("errors", ["gold.mrg", "test.mrg"], ["--per-sentence", "out.jsonl"]),
])
def test_an_irrelevant_option_does_not(folder: Path, command: str, base: list[str],
                                       irrelevant: list[str]) -> None:
    assert signature(command, *base) == signature(command, *base, *irrelevant)


def test_a_changed_prm_content_changes_the_hash(folder: Path) -> None:
    before = signature("bracket", "-p", "mine.prm", "gold.mrg", "test.mrg")
    (folder / "mine.prm").write_text(PRM + "# a comment\n")
    after = signature("bracket", "-p", "mine.prm", "gold.mrg", "test.mrg")
    assert before != after
    # only the file's hash differs: a comment changes no effective setting
    assert before.split("|")[2:] == after.split("|")[2:]
    (folder / "mine.prm").write_text(PRM + "DELETE_LABEL ,\n")
    assert signature("bracket", "-p", "mine.prm", "gold.mrg", "test.mrg").split("|")[-2] != \
        before.split("|")[-2]


@pytest.mark.parametrize("argv", [
    ["bracket", "-p", "COLLINS.prm", "gold.mrg", "test.mrg"],
    ["dep", "gold.conll", "sys.conll", "--Metric", "LAS;UAS"],
    ["ud", "gold.conllu", "sys.conllu"],
    ["lin", "key.lin", "answer.lin"],
    ["errors", "gold.mrg", "test.mrg"],
])
def test_the_signature_is_one_more_line_at_the_end(folder: Path, argv: list[str]) -> None:
    status, plain = run(*argv)
    signed_status, signed = run(*argv, "--signature")
    assert status == signed_status == 0
    assert signed.startswith(plain)
    assert signed[len(plain):].count(b"\n") == 1


@pytest.mark.parametrize("argv", [
    ["bracket", "-p", "COLLINS.prm", "gold.mrg", "test.mrg", "--json"],
    ["dep", "gold.conll", "sys.conll", "--json"],
    ["ud", "gold.conllu", "sys.conllu", "--json"],
    ["errors", "gold.mrg", "test.mrg", "--json"],
])
def test_json_carries_the_signature_and_stays_json(folder: Path, argv: list[str]) -> None:
    _, plain = run(*argv)
    _, signed = run(*argv, "--signature")
    document = json.loads(signed)
    assert document == json.loads(plain)
    assert list(document)[:4] == ["schema", "version", "command", "signature"]
    assert document["signature"].startswith(f"cmd:{argv[0]}|")
    assert document["signature"].endswith(f"|{V}")


def test_dep_output_to_a_file_leaves_the_signature_on_stdout(folder: Path) -> None:
    status, out = run("dep", "gold.conll", "sys.conll", "--output", "out.txt", "--signature")
    assert status == 0 and out.decode().startswith("signature: cmd:dep|")
    assert "signature" not in (folder / "out.txt").read_text()
    assert os.path.getsize(folder / "out.txt") > 0
