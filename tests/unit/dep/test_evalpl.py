"""eval.pl scoring and report on small hand-made files, with hand-computed numbers."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.dep.evalpl.errors import error_contexts, frequent_errors, specific_errors, walk_contexts
from treeeval.dep.evalpl.report import evalpl_report
from treeeval.dep.evalpl.scoring import _FIELD_SEPARATOR, _fields, read_evalpl
from treeeval.dep.punctuation import is_punctuation
from treeeval.errors import InputError


def conll(*rows: str) -> str:
    """Sentences of space-separated rows (``ID FORM CPOS HEAD DEPREL``), blank between them."""
    lines = []
    for row in rows:
        if not row:
            lines.append("")
            continue
        i, form, cpos, head, label = row.split()
        lines.append(f"{i}\t{form}\t_\t{cpos}\t{cpos}\t_\t{head}\t{label}\t_\t_")
    return "\n".join(lines) + "\n"


# Sentence 1: 4 tokens, the last is punctuation ("."); sentence 2: 3 tokens, "«" punctuation.
GOLD = conll("1 The DT 2 NMOD", "2 dog NN 3 SBJ", "3 barks VB 0 ROOT", "4 . P 3 P", "",
             "1 « P 2 P", "2 Go VB 0 ROOT", "3 $ SYM 2 OBJ", "")
# errors: dog's label (head right), barks' head (0 -> 1), "." head, "«" label, "$" head+label
SYSTEM = conll("1 The DT 2 NMOD", "2 dog NN 3 OBJ", "3 barks VB 1 ROOT", "4 . P 1 P", "",
               "1 « P 2 X", "2 Go VB 0 ROOT", "3 $ SYM 1 NMOD", "")


def scores(gold: str, system: str, **kwargs: object):
    return read_evalpl(io.StringIO(gold), io.StringIO(system), **kwargs)


@pytest.mark.parametrize(("form", "expected"), [
    (".", True), (",", True), ("--", True), ("«»", True), ("¿", True), ("%", True),
    ("$", False), ("+", False), ("=", False), ("a", False), ("3.", False), ("", False)])
def test_punctuation_rule(form: str, expected: bool) -> None:
    """General category P* only: symbols (S*) are not punctuation, % (Po) is."""
    assert is_punctuation(form) is expected


def test_scores_without_punctuation() -> None:
    # scoring: The dog barks Go $ (5); LAS: The, Go = 2; UAS: The dog Go = 3; LA: The barks Go = 3
    result = scores(GOLD, SYSTEM).scores()
    assert (result.tokens, result.non_scoring) == (5, 2)
    assert (result.labeled, result.unlabeled, result.label) == (2, 3, 3)


def test_scores_with_punctuation() -> None:
    # adds "." (head wrong, label right) and "«" (head right, label wrong)
    result = scores(GOLD, SYSTEM).scores(punct=True)
    assert (result.tokens, result.non_scoring) == (7, 0)
    assert (result.labeled, result.unlabeled, result.label) == (2, 4, 4)


def test_punctuation_is_decided_by_the_gold_form() -> None:
    dot = "\tdot\t"
    assert scores(GOLD, SYSTEM.replace("\t.\t", dot)).scores().tokens == 5
    assert scores(GOLD.replace("\t.\t", dot), SYSTEM).scores().tokens == 6


def test_heads_and_labels_compare_as_strings() -> None:
    gold = conll("1 a X 0 Root", "")
    system = conll("1 a X 00 root", "")
    result = scores(gold, system).scores()
    assert (result.labeled, result.unlabeled, result.label) == (0, 0, 0)


def test_quiet_report() -> None:
    text = evalpl_report(io.StringIO(GOLD), io.StringIO(SYSTEM), quiet=True)
    assert text == ("  Labeled   attachment score: 2 / 5 * 100 = 40.00 %\n"
                    "  Unlabeled attachment score: 3 / 5 * 100 = 60.00 %\n"
                    "  Label accuracy score:       3 / 5 * 100 = 60.00 %\n")


def test_eval07_punct_flag_is_reversed() -> None:
    gold, system = io.StringIO(GOLD), io.StringIO(SYSTEM)
    text = evalpl_report(gold, system, quiet=True, variant="eval07")
    assert text.startswith("  Labeled   attachment score: 2 / 7 * 100 = 28.57 %\n")
    text = evalpl_report(io.StringIO(GOLD), io.StringIO(SYSTEM), quiet=True,
                         variant="eval07", punct=True)
    assert text.startswith("  Labeled   attachment score: 2 / 5 * 100 = 40.00 %\n")


def test_evalb_table() -> None:
    text = evalpl_report(io.StringIO(GOLD), io.StringIO(SYSTEM), quiet=True, evalb=True)
    rows = text.splitlines()[3:5]
    # sentence 1: 3 scoring, 2 right heads, 1 fully right; sentence 2: 2 scoring, 1, 1
    assert rows == ["     1    4    0   66.67  33.33     2       1           3    0 0 0 0",
                    "     2    3    0   50.00  50.00     1       1           2    0 0 0 0"]


def test_deprel_and_bins() -> None:
    text = evalpl_report(io.StringIO(GOLD), io.StringIO(SYSTEM))
    deprel = text.split("  Precision and recall of DEPREL\n\n")[1].split("\n\n\n")[0]
    assert deprel.splitlines()[3:] == [
        "  NMOD            |    1 |       1 |      2 |     100.00 |         50.00",
        "  OBJ             |    1 |       0 |      1 |       0.00 |          0.00",
        "  ROOT            |    2 |       2 |      2 |     100.00 |        100.00",
        "  SBJ             |    1 |       0 |      0 |       0.00 |           NaN"]
    direction = text.split("binned HEAD direction\n\n")[1].split("\n\n\n")[0]
    # gold: The right, dog right, barks root, Go root, $ left; system: barks left, $ left
    assert direction.splitlines()[3:] == [
        "  to_root         |    2 |       1 |      1 |      50.00 |        100.00",
        "  left            |    1 |       1 |      2 |     100.00 |         50.00",
        "  right           |    2 |       2 |      2 |     100.00 |        100.00",
        "  self            |    0 |       0 |      0 |        NaN |           NaN"]


def test_frames() -> None:
    """The system frame keeps the token's gold label; pairs seen 5 times or more are printed."""
    gold = conll("1 a X 2 A", "2 b X 0 R", "") * 5
    system = conll("1 a X 0 B", "2 b X 1 R", "") * 5
    text = evalpl_report(io.StringIO(gold), io.StringIO(system))
    frames = text.split("marks the head token)\n\n")[1].split("\n\n\n")[0].splitlines()
    assert frames == ["    5  ** R / ** B ", "    5  *A* / *A* R ", "    5  A *R* / *R* "]


