"""``treeeval task --stat`` on CoNLL-X and bracketed treebanks (fixtures written here): on
each treebank and tested metric, every test against the best team is the one ``treeeval dep
GOLD BEST OTHER... --stat S --baseline BEST`` (resp. ``treeeval bracket -p PRM ...``) runs,
p-values (raw and Holm-corrected) and differences equal; a failed run is not tested; the
cluster tables show each treebank under the metrics its format has."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
from cli_runner import run_treeeval

from treeeval.policy.envelope import schema_path

TEAMS = ("alpha", "beta", "gamma")
#: each team's error rate per token (CoNLL-X) or sentence (brackets)
ERRORS = {"alpha": 0.1, "beta": 0.25, "gamma": 0.12}
#: (gold tree, a wrong parse) pairs of the bracketed treebanks
TREES = [("(TOP (S (NP (NN Rain)) (VP (VBD fell) (ADVP (RB hard))) (. .)))",
          "(TOP (S (NN Rain) (VP (VBD fell) (RB hard)) (. .)))"),
         ("(TOP (S (NP (DT The) (NNS dogs)) (VP (VBP bark) (PP (IN at) (NP (NNS cats))))))",
          "(TOP (S (NP (DT The) (NNS dogs)) (VP (VBP bark) (IN at) (NP (NNS cats)))))"),
         ("(TOP (NP (NP (NNS Cats)) (, ,) (NP (NNS dogs))))",
          "(TOP (NP (NNS Cats) (, ,) (VB dogs)))"),
         ("(TOP (S (NP (PRP We)) (VP (VBD saw) (NP (DT a) (NN bird))) (. .)))",
          "(TOP (S (NP (PRP We)) (VP (VBD saw) (NP (DT a)) (NN bird)) (. .)))")]


def dep_sentence(rng: random.Random) -> list[tuple[str, str, int, str]]:
    """A random projective-or-not tree: (form, tag, head, deprel) per word."""
    size = rng.randint(2, 7)
    root = rng.randint(1, size)
    return [(f"w{i}", rng.choice(["NN", "VB", "DT", "."]),
             0 if i == root else rng.choice([j for j in range(1, size + 1) if j != i]),
             "ROOT" if i == root else rng.choice(["SBJ", "OBJ", "NMOD", "P"]))
            for i in range(1, size + 1)]


def parsed(words: list[tuple[str, str, int, str]], rng: random.Random,
           rate: float) -> list[tuple[str, str, int, str]]:
    """The words with a wrong head or label at ``rate``."""
    out = []
    for form, tag, head, deprel in words:
        if rng.random() < rate:
            head = rng.randint(0, len(words))
        if rng.random() < rate:
            deprel = rng.choice(["SBJ", "OBJ", "NMOD", "P"])
        out.append((form, tag, head, deprel))
    return out


def conllx(sentences: list[list[tuple[str, str, int, str]]]) -> str:
    return "".join("".join(f"{i}\t{form}\t_\t{tag}\t{tag}\t_\t{head}\t{deprel}\t_\t_\n"
                           for i, (form, tag, head, deprel) in enumerate(words, 1)) + "\n"
                   for words in sentences)


@pytest.fixture
def task(tmp_path: Path) -> Path:
    """Two CoNLL-X treebanks (da, sv) and two bracketed ones (brown, wsj), three teams;
    gamma has no run of sv (a failed run)."""
    rng = random.Random(16)
    for folder in ["gold", *(f"systems/{team}" for team in TEAMS)]:
        (tmp_path / folder).mkdir(parents=True)
    for name, size in (("da", 30), ("sv", 25)):
        gold = [dep_sentence(rng) for _ in range(size)]
        (tmp_path / "gold" / f"{name}.conll").write_text(conllx(gold))
        for team in TEAMS:
            if (team, name) != ("gamma", "sv"):
                (tmp_path / "systems" / team / f"{name}.conll").write_text(
                    conllx([parsed(words, rng, ERRORS[team]) for words in gold]))
    for name, size in (("brown", 30), ("wsj", 40)):
        picks = [rng.randrange(len(TREES)) for _ in range(size)]
        (tmp_path / "gold" / f"{name}.mrg").write_text("".join(TREES[i][0] + "\n" for i in picks))
        for team in TEAMS:
            (tmp_path / "systems" / team / f"{name}.mrg").write_text("".join(
                TREES[i][rng.random() < 2 * ERRORS[team]] + "\n" for i in picks))
    return tmp_path


def treeeval(folder: Path, *args: str) -> str:
    ran = run_treeeval(list(args), folder)
    assert ran.status == 0, ran.stderr
    return ran.stdout.decode() if isinstance(ran.stdout, bytes) else ran.stdout


def task_json(folder: Path, *args: str) -> dict:
    document = json.loads(treeeval(folder, "task", "--json", "--resamples", "300", *args,
                                   "gold", "systems"))
    jsonschema.validate(document, json.loads(schema_path("task").read_text()))
    return document


FORMATS = {"da": ("dep", ".conll"), "sv": ("dep", ".conll"),
           "brown": ("bracket", ".mrg"), "wsj": ("bracket", ".mrg")}


def assert_tests_of_the_command(folder: Path, stat: str, metric: str, treebank: dict,
                                prm: list[str]) -> None:
    """A treebank's tests by ``metric`` are those of its command, the best as the baseline."""
    command, suffix = FORMATS[treebank["treebank"]]
    teams = [treebank["best"]] + [test["team"] for test in treebank["tests"]]
    table = json.loads(treeeval(
        folder, command, *(prm if command == "bracket" else []), "--stat", stat,
        "--resamples", "300", "--metrics", metric, "--baseline", treebank["best"],
        "--format", "json", f"gold/{treebank['treebank']}{suffix}",
        *(f"systems/{team}/{treebank['treebank']}{suffix}" for team in teams)))
    cells = {system["name"]: system["cells"][0] for system in table["systems"]}
    assert [system["name"] for system in table["systems"]] == teams
    best = cells[treebank["best"]]["value"]
    for test in treebank["tests"]:
        cell = cells[test["team"]]
        significance = cell["significance"]
        assert (test["p_value"], test["p_adjusted"]) == (
            significance["p_value"], significance["p_adjusted"] or significance["p_value"])
        assert test["difference"] == pytest.approx(cell["value"] - best, abs=1e-9)


