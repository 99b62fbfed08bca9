"""Issue 25's two incomplete runs, on the real files: a comparison never ranks nor tests a
system whose scores leave part of the gold out.

* WSJ 23: the Berkeley parser's damaged copy (``perturbed``) is stopped by MAX_ERROR at
  sentence 882 of 2,416, and its partial figures are higher than the complete run's (F1
  63.17 against 62.61).
* WSJ 22: the Berkeley output cut to its first 100 sentences, identical to the complete
  output on those 100.

In every format the incomplete system is marked with why and how much is missing, it is never
the best of a column and never tested, and ``--strict`` exits 1.  Each system's own report
stays EVALB's (tests/parity/test_bracket_compare_data.py)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from shared_data import require

from treeeval.tables import FORMATS

STOPPED = "stopped by MAX_ERROR at sentence 882 of 2,416"
CUT = "100 of 1,700 sentences"


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[str], str, str]]:
    """Each case: the files (gold, complete system, incomplete system), the incomplete
    system's short name and why it is incomplete."""
    wsj23, wsj22 = require("evalb", "wsj23"), require("evalb", "wsj22")
    made = tmp_path_factory.mktemp("cut")
    complete = wsj22 / "wsj22.berkeley_MLE.top.tst"
    lines = complete.read_bytes().splitlines(keepends=True)
    (made / "first100.tst").write_bytes(b"".join(lines[:100]))
    return {
        "wsj23": ([str(wsj23 / "wsj23.auto.clean.gld"), str(wsj23 / "wsj23.berkeley_MLE.top.tst"),
                   str(wsj23 / "wsj23.berkeley_MLE.perturbed.tst")],
                  "wsj23.berkeley_MLE.perturbed", STOPPED),
        "wsj22": ([str(wsj22 / "wsj22.auto.clean.gld"), str(complete),
                   str(made / "first100.tst")], "first100", CUT)}


def run(files: list[str], *args: str) -> tuple[int, str, str]:
    done = run_treeeval(["bracket", "-p", "COLLINS.prm", *args, *files], Path(files[0]).parent)
    return done.status, done.stdout.decode(), done.stderr.decode()


@pytest.mark.parametrize("case", ["wsj23", "wsj22"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_marks_the_incomplete_run_and_tests_nothing(
        cases: dict[str, tuple[list[str], str, str]], case: str, fmt: str) -> None:
    files, name, why = cases[case]
    status, out, err = run(files, "--stat", "ar", "--resamples", "200", "--format", fmt)
    assert status == (1 if case == "wsj23" else 0)  # a MAX_ERROR stop exits 1, as EVALB
    assert f"incomplete ({why}): marked in the comparison, never its best, not tested" in err
    if fmt == "csv":
        rows = [row for row in csv.DictReader(io.StringIO(out, newline=""))
                if row["system"] == name]
        assert {(row["incomplete"], row["best"], row["test"]) for row in rows} == {
            (why, "false", "")}
        return
    if fmt == "json":
        system = json.loads(out)["systems"][1]
        assert (system["name"], system["incomplete"]) == (name, why)
        assert not any(cell["best"] or cell["significance"] for cell in system["cells"])
        return
    flat = " ".join(out.replace("\\", "").split())  # Markdown's and LaTeX's escapes
    assert f"{name} (incomplete)" in flat and why in flat
    assert "never the best of a column, not tested" in flat
    row = next(line for line in out.splitlines() if f"{name} (incomplete)" in line.replace(
        "\\", ""))
    for mark in ("*", "†", "textbf", "dagger", "<strong>"):  # neither best nor tested
        assert mark not in row, (mark, row)


@pytest.mark.parametrize("case", ["wsj23", "wsj22"])
def test_the_text_table_says_why_there_is_no_test_and_strict_exits_1(
        cases: dict[str, tuple[list[str], str, str]], case: str) -> None:
    files, name, why = cases[case]
    status, out, err = run(files, "--strict", "--stat", "bootstrap", "--resamples", "200")
    assert status == 1
    assert f"{name}  no test: it is incomplete ({why})" in out
    assert f"treeeval: error: {files[2]}: incomplete ({why})" in err
