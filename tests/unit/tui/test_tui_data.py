"""The browser's data layer: the same numbers as the command line, filters, sorts, breakdowns."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cli_runner import run_treeeval
from tui_fixtures import write_brackets, write_conll

from treeeval.bracket.api import evaluate_brackets, sentence_dicts
from treeeval.commands.browse import parse_browse_args
from treeeval.errors import InputError, UsageError
from treeeval.tui.loading import BrowseSettings as BrowseOptions
from treeeval.tui.loading import load_corpus, sniff_format
from treeeval.tui.model import SentenceFilter, next_wrong, sort_view

#: this checkout, so that ``python -m treeeval`` in another folder runs its code
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def brackets(tmp_path):
    gold, system = write_brackets(tmp_path)
    return load_corpus(parse_browse_args(["-p", "COLLINS.prm", gold, system]))


@pytest.fixture
def deps(tmp_path):
    gold, system = write_conll(tmp_path)
    return load_corpus(parse_browse_args([gold, system]))


def test_bracket_rows_are_the_api_rows(tmp_path, brackets):
    gold, system = write_brackets(tmp_path)
    result = evaluate_brackets(gold, system, params="COLLINS.prm")
    rows = sentence_dicts(result.sentences)
    assert brackets.values["stat"].tolist() == [row["status"] for row in rows] == [0, 0, 0, 1, 2]
    # Error and Skip sentences have no ratios (— in the list, sorted last), not EVALB's 0
    assert brackets.values["f1"][:3].tolist() == [row["f1"] for row in rows][:3]
    assert np.isnan(brackets.values["f1"][3:]).all()
    assert [row["f1"] for row in rows][3:] == [None, None]  # the same rule: null in the JSON
    assert np.isnan(brackets.values["recall"][3:]).all()
    assert brackets.values["cross"].tolist() == [row["crossing"] for row in rows]
    assert brackets.wrong.tolist() == [True, False, True, True, True]
    assert brackets.status.tolist() == [0, 0, 0, 1, 2]
    header = brackets.header()
    assert f"F1 {result.all_totals.fmeasure():.2f}" in header.scores[0]
    assert "(1 error, 1 skip)" in header.scores[0]
    assert header.parameters[0].startswith("prm: COLLINS.prm · LABELED 1")


def test_bracket_detail_shows_trees_messages_and_raw_lines(brackets):
    text = "\n".join(line.plain for line in brackets.detail(0, 100))
    assert "Sentence 1 (line 1)" in text and "F1 66.67" in text
    assert "-×       PP [4-6]" in text and "+×     VP [3-4]" in text
    assert "gold.mrg:1: (TOP (S (NP (DT The)" in text
    error = "\n".join(line.plain for line in brackets.detail(3, 100))
    assert "EVALB: Length unmatch (2|3)" in error


def test_bracket_texts_and_search(brackets):
    assert brackets.texts()[0] == "The cat sat on the mat ."
    assert SentenceFilter(search="DOG|rains").apply(brackets).tolist() == [2, 3]
    assert SentenceFilter(search="(").apply(brackets).tolist() == []


def test_bracket_label_filter_and_breakdown(brackets):
    assert SentenceFilter(label="ADVP").apply(brackets).tolist() == [2]
    assert SentenceFilter(label="PP").apply(brackets).tolist() == [0]
    assert SentenceFilter(label="VP").apply(brackets).tolist() == [0]
    tables = brackets.breakdown()
    labels = {row.cells[0]: row.cells for row in tables[0].rows}
    # label, gold, test, P, R, F1 over the scored sentences (1-3)
    assert labels["NP"] == ["NP", "4", "4", "100.00", "100.00", "100.00"]
    # no test ADVP: precision undefined (—), F1 0 (the gold one is missed), as --per-label
    assert labels["ADVP"] == ["ADVP", "1", "0", "—", "0.00", "0.00"]
    assert [row.cells for row in tables[1].rows] == []
    assert tables[2].rows[0].cells[:2] == ["1-10", "5"]
    assert tables[2].rows[0].target == SentenceFilter(min_length=1, max_length=10)


def full_analysis_masks(corpus, system=0):
    """Label and confusion masks from EVALB's engine run on every sentence."""
    analysis = corpus.analysis(system)
    masks = {}
    for key, found in list(analysis.wrong.items()) + list(analysis.confusions.items()):
        mask = np.zeros(corpus.size, dtype=bool)
        mask[found] = True
        masks[key] = mask
    return analysis, masks


