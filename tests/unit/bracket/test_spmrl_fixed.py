"""``treeeval bracket --spmrl-fixed`` on small files written here: each of evalb_spmrl's
defects corrected, the same files giving the defective numbers under ``--spmrl`` (those
are evalb_spmrl's, from running it on these files), and the fast kernel giving the
engine's rows under the corrected rules."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from bracket_cli import bracket_lines, write_files

from treeeval.commands.bracket import run_bracket
from treeeval.errors import UsageError
from treeeval.policy.envelope import schema_path

#: 1: scored alike; 2: a one-word gold sentence, two test words; 3: no test analysis;
#: 4: a two-word gold sentence, three test words
GOLD = ("(S (NP (DT a) (NN b)) (VP (VB c)) (PU .))\n(S (X (A x)))\n"
        "(S (NP#f (NN y) (NN z)))\n(S (A a) (B b))\n")
TEST = ("(S (NP (DT a) (NN b)) (VP (VB c)) (PU .))\n(S (X (A x)) (Y (B w)))\n\n"
        "(S (A a) (B b) (C c))\n")
PRM = "DELETE_LABEL PU\nDELETE_LABEL TOP\n"
#: evalb_spmrl's rows of lines 1 and 2
SCORED = "   1    4    0  100.00 100.00     3      3    3      0      4     4   100.00"
VALID_ZEROS = "   {}    {}    0    0.00   0.00     0      0    0      0      0     0     0.00"
ERROR = "   {}    {}    1    0.00   0.00     0      0    0      0      0     0     0.00"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return write_files(tmp_path, monkeypatch, {"g": GOLD, "t": TEST, "p.prm": PRM})


def rows(lines: list[str]) -> list[str]:
    """The per-sentence rows of a report."""
    return lines[3:lines.index("=" * 76, 3)]


def compact(lines: list[str]) -> dict[str, str]:
    """-L's line, field by field."""
    fields = [field.split(":", 1) for field in lines[-1].split("\t")]
    return {name: value.strip() for name, value in fields}


def summary_value(lines: list[str], name: str) -> str:
    """The first (-- All --) value of a summary line."""
    return next(line.split("=")[1].strip() for line in lines if line.startswith(name))


def test_unparsed_gold_brackets_counted_once(folder: Path) -> None:
    # line 3's gold: S and NP, two brackets; evalb_spmrl counts each once more for each of
    # the two DELETE_LABEL entries it is not: 6
    _, fixed, _ = bracket_lines("--spmrl-fixed", "-X", "-p", "p.prm", "g", "t")
    assert rows(fixed)[2] == (
        "   3    2    3    0.00   0.00     0      2    0      0      2     0     0.00")
    _, spmrl, _ = bracket_lines("--spmrl", "-X", "-p", "p.prm", "g", "t")
    assert rows(spmrl)[3] == (
        "   3    2    3    0.00   0.00     0      6    0      0      2     0     0.00")
    # a deleted label is not counted: ( (TOP (S ...))) is S and NP too
    (folder / "g2").write_text("(TOP (S (NP#f (NN y) (NN z))))\n", encoding="utf-8")
    (folder / "t2").write_text("\n", encoding="utf-8")
    _, fixed, _ = bracket_lines("--spmrl-fixed", "-X", "-p", "p.prm", "g2", "t2")
    assert rows(fixed)[0].split()[6] == "2"
    _, spmrl, _ = bracket_lines("--spmrl", "-X", "-p", "p.prm", "g2", "t2")
    assert rows(spmrl)[0].split()[6] == "8"  # TOP: 1 + 1 (not PU); S, NP: 1 + 2 each


def test_precision_and_recall_in_their_places(folder: Path) -> None:
    # lines 1 and 2 scored (evalb_spmrl scores line 2's second row): 4 matched of
    # 5 gold and 6 test brackets under --spmrl; 3 of 3 gold and 3 test under --spmrl-fixed
    _, fixed, _ = bracket_lines("--spmrl-fixed", "-L", "-p", "p.prm", "g", "t")
    assert (compact(fixed)["Prec"], compact(fixed)["Rec"]) == ("100.00 %", "100.00 %")
    (folder / "t3").write_text(TEST.replace("(VP (VB c))", "(VB c)", 1), encoding="utf-8")
    _, fixed, _ = bracket_lines("--spmrl-fixed", "-L", "-p", "p.prm", "g", "t3")
    assert (compact(fixed)["F1"], compact(fixed)["Prec"], compact(fixed)["Rec"]) == (
        "80.00 %", "100.00 %", "66.67 %")  # 2 of 3 gold, 2 of 2 test
    _, spmrl, _ = bracket_lines("--spmrl", "-L", "-p", "p.prm", "g", "t3")
    assert (compact(spmrl)["Prec"], compact(spmrl)["Rec"]) == ("60.00 %", "60.00 %")
    _, spmrl, _ = bracket_lines("--spmrl", "-L", "-p", "p.prm", "g", "t")
    assert (compact(spmrl)["Prec"], compact(spmrl)["Rec"]) == ("80.00 %", "66.67 %")
    _, full, _ = bracket_lines("--spmrl", "-p", "p.prm", "g", "t")
    assert summary_value(full, "Bracketing Recall") == "80.00"  # under "Prec:" above


