"""``treeeval bracket --spmrl`` on small files written here: each rule of evalb_spmrl that
differs from EVALB, its options, and its defects kept (the numbers are evalb_spmrl's, from
running it on these files)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from bracket_cli import bracket_lines, write_files

from treeeval.commands.bracket import run_bracket
from treeeval.errors import UsageError

GOLD = ("(S (NP (DT a) (NN b)) (VP (VB c)) (PU .))\n(S (X (A x)))\n"
        "(S (NP#f (NN y) (NN z)))\n")
TEST = "(S (NP (DT a) (NN b)) (VP (VB c)) (PU .))\n(S (X (A x)) (Y (B w)))\n\n"
PRM = "DELETE_LABEL PU\nDELETE_LABEL TOP\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return write_files(tmp_path, monkeypatch, {"g": GOLD, "t": TEST, "p.prm": PRM})


def spmrl(*args: str) -> tuple[int, list[str], str]:
    return bracket_lines("--spmrl", *args)


def test_rows_punctuation_kept_and_a_one_word_length_mismatch(folder: Path) -> None:
    status, lines, err = spmrl("-p", "p.prm", "g", "t")
    assert status == 0 and err == ""
    assert lines[3:7] == [
        "   1    4    0  100.00 100.00     3      3    3      0      4     4   100.00",
        "   2    1    0    0.00   0.00     0      0    0      0      0     0     0.00",
        "   2    1    0   50.00  33.33     1      2    3      0      1     1   100.00",
        "   3    2    2    0.00   0.00     0      0    0      0      0     0     0.00"]
    assert not (folder / "status").exists()


def test_unparsed_lines_and_the_compact_line(folder: Path) -> None:
    _, lines, _ = spmrl("-X", "-L", "-p", "p.prm", "g", "t")
    assert lines[6] == "   3    2    3    0.00   0.00     0      6    0      0      2     0     0.00"
    assert lines[7].split("\t") == [
        "F1:  47.06 %", "Prec:  36.36 %", "Rec:  66.67 %", "POS:  71.43 %", "EX:  50.00 %",
        "Unparsed:      0", "Sent:      4", "file: t"]


def test_first_lines_names_and_the_status_file_on_request(folder: Path) -> None:
    _, lines, err = spmrl("-K", "1", "-V", "--spmrl-status", "st", "-p", "p.prm", "g", "t")
    assert "=== Summary: g\tvs\tt ===" in lines and lines.count("Number of sentence        =      1") == 2
    assert err == ""  # -K: no complaint that the test file is longer
    assert (folder / "st").read_text().splitlines() == [
        "---", "F1: 100.00", "LP: 100.00", "LR: 100.00", "POS: 100.00", "errorRate: 0.00"]
    assert not (folder / "status").exists()


def test_labels_and_tags_cut_at_hash_dash_and_equals(folder: Path) -> None:
    (folder / "g3").write_text("(S (NP##gen=f## (-LRB- -LRB-) (NN#x b)))\n", encoding="utf-8")
    (folder / "t3").write_text("(S (NP (-RRB- -LRB-) (NN b)))\n", encoding="utf-8")
    _, lines, _ = spmrl("g3", "t3")
    assert lines[3] == "   1    2    0  100.00 100.00     2      2    2      0      2     2   100.00"


def test_a_length_mismatch_of_a_longer_sentence_is_an_error(folder: Path) -> None:
    (folder / "g4").write_text("(S (A a) (B b))\n", encoding="utf-8")
    (folder / "t4").write_text("(S (A a) (B b) (C c))\n", encoding="utf-8")
    _, lines, err = spmrl("g4", "t4")
    assert lines[3] == "   1    2    0    0.00   0.00     0      0    0      0      0     0     0.00"
    assert err == "1 : Length unmatch (2|3)\n"
    assert "Number of Valid sentence  =      1" in lines  # counted valid, as evalb_spmrl does


def test_usage_errors(folder: Path) -> None:
    with pytest.raises(UsageError, match="-L is an option of --spmrl"):
        run_bracket(["-L", "g", "t"], io.BytesIO(), io.BytesIO())


# --- everything bracket has, under evalb_spmrl's rules --------------------------------------

SYSTEM = ("(S (NP (DT a) (NN b)) (VP (VB c)) (PU .))\n(S (X (A x)))\n"
          "(S (NP#g (NN y) (NN z)))\n")


def test_several_systems_each_report_then_the_table(folder: Path) -> None:
    (folder / "s").write_text(SYSTEM, encoding="utf-8")
    status, lines, _ = spmrl("-L", "-p", "p.prm", "g", "t", "s")
    assert status == 0
    compact = [line for line in lines if line.startswith("F1:")]
    # t: 4 matched of 5 gold and 6 test brackets (line 2 twice, the second row scored),
    # s: every bracket right (the '#' cut: NP#g is NP#f)
    assert [line.split("\t")[0] for line in compact] == ["F1:  72.73 %", "F1: 100.00 %"]
    table = lines[lines.index(compact[1]) + 1:]
    assert any(line.split()[:1] == ["s"] and "100.00" in line for line in table), table


def test_json_per_sentence_and_per_label(folder: Path) -> None:
    import json

    import jsonschema

    from treeeval.policy.envelope import schema_path

    status, lines, _ = spmrl("-X", "-p", "p.prm", "--json", "--per-label",
                             "--per-sentence", "rows.jsonl", "g", "t")
    document = json.loads("\n".join(lines))
    jsonschema.Draft202012Validator(json.loads(schema_path("bracket").read_text())).validate(
        document)
    assert status == 0 and document["params"]["rules"] == "spmrl"
    assert document["params"]["unparsed"] is True
    assert document["all"]["sentences"] == 4 and document["all"]["gold"] == 3 + 2 + 6
    rows = [json.loads(line) for line in (folder / "rows.jsonl").read_text().splitlines()]
    assert [(row["line"], row["status"]) for row in rows] == [(1, 0), (2, 0), (2, 0), (3, 3)]
    labels = {entry["label"]: entry for entry in document["per_label"]}
    assert labels["NP"]["gold"] == 1 and labels["Y"]["test"] == 1


def test_stat_over_sentences(folder: Path) -> None:
    (folder / "s").write_text(SYSTEM, encoding="utf-8")
    status, lines, _ = spmrl("-p", "p.prm", "--stat", "bootstrap", "--resamples", "200",
                             "g", "t", "s")
    assert status == 0
    assert any("bootstrap" in line.lower() for line in lines)


def test_bundled_parameter_files_are_found_by_name(folder: Path) -> None:
    for name, cutoff in (("spmrl.prm", 70), ("spmrl_hebrew.prm", 40)):
        assert not os.path.exists(name)
        status, lines, _ = spmrl("-p", name, "g", "t")
        assert status == 0 and lines[-13] == f"-- len<={cutoff} --"
