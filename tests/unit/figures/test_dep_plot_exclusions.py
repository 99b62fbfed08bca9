"""``treeeval dep --plot`` and ``--html`` draw the figures of the run's own evaluation: the
Exclude and sentence-length parameters (on the command line or in ``-e``) leave the same
tokens out of the figures as out of the report, so each figure's legend shows the LAS and
UAS the report prints.  Small inline CoNLL-X files: one system labels a comma ``dep`` and
a word ``punct``, so ExcludeDeprels leaves out different tokens on the two sides.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_runner import run_treeeval

import treeeval.figures
from treeeval.figures.model import FigureData

#: (form, head, deprel) of each word of each gold sentence
GOLD = [[("Rain", 2, "nsubj"), ("fell", 0, "root"), (".", 2, "punct")],
        [("Dogs", 2, "nsubj"), ("bark", 0, "root"), (",", 2, "punct"), ("loudly", 2, "advmod"),
         (".", 2, "punct")],
        [("Go", 0, "root"), ("!", 1, "punct")],
        [("We", 2, "nsubj"), ("saw", 0, "root"), ("the", 4, "det"), ("big", 4, "amod"),
         ("cat", 2, "obj"), ("today", 2, "obl"), (".", 2, "punct")]]
#: each system's changes: (sentence, word, head, deprel)
EDITS = {"one": [(1, 2, 4, "dep"), (1, 3, 2, "punct"), (3, 2, 5, "det"), (0, 0, 3, "nsubj")],
         "two": [(2, 1, 1, "dep"), (3, 5, 5, "obl"), (3, 3, 5, "amod"), (1, 0, 2, "obj")]}
#: the runs whose figures are checked, each leaving tokens out
FLAGS = [["--ExcludeDeprels", "punct"], ["--MinSentenceLength", "3"],
         ["--ExcludeDeprels", "punct|det", "--MaxSentenceLength", "6"]]


def conll(sentences: list[list[tuple[str, int, str]]]) -> str:
    return "".join("".join(f"{k}\t{form}\t_\tX\tX\t_\t{head}\t{label}\t_\t_\n"
                           for k, (form, head, label) in enumerate(sentence, 1)) + "\n"
                   for sentence in sentences)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "gold.conll").write_text(conll(GOLD))
    for name, edits in EDITS.items():
        sentences = [list(sentence) for sentence in GOLD]
        for sentence, word, head, label in edits:
            sentences[sentence][word] = (sentences[sentence][word][0], head, label)
        (tmp_path / f"{name}.conll").write_text(conll(sentences))
    return tmp_path


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> dict[str, FigureData]:
    """The figures a run draws, by file name (nothing is drawn)."""
    figures: dict[str, FigureData] = {}
    monkeypatch.setattr(treeeval.figures, "draw",
                        lambda data, path: figures.setdefault(Path(path).name, data))
    return figures


def dep(folder: Path, *args: str) -> str:
    run = run_treeeval(["dep", "gold.conll", "one.conll", "two.conll", *args], folder)
    assert run.status == 0, run.stderr.decode()
    return run.stdout.decode()


def reported(folder: Path, flags: list[str]) -> dict[str, list[float]]:
    """The LAS and UAS of each system as MaltEval's report prints them (8 decimals)."""
    text = dep(folder, "--Metric", "LAS;UAS", "--metric-order", "given", "--pattern",
               "0.00000000", *flags)
    means = re.findall(r"^(\S+)\s+(\S+)\s+Row mean$", text, re.M)
    return {"LAS": [100 * float(las) for las, _ in means],
            "UAS": [100 * float(uas) for _, uas in means]}


def legends(figures: dict[str, FigureData]) -> dict[str, dict[str, list[float]]]:
    """Each figure's legend scores, by panel (the label figure's panel is LAS)."""
    return {name: {panel.title or "LAS": [series.overall for series in panel.series]
                   for panel in data.panels} for name, data in figures.items()}


@pytest.mark.parametrize("flags", FLAGS, ids=lambda flags: " ".join(flags))
def test_each_figure_s_legend_is_the_report_s_score(folder: Path, drawn: dict[str, FigureData],
                                                    flags: list[str]) -> None:
    scores = reported(folder, flags)
    assert scores != reported(folder, [])  # the parameters leave tokens out
    dep(folder, "--Metric", "LAS;UAS", "--plot", "f.svg", *flags)
    assert sorted(drawn) == ["f.by_arc_length.svg", "f.by_root_distance.svg",
                             "f.by_sentence_length.svg", "f.deprel_f1.svg"]
    for name, panels in legends(drawn).items():
        for metric, overall in panels.items():
            assert overall == pytest.approx(scores[metric], abs=1e-6), (name, metric)


def test_the_figures_pool_the_tokens_the_report_counts(folder: Path,
                                                       drawn: dict[str, FigureData]) -> None:
    """MinSentenceLength leaves whole sentences out: no token of a short sentence is in a
    bin, and the bins of each figure hold the report's tokens."""
    dep(folder, "--MinSentenceLength", "3", "--plot", "f.png")
    by_length = drawn["f.by_sentence_length.png"]
    kept = sum(len(sentence) for sentence in GOLD if len(sentence) >= 3)
    for panel in by_length.panels:
        assert [int(series.support.sum()) for series in panel.series] == [kept, kept]
    arcs = drawn["f.by_arc_length.png"]
    assert {int(series.support.sum()) for panel in arcs.panels for series in panel.series} \
        == {kept}


def test_an_evaluation_file_s_exclusions_apply_too(folder: Path,
                                                   drawn: dict[str, FigureData]) -> None:
    (folder / "eval.xml").write_text(
        '<evaluation>\n <parameter name="Metric"><value>LAS</value></parameter>\n'
        ' <parameter name="ExcludeDeprels"><value>punct</value></parameter>\n</evaluation>\n')
    dep(folder, "-e", "eval.xml", "--plot", "f.svg")
    from_file = legends(drawn)
    drawn.clear()
    dep(folder, "--plot", "f.svg")
    assert from_file != legends(drawn)
    drawn.clear()
    dep(folder, "--ExcludeDeprels", "punct", "--plot", "f.svg")
    assert from_file == legends(drawn)


def test_plot_with_several_values_of_a_parameter_is_a_usage_error(folder: Path) -> None:
    run = run_treeeval(["dep", "gold.conll", "one.conll", "--ExcludeDeprels", ";punct",
                        "--plot", "f.svg"], folder)
    assert run.status == 2
    assert b"--plot draws the figures of one evaluation: give one value of each parameter" \
        in run.stderr
