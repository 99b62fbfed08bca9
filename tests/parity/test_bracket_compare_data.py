"""``treeeval bracket -p COLLINS.prm GOLD SYS1 SYS2 SYS3`` on WSJ 22: the Berkeley parser's
output (``top``, and ``raw`` with its ROOT label) and a second system made here from it (the
PPs of every other sentence relabelled NP, as docs/compare.md's figures do).  Every system's
report is the one ``treeeval bracket GOLD SYS`` prints alone, which is EVALB's stored output
for the Berkeley files; the comparison table (10,000 shuffles of approximate randomization,
Holm-corrected) in the five formats is the table built from the API, its values are EVALB's
printed figures, and each format loads (tests/table_checks.py: the Markdown renders as a
table, the CSV and JSON load back to its numbers, the LaTeX compiles when a TeX engine is
there); ``--per-label`` adds up to EVALB's totals; ``--plot`` draws both figures."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from cli_runner import run_treeeval
from shared_data import require
from table_checks import check_every_format

from treeeval.bracket.api import evaluate_brackets
from treeeval.bracket.params import load_params
from treeeval.bracket.settings import BracketSettings
from treeeval.compare.bracket import BracketSystems
from treeeval.policy.envelope import schema_path
from treeeval.tables import FORMATS, render
from treeeval.tables.settings import ComparisonSettings
from treeeval.tables.systems import comparison_table

NAMES = ("top", "raw", "pp_as_np")
LABELS = ("Bracketing Recall", "Bracketing Precision", "Bracketing FMeasure", "Complete match",
          "Tagging accuracy")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """The gold file and the three systems, named as the table names them."""
    made = tmp_path_factory.mktemp("systems")
    for name in NAMES[:2]:
        (made / f"{name}.tst").write_bytes(berkeley(name, "tst").read_bytes())
    lines = (made / "top.tst").read_text(encoding="utf-8").splitlines(keepends=True)
    (made / "pp_as_np.tst").write_text("".join(
        line.replace("(PP ", "(NP ") if k % 2 else line for k, line in enumerate(lines)),
        encoding="utf-8")
    return berkeley("", "gld"), [made / f"{name}.tst" for name in NAMES]


def berkeley(variant: str, suffix: str) -> Path:
    """A file of WSJ 22: the gold (no variant) or a Berkeley output's."""
    folder = require("evalb", "wsj22")
    return folder / (f"wsj22.berkeley_MLE.{variant}.{suffix}" if variant
                     else f"wsj22.auto.clean.{suffix}")


def bracket(args: list[str], folder: Path) -> bytes:
    run = run_treeeval(["bracket", "-p", "COLLINS.prm", *args], folder)
    assert run.status == 0, run.stderr
    return run.stdout


def test_every_report_is_evalbs(files: tuple[Path, list[Path]], tmp_path: Path) -> None:
    gold, systems = files
    out = bracket([str(gold), *map(str, systems)], tmp_path)
    reports = []
    for name, system in zip(NAMES, systems):
        alone = bracket([str(gold), str(system)], tmp_path)
        if name in NAMES[:2]:
            assert alone == berkeley(name, "COLLINS.rsl").read_bytes()
        reports.append(f"=== {name}: {gold} {system}\n".encode() + alone)
    assert out.startswith(b"".join(reports) + b"\nwsj22.auto.clean\nsystem ")


