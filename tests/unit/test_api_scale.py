"""One scale in the Python API (docs/architecture.md, "One scale"): every rate an
``evaluate_*`` function returns is in percent, 0 to 100, and is the number the command prints
(to its decimals) and writes in its JSON; counts are whole numbers.  Checked on small inline
fixtures for each of ``evaluate_brackets``, ``evaluate_ud`` (with Callin's metrics) and
``evaluate_dependencies`` (the comparison's scores and MaltEval's tables)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

import treeeval
from tests.cli_runner import run_treeeval

GOLD_TREES = ["(TOP (S (NP (DT The) (NN dog)) (VP (VBZ barks)) (. .)))",
              "(TOP (S (NP (NN Rain)) (VP (VBD fell) (PP (IN on) (NP (NNS roofs))))))",
              "(TOP (S (NP (PRP We)) (VP (VBD saw) (NP (PRP her)))))"]
TEST_TREES = ["(TOP (S (DT The) (VP (NN dog) (VBZ barks)) (. .)))",
              "(TOP (S (NP (NN Rain)) (VP (VBD fell)) (PP (IN on) (NP (NNS roofs)))))",
              "(TOP (S (NP (PRP We)) (VP (VBD saw) (NP (PRP her)))))"]

#: ID, FORM, UPOS, XPOS, HEAD, DEPREL of the gold file, and the system's changes by line
WORDS = [[(1, "The", "DET", "DT", 2, "det"), (2, "dog", "NOUN", "NN", 3, "nsubj"),
          (3, "barks", "VERB", "VBZ", 0, "root"), (4, ".", "PUNCT", ".", 3, "punct")],
         [(1, "Rain", "NOUN", "NN", 2, "nsubj"), (2, "fell", "VERB", "VBD", 0, "root")],
         [(1, "We", "PRON", "PRP", 2, "nsubj"), (2, "saw", "VERB", "VBD", 0, "root"),
          (3, "her", "PRON", "PRP", 2, "obj")]]
CHANGES = {(0, 1): ("NOUN", "VB", 3, "obj"), (0, 3): ("PUNCT", ".", 2, "punct"),
           (2, 2): ("PRON", "PRP", 1, "obj")}


def conllu(path: Path, changes: dict | None = None) -> str:
    lines = []
    for s, sentence in enumerate(WORDS):
        for w, (ident, form, upos, xpos, head, deprel) in enumerate(sentence):
            upos, xpos, head, deprel = (changes or {}).get((s, w), (upos, xpos, head, deprel))
            lines.append(f"{ident}\t{form}\t{form.lower()}\t{upos}\t{xpos}\t_\t{head}\t{deprel}\t_\t_")
        lines.append("")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def in_percent(value: float, printed: str, decimals: int = 2) -> None:
    """A rate of the API: in 0..100, and what the report prints."""
    assert 0 <= value <= 100, value
    assert f"{value:.{decimals}f}" == printed, (value, printed)


def command(folder: Path, *args: str) -> str:
    ran = run_treeeval(list(args), folder)
    assert ran.status == 0, ran.stderr
    return ran.stdout.decode()


@pytest.fixture
def trees(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "gold.mrg").write_text("\n".join(GOLD_TREES) + "\n")
    (tmp_path / "test.mrg").write_text("\n".join(TEST_TREES) + "\n")
    return "gold.mrg", "test.mrg"


def test_evaluate_brackets(tmp_path: Path, trees: tuple[str, str]) -> None:
    gold, test = (str(tmp_path / name) for name in trees)
    totals = treeeval.evaluate_brackets(gold, test, params="COLLINS.prm").all_totals
    report = command(tmp_path, "bracket", "-p", "COLLINS.prm", *trees)
    printed = dict(re.findall(r"^(\w[\w ]*?)\s+=\s+(\S+)$", report.split("-- len<=")[0], re.M))
    rates = {"Bracketing Recall": totals.recall(), "Bracketing Precision": totals.precision(),
             "Bracketing FMeasure": totals.fmeasure(), "Complete match": totals.complete_match(),
             "No crossing": totals.no_crossing_rate(),
             "2 or less crossing": totals.le2_crossing_rate(),
             "Tagging accuracy": totals.tagging_accuracy()}
    assert 0 < totals.fmeasure() < 100
    for label, value in rates.items():
        in_percent(value, printed[label])
    document = json.loads(command(tmp_path, "bracket", "-p", "COLLINS.prm", "--json", *trees))
    assert document["all"]["fmeasure"] == totals.fmeasure()
    assert document["all"]["recall"] == totals.recall()
    assert isinstance(document["all"]["matched"], int)


@pytest.fixture
def ud_files(tmp_path: Path) -> tuple[str, str]:
    return conllu(tmp_path / "gold.conllu"), conllu(tmp_path / "sys.conllu", CHANGES)


def test_evaluate_ud(tmp_path: Path, ud_files: tuple[str, str]) -> None:
    result = treeeval.evaluate_ud(*ud_files)
    report = command(tmp_path, "ud", "-v", "gold.conllu", "sys.conllu")
    rows = {cells[0].strip(): [cell.strip() for cell in cells[1:]]
            for cells in (line.split("|") for line in report.splitlines()[2:])}
    assert 0 < result.scores["LAS"].f1 < 100
    for metric, score in result.scores.items():
        assert isinstance(score.correct, int) and isinstance(score.gold, int)
        in_percent(score.precision, rows[metric][0])
        in_percent(score.recall, rows[metric][1])
        in_percent(score.f1, rows[metric][2])
        if score.aligned_accuracy is not None:
            in_percent(score.aligned_accuracy, rows[metric][3])
    document = json.loads(command(tmp_path, "ud", "--json", "gold.conllu", "sys.conllu"))
    metrics = document["metrics"] if "metrics" in document else document["pairs"][0]["metrics"]
    assert metrics["LAS"]["f1"] == result.scores["LAS"].f1
    assert metrics["UPOS"]["aligned_accuracy"] == result.scores["UPOS"].aligned_accuracy


def test_callin_of_evaluate_ud(tmp_path: Path, ud_files: tuple[str, str]) -> None:
    callin = treeeval.evaluate_ud(*ud_files).callin()
    report = command(tmp_path, "ud", "--callin", "gold.conllu", "sys.conllu")
    lines = report[report.index("Callin "):].splitlines()

    def cells(line: str) -> list[str]:
        return [cell.split()[0] for cell in line.split("|")[1:]]

    classes = {line.split("|")[0].strip(): cells(line) for line in lines[2:5]}
    for name, counts in callin.classes.items():
        printed = classes[name.capitalize()]
        for value, shown in ((counts.precision, printed[3]), (counts.recall, printed[4]),
                             (counts.f1, printed[5])):
            assert value is not None
            in_percent(value, shown)
    assert callin.content_precision is not None and 0 < callin.content_precision < 100
    assert callin.content_ratio is not None and callin.function_ratio is not None
    in_percent(callin.content_ratio, classes["Content"][6])
    in_percent(callin.function_ratio, classes["Function"][6])
    assert callin.wlas is not None and lines[5].startswith("WLAS")
    in_percent(callin.wlas, cells(lines[5])[0])
    assert lines[6].startswith("Cascading") and lines[7].startswith("Content")
    labelled = callin.cascading["content"]["labelled"].ratio
    assert labelled is not None
    in_percent(labelled, cells(lines[7])[0])


def test_evaluate_dependencies(tmp_path: Path, ud_files: tuple[str, str]) -> None:
    result = treeeval.evaluate_dependencies(*ud_files[:1], [ud_files[1]], metric="LAS;UAS",
                                            group_by="Token;Deprel", resamples=20)
    text = command(tmp_path, "dep", "-g", "gold.conllu", "-s", "sys.conllu", "--Metric",
                   "LAS;UAS", "--GroupBy", "Token;Deprel", "--pattern", "0.00%",
                   "--merge-tables", "0", "--stat", "bootstrap", "--resamples", "20")
    # the comparison after the tables: <1>, path, format, tokens, LAS, UAS, LA
    system = next(line.split() for line in text.splitlines() if line.startswith("<1>"))
    for metric, shown in zip(("LAS", "UAS"), system[4:]):
        in_percent(result.systems[0].scores[metric], shown)
    # MaltEval's tables, its percent pattern: every rate of the API is the printed percent
    blocks = re.findall(r"GroupBy-> (\w+)\nMetric-> (\w+)\n\n=+\n\n(.*?)\n\n", text, re.S)
    printed = {(groupby, metric): body.splitlines() for groupby, metric, body in blocks}
    checked = 0
    for combination, table in zip(result.combinations, result.tables):
        lines = printed[(combination.groupby, combination.metric)]
        rows = {line.split()[-1] if table.title != "Token" else " ".join(line.split()[1:]):
                line.split() for line in lines[2:] if not line.startswith("-")}
        for c, header in enumerate(table.headers):
            rate = header in ("accuracy", "parseraccuracy", "treebankaccuracy")
            if table.summary and rate:
                in_percent(table.aggregates[c][0], rows["Row mean"][c].rstrip("%"))
                checked += 1
            for j, group in enumerate(table.groups if table.listed else ()):
                value = float(table.columns[c][j])
                if rate and not math.isnan(value):
                    in_percent(value, rows[group][c].rstrip("%"))
                    checked += 1
    assert checked == 22  # Token: 2 Row means; Deprel: 20 defined cells of 2 tables
    document = json.loads(command(tmp_path, "dep", "--json", "--resamples", "20",
                                  "gold.conllu", "sys.conllu"))
    assert document["systems"][0]["LAS"]["score"] == result.systems[0].scores["LAS"]
