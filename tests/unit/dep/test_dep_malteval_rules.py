"""MaltEval rules found by the differential test (tests/differential/test_malteval.py), each on
a small fixture of its own: sorting, attribute selection, Token's attributes, the grouped
distances of roots and self-loops, and the confusion blocks."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.commands.dep import run_dep
from treeeval.errors import InputError, UsageError

# two sentences; the parser attaches "." to itself and makes other label/head errors
GOLD = """\
1	the	_	DET	DT	_	2	det	_	_
2	dog	_	NOUN	NN	_	3	nsubj	_	_
3	barks	_	VERB	VB	_	0	root	_	_
4	.	_	PUNCT	.	_	3	punct	_	_

1	a	_	DET	DT	_	2	det	_	_
2	cat	_	NOUN	NN	_	0	root	_	_
3	!	_	PUNCT	.	_	2	punct	_	_

"""
PARSED = """\
1	the	_	DET	DT	_	2	det	_	_
2	dog	_	NOUN	NN	_	3	obj	_	_
3	barks	_	VERB	VB	_	0	root	_	_
4	.	_	PUNCT	.	_	4	punct	_	_

1	a	_	DET	DT	_	3	det	_	_
2	cat	_	NOUN	NN	_	0	root	_	_
3	!	_	PUNCT	.	_	2	det	_	_