def test_label_filter_scores_only_what_it_needs_with_the_same_result(tmp_path):
    gold, system, system2 = write_brackets(tmp_path, two=True)
    for files in ([gold, system], [gold, system2]):
        corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", *files]))
        reference = load_corpus(parse_browse_args(["-p", "COLLINS.prm", *files]))
        analysis, masks = full_analysis_masks(reference)
        assert masks
        for label in analysis.labels:
            expected = masks.get(label, np.zeros(corpus.size, dtype=bool))
            assert corpus.label_mask(label).tolist() == expected.tolist()
        for pair in analysis.confusions:
            assert corpus.confusion_mask(*pair).tolist() == masks[pair].tolist()
        # only sentences with an unmatched bracket went through the engine
        rows = corpus.rows[0]
        assert sorted(corpus.sentence_errors(0)) == np.flatnonzero(
            (rows.status == 0) & ((rows.matched < rows.gold) | (rows.matched < rows.test))
        ).tolist()
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", gold, system]))
    among = np.array([False, False, True, True, True])
    assert corpus.label_mask("ADVP", among).tolist() == [False, False, True, False, False]
    assert sorted(corpus.sentence_errors(0, among)) == [2]
    assert SentenceFilter(label="VP", min_length=4, max_length=6).apply(corpus).tolist() == []
    assert SentenceFilter(label="PP", search="cat").apply(corpus).tolist() == [0]


def test_filters_combine(brackets):
    assert SentenceFilter(only_wrong=True).apply(brackets).tolist() == [0, 2, 3, 4]
    assert SentenceFilter(status=1).apply(brackets).tolist() == [3]
    assert SentenceFilter(status=2).apply(brackets).tolist() == [4]
    assert SentenceFilter(min_length=4, max_length=6).apply(brackets).tolist() == [2, 4]
    assert SentenceFilter(only_wrong=True, search="the").apply(brackets).tolist() == [0, 4]


def test_sort_is_stable_and_puts_undefined_last(brackets):
    view = np.arange(brackets.size)
    assert sort_view(brackets, view, "f1", descending=True).tolist() == [1, 2, 0, 3, 4]
    assert sort_view(brackets, view, "f1").tolist() == [0, 2, 1, 3, 4]
    assert sort_view(brackets, view, None).tolist() == [0, 1, 2, 3, 4]
    assert next_wrong(brackets, view, 0, 1) == 2


def test_two_bracket_systems_and_the_difference(tmp_path):
    gold, system, system2 = write_brackets(tmp_path, two=True)
    corpus = load_corpus(parse_browse_args([gold, system, system2]))
    keys = [column.key for column in corpus.columns]
    assert keys == ["id", "len", "stat1", "f11", "recall1", "prec1", "cross1",
                    "stat2", "f12", "recall2", "prec2", "cross2", "delta"]
    np.testing.assert_array_equal(corpus.values["delta"], corpus.values["f12"] - corpus.values["f11"])
    assert corpus.wrong.tolist() == [True, True, True, True, True]
    order = sort_view(corpus, np.arange(5), "delta", descending=True)
    # sentences 4 and 5: Error and Skip for system 1 (no F1, so no difference) come last
    assert order[-2:].tolist() == [3, 4] and np.isnan(corpus.values["delta"][[3, 4]]).all()
    assert order[2] == 1
    assert [column.title for column in corpus.columns][2:4] == ["Stat₁", "F1₁"]
    assert len(corpus.header().scores) == 2
    text = "\n".join(line.plain for line in corpus.detail(1, 100))
    assert "· sys:" in text and "· sys2:" in text  # the short names of the files


