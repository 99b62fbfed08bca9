"""``treeeval dep`` comparing the two English parsers of Plank et al. (2015) on real data.

MaltEval's report of the two systems is unchanged by the comparison (its stored output,
byte for byte), each system's numbers in the comparison are those of its single-system run
(and MaltEval's), the comparison table comes out in the five formats and loads
(tests/table_checks.py), and ``--plot`` writes every dependency figure as PNG, SVG and PDF.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import Run, run_treeeval
from table_checks import check_every_format

from treeeval.dep.api import evaluate_dependencies
from treeeval.tables import FORMATS, render

CONLLX = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "conllx"
EN = Path("plank_conll2015/datapackage/en")
GOLD = EN / "gold.conll"
#: parser2 as MaltEval reads it (its PHEAD column's `-` normalised: MaltEval aborts on it)
SYSTEMS = [EN / "parser2.phead-normalized.conll", EN / "parser1.conll"]
STORED = CONLLX / "malteval_out" / "en-plank.two-parsers-nostat.txt"
FIGURES = ("by_arc_length", "by_root_distance", "by_sentence_length", "deprel_f1")

pytestmark = pytest.mark.skipif(not STORED.exists(), reason=f"shared reference data not found "
                                f"at {CONLLX} (parity tests need ../shared)")


def dep(*args: str | Path, cwd: Path = CONLLX) -> Run:
    run = run_treeeval(["dep", *map(str, args)], cwd)
    assert run.status == 0, run.stderr.decode()
    return run


def test_the_comparison_leaves_malteval_s_report_unchanged() -> None:
    systems = [SYSTEMS[1], SYSTEMS[0]]  # MaltEval's run: parser1 first
    flags = ["--Metric", "LAS;UAS"]
    stored = STORED.read_text(encoding="utf-8")
    assert dep("-g", GOLD, "-s", *systems, *flags).stdout.decode() == stored
    compared = dep("-g", GOLD, "-s", *systems, *flags, "--stat", "ar", "--resamples", "500")
    echo, text = compared.stdout.decode().split("\n", 1)
    stored_echo, stored_text = stored.split("\n", 1)
    assert echo == stored_echo + " --stat ar --resamples 500"  # treeeval's test, echoed
    assert text.startswith(stored_text)
    block = text[len(stored_text):]
    assert [line.split()[1] for line in block.splitlines() if line.startswith("<")] == [
        str(path) for path in systems]


def single(system: Path) -> dict[str, object]:
    """One system's scores from its own run."""
    document = json.loads(dep(GOLD, system, "--json", "--stat", "mcnemar").stdout)
    return document["systems"][0]


def test_each_system_scores_as_in_its_single_run_and_in_malteval() -> None:
    document = json.loads(dep(GOLD, *SYSTEMS, "--json", "--stat", "mcnemar").stdout)
    assert [s["path"] for s in document["systems"]] == [str(path) for path in SYSTEMS]
    for system, path in zip(document["systems"], SYSTEMS):
        alone = single(path)
        assert {k: v for k, v in system.items() if k != "name"} == {
            k: v for k, v in alone.items() if k != "name"}
        assert system["lin_errors"] == system["tokens"] - system["UAS"]["correct"]
    # MaltEval's Row means of the stored run (parser1, then parser2)
    rounded = {s["path"]: (round(s["UAS"]["score"] / 100, 3), round(s["LAS"]["score"] / 100, 3))
               for s in document["systems"]}
    assert rounded == {str(SYSTEMS[1]): (0.801, 0.773), str(SYSTEMS[0]): (0.811, 0.769)}


@pytest.fixture(scope="module")
def table_run() -> dict[str, str]:
    flags = ["--stat", "bootstrap", "--resamples", "1000", "--seed", "5",
             "--metrics", "LAS;UAS;Lin errors", "--baseline", "parser1"]
    shown = {fmt: dep(GOLD, *SYSTEMS, *flags, "--format", fmt).stdout.decode()
             for fmt in FORMATS}
    return shown


def test_the_five_formats_are_the_table_of_the_api(table_run: dict[str, str],
                                                   tmp_path: Path) -> None:
    shown = table_run
    result = evaluate_dependencies(CONLLX / GOLD, [CONLLX / path for path in SYSTEMS],
                                   stat="bootstrap", resamples=1000, seed=5,
                                   metrics=("LAS", "UAS", "Lin errors"), baseline="parser1")
    assert result.comparison is not None
    signature = json.loads(shown["json"])["signature"]
    assert signature == ("cmd:dep|metric:LAS|group:Token|metrics:LAS;UAS;Lin%20errors|"
                         "stat:bootstrap|resamples:1000|seed:5|baseline:parser1|version:0.1.0")
    table = result.comparison.table(signature)
    assert [row.name for row in table.rows] == ["parser2.phead-normalized", "parser1"]
    assert table.rows[1].baseline and table.correction is None  # two systems: no correction
    for fmt in FORMATS:  # text shows the signature only with --signature
        expected = render(table if fmt != "text" else result.comparison.table(), fmt)
        assert shown[fmt] == expected, fmt
    check_every_format(table, tmp_path)


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_plot_writes_each_figure(suffix: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / f"en{suffix}"
    run = dep(GOLD, *SYSTEMS, "--Metric", "LAS;UAS", "--header-info", "0", "--plot", target)
    assert run.stdout == dep(GOLD, *SYSTEMS, "--Metric", "LAS;UAS", "--header-info", "0").stdout
    magic = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}[suffix]
    for name in FIGURES:
        drawn = (tmp_path / f"en.{name}{suffix}").read_bytes()
        assert drawn.startswith(magic), name
        if suffix == ".svg":
            assert b"parser1" in drawn and b"parser2" in drawn
