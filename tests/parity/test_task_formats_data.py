"""``treeeval task`` on real CoNLL-X and bracketed treebanks: a task folder made here of
symbolic links to ../shared/data:

* the Plank et al. (2015) data (conllx/plank_conll2015): each language a CoNLL-X treebank
  (``gold/LANG.conll``), ``parser1`` and ``parser2`` two teams (``parser2``'s files as they
  are: those with ``-`` as PHEAD and hr's other word forms fail, as ``treeeval dep`` refuses
  them; ``parser2-normalized`` a third team with the PHEAD-normalised files where they exist);
* WSJ 22 (evalb/wsj22): a bracketed treebank (``gold/wsj22.mrg``), Berkeley's ``top`` and
  ``raw`` outputs two teams.

Every run's numbers equal those of ``treeeval dep --json GOLD SYS`` and ``treeeval bracket -p
COLLINS.prm --json GOLD SYS`` (in process; a run ``treeeval dep`` refuses fails with its
reason) and of the reference programs: MaltEval's (``oracle malteval``, run here) and
EVALB's summary (the committed ``.rsl`` files); the averages are each team's mean over the
treebanks of each format.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from oracles import run_oracle

from treeeval.dep.decimal_format import parse_pattern

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
PLANK = SHARED / "data" / "conllx" / "plank_conll2015" / "datapackage"
WSJ22 = SHARED / "data" / "evalb" / "wsj22"
LANGUAGES = ["da", "de", "en", "es", "hr"]
DEP_TEAMS = ["parser1", "parser2", "parser2-normalized"]
BRACKET_TEAMS = ["raw", "top"]
#: EVALB's summary lines of the -- All -- block and the task's metric of each
RSL_LINES = {"Bracketing Recall": "recall", "Bracketing Precision": "precision",
             "Bracketing FMeasure": "fmeasure", "Complete match": "complete_match",
             "Tagging accuracy": "tagging_accuracy"}


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (parity tests need ../shared)")
    return path


def team_file(team: str, language: str) -> Path:
    if team == "parser2-normalized":
        normalized = PLANK / language / "parser2.phead-normalized.conll"
        return normalized if normalized.exists() else PLANK / language / "parser2.conll"
    return PLANK / language / f"{team}.conll"


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """gold/ and systems/TEAM/ of symbolic links."""
    need(PLANK), need(WSJ22)
    root = tmp_path_factory.mktemp("task")
    (root / "gold").mkdir()
    for language in LANGUAGES:
        (root / "gold" / f"{language}.conll").symlink_to(PLANK / language / "gold.conll")
        for team in DEP_TEAMS:
            (root / "systems" / team).mkdir(parents=True, exist_ok=True)
            (root / "systems" / team / f"{language}.conll").symlink_to(team_file(team, language))
    (root / "gold" / "wsj22.mrg").symlink_to(WSJ22 / "wsj22.auto.clean.gld")
    for team in BRACKET_TEAMS:
        (root / "systems" / team).mkdir(parents=True)
        (root / "systems" / team / "wsj22.mrg").symlink_to(WSJ22 / f"wsj22.berkeley_MLE.{team}.tst")
    return root


@cache
def task_run(root: Path, *args: str) -> tuple[str, dict[tuple[str, str], dict]]:
    """The text tables and the runs of ``--json`` (by team and treebank)."""
    text = run_treeeval(["task", *args, "gold", "systems"], root)
    ran = run_treeeval(["task", "--json", *args, "gold", "systems"], root)
    assert text.status == ran.status == 0
    document = json.loads(ran.stdout)
    return text.stdout.decode(), {(run["team"], run["treebank"]): run for run in document["runs"]}


def table_rows(text: str, title: str) -> dict[str, list[str]]:
    """The rows of the task's text table titled ``title``, by team (with the header)."""
    block = text.split(f"\n{title}\n" if not text.startswith(f"{title}\n") else f"{title}\n",
                       1)[1].split("\n\n", 1)[0]
    return {line.split()[0]: line.split()[1:] for line in block.splitlines()}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_conllx_run_is_scored_as_treeeval_dep(task: Path, language: str) -> None:
    text, runs = task_run(task)
    rows = table_rows(text, language)
    assert rows["system"] == ["LAS", "UAS", "LA"]
    for team in DEP_TEAMS:
        run = runs[team, language]
        dep = run_treeeval(["dep", "--json", f"gold/{language}.conll",
                            f"systems/{team}/{language}.conll"], task)
        if dep.status != 0:
            assert run["status"] == "failed"
            assert run["failure"]["reason"] in dep.stderr.decode()
            assert rows[team] == ["—", "—", "—"]  # no value: — (stats.rates)
            continue
        system = json.loads(dep.stdout)["systems"][0]
        for metric in ("LAS", "UAS", "LA"):
            assert run["metrics"][metric]["correct"] == system[metric]["correct"]
            assert run["metrics"][metric]["gold"] == system["tokens"]
            assert run["metrics"][metric]["f1"] == pytest.approx(system[metric]["score"],
                                                                 rel=1e-12)
        assert rows[team] == [f"{system[metric]['score']:.2f}" for metric in ("LAS", "UAS", "LA")]


