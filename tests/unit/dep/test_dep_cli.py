"""``treeeval dep``'s command line, evaluation files, output and table layout, on small files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from treeeval.commands.dep import run_dep
from treeeval.compare.dep import render_dep
from treeeval.dep.confusion import render_confusion
from treeeval.dep.options import parse_dep_args
from treeeval.dep.tables import Table, format_table, sort_order
from treeeval.errors import InputError, UsageError
from treeeval.formats.malteval_xml import read_evaluation_file
from treeeval.policy.envelope import schema_path

#: "The dog barks ." with a gold and a parsed analysis: the parser mislabels "dog" (dobj)
#: and attaches "." to "dog"
SENTENCE = [("The", "DET", 2, "det", 2, "det"), ("dog", "NOUN", 3, "nsubj", 3, "dobj"),
            ("barks", "VERB", 0, "root", 0, "root"), (".", "PUNCT", 3, "punct", 2, "punct")]


def conll(path: Path, parsed: bool = False, copies: int = 1) -> str:
    rows = [f"{i}\t{form}\t_\t{tag}\t{tag}\t_\t{ph if parsed else gh}\t{pl if parsed else gl}"
            "\t_\t_" for i, (form, tag, gh, gl, ph, pl) in enumerate(SENTENCE, 1)]
    path.write_text(("\n".join(rows) + "\n\n") * copies, encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    return conll(tmp_path / "g.conll"), conll(tmp_path / "p.conll", parsed=True)


def run(*args: str) -> str:
    out = io.BytesIO()
    assert run_dep(list(args), out, io.BytesIO()) == 0
    return out.getvalue().decode()


def test_metric_columns_come_in_malteval_order(files: tuple[str, str]) -> None:
    """MaltEval's order (a Java hash map's) by default: its command line gives its bytes;
    ``--metric-order given`` keeps the command line's order."""
    gold, parsed = files
    assert run("-g", gold, "-s", parsed, "--Metric", "LAS;UAS;LA", "--header-info", "0") == (
        "accuracy / Metric:LA   accuracy / Metric:UAS   accuracy / Metric:LAS   Token\n"
        + "-" * 80 + "\n"
        "0.75                   0.75                    0.5                     Row mean\n"
        "4                      4                       4                       Row count\n"
        + "-" * 80 + "\n")
    given = run("-g", gold, "-s", parsed, "--Metric", "LAS;UAS;LA", "--header-info", "0",
                "--metric-order", "given")
    assert given.startswith("accuracy / Metric:LAS   accuracy / Metric:UAS   "
                            "accuracy / Metric:LA   Token\n")
    assert run("-g", gold, "-s", parsed, "--Metric", "LAS;UAS;LA", "--metric-order",
               "malteval") == run("-g", gold, "-s", parsed, "--Metric", "LAS;UAS;LA")


def test_own_options_are_not_echoed(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, "--metric-order", "malteval", "--Metric", "LAS")
    assert text.splitlines()[0] == f"Evaluation arguments: -g {gold} -s {parsed} --Metric LAS"


def test_exclusions_and_two_parsed_files(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, gold, "--ExcludeUnicodePunc", "1")
    # the parameter lines come in Java HashMap order; the second report has no argv echo
    assert text.count("ExcludeUnicodePunc-> 1\nGroupBy-> Token\nMetric-> LAS\n") == 2
    assert text.count("Evaluation arguments:") == 1
    # "." left out: the files in the order given (p.conll first): 2 of 3, then 3 of 3
    assert text.index("1             Row mean\n3 ") > text.index("0.667         Row mean\n3 ")
    text = run("-g", gold, "-s", parsed, "--ExcludeDeprels", "dobj|punct", "--header-info", "0")
    assert "1             Row mean\n2             Row count\n" in text


def test_every_combination_of_parameter_values(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, "--ExcludeDeprels", ";dobj|punct")
    assert [line for line in text.splitlines() if line.startswith("ExcludeDeprels")] == [
        "ExcludeDeprels-> ", "ExcludeDeprels-> dobj|punct"]
    # Token's rows differ with and without the exclusion: two tables, plain headers
    assert "0.5        Row mean\n4 " in text and "1          Row mean\n2 " in text
    options = parse_dep_args(["-g", gold, "-s", parsed, "--ExcludeUnicodePunc", "0;1",
                              "--ExcludeDeprels", "a;b"])
    assert len(options.parameter_settings) == 4


