"""Figures of real systems (issue 15's acceptance data): WSJ 22 gold against the Berkeley
parser's output and a second bracketed system made here by perturbing a copy of it, and the
two parsers of Plank et al. (2015) on English CoNLL-X; each figure type drawn, and its numbers
tied to what the reference programs print: the bracket F1 pooled over all length bins (and
over the bins up to 40 words) is EVALB's ``-- All --`` (and ``-- len<=40 --``) FMeasure, and
each dependency figure's overall score is ``treeeval dep --json``'s LAS or UAS.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from cli_runner import run_treeeval
from shared_data import require

from treeeval.bracket.api import evaluate_brackets
from treeeval.figures import FigureData, LengthBins, bracket_figures, dependency_figures, draw, f1_by_length

PLANK_NAMES = ["parser1", "parser2"]


def perturbed(source: Path, target: Path) -> Path:
    """The Berkeley output with every third PP of each line relabelled NP."""
    def relabel(line: str) -> str:
        seen = iter(range(1, 10**6))
        return re.sub(r"\(PP ", lambda m: "(NP " if next(seen) % 3 == 0 else m.group(0), line)

    text = source.read_text(encoding="utf-8")
    target.write_text("".join(relabel(line) for line in text.splitlines(keepends=True)),
                      encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def wsj22(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = require("evalb", "wsj22")
    berkeley = folder / "wsj22.berkeley_MLE.top.tst"
    return {"gold": folder / "wsj22.auto.clean.gld", "berkeley": berkeley,
            "perturbed": perturbed(berkeley, tmp_path_factory.mktemp("wsj22") / "perturbed.tst"),
            "rsl": folder / "wsj22.berkeley_MLE.top.COLLINS.rsl"}


@pytest.fixture(scope="module")
def plank() -> dict[str, Path]:
    folder = require("conllx", "plank_conll2015", "datapackage", "en")
    return {"gold": folder / "gold.conll", "parser1": folder / "parser1.conll",
            "parser2": folder / "parser2.phead-normalized.conll"}


def evalb_fmeasure(rsl: Path, block: str) -> str:
    text = rsl.read_text(encoding="utf-8").split(f"-- {block} --")[1]
    return re.search(r"^Bracketing FMeasure +=\s+(\S+)$", text, re.M).group(1)


def test_bracket_f1_over_all_bins_is_evalbs(wsj22: dict[str, Path]) -> None:
    run = evaluate_brackets(wsj22["gold"], wsj22["berkeley"])
    everything = f1_by_length({"berkeley": run}, LengthBins(())).panels[0].series[0]
    up_to_40 = f1_by_length({"berkeley": run}, LengthBins((40,))).panels[0].series[0]
    assert f"{everything.values[0]:.2f}" == evalb_fmeasure(wsj22["rsl"], "All")
    assert f"{up_to_40.values[0]:.2f}" == evalb_fmeasure(wsj22["rsl"], "len<=40")
    assert everything.values[0] == run.all_totals.fmeasure() == everything.overall
    assert up_to_40.values[0] == run.cut_totals.fmeasure()
    assert everything.support[0] == run.all_totals.gold


def test_bracket_figures(wsj22: dict[str, Path], tmp_path: Path) -> None:
    figures = bracket_figures(wsj22["gold"], [wsj22["berkeley"], wsj22["perturbed"]],
                              names=["berkeley", "perturbed"])
    by_length, labels = figures["f1_by_length"], figures["label_f1"]
    assert by_length.categories == ("1-10", "11-20", "21-30", "31-40", "41+")
    for series, name in zip(by_length.panels[0].series, ("berkeley", "perturbed")):
        run = evaluate_brackets(wsj22["gold"], wsj22[name])
        assert series.overall == run.all_totals.fmeasure()
        assert series.support.sum() == run.all_totals.gold
        assert np.isfinite(series.values).all()
    berkeley, changed = (series.values for series in labels.panels[0].series)
    assert labels.categories[:2] == ("NP", "VP") and len(labels.categories) == 12
    pp, np_, vp = (labels.categories.index(label) for label in ("PP", "NP", "VP"))
    assert changed[pp] < berkeley[pp] and changed[np_] < berkeley[np_]
    assert changed[vp] == berkeley[vp]  # relabelling PP as NP leaves VP alone
    draw_all(figures, tmp_path)


def test_dependency_figures(plank: dict[str, Path], tmp_path: Path) -> None:
    figures = dependency_figures(plank["gold"], [plank["parser1"], plank["parser2"]],
                                 names=PLANK_NAMES, resamples=10)
    run = run_treeeval(["dep", "--json", "--Metric", "LAS;UAS", "-g", str(plank["gold"]),
                        "-s", str(plank["parser1"]), str(plank["parser2"])], tmp_path)
    assert run.status == 0
    reported = json.loads(run.stdout)["systems"]
    for name in ("by_arc_length", "by_root_distance", "by_sentence_length"):
        data = figures[name]
        assert [panel.title for panel in data.panels] == ["LAS", "UAS"]
        for panel in data.panels:
            overall = [series.overall for series in panel.series]
            assert overall == pytest.approx([system[panel.title]["score"] for system in reported],
                                            abs=1e-9), (name, panel.title)
            # every gold token is in one bin (the gold trees have no cycle)
            assert all(series.support.sum() == reported[0]["tokens"] for series in panel.series)
    assert figures["by_arc_length"].categories == ("1", "2", "3-6", "7+", "root")
    assert figures["by_root_distance"].categories == ("1", "2", "3", "4", "5", "6", "7+")
    assert len(figures["deprel_f1"].categories) == 12
    assert figures["deprel_f1"].categories[0] == "punct"
    draw_all(figures, tmp_path)


def draw_all(figures: dict[str, FigureData], folder: Path) -> None:
    for name, data in figures.items():
        path = folder / f"{name}.png"
        draw(data, path)
        assert path.read_bytes().startswith(b"\x89PNG") and path.stat().st_size < 100_000
