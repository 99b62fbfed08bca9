"""treeeval.figures: each figure's numbers against a straightforward computation written
here (brackets and arcs counted with plain loops over small inline trees), each figure drawn
in every format, the same bytes twice, systems told apart without colour, and matplotlib
never imported by anything but the drawing."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from treeeval.bracket.api import evaluate_brackets
from treeeval.bracket.params import EvalbParams
from treeeval.bracket.span_scoring import file_spans
from treeeval.errors import UsageError
from treeeval.figures import (
    FORMATS,
    FigureData,
    LengthBins,
    by_arc_length,
    by_root_distance,
    by_sentence_length,
    dependency_evaluations,
    deprel_f1,
    draw,
    f1_by_length,
    label_f1,
    make_figure,
)

ROOT = Path(__file__).resolve().parents[3]

GOLD_TREES = """\
(S (NP (DT the) (NN dog)) (VP (VBD ran)))
(S (NP (NNP Kim)) (VP (VBD saw) (NP (DT a) (NN cat))))
(S (NP (DT the) (JJ old) (NN man)) (VP (VBD gave) (NP (PRP her)) (NP (DT a) (NN book))))
(S (NP (PRP it)) (VP (VBZ rains)))
(S (NP (DT the) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))))
(S (NP (PRP we)) (VP (VBD left) (PP (IN after) (NP (DT the) (NN show))) (ADVP (RB early))))
"""
SYSTEM_TREES = {
    "first": """\
(S (NP (DT the) (NN dog)) (VP (VBD ran)))
(S (NP (NNP Kim)) (VP (VBD saw) (NP (DT a)) (NN cat)))
(S (NP (DT the) (JJ old) (NN man)) (VP (VBD gave) (NP (NP (PRP her)) (NP (DT a) (NN book)))))
(S (NP (PRP it)) (VP (VBZ rains)))
(S (NP (DT the) (NN cat)) (VP (VBD sat)) (PP (IN on) (NP (DT the) (NN mat))))
(S (NP (PRP we)) (VP (VBD left) (PP (IN after) (NP (DT the) (NN show)) (ADVP (RB early)))))
""",
    "second": """\