"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "gold.conll").write_text(GOLD, encoding="utf-8")
    (tmp_path / "parsed.conll").write_text(PARSED, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def tables(*flags: str) -> list[str]:
    """The output after the first header block, as lines."""
    out = io.BytesIO()
    assert run_dep(["-g", "gold.conll", "-s", "parsed.conll", *flags], out, io.BytesIO()) == 0
    lines = out.getvalue().decode("utf-8").split("\n")
    rules = [i for i, line in enumerate(lines) if line == "=" * 52]
    return lines[rules[2] + 2:]


def block(lines: list[str], caption: str) -> list[str]:
    """The lines of a confusion block, from its caption to the blank line."""
    start = lines.index(caption)
    return lines[start:lines.index("", start)]


def test_ascending_sort_puts_ties_in_reverse_table_order(folder: Path) -> None:
    # parsed groups in table order: 1 (4 tokens), 2 (1), to_root (2)
    assert tables("--GroupBy", "GroupedRelationLength:parsercounter+")[2:5] == [
        "1                  2", "2                  to_root", "4                  1"]
    assert tables("--GroupBy", "GroupedRelationLength:parsercounter-")[2:5] == [
        "4                  1", "2                  to_root", "1                  2"]


def test_sort_ties_and_undefined_values(folder: Path) -> None:
    # parseraccuracy: det 0.333, nsubj undefined, obj 0, punct 0, root 1
    ascending = [line.split()[-1] for line in tables("--GroupBy", "Deprel:parseraccuracy+")[2:7]]
    descending = [line.split()[-1]
                  for line in tables("--GroupBy", "Deprel:parseraccuracy-")[2:7]]
    assert ascending == ["punct", "obj", "det", "root", "nsubj"]
    assert descending == ascending[::-1]


def test_all_shows_every_attribute_once_and_other_items_only_sort(folder: Path) -> None:
    assert tables("--GroupBy", "Postag:bogus|all|correctcounter-1")[:3] == [
        "accuracy /    counter /    correctcounter /    Postag",
        "--------------------------------------------------------",
        "0.5           2            1                   DT"]


def test_a_repeated_attribute_is_shown_twice(folder: Path) -> None:
    assert tables("--GroupBy", "Postag:counter|counter")[0] == "counter /    counter /    Postag"


def test_sorting_by_an_attribute_all_does_not_show_is_an_error(folder: Path) -> None:
    with pytest.raises(UsageError, match="cannot sort by 'precision'"):
        tables("--GroupBy", "Deprel:all|precision-2")


def test_token_attributes_numbers_and_whole_cells(folder: Path) -> None:
    # det is left out (the parser's "!" is det too: its accuracy is undefined); rows are
    # numbered through the tokens listed; cells stay whole numbers under a pattern
    assert tables("--GroupBy", "Token:all", "--details", "1", "--ExcludeDeprels", "det",
                  "--pattern", "0.00")[:11] == [
        "accuracy /    counter /    correctcounter /    Token",
        "--------------------------------------------------------",
        "0.50          1.00         0.40                Row mean",
        "4             5            5                   Row count",
        "--------------------------------------------------------",
        "0             1            0                   1",
        "1             1            1                   2",
        "0             1            0                   3",
        "1             1            1                   4",
        "-             1            0                   5",
        ""]


def test_a_self_loop_has_grouped_length_1_and_a_root_distance_minus_1(folder: Path) -> None:
    lines = tables("--GroupBy", "GroupedRelationLength:parsercounter|treebankcounter")
    assert lines[2:5] == ["4                  5                    1",
                          "1                  0                    2",
                          "2                  2                    to_root"]
    # "." at distance 1 in gold, 0 (itself) in the parse: the same group, a different distance
    assert tables("--Metric", "GroupedHeadToChildDistanceRight")[2] == "0.857         Row mean"
    assert tables("--Metric", "HeadToChildDistanceRight")[2] == "0.714         Row mean"


def test_confusion_matrix_diagonal_is_measured_as_nan(folder: Path) -> None:
    assert block(tables("--GroupBy", "Deprel", "--confusion-matrix", "1"),
                 "Confusion matrix for Deprel") == [
        "Confusion matrix for Deprel",
        "det   nsubj   punct   root   Col: gold / Row: system",
        "----------------------------------------------------",
        "-     0       0       0      det",
        "0     0       0       0      obj",
        "1     0       -       0      punct",
        "0     0       0       -      root"]


def test_confusion_blocks_follow_tab_row_header_and_pattern(folder: Path) -> None:
    lines = tables("--GroupBy", "Deprel", "--confusion-matrix", "1", "--tab", "1")
    assert block(lines, "Confusion table for Deprel")[1:4] == [
        "frequency\tGold / System", "-" * 25, "1\tnsubj / obj"]
    lines = tables("--GroupBy", "Deprel", "--confusion-matrix", "1", "--row-header", "0",
                   "--pattern", "0.0000")
    # counts print whole but are measured as the pattern prints them (0.0000)
    assert block(lines, "Confusion matrix for Deprel")[1:3] == [
        "det      nsubj    punct    root     ", "-" * 59]


def test_confusion_blocks_leave_out_excluded_tokens(folder: Path) -> None:
    lines = tables("--GroupBy", "Deprel", "--confusion-matrix", "1", "--ExcludeDeprels", "obj")
    assert block(lines, "Confusion table for Deprel")[3:] == ["1           punct / det"]
    assert [line.split()[-1] for line in block(lines, "Confusion matrix for Deprel")[3:]] == [
        "det", "punct", "root"]


def test_confusion_of_token_sentence_and_a_complex_grouping(folder: Path) -> None:
    lines = tables("--GroupBy", "Sentence", "--confusion-matrix", "1")
    assert block(lines, "Confusion matrix for Sentence")[1:] == [
        "1     2     Col: gold / Row: system", "-" * 35, "-     0     1", "0     -     2"]
    lines = tables("--confusion-matrix", "1")
    assert block(lines, "Confusion table for Token")[1:] == ["frequency   Gold / System",
                                                             "-" * 25]
    assert block(lines, "Confusion matrix for Token")[1].startswith("1     2     3     4")
    lines = tables("--GroupBy", "Cpostag@1#Postag@-1", "--confusion-matrix", "1")
    assert "Confusion table for Postag" in lines


def test_a_self_loop_is_not_a_root_for_direction_right(folder: Path) -> None:
    # "." points right in gold and to itself in the parse: "self" is neither right nor to_root
    assert tables("--Metric", "DirectionRight")[2] == "0.857         Row mean"


def test_a_complex_value_equal_to_a_simple_grouping_is_titled_by_its_name(folder: Path) -> None:
    assert tables("--GroupBy", "Wordform@0")[0] == "accuracy /    Wordform"


def test_confusion_blocks_without_header_info(folder: Path) -> None:
    out = io.BytesIO()
    run_dep(["-g", "gold.conll", "-s", "parsed.conll", "--confusion-matrix", "1",
             "--header-info", "0", "--GroupBy", "ArcDirection"], out, io.BytesIO())
    lines = out.getvalue().decode("utf-8").split("\n")
    assert lines[6:11] == ["frequency   Gold / System", "-" * 25, "1           left / self", "",
                           "left   right   to_root   Col: gold / Row: system"]
    assert lines[-3:] == ["0      0       -         to_root", "", ""]


def test_confusion_blocks_with_details_0_list_no_rows(folder: Path) -> None:
    lines = tables("--GroupBy", "Deprel", "--confusion-matrix", "1", "--details", "0")
    assert block(lines, "Confusion table for Deprel")[1:] == ["frequency   Gold / System",
                                                              "-" * 25]
    assert block(lines, "Confusion matrix for Deprel")[1:] == [
        "det   nsubj   punct   root   Col: gold / Row: system", "-" * 52]


# where MaltEval 1.0 crashes (docs/differences.md, MaltEval): what treeeval does instead

def test_an_evaluation_file_without_groupby_uses_token_and_one_without_metric_is_refused(
        folder: Path) -> None:
    (folder / "g.xml").write_text('<evaluation><parameter name="GroupBy"><value>Token</value>'
                                  "</parameter></evaluation>", encoding="utf-8")
    (folder / "m.xml").write_text('<evaluation><parameter name="Metric"><value>UAS</value>'
                                  "</parameter></evaluation>", encoding="utf-8")
    out = io.BytesIO()
    # -e comes first, as MaltEval requires
    assert run_dep(["-e", "m.xml", "-g", "gold.conll", "-s", "parsed.conll"], out, io.BytesIO()) == 0
    assert "0.714" in out.getvalue().decode("utf-8")
    # MaltEval aborts with a NullPointerException without a Metric; treeeval says why
    with pytest.raises(InputError, match=r"xml:1:1: the evaluation file sets no Metric"):
        run_dep(["-e", "g.xml", "-g", "gold.conll", "-s", "parsed.conll"], io.BytesIO(), io.BytesIO())


def test_all_with_a_complex_grouping_of_two_parts(folder: Path) -> None:
    assert tables("--GroupBy", "Cpostag@1#Postag:all")[0] == (
        "accuracy /    counter /    correctcounter /    Cpostag@1#Postag")


def test_a_token_sort_with_undefined_values(folder: Path) -> None:
    # the parser's "!" is det, left out: its accuracy is undefined and sorts above 1
    lines = tables("--GroupBy", "Token:accuracy-", "--ExcludeDeprels", "det", "--details", "1")
    assert [line.split()[0] for line in lines[5:10]] == ["-", "1", "1", "0", "0"]


def test_a_value_made_of_semicolons_only_leaves_nothing_out(folder: Path) -> None:
    assert tables("--ExcludeFeats", ";")[3] == "7             Row count"


def test_a_token_that_is_its_own_head_is_its_own_dependent_in_frame(folder: Path) -> None:
    # the parser attaches "." to itself: its frame is "punct " (no *punct*)
    lines = tables("--GroupBy", "Frame:parsercounter")
    assert "1                  punct " in lines and "0                  *punct* " in lines


def test_relative_word_position(folder: Path) -> None:
    # MaltEval 1.0's undocumented grouping: 1 + floor(14 * position / sentence length)
    assert [line.split()[-1] for line in tables("--GroupBy", "RelativeWordPosition")[2:8]] == [
        "4", "5", "8", "10", "11", "15"]


def test_pre_and_post(folder: Path) -> None:
    # MaltEval 1.0's undocumented grouping: the tokens up to the first wrong one of each
    # sentence (First) and those after it (Follow)
    assert tables("--GroupBy", "PreAndPost:all")[:4] == [
        "accuracy /    counter /    correctcounter /    Type",
        "--------------------------------------------------------",
        "0.333         3            1                   First",
        "0.5           4            2                   Follow"]
    lines = tables("--GroupBy", "PreAndPost", "--confusion-matrix", "1")
    assert block(lines, "Confusion matrix for PreAndPost")[1].startswith(
        "000000001_000000000   000000001_000000001")


def test_clustering(folder: Path) -> None:
    # MaltEval 1.0's undocumented grouping: how often the token d places from a right token
    # is right, d from -10 to 10
    lines = tables("--GroupBy", "Clustering")
    assert lines[0] == "accuracy /    Relative token position"
    assert lines[9:16] == ["-             -3", "1             -2", "0             -1",
                           "-             0", "0             1", "1             2",
                           "0             3"]


def test_clustering2(folder: Path) -> None:
    # MaltEval 1.0's undocumented grouping: the distances between right tokens
    assert tables("--GroupBy", "Clustering2:all")[:5] == [
        "accuracy /    counter /    correctcounter /    Relative token position",
        "-" * 70, "0             4            0                   1",
        "1             2            2                   2", ""]


def test_clustering2_with_no_token_left_is_an_error(folder: Path) -> None:
    with pytest.raises(InputError, match="Clustering2 needs at least one token"):
        tables("--GroupBy", "Clustering2", "--MaxSentenceLength", "2")


def output(*flags: str) -> list[str]:
    """The whole output, as lines."""
    out = io.BytesIO()
    assert run_dep(["-g", "gold.conll", "-s", "parsed.conll", *flags], out, io.BytesIO()) == 0
    return out.getvalue().decode("utf-8").split("\n")


def test_pre_and_post_reads_the_first_attribute_of_its_format(folder: Path) -> None:
    # PreAndPost, Clustering and Clustering2 post-process a table of one row per token with
    # the format's attributes; a token is right when the FIRST one is 1.  counter is 1 for
    # every token of the gold side: all 7 are right, none follows a wrong one.  Without
    # accuracy MaltEval warns on stdout, before everything else.
    lines = output("--GroupBy", "PreAndPost:counter|accuracy")
    assert lines[-6:-2] == ["counter /    accuracy /    Type",
                            "------------------------------------",
                            "7            1             First", "0            -             Follow"]
    assert output("--GroupBy", "PreAndPost:counter")[:2] == [
        'Warning: attribute "accuracy" should be specified.',
        "Evaluation arguments: -g gold.conll -s parsed.conll --GroupBy PreAndPost:counter"]
    # correctcounter is the gold side's hit: "!" (punct, parsed det) is left in only there
    assert tables("--GroupBy", "PreAndPost:correctcounter|counter",
                  "--ExcludeDeprels", "det")[2:4] == [
        "1                   3            First", "1                   2            Follow"]


def test_clustering_shows_accuracy_whatever_attribute_it_reads(folder: Path) -> None:
    # Clustering accepts the per-token table's attributes, reads the first, shows one
    # accuracy column and never warns; a sort must be on accuracy
    lines = output("--GroupBy", "Clustering:counter")
    assert lines[0].startswith("Evaluation arguments")
    table = lines[lines.index("accuracy /    Relative token position"):]
    assert [line.split()[0] for line in table[9:16]] == ["1", "1", "1", "-", "1", "1", "1"]
    with pytest.raises(UsageError, match="cannot sort by 'counter'"):
        tables("--GroupBy", "Clustering:counter-3")


def test_clustering2_reads_the_first_attribute(folder: Path) -> None:
    # counter: every token of the gold side is right (punct left out: 5 tokens, one row)
    assert tables("--GroupBy", "Clustering2:counter|accuracy", "--ExcludeDeprels", "punct")[
        2:3] == ["5            0.8           1"]


def test_metric_self_under_the_post_processing_groupings(folder: Path) -> None:
    # PreAndPost's own metric: its keys (sentence, position) always agree, every token is a
    # hit; "!" is left out on the parsed side only, so it is wrong (accuracy undefined)
    lines = output("--GroupBy", "PreAndPost", "--Metric", "self", "--ExcludeDeprels", "det")
    assert "Metric-> PreAndPost" in lines
    assert lines[-5:-2] == ["-----------------------", "0.8           First",
                            "-             Follow"]
    # under Clustering and Clustering2 MaltEval aborts (no metric SentenceAndToken)
    for grouping in ("Clustering", "Clustering2"):
        with pytest.raises(UsageError, match="Metric self is not defined for GroupBy"):
            tables("--GroupBy", grouping, "--Metric", "self")


def test_confusion_table_without_header_info_has_no_more_line(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    # 53 words with 53 different label pairs: the table lists 50; "3 more..." only with the
    # header information, a blank line without it
    rows = [f"{i}\tw\t_\tX\tX\t_\t{int(i > 1)}\t{{}}{i}\t_\t_" for i in range(1, 54)]
    (tmp_path / "gold.conll").write_text("\n".join(rows).format(*"g" * 53) + "\n\n")
    (tmp_path / "parsed.conll").write_text("\n".join(rows).format(*"p" * 53) + "\n\n")
    monkeypatch.chdir(tmp_path)
    flags = ["--GroupBy", "Deprel", "--confusion-matrix", "1", "--details", "0"]
    assert output(*flags, "--header-info", "1")[-4:] == [
        "-------------------------", "3 more...", "", ""]
    assert output(*flags, "--header-info", "0")[-4:] == [
        "frequency   Gold / System", "-------------------------", "", ""]


def test_evaluation_file_parameters_nest_outside_the_flags(folder: Path) -> None:
    # MaltEval puts the evaluation file's parameters into its table first, then the flags'
    # as given (no Metric/GroupBy defaults first): GroupBy and ExcludePostags share a
    # bucket, so the one put last varies fastest
    (folder / "e.xml").write_text(
        '<evaluation>\n  <parameter name="ExcludePostags"><value>X|NOUNS</value>'
        '<value>DT|DET</value></parameter>\n  <parameter name="Metric"><value>LAS</value>'
        '</parameter>\n</evaluation>\n', encoding="utf-8")
    out = io.BytesIO()
    assert run_dep(["-e", "e.xml", "--GroupBy", "Token:accuracy;Postag", "-g", "gold.conll",
                    "-s", "parsed.conll"], out, io.BytesIO()) == 0
    lines = out.getvalue().decode("utf-8").split("\n")
    assert [line for line in lines if line.startswith(("GroupBy->", "ExcludePostags->"))] == [
        "GroupBy-> Postag", "ExcludePostags-> DT|DET",
        "GroupBy-> Token:accuracy", "ExcludePostags-> DT|DET",
        "GroupBy-> Postag", "ExcludePostags-> X|NOUNS",
        "GroupBy-> Token:accuracy", "ExcludePostags-> X|NOUNS"]


def test_merged_column_names_a_groupby_value_without_its_format(folder: Path) -> None:
    # Postag@0 is Postag: the two tables merge, their columns suffixed by the value only
    assert tables("--GroupBy", "Postag@0:accuracy|counter;Postag:counter")[0] == (
        "counter / GroupBy:Postag   accuracy / GroupBy:Postag@0   counter / GroupBy:Postag@0   "
        "Postag")


def test_token_confusion_keys_are_the_runs_token_numbers(folder: Path) -> None:
    # the Token keys of the confusion matrix are those of the Token table, numbered through
    # the run: with nsubj and obj excluded the first parsed file leaves "dog" out on both
    # sides; the second (dog: det) leaves it in on its side only, and it gets number 7
    (folder / "other.conll").write_text(GOLD.replace("\tnsubj\t", "\tdet\t"), encoding="utf-8")
    out = io.BytesIO()
    assert run_dep(["-g", "gold.conll", "-s", "parsed.conll", "other.conll", "--GroupBy",
                    "Token", "--ExcludeDeprels", "nsubj|obj", "--confusion-matrix", "1"],
                   out, io.BytesIO()) == 0
    lines = out.getvalue().decode("utf-8").split("\n")
    start = [i for i, line in enumerate(lines) if line.endswith("Col: gold / Row: system")][-1]
    assert lines[start].split()[:6] == ["1", "2", "3", "4", "5", "6"]
    assert lines[start + 3].split() == ["0", "-", "0", "0", "0", "0", "2"]
    assert lines[start + 8].split() == ["0"] * 6 + ["7"]


def test_count_columns_are_as_wide_as_their_widest_count_through_the_pattern(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MaltEval measures every count through the pattern, though it prints counts plainly.
    A scientific pattern writes 1 (10.0...E-01) wider than 0 or 40 (00.0...E00, 40.0...E00),
    so the widest count is not always the smallest or the largest (differential seed
    699513841, case 226). Here the gold counts are root 1, x 40 and z 0."""
    words = ["1\tw\t_\tN\tN\t_\t0\troot\t_\t_"] + [
        f"{i}\tw\t_\tN\tN\t_\t1\tx\t_\t_" for i in range(2, 42)]
    (tmp_path / "gold.conll").write_text("\n".join(words) + "\n\n", encoding="utf-8")
    words[-1] = words[-1].replace("\tx\t", "\tz\t")
    (tmp_path / "parsed.conll").write_text("\n".join(words) + "\n\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    pattern = "00.00000000000000000000E00"
    header = tables("--pattern", pattern, "--GroupBy", "Deprel:all", "--Metric", "LAS")[0]
    names = ["parseraccuracy /", "treebankaccuracy /", "parsercounter /", "treebankcounter /",
             "parsercorrectcounter /", "treebankcorrectcounter /"]
    assert header == "".join(name.ljust(len("10." + "0" * 20 + "E-01") + 3)
                             for name in names) + "Deprel"
