"""Word dependency entropy (Callin 2016): hand-computed values, files, ``treeeval wde``."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest

from treeeval.cli import main
from treeeval.errors import InputError
from treeeval.ud.wde import (
    MISSING_WDE,
    averaged_wde,
    count_relation_words,
    load_weights,
    read_relation_words,
    render_wde_table,
    treebank_names,
    word_dependency_entropy,
    write_weights,
)


def conllu(*sentences: list[tuple[str, str, int, str]]) -> str:
    """CoNLL-U text; each token is (ID, FORM, HEAD, DEPREL)."""
    lines = []
    for sentence in sentences:
        for token_id, form, head, label in sentence:
            lines.append(f"{token_id}\t{form}\t_\tX\t_\t_\t{head}\t{label}\t_\t_")
        lines.append("")
    return "\n".join(lines) + "\n"


def test_wde_of_a_known_distribution() -> None:
    # det: the 2/4, a 1/4, an 1/4 -> H = 1.5 ln 2; 8 distinct forms -> log n_w = 3 ln 2
    labels = ["det"] * 4 + ["nsubj", "nsubj", "root", "obj", "punct"]
    forms = ["the", "the", "a", "an", "dogs", "cats", "bark", "bones", "."]
    values = word_dependency_entropy(count_relation_words(labels, forms))
    assert values["det"] == pytest.approx(0.5, abs=1e-15)
    assert values["nsubj"] == pytest.approx(math.log(2) / math.log(8))  # two forms, 1/2 each
    assert values["root"] == 0.0 and values["punct"] == 0.0  # a single form


def test_uniform_over_the_whole_vocabulary_is_one() -> None:
    values = word_dependency_entropy(count_relation_words(["dep"] * 5, list("abcde")))
    assert values == {"dep": pytest.approx(1.0)}


def test_subtypes_are_merged_and_forms_are_case_sensitive() -> None:
    counts = count_relation_words(["nmod:poss", "nmod", "nmod:tmod"], ["His", "his", "his"])
    assert counts.vocabulary == 2
    assert sorted(zip(counts.relations.tolist(), counts.forms.tolist(),
                      counts.counts.tolist())) == [("nmod", "His", 1), ("nmod", "his", 2)]
    expected = -(1 / 3 * math.log(1 / 3) + 2 / 3 * math.log(2 / 3)) / math.log(2)
    assert word_dependency_entropy(counts)["nmod"] == pytest.approx(expected)


def test_single_form_treebank_and_empty_input() -> None:
    assert word_dependency_entropy(count_relation_words(["root", "dep"], ["x", "x"])) == {
        "dep": 0.0, "root": 0.0}
    assert word_dependency_entropy(count_relation_words([], [])) == {}


def test_averaged_wde_uses_one_half_for_a_missing_relation() -> None:
    per_treebank = [{"det": 0.1, "nsubj": 0.7}, {"det": 0.3}, {"nsubj": 0.9, "expl": 0.2}]
    averages = averaged_wde(per_treebank)
    assert averages["det"] == pytest.approx((0.1 + 0.3 + MISSING_WDE) / 3)
    assert averages["nsubj"] == pytest.approx((0.7 + MISSING_WDE + 0.9) / 3)
    assert averages["expl"] == pytest.approx((2 * MISSING_WDE + 0.2) / 3)
    assert averaged_wde([]) == {}


def test_reading_a_file_skips_ranges_and_empty_nodes(tmp_path: Path) -> None:
    text = conllu([("1-2", "don't", "_", "_"), ("1", "do", 0, "root"), ("2", "n't", 1, "advmod"),
                   ("2.1", "ghost", "_", "_")],
                  [("1", "do", 0, "root"), ("2", "it", 1, "obj:x")])
    path = tmp_path / "t.conllu"
    path.write_text(text, encoding="utf-8")
    counts = read_relation_words(path)
    assert counts.vocabulary == 3  # do, n't, it
    assert sorted(zip(counts.relations.tolist(), counts.forms.tolist(),
                      counts.counts.tolist())) == [("advmod", "n't", 1), ("obj", "it", 1),
                                                   ("root", "do", 2)]


def test_weights_round_trip_and_errors(tmp_path: Path) -> None:
    stream = io.StringIO()
    write_weights({"det": 0.1 + 0.2, "nmod": 0.75}, stream, comment="made by a test\n\nok")
    path = tmp_path / "w.tsv"
    path.write_text(stream.getvalue(), encoding="utf-8")
    assert stream.getvalue().startswith("# made by a test\n#\n# ok\n")
    assert load_weights(path) == {"det": 0.1 + 0.2, "nmod": 0.75}
    for text, line, column, message in [
        ("det\t0.2\nnmod\tmany\n", 2, 6, "weight must be a number"),
        ("det\t-1\n", 1, 5, "weight must be a number"),
        ("det\t0.1\ndet\t0.2\n", 2, 1, "listed twice"),
        ("# c\ndet 0.1\n", 2, 1, "expected RELATION<TAB>WEIGHT"),
    ]:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match=message) as caught:
            load_weights(path)
        assert (caught.value.line, caught.value.column) == (line, column)
    with pytest.raises(InputError, match="cannot read"):
        load_weights(tmp_path / "missing.tsv")
    path.write_bytes(b"det\t0.1\n\xe9t\t0.2\n")
    with pytest.raises(InputError, match="cannot decode as UTF-8") as caught:
        load_weights(path)
    assert caught.value.line == 2


def test_treebank_names_and_table() -> None:
    assert treebank_names(["x/a.conllu", "y/a.conllu", "y/b.conll"]) == ["x/a", "y/a", "b"]
    assert treebank_names(["x/a.conllu", "x/a.conllu"]) == ["x/a.conllu", "x/a.conllu"]
    table = render_wde_table(["t1", "t2"], [{"det": 0.1, "nsubj": 0.9}, {"nsubj": 0.7}],
                             {"det": "function", "nsubj": "content"})
    lines = table.splitlines()
    assert lines[1].split() == ["det", "function", "0.1000", "—", "0.3000"]
    assert lines[2].split() == ["nsubj", "content", "0.9000", "0.7000", "0.8000"]
    assert lines[-1] == ("mean averaged WDE by class: function 0.3000 (1), "
                         "content 0.8000 (1), other — (0)")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_command_writes_table_and_weights(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "one.conllu", tmp_path / "two.conllu"
    first.write_text(conllu([("1", "the", 2, "det"), ("2", "dog", 0, "root")],
                            [("1", "a", 2, "det"), ("2", "cat", 0, "root")]), encoding="utf-8")
    second.write_text(conllu([("1", "dogs", 0, "root")]), encoding="utf-8")
    weights = tmp_path / "w.tsv"
    status, out, err = run(["wde", str(first), str(second), "-o", str(weights)], capsys)
    assert (status, err) == (0, "")
    # one.conllu: 4 forms; det and root each spread over 2 forms -> ln 2 / ln 4 = 0.5
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:] if line}
    assert rows["det"] == ["function", "0.5000", "—", "0.5000"]
    assert rows["root"] == ["content", "0.5000", "0.0000", "0.2500"]
    assert load_weights(weights) == {"det": 0.5, "root": 0.25}


def test_command_with_a_classes_file(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    treebank = tmp_path / "t.conllu"
    treebank.write_text(conllu([("1", "x", 0, "root")]), encoding="utf-8")
    classes = tmp_path / "classes.tsv"
    classes.write_text("# mine\nroot\tother\n", encoding="utf-8")
    status, out, _ = run(["wde", f"--classes={classes}", str(treebank)], capsys)
    assert status == 0 and out.splitlines()[1].split()[:2] == ["root", "other"]


@pytest.mark.parametrize("args, message", [
    (["wde"], "expected at least one TREEBANK"),
    (["wde", "--frobnicate", "x"], "unknown option --frobnicate"),
    (["wde", "x.conllu", "-o"], "needs a file name"),
])
def test_command_usage_errors(args: list[str], message: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(args, capsys)
    assert status == 2 and message in err


def test_command_never_writes_an_input(capsys: pytest.CaptureFixture[str]) -> None:
    """Refused before anything is read: the output names the treebank."""
    status, out, err = run(["wde", "x.conllu", "-o", "x.conllu"], capsys)
    assert (status, out) == (1, "")
    assert err == "treeeval: error: x.conllu: is an input of this run; it is never written\n"


def test_command_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\tx\t_\n\n", encoding="utf-8")
    status, _, err = run(["wde", str(bad)], capsys)
    assert status == 1 and f"{bad}:1:" in err and "10 tab-separated columns" in err
    status, _, err = run(["wde", "-h"], capsys)
    assert status == 0
