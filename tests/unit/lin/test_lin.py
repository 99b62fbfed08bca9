"""Lin (1995): the paper's examples, the tuple format and ``treeeval lin`` end to end."""

from __future__ import annotations

import io
import re
import tempfile
from fractions import Fraction
from pathlib import Path

import hypothesis
import hypothesis.strategies as st
import pytest
from cli_runner import Run, run_treeeval
from nltk import Tree
from profiles import examples

from treeeval.commands.lin import run_lin
from treeeval.lin.notation import TupleSyntaxError, format_tuples, parse_tuples
from treeeval.lin.ops import modify, read_ops
from treeeval.lin.score import error_count, phrase_scores, phrase_spans, side_by_side, word_errors
from treeeval.model.dependencies import DependencySentence

# Table (5c), first column: the key (5a).
KEY_5A = """\
I N < saw subj
saw V *
a Det < man spec
man N > saw cmpl
with P > man adjn
a Det < dog spec
dog N < and
and Conj > with cmpl
a Det < cat spec
cat N > and
in P > saw adjn
the Det < park spec
park N > in cmpl
"""

# Table (5c), second column: the answer (5b).
ANSWER_5B = KEY_5A.replace("in P > saw adjn", "in P > cat adjn")

# Table (6b), second column: the answer (6a), the shallow parse (3c).
ANSWER_6A = """\
I N < saw subj
saw V *
a Det < man spec
man N > saw cmpl
with P ?
a Det < dog spec
dog N ?
and Conj ?
a Det < cat spec
cat N ?
in P ?
the Det < park spec
park N > in cmpl
"""

# The bracketings of sections 2 and 3, as printed, and as re-written in (5) and (6).
LIN_BRACKETS = {
    "1": "[They [[came] yesterday]]",
    "2": "[[They [came]] [yesterday]]",
    "3a": "[I [saw [[a man] [with [[a dog] and [a cat]]]]] [in [the park]]]",
    "5a": "[I [saw [[a man] [with [[a dog] and [a cat]]]] [in [the park]]]]",
    "5b": "[I [saw [[a man] [with [[a dog] and [[a cat] [in [the park]]]]]]]]",
    "6a": "[I [saw [a man] with [a dog] and [a cat] [in [the park]]]]",
    "4a": "[[Bellows [made [the request]]] [while [[the all-woman jury] [was [out [of [the courtroom]]]]]]]",
    "4b": "[Bellows [[made [the request] [while [[the [[all-woman] jury] [was [out of [the courtroom]]]]]]]]]",
    # (4b) with the two brackets the text describes ("it is the sister of [made the request]")
    "4b'": "[Bellows [[made [the request]] [while [[the [[all-woman] jury]] [was [out of [the courtroom]]]]]]]",
}


def lin_tree(text: str) -> Tree:
    """Lin's [..] bracketing as an nltk tree: phrases labelled X, words tagged W."""
    penn = re.sub(r"[^\s\[\]]+", lambda word: f"(W {word.group()})", text)
    return Tree.fromstring(penn.replace("[", "(X ").replace("]", ")"))


def scores(key: str, answer: str):
    return phrase_scores(phrase_spans(lin_tree(LIN_BRACKETS[key])),
                         phrase_spans(lin_tree(LIN_BRACKETS[answer])))


def one(text: str) -> DependencySentence:
    (sentence,) = parse_tuples(text)
    return sentence


# --- the error count: tables (5c) and (6b) ------------------------------------------------


def test_table_5c_has_one_error() -> None:
    key, answer = one(KEY_5A), one(ANSWER_5B)
    assert error_count(key, answer) == 1
    assert [key.forms[i] for i, bad in enumerate(word_errors(key, answer)) if bad] == ["in"]


def test_table_6b_has_five_errors() -> None:
    key, answer = one(KEY_5A), one(ANSWER_6A)
    assert error_count(key, answer) == 5
    wrong = [key.forms[i] for i, bad in enumerate(word_errors(key, answer)) if bad]
    assert wrong == ["with", "dog", "and", "cat", "in"]


def test_unknown_head_in_the_key_is_not_scored() -> None:
    assert error_count(one(ANSWER_6A), one(KEY_5A)) == 0


def test_side_by_side_marks_the_error_row() -> None:
    table = side_by_side(one(KEY_5A), one(ANSWER_5B)).splitlines()
    assert table[0].split() == ["Key", "Answer", "error"]
    assert [line.split()[:5] for line in table[1:] if line.endswith("yes")] == [
        ["in", "P", ">", "saw", "adjn"]]
    assert table[11].split() == ["in", "P", ">", "saw", "adjn", "in", "P", ">", "cat", "adjn", "yes"]