(S (NP (DT the) (NN dog)) (ADJP (VBD ran)))
(S (NP (NNP Kim)) (VP (VBD saw) (NP (DT a) (NN cat))))
(S (NP (DT the) (JJ old)) (NN man) (VP (VBD gave) (NP (PRP her)) (NP (DT a) (NN book))))
(S (NP (PRP it)) (VP (VBZ rains)))
(S (NP (DT the) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))))
(S (NP (PRP we)) (VP (VBD left) (PP (IN after) (NP (DT the) (NN show)))) (ADVP (RB early)))
""",
    "third": GOLD_TREES,
}

#: gold and parsed dependency trees: (head, label) per token; the second system has a cycle
GOLD_ARCS = [[(2, "det"), (3, "nsubj"), (0, "root"), (5, "det"), (3, "obj"), (3, "punct")],
             [(0, "root"), (1, "obj"), (4, "case"), (1, "obl")],
             [(2, "nsubj"), (0, "root"), (2, "obj"), (7, "mark"), (7, "nsubj"), (7, "aux"),
              (2, "advcl"), (7, "obj"), (2, "punct")]]
PARSED_ARCS = {
    "mst": [[(2, "det"), (3, "nsubj"), (0, "root"), (5, "det"), (3, "nsubj"), (5, "punct")],
            [(0, "root"), (1, "obj"), (2, "case"), (1, "obl")],
            [(2, "nsubj"), (0, "root"), (2, "obj"), (7, "mark"), (7, "nsubj"), (7, "aux"),
             (3, "acl"), (7, "obj"), (2, "punct")]],
    "malt": [[(2, "det"), (1, "nsubj"), (0, "root"), (5, "det"), (3, "obj"), (3, "punct")],
             [(0, "root"), (4, "obj"), (4, "case"), (1, "obl")],
             [(2, "nsubj"), (0, "root"), (2, "obj"), (5, "mark"), (4, "nsubj"), (7, "aux"),
              (2, "advcl"), (7, "obj"), (2, "punct")]],
}


# --- straightforward computations ------------------------------------------------------

def brackets(tree: str) -> tuple[Counter[tuple[str, int, int]], int]:
    """The constituents above the preterminals (label, start, end) and the word count."""
    stack: list[tuple[str, int]] = []
    found: Counter[tuple[str, int, int]] = Counter()
    words = 0
    for token in re.findall(r"\(|\)|[^\s()]+", tree):
        if token == "(":
            stack.append(("", words))
        elif token == ")":
            label, start, *rest = stack.pop()
            if rest:  # a phrase (a preterminal has no children)
                found[(label, start, words)] += 1
            if stack:
                stack[-1] = (*stack[-1], True)
        elif stack and stack[-1][0] == "":
            stack[-1] = (token, stack[-1][1])
        else:
            words += 1
    return found, words


def f1(test_right: float, test: float, gold_right: float, gold: float) -> float:
    precision = 100.0 * test_right / test if test else 0.0
    recall = 100.0 * gold_right / gold if gold else 0.0
    if not test and not gold:
        return float("nan")
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def bracket_bins(system: str, edges: tuple[int, ...]) -> list[float]:
    sums = [[0, 0, 0] for _ in range(len(edges) + 1)]
    for gold_tree, test_tree in zip(GOLD_TREES.splitlines(), system.splitlines()):
        gold, words = brackets(gold_tree)
        test, _ = brackets(test_tree)
        k = sum(words > edge for edge in edges)
        sums[k][0] += sum((gold & test).values())
        sums[k][1] += sum(gold.values())
        sums[k][2] += sum(test.values())
    return [f1(m, t, m, g) for m, g, t in sums]


def label_scores(system: str) -> dict[str, float]:
    counts: dict[str, list[int]] = {}
    for gold_tree, test_tree in zip(GOLD_TREES.splitlines(), system.splitlines()):
        gold, test = brackets(gold_tree)[0], brackets(test_tree)[0]
        right = gold & test
        for side, bag in enumerate((right, test, right, gold)):
            for (label, _, _), n in bag.items():
                counts.setdefault(label, [0, 0, 0, 0])[side] += n
    return {label: f1(*row) for label, row in counts.items()}


def depth(arcs: list[tuple[int, str]], token: int) -> int | None:
    """Arcs from the token up to the root (1 for a root word), None on a cycle."""
    seen = 0
    while token != 0:
        token = arcs[token - 1][0]
        seen += 1
        if seen > len(arcs):
            return None
    return seen


def arc_bins(parsed: list, key, size: int, labelled: bool) -> list[list[int]]:
    """Per bin: parsed-side right, parsed-side total, gold-side right, gold-side total."""
    sums = [[0, 0, 0, 0] for _ in range(size)]
    for gold_tree, parsed_tree in zip(GOLD_ARCS, parsed):
        for token, (gold_arc, parsed_arc) in enumerate(zip(gold_tree, parsed_tree), 1):
            right = parsed_arc == gold_arc if labelled else parsed_arc[0] == gold_arc[0]
            for side, tree in ((0, parsed_tree), (2, gold_tree)):
                k = key(tree, token)
                if k is not None:
                    sums[k][side] += right
                    sums[k][side + 1] += 1
    return sums


def arc_length_bin(tree: list, token: int) -> int:
    head = tree[token - 1][0]
    length = abs(head - token)
    return 4 if head == 0 else 0 if length <= 1 else 1 if length == 2 else 2 if length <= 6 else 3


def root_distance_bin(tree: list, token: int) -> int | None:
    distance = depth(tree, token)
    return None if distance is None else min(distance, 7) - 1


# --- fixtures -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bracket_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("brackets")
    files = {"gold": GOLD_TREES, **SYSTEM_TREES}
    for name, text in files.items():
        (folder / name).write_text(text)
    return {name: str(folder / name) for name in files}


def conll(trees: list[list[tuple[int, str]]]) -> str:
    return "".join("".join(f"{k}\tw{k}\t_\tX\tX\t_\t{head}\t{label}\t_\t_\n"
                           for k, (head, label) in enumerate(tree, 1)) + "\n" for tree in trees)


@pytest.fixture(scope="module")
def dep_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("deps")
    files = {"gold": GOLD_ARCS, **PARSED_ARCS}
    for name, trees in files.items():
        (folder / f"{name}.conll").write_text(conll(trees))
    return {name: str(folder / f"{name}.conll") for name in files}


def evaluations(dep_files: dict[str, str], grouping: str, metrics=("LAS", "UAS")) -> dict:
    return dependency_evaluations(dep_files["gold"], [dep_files["mst"], dep_files["malt"]],
                                  grouping, metrics, resamples=10)


@pytest.fixture(scope="module")
def figures(bracket_files: dict[str, str], dep_files: dict[str, str]) -> dict[str, FigureData]:
    systems = {name: bracket_files[name] for name in SYSTEM_TREES}
    runs = {name: evaluate_brackets(bracket_files["gold"], path, params=None)
            for name, path in systems.items()}
    spans = {name: file_spans(bracket_files["gold"], path, EvalbParams())
             for name, path in systems.items()}
    names = ["mst", "malt"]
    return {
        "f1_by_length": f1_by_length(runs, LengthBins((3, 5))),
        "label_f1": label_f1(spans),
        "by_arc_length": by_arc_length(evaluations(dep_files, "GroupedRelationLength"), names),
        "by_root_distance": by_root_distance(evaluations(dep_files, "ArcDepth"), names),
        "by_sentence_length": by_sentence_length(evaluations(dep_files, "SentenceLength"),
                                                 names, LengthBins((4, 6))),
        "deprel_f1": deprel_f1(evaluations(dep_files, "Deprel", ("LAS",))["LAS"], names),
    }


def values(data: FigureData, panel: int = 0) -> list[list[float]]:
    return [series.values.tolist() for series in data.panels[panel].series]


# --- the numbers ----------------------------------------------------------------------

def test_bracket_f1_by_length_pools_each_bins_brackets(figures: dict[str, FigureData]) -> None:
    data = figures["f1_by_length"]
    assert data.categories == ("1-3", "4-5", "6+")
    expected = [bracket_bins(text, (3, 5)) for text in SYSTEM_TREES.values()]
    np.testing.assert_allclose(values(data), expected, rtol=0, atol=1e-9)
    assert [s.system for s in data.panels[0].series] == list(SYSTEM_TREES)
    assert values(data)[2] == [100.0, 100.0, 100.0]


def test_one_bin_is_evalbs_overall_f1(bracket_files: dict[str, str]) -> None:
    for name in SYSTEM_TREES:
        run = evaluate_brackets(bracket_files["gold"], bracket_files[name], params=None)
        series = f1_by_length({name: run}, LengthBins(())).panels[0].series[0]
        assert series.values.tolist() == [run.all_totals.fmeasure()] == [series.overall]
        assert series.support.tolist() == [run.all_totals.gold]


def test_bracket_label_f1(figures: dict[str, FigureData]) -> None:
    data = figures["label_f1"]
    gold = Counter(label for tree in GOLD_TREES.splitlines() for (label, _, _), n
                   in brackets(tree)[0].items() for _ in range(n))
    assert data.categories == tuple(sorted(gold, key=lambda label: (-gold[label], label)))
    for series, text in zip(data.panels[0].series, SYSTEM_TREES.values()):
        scores = label_scores(text)
        assert series.values.tolist() == pytest.approx([scores[c] for c in data.categories])
        assert series.support.tolist() == [gold[c] for c in data.categories]


def test_top_keeps_the_most_frequent_gold_labels(bracket_files: dict[str, str]) -> None:
    spans = {"first": file_spans(bracket_files["gold"], bracket_files["first"], EvalbParams())}
    assert label_f1(spans, top=2).categories == ("NP", "S")


@pytest.mark.parametrize("figure, key, size", [("by_arc_length", arc_length_bin, 5),
                                               ("by_root_distance", root_distance_bin, 7)])
def test_two_sided_figures_are_f1_of_parsed_and_gold_sides(
        figures: dict[str, FigureData], figure: str, key, size: int) -> None:
    data = figures[figure]
    assert [panel.title for panel in data.panels] == ["LAS", "UAS"]
    for panel, labelled in zip(range(2), (True, False)):
        expected = [[f1(*row) for row in arc_bins(PARSED_ARCS[name], key, size, labelled)]
                    for name in ("mst", "malt")]
        np.testing.assert_allclose(values(data, panel), expected, rtol=0, atol=1e-9)


def test_root_distance_leaves_out_a_cycle_and_can_plot_precision(
        dep_files: dict[str, str]) -> None:
    runs = evaluations(dep_files, "ArcDepth")
    data = by_root_distance(runs, ["mst", "malt"], measure="precision")
    sums = arc_bins(PARSED_ARCS["malt"], root_distance_bin, 7, True)
    expected = [100.0 * row[0] / row[1] if row[1] else float("nan") for row in sums]
    np.testing.assert_allclose(values(data)[1], expected, rtol=0, atol=1e-9)
    # malt's tokens 1 and 2 of the first sentence, 4 and 5 of the third, are on cycles
    assert sum(row[1] for row in sums) == sum(map(len, GOLD_ARCS)) - 4


def test_by_sentence_length_is_token_accuracy(figures: dict[str, FigureData]) -> None:
    data = figures["by_sentence_length"]
    assert data.categories == ("1-4", "5-6", "7+")
    for panel, labelled in zip(range(2), (True, False)):
        expected, overall = [], []
        for name in ("mst", "malt"):
            sums = [[0, 0] for _ in range(3)]
            for gold, parsed in zip(GOLD_ARCS, PARSED_ARCS[name]):
                k = sum(len(gold) > edge for edge in (4, 6))
                sums[k][0] += sum(g == p if labelled else g[0] == p[0]
                                  for g, p in zip(gold, parsed))
                sums[k][1] += len(gold)
            expected.append([100.0 * r / t if t else float("nan") for r, t in sums])
            overall.append(100.0 * sum(r for r, _ in sums) / sum(t for _, t in sums))
        np.testing.assert_allclose(values(data, panel), expected, rtol=0, atol=1e-9)
        assert [s.overall for s in data.panels[panel].series] == pytest.approx(overall)


def test_deprel_f1(figures: dict[str, FigureData]) -> None:
    data = figures["deprel_f1"]
    gold = Counter(label for tree in GOLD_ARCS for _, label in tree)
    assert data.categories == tuple(sorted(gold, key=lambda label: (-gold[label], label)))
    for series, name in zip(data.panels[0].series, ("mst", "malt")):
        expected = []
        for label in data.categories:
            row = [0, 0, 0, 0]
            for gold_tree, parsed_tree in zip(GOLD_ARCS, PARSED_ARCS[name]):
                for g, p in zip(gold_tree, parsed_tree):
                    row[0] += p[1] == label and g == p
                    row[1] += p[1] == label
                    row[2] += g[1] == label and g == p
                    row[3] += g[1] == label
            expected.append(f1(*row))
        assert series.values.tolist() == pytest.approx(expected)


def test_a_dependency_figure_needs_its_grouping(dep_files: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="grouped by ArcDepth:all"):
        by_root_distance(evaluations(dep_files, "GroupedRelationLength"))


def test_rows_for_a_table(figures: dict[str, FigureData]) -> None:
    rows = figures["by_arc_length"].rows()
    assert len(rows) == 2 * 2 * 5
    assert rows[0] == {"panel": "LAS", "system": "mst", "category": "1",
                       "value": figures["by_arc_length"].panels[0].series[0].values[0],
                       "support": rows[0]["support"]}


# --- the drawing ----------------------------------------------------------------------

MAGIC = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}


@pytest.mark.parametrize("suffix", list(FORMATS))
@pytest.mark.parametrize("figure", ["f1_by_length", "label_f1", "by_arc_length",
                                    "by_root_distance", "by_sentence_length", "deprel_f1"])
def test_every_figure_in_every_format(figures: dict[str, FigureData], figure: str, suffix: str,
                                      tmp_path: Path) -> None:
    path = tmp_path / f"figure{suffix}"
    draw(figures[figure], path)
    assert path.read_bytes().startswith(MAGIC[suffix])


@pytest.mark.parametrize("suffix", list(FORMATS))
def test_the_same_bytes_twice(figures: dict[str, FigureData], suffix: str,
                              tmp_path: Path) -> None:
    for name in ("first", "second"):
        draw(figures["by_root_distance"], tmp_path / f"{name}{suffix}")
    assert (tmp_path / f"first{suffix}").read_bytes() == (tmp_path / f"second{suffix}").read_bytes()


@pytest.mark.parametrize("name", ["figure.jpg", "figure", "figure.png.txt"])
def test_other_suffixes_are_a_usage_error(figures: dict[str, FigureData], name: str,
                                          tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"choose from \.png, \.svg, \.pdf"):
        draw(figures["label_f1"], tmp_path / name)
    assert not (tmp_path / name).exists()


def greys(colour) -> bool:
    from matplotlib.colors import to_rgb

    red, green, blue = to_rgb(colour)
    return red == green == blue


def test_lines_differ_without_colour(figures: dict[str, FigureData]) -> None:
    figure = make_figure(figures["f1_by_length"])
    (ax,) = figure.axes
    looks = [(line.get_marker(), str(line.get_linestyle())) for line in ax.get_lines()]
    assert len(looks) == 3 and len(set(m for m, _ in looks)) == 3
    assert len(set(s for _, s in looks)) == 3
    assert all(greys(line.get_color()) for line in ax.get_lines())
    assert ax.get_xlabel() == "sentence length (words)" and "(%)" in ax.get_ylabel()
    assert [t.get_text() for t in figure.subfigs[0].legends[0].get_texts()][0].startswith("first (")


def test_bars_differ_by_hatch(figures: dict[str, FigureData]) -> None:
    figure = make_figure(figures["label_f1"])
    (ax,) = figure.axes
    hatches = [{bar.get_hatch() for bar in container} for container in ax.containers]
    assert len(hatches) == 3 and all(len(h) == 1 for h in hatches)
    assert len({h.pop() for h in hatches}) == 3
    assert all(greys(bar.get_facecolor()) for container in ax.containers for bar in container)


def test_panels_share_their_y_range(figures: dict[str, FigureData]) -> None:
    las, uas = make_figure(figures["by_arc_length"]).axes
    assert las.get_ylim() == uas.get_ylim()


def imported(nodes: list[ast.AST]) -> set[str]:
    """The modules the import statements among ``nodes`` name."""
    return {alias.name if isinstance(node, ast.Import) else node.module or ""
            for node in nodes if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names}


def test_only_the_drawing_imports_matplotlib_and_only_in_functions() -> None:
    package = ROOT / "treeeval"
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        drawing = path.relative_to(package).as_posix() == "figures/drawing.py"
        names = imported(tree.body if drawing else list(ast.walk(tree)))
        assert not any(name.split(".")[0] == "matplotlib" for name in names), path
    drawing = ast.parse((package / "figures" / "drawing.py").read_text(encoding="utf-8"))
    assert "matplotlib.figure" in imported(list(ast.walk(drawing)))  # the reader sees them


def test_bracket_and_the_figures_package_do_not_load_matplotlib() -> None:
    code = ("import sys, treeeval.figures; from treeeval.cli import main; "
            "main(['bracket', '-h']); "
            "print([m for m in sys.modules if m.split('.')[0] == 'matplotlib'])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT)
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "[]"


def test_the_root_arcs_are_not_joined_to_the_lengths(figures: dict[str, FigureData]) -> None:
    figure = make_figure(figures["by_arc_length"])
    for ax, part in zip(figure.axes, figure.subfigs):
        assert [line.get_xdata().tolist() for line in ax.get_lines()] == [[0, 1, 2, 3], [4]] * 2
        assert len(part.legends[0].get_texts()) == 2


def test_as_many_names_as_systems(dep_files: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="1 names for 2 systems"):
        by_arc_length(evaluations(dep_files, "GroupedRelationLength"), ["mst"])


def _conllu(sentences: list[list[tuple[int, str]]]) -> str:
    return "".join("".join(f"{k}\tw{k}\tw\tX\t_\t_\t{head}\t{label}\t_\t_\n"
                           for k, (head, label) in enumerate(sentence, 1)) + "\n"
                   for sentence in sentences)


def test_ud_file_figures_pool_the_scorer_s_counts(tmp_path: Path) -> None:
    """ud_file_figures scores each pair as treeeval ud does: the legend is the scorer's LAS
    F1, the bins' supports its gold words, the label bars counted here by hand."""
    from treeeval.figures import ud_file_figures
    from treeeval.ud.api import evaluate_ud

    gold = [[(2, "nsubj"), (0, "root"), (2, "obj")], [(0, "root")] + [(1, "obj")] * 11]
    system = [[(2, "nsubj"), (0, "root"), (2, "nsubj")], [(0, "root")] + [(1, "obj")] * 11]
    (tmp_path / "g.conllu").write_text(_conllu(gold))
    (tmp_path / "s.conllu").write_text(_conllu(system))
    data = ud_file_figures(tmp_path / "g.conllu", [tmp_path / "s.conllu", tmp_path / "g.conllu"],
                           names=["s", "g"])
    las = evaluate_ud(str(tmp_path / "g.conllu"), str(tmp_path / "s.conllu")).scores["LAS"]
    first = data["f1_by_length"].panels[0].series[0]
    assert first.overall == pytest.approx(las.f1)
    assert first.support.tolist()[:2] == [3, 12] and first.values[:2].round(2).tolist() == [
        66.67, 100.0]
    labels = data["deprel_f1"]
    assert labels.categories == ("obj", "root", "nsubj")
    # obj: 11 right of 12 gold and 11 system words; nsubj: 1 right of 1 gold and 2 system
    assert labels.panels[0].series[0].values.round(2).tolist() == [
        round(200 * 11 / 23, 2), 100.0, round(200 / 3, 2)]
    with pytest.raises(ValueError, match="1 names for 2 systems"):
        ud_file_figures(tmp_path / "g.conllu", [tmp_path / "s.conllu"] * 2, names=["s"])


def test_a_legend_s_rows_are_even() -> None:
    """Four systems under a wide bar figure: two rows of two, not three and one."""
    from treeeval.figures.drawing import legend_columns

    assert legend_columns(["HIT-SCIR-18 (84.57)"] * 4, 7.2) == 2
    assert legend_columns(["a (1.00)"] * 5, 7.2) == 3