def test_line_mismatch_blank_facing_token() -> None:
    gold = conll("1 a X 0 R", "", "1 b X 0 R", "")
    system = conll("1 a X 0 R", "2 b X 0 R", "")
    with pytest.raises(InputError) as caught:
        scores(gold, system)
    assert caught.value.line == 2
    assert "gold has ''" in str(caught.value)


def test_eval07_tolerates_one_trailing_blank_line() -> None:
    gold = conll("1 a X 0 R", "")
    system = conll("1 a X 0 R")
    with pytest.raises(InputError, match="past end of file"):
        scores(gold, system)
    assert scores(gold, system, variant="eval07").scores().labeled == 1


def test_no_scoring_token() -> None:
    gold = conll("1 . P 0 P", "")
    with pytest.raises(InputError, match="no scoring tokens"):
        evalpl_report(io.StringIO(gold), io.StringIO(gold))


def test_focus_words() -> None:
    """At least five words, more when the fifth count is shared; both = head + dep - any."""
    text = evalpl_report(io.StringIO(GOLD), io.StringIO(SYSTEM), punct=True)
    focus = text.split("focus words where most of the errors occur:\n\n")
    assert focus[0].endswith("\n\n\n  5 ")
    # errors: dog (dep), barks (head), . (head), « (dep), $ (both); all once, so ties
    # in code-point order; the column is as wide as "barks / VB"
    assert focus[1].split("\n\n\n")[0].splitlines() == [
        "             | any  | head | dep  | both",
        "  -----------+------+------+------+------",
        "  $ / SYM    |    1 |    1 |    1 |    1",
        "  . / P      |    1 |    1 |    0 |    0",
        "  barks / VB |    1 |    1 |    0 |    0",
        "  dog / NN   |    1 |    0 |    1 |    0",
        "  « / P      |    1 |    0 |    1 |    0",
        "  -----------+------+------+------+------"]