def test_a_length_mismatch_is_an_error_sentence_only(folder: Path) -> None:
    _, fixed, err = bracket_lines("--spmrl-fixed", "-p", "p.prm", "g", "t")
    assert rows(fixed) == [SCORED, ERROR.format(2, 1),
                           "   3    2    2    0.00   0.00     0      0    0      0      0     0     0.00",
                           ERROR.format(4, 2)]
    assert err == "2 : Length unmatch (1|2)\n4 : Length unmatch (2|3)\n"
    assert (summary_value(fixed, "Number of sentence"), summary_value(fixed, "Number of Error"),
            summary_value(fixed, "Number of Valid")) == ("4", "2", "1")
    _, spmrl, err = bracket_lines("--spmrl", "-p", "p.prm", "g", "t")
    assert rows(spmrl) == [
        SCORED, VALID_ZEROS.format(2, 1),
        "   2    1    0   50.00  33.33     1      2    3      0      1     1   100.00",
        "   3    2    2    0.00   0.00     0      0    0      0      0     0     0.00",
        VALID_ZEROS.format(4, 2)]
    assert err == "4 : Length unmatch (2|3)\n"
    assert (summary_value(spmrl, "Number of sentence"), summary_value(spmrl, "Number of Error"),
            summary_value(spmrl, "Number of Valid")) == ("5", "0", "4")


def test_unparsed_counts_the_sentences_without_an_analysis(folder: Path) -> None:
    # -X: line 3 unparsed (status 3), lines 2 and 4 Error sentences
    _, fixed, _ = bracket_lines("--spmrl-fixed", "-X", "-L", "-p", "p.prm", "g", "t")
    assert (compact(fixed)["Unparsed"], compact(fixed)["Sent"]) == ("3", "4")
    _, spmrl, _ = bracket_lines("--spmrl", "-X", "-L", "-p", "p.prm", "g", "t")
    assert (compact(spmrl)["Unparsed"], compact(spmrl)["Sent"]) == ("0", "5")
    # without -X both count the Skip and Error sentences (line 3 a Skip sentence)
    _, fixed, _ = bracket_lines("--spmrl-fixed", "-l", "-p", "p.prm", "g", "t")
    assert compact(fixed)["Unparsed"] == "3"
    _, spmrl, _ = bracket_lines("--spmrl", "-l", "-p", "p.prm", "g", "t")
    assert compact(spmrl)["Unparsed"] == "1"  # line 3 only: lines 2 and 4 are valid there


@pytest.mark.parametrize("options", [["-X"], [], ["-X", "-e", "0"], ["-e", "1"], ["-X", "-L"],
                                     ["-X", "-K", "2"]])
def test_the_fast_kernel_gives_the_engines_rows(folder: Path, options: list[str]) -> None:
    fast = bracket_lines("--spmrl-fixed", *options, "-p", "p.prm", "g", "t")
    engine = bracket_lines("--spmrl-fixed", "--reference-engine", *options, "-p", "p.prm", "g", "t")
    assert fast == engine
    if options == ["-X", "-e", "0"]:  # EVALB's MAX_ERROR: dies at the second error, before its row
        assert fast[0] == 1 and rows(fast[1] + ["=" * 76])[-1].split()[:3] == ["3", "2", "3"]


def test_json_and_signature_name_the_rules(folder: Path) -> None:
    documents = {}
    for flag in ("--spmrl", "--spmrl-fixed"):
        _, lines, _ = bracket_lines(flag, "-X", "-p", "p.prm", "--json", "g", "t")
        documents[flag] = json.loads("\n".join(lines))
        jsonschema.Draft202012Validator(json.loads(schema_path("bracket").read_text())).validate(
            documents[flag])
    fixed, spmrl = documents["--spmrl-fixed"], documents["--spmrl"]
    assert fixed["params"]["rules"] == "spmrl-fixed" and spmrl["params"]["rules"] == "spmrl"
    assert fixed["signature"] != spmrl["signature"]
    assert "|rules:spmrl-fixed|" in fixed["signature"] and "|rules:spmrl|" in spmrl["signature"]
    assert (fixed["all"]["gold"], fixed["all"]["error_sentences"],
            fixed["all"]["unparsed_sentences"]) == (3 + 2, 2, 1)
    assert (spmrl["all"]["gold"], spmrl["all"]["error_sentences"],
            spmrl["all"]["unparsed_sentences"]) == (3 + 2 + 6, 0, 1)
    _, lines, _ = bracket_lines("--spmrl-fixed", "-p", "p.prm", "--json", "g", "t")
    assert "unparsed_sentences" not in json.loads("\n".join(lines))["all"]


def test_given_alone_or_with_spmrl(folder: Path) -> None:
    alone = bracket_lines("--spmrl-fixed", "-X", "-L", "-p", "p.prm", "g", "t")
    assert bracket_lines("--spmrl", "--spmrl-fixed", "-X", "-L", "-p", "p.prm", "g", "t") == alone
    assert bracket_lines("-X", "-L", "--spmrl-fixed", "-p", "p.prm", "g", "t") == alone
    with pytest.raises(UsageError, match="cannot be given with --spmrl or --spmrl-fixed"):
        run_bracket(["--spmrl-fixed", "--align", "g", "t"], io.BytesIO(), io.BytesIO())


def test_per_label_counts_add_up_to_the_totals_with_unparsed_sentences(folder: Path) -> None:
    """The unparsed sentence's gold brackets (S and NP, counted once each) are in the
    per-label table as in the totals: every gold bracket the totals count is some label's."""
    status, lines, _ = bracket_lines("--spmrl-fixed", "-X", "-p", "p.prm", "--json", "--per-label",
                               "g", "t")
    document = json.loads("\n".join(lines))
    labels = {entry["label"]: entry for entry in document["per_label"]}
    assert status == 0 and document["all"]["gold"] == 5
    assert sum(entry["gold"] for entry in labels.values()) == 5
    assert (labels["S"]["gold"], labels["NP"]["gold"], labels["NP"]["matched_gold"]) == (2, 2, 1)
