"""``treeeval task --stat`` on a tiny task written here (3 teams x 2 treebanks, 12 sentences
each, and one missing run): each team tested against the best of each treebank equals
``treeeval ud --stat --baseline BEST`` on the same files; --jobs 1 and 2 agree; the cluster
tables, the JSON document, the usage errors and the progress bar on a (fake) terminal."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from cli_runner import run_treeeval
from task_checks import assert_tests_are_treeeval_uds

from treeeval.arguments import parse_command
from treeeval.commands.task import run as run_task
from treeeval.policy.envelope import schema_path
from treeeval.task.backends import backend_for
from treeeval.task.layout import find_grid
from treeeval.task.run import TaskRun
from treeeval.task.runs import score_grid
from treeeval.task.significance import TaskStat

SENTENCES = 12


def sentence(index: int) -> str:
    """A gold sentence of four words (two nouns, a verb, an adverb)."""
    rows = [(1, f"Dogs{index}", "NOUN", 2, "nsubj"), (2, "bark", "VERB", 0, "root"),
            (3, "at", "ADP", 4, "case"), (4, f"cats{index}", "NOUN", 2, "obl")]
    return "".join("\t".join(map(str, (i, form, form.lower(), upos, "_", "_", head, rel, "_",
                                       "_"))) + "\n" for i, form, upos, head, rel in rows) + "\n"


def run_text(errors: set[int]) -> str:
    """The gold text with the obl of each sentence in ``errors`` attached to the subject."""
    return "".join(sentence(k).replace("2\tobl", "1\tobl") if k in errors else sentence(k)
                   for k in range(SENTENCES))


#: each team's wrong sentences per treebank; None: no run
TEAMS: dict[str, dict[str, set[int] | None]] = {
    "close": {"en": {3}, "fi": set()},
    "ace": {"en": set(), "fi": {1, 2, 5, 7, 8, 9, 11}},
    "far": {"en": set(range(0, SENTENCES, 2)), "fi": None},
}


@pytest.fixture
def task(tmp_path: Path) -> Path:
    """gold/TB.conllu and systems/TEAM/TB.conllu under tmp_path."""
    (tmp_path / "gold").mkdir()
    for treebank in ("en", "fi"):
        (tmp_path / "gold" / f"{treebank}.conllu").write_text(run_text(set()), encoding="utf-8")
    for team, runs in TEAMS.items():
        (tmp_path / "systems" / team).mkdir(parents=True)
        for treebank, errors in runs.items():
            if errors is not None:
                (tmp_path / "systems" / team / f"{treebank}.conllu").write_text(
                    run_text(errors), encoding="utf-8")
    return tmp_path


def treeeval(folder: Path, *args: str) -> tuple[int, str, str]:
    ran = run_treeeval(list(args), folder)
    return ran.status, ran.stdout.decode(), ran.stderr.decode()


def task_json(folder: Path, *args: str) -> dict:
    status, out, _ = treeeval(folder, "task", "--json", "--stat", "bootstrap", "--resamples",
                              "500", "--seed", "7", *args, "gold", "systems")
    assert status == 0
    document = json.loads(out)
    jsonschema.validate(document, json.loads(schema_path("task").read_text()))
    return document


def test_clusters_and_failed_runs(task: Path) -> None:
    document = task_json(task)
    significance = document["significance"]
    assert (significance["test"], significance["seed"], significance["correction"]) == (
        "bootstrap", 7, "holm")
    en, fi = significance["clusters"]["LAS"]
    assert (en["best"], fi["best"]) == ("ace", "close")
    assert en["cluster"] == ["ace", "close"]          # one sentence in twelve: not significant
    assert [test["team"] for test in en["tests"] if test["significant"]] == ["far"]
    assert fi["cluster"] == ["close"]                 # seven in twelve: significant
    assert [test["team"] for test in fi["tests"]] == ["ace"]   # far has no run: not tested
    assert set(significance["clusters"]) == {"LAS", "MLAS", "BLEX"}


def test_ties_go_to_the_first_team(task: Path) -> None:
    (task / "systems" / "close" / "en.conllu").write_text(run_text(set()), encoding="utf-8")
    en = task_json(task)["significance"]["clusters"]["LAS"][0]
    assert en["best"] == "ace" and en["cluster"] == ["ace", "close"]
    assert en["tests"][0]["difference"] == 0 and en["tests"][0]["p_value"] == 1


@pytest.mark.parametrize("stat", ["bootstrap", "ar"])
def test_each_test_is_that_of_treeeval_ud(task: Path, stat: str) -> None:
    """Every p-value (raw and Holm-corrected) equals treeeval ud's, the best team of the
    treebank and metric as the baseline, on the treebank's scored runs."""
    status, out, _ = treeeval(task, "task", "--json", "--stat", stat, "--resamples", "300",
                              "--metrics", "LAS;UAS;BLEX", "gold", "systems")
    assert status == 0
    clusters = json.loads(out)["significance"]["clusters"]
    assert list(clusters) == ["UAS", "LAS", "BLEX"]
    for metric, treebanks in clusters.items():
        for name, treebank in zip(("en", "fi"), treebanks):
            teams = [team for team, runs in TEAMS.items() if runs[name] is not None]
            assert_tests_are_treeeval_uds(
                task, treebank, ["--stat", stat, "--resamples", "300", "--metrics", metric],
                f"gold/{name}.conllu", [f"systems/{team}/{name}.conllu" for team in teams])