def test_dependency_rows(deps):
    assert deps.values["las"].round(2).tolist() == [66.67, 75.0, 100.0]
    assert deps.values["uas"].round(2).tolist() == [100.0, 75.0, 100.0]
    assert deps.values["errors"].tolist() == [1, 1, 0]
    assert deps.wrong.tolist() == [True, True, False]
    assert deps.header().scores[0].startswith("system: LAS 77.78 (7/9) · UAS 88.89 (8/9)")
    text = "\n".join(line.plain for line in deps.detail(1, 100))
    assert "✗   3 advmod" in text and "gold.conll:5: 1  John" in text


def test_a_count_agrees_with_its_noun(deps):
    """'1 error', '0 errors' (issue 25: the browser said '1 errors')."""
    assert deps.detail(0, 100)[0].plain.endswith("· 1 error")
    assert deps.detail(2, 100)[0].plain.endswith("· 0 errors")
    assert deps.header().scores[0].endswith("· 3 sentences")


def test_dependency_filters_and_breakdown(deps):
    assert SentenceFilter(label="advmod").apply(deps).tolist() == [1]
    assert SentenceFilter(label="obj").apply(deps).tolist() == [0]
    assert SentenceFilter(confusion=("nsubj", "obj")).apply(deps).tolist() == [0]
    assert SentenceFilter(search="mary").apply(deps).tolist() == [1]
    tables = deps.breakdown()
    rows = {row.cells[0]: row.cells for row in tables[0].rows}
    assert rows["nsubj"] == ["nsubj", "2", "1", "100.00", "50.00", "66.67"]
    assert [row.cells for row in tables[1].rows] == [["nsubj", "obj", "1"]]
    assert tables[1].rows[0].target == SentenceFilter(confusion=("nsubj", "obj"))


def test_dependency_punctuation_excluded(tmp_path):
    gold, system, system2 = write_conll(tmp_path, two=True)
    corpus = load_corpus(parse_browse_args(["--exclude-punct", gold, system2]))
    assert corpus.values["las"].tolist() == [100.0, 100.0, 100.0]
    assert "punctuation excluded" in corpus.header().parameters[0]


def test_sniffing_and_usage(tmp_path):
    gold, system = write_conll(tmp_path)
    assert sniff_format(gold) == "conllx"
    assert sniff_format(write_brackets(tmp_path)[0]) == "bracket"
    (tmp_path / "u.conllu").write_text("# sent_id = 1\n1\ta\n")
    assert sniff_format(str(tmp_path / "u.conllu")) == "conllu"
    with pytest.raises(InputError, match="u.conllu:2: The CoNLL-U line does not contain 10"):
        load_corpus(BrowseOptions(str(tmp_path / "u.conllu"), [str(tmp_path / "u.conllu")]))
    (tmp_path / "gold.tab").write_text("a\tX\t0\troot\n")
    assert sniff_format(str(tmp_path / "gold.tab")) == "malttab"
    (tmp_path / "bad").write_text("hello\n")
    with pytest.raises(InputError, match="bad:1: neither a bracketed tree"):
        sniff_format(str(tmp_path / "bad"))
    with pytest.raises(UsageError, match="expected GOLD"):
        parse_browse_args([])  # one file alone is browsed without gold (test_tui_systems)
    with pytest.raises(UsageError, match="--heads converts bracketed trees"):
        load_corpus(parse_browse_args(["--heads", "collins", gold, system]))


