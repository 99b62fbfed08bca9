"""The .prm reader: EVALB's line rules, its messages, and positioned errors."""

from __future__ import annotations

import json

import hypothesis
import hypothesis.strategies as st
import lark
import pytest
from profiles import examples

from treeeval.bracket.params import EvalbParams
from treeeval.errors import InputError, PrmError
from treeeval.formats import prm
from treeeval.formats.prm import find_prm, parse_prm, read_prm


def settings(text: bytes) -> list[tuple[str, object]]:
    return [(s.key, s.value) for s in parse_prm(text)[0]]


def test_line_rules() -> None:
    text = b"# a comment\nab\n\nDELETE_LABEL S1  \t\r\nEQ_WORD  This this\nCUTOFF_LEN 40 words\n"
    assert settings(text) == [
        ("DELETE_LABEL", b"S1"),
        ("EQ_WORD", (b"This", b"this")),
        ("CUTOFF_LEN", 40),
    ]


def test_list_value_is_the_rest_of_the_line() -> None:
    assert settings(b"DELETE_LABEL a b\n") == [("DELETE_LABEL", b"a b")]


def test_evalb_messages_are_kept_and_lines_ignored() -> None:
    found, messages = parse_prm(b"FOO bar\n DEBUG 1\nEQ_LABEL A\nEQ_LABEL A B C\nDEBUG2 3\n")
    assert found == []
    assert messages == [
        "Unknown keyword (FOO bar) in parameter file",
        "Unknown keyword ( DEBUG 1) in parameter file",
        "EQ_LABEL requires two values",
        "EQ_LABEL requires two values",
        "Unknown keyword (DEBUG2 3) in parameter file",
    ]


def test_not_a_number_is_an_error_with_position() -> None:
    with pytest.raises(PrmError) as info:
        parse_prm(b"DEBUG 0\nMAX_ERROR ten\n", "x.prm")
    error = info.value
    assert (error.path, error.line, error.column) == ("x.prm", 2, 11)
    assert str(error) == "x.prm:2:11: MAX_ERROR needs a whole number, found 'ten'"
    assert error.context().splitlines() == ["    MAX_ERROR ten", "              ^"]


def test_keyword_without_value_is_an_error() -> None:
    with pytest.raises(PrmError, match=r"x.prm:1:1: LABELED has no value"):
        parse_prm(b"LABELED\n", "x.prm")


def test_missing_file(tmp_path, monkeypatch) -> None:
    with pytest.raises(InputError, match=r"absent.prm: no such parameter file$"):
        read_prm(tmp_path / "absent.prm")
    monkeypatch.chdir(tmp_path)
    # a name alone: the bundled files, and the one it is near to (issue 25)
    with pytest.raises(InputError, match=r"^COLINS.prm: no such parameter file \(bundled: "
                                         r"COLLINS.prm, new.prm, nk.prm, proper.prm, spmrl.prm, "
                                         r"spmrl_hebrew.prm\); did you mean COLLINS.prm\?$"):
        read_prm(find_prm("COLINS.prm"))
    (tmp_path / "folder.prm").mkdir()
    with pytest.raises(InputError, match="cannot read parameter file"):
        read_prm(tmp_path / "folder.prm")


def test_bundled_files_are_found_by_name(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("COLLINS.prm", "new.prm", "nk.prm", "spmrl.prm", "spmrl_hebrew.prm"):
        assert find_prm(name).is_file()
    (tmp_path / "COLLINS.prm").write_bytes(b"MAX_ERROR 3\n")
    assert find_prm("COLLINS.prm").resolve() == (tmp_path / "COLLINS.prm").resolve()


def test_params_accumulate_and_override() -> None:
    params = EvalbParams()
    params.apply_settings(parse_prm(b"MAX_ERROR 5\nDELETE_LABEL TOP\n")[0])
    params.apply_settings(parse_prm(b"MAX_ERROR 7\nDELETE_LABEL ROOT\n")[0])
    assert params.max_error == 7 and params.delete_label == [b"TOP", b"ROOT"]


def test_label_classes() -> None:
    assert EvalbParams(eq_label=[(b"ADVP", b"PRT")]).label_classes() is not None
    assert EvalbParams(eq_label=[(b"A", b"B"), (b"B", b"C")]).label_classes() is None
    assert EvalbParams(eq_label=[(b"A", b"B"), (b"B", b"C"), (b"A", b"C")]).label_classes() is not None



KEYS = ["DEBUG", "MAX_ERROR", "CUTOFF_LEN", "LABELED", "DELETE_LABEL", "DELETE_LABEL_FOR_LENGTH",
        "QUOTE_LABEL", "EQ_LABEL", "EQ_WORD"]
PIECES = [" ", "\t", "\x0b", "\x0c", "  ", "1", "-2", "+", "x", "TOP", "ADVP PRT", "#", "=", "\xe9"]


@hypothesis.settings(max_examples=examples(1500), deadline=None)
@hypothesis.given(st.sampled_from(KEYS), st.lists(st.sampled_from(PIECES), max_size=6).map("".join))
def test_expressions_and_grammar_agree(key: str, rest: str) -> None:
    """The regular expressions read exactly the lines prm.lark accepts, with the same values."""
    line = (key + rest).encode("latin-1").rstrip(b" \t\v\f\r")
    hypothesis.assume(line.split(None, 1)[0] == key.encode())  # parse_prm checks the keyword first
    fields = prm._match(key, line)
    try:
        tree = prm._parser().parse(line.decode("latin-1"))
    except lark.exceptions.UnexpectedInput:
        assert fields is None
        return
    values = [str(child).encode("latin-1") for child in tree.children[1:]]
    assert fields == (values[:1] if tree.data == "int_setting" else values)


def test_load_params_is_the_one_loader(tmp_path, monkeypatch) -> None:
    """Every command loads .prm files with load_params: files apply in order onto the given
    parameters, messages keep their order, and a bundled file is found by name."""
    from treeeval.bracket.params import load_params

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.prm").write_bytes(b"MAX_ERROR 5\nBOGUS 1\n")
    (tmp_path / "b.prm").write_bytes(b"MAX_ERROR 7\nOTHER 2\n")
    params, messages = load_params(["a.prm", "b.prm"], EvalbParams(cutoff_len=3))
    assert (params.max_error, params.cutoff_len) == (7, 3)
    assert messages == ["Unknown keyword (BOGUS 1) in parameter file",
                        "Unknown keyword (OTHER 2) in parameter file"]
    assert load_params(["COLLINS.prm"])[0].cutoff_len == 40


def test_errors_command_finds_a_bundled_prm_by_name(tmp_path, capsysbinary) -> None:
    """``treeeval errors -p COLLINS.prm`` loads the bundled file, as bracket -p does."""
    from treeeval.cli import main

    gold, test = tmp_path / "gold", tmp_path / "test"
    gold.write_text("(TOP (S (NP (NN a)) (VP (VB b)) (. .)))\n")
    test.write_text("(TOP (S (NP (NN a) (VP (VB b))) (. .)))\n")
    assert main(["errors", "-p", "COLLINS.prm", str(gold), str(test), "--json"]) == 0
    assert "TOP" in json.loads(capsysbinary.readouterr().out)["params"]["delete_label"]
