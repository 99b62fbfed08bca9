"""The MaltEval engine returns data: tables, confusion tables, McNemar's z and cross-validation
summaries, which the renderers only format."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest

import treeeval
from treeeval.commands.dep import run_dep
from treeeval.dep.engine import evaluate
from treeeval.dep.malteval_render import render_malteval
from treeeval.dep.options import parse_dep_args

#: "The dog barks ." gold, and two parses: the first mislabels "dog", the second attaches
#: "." to "dog"
ROWS = [("The", "DET", 2, "det"), ("dog", "NOUN", 3, "nsubj"), ("barks", "VERB", 0, "root"),
        (".", "PUNCT", 3, "punct")]


def conll(path: Path, changes: dict[int, tuple[int, str]] | None = None) -> str:
    lines = []
    for i, (form, tag, head, label) in enumerate(ROWS, 1):
        head, label = (changes or {}).get(i, (head, label))
        lines.append(f"{i}\t{form}\t_\t{tag}\t{tag}\t_\t{head}\t{label}\t_\t_")
    path.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str, str]:
    return (conll(tmp_path / "g.conll"), conll(tmp_path / "a.conll", {2: (3, "dobj")}),
            conll(tmp_path / "b.conll", {4: (2, "punct")}))


def text(argv: list[str]) -> str:
    out = io.BytesIO()
    assert run_dep(argv, out, io.BytesIO()) == 0
    return out.getvalue().decode()


def test_a_groupby_table_is_data(files: tuple[str, str, str]) -> None:
    gold, first, second = files
    result = evaluate(parse_dep_args(["-g", gold, "-s", first, second, "--GroupBy", "Deprel",
                                      "--Metric", "LAS;UAS"]))
    assert [file.parsed for file in result.files] == [first, second]
    # MaltEval's order of the metrics (a Java hash map's): UAS, then LAS
    assert [combination.metric for combination in result.combinations] == ["UAS", "LAS"]
    table = result.tables[1]
    assert table.title == "Deprel" and list(table.groups) == ["det", "dobj", "nsubj", "punct",
                                                              "root"]
    assert table.headers == ["parseraccuracy", "treebankaccuracy"]
    # the API's rates are in percent; the report's table keeps MaltEval's fractions
    assert [round(v, 2) if v == v else None for v in table.columns[0].tolist()] == [
        100.0, 0.0, None, 100.0, 100.0]
    assert [round(v, 2) if v == v else None
            for v in result.files[0].tables[1].columns[0].tolist()] == [1.0, 0.0, None, 1.0, 1.0]
    merged = result.files[0].merged
    assert merged is not None and merged.headers[:3:2] == ["parseraccuracy / Metric:UAS",
                                                           "parseraccuracy / Metric:LAS"]


def test_confusions_and_mcnemar_are_data(files: tuple[str, str, str]) -> None:
    gold, first, second = files
    argv = ["-g", gold, "-s", first, second, "--GroupBy", "Deprel", "--confusion-matrix", "1"]
    result = evaluate(parse_dep_args(argv))
    confusion = result.files[0].confusions[0]
    assert confusion.name == "Deprel" and confusion.pairs == [("nsubj", "dobj", 1)]
    assert confusion.matrix is not None and len(confusion.matrix) == len(confusion.parsed_groups)
    token = evaluate(parse_dep_args(["-g", gold, "-s", first, second, "--stat", "1"]))
    assert token.folds[0].mcnemar is not None
    block = token.folds[0].mcnemar.blocks[0]
    assert block.attribute == "accuracy" and block.values["GroupBy"] == "Token"
    # each file gets one token the other gets right: z = (|1 - 1| - 1) / sqrt(2)
    assert math.isnan(block.z[0][0]) and round(block.z[0][1], 3) == -0.707


def test_cross_validation_summaries_are_data(files: tuple[str, str, str]) -> None:
    gold, first, second = files
    result = evaluate(parse_dep_args(["-g", gold, gold, "-s", first, second]))
    assert len(result.folds) == 2 and len(result.summaries) == 1
    summary = result.summaries[0]
    assert summary.groups == ["<1>", "<2>"] and summary.columns[0].tolist() == [0.75, 0.75]
    # the API's view (result.tables ends with the summaries): Agg. accuracy in percent
    assert result.tables[-1].headers == ["Agg. accuracy"]
    assert result.tables[-1].columns[0].tolist() == [75.0, 75.0]
    assert result.tables[-1].aggregates == [(75.0, 2)]


def test_the_renderer_only_formats(files: tuple[str, str, str]) -> None:
    gold, first, second = files
    argv = ["-g", gold, "-s", first, second, "--GroupBy", "Deprel;Token", "--stat", "1"]
    shown = "".join(part for _, part in render_malteval(evaluate(parse_dep_args(argv))))
    assert shown == text(argv)


def test_the_python_api_returns_the_evaluation(files: tuple[str, str, str]) -> None:
    gold, first, second = files
    result = treeeval.evaluate_dependencies(gold, [first, second], group_by="Deprel",
                                            resamples=50)
    assert [table.title for table in result.tables] == ["Deprel", "Deprel"]
    assert [s.path for s in result.systems] == [first, second] and result.tests


def test_a_score_without_a_token_is_undefined_in_the_comparison() -> None:
    # a system with no token left to score: — in the text, null in the JSON (stats.rates)
    from treeeval.dep.compare import Comparison, SystemResult, render_comparison

    empty = SystemResult("a.conll", "conll", 0, {"LAS": 0}, {"LAS": math.nan}, 0, {})
    comparison = Comparison("gold.conll", 1, 0, [empty], [], None, metrics=("LAS",))
    row = next(line for line in render_comparison(comparison).splitlines()
               if line.startswith("<1>"))
    assert row.split() == ["<1>", "a.conll", "conll", "0", "—"]
    assert comparison.to_json("")["systems"][0]["LAS"]["score"] is None