def test_different_text_is_refused(tmp_path):
    gold, system = write_conll(tmp_path)
    other = tmp_path / "other.conll"
    other.write_text(open(gold).read().replace("Mary", "Marie"))
    with pytest.raises(InputError, match="sentence 2, word 3: 'Marie', gold has 'Mary'"):
        load_corpus(parse_browse_args([gold, str(other)]))


def test_heads_converts_brackets(tmp_path):
    gold, _, system2 = write_brackets(tmp_path, two=True)
    corpus = load_corpus(parse_browse_args(["--heads", "collins", gold, system2]))
    assert corpus.kind == "dep" and corpus.size == 5
    assert "head table collins" in corpus.header().parameters[1]
    text = "\n".join(line.plain for line in corpus.detail(1, 100))
    assert "gold.mrg:2: (TOP (S (NP (NNP John))" in text
    assert "sys2.mrg:2: (TOP (S (NNP John)" in text


@pytest.mark.parametrize("args,status,message", [
    (["browse"], 2, "treeeval: error: expected GOLD"),
    (["browse", "--frob", "gold.mrg", "sys.mrg"], 2, "treeeval: error: unknown option --frob"),
    (["browse", "-c", "x", "gold.mrg", "sys.mrg"], 2, "treeeval: error: option -c needs a whole"),
    (["browse", "gold.mrg", "missing.mrg"], 1, "treeeval: error: missing.mrg: no such file"),
    (["browse", "gold.conll", "other.conll"], 1,
     "treeeval: error: other.conll: not the same text as the gold file"),
])
def test_command_line_errors_are_one_line(tmp_path, args, status, message):
    write_brackets(tmp_path)
    gold, _ = write_conll(tmp_path)
    (tmp_path / "other.conll").write_text(open(gold).read().replace("Rain", "Snow"))
    result = run_treeeval(args, tmp_path)
    assert result.status == status
    assert result.stderr.decode().splitlines()[0].startswith(message)
    assert b"Traceback" not in result.stderr


