"""Bad system files on WSJ 23 (issue 13): EVALB's stdout and exit status, and one warning.

Against the TOP-rooted gold file of WSJ 23 with COLLINS.prm, each damaged system file is
given to C EVALB (the oracle) and to ``treeeval bracket``: stdout and the exit status must be
EVALB's byte for byte, stderr EVALB's followed by treeeval's warning lines (docs/bad-input.md),
and ``--strict`` must turn them into errors with exit status 1.  A gzip-compressed system
file is read decompressed (issue 15; docs/differences.md): its stdout is EVALB's on the
decompressed file, with no warning.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from oracles import run_oracle
from shared_data import require

GOLD = "wsj23.auto.clean.gld"
ROOT_COST = ("test.tst:1: the test root label ROOT is not the gold root label TOP, and the "
             "parameters do not delete it: it costs a bracket in {0} of the first {0} sentences "
             "(delete it with DELETE_LABEL, or give the test trees the gold root label)")


def system_file(name: str, folder: Path) -> bytes:
    """The damaged system file ``name`` made from the Berkeley parser's output."""
    raw = (folder / "wsj23.berkeley_MLE.raw.tst").read_bytes()
    top = (folder / "wsj23.berkeley_MLE.top.tst").read_bytes()
    return {"truncated": raw[:20_000], "empty": b"", "root": raw, "top": top,
            "gzip": gzip.compress(top, mtime=0)}[name]


#: each damaged file and the warnings treeeval adds (the truncated file is ROOT-rooted too)
CASES = {
    "truncated": ["test.tst: has 62 lines, wsj23.auto.clean.gld has 2416; scored the first 62",
                  ROOT_COST.format(62)],
    "empty": ["test.tst: has no bracketed tree (empty, blank or comment lines only): "
              "nothing was scored"],
    "root": [ROOT_COST.format(1000)],
    "gzip": [],
    "top": [],
}


@pytest.fixture
def wsj23(tmp_path: Path) -> Path:
    """A folder with the gold file and COLLINS.prm (linked from ../shared)."""
    folder = require("evalb", "wsj23")
    (tmp_path / GOLD).symlink_to(folder / GOLD)
    (tmp_path / "COLLINS.prm").symlink_to(require("evalb", "prm", "COLLINS.prm"))
    return tmp_path


@pytest.mark.parametrize("name", sorted(CASES))
def test_damaged_system_file(name: str, wsj23: Path) -> None:
    folder = require("evalb", "wsj23")
    (wsj23 / "test.tst").write_bytes(system_file("top" if name == "gzip" else name, folder))
    args = ["-p", "COLLINS.prm", GOLD, "test.tst"]
    evalb = run_oracle("evalb", args, wsj23)
    (wsj23 / "test.tst").write_bytes(system_file(name, folder))
    ours = run_treeeval(["bracket", *args], wsj23)
    assert (ours.stdout, ours.status) == (evalb.stdout, evalb.status)
    warnings = "".join(f"treeeval: warning: {line}\n" for line in CASES[name]).encode()
    assert ours.stderr == evalb.stderr + warnings
    strict = run_treeeval(["bracket", *args, "--strict"], wsj23)
    assert strict.stdout == evalb.stdout
    said = strict.stderr[len(evalb.stderr):].decode().splitlines()
    assert said[:len(CASES[name])] == [f"treeeval: error: {line} (--strict)"
                                       for line in CASES[name]]
    assert strict.status == (1 if said else evalb.status)


def test_the_root_label_costs_what_the_warning_says(wsj23: Path) -> None:
    """ROOT against TOP (which COLLINS.prm deletes) costs precision; TOP costs nothing."""
    folder = require("evalb", "wsj23")
    scores = {}
    for name in ("root", "top"):
        (wsj23 / "test.tst").write_bytes(system_file(name, folder))
        report = run_treeeval(["bracket", "--json", "-p", "COLLINS.prm", GOLD, "test.tst"], wsj23)
        document = json.loads(report.stdout)
        scores[name] = document["all"]
        assert [n["message"] for n in document["notices"] if not n["strict_only"]] == [
            line.split(": ", 1)[1] for line in CASES[name]]
    assert scores["root"]["test"] == scores["top"]["test"] + scores["top"]["valid_sentences"]
    assert scores["root"]["fmeasure"] < scores["top"]["fmeasure"] - 1
