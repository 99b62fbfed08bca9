"""``treeeval task`` on CoNLL-X and bracketed treebanks (written here): every run's numbers
are those of ``treeeval dep GOLD SYS`` and ``treeeval bracket -p PRM GOLD SYS``; a task that
mixes formats averages each metric over the treebanks that have it; broken runs count 0."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from cli_runner import run_treeeval

from treeeval.policy.envelope import schema_path


def conllx(*sentences: list[tuple[str, str, int, str]]) -> str:
    """CoNLL-X text: each sentence a list of (form, tag, head, deprel)."""
    return "".join("".join(f"{i}\t{form}\t_\t{tag}\t{tag}\t_\t{head}\t{deprel}\t_\t_\n"
                           for i, (form, tag, head, deprel) in enumerate(words, 1)) + "\n"
                   for words in sentences)


RAIN = [("Rain", "NN", 2, "SBJ"), ("fell", "VBD", 0, "ROOT"), ("hard", "RB", 2, "ADV"),
        (".", ".", 2, "P")]
DOGS = [("Dogs", "NNS", 2, "SBJ"), ("bark", "VBP", 0, "ROOT"), (",", ",", 2, "P"),
        ("cats", "NNS", 5, "SBJ"), ("sleep", "VBP", 2, "CONJ")]
#: the CoNLL-X treebanks' gold files and each team's runs
DEP_GOLD = {"da": conllx(RAIN, DOGS), "sv": conllx(DOGS, RAIN, DOGS)}
DEP_RUNS = {
    "alpha": {"da": conllx(RAIN, [*DOGS[:3], ("cats", "NNS", 2, "OBJ"), DOGS[4]]),
              "sv": conllx(DOGS, [RAIN[0], RAIN[1], ("hard", "RB", 1, "ADV"), RAIN[3]], DOGS)},
    "beta": {"da": conllx([("Rain", "NN", 2, "OBJ"), *RAIN[1:3], (".", ".", 3, "P")], DOGS),
             "sv": conllx(DOGS, RAIN, [("Dogs", "NNS", 2, "OBJ"), *DOGS[1:]])},
}
#: the bracketed treebanks' gold files and each team's runs
TREES = ["(TOP (S (NP (NN Rain)) (VP (VBD fell) (ADVP (RB hard))) (. .)))",
         "(TOP (S (NP (DT The) (NNS dogs)) (VP (VBP bark) (PP (IN at) (NP (NNS cats))))))",
         "(TOP (NP (NP (NNS Cats)) (, ,) (NP (NNS dogs))))"]
BRACKET_GOLD = {"wsj": "\n".join(TREES) + "\n", "brown": "\n".join(TREES[1:]) + "\n"}
BRACKET_RUNS = {
    "alpha": {"wsj": "\n".join([TREES[0], "(TOP (S (DT The) (NNS dogs) (VP (VBP bark) (IN at) "
                                          "(NNS cats))))", TREES[2]]) + "\n",
              "brown": "\n".join([TREES[1], "(TOP (S (NNS Cats) (, ,) (VB dogs)))"]) + "\n"},
    "beta": {"wsj": "\n".join([TREES[0], TREES[1], "(TOP (NP (NNS Cats) (, ,) (NNS dogs)))"])
             + "\n", "brown": BRACKET_GOLD["brown"]},
}
#: one CoNLL-U treebank for the mixed task
UD_GOLD = ("1\tDogs\t_\tNOUN\t_\t_\t2\tnsubj\t_\t_\n2\tbark\t_\tVERB\t_\t_\t0\troot\t_\t_\n"
           "3\tloudly\t_\tADV\t_\t_\t2\tadvmod\t_\t_\n\n")


def write_task(root: Path, gold: dict[str, str], runs: dict[str, dict[str, str | None]],
               suffix: str) -> None:
    """gold/TB.SUFFIX and systems/TEAM/TB.SUFFIX under ``root`` (None: no run)."""
    (root / "gold").mkdir(exist_ok=True)
    for name, text in gold.items():
        (root / "gold" / f"{name}{suffix}").write_text(text, encoding="utf-8")
    for team, files in runs.items():
        (root / "systems" / team).mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            if text is not None:
                (root / "systems" / team / f"{name}{suffix}").write_text(text, encoding="utf-8")


def task_json(root: Path, *options: str) -> dict[str, object]:
    ran = run_treeeval(["task", "--json", *options, "gold", "systems"], root)
    assert ran.status == 0, ran.stderr
    document = json.loads(ran.stdout)
    schema = json.loads(schema_path("task").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    return document


def command_json(root: Path, *args: str) -> dict[str, object]:
    ran = run_treeeval([*args, "--json"], root)
    assert ran.status == 0, ran.stderr
    return json.loads(ran.stdout)


def runs_by_key(document: dict[str, object]) -> dict[tuple[str, str], dict]:
    return {(run["team"], run["treebank"]): run for run in document["runs"]}


def assert_same_dep(run: dict, dep: dict) -> None:
    """A task run's metrics are those of ``treeeval dep --json`` (counts exactly)."""
    system = dep["systems"][0]
    assert run["status"] == "ok"
    assert list(run["metrics"]) == ["LAS", "UAS", "LA"]
    for metric, value in run["metrics"].items():
        assert (value["correct"], value["gold"]) == (system[metric]["correct"], dep["tokens"])
        assert value["f1"] == value["precision"] == value["recall"] == system[metric]["score"]