def test_mcnemar_block(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, gold, "--stat", "1", "--header-info", "0")
    # LAS: b = 0 tokens only the parser gets right, c = 2 only gold: z = (2 - 1) / sqrt(2)
    assert f"-     0.707   <1> ({parsed})\n-     -       <2> ({gold})\n" in text
    last_table = f"-     0     <1> ({parsed})\n-     -     <2> ({gold})\n"
    assert text.endswith(last_table + "=" * 52 + "\n\n")
    # a file against itself never disagrees: MaltEval's z is -1 / 0
    assert f"-     -∞    <1> ({gold})\n" in run("-g", gold, "-s", gold, gold, "--stat", "1")


def test_several_groupings_are_separate_tables(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, "--Metric", "LAS;UAS", "--GroupBy", "Token;Cpostag:all")
    # one table per GroupBy value and metric (in MaltEval's order), plain headers
    assert [line for line in text.splitlines() if "->" in line] == [
        "GroupBy-> Token", "Metric-> UAS", "GroupBy-> Token", "Metric-> LAS",
        "GroupBy-> Cpostag:all", "Metric-> UAS", "GroupBy-> Cpostag:all", "Metric-> LAS"]
    assert "accuracy   Token\n" + "-" * 20 + "\n0.5        Row mean\n" in text
    assert "accuracy   counter   correctcounter   Cpostag\n" in text


def test_merge_tables_0_gives_a_table_per_metric(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, "--Metric", "LAS;UAS", "--merge-tables", "0")
    assert text.count("accuracy   Token\n") == 2 and "Metric:" not in text


def test_confusion_block(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, "--GroupBy", "Deprel", "--confusion-matrix", "1",
               "--header-info", "0")
    # --header-info 0 leaves the captions out (MaltEval does)
    assert "Confusion table" not in text and "frequency   Gold / System\n" in text
    assert "1           nsubj / dobj\n" in text
    # rows: the parser's labels; columns: the gold labels; but a cell counts the tokens
    # whose gold label is the row's (MaltEval's quirk): the row of dobj, which never
    # occurs in gold, is all zeros, and the nsubj/dobj confusion has no row
    assert "det   nsubj   punct   root   Col: gold / Row: system\n" in text
    assert "0     0       0       0      dobj\n" in text
    assert "nsubj\n" not in text.split("Col: gold / Row: system")[1]


def test_confusion_table_keeps_50_rows() -> None:
    gold = [f"g{i:03}" for i in range(60)]
    parsed = [f"s{i:03}" for i in range(60)]
    text = render_confusion("Deprel", gold, parsed, sorted)
    assert "10 more...\n\n" in text
    # 60 x 60 groups: no matrix
    assert "Confusion matrix" not in text


def test_output_to_a_file_and_to_a_directory(files: tuple[str, str], tmp_path: Path) -> None:
    gold, parsed = files
    target = tmp_path / "out.txt"
    assert run("-g", gold, "-s", parsed, "--output", str(target)) == ""
    assert "Row mean" in target.read_text(encoding="utf-8")
    folder = tmp_path / "results"
    folder.mkdir()
    run("-g", gold, "-s", parsed, gold, "--stat", "1", "--output", str(folder))
    assert sorted(p.name for p in folder.iterdir()) == ["g.conll.txt", "p.conll.txt",
                                                        "stat.txt"]
    assert "McNemar" in (folder / "stat.txt").read_text(encoding="utf-8")
    with pytest.raises(InputError, match="is an input of this run; it is never written"):
        run("-g", gold, "-s", parsed, "--output", gold)


