"""Callin's statistics on the real data, against independent computations:

* ``treeeval task --judgments`` on the Plank et al. (2015) package
  (../shared/data/conllx/plank_conll2015/datapackage, annotated.csv as distributed): the
  Spearman correlation of LAS, UAS, LA, and of Callin's content precision and recall where
  the relations are UD's (de, en, es), with the human judgments, recomputed here from the raw
  columns (csv, plain loops over the CoNLL lines) and scipy.stats.spearmanr;
* ``treeeval task --callin --json`` on ../shared/data/ud/conll2018 (5 treebanks x 7 teams):
  each treebank's means equal the means of the per-run F1s of the same document (which
  tests/parity/test_task_parity.py checks against ``treeeval ud``), the Pearson matrix equals
  scipy.stats.pearsonr on them, and the cumulative variance statistics.variance.
"""

from __future__ import annotations

import csv
import json
import math
import statistics
from functools import cache
from pathlib import Path

import pytest
from cli_runner import run_treeeval

stats = pytest.importorskip("scipy.stats")

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
PLANK = SHARED / "data" / "conllx" / "plank_conll2015" / "datapackage"
TASK = SHARED / "data" / "ud" / "conll2018"
LANGUAGES = ["da", "de", "en", "es", "hr"]
#: Callin's content relations (his table "Classification of content and function relations")
CONTENT = set("acl advcl advmod amod appos ccomp compound conj csubj csubjpass dislocated dobj "
              "iobj nmod nsubj nsubjpass nummod parataxis remnant root vocative xcomp".split())
#: the languages whose relations are UD's (Callin used de, en and es)
UD_LANGUAGES = {"de", "en", "es"}


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (parity tests need ../shared)")
    return path


def sentences(path: Path) -> list[list[tuple[str, str]]]:
    """Each sentence's (HEAD, DEPREL) pairs, read line by line."""
    found: list[list[tuple[str, str]]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.rstrip("\r").split("\t")
        if len(fields) < 8:
            if found[-1]:
                found.append([])
            continue
        found[-1].append((fields[6], fields[7]))
    return [sentence for sentence in found if sentence]


def score(metric: str, gold: list[tuple[str, str]], parsed: list[tuple[str, str]]) -> float:
    """One sentence's score (NaN where it has none): the labels compared in full, as
    ``treeeval dep`` compares them, but by their universal part for Callin's metrics."""
    if metric in ("CPrec", "CRec"):
        gold = [(head, label.split(":")[0]) for head, label in gold]
        parsed = [(head, label.split(":")[0]) for head, label in parsed]
        counted = [(g, p) for g, p in zip(gold, parsed)
                   if (p if metric == "CPrec" else g)[1] in CONTENT]
        right = sum(g == p and g[1] in CONTENT for g, p in counted)
        return right / len(counted) if counted else math.nan
    right = {"LAS": lambda g, p: g == p, "UAS": lambda g, p: g[0] == p[0],
             "LA": lambda g, p: g[1] == p[1]}[metric]
    return sum(right(g, p) for g, p in zip(gold, parsed)) / len(gold)


def expected_rho(language: str, metric: str) -> float:
    folder = need(PLANK / language)
    gold = sentences(folder / "gold.conll")
    first, second = sentences(folder / "parser1.conll"), sentences(folder / "parser2.conll")
    with open(folder / "annotated.csv", newline="", encoding="utf-8") as handle:
        judged = [[cell for cell in row if cell] for row in csv.reader(handle)]
    pairs = [(score(metric, g, b) - score(metric, g, a), row.count("red") / len(row))
             for g, a, b, row in zip(gold, first, second, judged) if row]
    pairs = [(x, y) for x, y in pairs if not math.isnan(x)]
    return stats.spearmanr([x for x, _ in pairs], [y for _, y in pairs])[0]


@cache
def judgment_table() -> dict[str, list[object]]:
    ran = run_treeeval(["task", "--format", "json", "--judgments", str(need(PLANK))], PLANK)
    assert ran.status == 0, ran.stderr
    table = json.loads(ran.stdout)[0]
    return {row["name"]: [cell["value"] for cell in row["cells"]] for row in table["systems"]}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("column, metric", enumerate(["LAS", "UAS", "LA", "CPrec", "CRec"]))
def test_spearman_with_the_human_judgments(language: str, column: int, metric: str) -> None:
    got = judgment_table()[language][column]
    if metric in ("CPrec", "CRec") and language not in UD_LANGUAGES:
        assert got is None
    else:
        assert got == pytest.approx(expected_rho(language, metric), abs=1e-12)
        assert got > 0  # parser 2 is red: the metrics agree with the annotators


@cache
def callin_document() -> dict[str, object]:
    ran = run_treeeval(["task", "--layout", "folders", "--callin", "--json", "--metrics",
                        "LAS;MLAS;BLEX;UAS;WLAS;CPrec;CRec;FFreq", "gold", "systems"],
                       need(TASK))
    assert ran.status == 0, ran.stderr
    return json.loads(ran.stdout)


def test_callin_means_are_those_of_the_scored_runs() -> None:
    document = callin_document()
    callin = document["callin"]
    assert callin["treebanks"] == ["cs_pud", "en_ewt", "fi_tdt", "he_htb", "ja_gsd"]
    for treebank in callin["treebanks"]:
        runs = [run for run in document["runs"]
                if run["treebank"] == treebank and run["status"] == "ok"]
        assert callin["runs"][treebank] == len(runs) > 0
        for metric in ("LAS", "MLAS", "BLEX", "UAS"):
            assert callin["means"][treebank][metric] == pytest.approx(
                statistics.mean(run["metrics"][metric]["f1"] for run in runs))


def test_callin_pearson_and_cumulative_variance() -> None:
    callin = callin_document()["callin"]
    columns = {metric: [callin["means"][treebank][metric] for treebank in callin["treebanks"]]
               for metric in callin["metrics"]}
    for metric, values in columns.items():
        for other, others in columns.items():
            assert callin["pearson"][metric][other] == pytest.approx(
                stats.pearsonr(values, others)[0], abs=1e-12)
        ordered = sorted(values, reverse=True)
        assert callin["cumulative_variance"][metric] == pytest.approx(
            [None] + [statistics.variance(ordered[:k]) for k in range(2, len(values) + 1)])