def assert_same_bracket(run: dict, bracket: dict) -> None:
    """A task run's metrics are EVALB's ``-- All --`` block of ``treeeval bracket --json``."""
    totals = bracket["all"]
    assert run["status"] == "ok"
    assert (run["metrics"]["fmeasure"]["correct"], run["metrics"]["fmeasure"]["gold"],
            run["metrics"]["fmeasure"]["system"]) == (totals["matched"], totals["gold"],
                                                      totals["test"])
    for metric, value in run["metrics"].items():
        assert value["f1"] == (totals[metric] or 0.0)
    fmeasure = run["metrics"]["fmeasure"]
    assert (fmeasure["precision"], fmeasure["recall"]) == (totals["precision"], totals["recall"])


def test_conllx_runs_score_as_treeeval_dep(tmp_path: Path) -> None:
    write_task(tmp_path, DEP_GOLD, DEP_RUNS, ".conll")
    document = task_json(tmp_path)
    assert document["formats"] == {"da": "dep", "sv": "dep"}
    runs = runs_by_key(document)
    assert len(runs) == 4
    for (team, treebank), run in runs.items():
        assert_same_dep(run, command_json(tmp_path, "dep", f"gold/{treebank}.conll",
                                          f"systems/{team}/{treebank}.conll"))
    assert list(document["ranking"]) == ["LAS"]
    assert document["averages"]["alpha"]["LA"] == pytest.approx(
        (runs["alpha", "da"]["metrics"]["LA"]["f1"] + runs["alpha", "sv"]["metrics"]["LA"]["f1"])
        / 2)


def test_dep_prm_leaves_out_the_punctuation_as_dep_p(tmp_path: Path) -> None:
    write_task(tmp_path, DEP_GOLD, DEP_RUNS, ".conllx")
    runs = runs_by_key(task_json(tmp_path, "--dep-prm", "COLLINS.prm"))
    for (team, treebank), run in runs.items():
        dep = command_json(tmp_path, "dep", "-p", "COLLINS.prm", f"gold/{treebank}.conllx",
                           f"systems/{team}/{treebank}.conllx")
        assert_same_dep(run, dep)
    assert runs["beta", "da"]["metrics"]["LAS"]["gold"] == 7  # 9 tokens, but "." and ","
    assert "dep-prm:COLLINS.prm#" in task_json(tmp_path, "--dep-prm", "COLLINS.prm")["signature"]


@pytest.mark.parametrize("prm", [[], ["-p", "COLLINS.prm"], ["-p", "new.prm"]])
def test_bracketed_runs_score_as_treeeval_bracket(tmp_path: Path, prm: list[str]) -> None:
    write_task(tmp_path, BRACKET_GOLD, BRACKET_RUNS, ".mrg")
    document = task_json(tmp_path, *prm)
    assert document["formats"] == {"brown": "bracket", "wsj": "bracket"}
    assert list(document["ranking"]) == ["fmeasure"]
    assert f"prm:{prm[1] if prm else 'COLLINS.prm'}#" in document["signature"]
    for (team, treebank), run in runs_by_key(document).items():
        assert_same_bracket(run, command_json(tmp_path, "bracket", *(prm or ["-p", "COLLINS.prm"]),
                                              f"gold/{treebank}.mrg",
                                              f"systems/{team}/{treebank}.mrg"))


