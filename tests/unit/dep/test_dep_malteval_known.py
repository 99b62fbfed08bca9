"""MaltEval's rules behind eight once-known divergences of ``treeeval dep``, on tiny files:
the ``self`` metric, the order of parsed files, the cross-validation summary, several
GroupBy values, cut tables, ``--stat 1`` beyond Token, ``--details 0`` and Sentence's id."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.commands.dep import run_dep
from treeeval.dep.combinations import combinations, hashtable_order
from treeeval.dep.options import parse_dep_args
from treeeval.errors import InputError, UsageError

RULE = "=" * 52
#: two sentences, "The dog barks ." and "Cats run": gold and parsed rows
#: (form, tag, gold head, gold label, parsed head, parsed label)
SENTENCES = [
    [("The", "DET", 2, "det", 2, "det"), ("dog", "NOUN", 3, "nsubj", 3, "dobj"),
     ("barks", "VERB", 0, "root", 0, "root"), (".", "PUNCT", 3, "punct", 2, "punct")],
    [("Cats", "NOUN", 2, "nsubj", 2, "nsubj"), ("run", "VERB", 0, "root", 0, "root")],
]


def conll(path: Path, parsed: bool = False, sentences: list = SENTENCES) -> str:
    blocks = ["".join(f"{i}\t{form}\t_\t{tag}\t{tag}\t_\t{ph if parsed else gh}\t"
                      f"{pl if parsed else gl}\t_\t_\n"
                      for i, (form, tag, gh, gl, ph, pl) in enumerate(sentence, 1))
              for sentence in sentences]
    path.write_text("\n".join(blocks) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    return conll(tmp_path / "g.conll"), conll(tmp_path / "p.conll", parsed=True)


def run(*args: str) -> str:
    out = io.BytesIO()
    assert run_dep([*args, "--metric-order", "malteval"], out, io.BytesIO()) == 0
    return out.getvalue().decode()


def body(text: str) -> list[str]:
    """The lines after the last header block."""
    return text[text.rindex(RULE) + len(RULE):].strip("\n").splitlines()


def test_self_names_its_metric_and_shows_fscore(files: tuple[str, str]) -> None:
    gold, parsed = files
    assert "Metric-> BothRight\n" in run("-g", gold, "-s", parsed, "--Metric", "self")
    text = run("-g", gold, "-s", parsed, "--Metric", "self", "--GroupBy", "ArcDirection")
    assert "Metric-> ArcDirection\n" in text
    assert body(text)[0] == "precision /    recall /    fscore /    ArcDirection"
    text = run("-g", gold, "-s", parsed, "--Metric", "self;UAS", "--header-info", "0")
    assert text.startswith("accuracy / Metric:UAS   accuracy / Metric:BothRight   Token\n")
    with pytest.raises(UsageError, match="complex GroupBy"):
        run("-g", gold, "-s", parsed, "--Metric", "self", "--GroupBy", "Cpostag@-1")
    with pytest.raises(UsageError, match="'parseraccuracy' is not an attribute"):
        run("-g", gold, "-s", parsed, "--Metric", "LA", "--GroupBy", "Deprel")


def test_parsed_files_in_the_order_given(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, gold)
    assert text.index(f"Parsed: {parsed}\n") < text.index(f"Parsed: {gold}\n")


def test_cross_validation_summary_per_evaluation(tmp_path: Path) -> None:
    gold = [conll(tmp_path / f"g{i}.conll", sentences=[s]) for i, s in enumerate(SENTENCES)]
    parsed = [conll(tmp_path / f"p{i}.conll", True, [s]) for i, s in enumerate(SENTENCES)]
    text = run("-g", *gold, "-s", *parsed, "--Metric", "LAS;UAS", "--header-info", "0")
    rule = "-" * 27
    # one summary per metric (UAS first, MaltEval's order): each fold's Row mean, their mean
    assert text.endswith("".join(
        f"Agg. accuracy   File number\n{rule}\n{mean}Row mean\n2               Row count\n"
        f"{rule}\n{first}<1>\n1               <2>\n"
        for mean, first in [("0.875           ", "0.75            "),
                            ("0.75            ", "0.5             ")]))


def test_several_groupby_values_in_hash_order(files: tuple[str, str]) -> None:
    gold, parsed = files
    options = parse_dep_args(["-g", gold, "-s", parsed, "--GroupBy", "Sentence;Deprel;Sentence:id",
                              "--Metric", "LAS;UAS", "--metric-order", "malteval"])
    assert [(c.groupby, c.metric) for c in combinations(options)] == [
        ("Deprel", "UAS"), ("Deprel", "LAS"), ("Sentence:id", "UAS"), ("Sentence:id", "LAS")]
    assert hashtable_order(["Metric", "GroupBy", "ExcludeDeprels"])[-1] == "GroupBy"
    text = run("-g", gold, "-s", parsed, "--GroupBy", "Token;Deprel", "--details", "1")
    assert text.index("GroupBy-> Deprel\n") < text.index("GroupBy-> Token\n")


def test_cut_tables(files: tuple[str, str]) -> None:
    gold, parsed = files
    merged = run("-g", gold, "-s", parsed, "--GroupBy", "Frame:parsercounter-2",
                 "--header-info", "1")
    # the single table is "merged": no "N more...", the hidden rows do not count
    assert body(merged)[-3:] == ["-" * 28, "1                  *det* ", "1                  *nsubj* "]
    assert "more..." not in merged
    alone = run("-g", gold, "-s", parsed, "--GroupBy", "Frame:parsercounter-2",
                "--merge-tables", "0")
    assert body(alone)[-1] == "6 more..."


def test_stat_1_tests_every_zero_one_column(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, gold, "--stat", "1", "--GroupBy", "Sentence:all")
    blocks = [line for line in text.splitlines() if line.startswith("Attribute: ")]
    assert sorted(blocks) == sorted(f"Attribute: {name}" for name in [
        "exactmatch", "isparserconnected", "istreebankconnected", "hasparsercycle",
        "hastreebankcycle", "isparserprojective", "istreebankprojective"])
    assert f"-     -∞    <1> ({parsed})\n" in text  # the sentences' is... never differ
    assert "Attribute:" not in run("-g", gold, "-s", parsed, gold, "--stat", "1",
                                   "--GroupBy", "Deprel")


def test_details_0_hides_every_grouping_s_rows(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, "--GroupBy", "Deprel", "--details", "0")
    assert body(text) == ["parseraccuracy /    treebankaccuracy /    Deprel",
                          "-" * 51]


def test_sentence_id(files: tuple[str, str]) -> None:
    gold, parsed = files
    text = run("-g", gold, "-s", parsed, "--GroupBy", "Sentence:id|accuracy", "--details", "1",
               "--MinSentenceLength", "3")
    assert body(text)[-1] == "1       0.5           1"


def test_stat_1_needs_both_columns_zero_one(files: tuple[str, str]) -> None:
    gold, parsed = files
    # "dog" is dobj in the parsed file only: left out on its parsed side, its accuracy is
    # undefined there, so no pair with the parsed file has a z, and has no cell: MaltEval
    # moves the row's next z left
    text = run("-g", gold, "-s", gold, parsed, gold, "--stat", "1", "--ExcludeDeprels", "dobj")
    assert (f"-     -∞    -     <1> ({gold})\n-     -     -     <2> ({parsed})\n"
            f"-     -     -     <3> ({gold})\n") in text


def test_evaluation_file_without_groupby_or_metric(files: tuple[str, str], tmp_path: Path) -> None:
    gold, parsed = files
    plain = tmp_path / "plain.xml"
    plain.write_text('<evaluation><parameter name="Metric"><value>LAS</value></parameter>'
                     '</evaluation>', encoding="utf-8")
    # no GroupBy in the file: Token with all its attributes, and no GroupBy line
    text = run("-e", str(plain), "-g", gold, "-s", parsed)
    assert "GroupBy->" not in text and "accuracy /    counter /    correctcounter /    Token\n" in text
    plain.write_text("<evaluation></evaluation>", encoding="utf-8")
    with pytest.raises(InputError, match=r"xml:1:1: the evaluation file sets no Metric"):
        run("-e", str(plain), "-g", gold, "-s", parsed)


def test_stat_1_with_no_rows_left(files: tuple[str, str]) -> None:
    gold, parsed = files
    # no sentence within the bounds: every column is empty, so MaltEval tests them all
    text = run("-g", gold, "-s", parsed, gold, "--stat", "1", "--MaxSentenceLength", "1",
               "--GroupBy", "Deprel")
    assert "Attribute: parseraccuracy\n" in text and f"-     -∞    <1> ({parsed})\n" in text