@pytest.mark.parametrize("stat", ["bootstrap", "ar"])
@pytest.mark.parametrize("prm", [[], ["-p", "new.prm"]])
def test_each_test_is_that_of_dep_and_bracket(task: Path, stat: str, prm: list[str]) -> None:
    """Every metric of both formats, each treebank's tests those of treeeval dep/bracket."""
    metrics = "LAS;UAS;LA;recall;precision;fmeasure;complete_match;tagging_accuracy"
    document = task_json(task, "--stat", stat, *prm, "--metrics", metrics)
    clusters = document["significance"]["clusters"]
    assert list(clusters) == metrics.split(";")
    for metric, treebanks in clusters.items():
        kind = "dep" if metric in ("LAS", "UAS", "LA") else "bracket"
        assert [tb["treebank"] for tb in treebanks] == [
            name for name in document["treebanks"] if FORMATS[name][0] == kind]
        for treebank in treebanks:
            assert treebank["tests"], (metric, treebank)
            assert_tests_of_the_command(task, stat, metric, treebank, prm or ["-p", "COLLINS.prm"])


def test_default_metrics_failed_runs_and_clusters(task: Path) -> None:
    """By default the ranked metrics: LAS (CoNLL-X), fmeasure (brackets); gamma's failed
    run of sv is not tested and in no cluster; the best is in its cluster."""
    clusters = task_json(task, "--stat", "bootstrap")["significance"]["clusters"]
    assert list(clusters) == ["LAS", "fmeasure"]
    sv = next(tb for tb in clusters["LAS"] if tb["treebank"] == "sv")
    assert "gamma" not in sv["cluster"] and [t["team"] for t in sv["tests"]] != []
    assert all(test["team"] != "gamma" for test in sv["tests"]) and len(sv["tests"]) == 1
    for treebank in clusters["LAS"] + clusters["fmeasure"]:
        assert treebank["cluster"][0] == treebank["best"]
        assert {test["team"] for test in treebank["tests"]
                if not test["significant"]} == set(treebank["cluster"][1:])