def test_a_mixed_task_averages_each_metric_over_its_treebanks(tmp_path: Path) -> None:
    write_task(tmp_path, {"da": DEP_GOLD["da"]}, {t: {"da": r["da"]} for t, r in DEP_RUNS.items()},
               ".conll")
    write_task(tmp_path, {"wsj": BRACKET_GOLD["wsj"]},
               {t: {"wsj": r["wsj"]} for t, r in BRACKET_RUNS.items()}, ".mrg")
    write_task(tmp_path, {"en": UD_GOLD}, {"alpha": {"en": UD_GOLD}, "beta": {"en": None}},
               ".conllu")
    document = task_json(tmp_path)
    assert document["formats"] == {"da": "dep", "en": "ud", "wsj": "bracket"}
    runs = runs_by_key(document)
    averages = document["averages"]
    # LAS: the UD treebank's F1 and the CoNLL-X treebank's accuracy; beta has no en run
    assert averages["alpha"]["LAS"] == pytest.approx(
        (100 + runs["alpha", "da"]["metrics"]["LAS"]["f1"]) / 2)
    assert averages["beta"]["LAS"] == pytest.approx(runs["beta", "da"]["metrics"]["LAS"]["f1"] / 2)
    assert averages["alpha"]["LA"] == runs["alpha", "da"]["metrics"]["LA"]["f1"]
    assert averages["beta"]["MLAS"] == 0.0
    assert averages["alpha"]["fmeasure"] == runs["alpha", "wsj"]["metrics"]["fmeasure"]["f1"]
    assert list(document["ranking"]) == ["LAS", "MLAS", "BLEX", "fmeasure"]

    ran = run_treeeval(["task", "--metrics", "LAS;LA;fmeasure", "gold", "systems"], tmp_path)
    out = ran.stdout.decode()
    blocks = [block.splitlines() for block in out.split("\n\n")]
    tables = {lines[0]: lines[1].split() for lines in blocks if len(lines) > 1}
    assert tables["da"] == ["system", "LAS", "LA"]
    assert tables["en"] == ["system", "LAS"]
    assert tables["wsj"] == ["system", "F1"]  # headed as treeeval bracket heads it
    assert tables["Macro-average over 3 treebanks"] == ["system", "LAS", "LA", "F1"]
    assert ("Each metric is averaged over the treebanks that have it: LAS over 2 treebanks, "
            "LA over 1 treebank, F1 over 1 treebank.") in out
    assert [title for title in tables if title.startswith("Ranking")] == [
        "Ranking by LAS", "Ranking by F1"]
    # --metrics takes the header a table shows as well as the key
    assert run_treeeval(["task", "--metrics", "LAS;LA;F1", "gold", "systems"],
                        tmp_path).stdout.decode() == out
    groups = tmp_path / "groups.txt"
    groups.write_text("trees wsj\n", encoding="utf-8")
    ran = run_treeeval(["task", "--groups", "groups.txt", "--table", "groups", "gold",
                        "systems"], tmp_path)
    assert ran.stdout.decode().splitlines()[1].split() == [
        "system", "LR", "LP", "F1", "EX", "Tag"]


def test_broken_runs_count_0_and_say_why(tmp_path: Path) -> None:
    write_task(tmp_path, {"da": DEP_GOLD["da"], "sv": DEP_GOLD["sv"]}, {
        "empty": {"da": "", "sv": None},
        "short": {"da": conllx(RAIN), "sv": DEP_GOLD["sv"].replace("\t_\t_\n", "\t_\n", 1)},
    }, ".conll")
    twelve = (TREES[1] + "\n") * 12  # COLLINS.prm: MAX_ERROR 10, killed at the 12th error
    write_task(tmp_path, {"wsj": BRACKET_GOLD["wsj"], "brown": twelve}, {
        "empty": {"wsj": "\n", "brown": twelve + TREES[0] + "\n"},
        "short": {"wsj": "\n".join(TREES[:2]) + "\n",
                  "brown": twelve.replace("(VBP bark)", "(VBP bark) (RB x)")},
    }, ".mrg")
    runs = runs_by_key(task_json(tmp_path))
    failures = {key: run["failure"] and (run["failure"]["kind"], run["failure"]["reason"])
                for key, run in runs.items()}
    assert failures == {
        ("empty", "da"): ("empty", "the system file holds no sentence"),
        ("empty", "sv"): ("open", "cannot read: No such file or directory"),
        ("short", "da"): ("text", failures["short", "da"][1]),
        ("short", "sv"): ("format", failures["short", "sv"][1]),
        ("empty", "wsj"): ("empty", "the system file holds no tree"),
        ("empty", "brown"): ("text", "the system file has more lines (trees) than the gold "
                                     "file"),
        ("short", "wsj"): ("text", "the system file has fewer lines (trees) than the gold "
                                   "file"),
        ("short", "brown"): ("format", "EVALB stopped: more errors than MAX_ERROR"),
    }
    assert "do not contain the same text" in failures["short", "da"][1]
    ran = run_treeeval(["task", "--table", "averages", "gold", "systems"], tmp_path)
    assert "treeeval: warning: systems/short/da.conll:" in ran.stderr.decode()


