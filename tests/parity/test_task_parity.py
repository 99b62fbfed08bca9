"""``treeeval task`` on ../shared/data/ud/conll2018 (5 treebanks, 7 teams, some runs missing):

* every run's counts equal those of ``treeeval ud --json GOLD SYS`` (in process), and every
  number of the reference scorer's table (``oracle conll18 -v GOLD SYS``: precision, recall,
  F1 and aligned accuracy of every metric) is the run's, printed as the scorer prints it;
* each team's macro-averages equal those of the ud folder mode ``treeeval ud -v GOLD_DIR
  SYSTEMS_DIR/TEAM`` (a missing run counting 0 in both), with the 2018 and the 2017 rules;
* ``--tira TEAM OUT_DIR`` for each team: stdout and ``evaluation.prototext`` byte for byte
  those of the official wrapper (``oracle conll18-tira``) on a metadata.json written here for
  the 5 treebanks; the prototext holds every metric's F1 of every run, so the wrapper checks
  each per-run number too, and its totals are the task's macro-averages.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from oracles import run_oracle

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
TASK = SHARED / "data" / "ud" / "conll2018"
TEAMS = ["HIT-SCIR-18", "ICS-PAS", "LATTICE-18", "Stanford-18", "TurkuNLP-18", "UDPipe-Future",
         "conll18-baseline"]
TREEBANKS = ["cs_pud", "en_ewt", "fi_tdt", "he_htb", "ja_gsd"]


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (parity tests need ../shared)")
    return path


@cache
def task_document(*options: str) -> dict[str, object]:
    """``treeeval task --json`` over the whole grid (the folders layout: the gold folder's
    metadata.json lists all 82 treebanks of CoNLL 2018, of which 5 are here)."""
    ran = run_treeeval(["task", "--json", "--layout", "folders", *options, str(TASK / "gold"),
                        str(TASK / "systems")], TASK)
    assert ran.status == 0
    return json.loads(ran.stdout)


def test_the_grid() -> None:
    need(TASK)
    document = task_document()
    assert document["teams"] == TEAMS and document["treebanks"] == TREEBANKS
    assert len(document["runs"]) == 35
    assert sum(run["status"] == "failed" for run in document["runs"]) == 11
    assert {run["failure"]["kind"] for run in document["runs"] if run["failure"]} == {"open"}


@pytest.mark.parametrize("team", TEAMS)
def test_every_run_is_scored_as_treeeval_ud(team: str) -> None:
    need(TASK)
    for run in task_document()["runs"]:
        if run["team"] != team or run["status"] != "ok":
            continue
        ran = run_treeeval(["ud", "--json", str(TASK / "gold" / f"{run['treebank']}.conllu"),
                            run["system"]], TASK)
        pair = json.loads(ran.stdout)["pairs"][0]["metrics"]
        assert {name: (v["correct"], v["gold"], v["system"]) for name, v in pair.items()} == {
            name: (v["correct"], v["gold"], v["system"]) for name, v in run["metrics"].items()}


@pytest.mark.parametrize("team", TEAMS)
def test_every_run_is_the_reference_scorer(team: str) -> None:
    need(TASK)
    runs = [run for run in task_document()["runs"] if run["team"] == team and run["metrics"]]
    assert runs
    for run in runs:
        reference = run_oracle("conll18", ["-v", str(TASK / "gold" / f"{run['treebank']}.conllu"),
                                           run["system"]], TASK)
        assert reference.status == 0, reference.stderr
        rows = [line.split("|") for line in reference.stdout.decode().splitlines()[2:]]
        theirs = {row[0].strip(): [cell.strip() for cell in row[1:]] for row in rows}
        ours = {}
        for name, value in run["metrics"].items():
            aligned = ("" if value["aligned"] is None
                       else f"{100 * (value['correct'] / value['aligned']):.2f}")
            ours[name] = [f"{value[key]:.2f}" for key in ("precision", "recall", "f1")] + [aligned]
        assert ours == theirs, run["system"]


@pytest.mark.parametrize("rules", [[], ["--conll17"]], ids=["conll18", "conll17"])
@pytest.mark.parametrize("team", TEAMS)
def test_macro_averages_are_the_ud_folder_mode(team: str, rules: list[str]) -> None:
    need(TASK)
    ran = run_treeeval(["ud", "-v", *rules, str(TASK / "gold"), str(TASK / "systems" / team)],
                       TASK)
    block = ran.stdout.decode().split("Macro-average over 5 treebanks")[1].splitlines()[3:]
    theirs = {line.split("|")[0].strip(): line.split("|")[1].strip() for line in block}
    ours = task_document(*rules)["averages"][team]
    assert theirs == {name: f"{value:.2f}" for name, value in ours.items()}


@pytest.mark.parametrize("team", TEAMS)
def test_tira_is_the_official_wrapper(team: str, tmp_path: Path) -> None:
    need(TASK)
    truth = tmp_path / "truth"
    truth.mkdir()
    metadata = []
    for treebank in TREEBANKS:
        (truth / f"{treebank}.conllu").symlink_to(TASK / "gold" / f"{treebank}.conllu")
        lcode, tcode = treebank.split("_")
        metadata.append({"lcode": lcode, "tcode": tcode, "goldfile": f"{treebank}.conllu",
                         "outfile": f"{treebank}.conllu"})
    (truth / "metadata.json").write_text(json.dumps(metadata), encoding="utf-8")
    for folder in ("reference", "ours"):
        (tmp_path / folder).mkdir()
    reference = run_oracle("conll18-tira", ["truth", str(TASK / "systems" / team), "reference"],
                           tmp_path)
    assert reference.status == 0, reference.stderr
    ours = run_treeeval(["task", "--jobs", "1", "--tira", team, "ours", "truth",
                         str(TASK / "systems")],
                        tmp_path)
    assert (ours.status, ours.stdout) == (0, reference.stdout)
    reference_text = (tmp_path / "reference" / "evaluation.prototext").read_text("utf-8")
    assert (tmp_path / "ours" / "evaluation.prototext").read_text("utf-8") == reference_text
    # the wrapper's totals are the task's macro-averages (over the same 5 treebanks)
    totals = dict(re.findall(r'key: "total-(\w+)-F1"\n  value: "([\d.]+)"', reference_text))
    assert totals == {name: f"{value:.2f}"
                      for name, value in task_document()["averages"][team].items()}