def test_worst_sentences() -> None:
    """The first sentence with the most errors of each kind, with its first line."""
    text = evalpl_report(io.StringIO(GOLD), io.StringIO(SYSTEM))
    # sentence 1 (line 1): dog dep, barks head; sentence 2 (line 6): $ head and dep
    assert (
        "  Sentence with the highest number of word errors:\n"
        "   Sentence 1 line 1, 1 head errors, 1 dependency errors, 2 word errors\n\n\n"
        "  Sentence with the highest number of head errors:\n"
        "   Sentence 1 line 1, 1 head errors, 1 dependency errors, 2 word errors\n\n\n"
        "  Sentence with the highest number of dependency errors:\n"
        "   Sentence 1 line 1, 1 head errors, 1 dependency errors, 2 word errors\n"
        "\n\n  Specific errors, ") in text


def test_contexts() -> None:
    """Contexts come from all tokens, punctuation too; .S and .E are CPOS contexts only.

    Every one-token CPOS context here has no more errors than a two-token context ending
    (before) or starting (after) with it, so it is dropped; word contexts never are, as
    eval.pl splits ``a / X + b / Y`` on ``+`` and gets ``a / X `` with a space.
    """
    text = evalpl_report(io.StringIO(GOLD), io.StringIO(SYSTEM))
    tables = text.split(" contexts where most of the errors occur:\n\n")
    rule = ("  ------+------+------+------+-------++----------------------"
            "+------+------+------+-----")
    head = ("  CPOS  | any  | head | dep  | both  ||  word                "
            "| any  | head | dep  | both")
    # errors: dog (after The / DT), barks (after dog / NN), $ (after « / P Go / VB, at the end)
    assert tables[1].split("\n\n\n")[0].splitlines() == [
        head, rule,
        "        |      |      |      |       ||  Go / VB             |    1 |    1 |    1 |    1",
        "        |      |      |      |       ||  The / DT            |    1 |    0 |    1 |    0",
        "        |      |      |      |       ||  dog / NN            |    1 |    1 |    0 |    0",
        rule]
    assert tables[4].split("\n\n\n")[0].splitlines() == [
        head, rule,
        "  .E+.E |    1 |    1 |    1 |    1  ||  . / P + .E          |    1 |    1 |    0 |    0",
        "  P+.E  |    1 |    1 |    0 |    0  ||  barks / VB + . / P  |    1 |    0 |    1 |    0",
        "  VB+P  |    1 |    0 |    1 |    0  ||                      |      |      |      |     ",
        rule]


def test_specific_error_descriptions() -> None:
    """Every kind of description, gold roots and system heads on the token itself included."""
    gold = conll("1 a A 0 ROOT", "2 b B 1 X", "3 c C 1 X", "4 d D 1 X", "5 e E 1 X", "6 f F 1 X",
                 "7 g G 1 X", "8 h H 7 X", "9 i I 1 X", "")
    system = conll("1 a A 2 ROOT", "2 b B 1 Y", "3 c C 0 X", "4 d D 2 X", "5 e E 7 X", "6 f F 7 X",
                   "7 g G 1 X", "8 h H 2 X", "9 i I 9 X", "")
    corpus = read_evalpl(io.StringIO(gold), io.StringIO(system))
    errors = {e.description: e.count for e in frequent_errors(corpus, corpus.scoring(False))}
    assert errors == {
        "head is the focus word instead of 0, correct dependency": 1,
        'correct head (before the focus word), dependency "Y" instead of "X"': 1,
        "head = 0 instead of before the focus word, correct dependency": 1,
        "head one word after the correct head (before the focus word), correct dependency": 1,
        # e's system head is on the other side: eval.pl repeats the system's side
        "head 6 words after the correct head (after the focus word instead ofafter the focus "
        "word), correct dependency": 2,
        "head 5 words before the correct head (before the focus word), correct dependency": 1,
        "head 8 words after the correct head (the focus word instead ofthe focus word), "
        "correct dependency": 1}


