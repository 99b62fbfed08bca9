"""Callin's cross-treebank statistics (``treeeval task --callin``) and the human judgments
(``--judgments``) on inline fixtures, each number checked against an independent
computation (scipy.stats, the statistics module, plain loops)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import numpy as np
import pytest
from cli_runner import run_treeeval

from treeeval.stats.correlation import average_ranks, cumulative_variance, pearson, pearson_matrix, spearman
from treeeval.ud.api import evaluate_ud

stats = pytest.importorskip("scipy.stats")


def conllu(*rows: tuple[str, int, str]) -> str:
    """A CoNLL-U sentence from (form, head, deprel) rows."""
    return "".join(f"{i}\t{form}\t_\tNOUN\t_\t_\t{head}\t{deprel}\t_\t_\n"
                   for i, (form, head, deprel) in enumerate(rows, 1)) + "\n"


def conllx(*rows: tuple[str, int, str]) -> str:
    """A CoNLL-X sentence from (form, head, deprel) rows (PHEAD ``-`` as in Plank's files)."""
    return "".join(f"{i}\t{form}\t_\tNOUN\tNN\t_\t{head}\t{deprel}\t-\t-\n"
                   for i, (form, head, deprel) in enumerate(rows, 1)) + "\n"


# -- the statistics against scipy -------------------------------------------------------

@pytest.mark.parametrize("seed", range(5))
def test_pearson_matrix_is_scipy_pearsonr(seed: int) -> None:
    values = np.random.default_rng(seed).normal(size=(7, 4))
    values[:, 3] = values[:, 0] * 2 + 1  # a perfect correlation
    matrix = pearson_matrix(values)
    for i in range(4):
        for j in range(4):
            assert matrix[i][j] == pytest.approx(stats.pearsonr(values[:, i], values[:, j])[0],
                                                 abs=1e-12)


def test_a_constant_column_has_no_correlation() -> None:
    matrix = pearson_matrix([[1, 2], [1, 3], [1, 5]])
    assert matrix[0] == [None, None] and matrix[1][0] is None and matrix[1][1] == 1.0
    assert pearson([1, 2], [3, 3]) is None and spearman([1], [2]) is None


@pytest.mark.parametrize("seed", range(5))
def test_spearman_is_scipy_spearmanr_with_ties(seed: int) -> None:
    rng = np.random.default_rng(seed)
    x, y = rng.integers(0, 4, size=30), rng.integers(0, 6, size=30)  # many ties
    assert average_ranks(x).tolist() == stats.rankdata(x).tolist()
    assert spearman(x, y) == pytest.approx(stats.spearmanr(x, y)[0], abs=1e-12)


def test_cumulative_variance_is_the_variance_of_the_k_best() -> None:
    values = np.array([[3.0, 10.0], [9.0, 2.0], [4.5, 7.0], [1.0, 7.5]])
    got = cumulative_variance(values)
    for column in range(2):
        ordered = sorted(values[:, column].tolist(), reverse=True)
        assert got[0][column] is None
        for k in range(2, 5):
            assert got[k - 1][column] == pytest.approx(statistics.variance(ordered[:k]))


# -- treeeval task --callin -------------------------------------------------------------

GOLD = {"aa": conllu(("Dogs", 2, "nsubj"), ("bark", 0, "root"), ("the", 4, "det"),
                     ("cat", 2, "obj")),
        "bb": conllu(("The", 2, "det"), ("cats", 3, "nsubj"), ("sleep", 0, "root"),
                     ("here", 3, "advmod")),
        "cc": conllu(("Birds", 2, "nsubj"), ("sing", 0, "root"), ("a", 4, "det"),
                     ("song", 2, "obj"), ("now", 2, "advmod"))}
#: each team's run: the gold with one replacement (None: no file)
RUNS = {"one": {"aa": ("4\tdet", "2\tdet"), "bb": ("", ""), "cc": ("4\tdet", "2\tdet")},
        "two": {"aa": ("2\tobj", "1\tobj"), "bb": ("3\tadvmod", "1\tadvmod"), "cc": None},
        "three": {"aa": ("", ""), "bb": ("nsubj", "obj"), "cc": ("2\tadvmod", "4\tamod")}}


@pytest.fixture
def task(tmp_path: Path) -> Path:
    (tmp_path / "gold").mkdir()
    for name, text in GOLD.items():
        (tmp_path / "gold" / f"{name}.conllu").write_text(text)
    for team, runs in RUNS.items():
        (tmp_path / "systems" / team).mkdir(parents=True)
        for name, change in runs.items():
            if change is not None:
                (tmp_path / "systems" / team / f"{name}.conllu").write_text(
                    GOLD[name].replace(*change))
    return tmp_path


def expected_means(task: Path, metric: str) -> list[float]:
    """Each treebank's mean over its scored runs, from ``treeeval ud``'s API."""
    means = []
    for name in GOLD:
        values = []
        for team, runs in RUNS.items():
            if runs[name] is None:
                continue
            result = evaluate_ud(str(task / "gold" / f"{name}.conllu"),
                                 str(task / "systems" / team / f"{name}.conllu"))
            callin = result.callin()
            values.append({"LAS": result.scores["LAS"].f1, "CRec": callin.content_recall,
                           "FPrec": callin.function_precision}[metric])
        means.append(sum(values) / len(values))
    return means


def test_callin_json_against_an_independent_computation(task: Path) -> None:
    ran = run_treeeval(["task", "--callin", "--json", "--metrics", "LAS;CRec;FPrec", "gold",
                        "systems"], task)
    assert ran.status == 0, ran.stderr
    document = json.loads(ran.stdout)["callin"]
    assert document["treebanks"] == ["aa", "bb", "cc"]
    assert document["runs"] == {"aa": 3, "bb": 3, "cc": 2}
    assert document["notes"] == ["cc: 1 failed run left out."]
    columns = {metric: expected_means(task, metric) for metric in ("LAS", "CRec", "FPrec")}
    for metric, means in columns.items():
        assert [document["means"][name][metric] for name in GOLD] == pytest.approx(means)
        ordered = sorted(means, reverse=True)
        assert document["cumulative_variance"][metric] == pytest.approx(
            [None] + [statistics.variance(ordered[:k]) for k in (2, 3)])
        for other, values in columns.items():
            assert document["pearson"][metric][other] == pytest.approx(
                stats.pearsonr(means, values)[0])
    assert "treeeval: warning: systems/two/cc.conllu" in ran.stderr.decode()


def test_callin_tables_in_every_format(task: Path) -> None:
    ran = run_treeeval(["task", "--callin", "--metrics", "LAS;CRec", "gold", "systems"], task)
    out = ran.stdout.decode()
    assert out.startswith("Callin: the means over the teams of each treebank\n")
    assert "Callin: Pearson correlation between the metrics across 3 treebanks" in out
    assert "k=3" in out
    for fmt in ("markdown", "latex", "csv"):
        assert run_treeeval(["task", "--callin", "--format", fmt, "gold", "systems"],
                            task).status == 0
    tables = json.loads(run_treeeval(["task", "--callin", "--format", "json", "gold",
                                      "systems"], task).stdout)
    assert [table["metrics"][0]["unit"] for table in tables] == ["percent", "number", "number"]
    # the means' rows are treebanks, not competitors: nothing is the best
    asked = ["task", "--callin", "--metrics", "LAS;CRec", "gold", "systems", "--format"]
    means = json.loads(run_treeeval([*asked, "json"], task).stdout)[0]
    assert [system["name"] for system in means["systems"]] == list(GOLD)
    assert not any(cell["best"] for system in means["systems"] for cell in system["cells"])
    markdown = run_treeeval([*asked, "markdown"], task).stdout.decode().split("\n\n", 2)[1]
    assert markdown.startswith("| Treebank |") and "**" not in markdown


def test_a_treebank_without_a_value_is_left_out(task: Path) -> None:
    # the gold files are too small for word dependency entropies: no WLAS weights
    ran = run_treeeval(["task", "--callin", "--metrics", "LAS;WLAS", "gold", "systems"], task)
    assert "aa: left out (no value of WLAS)." in ran.stdout.decode()
    assert "across 0 treebanks" in ran.stdout.decode()


def test_a_conllx_treebank_has_no_callin_values(task: Path) -> None:
    # Callin's metrics are those of ``treeeval ud --callin``: a CoNLL-X treebank of a mixed
    # task has none (nor MLAS), and is left out, with a note, not an error
    sentence = conllx(("We", 2, "nsubj"), ("saw", 0, "root"), ("it", 2, "obj"))
    for folder in [task / "gold", *(task / "systems" / team for team in RUNS)]:
        (folder / "dd.conll").write_text(sentence.replace("\t-\t-", "\t_\t_"))
    ran = run_treeeval(["task", "--callin", "--json", "--metrics", "LAS;CRec;FPrec", "gold",
                        "systems"], task)
    assert ran.status == 0, ran.stderr
    document = json.loads(ran.stdout)["callin"]
    assert document["treebanks"] == ["aa", "bb", "cc"]
    assert "dd: left out (no value of CRec, FPrec)." in document["notes"]
    assert [document["means"][name]["CRec"] for name in GOLD] == pytest.approx(
        expected_means(task, "CRec"))


# -- --judgments --------------------------------------------------------------------------

GOOD = conllx(("We", 2, "nsubj"), ("saw", 0, "root"), ("the", 4, "det"), ("cat", 2, "obj"))
#: per sentence: parser 1's and parser 2's (old, new) change of GOOD, and the judgments
SENTENCES = [(("", ""), ("2\tobj", "1\tobj"), "blue,blue,blue"),
             (("4\tdet", "2\tdet"), ("", ""), "red,red,blue"),
             (("2\tobj", "2\tamod"), ("", ""), "red,,red"),
             (("", ""), ("", ""), "blue,red,red"),
             (("1\tnsubj", "4\tnsubj"), ("4\tdet", "2\tdet"), "red,blue,blue")]


@pytest.fixture
def plank(tmp_path: Path) -> Path:
    folder = tmp_path / "datapackage" / "xx"
    folder.mkdir(parents=True)
    (folder / "gold.conll").write_text(GOOD * len(SENTENCES))
    for parser in (1, 2):
        (folder / f"parser{parser}.conll").write_text(
            "".join(GOOD.replace(*row[parser - 1]) for row in SENTENCES))
    (folder / "annotated.csv").write_text("".join(row[2] + "\n" for row in SENTENCES))
    return tmp_path


def sentence_score(text: str, labelled: bool) -> float:
    gold = [line.split("\t") for line in GOOD.splitlines() if line]
    parsed = [line.split("\t") for line in text.splitlines() if line]
    return sum(g[6] == p[6] and (not labelled or g[7] == p[7])
               for g, p in zip(gold, parsed)) / len(gold)


def test_judgments_are_spearman_of_the_differences(plank: Path) -> None:
    ran = run_treeeval(["task", "--format", "json", "--metrics", "LAS;UAS",
                        "--judgments", "datapackage"], plank)
    assert ran.status == 0, ran.stderr
    table = json.loads(ran.stdout)[0]
    shares = []
    for _, _, cells in SENTENCES:
        judged = [cell for cell in cells.split(",") if cell]
        shares.append(judged.count("red") / len(judged))
    for column, labelled in ((0, True), (1, False)):
        differences = [sentence_score(GOOD.replace(*second), labelled)
                       - sentence_score(GOOD.replace(*first), labelled)
                       for first, second, _ in SENTENCES]
        expected = stats.spearmanr(differences, shares)[0]
        assert table["systems"][0]["cells"][column]["value"] == pytest.approx(expected)
    assert table["systems"][0]["name"] == "xx"


def test_judgments_text_table(plank: Path) -> None:
    ran = run_treeeval(["task", "--judgments", "datapackage/xx/annotated.csv"], plank)
    lines = ran.stdout.decode().splitlines()
    assert lines[0] == "Spearman correlation with the human judgments"
    assert lines[1].split() == ["system", "LAS", "UAS", "LA", "CPrec", "CRec"]
    assert "xx: 5 sentences, 3 annotators" in ran.stdout.decode()


@pytest.mark.parametrize("csv, message", [
    ("blue,red\ngreen,red\n", "annotated.csv:2: a judgment must be blue, red or empty, "
                              "found 'green'"),
    ("blue,red\nred\n", "annotated.csv:2: 1 judgment where the first line has 2"),
    ("blue\n", "annotated.csv:2: 1 line of judgments for 5 sentences in gold.conll"),
    ("", "annotated.csv:1: no judgment"),
])
def test_bad_judgments_are_located_errors(plank: Path, csv: str, message: str) -> None:
    (plank / "datapackage" / "xx" / "annotated.csv").write_text(csv)
    ran = run_treeeval(["task", "--judgments", "datapackage/xx"], plank)
    assert ran.status == 1
    assert ran.stderr.decode() == f"treeeval: error: datapackage/xx/{message}\n"


def test_parsers_of_another_length_are_an_error(plank: Path) -> None:
    (plank / "datapackage" / "xx" / "parser2.conll").write_text(GOOD)
    ran = run_treeeval(["task", "--judgments", "datapackage"], plank)
    assert ran.status == 1 and ran.stderr.decode() == (
        "treeeval: error: datapackage/xx/parser2.conll:6: sentence 2 differs from "
        "gold.conll's in length, or is missing from one of them (5 sentences in gold.conll, "
        "1 here)\n")


@pytest.mark.parametrize("args", [
    ["gold"], ["--callin", "--judgments", "x"], ["--callin", "--table", "ranking", "g", "s"],
    ["--judgments", "x", "--json"], ["--callin", "--tira", "T", "out", "g", "s"]])
def test_usage_errors(tmp_path: Path, args: list[str]) -> None:
    ran = run_treeeval(["task", *args], tmp_path)
    assert ran.status == 2, ran.stderr


def test_a_number_column_marks_no_best_value() -> None:
    from treeeval.tables import ComparisonTable, Metric, SystemRow, render
    table = ComparisonTable("r", "task", (Metric("LAS", unit="number"),),
                            (SystemRow("LAS", (1.0,)), SystemRow("UAS", (0.5,))), decimals=3)
    assert table.best(0) == ()
    assert "textbf" not in render(table, "latex")
    assert "| LAS | 1.000 |" in render(table, "markdown").splitlines()
    assert render(table, "text").splitlines()[1:3] == ["system    LAS", "LAS     1.000"]