def test_cluster_tables_text(task: Path) -> None:
    out = treeeval(task, "task", "--stat", "ar", "--resamples", "200", "--table", "clusters",
                   "gold", "systems")
    las, fmeasure = out.split("Cluster of the best by ")[1:]
    assert las.startswith("LAS") and fmeasure.startswith("F1\n")  # bracket's header
    assert "da:" in las and "sv:" in las and "wsj" not in las
    assert "wsj:" in fmeasure and "brown:" in fmeasure and "da:" not in fmeasure


def test_dep_prm_tests_the_kept_tokens(task: Path) -> None:
    """With --dep-prm, the tests of treeeval dep -p PRM."""
    clusters = task_json(task, "--stat", "bootstrap", "--dep-prm", "COLLINS.prm",
                         "--metrics", "UAS")["significance"]["clusters"]
    for treebank in clusters["UAS"]:
        teams = [treebank["best"]] + [test["team"] for test in treebank["tests"]]
        name = treebank["treebank"]
        table = json.loads(treeeval(
            task, "dep", "-p", "COLLINS.prm", "--stat", "bootstrap", "--resamples", "300",
            "--metrics", "UAS", "--baseline", treebank["best"], "--format", "json",
            f"gold/{name}.conll", *(f"systems/{team}/{name}.conll" for team in teams)))
        cells = {system["name"]: system["cells"][0]["significance"]
                 for system in table["systems"]}
        assert {test["team"]: test["p_value"] for test in treebank["tests"]} == {
            team: cell["p_value"] for team, cell in cells.items() if cell is not None}


def conllu(sentences: list[list[tuple[str, str, int, str]]]) -> str:
    """The same trees as CoNLL-U (lower-case relations)."""
    return "".join("".join(f"{i}\t{form}\t_\tX\t_\t_\t{head}\t{deprel.lower()}\t_\t_\n"
                           for i, (form, _, head, deprel) in enumerate(words, 1)) + "\n"
                   for words in sentences)


def test_a_mixed_task(task: Path) -> None:
    """With a CoNLL-U treebank too: LAS tests it and the CoNLL-X ones (the former as treeeval
    ud does), MLAS it alone, fmeasure the bracketed ones."""
    rng = random.Random(7)
    gold = [[(f"w{i}", "X", rng.randint(1, i - 1) if i > 1 else 0,
              rng.choice(["SBJ", "OBJ"]) if i > 1 else "ROOT") for i in range(1, 6)]
            for _ in range(20)]
    (task / "gold" / "en.conllu").write_text(conllu(gold))
    for team in TEAMS:
        (task / "systems" / team / "en.conllu").write_text(conllu([
            [(form, tag, head, "OBJ" if head and rng.random() < ERRORS[team] else deprel)
             for form, tag, head, deprel in words] for words in gold]))
    clusters = task_json(task, "--stat", "ar")["significance"]["clusters"]
    assert list(clusters) == ["LAS", "MLAS", "BLEX", "fmeasure"]
    assert [tb["treebank"] for tb in clusters["LAS"]] == ["da", "en", "sv"]
    assert [tb["treebank"] for tb in clusters["MLAS"]] == ["en"]
    assert [tb["treebank"] for tb in clusters["fmeasure"]] == ["brown", "wsj"]
    en = clusters["LAS"][1]
    assert len(en["tests"]) == 2
    table = json.loads(treeeval(
        task, "ud", "--stat", "ar", "--resamples", "300", "--metrics", "LAS", "--baseline",
        en["best"], "--format", "json", "gold/en.conllu",
        *(f"systems/{team}/en.conllu" for team in TEAMS)))
    cells = {system["name"]: system["cells"][0]["significance"] for system in table["systems"]}
    assert {test["team"]: test["p_value"] for test in en["tests"]} == {
        team: cell["p_value"] for team, cell in cells.items() if cell is not None}
