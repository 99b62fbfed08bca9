"""``treeeval ud GOLD SYS1 SYS2 SYS3 SYS4`` on four CoNLL 2018 systems on en_ewt: every
system's report is the one ``treeeval ud GOLD SYS`` prints alone, which is the CoNLL 2018
scorer's stored output; the comparison table (10,000 bootstrap resamples, Holm-corrected) in
the five formats is the table built from the API, and each format loads (tests/table_checks.py:
the Markdown renders as a table, the CSV and JSON load back to its numbers, the LaTeX compiles
when a TeX engine is there)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from shared_data import require
from table_checks import check_every_format

from treeeval.compare.ud import UDSystems
from treeeval.tables import FORMATS, render
from treeeval.tables.settings import ComparisonSettings
from treeeval.tables.systems import comparison_table
from treeeval.ud.api import evaluate_ud
from treeeval.ud.pairs import PairScores
from treeeval.ud.settings import UDSettings

SYSTEMS = ("HIT-SCIR-18", "Stanford-18", "UDPipe-Future", "TurkuNLP-18")
METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
           "UAS", "LAS", "CLAS", "MLAS", "BLEX")


@pytest.fixture(scope="module")
def files() -> tuple[Path, list[Path]]:
    folder = require("ud", "conll2018")
    return (folder / "gold" / "en_ewt.conllu",
            [folder / "systems" / name / "en_ewt.conllu" for name in SYSTEMS])


@pytest.mark.parametrize("mode, suffix", [([], "eval.txt"), (["-v"], "eval-v.txt"),
                                          (["-c"], "eval-c.txt")])
def test_every_report_is_the_scorers(files: tuple[Path, list[Path]], mode: list[str],
                                     suffix: str, tmp_path: Path) -> None:
    gold, systems = files
    run = run_treeeval(["ud", *mode, str(gold), *map(str, systems)], tmp_path)
    assert run.status == 0 and run.stderr == b""
    reports = []
    for name, system in zip(SYSTEMS, systems):
        alone = run_treeeval(["ud", *mode, str(gold), str(system)], tmp_path).stdout
        assert alone == system.with_name(f"en_ewt.{suffix}").read_bytes()
        reports.append(f"=== {name}: {gold} {system}\n".encode() + alone)
    assert run.stdout.startswith(b"".join(reports) + b"\nen_ewt\nsystem ")


def test_the_table_in_five_formats(files: tuple[Path, list[Path]], tmp_path: Path) -> None:
    gold, systems = files
    args = ["ud", "--stat", "bootstrap", "--baseline", "Stanford-18", str(gold),
            *map(str, systems)]
    printed = {fmt: run_treeeval([*args, "--format", fmt], tmp_path) for fmt in FORMATS}
    assert all(run.status == 0 for run in printed.values())
    document = json.loads(printed["json"].stdout)
    assert "stat:bootstrap|resamples:10000|seed:1|baseline:Stanford-18" in document["signature"]
    results = [evaluate_ud(str(gold), str(system)) for system in systems]
    compared = UDSystems(UDSettings(tuple((str(gold), str(system)) for system in systems)),
                         [PairScores(r.scores, per_sentence=r.per_sentence) for r in results])
    assert compared.names == list(SYSTEMS) and compared.offered() == METRICS
    table = comparison_table(compared, ComparisonSettings("bootstrap", baseline="Stanford-18",
                                                          signature=True),
                             signature=document["signature"])
    assert table.correction == "holm"
    for fmt, run in printed.items():
        # text shows the signature only with --signature
        expected = render(replace(table, signature="") if fmt == "text" else table, fmt)
        assert run.stdout.decode() == expected, fmt
    check_every_format(table, tmp_path)
    las = {row.name: row.values[METRICS.index("LAS")] for row in table.rows}
    for name, system in zip(SYSTEMS, systems):  # the scorer's own figure, as printed
        report = system.with_name("en_ewt.eval.txt").read_text(encoding="utf-8")
        assert f"LAS F1 Score: {las[name]:.2f}\n" in report



def test_one_system_on_the_treebanks_as_a_table(tmp_path: Path) -> None:
    """``treeeval ud --format F GOLD_DIR SYSTEM_DIR``: a row per treebank, its F1 the scorer's
    own (the stored reports of en_ewt and he_htb), and the macro-average row the one the
    folders' report prints; in five formats, nothing bold."""
    folder = require("ud", "conll2018")
    gold, system = folder / "gold", folder / "systems" / "HIT-SCIR-18"
    args = ["ud", str(gold), str(system)]
    printed = {fmt: run_treeeval([*args, "--format", fmt], tmp_path) for fmt in FORMATS}
    assert all(run.status == 0 for run in printed.values())
    pairs = tuple((str(gold / name), str(system / name))
                  for name in sorted(p.name for p in gold.glob("*.conllu")))
    settings = UDSettings(pairs, several=True)
    from treeeval.compare.ud import treebank_table

    results = [PairScores(evaluate_ud(*pair).scores) for pair in pairs]
    table = treebank_table(settings, ComparisonSettings(format="json"), results)
    for fmt, run in printed.items():
        expected = render(replace(table, signature="") if fmt == "text" else table, fmt)
        assert run.stdout.decode() == expected, fmt
    assert table.title == "HIT-SCIR-18" and not any(table.best(c) for c in range(3))
    rows = {row.name: row.values for row in table.rows}
    for name in ("en_ewt", "he_htb"):
        report = (system / f"{name}.eval.txt").read_text(encoding="utf-8")
        assert f"LAS F1 Score: {rows[name][0]:.2f}\n" in report
    plain = run_treeeval(args, tmp_path).stdout.decode().split("Macro-average over 5 "
                                                                "treebanks:\n")[1]
    assert plain.splitlines() == [f"{label}: {value:.2f}" for label, value in zip(
        ("LAS F1 Score", "MLAS Score", "BLEX Score"), rows["macro-average"])]
    check_every_format(table, tmp_path)  # last: skipped without a TeX engine
