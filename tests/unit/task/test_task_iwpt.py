"""``treeeval task --iwpt20`` and ``--udeval``: an IWPT-style shared task written here (two
languages, ``aa`` with two treebanks and ``bb`` with one; three teams with enhanced graphs,
one run with a DEPS the scorers crash on): every run as ``evaluate_ud`` scores it, the
ranking by ELAS, the means per language, ``--stat`` on ELAS, the JSON document."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from cli_runner import run_treeeval
from task_checks import assert_tests_are_treeeval_uds

from treeeval.policy.envelope import schema_path
from treeeval.task.layout import find_grid
from treeeval.task.runs import score_grid
from treeeval.ud.api import evaluate_ud
from treeeval.ud.enhanced import EnhancedRules
from treeeval.ud.metrics import f1_fraction

#: the sentences of each treebank, and the language of each
SENTENCES = {"aa_one": 10, "aa_two": 6, "bb_three": 8}
LANGUAGES = {"aa": ["aa_one", "aa_two"], "bb": ["bb_three"]}
TEAMS = ["ace", "bee", "cee"]
#: the line of cee's run on bb_three whose DEPS has no relation
BROKEN_LINE = 3 * 8 + 2


def words(index: int) -> list[tuple[int, str, str, int, str, str]]:
    """A gold sentence with its enhanced graph: the subject shared by the conjoined verbs,
    the case information of the oblique, propagated to the second verb too."""
    return [(1, f"Dogs{index}", "NOUN", 3, "nsubj", "3:nsubj|5:nsubj"),
            (2, "often", "ADV", 3, "advmod", "3:advmod"),
            (3, "bark", "VERB", 0, "root", "0:root"),
            (4, "and", "CCONJ", 5, "cc", "5:cc"),
            (5, "run", "VERB", 3, "conj", "3:conj:and"),
            (6, "in", "ADP", 7, "case", "7:case"),
            (7, f"parks{index}", "NOUN", 3, "obl", "3:obl:in|5:obl:in")]


def changed(team: str, treebank: str, index: int, word: int, deps: str) -> str:
    """A team's DEPS of a word: ace misses the shared subject in aa_one's first sentence;
    bee drops the case information in every even sentence; cee writes the basic tree
    alone, and on bb_three a DEPS without a relation (the scorers crash on it)."""
    if team == "ace" and treebank == "aa_one" and index == 0 and word == 1:
        return "3:nsubj"
    if team == "bee" and index % 2 == 0:
        return deps.replace("obl:in", "obl")
    if team == "cee":
        if treebank == "bb_three" and index == 3 and word == 2:
            return "3"
        return {1: "3:nsubj", 5: "3:conj", 7: "3:obl"}.get(word, deps)
    return deps


def conllu(treebank: str, team: str | None = None) -> str:
    """The gold file of a treebank, or a team's run on it."""
    lines = []
    for index in range(SENTENCES[treebank]):
        for word, form, upos, head, relation, deps in words(index):
            if team is not None:
                deps = changed(team, treebank, index, word, deps)
            lines.append("\t".join(map(str, (word, form, form.lower(), upos, "_", "_", head,
                                             relation, deps, "_"))))
        lines.append("")
    return "\n".join(lines) + "\n"


@pytest.fixture
def task(tmp_path: Path) -> Path:
    """gold/TB.conllu and systems/TEAM/TB.conllu under tmp_path."""
    (tmp_path / "gold").mkdir()
    for treebank in SENTENCES:
        (tmp_path / "gold" / f"{treebank}.conllu").write_text(conllu(treebank), encoding="utf-8")
        for team in TEAMS:
            (tmp_path / "systems" / team).mkdir(parents=True, exist_ok=True)
            (tmp_path / "systems" / team / f"{treebank}.conllu").write_text(
                conllu(treebank, team), encoding="utf-8")
    return tmp_path


def treeeval(folder: Path, *args: str) -> tuple[int, str, str]:
    ran = run_treeeval(list(args), folder)
    return ran.status, ran.stdout.decode(), ran.stderr.decode()


