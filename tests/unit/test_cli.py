"""``treeeval bracket`` end to end on small files: options, errors, JSON, jobs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import Run, run_treeeval

from treeeval.version import __version__

GOLD = b"""(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))
(TOP (S (NP (PRP It)) (VP (VBD ran) (ADVP (RB away)))))
(TOP (S (NP (NNS Cats)) (VP (VBP sleep))))
"""
TEST = b"""(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))
(TOP (S (NP (PRP It)) (VP (VBD ran)) (PRT (RB away))))
(TOP (S (NP (NNS Cats)) (VP (VBZ sleep))))
"""


#: this checkout, so that ``python -m treeeval`` in another folder runs its code
ROOT = Path(__file__).resolve().parents[2]


def treeeval(*args: str, cwd: Path) -> Run:
    """``treeeval ARGS`` run in process in ``cwd``."""
    return run_treeeval(args, cwd)


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "gold").write_bytes(GOLD)
    (tmp_path / "test").write_bytes(TEST)
    return tmp_path


def test_report_with_bundled_params(files: Path) -> None:
    result = treeeval("bracket", "-p", "COLLINS.prm", "gold", "test", cwd=files)
    assert result.status == 0 and result.stderr == b""
    lines = result.stdout.decode().splitlines()
    assert lines[3] == "   1    4    0  100.00 100.00     3      3    3      0      3     3   100.00"
    assert lines[4] == "   2    3    0   75.00  75.00     3      4    4      0      3     3   100.00"
    assert "Tagging accuracy          =  87.50" in lines
    assert (files / "gold").read_bytes() == GOLD and (files / "test").read_bytes() == TEST


def test_the_console_entry_point_in_a_real_process(files: Path) -> None:
    # the one test that starts ``python -m treeeval`` itself (every other test runs the
    # command in process): __main__, the real stdout and stderr and the exit status must work
    def real(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([sys.executable, "-m", "treeeval", *args], cwd=files,
                              capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})

    version = real("--version")
    assert version.returncode == 0 and version.stdout == f"treeeval {__version__}\n".encode()
    scored = real("bracket", "-p", "COLLINS.prm", "gold", "test")
    assert (scored.returncode, scored.stderr) == (0, b"")
    in_process = treeeval("bracket", "-p", "COLLINS.prm", "gold", "test", cwd=files)
    assert scored.stdout == in_process.stdout


def test_options_apply_left_to_right(files: Path) -> None:
    before = treeeval("bracket", "-c", "3", "-p", "COLLINS.prm", "gold", "test", cwd=files)
    after = treeeval("bracket", "-p", "COLLINS.prm", "-c", "3", "gold", "test", cwd=files)
    assert b"-- len<=40 --" in before.stdout and b"-- len<=3 --" in after.stdout


def test_json_and_per_sentence(files: Path) -> None:
    result = treeeval("bracket", "-p", "COLLINS.prm", "--json", "--per-sentence", "rows.jsonl",
                      "gold", "test", cwd=files)
    assert result.status == 0
    document = json.loads(result.stdout)
    assert document["schema"] == "treeeval/1" and document["killed"] is False
    assert (document["all"]["matched"], document["all"]["gold"], document["all"]["test"]) == (9, 10, 10)
    assert document["cutoff"]["sentences"] == 3
    rows = [json.loads(line) for line in (files / "rows.jsonl").read_text().splitlines()]
    assert [row["line"] for row in rows] == [1, 2, 3] and rows[1]["matched"] == 3


def test_jobs_give_the_same_report(files: Path) -> None:
    (files / "gold").write_bytes(GOLD * 400)
    (files / "test").write_bytes(TEST * 400)
    one = treeeval("bracket", "-p", "COLLINS.prm", "--jobs", "1", "gold", "test", cwd=files)
    two = treeeval("bracket", "-p", "COLLINS.prm", "--jobs", "2", "gold", "test", cwd=files)
    assert one.status == two.status == 0 and one.stdout == two.stdout


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["bracket", "gold", "absent"], 1, "treeeval: error: absent: cannot open test file"),
        (["bracket", "absent", "test"], 1, "treeeval: error: absent: cannot open gold file"),
        (["bracket", "-p", "absent.prm", "gold", "test"], 1,
         "treeeval: error: absent.prm: no such parameter file (bundled: COLLINS.prm"),
        (["bracket", "gold"], 2, "treeeval: error: expected GOLD and TEST files"),
        (["bracket", "-e", "many", "gold", "test"], 2, "treeeval: error: option -e needs a whole number"),
        (["bracket", "--frobnicate", "gold", "test"], 2, "treeeval: error: unknown option --frobnicate"),
        (["frobnicate"], 2, "treeeval: error: unknown command 'frobnicate'"),
        (["bracket", "--per-sentence", "gold", "gold", "test"], 1,
         "treeeval: error: gold: is an input of this run; it is never written"),
        (["bracket", "--per-sentence", "no/such/dir.jsonl", "gold", "test"], 1,
         "treeeval: error: no/such/dir.jsonl: cannot write"),
    ],
)
def test_errors_are_one_line_never_a_traceback(files: Path, args, status, message) -> None:
    result = treeeval(*args, cwd=files)
    assert result.status == status
    assert result.stderr.decode().splitlines()[0].startswith(message)
    assert b"Traceback" not in result.stderr


def test_malformed_prm_shows_position_and_caret(files: Path) -> None:
    (files / "bad.prm").write_bytes(b"DEBUG 0\nCUTOFF_LEN forty\n")
    result = treeeval("bracket", "-p", "bad.prm", "gold", "test", cwd=files)
    assert result.status == 1
    assert result.stderr.decode().splitlines() == [
        "treeeval: error: bad.prm:2:12: CUTOFF_LEN needs a whole number, found 'forty'",
        "    CUTOFF_LEN forty",
        "               ^",
    ]


def test_max_error_kills_with_status_1(files: Path) -> None:
    (files / "test").write_bytes(b"(S (NN x))\n" * 3)
    result = treeeval("bracket", "-e", "0", "gold", "test", cwd=files)
    assert result.status == 1
    assert result.stderr == (b"1 : Length unmatch (4|1)\n2 : Length unmatch (3|1)\n"
                             b"treeeval: warning: test:2: stopped after 2 errors (MAX_ERROR 0); "
                             b"raise it with -e\n"
                             b"treeeval: warning: gold:1: the gold root label TOP is not the test "
                             b"root label S, and the parameters do not delete it: it costs a "
                             b"bracket in 3 of the first 3 sentences (delete it with DELETE_LABEL, "
                             b"or give the gold trees the test root label)\n")
    assert b"Summary" not in result.stdout