def test_errors_that_read_the_same_stay_apart() -> None:
    """Two gold roots given different heads are two errors with the same description."""
    gold = conll("1 a A 0 ROOT", "2 b B 1 X", "3 c C 1 X", "", "1 a A 0 ROOT", "2 b B 1 X", "")
    system = conll("1 a A 2 ROOT", "2 b B 1 X", "3 c C 1 X", "", "1 a A 2 ROOT", "2 b B 1 X", "")
    system = system.replace("1\ta\t_\tA\tA\t_\t2", "1\ta\t_\tA\tA\t_\t3", 1)
    corpus = read_evalpl(io.StringIO(gold), io.StringIO(system))
    errors = frequent_errors(corpus, corpus.scoring(False))
    assert [(e.head, e.sides, e.count) for e in errors] == [("2", "0a", 1), ("3", "0a", 1)]
    assert {e.description for e in errors} == {
        "head is the focus word instead of 0, correct dependency"}


def test_deletion_walk_depends_on_order() -> None:
    """A context deletes the contexts of the same count that leave out one or two more parts,
    unless it was deleted first; so the order of the walk among equal counts matters (eval.pl
    walks them in Perl's hash order, treeeval in code-point order of eval.pl's keys)."""
    specific, one_less, three_less = (1, 2, 3, 4, 5, 6), (0, 2, 3, 4, 5, 6), (0, 0, 0, 4, 5, 6)
    assert walk_contexts([specific, one_less, three_less], 0) == [specific, three_less]
    assert walk_contexts([one_less, specific, three_less], 0) == [specific]


@pytest.mark.parametrize(("first", "kept"), [("B", 1), ("(", 2)])
def test_deletion_walk_in_code_point_order(first: str, kept: int) -> None:
    """Equal counts are walked in code-point order of eval.pl's keys, where ``*`` (a part
    left out) sorts after ``(`` and before letters: a context starting with ``(`` is walked
    before its generalisations and cannot save the one three parts more general."""
    vocabulary = np.array(sorted({first, "*", "C", "D", "E", "F"}))
    code = {text: i for i, text in enumerate(vocabulary.tolist())}
    texts = [(first, "C", "D", "E", "F", "C"), ("*", "C", "D", "E", "F", "C"),
             ("*", "*", "*", "E", "F", "C")]
    contexts = np.array([[code[t] for t in context] for context in texts])
    result = error_contexts(contexts, np.array([2, 2, 2]), vocabulary)
    assert result == [(texts[0], 2), (texts[2], 2)][:kept]


def test_context_threshold() -> None:
    """A table keeps the contexts reaching the 8th highest count when that is at least 5,
    else those reaching the second highest; one context alone is always kept."""
    vocabulary = np.array(["*", "A", "B", "C", "D", "E", "F", "G", "H", "I"])
    contexts = np.array([[0] * 6] + [[i, 0, 0, 0, 0, 0] for i in range(1, 10)])
    kept = error_contexts(contexts, np.array([10, 9, 8, 7, 6, 5, 5, 5, 4, 5]), vocabulary)
    assert [n for _, n in kept] == [10, 9, 8, 7, 6, 5, 5, 5, 5]
    kept = error_contexts(contexts, np.array([10, 9, 3, 3, 3, 3, 3, 3, 2, 3]), vocabulary)
    assert kept == [(("*",) * 6, 10), (("A", "*", "*", "*", "*", "*"), 9)]
    assert error_contexts(contexts[:1], np.array([4]), vocabulary) == [(("*",) * 6, 4)]