def test_the_grid_scores_what_dep_scores(task: Path) -> None:
    _, runs = task_run(task)
    scored = sorted(key for key, run in runs.items() if run["status"] == "ok")
    assert scored == sorted([*(("parser1", language) for language in LANGUAGES),
                             ("parser2", "es"), *(("parser2-normalized", language)
                                                  for language in ("da", "de", "en", "es")),
                             ("raw", "wsj22"), ("top", "wsj22")])


@pytest.mark.parametrize("team", ["parser1", "parser2-normalized"])
def test_conllx_runs_equal_malteval(task: Path, team: str) -> None:
    """MaltEval's LAS, UAS and LA (to three decimals as Java prints them) and token count."""
    _, runs = task_run(task)
    for language in LANGUAGES:
        run = runs[team, language]
        if run["status"] != "ok":
            continue
        ran = run_oracle("malteval", ["-g", f"gold/{language}.conll", "-s",
                                      f"systems/{team}/{language}.conll", "--Metric", "LAS;UAS;LA"],
                         task)
        assert ran.status == 0, ran.stderr
        out = ran.stdout.decode("utf-8").splitlines()
        header = next(line for line in out if line.startswith("accuracy"))
        metrics = [cell.split(":")[1].strip() for cell in header.split("   ") if ":" in cell]
        means = next(line for line in out if line.endswith("Row mean")).split()[:-2]
        counts = next(line for line in out if line.endswith("Row count")).split()[:-2]
        for metric, mean, count in zip(metrics, means, counts):
            value = run["metrics"][metric]
            assert int(count) == value["gold"]
            assert parse_pattern("0.###").format(value["correct"] / value["gold"]) == mean
            assert value["f1"] == pytest.approx(100 * value["correct"] / value["gold"],
                                                rel=1e-12)


@pytest.mark.parametrize("team", BRACKET_TEAMS)
def test_every_bracketed_run_is_scored_as_treeeval_bracket_and_evalb(task: Path,
                                                                     team: str) -> None:
    text, runs = task_run(task)
    run = runs[team, "wsj22"]
    bracket = run_treeeval(["bracket", "-p", "COLLINS.prm", "--json", "gold/wsj22.mrg",
                            f"systems/{team}/wsj22.mrg"], task)
    totals = json.loads(bracket.stdout)["all"]
    for metric in RSL_LINES.values():
        assert run["metrics"][metric]["f1"] == pytest.approx(totals[metric], rel=1e-12)
    assert (run["metrics"]["fmeasure"]["correct"], run["metrics"]["fmeasure"]["gold"],
            run["metrics"]["fmeasure"]["system"]) == (totals["matched"], totals["gold"],
                                                      totals["test"])
    rsl = (WSJ22 / f"wsj22.berkeley_MLE.{team}.COLLINS.rsl").read_text().split(
        "-- All --")[1].split("-- len<=")[0]
    evalb = {RSL_LINES[name.strip()]: value.strip() for name, value in
             (line.split("=") for line in rsl.splitlines() if "=" in line)
             if name.strip() in RSL_LINES}
    rows = table_rows(text, "wsj22")
    headers = dict(zip(RSL_LINES.values(), ("LR", "LP", "F1", "EX", "Tag")))
    assert dict(zip(rows["system"], rows[team])) == {headers[key]: value
                                                     for key, value in evalb.items()}


def test_the_averages_are_per_format(task: Path) -> None:
    text, runs = task_run(task)
    averages = table_rows(text, "Macro-average over 6 treebanks")
    assert averages["system"] == ["LAS", "UAS", "LA", "LR", "LP", "F1", "EX", "Tag"]
    for team in DEP_TEAMS:
        mean = sum(runs[team, language]["metrics"]["LAS"]["f1"] if runs[team, language][
            "metrics"] else 0.0 for language in LANGUAGES) / len(LANGUAGES)
        assert averages[team][0] == f"{mean:.2f}"
        assert averages[team][3:] == ["0.00"] * 5  # no run on wsj22
    for team in BRACKET_TEAMS:
        assert averages[team][5] == f"{runs[team, 'wsj22']['metrics']['fmeasure']['f1']:.2f}"
    ranking = table_rows(text, "Ranking by F1")
    assert list(ranking)[1:3] == ["top", "raw"]


def test_the_punctuation_as_dep_p(task: Path) -> None:
    _, runs = task_run(task, "--dep-prm", "COLLINS.prm", "--table", "ranking")
    dep = run_treeeval(["dep", "--json", "-p", "COLLINS.prm", "gold/en.conll",
                        "systems/parser1/en.conll"], task)
    system = json.loads(dep.stdout)["systems"][0]
    assert runs["parser1", "en"]["metrics"]["LAS"]["correct"] == system["LAS"]["correct"]
    assert runs["parser1", "en"]["metrics"]["LAS"]["gold"] == system["tokens"]