def test_browse_refuses_a_redirected_stderr(tmp_path):
    # a real process: browse looks at the process's own stderr (sys.__stderr__), which in
    # process is pytest's; here it is a pipe, where the browser would draw on nothing
    write_brackets(tmp_path)
    result = subprocess.run([sys.executable, "-m", "treeeval", "browse", "gold.mrg", "sys.mrg"],
                            cwd=tmp_path, capture_output=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 2
    assert result.stderr.decode().splitlines()[0].startswith(
        "treeeval: error: treeeval browse draws on stderr")
    assert b"Traceback" not in result.stderr


def test_command_line_help(tmp_path):
    result = run_treeeval(["browse", "-h"], tmp_path)
    assert result.status == 0 and result.stdout.startswith(b"usage: treeeval browse")
    listed = run_treeeval(["-h"], tmp_path)
    assert b"browse    browse parse errors" in listed.stdout


def engine_analysis(corpus, system=0):
    """analyse_labels over EVALB's engine run on every scored sentence."""
    from tui_oracle import analyse_labels

    status = corpus.rows[system].status
    return analyse_labels([corpus.diff(i, system, crossing=False) if status[i] == 0 else None
                           for i in range(corpus.size)])


def assert_same_analysis(found, expected):
    assert found.labels == expected.labels
    for name in ("gold", "test", "gold_matched", "test_matched"):
        assert getattr(found, name).tolist() == getattr(expected, name).tolist(), name
    for name in ("wrong", "confusions"):
        mine, theirs = getattr(found, name), getattr(expected, name)
        assert {k: v.tolist() for k, v in mine.items()} == {
            k: v.tolist() for k, v in theirs.items()}, name


def test_label_analysis_comes_from_the_bracket_columns(tmp_path, monkeypatch):
    gold, system, system2 = write_brackets(tmp_path, two=True)
    extra_gold = ["(TOP (S (NP-SBJ (NN a)) (ADVP (RB up)) (VP (VB b) (NP (NN c)))))",
                  "(TOP (S (NP (NN a)) (VP (VB b))))",
                  "(S (NP (NN a)) (L%s (NN b) (NN c)))" % ("X" * 30), "(S (NP (NN a) (NN b)))"]
    extra_test = ["(TOP (S (NP (NN a)) (PRT (RB up)) (ADJP (VB b) (NN c))))",
                  "(TOP (S (NP (NN a) (VB b))))", "(S (NP (NN a) (NN b)) (NN c))",
                  "(S (NP (NP (NN a) (NN b))))"]
    with open(gold, "a") as handle:
        handle.write("\n".join(extra_gold) + "\n")
    for path in (system, system2):
        with open(path, "a") as handle:
            handle.write("\n".join(extra_test) + "\n")
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", gold, system, system2]))
    expected = [engine_analysis(corpus, k) for k in (0, 1)]
    # the filters and the breakdown run no engine
    monkeypatch.setattr(type(corpus), "diff", lambda *args, **kw: pytest.fail("engine run"))
    for system_index in (0, 1):
        assert_same_analysis(corpus.analysis(system_index), expected[system_index])
    assert ("ADJP" in corpus.analysis(0).labels and "PRT" in corpus.analysis(0).labels
            and ("VP", "ADJP") in corpus.analysis(0).confusions)
    # sentence 8 (a label of 31 bytes) is scored by the engine, the others by numpy
    assert corpus.spans(0).fallback.tolist() == [False] * 7 + [True, False]
    assert "L" + "X" * 30 in corpus.analysis(0).wrong
    assert np.flatnonzero(corpus.label_mask("NP")).tolist() == [1, 5, 6, 7, 8]
    among = np.array([True] * 6 + [False] * 3)
    assert np.flatnonzero(corpus.label_mask("NP", among)).tolist() == [1, 5]
    assert np.flatnonzero(corpus.confusion_mask("VP", "ADJP")).tolist() == [5]
    assert corpus.breakdown()[0].rows


def test_an_error_sentence_says_where_the_words_part(tmp_path):
    gold, system = write_brackets(tmp_path)
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", gold, system]))
    lines = [line.plain for line in corpus.detail(3, 100)]
    assert lines[0].startswith("Sentence 4 (line 4) · system: Stat 1 · R — P — F1 — ·")
    assert lines[1:3] == ["EVALB: Length unmatch (2|3)",
                          "the test has 1 more word from word 3: 'extra'"]


def test_error_classes_in_the_detail_the_filter_and_the_breakdown(tmp_path):
    gold, system = write_brackets(tmp_path)
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", gold, system]))
    # sentence 3: the parser left out the ADVP over "loudly"
    lines = [line.plain for line in corpus.detail(2, 100)]
    start = lines.index("repairs (Kummerfeld et al. 2012 classes; words without punctuation):")
    assert lines[start + 1] == "  Single Word Phrase: add ADVP over word 4 · fixes 1"
    # sentence 1: the NP "the mat" hangs off S; a right sentence lists no repairs
    assert "  NP Attachment: move words 5-6 from S 1-6 to VP 3-4 · fixes 3" in [
        line.plain for line in corpus.detail(0, 100)]
    assert not any("repairs" in line.plain for line in corpus.detail(1, 100))
    # the filter takes a prefix in any case; the class table is the classifier's
    assert SentenceFilter(error_class="single").apply(corpus).tolist() == [2]
    assert SentenceFilter(error_class="NP Attachment").apply(corpus).tolist() == [0]
    assert SentenceFilter(error_class="unary").apply(corpus).tolist() == []
    table = corpus.breakdown()[-1]
    assert [row.cells for row in table.rows] == [["NP Attachment", "1", "3", "75.0%"],
                                                ["Single Word Phrase", "1", "1", "25.0%"]]
    assert table.rows[1].target == SentenceFilter(error_class="Single Word Phrase")
    assert SentenceFilter(error_class="pp", only_wrong=True).describe() == "wrong only · class pp"