# --- the tuple format ------------------------------------------------------------------------


def test_positions_follow_the_tables() -> None:
    key = one(KEY_5A)
    assert key.heads == [2, 0, 4, 2, 4, 7, 8, 5, 10, 8, 2, 13, 11]
    assert format_tuples([key]) == KEY_5A


def test_doubled_arrows_count_occurrences() -> None:
    text = "x A < b\nb B *\nb B > b\ny A > b\ny A >> b\n"
    sentence = one(text)
    assert sentence.heads == [2, 0, 2, 3, 2]
    assert format_tuples([sentence]) == text


def test_quotes_comments_and_several_sentences() -> None:
    text = '# a comment\n"#" $ < "New York" num\n"New York" N * root\n\nok X ?\n'
    first, second = parse_tuples(text)
    assert first.forms == ["#", "New York"] and first.heads == [2, 0] and first.labels == ["num", "root"]
    assert second.heads == [-1] and second.line == 5
    assert format_tuples([first, second]) == text.split("\n", 1)[1]


@pytest.mark.parametrize("text, line, column, message", [
    ("a N < c\nb V *\n", 1, 7, "no words 'c' to the right"),
    ("a N > b\nb V *\n", 1, 7, "no words 'b' to the left"),
    ("b N < a\nb V << b\na V *\n", 2, 8, "fewer than 2 words 'b' to the right"),
    ("a N <> b\n", 1, 5, "position must be"),
    ("a N\n", 1, 4, "expected: modifier cat position"),
    ("a N <\nb V *\n", 1, 6, "position < needs a head word"),
    ("a N * root extra\n", 1, 12, "too many fields"),
    ('a N "* x\n', 1, 5, "unterminated or misplaced quote"),
])
def test_tuple_errors_have_positions(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(TupleSyntaxError) as caught:
        parse_tuples(text, "t.lin")
    error = caught.value
    assert (error.path, error.line, error.column) == ("t.lin", line, column)
    assert message in error.message
    assert error.context().splitlines()[1].index("^") == column - 1 + 4


# --- section 2: phrase-level scores -----------------------------------------------------------


def test_example_1_and_2() -> None:
    score = scores("1", "2")
    assert (score.precision, score.recall, score.crossing) == (Fraction(2, 4), Fraction(2, 3), 1)


def test_3b_against_the_key() -> None:
    # The paper prints recall 6/10 and precision 7/11; both share the numerator |A & K|, so
    # no key gives both.  Against (5a), the paper's own rewrite of (3a): 7/10 and 7/11 and
    # the three crossings Lin lists; against (3a) as printed: 6/10 (and 6/11).
    score = scores("5a", "5b")
    assert (score.matched, score.key, score.answer, score.crossing) == (7, 10, 11, 3)
    assert score.precision == Fraction(7, 11)
    printed = scores("3a", "5b")
    assert printed.recall == Fraction(6, 10) and printed.precision == Fraction(6, 11)


def test_3c_against_the_key() -> None:
    score = scores("5a", "6a")
    assert (score.recall, score.precision, score.crossing) == (Fraction(7, 10), 1, 0)


def test_undefined_phrase_scores_are_a_dash_and_null() -> None:
    # a sentence without an answer phrase has no precision, one without a key phrase no
    # recall, and no scored word no error rate: — in the report, null in the JSON
    from treeeval.lin.api import ScoredAnswer, lin_answers_json, report
    from treeeval.lin.score import PhraseScores

    answer = ScoredAnswer([1, 2], [0, 0], [0, 0], [PhraseScores(0, 1, 0, 0),
                                                   PhraseScores(0, 0, 1, 0)])
    rows = report(answer).splitlines()
    assert rows[1].split() == ["1", "1", "0", "0", "0.00%", "—", "0"]
    assert rows[2].split() == ["2", "2", "0", "0", "—", "0.00%", "0"]
    document = lin_answers_json(["a"], [answer])[0]
    assert document["error_rate"] is None
    assert document["phrases"]["recall"] == document["phrases"]["precision"] == 0.0
    alone = ScoredAnswer([1], [1], [0], [PhraseScores(0, 0, 0, 0)])
    assert lin_answers_json(["a"], [alone])[0]["phrases"]["recall"] is None
    assert "recall 0/0 = —, precision 0/0 = —" in report(alone)


def test_4b_against_4a() -> None:
    score = scores("4a", "4b'")
    assert (score.matched, score.key, score.answer, score.crossing) == (9, 11, 12, 1)
    printed = scores("4a", "4b")  # two brackets misplaced in our copy of the paper
    assert (printed.matched, printed.key, printed.answer) == (7, 11, 10)


def test_empty_elements_are_not_words() -> None:
    tree = Tree.fromstring("(S (NP (-NONE- *)) (VP (VBD fell) (ADVP (RB today))))")
    assert phrase_spans(tree) == {(0, 1), (1, 1)}


# --- section 5: Figure 3 -----------------------------------------------------------------------

FIGURE_3A = "she N < will subj\nwill Aux *\nleave V > will cmpl\nsoon Adv > will adjn\n"
FIGURE_3B = "she N < will subj\nwill Aux *\nleave V > will cmpl\nsoon Adv > leave adjn\n"


def test_figure_3_auxiliaries_become_identical() -> None:
    operations = read_ops("auxiliaries")
    a, b = one(FIGURE_3A), one(FIGURE_3B)
    assert error_count(a, b) == 1
    normal_a, normal_b = modify(operations, a), modify(operations, b)
    assert normal_a.heads == normal_b.heads == [3, 3, 0, 3]
    assert error_count(normal_a, normal_b) == 0


# --- properties -------------------------------------------------------------------------------


@st.composite
def sentences(draw) -> DependencySentence:
    size = draw(st.integers(1, 12))
    forms = draw(st.lists(st.sampled_from(["a", "b", "the", "New York", "#", '"q"']),
                          min_size=size, max_size=size))
    order = draw(st.permutations(range(1, size + 1)))
    heads = [0] * size
    for place, word in enumerate(order[1:], start=1):  # each word under an earlier one
        heads[word - 1] = order[draw(st.integers(0, place - 1))]
    heads = [h if draw(st.booleans()) or h == 0 else -1 for h in heads]
    tags = draw(st.lists(st.sampled_from(["N", "V", "P"]), min_size=size, max_size=size))
    labels = draw(st.lists(st.sampled_from(["", "subj", "adjn"]), min_size=size, max_size=size))
    return DependencySentence(forms, tags, heads, labels)


@hypothesis.given(st.lists(sentences(), min_size=1, max_size=3))
def test_tuples_round_trip(corpus: list[DependencySentence]) -> None:
    assert parse_tuples(format_tuples(corpus)) == corpus


@hypothesis.settings(max_examples=examples(30), deadline=None)
@hypothesis.given(st.lists(sentences(), min_size=1, max_size=3))
def test_lin_x_x_gives_no_errors(corpus: list[DependencySentence]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.lin"
        path.write_text(format_tuples(corpus))
        out = io.BytesIO()
        assert run_lin([str(path), str(path)], out, io.BytesIO()) == 0
    assert out.getvalue().decode().splitlines()[-1].startswith("total: 0 errors")


# --- the command -------------------------------------------------------------------------------


def treeeval(*args: str, cwd: Path) -> Run:
    """``treeeval ARGS`` run in process in ``cwd``."""
    return run_treeeval(args, cwd)


def test_cli_tables_5c_and_6b(tmp_path: Path) -> None:
    (tmp_path / "key.lin").write_text(KEY_5A + "\n" + KEY_5A)
    (tmp_path / "answer.lin").write_text(ANSWER_5B + "\n" + ANSWER_6A)
    result = treeeval("lin", "key.lin", "answer.lin", "--tuples", cwd=tmp_path)
    assert result.status == 0 and result.stderr == b""
    lines = result.stdout.decode().splitlines()
    assert sum(line.endswith("yes") for line in lines) == 6
    assert lines[-3:] == ["   1     13      13       1", "   2     13      13       5",
                          "total: 6 errors in 26 scored words (26 words, 2 sentences)"]


def test_cli_selective_evaluation(tmp_path: Path) -> None:
    (tmp_path / "key.lin").write_text(KEY_5A + "\n" + KEY_5A)
    (tmp_path / "answer.lin").write_text(ANSWER_5B + "\n" + ANSWER_6A)
    only = treeeval("lin", "key.lin", "answer.lin", "--ops", "only-pp",
                    cwd=tmp_path)
    assert only.stdout.decode().splitlines()[-1] == "total: 3 errors in 6 scored words (26 words, 2 sentences)"
    without = treeeval("lin", "key.lin", "answer.lin", "--ops=no-pp",
                       cwd=tmp_path)
    assert without.stdout.decode().splitlines()[-1] == "total: 3 errors in 22 scored words (26 words, 2 sentences)"


def test_cli_brackets_x_x(tmp_path: Path) -> None:
    (tmp_path / "x.mrg").write_text("( (S (NP (NNP Rain)) (VP (VBD fell) (ADVP (RB today))) (. .)))\n")
    result = treeeval("lin", "x.mrg", "x.mrg", cwd=tmp_path)
    assert result.status == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[-2] == "total: 0 errors in 4 scored words (4 words, 1 sentence)"
    assert lines[-1] == "phrases: recall 4/4 = 100.00%, precision 4/4 = 100.00%, crossing 0"


@pytest.mark.parametrize("args, status, message", [
    (["key.lin"], 2, "treeeval: error: expected GOLD and ANSWER files, got 1 file argument(s)"),
    (["key.lin", "key.lin", "--frob"], 2, "treeeval: error: unknown option --frob (see treeeval lin -h)"),
    (["key.lin", "key.lin", "--ops"], 2, "treeeval: error: option --ops needs a value"),
    (["key.lin", "missing.lin"], 1, "treeeval: error: missing.lin: cannot read: No such file or directory"),
    (["key.lin", "two.lin"], 1,
     "treeeval: error: two.lin:15: GOLD has 1 sentence, ANSWER 2: this one has no counterpart"),
    (["key.lin", "short.lin"], 1, "treeeval: error: short.lin:1: sentence 1 has 1 word, but GOLD's has 13"),
    (["loop.conll", "loop.conll"], 1, "treeeval: error: loop.conll:1: sentence 1: word 1 ('a') is its own head"),
    (["key.lin", "bad.lin"], 1, "treeeval: error: bad.lin:2:7: position must be <, >, <<, >>, ..., * or ?, not '!'"),
])
def test_cli_errors(tmp_path: Path, args: list[str], status: int, message: str) -> None:
    (tmp_path / "key.lin").write_text(KEY_5A)
    (tmp_path / "two.lin").write_text(KEY_5A + "\n" + KEY_5A)
    (tmp_path / "short.lin").write_text("I N *\n")
    (tmp_path / "bad.lin").write_text("I N < saw\nsaw V !\n")
    (tmp_path / "loop.conll").write_text("1\ta\t_\tN\tN\t_\t1\tdep\t_\t_\n2\tb\t_\tV\tV\t_\t0\troot\t_\t_\n\n")
    result = treeeval("lin", *args, cwd=tmp_path)
    assert result.status == status
    assert result.stderr.decode().splitlines()[0] == message
    assert b"Traceback" not in result.stderr


def test_help(tmp_path: Path) -> None:
    result = treeeval("lin", "-h", cwd=tmp_path)
    assert result.status == 0 and result.stdout.startswith(b"usage: treeeval lin GOLD ANSWER")


def test_cli_conll_against_tuples(tmp_path: Path) -> None:
    from treeeval.formats.conll import write_conll

    with open(tmp_path / "key.conll", "w") as stream:
        write_conll([one(KEY_5A)], stream)
    (tmp_path / "answer.lin").write_text(ANSWER_5B)
    result = treeeval("lin", "key.conll", "answer.lin", cwd=tmp_path)
    assert result.status == 0, result.stderr
    assert result.stdout.decode().splitlines()[-1] == "total: 1 error in 13 scored words (13 words, 1 sentence)"


@st.composite
def trees(draw, depth: int = 3) -> Tree:
    if depth == 0 or draw(st.booleans()):
        return Tree(draw(st.sampled_from(["NN", "VBD", "IN", "DT"])), [draw(st.sampled_from(["a", "b"]))])
    children = draw(st.lists(trees(depth - 1), min_size=1, max_size=3))
    return Tree(draw(st.sampled_from(["S", "NP", "VP", "PP"])), children)


@hypothesis.settings(max_examples=examples(25), deadline=None)
@hypothesis.given(st.lists(trees(), min_size=1, max_size=3))
def test_lin_x_x_on_trees_gives_no_errors(corpus: list[Tree]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.mrg"
        path.write_text("".join(f"(TOP {tree.pformat(margin=10**6)})\n" for tree in corpus))
        out = io.BytesIO()
        assert run_lin([str(path), str(path)], out, io.BytesIO()) == 0
    total, phrases = out.getvalue().decode().splitlines()[-2:]
    assert total.startswith("total: 0 errors")
    assert "crossing 0" in phrases and phrases.count("100.00%") == 2
