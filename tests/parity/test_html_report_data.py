"""``treeeval ud --html`` on four CoNLL 2018 systems on en_ewt: the report's table shows the
numbers of the run's own comparison table (``--format csv``, same options) and the scorer's
stored LAS, its figures' overall scores are the scorer's, and each system's worst sentences
are the lowest per-sentence LAS F1 of the scorer's counts, with as many words right as LAS
counts; the same run writes the same bytes, and ``--plot`` writes both figures."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from cli_runner import run_treeeval
from shared_data import require

from treeeval.figures.ud_data import f1_by_sentence_length
from treeeval.stats.rates import percent
from treeeval.ud.api import evaluate_ud
from treeeval.ud.words import gold_words

SYSTEMS = ("HIT-SCIR-18", "Stanford-18", "UDPipe-Future", "TurkuNLP-18")
OPTIONS = ["--stat", "ar", "--resamples", "500", "--baseline", "UDPipe-Future",
           "--metrics", "UAS;LAS;MLAS;BLEX"]


class _Cells(HTMLParser):
    """The text of every cell of the comparison table, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.inside = False
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table" and ("class", "comparison") in attrs:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[Path], bytes]:
    folder = require("ud", "conll2018")
    gold = folder / "gold" / "en_ewt.conllu"
    systems = [folder / "systems" / name / "en_ewt.conllu" for name in SYSTEMS]
    out = tmp_path_factory.mktemp("html")
    ran = run_treeeval(["ud", *OPTIONS, "--html", "report.html", "--plot", "figures.png",
                        "--format", "csv", str(gold), *map(str, systems)], out)
    assert ran.status == 0 and ran.stderr == b""
    return out, gold, systems, ran.stdout


def test_the_table_shows_the_runs_numbers(run: tuple[Path, Path, list[Path], bytes]) -> None:
    out, _, systems, printed = run
    cells = _Cells()
    cells.feed((out / "report.html").read_text(encoding="utf-8"))
    header, *rows = cells.rows
    assert header == ["System", "UAS", "LAS", "MLAS", "BLEX"]
    table = list(csv.DictReader(io.StringIO(printed.decode())))
    for name, row in zip(SYSTEMS, rows):
        assert row[0] == name + (" (baseline)" if name == "UDPipe-Future" else "")
        for metric, shown in zip(header[1:], row[1:]):
            line = next(r for r in table if r["system"] == name and r["metric"] == metric)
            assert shown.rstrip("†") == f"{float(line['value']):.2f}"
            assert shown.endswith("†") == (line["significant"] == "true")
    for system, row in zip(systems, rows):   # the scorer's own LAS, as it printed it
        stored = system.with_name("en_ewt.eval.txt").read_text(encoding="utf-8")
        assert f"LAS F1 Score: {row[2].rstrip('†')}\n" in stored
    assert "Holm" in (out / "report.html").read_text(encoding="utf-8")


def test_worst_sentences_and_figures_are_the_scorers(
        run: tuple[Path, Path, list[Path], bytes]) -> None:
    out, gold, systems, _ = run
    text = (out / "report.html").read_text(encoding="utf-8")
    sections = text.split('<h2 id="worst-')[1:]
    assert len(sections) == len(SYSTEMS)
    for name, system, section in zip(SYSTEMS, systems, sections):
        result = evaluate_ud(str(gold), str(system))
        rows = result.per_sentence["LAS"]
        scores = percent(2 * rows[:, 0], rows[:, 1] + rows[:, 2])
        shown = [(int(n), float(f)) for n, f in re.findall(
            r"<summary>Sentence (\d+) .*?LAS F1 ([\d.]+)</span>", section)]
        assert section.startswith(f'{SYSTEMS.index(name)}">Worst sentences: {name}<')
        assert len(shown) == 20
        assert [score for _, score in shown] == sorted(score for _, score in shown)
        worst = np.sort(scores[~np.isnan(scores)])[:20]
        assert [score for _, score in shown] == pytest.approx(worst.round(2).tolist(), abs=0.005)
        for number, score in shown:
            assert f"{scores[number - 1]:.2f}" == f"{score:.2f}"
        words = gold_words(result)
        assert int(words.las.sum()) == result.scores["LAS"].correct
        figure = f1_by_sentence_length({name: result.per_sentence})
        assert [panel.series[0].overall for panel in figure.panels] == pytest.approx(
            [result.scores[metric].f1 for metric in ("LAS", "MLAS", "BLEX")])


def test_plot_writes_both_figures(run: tuple[Path, Path, list[Path], bytes]) -> None:
    out = run[0]
    for name in ("figures.f1_by_length.png", "figures.deprel_f1.png"):
        assert (out / name).read_bytes().startswith(b"\x89PNG")


def test_the_same_run_writes_the_same_bytes(run: tuple[Path, Path, list[Path], bytes],
                                            tmp_path: Path) -> None:
    out, gold, systems, _ = run
    again = run_treeeval(["ud", *OPTIONS, "--html", "again.html", str(gold),
                          *map(str, systems)], tmp_path)
    assert again.status == 0
    assert (tmp_path / "again.html").read_bytes() == (out / "report.html").read_bytes()
