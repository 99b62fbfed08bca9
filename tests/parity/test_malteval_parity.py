"""``treeeval dep`` against MaltEval 1.0's stored outputs (../shared/data/conllx/malteval_out).

Each run ``NAME.cmd`` holds MaltEval's argv (run from shared/data/conllx) and ``NAME.txt``
its output; a supported run must print the same bytes.  Runs MaltEval aborts (``ERROR.*``)
must fail with a one-line error and exit status 1.
"""

from __future__ import annotations

import io
import shlex
from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.commands.dep import run_dep
from treeeval.dep.malteval_report import hash_order

CONLLX = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "conllx"
RUNS = CONLLX / "malteval_out"

SUPPORTED = [
    "en-plank.default", "en-plank.all-metrics", "en-plank.metric-LAS-UAS-LA",
    "en-plank.pattern", "en-plank.tab-noheader", "en-plank.details",
    "en-plank.groupby-deprel", "en-plank.groupby-deprel-all", "en-plank.groupby-cpostag",
    "en-plank.groupby-postag-all-accuracy20", "en-plank.groupby-sentence",
    "en-plank.groupby-relationlength", "en-plank.groupby-groupedrelationlength",
    "en-plank.exclude-unicode-punc", "en-plank.exclude-deprel-punct",
    "en-plank.two-parsers-nostat", "en-plank.stat-two-parsers",
    "en-plank.stat-two-parsers-LAS-UAS", "en-plank.stat-two-parsers-token-accuracy",
    "en-plank.eval-xml-deprel-recall10", "en-plank.eval-xml", "en-plank.groupby-frame",
    "en-plank.confusion-arcdirection", "en-plank.confusion-deprel",
    "en-plank.groupby-arcprojectivity",
]
#: MaltEval aborts on these inputs: a one-line error and exit status 1 here
ERRORS = ["ERROR.sentence-count-mismatch", "ERROR.phead-dash-in-parser2", "ERROR.phead-dash-in-parser2.token-accuracy",
          "ERROR.eval-xml-recall-with-LAS"]
#: MaltEval aborts on these inputs, treeeval scores them (docs/differences.md)
SCORED = ["ERROR.conllu-with-comments"]
#: MaltEval aborts on these command lines: a usage error (exit status 2) here
REJECTED = ["en-plank.stat-two-parsers-sentence-exactmatch"]
#: runs whose evaluation files are not in ../shared: test_malteval_evalpl_comparison.py
#: writes the files their outputs show and compares the bytes
EVALPL_COMPARISON = [f"en-plank.evalpl_comparison.{name}" for name in (
    "01_overall", "02_cpostag_accuracy", "03_cpostag_error_rate", "04_deprel",
    "05_deprel_and_attachment", "06_head_direction", "07_head_distance",
    "08_frame_confusion", "09_focus_word_errors", "10_sentence_errors", "sentence")]


def arguments(name: str) -> list[str]:
    """MaltEval's arguments of run ``name`` (after ``java -jar MaltEval.jar``)."""
    command = RUNS / f"{name}.cmd"
    if not command.exists():
        pytest.skip(f"shared reference data not found at {command} (parity tests need ../shared)")
    return shlex.split(command.read_text(encoding="utf-8").splitlines()[0])[3:]


@pytest.mark.parametrize("name", SUPPORTED)
def test_same_bytes_as_malteval(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # MaltEval's own arguments, nothing added: several metrics come in MaltEval's HashMap
    # order by default
    args = arguments(name)
    monkeypatch.chdir(CONLLX)
    out, err = io.BytesIO(), io.BytesIO()
    assert run_dep(args, out, err) == 0
    assert out.getvalue() == (RUNS / f"{name}.txt").read_bytes()


#: the supported runs with several metrics (``--Metric "A;B"``)
SEVERAL_METRICS = ["en-plank.all-metrics", "en-plank.exclude-deprel-punct",
                   "en-plank.exclude-unicode-punc", "en-plank.metric-LAS-UAS-LA",
                   "en-plank.pattern", "en-plank.stat-two-parsers-LAS-UAS",
                   "en-plank.tab-noheader", "en-plank.two-parsers-nostat"]


@pytest.mark.parametrize("name", SEVERAL_METRICS)
def test_metrics_in_command_line_order(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # --metric-order given: the columns follow the command line; given in MaltEval's
    # HashMap order, the metrics give MaltEval's tables byte for byte (only the argument
    # echo differs)
    args = arguments(name) + ["--metric-order", "given"]
    at = args.index("--Metric") + 1
    args[at] = ";".join(hash_order(args[at].split(";")))
    monkeypatch.chdir(CONLLX)
    out = io.BytesIO()
    assert run_dep(args, out, io.BytesIO()) == 0
    stored = (RUNS / f"{name}.txt").read_bytes()
    assert out.getvalue().split(b"\n")[1:] == stored.split(b"\n")[1:]


@pytest.mark.parametrize("name, status", [(name, 1) for name in ERRORS]
                         + [(name, 2) for name in REJECTED])
def test_aborted_runs_fail_cleanly(name: str, status: int) -> None:
    args = arguments(name)
    missing = sorted({a for a in args if a.endswith((".conll", ".conllu"))
                      and not (CONLLX / a).exists()})
    if missing:
        pytest.skip(f"input of {name} not found: {', '.join(missing)}")
    done = run_treeeval(["dep", *args], CONLLX)
    assert done.status == status
    assert done.stdout == b""
    first = done.stderr.decode().splitlines()[0]
    assert first.startswith("treeeval: error: ")
    assert "Traceback" not in done.stderr.decode()


def test_arc_direction_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # the confusion run is not supported yet, but its first table is plain GroupBy ArcDirection
    args = [a for a in arguments("en-plank.confusion-arcdirection") if a not in (
        "--confusion-matrix", "1")]
    monkeypatch.chdir(CONLLX)
    out = io.BytesIO()
    assert run_dep(args, out, io.BytesIO()) == 0
    stored = (RUNS / "en-plank.confusion-arcdirection.txt").read_text(encoding="utf-8")
    table = stored[stored.index("parseraccuracy"):stored.index("\n\n=====") + 2]
    assert out.getvalue().decode().endswith(table)


@pytest.mark.parametrize("name", SCORED)
def test_conllu_comments_are_skipped(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    args = arguments(name)
    missing = sorted({a for a in args if a.endswith(".conllu") and not (CONLLX / a).exists()})
    if missing:
        pytest.skip(f"input of {name} not found: {', '.join(missing)}")
    monkeypatch.chdir(CONLLX)
    out = io.BytesIO()
    assert run_dep(args, out, io.BytesIO()) == 0
    assert b"1             Row mean" in out.getvalue()


def test_every_run_is_listed() -> None:
    if not RUNS.exists():
        pytest.skip(f"shared reference data not found at {RUNS} (parity tests need ../shared)")
    stored = {path.stem for path in RUNS.glob("*.cmd")}
    listed = set(SUPPORTED) | set(ERRORS) | set(SCORED) | set(REJECTED) | set(EVALPL_COMPARISON)
    assert stored == listed
