"""ELAS and EULAS as udeval and iwpt20_xud_eval.py count them, on sentences written here:
each enhancement switch, duplicate edges, heads that correspond, the edges those programs
crash on, and the two reports."""

from __future__ import annotations

import pytest

from treeeval.ud.api import evaluate_ud
from treeeval.ud.enhanced import EnhancedRules
from treeeval.ud.format_error import UDFormatError
from treeeval.ud.report import render

#: "They like to swim" with a controlled subject, and "the man who came" (a relative clause)
CONTROL = [("They", "2", "nsubj", "2:nsubj|4:nsubj:xsubj"), ("like", "0", "root", "0:root"),
           ("to", "4", "mark", "4:mark"), ("swim", "2", "xcomp", "2:xcomp")]
RELATIVE = [("man", "0", "root", "0:root|3:nsubj"), ("who", "3", "nsubj", "1:ref"),
            ("came", "1", "acl:relcl", "1:acl:relcl")]


def sentence(rows: list[tuple[str, str, str, str]]) -> str:
    return "".join(f"{i}\t{form}\t_\t_\t_\t_\t{head}\t{deprel}\t{deps}\t_\n"
                   for i, (form, head, deprel, deps) in enumerate(rows, 1)) + "\n"


def with_deps(rows: list[tuple[str, str, str, str]], *deps: str) -> list[tuple[str, str, str, str]]:
    return [(form, head, deprel, new) for (form, head, deprel, _), new in zip(rows, deps)]


def counts(gold: list[str], system: list[str], **rules: object) -> tuple[int, int, int, int]:
    """(ELAS correct, gold, system, EULAS correct)."""
    scores = evaluate_ud(gold, system, enhanced=EnhancedRules(**rules)).scores  # type: ignore[arg-type]  # keyword rules of the test
    elas, eulas = scores["ELAS"], scores["EULAS"]
    return elas.correct, elas.gold, elas.system, eulas.correct


def test_identical_graphs_score_every_edge() -> None:
    gold = [sentence(CONTROL), sentence(RELATIVE)]
    assert counts(gold, gold) == (9, 9, 9, 9)


def test_eulas_compares_the_universal_part_of_each_step() -> None:
    system = sentence(with_deps(CONTROL, "2:nsubj|4:nsubj", "0:root", "4:mark", "2:xcomp"))
    assert counts([sentence(CONTROL)], [system]) == (4, 5, 5, 5)


def test_duplicate_edges_multiply() -> None:
    gold = sentence(with_deps(CONTROL, "2:nsubj|2:nsubj", "0:root", "4:mark", "2:xcomp"))
    assert counts([gold], [gold]) == (7, 5, 5, 7)


def test_a_head_must_correspond_through_the_alignment() -> None:
    system = sentence(with_deps(CONTROL, "3:nsubj|4:nsubj:xsubj", "0:root", "4:mark", "0:xcomp"))
    assert counts([sentence(CONTROL)], [system]) == (3, 5, 5, 3)


def test_enhancement_4_drops_the_subjects_of_xcomp_words() -> None:
    gold = [sentence(CONTROL)]
    assert counts(gold, gold, enhancements="4") == (4, 4, 4, 4)
    assert counts(gold, gold, enhancements="x4y") == (4, 4, 4, 4)  # other characters: nothing


def test_enhancement_5_replaces_ref_and_drops_the_external_argument() -> None:
    gold = [sentence(RELATIVE)]
    # who: 1:ref -> its basic edge 3:nsubj; man's 3:nsubj is kept: udeval drops an edge from
    # an acl word only when that word's HEAD equals the dependent's 0-based position, and
    # came's HEAD (1) is man's 1-based one
    assert counts(gold, gold, enhancements="5") == (4, 4, 4, 4)
    before = [("x", "0", "root", "0:root"), ("man", "1", "obj", "1:obj|4:nsubj"),
              ("who", "4", "nsubj", "2:ref"), ("came", "1", "acl:relcl", "1:acl:relcl")]
    # came's HEAD (1) equals man's 0-based position: man's 4:nsubj is dropped
    assert counts([sentence(before)], [sentence(before)]) == (5, 5, 5, 5)
    assert counts([sentence(before)], [sentence(before)], enhancements="5") == (4, 4, 4, 4)


def test_enhancement_1_puts_the_basic_edge_for_a_path_and_drops_repeats() -> None:
    rows = [("a", "0", "root", "0:root"), ("b", "1", "conj", "1:conj|1:conj"),
            ("c", "2", "obj", "1:conj>obj|2:obj|2:obj")]
    gold = [sentence(rows)]
    # b: the repeated 1:conj goes; c: the path becomes 2:obj, and both written 2:obj go
    assert counts(gold, gold, enhancements="1")[1] == 3
    root_path = [("a", "0", "root", "0:conj>root"), ("b", "1", "obj", "1:obj")]
    # the root word's basic edge has no head: counted, never correct
    assert counts([sentence(root_path)], [sentence(root_path)], enhancements="1") == (1, 2, 2, 1)


