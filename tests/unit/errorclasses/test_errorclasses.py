"""treeeval.errorclasses on small trees of our own: one example of every class (the expected
repairs are what Kummerfeld et al.'s classifier gives on them), the search's mechanics, the
clean-up before it, the API, the command and its reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nltk import Tree

from treeeval.cli import main
from treeeval.errorclasses.api import classify_errors
from treeeval.errorclasses.classify import classify
from treeeval.errorclasses.reading import raw_from_nltk
from treeeval.errorclasses.search import MAX_STEPS, Gold, Search, add_bracket, repair
from treeeval.errorclasses.tree import Node, prepare

SAW = "(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (DT a) (NN telescope)))) (. .)))"
SAID = "(ROOT (SINV (VP (VBD Said)) (NP (NP (DT the) (NN chairman)) (, ,) (NP (NNP Mr.) (NNP Smith))) (. .)))"
RAN = ("(ROOT (S (S (NP (PRP He)) (VP (VBD ran))) (, ,) (CC and) (S (NP (PRP she)) (VP (VBD walked) (ADVP "
       "(RB home)))) (. .)))")
CAT = ("(ROOT (S (NP (NP (DT The) (NN cat)) (PP (IN on) (NP (DT the) (NN mat)))) (VP (VBD slept) (ADVP "
       "(RB soundly))) (. .)))")
JOHN = ("(ROOT (S (NP (NNP John) (CC and) (NNP Mary)) (VP (VBD said) (SBAR (IN that) (S (NP (PRP they)) (VP "
        "(MD would) (VP (VB come)))))) (. .)))")

#: (gold, test, the classifier's repairs as (class, bracket errors fixed))
CASES = {
    "PP attachment (move)": (SAW,
                             "(ROOT (S (NP (PRP I)) (VBD saw) (NP (DT a) (NN man) (PP (IN with) (NP (DT a) "
                             "(NN telescope)))) (. .)))",
                             [("PP Attachment", 3)]),
    "PP attachment (remove)": (SAW,
                               "(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT a) (NN man)) (PP (IN with) (NP "
                               "(DT a) (NN telescope))))) (. .)))",
                               [("PP Attachment", 1)]),
    "NP attachment": (SAID,
                      "(ROOT (SINV (VP (VBD Said) (NP (DT the) (NN chairman))) (, ,) (NP (NNP Mr.) (NNP Smith)) "
                      "(. .)))",
                      [("NP Attachment", 3)]),
    "VP attachment": (SAW,
                      "(ROOT (S (NP (PRP I) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (DT a) "
                      "(NN telescope))))) (. .)))",
                      [("VP Attachment", 2)]),
    "clause attachment": (JOHN,
                          "(ROOT (S (NP (NNP John) (CC and) (NNP Mary)) (VP (VBD said)) (SBAR (IN that) (S (NP "
                          "(PRP they)) (VP (MD would) (VP (VB come))))) (. .)))",
                          [("Clause Attachment", 2)]),
    "modifier attachment": (CAT,
                            "(ROOT (S (NP (NP (DT The) (NN cat)) (PP (IN on) (NP (DT the) (NN mat)))) (VBD slept) "
                            "(PRT (RB soundly)) (. .)))",
                            [("Modifier Attachment", 1)]),
    "co-ordination": (RAN,
                      "(ROOT (S (NP (PRP He) (VP (VBD ran))) (, ,) (CC and) (S (NP (PRP she)) (VP (VBD walked) "
                      "(ADVP (RB home)))) (. .)))",
                      [("Co-ordination", 3)]),
    "NP internal structure": (SAID,
                              "(ROOT (SINV (VP (VBD Said)) (NP (DT the) (NN chairman) (, ,) (NP (NNP Mr.) "
                              "(NNP Smith))) (. .)))",
                              [("NP Internal Structure", 1)]),
    "single word phrase": (SAID,
                           "(ROOT (SINV (VBD Said) (NP (NP (DT the) (NN chairman)) (, ,) (NP (NNP Mr.) "
                           "(NNP Smith))) (. .)))",
                           [("Single Word Phrase", 1)]),
    "different label": (SAID,
                        "(ROOT (S (VP (VBD Said)) (NP (NP (DT the) (NN chairman)) (, ,) (NP (NNP Mr.) (NNP Smith))) "
                        "(. .)))",
                        [("Different label", 2)]),
    "unary": (SAID,
              "(ROOT (X (SINV (VP (VBD Said)) (NP (NP (DT the) (NN chairman)) (, ,) (NP (NNP Mr.) (NNP Smith)))) "
              "(. .)))",
              [("Unary", 1)]),
    "X over X unary": ("(ROOT (S (NP (NP (DT the) (NN cat))) (VP (VBD slept))))",
                       "(ROOT (S (NP (DT the) (NN cat)) (VP (VBD slept))))",
                       [("XoverX Unary", 1)]),
    "unclassified add": (SAID,
                         "(ROOT (VP (VBD Said)) (NP (NP (DT the) (NN chairman)) (, ,) (NP (NNP Mr.) (NNP Smith))) "
                         "(. .))",
                         [("UNSET add", 1)]),
    "unclassified move": (SAID,
                          "(ROOT (SINV (VP (VBD Said)) (NP (NP (DT the) (NN chairman)) (, ,) (NNP Mr.)) (NNP Smith) "
                          "(. .)))",
                          [("UNSET move", 3)]),
    "unclassified remove": (SAW,
                            "(ROOT (S (NP (PRP I)) (VP (S (VBD saw) (NP (DT a) (NN man))) (PP (IN with) (NP (DT a) "
                            "(NN telescope)))) (. .)))",
                            [("UNSET remove", 1)]),
}


def parse(text: str, delete=None) -> Node:  # type: ignore[no-untyped-def]
    """The prepared tree of one bracketed line."""
    return prepare(raw_from_nltk(Tree.fromstring(text)), delete)


def repairs(gold: str, test: str) -> list[tuple[str, int]]:
    steps = repair(parse(gold), parse(test))
    assert steps is not None
    return [(classify(step), step.fixed) for step in steps]


@pytest.mark.parametrize("name", list(CASES))
def test_each_class(name: str) -> None:
    gold, test, expected = CASES[name]
    assert repairs(gold, test) == expected


def test_identical_trees_need_no_repair() -> None:
    assert repairs(SAW, SAW) == []


def test_move_with_merge_and_added_bracket() -> None:
    """Moving a run up merges the unary left behind and adds the missing bracket that then
    fits round the run: one repair fixing 2 errors, named by the CC beside the run."""
    gold = ("(ROOT (S (NP (NP (NNP Ann) (NNP Lee)) (NP (NP (DT the) (NN firm) (POS 's)) (NN head)"
            " (CC and) (NN chief) (NN officer))) (VP (VBD left))))")
    test = ("(ROOT (S (NP (NP (NP (NNP Ann) (NNP Lee)) (NP (DT the) (NN firm) (POS 's)) (NN head))"
            " (CC and) (JJ chief) (NN officer)) (VP (VBD left))))")
    steps = repair(parse(gold), parse(test))
    assert steps is not None and len(steps) == 1
    assert (steps[0].kind, steps[0].moved, steps[0].source, steps[0].target) == (
        "move", (2, 6), (0, 6, "NP"), (0, 9, "NP"))
    assert steps[0].end_right == ("CC", "JJ", "NN") and classify(steps[0]) == "Co-ordination"


def test_every_repair_fixes_what_it_claims() -> None:
    """The errors fixed add up to the bracket errors of the test tree."""
    for gold, test, _ in CASES.values():
        gold_root, test_root = parse(gold), parse(test)
        errors = Search(Gold.of(gold_root), test_root).errors
        steps = repair(gold_root, test_root)
        assert steps is not None and sum(step.fixed for step in steps) == errors


def test_search_gives_up_after_max_steps() -> None:
    words = " ".join(f"(NN w{i})" for i in range(MAX_STEPS + 2))
    gold = f"(ROOT (S {words}))"
    test = "(ROOT (S " + " ".join(f"(NP (NN w{i}))" for i in range(MAX_STEPS + 2)) + "))"
    assert repair(parse(gold), parse(test)) is None


def test_prepare_cleans_as_the_classifier() -> None:
    tree = parse(
        "(TOP (S (NP-SBJ-1 (-NONE- *)) (ADVP|PRT (RB up)) (VP (VB go) (PRT (RP on)) (: --))"
        " (NP (-LRB- {) (NN x)) (. .)))")
    assert str(tree) == "(TOP (S (ADVP (RB up)) (VP (VB go) (ADVP (RP on))) (NP (-LRB- -LCB-) (NN x))))"
    assert str(parse("(FOO (NP (NN a)) (VP (VB b)))")).startswith("(ROOT ")
    assert str(parse("(ROOT (. .))")) == "(ROOT (. .))"


def test_prepare_with_prm_deletions() -> None:
    from treeeval.bracket.params import EvalbParams
    from treeeval.conversion.deletion import delete_labels

    params = EvalbParams(delete_label=[b"TOP", b"-NONE-"])
    tree = parse("(TOP (S (NP (-NONE- *)) (VP (VB go)) (. .)))",
                 lambda t: delete_labels(t, params))
    assert str(tree) == "(ROOT (S (VP (VB go)) (. .)))"


def test_add_bracket_goes_above_a_node_of_the_same_span() -> None:
    root = parse("(ROOT (S (NP (DT a) (NN b)) (VP (VB c))))")
    add_bracket(root, (0, 2, "X"))
    root.set_spans()
    assert str(root) == "(ROOT (S (X (NP (DT a) (NN b))) (VP (VB c))))"


def _write(folder: Path, name: str, lines: list[str]) -> str:
    path = folder / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_classify_errors_api(tmp_path: Path) -> None:
    gold = _write(tmp_path, "gold", [SAW, SAID])
    first = _write(tmp_path, "a", [CASES["VP attachment"][1], CASES["different label"][1]])
    second = _write(tmp_path, "b", [SAW, "(ROOT (X (Y z)))"])
    result = classify_errors(gold, [first, second])
    one, two = result.systems
    assert [(c.name, c.count, c.brackets) for c in one.classes] == [
        ("VP Attachment", 1, 2), ("Different label", 1, 2)]
    assert one.bracket_errors == 4
    assert [s.status for s in two.sentences] == ["ok", "length"] and two.classes == []
    move = one.sentences[0].repairs[0]
    assert move.kind == "move" and move.to_dict()["from"] == [0, 7, "NP"]


def test_command_text_json_and_sentences(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold = _write(tmp_path, "gold", [SAW])
    test = _write(tmp_path, "test", [CASES["VP attachment"][1]])
    assert main(["errors", gold, test]) == 0
    text = capsysbinary.readouterr().out.decode()
    assert "    1         2  100.0%  VP Attachment" in text
    jsonl = tmp_path / "s.jsonl"
    assert main(["errors", gold, test, "--json", "--per-sentence", str(jsonl)]) == 0
    document = json.loads(capsysbinary.readouterr().out)
    assert document["command"] == "errors" and document["schema"] == "treeeval/1"
    assert document["systems"][0]["classes"] == [{"name": "VP Attachment", "count": 1, "brackets": 2}]
    line = json.loads(jsonl.read_text().splitlines()[0])
    assert line["repairs"][0]["class"] == "VP Attachment" and line["repairs"][0]["span"] == [1, 7]


def test_command_errors(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold = _write(tmp_path, "gold", [SAW])
    assert main(["errors", gold]) == 2
    assert b"expected GOLD and at least one TEST" in capsysbinary.readouterr().err
    bad = _write(tmp_path, "bad", ["(ROOT (S (NP x"])
    assert main(["errors", gold, bad]) == 1
    assert capsysbinary.readouterr().err.startswith(b"treeeval: error: " + bad.encode() + b":1:")
    assert main(["errors", "-h"]) == 0
    assert b"usage: treeeval errors" in capsysbinary.readouterr().out


def test_classify_rules_on_label_text() -> None:
    """Some rules look for a label inside the label text, as the classifier does."""
    from treeeval.errorclasses.search import Step

    assert classify(Step("add", 1, label="WHADVP", subtrees=("WRB", "RB"), parent="S")) == "Modifier Attachment"
    assert classify(Step("move", 2, movers=("DT",), source=(0, 3, "WHNP"),
                         target=(0, 5, "QP"))) == "NP Internal Structure"
    assert classify(Step("move", 2, movers=("DT",), start_left=("CC",))) == "Co-ordination"
    assert classify(Step("remove", 1, label="X", subtrees=("A", "B"), parent="S", family=3)) == "UNSET remove"


def test_empty_root_label_reads_as_root(tmp_path: Path) -> None:
    """The classifier crashes on ``( (S ...) )`` (docs/differences.md); treeeval reads ROOT."""
    gold = _write(tmp_path, "gold", ["( (S (NP (NN a)) (VP (VB b))))", ""])
    test = _write(tmp_path, "test", ["( (S (NP (NN a) (VP (VB b)))))", "(ROOT (X (NN a)))"])
    result = classify_errors(gold, test)
    assert [(c.name, c.count, c.brackets) for c in result.systems[0].classes] == [("VP Attachment", 1, 2)]
    assert [s.status for s in result.systems[0].sentences] == ["ok", "empty"]


@pytest.mark.parametrize("text", [
    "(TOP (S (NP-SBJ-1 (-NONE- *)) (ADVP|PRT (RB up)) (VP (VB go) (PRT (RP on)) (: --)) (. .)))",
    "(FOO (NP (NN a)) (VP (VB b) (NP (-LRB- {) (NN x) (-RRB- })) (SBAR (-NONE- 0) (S (-NONE- *T*)))))",
    "(ROOT (S (S-TPC=2 (NP (NNP Wa)) (VP (VBZ is))) (, ,) (NP (PRP he)) (VP (VBD said) (SBAR (-NONE- 0)))))",
    "(ROOT (. .) (, ,))",
    "( (NP (NN a)))",
])
def test_one_pass_clean_up_is_the_step_by_step_one(text: str) -> None:
    from treeeval.errorclasses.tree import _one_pass, _step_by_step

    raw = raw_from_nltk(Tree.fromstring(text))
    fast = _one_pass(raw)
    assert str(fast if fast is not None else _step_by_step(raw, None)) == str(_step_by_step(raw, None))


def test_prm_deletions(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """-p: the parameter file's DELETE_LABEL lines replace the built-in deletions (here
    COLLINS.prm deletes the same punctuation, and TOP, whose root then reads as ROOT)."""
    gold = _write(tmp_path, "gold", [SAW.replace("(ROOT", "(TOP", 1)])
    test = _write(tmp_path, "test", [CASES["VP attachment"][1].replace("(ROOT", "(TOP", 1)])
    result = classify_errors(gold, test, params="COLLINS.prm")
    assert [(c.name, c.count, c.brackets) for c in result.systems[0].classes] == [("VP Attachment", 1, 2)]
    prm = tmp_path / "dots.prm"
    prm.write_text("DELETE_LABEL TOP\nBOGUS 1\n")
    assert main(["errors", "-p", str(prm), gold, test, "--json"]) == 0
    captured = capsysbinary.readouterr()
    assert b"Unknown keyword (BOGUS 1)" in captured.err
    assert json.loads(captured.out)["params"] == {"delete_label": ["TOP"]}


def test_a_repair_that_would_remove_the_root_is_a_located_error(tmp_path) -> None:
    # the classifier crashes on this sentence (its search removes the test tree's root S)
    from cli_runner import run_treeeval

    (tmp_path / "gold.mrg").write_bytes(b"(ROOT (S (NN the)))\n(ROOT (S (NN a)))\n")
    (tmp_path / "test.mrg").write_bytes(b"(ROOT (S (NN the)))\n(S (NP (S (NN a))))\n")
    ran = run_treeeval(["errors", "gold.mrg", "test.mrg"], tmp_path)
    assert ran.status == 1 and ran.stdout == b""
    assert ran.stderr == (b"treeeval: error: test.mrg:2: the repair would remove the root "
                          b"bracket S of the test tree (the classifier crashes on this sentence)\n")


def test_a_sentence_whose_words_the_prm_deletes_is_skipped(tmp_path) -> None:
    # every word is punctuation, which COLLINS.prm deletes: no tree is left to repair
    # (found by the fuzzer: the repair search indexed the children of an empty tree)
    from cli_runner import run_treeeval

    (tmp_path / "gold.mrg").write_bytes(b"( (S (S (FOO (S (, the)) (S (. the)))) ) )\n")
    (tmp_path / "test.mrg").write_bytes(b"( (S (S (S (S (, the)) (S (. the)))) ) )\n")
    ran = run_treeeval(["errors", "-p", "COLLINS.prm", "gold.mrg", "test.mrg"], tmp_path)
    assert ran.status == 0, ran.stderr
    assert b"1 without a tree" in ran.stdout
