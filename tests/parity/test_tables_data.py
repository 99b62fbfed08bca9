"""Comparison tables of real systems in the five formats (issue 15's acceptance data): two
parsers of Plank et al. (2015) on English CoNLL-X, four CoNLL 2018 systems on en_ewt, and two
Berkeley parser outputs on WSJ 22.

Each table is built as a scoring command will build it (scores per sentence from the
scorer, tests from treeeval.stats, Holm–Bonferroni with more than two systems), then checked
in every format (tests/table_checks.py); the scores it shows are the reference programs'
printed figures (the CoNLL 2018 scorer's, EVALB's) or ``treeeval dep --json``'s: one percent
scale for every command.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from shared_data import require
from table_checks import check_every_format

from treeeval.bracket.api import evaluate_brackets
from treeeval.bracket.sentence_scores import bracket_scores
from treeeval.dep.reading import load_treebank
from treeeval.dep.sentence_scores import dependency_scores
from treeeval.model.vocabulary import Vocabularies
from treeeval.stats import SentenceScores, compare
from treeeval.tables import ComparisonTable, Metric, Significance, SystemRow, corrected, render
from treeeval.ud.api import evaluate_ud

RESAMPLES = 1000


def comparison(title: str, command: str, metrics: tuple[Metric, ...],
               scores: dict[str, list[SentenceScores]], method: str) -> ComparisonTable:
    """The table of ``scores`` (system -> one SentenceScores per metric, the first system the
    baseline), each other system tested against the baseline, corrected."""
    names = list(scores)
    base = scores[names[0]]

    def tests(name: str) -> tuple[Significance, ...]:
        return tuple(Significance.from_result(compare(mine, theirs, method, resamples=RESAMPLES,
                                                      seed=1))
                     for mine, theirs in zip(scores[name], base))

    rows = [SystemRow(names[0], tuple(s.score() for s in base), baseline=True)]
    rows += [SystemRow(name, tuple(s.score() for s in scores[name]), tests(name))
             for name in names[1:]]
    return corrected(ComparisonTable(title, command, metrics, tuple(rows)))


def shown(table: ComparisonTable) -> dict[str, list[str]]:
    """The text format's scores per system, as printed (markers dropped)."""
    lines = render(table, "text").splitlines()[2:2 + len(table.rows)]
    return {row.name: [cell.rstrip("*") for cell in line[len(line) - len(line.lstrip()):]
                       .split()[-len(table.metrics):]]
            for row, line in zip(table.rows, lines)}


def test_plank_two_parsers(tmp_path: Path) -> None:
    folder = require("conllx", "plank_conll2015", "datapackage", "en")
    gold_path = folder / "gold.conll"
    systems = {"parser1": folder / "parser1.conll",
               "parser2": folder / "parser2.phead-normalized.conll"}
    vocabulary = Vocabularies()
    gold = load_treebank(gold_path, vocabulary=vocabulary)
    metrics = ("LAS", "UAS", "LA")
    scores = {name: [dependency_scores(metric, gold, load_treebank(path, vocabulary=vocabulary))
                     for metric in metrics] for name, path in systems.items()}
    table = comparison("Plank et al. (2015), English", "dep",
                       tuple(Metric(metric) for metric in metrics), scores, "bootstrap")
    assert table.correction is None  # two systems: one test per metric
    check_every_format(table, tmp_path)
    run = run_treeeval(["dep", "--json", "--Metric", "LAS;UAS;LA", "-g", str(gold_path),
                        "-s", *map(str, systems.values())], tmp_path)
    assert run.status == 0
    reported = json.loads(run.stdout)["systems"]
    for row, system in zip(table.rows, reported):
        assert list(row.values) == pytest.approx([system[metric]["score"] for metric in metrics],
                                                 abs=1e-9)


UD_SYSTEMS = ("conll18-baseline", "HIT-SCIR-18", "Stanford-18", "UDPipe-Future")
UD_METRICS = ("LAS", "MLAS", "BLEX")


def test_conll2018_four_systems_on_en_ewt(tmp_path: Path) -> None:
    folder = require("ud", "conll2018")
    gold = folder / "gold" / "en_ewt.conllu"
    scores = {}
    for name in UD_SYSTEMS:
        result = evaluate_ud(str(gold), str(folder / "systems" / name / "en_ewt.conllu"))
        rows = {metric: result.per_sentence[metric] for metric in UD_METRICS}
        scores[name] = [SentenceScores.f1(rows[m][:, 0], rows[m][:, 1], rows[m][:, 2])
                        for m in UD_METRICS]
    table = comparison("CoNLL 2018, en_ewt", "ud", tuple(Metric(f"{m} F1") for m in UD_METRICS),
                       scores, "bootstrap")
    assert table.correction == "holm" and "Holm–Bonferroni" in render(table, "markdown")
    check_every_format(table, tmp_path)
    printed = shown(table)
    for name in UD_SYSTEMS:
        report = folder / "systems" / name / "en_ewt.eval.txt"
        if report.exists():  # the CoNLL 2018 scorer's own figures
            text = report.read_text(encoding="utf-8")
            expected = [re.search(rf"^{m}(?: F1)? Score: (\S+)$", text, re.M).group(1)
                        for m in UD_METRICS]
            assert printed[name] == expected, name


BRACKET_MEASURES = {"recall": "Bracketing Recall", "precision": "Bracketing Precision",
                    "fmeasure": "Bracketing FMeasure", "complete_match": "Complete match",
                    "tagging_accuracy": "Tagging accuracy"}


def test_wsj22_two_berkeley_outputs(tmp_path: Path) -> None:
    folder = require("evalb", "wsj22")
    gold = folder / "wsj22.auto.clean.gld"
    scores = {}
    for variant in ("top", "raw"):
        rows = evaluate_brackets(gold, folder / f"wsj22.berkeley_MLE.{variant}.tst").sentences
        scores[variant] = [bracket_scores(rows, measure) for measure in BRACKET_MEASURES]
    table = comparison("WSJ 22, Berkeley parser", "bracket",
                       tuple(Metric(label) for label in BRACKET_MEASURES.values()), scores, "ar")
    check_every_format(table, tmp_path)
    printed = shown(table)
    for variant in ("top", "raw"):
        text = (folder / f"wsj22.berkeley_MLE.{variant}.COLLINS.rsl").read_text(encoding="utf-8")
        everything = text.split("-- All --")[1].split("-- len<=40 --")[0]
        expected = [re.search(rf"^{label} +=\s+(\S+)$", everything, re.M).group(1)
                    for label in BRACKET_MEASURES.values()]
        assert printed[variant] == expected, variant