def test_the_table_in_five_formats(files: tuple[Path, list[Path]], tmp_path: Path) -> None:
    gold, systems = files
    args = ["--stat", "ar", "--baseline", "top", str(gold), *map(str, systems)]
    printed = {fmt: bracket([*args, "--format", fmt], tmp_path) for fmt in FORMATS}
    document = json.loads(printed["json"])
    assert "stat:ar|resamples:10000|seed:1|baseline:top" in document["signature"]
    compared = BracketSystems(BracketSettings(str(gold), tuple(map(str, systems)),
                                              load_params(["COLLINS.prm"])[0]))
    compared.results = [evaluate_brackets(gold, system) for system in systems]
    assert compared.names == list(NAMES) and compared.title == "wsj22.auto.clean"
    table = comparison_table(compared, ComparisonSettings("ar", signature=True),
                             signature=document["signature"])
    assert table.correction == "holm"
    for fmt, out in printed.items():
        # text shows the signature only with --signature
        assert out.decode() == render(replace(table, signature="") if fmt == "text" else table,
                                      fmt), fmt
    check_every_format(table, tmp_path)
    text = bracket(args, tmp_path).decode()
    assert text.endswith("\n\n" + render(replace(table, signature=""), "text"))
    for name, _system in zip(NAMES[:2], systems):  # EVALB's own figures, as printed
        report = berkeley(name, "COLLINS.rsl").read_text(encoding="utf-8")
        everything = report.split("-- All --")[1].split("-- len<=40 --")[0]
        row = next(row for row in table.rows if row.name == name)
        for label, value in zip(LABELS, row.values):
            assert re.search(rf"^{label} +=\s+{value:.2f}$", everything, re.M), (name, label)
    significant = {row.name: [cell.significant(0.05) for cell in row.significance]
                   for row in table.rows if not row.baseline}
    assert significant["pp_as_np"][:3] == [True, True, True]


def test_per_label_adds_up(files: tuple[Path, list[Path]], tmp_path: Path) -> None:
    gold, systems = files
    document = json.loads(bracket(["--json", "--per-label", str(gold), *map(str, systems)],
                                  tmp_path))
    jsonschema.Draft202012Validator(json.loads(schema_path("bracket").read_text())).validate(
        document)
    for system in document["systems"]:
        labels = {row["label"]: row for row in system["per_label"]}
        for key, column in (("gold", "gold"), ("test", "test"), ("matched", "matched_gold")):
            assert sum(row[column] for row in labels.values()) == system["all"][key], key
    top, _, pp_as_np = ({row["label"]: row for row in s["per_label"]}
                        for s in document["systems"])
    assert top["VP"] == pp_as_np["VP"] and top["PP"]["test"] > pp_as_np["PP"]["test"]


def test_plot_draws_both_figures(files: tuple[Path, list[Path]], tmp_path: Path) -> None:
    gold, systems = files
    bracket(["--format", "csv", "--plot", "wsj22.png", str(gold), *map(str, systems)],
            tmp_path)
    for figure in ("f1_by_length", "label_f1"):
        assert (tmp_path / f"wsj22.{figure}.png").read_bytes().startswith(b"\x89PNG")


def test_the_per_label_table_in_five_formats(files: tuple[Path, list[Path]],
                                             tmp_path: Path) -> None:
    """``--per-label --format``: a row per label, each system's F1 the one its per-label
    block prints, in every format; PP is where relabelling costs pp_as_np."""
    gold, systems = files
    args = ["--per-label", str(gold), *map(str, systems)]
    printed = {fmt: bracket([*args, "--format", fmt], tmp_path).decode() for fmt in FORMATS}
    compared = BracketSystems(BracketSettings(str(gold), tuple(map(str, systems)),
                                              load_params(["COLLINS.prm"])[0], per_label=True))
    compared.results = [evaluate_brackets(gold, system) for system in systems]
    from treeeval.bracket.compare import label_table

    table = label_table("wsj22.auto.clean: F1 by label", compared.names,
                        [compared.label_counts(index) for index in range(3)],
                        signature=json.loads(printed["json"])["signature"])
    for fmt, out in printed.items():
        assert out == render(replace(table, signature="") if fmt == "text" else table, fmt)
    blocks = bracket(args, tmp_path).decode().split("-- Per label (labels cut at - or =) --\n")
    for name, block in zip(NAMES, blocks[1:]):  # each system's own per-label block
        f1 = {line.split()[0]: line.split()[-1] for line in block.splitlines()[1:]
              if line and not line.startswith("===") and len(line.split()) == 8}
        column = 1 + NAMES.index(name)
        assert {row.name: f"{row.values[column]:.2f}" for row in table.rows
                if row.values[column] is not None} == f1, name
    rows = {row.name: row for row in table.rows}
    assert [row.name for row in table.rows][:4] == ["NP", "VP", "S", "PP"]
    assert rows["VP"].values[1:] == (rows["VP"].values[1],) * 3
    assert rows["PP"].values[3] < rows["PP"].values[1] and table.best(1)[:1] == (0,)
    check_every_format(table, tmp_path)  # last: skipped without a TeX engine