def test_a_broken_gold_file_fails_every_run(tmp_path: Path) -> None:
    write_task(tmp_path, {"da": "1\tRain\t_\n\n"}, {"alpha": {"da": DEP_GOLD["da"]}}, ".conll")
    (tmp_path / "gold" / "wsj.mrg").symlink_to(tmp_path / "nowhere.mrg")  # known by its name
    document = task_json(tmp_path)
    runs = runs_by_key(document)
    assert document["formats"] == {"da": "dep", "wsj": "bracket"}
    assert runs["alpha", "da"]["failure"]["kind"] == "gold"
    assert {key: runs["alpha", "wsj"]["failure"][key] for key in ("kind", "reason")} == {
        "kind": "gold", "reason": "cannot open gold file: No such file or directory"}


def test_two_gold_files_of_one_treebank_are_an_error(tmp_path: Path) -> None:
    write_task(tmp_path, {"da": DEP_GOLD["da"]}, {"alpha": {}}, ".conll")
    write_task(tmp_path, {"da": BRACKET_GOLD["wsj"]}, {"alpha": {}}, ".mrg")
    ran = run_treeeval(["task", "gold", "systems"], tmp_path)
    assert (ran.status, ran.stdout) == (1, b"")
    assert ran.stderr.decode() == ("treeeval: error: gold/da.mrg: a second gold file of "
                                   "treebank da (the first is da.conll)\n")


def test_tira_needs_conllu_treebanks(tmp_path: Path) -> None:
    write_task(tmp_path, {"da": DEP_GOLD["da"]}, {"alpha": {"da": DEP_GOLD["da"]}}, ".conll")
    ran = run_treeeval(["task", "--tira", "alpha", ".", "gold", "systems"], tmp_path)
    assert (ran.status, ran.stdout) == (2, b"")
    assert b"every treebank must be CoNLL-U" in ran.stderr


def test_every_rate_is_the_single_commands_exactly(tmp_path: Path) -> None:
    """The rates of ``task --json`` are bit-identical (==) to those of ``ud --json``,
    ``dep --json`` and ``bracket --json`` on each run of a task of the three formats."""
    ud_run = UD_GOLD.replace("\t2\tadvmod", "\t1\tadvmod")
    write_task(tmp_path, DEP_GOLD, DEP_RUNS, ".conll")
    write_task(tmp_path, BRACKET_GOLD, BRACKET_RUNS, ".mrg")
    write_task(tmp_path, {"en": UD_GOLD}, {"alpha": {"en": ud_run}, "beta": {"en": UD_GOLD}},
               ".conllu")
    document = task_json(tmp_path)
    for (team, treebank), run in runs_by_key(document).items():
        kind = document["formats"][treebank]
        suffix = {"dep": ".conll", "bracket": ".mrg", "ud": ".conllu"}[kind]
        pair = [f"gold/{treebank}{suffix}", f"systems/{team}/{treebank}{suffix}"]
        if kind == "dep":
            assert_same_dep(run, command_json(tmp_path, "dep", *pair))
        elif kind == "bracket":
            assert_same_bracket(run, command_json(tmp_path, "bracket", "-p", "COLLINS.prm",
                                                  *pair))
        else:
            metrics = command_json(tmp_path, "ud", *pair)["pairs"][0]["metrics"]
            for name, value in run["metrics"].items():
                rates = ("precision", "recall", "f1")
                assert [value[rate] for rate in rates] == [metrics[name][rate] for rate in rates]
