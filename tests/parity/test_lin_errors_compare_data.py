"""Several systems on real data, for ``lin`` and ``errors``.

* ``treeeval lin GOLD PARSER1 PARSER2`` on Plank et al.'s (2015) two parsers
  (../shared/data/conllx/plank_conll2015): each answer's report is the one ``treeeval lin
  GOLD ANSWER`` prints alone; the comparison table (10,000 bootstrap resamples) in the five
  formats is the table built from those single runs' per-sentence error counts, and each
  format loads (tests/table_checks.py).
* ``treeeval errors GOLD BERKELEY PERTURBED`` on WSJ 22 (the Berkeley parser's output, whose
  classes tests/parity/test_errorclasses_parity.py checks against the classifier, and a
  perturbed copy made here): each system's classes are those of its single run, and the
  table in the five formats is the table built from the API's result.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from shared_data import require
from table_checks import check_every_format

from treeeval.compare.errors import ErrorsSystems
from treeeval.compare.lin import LinSystems
from treeeval.errorclasses.api import classify_errors
from treeeval.errorclasses.report import metric_names
from treeeval.errorclasses.settings import ErrorsSettings
from treeeval.lin.api import LinResult
from treeeval.lin.compare import AnswerScores
from treeeval.lin.settings import LinSettings
from treeeval.tables import FORMATS, render
from treeeval.tables.settings import ComparisonSettings
from treeeval.tables.systems import comparison_table

ROW = re.compile(r"^ *(\d+) +(\d+) +(\d+) +(\d+)$", re.MULTILINE)


@pytest.fixture(scope="module", params=["en", "da"])
def plank(request: pytest.FixtureRequest) -> tuple[Path, list[Path]]:
    folder = require("conllx", "plank_conll2015", "datapackage", request.param)
    return folder / "gold.conll", [folder / "parser1.conll", folder / "parser2.conll"]


def single_lin(gold: Path, answer: Path, folder: Path) -> tuple[str, AnswerScores]:
    """The report of ``treeeval lin GOLD ANSWER`` and its per-sentence rows."""
    run = run_treeeval(["lin", str(gold), str(answer)], folder)
    assert run.status == 0 and run.stderr == b""
    report = run.stdout.decode()
    rows = [[int(field) for field in match.groups()] for match in ROW.finditer(report)]
    assert [row[0] for row in rows] == list(range(1, len(rows) + 1))
    _, words, scored, errors = zip(*rows)
    total = re.search(r"^total: (\d+) errors in (\d+) scored words", report, re.MULTILINE)
    assert total and (int(total[1]), int(total[2])) == (sum(errors), sum(scored))
    return report, AnswerScores(words, scored, errors)


def test_lin_reports_are_the_single_runs(plank: tuple[Path, list[Path]],
                                         tmp_path: Path) -> None:
    gold, answers = plank
    run = run_treeeval(["lin", str(gold), *map(str, answers)], tmp_path)
    assert run.status == 0 and run.stderr == b""
    reports = [f"=== {path.stem}: {gold} {path}\n" + single_lin(gold, path, tmp_path)[0]
               for path in answers]
    assert run.stdout.decode().startswith("".join(reports) + "\ngold\nsystem ")


def test_lin_table_in_five_formats(plank: tuple[Path, list[Path]], tmp_path: Path) -> None:
    gold, answers = plank
    args = ["lin", "--stat", "bootstrap", "--baseline", "parser2", str(gold),
            *map(str, answers)]
    printed = {fmt: run_treeeval([*args, "--format", fmt], tmp_path) for fmt in FORMATS}
    assert all(run.status == 0 for run in printed.values())
    document = json.loads(printed["json"].stdout)
    assert "stat:bootstrap|resamples:10000|seed:1|baseline:parser2" in document["signature"]
    scored = [single_lin(gold, path, tmp_path)[1] for path in answers]
    compared = LinSystems(LinSettings(str(gold), tuple(map(str, answers))),
                          LinResult([], [], [], scored, []))
    assert compared.names == ["parser1", "parser2"] and compared.title == "gold"
    assert tuple(compared.offered()) == ("errors", "error rate")
    table = comparison_table(compared, ComparisonSettings("bootstrap", baseline="parser2",
                                                          signature=True),
                             signature=document["signature"])
    for fmt, run in printed.items():
        expected = render(replace(table, signature="") if fmt == "text" else table, fmt)
        assert run.stdout.decode() == expected, fmt
    check_every_format(table, tmp_path)
    assert table.rows[0].values[0] == scored[0].total_errors


@pytest.fixture(scope="module")
def wsj22(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """WSJ 22's gold (rooted as the Berkeley output is), the Berkeley parser's output and a
    copy of it with the first NP of every third tree relabelled ADJP."""
    source = require("evalb", "wsj22")
    folder = tmp_path_factory.mktemp("wsj22")
    gold = (source / "wsj22.auto.clean.gld").read_text(encoding="utf-8").splitlines()
    (folder / "gold.mrg").write_text("".join(f"(ROOT {line[len('(TOP '):]}\n" for line in gold),
                                     encoding="utf-8")
    berkeley = (source / "wsj22.berkeley_MLE.raw.tst").read_text(encoding="utf-8")
    (folder / "berkeley.mrg").write_text(berkeley, encoding="utf-8")
    perturbed = [line.replace("(NP ", "(ADJP ", 1) if number % 3 == 0 else line
                 for number, line in enumerate(berkeley.splitlines())]
    (folder / "perturbed.mrg").write_text("\n".join(perturbed) + "\n", encoding="utf-8")
    return folder


def test_errors_each_system_is_its_single_run(wsj22: Path) -> None:
    several = run_treeeval(["errors", "--json", "gold.mrg", "berkeley.mrg", "perturbed.mrg"],
                           wsj22)
    assert several.status == 0
    systems = json.loads(several.stdout)["systems"]
    for system in systems:
        alone = run_treeeval(["errors", "--json", "gold.mrg", system["test"]], wsj22)
        assert json.loads(alone.stdout)["systems"] == [system]
    assert systems[1]["bracket_errors"] > systems[0]["bracket_errors"]


def test_errors_table_in_five_formats(wsj22: Path) -> None:
    args = ["errors", "--stat", "ar", "--metrics", "PP Attachment;Different label;bracket errors",
            "gold.mrg", "berkeley.mrg", "perturbed.mrg"]
    printed = {fmt: run_treeeval([*args, "--format", fmt], wsj22) for fmt in FORMATS}
    assert all(run.status == 0 for run in printed.values())
    signature = json.loads(printed["json"].stdout)["signature"]
    assert "stat:ar|resamples:10000|seed:1|baseline:berkeley" in signature
    result = classify_errors(str(wsj22 / "gold.mrg"),
                             [str(wsj22 / "berkeley.mrg"), str(wsj22 / "perturbed.mrg")])
    metrics = ("PP Attachment", "Different label", "bracket errors")
    assert set(metrics) < set(metric_names(result))
    compared = ErrorsSystems(ErrorsSettings(str(wsj22 / "gold.mrg"), (
        str(wsj22 / "berkeley.mrg"), str(wsj22 / "perturbed.mrg"))), result)
    assert compared.names == ["berkeley", "perturbed"] and compared.title == "gold"
    table = comparison_table(compared, ComparisonSettings("ar", metrics=metrics, signature=True),
                             signature=signature)
    for fmt, run in printed.items():
        expected = render(replace(table, signature="") if fmt == "text" else table, fmt)
        assert run.stdout.decode() == expected, fmt
    check_every_format(table, wsj22)
    different = table.rows[1].cell(1)
    assert different is not None and different.p_value < 0.01  # the relabelled NPs