def test_jobs_one_and_two_agree(task: Path) -> None:
    outputs = [treeeval(task, "task", "--stat", "ar", "--resamples", "400", "--format", "markdown",
                        "--jobs", jobs, "gold", "systems")[1] for jobs in ("1", "2")]
    assert outputs[0] == outputs[1] and "Cluster of the best by MLAS" in outputs[0]


def test_the_grid_in_process_and_in_workers(task: Path) -> None:
    grid = find_grid(str(task / "gold"), str(task / "systems"), "folders")
    testing = TaskStat("bootstrap", 200, 3, ("LAS",))
    scored = []
    for jobs in (1, 2):
        with backend_for(jobs) as backend:
            scored.append(score_grid(grid, backend=backend, testing=testing))
    one, two = scored
    assert one == two
    assert all(run.per_sentence is None for row in one for run in row)


def test_cluster_table_text(task: Path) -> None:
    status, out, _ = treeeval(task, "task", "--stat", "bootstrap", "--resamples", "500",
                              "--metrics", "LAS", "--table", "clusters", "gold", "systems")
    assert status == 0
    assert out.splitlines()[:4] == ["Cluster of the best by LAS",
                                    "treebank    best  cluster  lowest",
                                    "en        100.00        2   97.92",
                                    "fi        100.00        1  100.00"]
    assert "en: ace (best), close.\nfi: close (best).\n" in out
    assert "Holm-corrected" in out and "A failed run is not tested" in out


def test_a_cluster_table_bolds_nothing(task: Path) -> None:
    """Its rows are treebanks: the largest cluster or the highest best score of all the
    treebanks compares treebanks, which means nothing; so nothing is bold, in any format."""
    args = ["task", "--stat", "bootstrap", "--resamples", "500", "--metrics", "LAS", "--table",
            "clusters"]
    markdown = treeeval(task, *args, "--format", "markdown", "gold", "systems")[1]
    assert "| en | 100.00 | 2 | 97.92 |" in markdown and "**" not in markdown.split("\n\n")[1]
    assert "Best score" not in markdown
    assert "\\textbf" not in treeeval(task, *args, "--format", "latex", "gold", "systems")[1]
    (document,) = json.loads(treeeval(task, *args, "--format", "json", "gold", "systems")[1])
    assert document["row_label"] == "treebank"
    assert not any(metric["has_best"] for metric in document["metrics"])
    assert not any(cell["best"] for system in document["systems"] for cell in system["cells"])


def test_no_stat_no_clusters(task: Path) -> None:
    status, out, _ = treeeval(task, "task", "--json", "gold", "systems")
    assert status == 0 and json.loads(out)["significance"] is None
    assert "Cluster" not in treeeval(task, "task", "gold", "systems")[1]


@pytest.mark.parametrize("args, message", [
    (["--stat", "mcnemar"], "--stat mcnemar does not apply to the UD metrics"),
    (["--stat", "ar", "--baseline", "ace"], "--baseline: treeeval task --stat tests each team"),
    (["--resamples", "10"], "--resamples needs --stat"),
    (["--table", "clusters"], "--table clusters needs --stat"),
    (["--stat", "ar", "--tira", "ace", "gold"], "no --stat"),
])
def test_usage_errors(task: Path, args: list[str], message: str) -> None:
    status, out, err = treeeval(task, "task", *args, "gold", "systems")
    assert (status, out) == (2, "") and message in err


class Terminal(io.BytesIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_only(task: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(task)
    args = parse_command("task", ["--table", "ranking", "--jobs", "2", "gold", "systems"])
    out, err = io.BytesIO(), Terminal()
    assert run_task(args, out, err) == 0
    drawn = err.getvalue().decode().split("\r")
    assert [line.split(" [")[0] for line in drawn[1:4]] == ["runs 0/6", "runs 3/6", "runs 6/6"]
    assert drawn[-2].strip() == "" and drawn[-1] == ""     # cleared at the end
    plain = io.BytesIO()
    assert run_task(args, io.BytesIO(), plain) == 0 and plain.getvalue() == b""


def test_a_scored_run_keeps_only_the_tested_metrics_rows(task: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # the rows of the other metrics would hold a large treebank's memory until its tests
    from treeeval.task import runs as runs_module

    kept: list[set[str]] = []
    real = runs_module.runs_with_tests

    def seen(scored: list[TaskRun], testing: TaskStat) -> list[TaskRun]:
        kept.extend(set(run.per_sentence) for run in scored if run.per_sentence is not None)
        return real(scored, testing)

    monkeypatch.setattr(runs_module, "runs_with_tests", seen)
    grid = find_grid(str(task / "gold"), str(task / "systems"), "folders")
    with backend_for(1) as backend:
        tested = score_grid(grid, backend=backend, testing=TaskStat("bootstrap", 200, 3,
                                                                   ("LAS", "BLEX")))
    assert kept and all(names == {"LAS", "BLEX"} for names in kept)
    assert any(run.tests for row in tested for run in row)
