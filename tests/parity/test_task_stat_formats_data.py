"""``treeeval task --stat`` on real CoNLL-X and bracketed treebanks (a task folder of
symbolic links to ../shared/data: the Plank et al. (2015) da and en treebanks with
``parser1`` and ``parser2`` (its PHEAD-normalised files), WSJ 22 with Berkeley's ``raw``
and ``top`` outputs): each treebank's tests against its best team are those of ``treeeval
dep GOLD BEST OTHER --stat S --baseline BEST`` and ``treeeval bracket -p COLLINS.prm ...``,
p-values and differences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run_treeeval

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
PLANK = SHARED / "data" / "conllx" / "plank_conll2015" / "datapackage"
WSJ22 = SHARED / "data" / "evalb" / "wsj22"
LANGUAGES = ["da", "en"]
TEAMS = {"parser1": ".conll", "parser2": ".conll", "raw": ".mrg", "top": ".mrg"}


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """gold/ and systems/TEAM/ of symbolic links (each team runs one format)."""
    if not PLANK.exists() or not WSJ22.exists():
        pytest.skip("shared reference data not found (parity tests need ../shared)")
    root = tmp_path_factory.mktemp("task")
    for folder in ["gold", *(f"systems/{team}" for team in TEAMS)]:
        (root / folder).mkdir(parents=True)
    for language in LANGUAGES:
        (root / "gold" / f"{language}.conll").symlink_to(PLANK / language / "gold.conll")
        for team, file in (("parser1", "parser1"), ("parser2", "parser2.phead-normalized")):
            (root / "systems" / team / f"{language}.conll").symlink_to(
                PLANK / language / f"{file}.conll")
    (root / "gold" / "wsj22.mrg").symlink_to(WSJ22 / "wsj22.auto.clean.gld")
    for team in ("raw", "top"):
        (root / "systems" / team / "wsj22.mrg").symlink_to(WSJ22 / f"wsj22.berkeley_MLE.{team}.tst")
    return root


def stdout(root: Path, *args: str) -> str:
    ran = run_treeeval(list(args), root)
    assert ran.status == 0, ran.stderr
    return ran.stdout.decode() if isinstance(ran.stdout, bytes) else ran.stdout


@pytest.mark.parametrize("stat", ["bootstrap", "ar"])
def test_the_tests_of_dep_and_bracket(task: Path, stat: str) -> None:
    document = json.loads(stdout(task, "task", "--json", "--stat", stat, "--resamples", "500",
                                 "--metrics", "LAS;UAS;fmeasure;complete_match", "gold",
                                 "systems"))
    clusters = document["significance"]["clusters"]
    checked = 0
    for metric, treebanks in clusters.items():
        for treebank in treebanks:
            name, tests = treebank["treebank"], treebank["tests"]
            suffix = ".mrg" if name == "wsj22" else ".conll"
            command = ["bracket", "-p", "COLLINS.prm"] if name == "wsj22" else ["dep"]
            teams = [treebank["best"]] + [test["team"] for test in tests]
            assert set(teams) == {team for team, kind in TEAMS.items() if kind == suffix}
            table = json.loads(stdout(
                task, *command, "--stat", stat, "--resamples", "500", "--metrics", metric,
                "--baseline", treebank["best"], "--format", "json", f"gold/{name}{suffix}",
                *(f"systems/{team}/{name}{suffix}" for team in teams)))
            cells = {system["name"]: system["cells"][0] for system in table["systems"]}
            best = cells[treebank["best"]]["value"]
            for test in tests:
                cell = cells[test["team"]]
                assert test["p_value"] == cell["significance"]["p_value"]
                assert test["difference"] == pytest.approx(cell["value"] - best, abs=1e-9)
                checked += 1
    assert checked == 2 * 2 + 2  # LAS, UAS on da and en; fmeasure, complete_match on wsj22