def test_specific_errors_and_local_contexts() -> None:
    # "dog" has a label error in sentence 1 and a head error in sentence 2, in the same context
    gold = conll("1 the DT 2 NMOD", "2 dog NN 3 SBJ", "3 runs VB 0 ROOT", "",
                 "1 the DT 2 NMOD", "2 dog NN 3 SBJ", "3 runs VB 0 ROOT", "")
    system = conll("1 the DT 2 NMOD", "2 dog NN 3 OBJ", "3 runs VB 0 ROOT", "",
                   "1 the DT 2 NMOD", "2 dog NN 1 SBJ", "3 runs VB 0 ROOT", "")
    corpus = read_evalpl(io.StringIO(gold), io.StringIO(system))
    rule = "  -----+------+------+------+------+------+------\n"
    heading = ("    Before    |    Focus    |   After     | Count\n"
               "  CPOS   word | CPOS   word | CPOS   word |\n")
    row = "  DT   | the  | NN   | dog  | VB   | runs |   1\n"
    first = 'correct head (after the focus word), dependency "OBJ" instead of "SBJ"'
    second = ("head two words before the correct head (before the focus word instead "
              "ofbefore the focus word), correct dependency")
    local_rule = rule.removesuffix("+------\n") + "\n"
    assert specific_errors(corpus, corpus.scoring(False)) == (
        "\n\n  Specific errors, 2 most frequent errors:\n"
        "  =========================================\n\n"
        f"   1. {first} : 1 times\n{rule}{heading}{rule}{row}{rule}\n"
        f"   2. {second} : 1 times\n{rule}{heading}{rule}{row}{rule}\n"
        "\n  Local contexts involved in several frequent errors:\n"
        "  ===================================================\n\n\n"
        f"{local_rule}"
        "    Before    |    Focus    |   After     \n"
        "  CPOS   word | CPOS   word | CPOS   word \n"
        f"{local_rule}{row.removesuffix('|   1' + chr(10))}\n{local_rule}"
        f"   1. {first} : 1 times\n   2. {second} : 1 times\n\n")
    report = evalpl_report(io.StringIO(gold), io.StringIO(system))
    assert report.endswith(specific_errors(corpus, corpus.scoring(False)))


def test_separator_text_is_an_ordinary_word() -> None:
    """eval.pl joins a context's parts with the text ``0x01`` and splits them again, so a word
    ``0x01`` breaks its tables apart (docs/differences.md); treeeval keeps it as a word."""
    gold = conll("1 0x01 NN 2 SBJ", "2 runs VB 0 ROOT", "")
    system = gold.replace("\tSBJ\t", "\tOBJ\t")
    corpus = read_evalpl(io.StringIO(gold), io.StringIO(system))
    text = specific_errors(corpus, corpus.scoring(False))
    assert "  .S   | .S   | NN   | 0x01 | VB   | runs |   1\n" in text


#: white space str.split() splits at as eval.pl does, and the other white space of Python's
PLAIN, ODD = [" ", "\t", "  ", " \t"], ["\r", "\xa0", "\x0b", "\u2003", "\x1c"]


@st.composite
def field_lines(draw: st.DrawFn) -> list[str]:
    """Lines of 6 to 9 words between runs of white space, perhaps before the first and after
    the last; one time in four, some of the runs are white space str.split() splits at and
    eval.pl does not."""
    spaces = st.sampled_from(PLAIN + ODD if draw(st.integers(0, 3)) == 0 else PLAIN)
    lines = []
    for _ in range(draw(st.integers(1, 5))):
        words = draw(st.lists(st.sampled_from(["a", "b1", "#", "é"]), min_size=6, max_size=9))
        line = "".join(word + draw(spaces) for word in words)
        line = line if draw(st.booleans()) else line.rstrip(" \t")
        lines.append((draw(spaces) if draw(st.integers(0, 5)) == 0 else "") + line)
    return lines


@settings(max_examples=examples(300), deadline=None)
@given(field_lines())
@example(["1 a b c d e f g", "1 a b c d e f\t"])  # seven fields and an empty eighth
@example(["1 a b c d e f", "1 a b c d e f g"])  # too short
def test_fields_split_as_perl_splits(lines: list[str]) -> None:
    # the str.split() path and the regular expression find the same first eight fields, and
    # the same lines too short
    texts = [line if i == len(lines) - 1 else line + "\n" for i, line in enumerate(lines)]
    rows = [_FIELD_SEPARATOR.split(text) for text in texts]
    tokens = np.arange(len(texts))
    short = [i for i, row in enumerate(rows) if len(row) < 8]
    if short:
        with pytest.raises(InputError) as caught:
            _fields(texts, tokens, "f")
        assert caught.value.line == short[0] + 1
    else:
        assert [row[:8] for row in _fields(texts, tokens, "f")] == [row[:8] for row in rows]
