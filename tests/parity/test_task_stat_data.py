"""``treeeval task --stat bootstrap`` on ../shared/data/ud/conll2018 (5 treebanks, 7 teams,
some runs missing), 10,000 resamples:

* on each treebank and ranked metric (LAS, MLAS, BLEX) the best team is the scored run with
  the highest F1 of the task's own runs, every other scored run is tested, a missing run is
  not, and the cluster is the best plus the teams whose corrected p-value is not below 0.05;
* on en_ewt and cs_pud (the treebanks where BLEX has a cluster of two), every test equals the
  one ``treeeval ud --stat bootstrap --baseline BEST`` runs on the treebank's scored runs, and
  so does the cluster;
* ``--jobs 1`` and ``--jobs 2`` write the same document.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from cli_runner import run_treeeval
from test_task_parity import TASK, need

METRICS = ("LAS", "MLAS", "BLEX")


@cache
def document(jobs: str = "2") -> dict:
    """``treeeval task --json --stat bootstrap`` over the grid."""
    ran = run_treeeval(["task", "--json", "--layout", "folders", "--stat", "bootstrap",
                        "--jobs", jobs, str(TASK / "gold"), str(TASK / "systems")], TASK)
    assert ran.status == 0
    return json.loads(ran.stdout)


def scored(treebank: str) -> dict[str, dict]:
    """The task's scored runs of a treebank, by team (in the task's order)."""
    return {run["team"]: run["metrics"] for run in document()["runs"]
            if run["treebank"] == treebank and run["status"] == "ok"}


def test_best_teams_and_clusters() -> None:
    need(TASK)
    clusters = document()["significance"]["clusters"]
    assert tuple(clusters) == METRICS
    for metric in METRICS:
        for entry in clusters[metric]:
            runs = scored(entry["treebank"])
            top = max(values[metric]["f1"] for values in runs.values())
            assert entry["best"] == next(team for team, values in runs.items()
                                         if values[metric]["f1"] == top)
            assert [test["team"] for test in entry["tests"]] == [
                team for team in runs if team != entry["best"]]
            assert entry["cluster"] == [entry["best"]] + [
                test["team"] for test in entry["tests"] if test["p_adjusted"] >= 0.05]
    assert [entry["cluster"] for entry in clusters["BLEX"][:2]] == [
        ["UDPipe-Future", "HIT-SCIR-18"], ["HIT-SCIR-18", "Stanford-18"]]


@pytest.mark.parametrize("treebank", ["cs_pud", "en_ewt"])
@pytest.mark.parametrize("metric", METRICS)
def test_each_test_is_treeeval_uds(treebank: str, metric: str) -> None:
    need(TASK)
    entry = next(entry for entry in document()["significance"]["clusters"][metric]
                 if entry["treebank"] == treebank)
    ran = run_treeeval(["ud", "--stat", "bootstrap", "--metrics", metric, "--baseline",
                        entry["best"], "--format", "json", f"gold/{treebank}.conllu",
                        *(f"systems/{team}/{treebank}.conllu" for team in scored(treebank))],
                       TASK)
    assert ran.status == 0
    cells = {system["name"]: system["cells"][0]["significance"]
             for system in json.loads(ran.stdout)["systems"]}
    assert {test["team"]: (test["p_value"], test["p_adjusted"])
            for test in entry["tests"]} == {
        team: (cell["p_value"], cell["p_adjusted"]) for team, cell in cells.items() if cell}
    assert entry["cluster"] == [entry["best"]] + [
        team for team, cell in cells.items() if cell and not cell["significant"]]


def test_jobs_one_and_two() -> None:
    need(TASK)
    assert document("1") == document("2")
