"""Lin's modify operations: the language (errors with positions) and the three actions."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.lin.notation import format_tuples, parse_tuples
from treeeval.lin.ops import (
    Anything,
    Cat,
    Not,
    Operation,
    OpsSyntaxError,
    Or,
    String,
    Type,
    bundled_ops_dir,
    modify,
    parse_ops,
    read_ops,
)
from treeeval.model.dependencies import DependencySentence

OPS = bundled_ops_dir()

# "a dog barked in the park"
SENTENCE = ("a Det < dog spec\ndog N < barked subj\nbarked V *\nin P > barked adjn\n"
            "the Det < park spec\npark N > in cmpl\n")


def one(text: str) -> DependencySentence:
    (sentence,) = parse_tuples(text)
    return sentence


def apply(ops: str, text: str = SENTENCE) -> str:
    return format_tuples([modify(parse_ops(ops), one(text))])


# --- the language ------------------------------------------------------------------------------


def test_lins_table_1_conditions_parse() -> None:
    operations = parse_ops("""
        ; Table 1
        (if ((cat N) (cat Det)) (delete))
        (if ((cat N) (or (string "a") (string "the"))) (delete))
        (if ((cat Conj) t) ())
        (if (t (cat P) (type adjn)) (invert transfer))
    """)
    assert operations == [
        Operation(Cat("N"), Cat("Det"), Anything(), ("delete",), 3),
        Operation(Cat("N"), Or((String("a"), String("the"))), Anything(), ("delete",), 4),
        Operation(Cat("Conj"), Anything(), Anything(), (), 5),
        Operation(Anything(), Cat("P"), Type("adjn"), ("invert", "transfer"), 6),
    ]


def test_strings_escape_and_names_may_be_keywords() -> None:
    (operation,) = parse_ops(r'(if ((not (string "say \"hi\"")) (cat t)) (delete))')
    assert operation.head == Not(String('say "hi"')) and operation.modifier == Cat("t")


@pytest.mark.parametrize("text, line, column, message", [
    ("(if (t t) (remove))", 1, 12, "unexpected 'remove', expected ')' or delete, invert or"),
    ("(if (t (cat P)) (delete)", 1, 25, "unexpected end of file"),
    ("(if (t) (delete))", 1, 7, "unexpected ')'"),
    ("\n  (if (t t) (delete)) x", 2, 23, "unexpected 'x'"),
    ("(if ((type subj) t) (delete))", 1, 6, "(type ...) restricts a relationship, not a word"),
    ("(if (t t (cat N)) (delete))", 1, 10, "(cat ...) restricts a word, not the relationship"),
    ("(if (t (or (cat N) (not (type x)))) (delete))", 1, 25, "(type ...) restricts a relationship"),
    ("(if (t t (or (type a) (string \"b\"))) (delete))", 1, 23, "(string ...) restricts a word"),
    ('(if (t (string "a)) (delete))', 1, 16, "unexpected '\"'"),
])
def test_errors_have_positions(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(OpsSyntaxError) as caught:
        parse_ops(text, "my.ops")
    error = caught.value
    assert (error.path, error.line, error.column) == ("my.ops", line, column)
    assert error.message.startswith(message)
    assert error.context().splitlines()[1] == " " * (4 + column - 1) + "^"


def test_cli_reports_an_ops_error_with_a_caret(tmp_path: Path) -> None:
    (tmp_path / "x.lin").write_text(SENTENCE)
    (tmp_path / "bad.ops").write_text("; comment\n(if (t (cat P)) (delet))\n")
    result = run_treeeval(["lin", "x.lin", "x.lin", "--ops", "bad.ops"], tmp_path)
    assert result.status == 1
    first, shown, caret = result.stderr.decode().splitlines()
    assert first.startswith("treeeval: error: bad.ops:2:18: unexpected 'delet', expected ')' or delete")
    assert shown == "    (if (t (cat P)) (delet))" and caret == "    " + " " * 17 + "^"


# --- the actions -------------------------------------------------------------------------------


def test_delete_leaves_the_modifier_without_a_head() -> None:
    assert apply("(if ((cat N) (cat Det)) (delete))") == (
        "a Det ?\ndog N < barked subj\nbarked V *\nin P > barked adjn\nthe Det ?\npark N > in cmpl\n")


def test_invert_takes_over_the_head_of_the_head() -> None:
    assert apply("(if ((cat V) (cat P)) (invert))") == (
        "a Det < dog spec\ndog N < barked subj\nbarked V < in adjn\nin P *\n"
        "the Det < park spec\npark N > in cmpl\n")
    assert apply("(if ((cat P) (cat N)) (invert))") == (
        "a Det < dog spec\ndog N < barked subj\nbarked V *\nin P < park cmpl\n"
        "the Det < park spec\npark N > barked adjn\n")


def test_transfer_moves_the_modifiers_of_the_modifier() -> None:
    assert apply("(if (t (cat P)) (transfer))") == (
        "a Det < dog spec\ndog N < barked subj\nbarked V *\nin P > barked adjn\n"
        "the Det < park spec\npark N > barked cmpl\n")


def test_conditions_on_strings_relationships_or_and_not() -> None:
    assert apply('(if ((cat N) (or (string "a") (string "the"))) (delete))').count("?") == 2
    assert apply("(if (t t (type adjn)) (delete))").splitlines()[3] == "in P ?"
    assert apply("(if (t t (not (type spec))) (delete))").count("?") == 3
    assert apply("(if ((string \"barked\") t) (delete))").count("?") == 2


def test_operations_are_applied_in_order() -> None:
    # the second operation sees the dependency the first one made
    text = apply("(if ((cat V) (cat P)) (invert)) (if ((cat P) (cat V)) (delete))")
    assert text.splitlines()[2] == "barked V ?"


def test_the_original_is_not_changed() -> None:
    sentence = one(SENTENCE)
    modify(parse_ops("(if (t t) (delete))"), sentence)
    assert format_tuples([sentence]) == SENTENCE


# --- Lin's uses ---------------------------------------------------------------------------------

CONJUNCTION_HEADED = "saw V *\nA N < and\nand Conj > saw\nB N > and\n"


@pytest.mark.parametrize("analysis", [
    CONJUNCTION_HEADED,
    "saw V *\nA N > saw\nand Conj > A\nB N > A\n",
    "saw V *\nA N > saw\nand Conj > A\nB N > and\n",
])
def test_coordination_is_normalised(analysis: str) -> None:
    operations = read_ops(OPS / "coordination.ops")
    assert format_tuples([modify(operations, one(analysis))]) == CONJUNCTION_HEADED


def test_shipped_ops_files_parse() -> None:
    for path in sorted(OPS.glob("*.ops")):
        assert read_ops(path), path