def test_evaluation_file(tmp_path: Path) -> None:
    path = tmp_path / "eval.xml"
    path.write_text('<evaluation><parameter name="Metric"><value>LAS</value><value>UAS</value>'
                    '</parameter><parameter name="GroupBy"><value format="all|recall-10">Deprel'
                    '</value></parameter><parameter name="ExcludeDeprels"><value></value>'
                    '<value>Punc|Dummy</value></parameter>'
                    '<formatting argument="pattern" format="0.00"/></evaluation>',
                    encoding="utf-8")
    assert read_evaluation_file(str(path))[:2] == (
        {"Metric": ["LAS", "UAS"], "GroupBy": ["Deprel:all|recall-10"],
         "ExcludeDeprels": ["", "Punc|Dummy"]}, {"pattern": "0.00"})
    # flags after -e override the file
    options = parse_dep_args(["-e", str(path), "-g", "g", "-s", "p", "--Metric", "LA"])
    assert (options.metrics, options.group_by, options.evaluation_file) == (
        ("LA",), ("Deprel:all|recall-10",), str(path))
    assert options.pattern == "0.00"


@pytest.mark.parametrize("text, message", [
    ("<evaluation>", "not well-formed"),
    ('<!DOCTYPE e [<!ENTITY x "y">]><evaluation/>', "DOCTYPE"),
    ('<evaluation><parameter name="Bogus"/></evaluation>', "unknown parameter 'Bogus'"),
    ('<evaluation><formatting argument="colour" format="1"/></evaluation>',
     "unknown formatting argument"),
])
def test_bad_evaluation_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "eval.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message) as caught:
        read_evaluation_file(str(path))
    assert caught.value.path == str(path) and caught.value.line == 1


