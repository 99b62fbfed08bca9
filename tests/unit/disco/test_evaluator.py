"""treeeval disco's numbers, checked by hand on small trees: brackets as multisets of
(label, word set), deletions and equivalences of the parameter file, function tags, POS,
--disconly, the cutoff, the tables and the errors where discodop stops."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.disco.params import parse_params
from treeeval.disco.run import DiscoSettings, run_disco
from treeeval.errors import InputError

GOLD = "(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))\n"
PARSE = "(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))\n"


def report(tmp_path: Path, gold: str, parses: str, prm: str | None = None,
           **options: object) -> str:
    (tmp_path / "gold").write_text(gold)
    (tmp_path / "parses").write_text(parses)
    param = None
    if prm is not None:
        (tmp_path / "p.prm").write_text(prm)
        param = str(tmp_path / "p.prm")
    out = io.BytesIO()
    settings = DiscoSettings(str(tmp_path / "gold"), str(tmp_path / "parses"), param,
                             **options)  # type: ignore[arg-type]
    assert run_disco(settings, out) == 0
    return out.getvalue().decode()


def summary(text: str) -> dict[str, str]:
    block = text.split("\n\n")[-1]
    return {line[:27].strip(): line[27:].strip() for line in block.splitlines()[1:]}


def test_discontinuous_brackets(tmp_path: Path) -> None:
    # gold: S{0-3}, VP{1,3} (discontinuous); parse: S{0-3}, VP{1}, X{2,3}: 1 of 2, 1 of 3
    found = summary(report(tmp_path, GOLD, PARSE, fmt="discbracket"))
    assert found["gold brackets (disc.):"] == "2 (1)"
    assert found["cand. brackets (disc.):"] == "3 (0)"
    assert (found["labeled recall:"], found["labeled precision:"]) == ("50.00", "33.33")
    assert found["labeled f-measure:"] == "40.00"     # 2 * 1/2 * 1/3 / (1/2 + 1/3)
    assert found["exact match:"] == "0.00" and found["pos accuracy:"] == "75.00"


def test_disconly_counts_discontinuous_brackets_only(tmp_path: Path) -> None:
    found = summary(report(tmp_path, GOLD, PARSE, fmt="discbracket", disconly=True))
    # gold has VP{1,3}; the parse has none: recall 0, precision undefined
    assert found["labeled recall:"] == "0.00" and found["labeled precision:"] == "nan"
    assert found["number of sentences:"] == "1"


def test_cutoff_gives_two_columns(tmp_path: Path) -> None:
    text = report(tmp_path, GOLD + "(S (A 0=a) (B 1=b))\n", PARSE + "(S (A 0=a) (B 1=b))\n",
                  fmt="discbracket", cutofflen=3)
    block = text.split("\n\n")[-1].splitlines()
    assert block[0] == "_________ Summary _________ <= 3 ______ ALL"
    assert block[1] == "number of sentences:            1          2"
    assert block[2] == "longest sentence:               2          4"
    # up to 3 words: the second sentence alone (all right); all: 2 of 3 gold, 2 of 4 cand
    assert "labeled recall:            100.00      66.67" in block


def test_deletions_and_equivalences(tmp_path: Path) -> None:
    gold = "(ROOT (S (NP 0=a) (VP (V 1=b) (PU 2=,))) (PU 3=.))\n"
    parses = "(ROOT (S (NP 0=a) (ADVP (V 1=b)) (PU 2=,)) (PU 3=.))\n"
    prm = "DELETE_LABEL ROOT\nDELETE_LABEL PU\nEQ_LABEL ADVP VP\n"
    found = summary(report(tmp_path, gold, parses, prm, fmt="discbracket"))
    # punctuation goes by its gold tag; ADVP = VP; ROOT is not a bracket: all right
    assert found["gold brackets:"] == "2" and found["labeled f-measure:"] == "100.00"
    assert found["pos accuracy:"] == "100.00" and found["longest sentence:"] == "4"


def test_function_tags(tmp_path: Path) -> None:
    gold = "(S (NP-SB 0=a) (VP-OC (V-HD 1=b) (N-OA 2=c)))\n"
    parses = "(S (NP-SB 0=a) (VP-OC (V-HD 1=b) (N-SB 2=c)))\n"
    found = summary(report(tmp_path, gold, parses, fmt="discbracket"))
    # 4 gold tags; N-SB's tag (N) is right, so its function counts, and is wrong: 3 of 4
    assert found["function tags:"] == "75.00" and found["labeled f-measure:"] == "100.00"


def test_verbose_lines_and_tables(tmp_path: Path) -> None:
    text = report(tmp_path, GOLD, PARSE, fmt="discbracket", verbose=True)
    assert "1      4   50.00   33.33       1      2      3      4     3   75.00 \n" in text
    assert "       1  012\tS NP VP X\n          0121\tS NP VP X\n" in text
    assert "     VP   50.00    0.00    0.00     nan" in text
    assert "DEBUG\tTrue\n" in text and "DISC_ONLY\tFalse\n" in text


def test_disc_only_in_the_file_is_overruled_by_the_command_line(tmp_path: Path) -> None:
    # discodop's main sets DISC_ONLY from --disconly alone, whatever the file says
    from_file = report(tmp_path, GOLD, PARSE, "DISC_ONLY 1\n", fmt="discbracket", verbose=True)
    assert from_file == report(tmp_path, GOLD, PARSE, fmt="discbracket", verbose=True)
    assert "DISC_ONLY\tFalse\n" in from_file and summary(from_file)["labeled recall:"] == "50.00"
    option = report(tmp_path, GOLD, PARSE, "DISC_ONLY 0\n", fmt="discbracket", disconly=True)
    assert summary(option)["labeled recall:"] == "0.00"


def test_word_mismatch_is_a_located_error(tmp_path: Path) -> None:
    # a parse word that is not in the gold sentence (discodop: a KeyError)
    with pytest.raises(InputError, match=r"parses:1: sentence 1: word 2 \('c'\) is not in"):
        report(tmp_path, "(S (A 0=a) (B 1=b))\n", "(S (A 0=a) (B 1=c))\n", fmt="discbracket")
    # a word missing from the parse (discodop: "sentence length mismatch")
    with pytest.raises(InputError, match=r"parses:1: sentence 1: sentence length mismatch"):
        report(tmp_path, "(S (A 0=a) (B 1=b))\n", "(S (A 0=a))\n", fmt="discbracket")


def test_no_gold_brackets_crashes_as_discodop_does(tmp_path: Path) -> None:
    (tmp_path / "gold").write_text("(A 0=a)\n(B 0=b)\n")
    (tmp_path / "parses").write_text("(A 0=a)\n(S (B 0=b))\n")
    out = io.BytesIO()
    settings = DiscoSettings(str(tmp_path / "gold"), str(tmp_path / "parses"),
                             fmt="discbracket")
    # located at the first parse with a bracket
    with pytest.raises(InputError, match=r"/parses:2: sentence 2 is the first parse with "
                                         r"brackets, and the gold has none: discodop eval "
                                         r"divides by zero here"):
        run_disco(settings, out)
    # what discodop prints before it stops: up to the category table's rule
    assert out.getvalue().decode().endswith(" " + 38 * "_" + 8 * " " + 24 * "_" + "\n")


def test_params_are_read_as_discodop_reads_them() -> None:
    params = parse_params("DELETE_LABEL TOP  \nEQ_WORD a b\nEQ_WORD c b\n", "p")
    assert params.delete_label == ["TOP  "]     # trailing blanks kept, as discodop keeps them
    assert params.eq_word == {"a": "a", "b": "a", "c": "a"}
    with pytest.raises(InputError, match=r"^p:2: CUTOFF_LEN is given twice$"):
        parse_params("CUTOFF_LEN 4\nCUTOFF_LEN 5\n", "p")
    with pytest.raises(InputError, match=r"^p:1: unknown key 'FOO'$"):
        parse_params("FOO 1\n", "p")


# the optional scores wired in (values checked against discodop eval): sentence 2 loses
# its root and punctuation to the parameter file, and S's NP is flattened in the parse
GOLD2 = GOLD + "(ROOT (S (NP (ART 0=a) (NN 1=b)) (VVFIN 2=c)) ($. 3=.))\n"
PARSE2 = PARSE + "(ROOT (S (ART 0=a) (NN 1=b) (VVFIN 2=c)) ($. 3=.))\n"
HEADS = "S right V\nVP right V\nX left Y N\nNP right NN\n"


def test_optional_scores_in_lines_and_summary(tmp_path: Path) -> None:
    (tmp_path / "heads").write_text(HEADS)
    options = dict(fmt="discbracket", la=True, ted=True, headrules=str(tmp_path / "heads"))
    text = report(tmp_path, GOLD2, PARSE2, **options, verbose=True)  # type: ignore[arg-type]
    # leaf-ancestor as 100 times the percent, the distance as 100 times the count, and the
    # dependency accuracy, run together
    assert "1      4   50.00   33.33       1      2      3      4     3   75.00 7723.21400.00 75.00\n" in text
    assert "LA\t1\nTED\t1\nDEP\tTrue\n" in text
    found = summary(text)
    assert found["leaf-ancestor:"] == "82.66" and found["tree-dist (Dice micro avg)"] == "80.77"
    assert found["unlabeled dependencies:"] == "75.00"
    prm = "DELETE_LABEL ROOT\nDELETE_LABEL $.\n"
    block = report(tmp_path, GOLD2, PARSE2, prm, **options, cutofflen=3).split("\n\n")[-1]
    assert "leaf-ancestor:                nan      76.95\n" in block
    assert "tree-dist (Dice micro avg)  0DIV!      77.27\n" in block
    assert "unlabeled dependencies:     0DIV!      71.43  (5 / 7)\n" in block


def test_optional_scores_from_the_parameter_file(tmp_path: Path) -> None:
    found = summary(report(tmp_path, GOLD2, PARSE2, "LA 1\nTED 1\nDEP 1\n", fmt="discbracket"))
    assert found["leaf-ancestor:"] == "82.66" and found["tree-dist (Dice micro avg)"] == "80.77"
    assert "unlabeled dependencies:" not in found  # DEP needs --headrules, as in discodop


def test_sentence_without_words_scores_nan(tmp_path: Path) -> None:
    found = summary(report(tmp_path, GOLD + "(S (PU 0=,))\n", PARSE + "(S (PU 0=,))\n",
                           "DELETE_LABEL PU\n", fmt="discbracket", la=True, ted=True))
    assert found["leaf-ancestor:"] == "nan" and found["tree-dist (Dice micro avg)"] == "nan"


def test_headless_phrase_is_a_located_error(tmp_path: Path) -> None:
    # NP's head is the punctuation the parameter file deletes (discodop: StopIteration)
    (tmp_path / "heads").write_text("NP left PU\n")
    gold = "(S (A 0=x))\n(S (NP (PU 0=,) (X 1=a)) (V 2=b))\n"
    with pytest.raises(InputError, match=r"/parses:2: sentence 2: the phrase NP over words "
                                         r"\[1\] has no head child \(discodop eval stops"):
        report(tmp_path, gold, gold, "DELETE_LABEL PU\n", fmt="discbracket",
               headrules=str(tmp_path / "heads"))
    # a root that is a preterminal has no dependencies (discodop: TypeError)
    with pytest.raises(InputError, match=r"/parses:1: sentence 1: the root NN is a preterminal"):
        report(tmp_path, "(NN 0=a)\n", "(NN 0=a)\n", fmt="discbracket",
               headrules=str(tmp_path / "heads"))


def test_leaf_ancestor_one_with_other_brackets_is_a_located_error(tmp_path: Path) -> None:
    # the same leaf-ancestor paths from two bracketings (X{0,4}, X{1,3} against X{0,3},
    # X{1,4}): discodop stops on its assertion that they are the same
    gold = "(X (X (X (T 0=a) (T 4=e)) (X (T 1=b) (T 3=d))) (T 2=c))\n"
    parse = "(X (X (X (T 0=a) (T 3=d)) (X (T 1=b) (T 4=e))) (T 2=c))\n"
    with pytest.raises(InputError, match=r"/parses:1: sentence 1: leaf-ancestor score 1 but"):
        report(tmp_path, gold, parse, fmt="discbracket", la=True)
    assert summary(report(tmp_path, gold, parse, fmt="discbracket"))["labeled recall:"] == "50.00"


def test_debug_shows_edit_script_and_dependencies(tmp_path: Path) -> None:
    # the parse lacks NP: one deletion; ROOT[0] S[1] NP[2] ART-0[3] NN-1[4] VVFIN-2[5]
    # against the parse's 5 nodes: 11 nodes, 5 matched ($. is deleted before)
    gold = "(ROOT (S (NP (ART 0=the) (NN 1=dog)) (VVFIN 2=barks)) ($. 3=.))\n"
    parse = "(ROOT (S (ART 0=the) (NN 1=dog) (VVFIN 2=barks)) ($. 3=.))\n"
    (tmp_path / "heads").write_text(HEADS)
    text = report(tmp_path, gold, parse, "DELETE_LABEL $.\n", fmt="discbracket", ted=True,
                  debug=True, headrules=str(tmp_path / "heads"))
    assert ("Tree-dist: 1 / 11 = 0.909091\n"
            "EditStats(distance=1, matched=5, [\n\tD(NP[2], None)])\n") in text
    # each word by its first character in the sentence as read: a root dependency's head
    # 0 names the last word (the deleted '.'), as discodop's index -1 does
    rows = [("t", "d", "t", "b"), ("d", "b", "d", "b"), ("b", ".", "b", ".")]
    expected = "".join(f"{a:>15} -> {b:>15}           {c:>15} -> {d:>15}\n" for a, b, c, d in rows)
    assert ("Sentence: the dog barks\ndependencies gold " + " " * 35 + " cand\n"
            + expected + "\n") in text


def test_debug_edit_script_without_words_is_a_located_error(tmp_path: Path) -> None:
    # discodop's edit script of a tree without words stops it with an IndexError
    with pytest.raises(InputError, match=r"/parses:2: sentence 2: no words left for the "
                                         r"tree-edit script"):
        report(tmp_path, GOLD + "(S (PU 0=,))\n", PARSE + "(S (PU 0=,))\n",
               "DELETE_LABEL PU\n", fmt="discbracket", ted=True, debug=True)


def test_numbered_and_named_sentences_never_pair(tmp_path: Path) -> None:
    # discodop keys bracket sentences 1, 2, ... and export ones '1', '2', ...: a KeyError
    (tmp_path / "gold.export").write_text("#BOS 1\nw NN -- -- 0\n#EOS 1\n")
    (tmp_path / "parses").write_text("(ROOT (NN 0=w))\n")
    settings = DiscoSettings(str(tmp_path / "gold.export"), str(tmp_path / "parses"),
                             goldfmt="export", parsesfmt="discbracket")
    with pytest.raises(InputError, match=r"/parses:1: sentence 1 is not in the gold file .*"
                                         r"by name and discbracket sentences by number"):
        run_disco(settings, io.BytesIO())


def test_undrawable_tree_under_debug_is_a_located_error(tmp_path: Path) -> None:
    # a tree whose drawing finds no free cell for a node: discodop's --debug stops there
    # too (a ValueError in its drawing), after the lines before it
    tree = ("(ROOT (NP (DT 5=e) (VP (VP (VP (VP (NN 6=f) (VB 4=d))) (S (S (DT 7=g) (DT 1=a)))))"
            " (NP (S (VB 3=c) (NP (DT 8=h) (DT 2=b)))) (VB 0=z)))\n")
    with pytest.raises(InputError, match=r"/parses:2: sentence 2: discodop eval --debug cannot "
                                         r"draw its trees \(no free cell for a node\)"):
        report(tmp_path, GOLD + tree, PARSE + tree, fmt="discbracket", debug=True)


def test_gold_and_parses_are_glob_patterns(tmp_path: Path) -> None:
    # discodop reads every argument as a pattern; a line format numbers each file's
    # sentences from 1 again, and a later file's sentence takes the earlier one's place
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "1.dbr").write_text(GOLD + "(S (A 0=a) (B 1=b))\n")
    (tmp_path / "g" / "2.dbr").write_text("(S (A 0=a) (B 1=b) (C 2=c) (D 3=d))\n")
    (tmp_path / "p.dbr").write_text("(S (A 0=a) (B 1=b) (C 2=c) (D 3=d))\n(S (A 0=a) (B 1=b))\n")
    out = io.BytesIO()
    settings = DiscoSettings(str(tmp_path / "g" / "*.dbr"), str(tmp_path / "p.dbr"),
                             fmt="discbracket")
    assert run_disco(settings, out) == 0
    found = summary(out.getvalue().decode())
    # both parses match their gold sentence (2.dbr's sentence 1 replaced 1.dbr's)
    assert found["number of sentences:"] == "2" and found["exact match:"] == "100.00"


def test_no_trees_is_located_at_the_end_of_the_file(tmp_path: Path) -> None:
    (tmp_path / "gold").write_text("%% a comment\n#FORMAT 3\n")
    (tmp_path / "parses").write_text("#BOS 1\nw NN -- -- 0\n#EOS 1\n")
    settings = DiscoSettings(str(tmp_path / "gold"), str(tmp_path / "parses"))
    with pytest.raises(InputError, match=r"/gold:2: no trees in the gold file"):
        run_disco(settings, io.BytesIO())