def test_enhancement_2_keeps_only_the_last_conj_edge() -> None:
    rows = [("a", "0", "root", "0:root"), ("b", "1", "conj", "1:conj|3:nsubj|1:conj:and"),
            ("c", "1", "dep", "1:dep")]
    assert counts([sentence(rows)], [sentence(rows)], enhancements="2")[1] == 3


def test_enhancement_3_changes_nothing_as_in_udeval() -> None:
    gold = [sentence(CONTROL)]
    assert counts(gold, gold, enhancements="3") == counts(gold, gold)


def test_enhancement_6_cuts_case_information() -> None:
    rows = [("a", "0", "root", "0:root"), ("b", "1", "obl", "1:obl:in"),
            ("c", "1", "obl", "1:obl:pass")]
    system = sentence(with_deps(rows, "0:root", "1:obl", "1:obl:pass"))
    assert counts([sentence(rows)], [system]) == (2, 3, 3, 3)
    assert counts([sentence(rows)], [system], enhancements="6") == (3, 3, 3, 3)


def test_udeval_skips_empty_node_heads_and_reads_underscore_as_no_edge() -> None:
    rows = [("a", "0", "root", "0:root"), ("b", "1", "obj", "1.1:obj|1:obj"), ("c", "1", "dep", "_")]
    gold = sentence(rows).replace("2\tb", "1.1\tx\t_\t_\t_\t_\t_\t_\t1:orphan\t_\n2\tb", 1)
    assert counts([gold], [sentence(rows)]) == (2, 2, 2, 2)
    with pytest.raises(UDFormatError, match=r"gold\[0\]:2: The collapsed CoNLL-U line still"):
        counts([gold], [sentence(rows)], no_empty_nodes=True)


@pytest.mark.parametrize(("deps", "message"), [
    ("1obj", "DEPS entry '1obj' is not HEAD:RELATION"),
    ("x:obj", "cannot parse the enhanced head 'x'"),
    ("3:obj", "enhanced head 3 in DEPS points outside the sentence"),
    ("-1:obj", "enhanced head -1 in DEPS points outside the sentence"),
])
def test_deps_udeval_crashes_on_is_a_located_error(deps: str, message: str) -> None:
    rows = [("a", "0", "root", "0:root"), ("b", "1", "obj", deps)]
    gold = [sentence(with_deps(rows, "0:root", "1:obj"))]
    with pytest.raises(UDFormatError, match=rf"system\[0\]:2: {message}"):
        evaluate_ud(gold, [sentence(rows)], enhanced=EnhancedRules(scored=False))


def test_iwpt20_refuses_what_it_crashes_on_and_counts_aligned_words() -> None:
    rows = [("a", "0", "root", "0:root"), ("b", "1", "obj", "1:obj")]
    rules = EnhancedRules("iwpt20")
    scores = evaluate_ud([sentence(rows)], [sentence(rows)], enhanced=rules).scores
    assert scores["ELAS"].aligned == 2 and scores["ELAS"].aligned_accuracy == 100.0
    doubled = sentence(with_deps(rows, "0:root", "1:obj|1:obj"))
    assert evaluate_ud([doubled], [doubled], enhanced=rules).scores["ELAS"].aligned_accuracy == 250.0
    with pytest.raises(UDFormatError, match="DEPS '_' holds no enhanced edge"):
        evaluate_ud([sentence(with_deps(rows, "0:root", "_"))], [sentence(rows)], enhanced=rules)
    with pytest.raises(UDFormatError, match="refers to an empty node"):
        evaluate_ud([sentence(with_deps(rows, "0:root", "1.1:obj"))], [sentence(rows)],
                    enhanced=rules)


def test_the_reports_of_the_two_scorers() -> None:
    gold = [sentence(CONTROL)]
    udeval = evaluate_ud(gold, gold, enhanced=EnhancedRules()).scores
    assert render(udeval, "default", "udeval").splitlines()[3:] == [
        "ELAS F1 Score: 100.00", "EULAS F1 Score: 100.00"]
    iwpt20 = evaluate_ud(gold, gold, enhanced=EnhancedRules("iwpt20")).scores
    assert render(iwpt20, "default", "iwpt20").splitlines() == [
        "LAS F1 Score: 100.00", "ELAS F1 Score: 100.00", "EULAS F1 Score: 100.00",
        "MLAS Score: 100.00", "BLEX Score: 100.00"]
    counted = render({"ELAS": udeval["ELAS"]}, "counts", "udeval").splitlines()[2]
    assert counted == "ELAS       |         5 |         5 |         5 |          "