def task_json(folder: Path, *args: str) -> dict:
    status, out, _ = treeeval(folder, "task", "--json", *args, "gold", "systems")
    assert status == 0
    document = json.loads(out)
    schema = json.loads(schema_path("task").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    return document


def pair_f1(task: Path, scorer: str, metric: str) -> dict[tuple[str, str], float]:
    """Each run's F1 of ``metric`` (a fraction) as ``evaluate_ud`` scores the pair, 0 for
    the run it refuses."""
    scores = {}
    for team in TEAMS:
        for treebank in SENTENCES:
            try:
                result = evaluate_ud(task / "gold" / f"{treebank}.conllu",
                                     task / "systems" / team / f"{treebank}.conllu",
                                     enhanced=EnhancedRules(scorer))
            except Exception:
                scores[team, treebank] = 0.0
            else:
                scores[team, treebank] = f1_fraction(result.scores[metric])
    return scores


@pytest.mark.parametrize("scorer", ["iwpt20", "udeval"])
def test_every_run_scores_as_evaluate_ud(task: Path, scorer: str) -> None:
    rules = EnhancedRules(scorer)
    grid = find_grid(str(task / "gold"), str(task / "systems"))
    results = score_grid(grid, enhanced=rules)
    for treebank, row in zip(grid.treebanks, results):
        for run in row:
            if run.failure is None:
                assert run.scores == evaluate_ud(treebank.gold, run.path, enhanced=rules).scores
    broken = results[2][2]
    assert (broken.team, broken.treebank) == ("cee", "bb_three") and broken.scores is None
    assert broken.failure is not None
    assert (broken.failure.kind, broken.failure.line, broken.failure.reason) == (
        "format", BROKEN_LINE, "DEPS entry '3' is not HEAD:RELATION")
    assert {"ELAS", "EULAS"} <= set(results[0][0].scores or ())


def test_tables_and_ranking_by_elas(task: Path) -> None:
    status, out, err = treeeval(task, "task", "--iwpt20", "gold", "systems")
    assert status == 0
    titles = [block.splitlines()[0] for block in out.split("\n\n")
              if block.strip() and not block.startswith(("cee:", "aa:", "average:"))]
    assert titles == ["aa_one", "aa_two", "bb_three", "Macro-average over 3 treebanks",
                      "ELAS by language", "Ranking by ELAS", "Ranking by EULAS",
                      "Ranking by LAS"]
    assert out.split("aa_one\n")[1].splitlines()[0].split()[10:14] == [
        "LAS", "ELAS", "EULAS", "CLAS"]   # iwpt20_xud_eval.py's order
    elas = pair_f1(task, "iwpt20", "ELAS")
    means = {team: sum(elas[team, treebank] for treebank in SENTENCES) / 3 for team in TEAMS}
    assert means["ace"] > means["bee"] > means["cee"]
    ranking = out.split("Ranking by ELAS\n")[1].splitlines()[1:4]
    assert [line.split() for line in ranking] == [
        [team, str(rank), f"{100 * means[team]:.2f}"]
        for rank, team in enumerate(["ace", "bee", "cee"], 1)]
    # LAS: every team has the basic tree right
    assert [line.split()[1] for line in out.split("Ranking by LAS\n")[1].splitlines()[1:3]] \
        == ["1", "1"]
    assert err == (f"treeeval: warning: systems/cee/bb_three.conllu:{BROKEN_LINE}: the run of "
                   "cee on bb_three counts 0: DEPS entry '3' is not HEAD:RELATION\n")
    # a CoNLL 2018 task has no table per language unless asked
    _, conll18, _ = treeeval(task, "task", "gold", "systems")
    assert "by language" not in conll18 and "Ranking by LAS" in conll18
    _, asked, _ = treeeval(task, "task", "--table", "languages", "gold", "systems")
    assert asked.splitlines()[0] == "LAS by language"


@pytest.mark.parametrize("scorer", ["iwpt20", "udeval"])
def test_the_means_per_language(task: Path, scorer: str) -> None:
    """Each language's mean over its treebanks, then the mean over the languages, from
    ``evaluate_ud`` of each pair (cee's refused run counting 0)."""
    elas = pair_f1(task, scorer, "ELAS")
    expected = {team: {language: sum(elas[team, treebank] for treebank in treebanks)
                       / len(treebanks) for language, treebanks in LANGUAGES.items()}
                for team in TEAMS}
    assert expected["ace"]["aa"] == (f1_fraction_of(89, 90, 89) + 1) / 2   # one edge missing
    assert expected["cee"]["bb"] == 0.0
    document = task_json(task, f"--{scorer}")
    languages = document["languages"]
    assert languages["metric"] == "ELAS"
    assert languages["treebanks"] == LANGUAGES
    for team in TEAMS:
        for language in LANGUAGES:
            assert languages["averages"][team][language] == pytest.approx(
                100 * expected[team][language], rel=1e-12)
        overall = (expected[team]["aa"] + expected[team]["bb"]) / 2
        assert languages["overall"][team] == pytest.approx(100 * overall, rel=1e-12)
    # the mean over languages is not that over treebanks when a language has several
    assert languages["overall"]["ace"] != pytest.approx(document["averages"]["ace"]["ELAS"])
    _, out, _ = treeeval(task, "task", f"--{scorer}", "--table", "languages", "gold",
                         "systems")
    lines = out.splitlines()
    assert lines[:2] == ["ELAS by language", "system     aa      bb  average"]
    assert lines[2].split() == ["ace", *(f"{100 * value:.2f}" for value in (
        expected["ace"]["aa"], expected["ace"]["bb"],
        (expected["ace"]["aa"] + expected["ace"]["bb"]) / 2))]
    assert "cee: 1 failed run counted as 0." in lines
    assert "aa: the mean of aa_one, aa_two." in lines


def f1_fraction_of(correct: int, gold: int, system: int) -> float:
    return 2 * correct / (gold + system)


def test_the_json_document_and_signature(task: Path) -> None:
    document = task_json(task, "--iwpt20", "--enhancements", "6", "--signature")
    assert document["rules"] == "iwpt20"
    assert document["enhanced"] == {"scored": True, "switched_off": ["6"],
                                    "empty_nodes": "refused"}
    assert document["signature"].startswith(
        "cmd:task|rules:iwpt20|enhanced:yes|off:6|emptynodes:refused|layout:folders|")
    assert list(document["ranking"]) == ["ELAS", "EULAS", "LAS"]
    # without the case information, bee's even sentences are right: only cee is wrong
    assert document["averages"]["bee"]["ELAS"] == 100.0
    failed = [run for run in document["runs"] if run["status"] == "failed"]
    assert [(run["team"], run["treebank"], run["failure"]["kind"], run["failure"]["line"])
            for run in failed] == [("cee", "bb_three", "format", BROKEN_LINE)]
    plain = task_json(task)
    assert (plain["rules"], plain["enhanced"], plain["languages"]["metric"]) == (
        "conll18", None, "LAS")


def test_clusters_on_elas(task: Path) -> None:
    """The cluster of the best by ELAS, each test that of ``treeeval ud --iwpt20 --stat``
    with the treebank's best team as the baseline."""
    document = task_json(task, "--iwpt20", "--stat", "bootstrap", "--resamples", "300")
    clusters = document["significance"]["clusters"]
    assert list(clusters) == ["ELAS", "EULAS", "LAS"]
    one, two, three = clusters["ELAS"]
    assert (one["best"], two["best"], three["best"]) == ("ace", "ace", "ace")
    assert one["cluster"] == ["ace"]           # bee: 2 edges of 9 wrong in half the sentences
    assert [test["team"] for test in three["tests"]] == ["bee"]   # cee's run failed
    for name, treebank in zip(SENTENCES, clusters["ELAS"]):
        teams = [treebank["best"], *(test["team"] for test in treebank["tests"])]
        assert_tests_are_treeeval_uds(
            task, treebank, ["--iwpt20", "--stat", "bootstrap", "--resamples", "300",
                             "--metrics", "ELAS"],
            f"gold/{name}.conllu", [f"systems/{team}/{name}.conllu" for team in teams])
    _, out, _ = treeeval(task, "task", "--iwpt20", "--stat", "ar", "--resamples", "300",
                         "--table", "clusters", "gold", "systems")
    assert out.splitlines()[:3] == ["Cluster of the best by ELAS",
                                    "treebank    best  cluster  lowest",
                                    "aa_one     99.44        2   88.89"]   # ace, bee


def test_a_gold_file_with_empty_nodes(task: Path) -> None:
    """iwpt20_xud_eval.py refuses empty nodes: the treebank's gold file fails every run;
    udeval skips them and scores the runs."""
    gold = conllu("aa_two").replace("7\tparks0", "6.1\tgo\tgo\tVERB\t_\t_\t_\t_\t3:conj\t_\n"
                                    "7\tparks0", 1)
    (task / "gold" / "aa_two.conllu").write_text(gold, encoding="utf-8")
    status, _, err = treeeval(task, "task", "--iwpt20", "--table", "averages", "gold",
                              "systems")
    assert status == 0
    assert "treeeval: warning: gold/aa_two.conllu:7: every run on aa_two counts 0: " in err
    runs = task_json(task, "--iwpt20")["runs"]
    assert {run["failure"]["kind"] for run in runs if run["treebank"] == "aa_two"} == {"gold"}
    scored = task_json(task, "--udeval")["runs"]
    assert [run["status"] for run in scored if run["treebank"] == "aa_two"] == ["ok"] * 3


def test_tira_layout_languages_are_lcodes(task: Path) -> None:
    entries = [{"lcode": "aa_x", "tcode": tcode, "goldfile": f"{name}.conllu",
                "outfile": f"{name}.conllu"}
               for tcode, name in (("one", "aa_one"), ("two", "aa_two"))]
    (task / "gold" / "metadata.json").write_text(json.dumps(entries), encoding="utf-8")
    grid = find_grid(str(task / "gold"), str(task / "systems"))
    assert [(treebank.name, treebank.language) for treebank in grid.treebanks] == [
        ("aa_x_one", "aa_x"), ("aa_x_two", "aa_x")]
    assert task_json(task, "--udeval")["languages"]["treebanks"] == {
        "aa_x": ["aa_x_one", "aa_x_two"]}


@pytest.mark.parametrize("args, message", [
    (["--conll17", "--iwpt20"], "--conll17 cannot go with --iwpt20"),
    (["--tira", "ace", "gold", "--udeval"], "--tira writes the CoNLL 2018 wrapper's output"),
    (["--enhancements", "6"], "--enhancements needs --udeval or --iwpt20"),
    (["--iwpt20", "--no-enhanced"], "--no-enhanced is not an option of --iwpt20"),
])
def test_usage_errors(task: Path, args: list[str], message: str) -> None:
    status, out, err = treeeval(task, "task", *args, "gold", "systems")
    assert (status, out) == (2, "") and message in err and err.count("\n") == 1