@pytest.mark.parametrize("args, message", [
    (["-g", "g", "-s", "p", "--confusion-matrix", "2"], "0 or 1"),
    (["-g", "g"], "parsed file"),
    (["-g", "g", "-s", "p", "--Bogus", "1"], "unknown option"),
    (["-g", "g", "-s", "p", "--tab", "2"], "0 or 1"),
    (["-g", "g", "-s", "p", "--stat", "2"], "--stat needs one of"),
    (["-g", "g", "-s", "p", "--MaxSentenceLength", "ten"], "whole number"),
    (["-g", "g", "-s", "p", "--metric-order", "random"], "malteval or given"),
    (["-g", "g", "-s", "p", "-v", "1"], "treeeval browse"),
    (["-g", "g", "-s", "p", "--Metric"], "needs a value"),
    (["-g", "g", "-s", "p", "--details", "1", "--details", "0"], "--details is given twice"),
    (["-g", "g", "-s", "p", "-s", "q"], "-s is given twice"),
    (["-g", "g", "-e", "e.xml", "-s", "p"], "-e must come before"),
])
def test_usage_errors(args: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_dep_args(args)


def test_table_formatting_sorts_and_cuts() -> None:
    values = np.array([0.5, np.nan, 1.0])
    order = sort_order(values, True)[:2]
    # undefined values sort first, then descending; the cut keeps 2 rows
    assert order.tolist() == [1, 2]
    table = Table("Deprel", ["precision", "parsercounter"], ["b", "c"],
                  [values[order], np.array([0.0, 1.0])], [False, True],
                  [(0.75, 2), (1.0, 3)], False, True, ["a"], [values[[0]], np.array([2.0])],
                  True)
    assert format_table(table, tab=True).splitlines()[2:] == ["-\t0\tb", "1\t1\tc", "1 more..."]
    assert format_table(table, header_info=False).splitlines()[-1] == (
        "1".ljust(len("precision") + 3) + "1".ljust(len("parsercounter") + 3) + "c")


def test_render_dep_sections(files: tuple[str, str]) -> None:
    gold, parsed = files
    sections = render_dep(parse_dep_args(["-g", gold, "-s", parsed, gold]))
    assert [path for path, _ in sections] == [parsed, gold]


def test_cross_validation_summary(tmp_path: Path) -> None:
    gold = [conll(tmp_path / f"g{i}.conll") for i in (1, 2)]
    # fold 1 parsed as the parser does (LAS 0.5), fold 2 perfectly: the folds pair in order
    parsed = [conll(tmp_path / "p2.conll", parsed=True), conll(tmp_path / "p1.conll")]
    text = run("-g", *gold, "-s", *parsed, "--GroupBy", "Deprel")
    # MaltEval's summary: each fold's Row mean of each column (shown or not), then their mean
    assert text.endswith("\n".join([
        "=" * 52, f"Gold:   {gold[0]}, {gold[1]}", f"Parsed: {parsed[0]}, {parsed[1]}",
        "=" * 52, "Mean:", "", "=" * 52, "",
        "Agg. parseraccuracy   Agg. treebankaccuracy   File number",
        "-" * 57,
        "0.75                  0.75                    Row mean",
        "2                     2                       Row count",
        "-" * 57,
        "0.5                   0.5                     <1>",
        "1                     1                       <2>", "", ""]))
    assert run("-g", *gold, "-s", *parsed, "--details", "0",
               "--header-info", "0").endswith("Row count\n" + "-" * 27 + "\n")
    with pytest.raises(UsageError, match="the numbers must be equal"):
        run("-g", *gold, "-s", parsed[0])


def test_cross_validation_micro_average(tmp_path: Path) -> None:
    gold = [conll(tmp_path / "g1.conll"), conll(tmp_path / "g2.conll", copies=3)]
    parsed = [conll(tmp_path / "p1.conll"), conll(tmp_path / "p2.conll", parsed=True, copies=3)]
    text = run("-g", *gold, "-s", *parsed, "--micro-average", "1")
    # pooled: 4 + 6 of 16 tokens right (the macro-average would be (1 + 0.5) / 2)
    assert "0.625         Row mean\n16            Row count\n" in text
    assert "Gold:   concat_gs\nParsed: concat_parsed\n" in text  # MaltEval's names


def test_different_text_names_the_line(tmp_path: Path) -> None:
    gold = conll(tmp_path / "g.conll", copies=2)
    parsed = tmp_path / "p.conll"
    parsed.write_text(Path(gold).read_text(encoding="utf-8").replace("barks", "bark", 2)
                      .replace("bark", "barks", 1), encoding="utf-8")
    with pytest.raises(InputError, match=r"different word forms \('barks' in the treebank, "
                                         r"'bark' here\)") as caught:
        run("-g", gold, "-s", str(parsed))
    assert (caught.value.line, caught.value.column) == (8, 3)
    short = tmp_path / "short.conll"
    short.write_text("1\tThe\t_\tDET\tDET\t_\t0\troot\t_\t_\n\n", encoding="utf-8")
    with pytest.raises(InputError, match="sentence 1: 4 words in the treebank, 1 here"):
        run("-g", gold, "-s", str(short))


def test_json_computes_no_test_unless_one_is_asked_for(files: tuple[str, str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``--json`` alone gives the scores without tests (it used to run a 10,000-resample
    bootstrap nobody asked for); ``--stat 1``, MaltEval's McNemar, gives McNemar's test."""
    gold, parsed = files

    def no_test(*args: object, **kwargs: object) -> None:
        raise AssertionError("a test was computed")

    with monkeypatch.context() as patched:
        patched.setattr("treeeval.dep.compare.compare_many", no_test)
        document = json.loads(run("-g", gold, "-s", parsed, gold, "--json"))
    assert document["significance"] == [] and "stat:" not in document["signature"]
    assert [s["LAS"]["correct"] for s in document["systems"]] == [2, 4]
    schema = json.loads(schema_path("dep").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    mcnemar = json.loads(run("-g", gold, "-s", parsed, gold, "--json", "--stat", "1"))
    assert {test["method"] for test in mcnemar["significance"]} == {"mcnemar"}
    assert "|stat:mcnemar|" in mcnemar["signature"]


def test_json_comparison(files: tuple[str, str]) -> None:
    gold, parsed = files
    document = json.loads(run("-g", gold, "-s", parsed, gold, "--json",
                               "--stat", "ar", "--resamples", "100"))
    assert document["schema"] == "treeeval/1" and document["tokens"] == 4
    assert [(s["path"], s["LAS"]["correct"], s["lin_errors"]) for s in document["systems"]] \
        == [(parsed, 2, 1), (gold, 4, 0)]
    assert [test["metric"] for test in document["significance"]] \
        == ["LAS", "UAS", "LA", "Lin errors"]
    assert all(test["method"] == "ar" for test in document["significance"])
