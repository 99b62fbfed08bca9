"""``treeeval ud`` end to end on small files: modes, several pairs, JSON, errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.commands.ud import parse_ud_args, run_ud
from treeeval.errors import InputError, UsageError


def row(index: int, form: str, head: int, deprel: str, upos: str = "NOUN") -> str:
    return "\t".join(map(str, (index, form, "_", upos, "_", "_", head, deprel, "_", "_")))


GOLD = "\n".join([row(1, "Dogs", 2, "nsubj"), row(2, "bark", 0, "root", "VERB"),
                  row(3, "loudly", 2, "advmod", "ADV")]) + "\n\n"
SYSTEM = "\n".join([row(1, "Dogs", 2, "nsubj"), row(2, "bark", 0, "root", "VERB"),
                    row(3, "loudly", 1, "amod", "ADJ")]) + "\n\n"


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "gold.conllu").write_text(GOLD, encoding="utf-8")
    (tmp_path / "sys.conllu").write_text(SYSTEM, encoding="utf-8")
    return tmp_path


def ud(*args: str | Path) -> tuple[int, str, str]:
    out, err = io.BytesIO(), io.BytesIO()
    status = run_ud([str(a) for a in args], out, err)
    return status, out.getvalue().decode(), err.getvalue().decode()


def test_default_verbose_and_counts(files: Path) -> None:
    gold, system = files / "gold.conllu", files / "sys.conllu"
    assert ud(gold, system) == (0, "LAS F1 Score: 66.67\nMLAS Score: 66.67\n"
                                   "BLEX Score: 66.67\n", "")
    _, verbose, _ = ud("-v", gold, system)
    assert verbose.splitlines()[5] == "UPOS       |     66.67 |     66.67 |     66.67 |     66.67"
    _, counts, _ = ud("-c", "-v", gold, system)
    lines = counts.splitlines()
    assert lines[0] == "Metric     | Correct   |      Gold | Predicted | Aligned"
    assert lines[2] == "Tokens     |         3 |         3 |         3 |          "
    assert lines[4] == "Words      |         3 |         3 |         3 |         3"
    _, conll17, _ = ud("--conll17", gold, system)
    assert conll17 == "LAS F1 Score: 66.67\n"


def test_weights_file(files: Path) -> None:
    weights = files / "weights"
    weights.write_text("# comment\nadvmod 0.5\n\nnsubj 2\n", encoding="utf-8")
    status, out, _ = ud("--conll17", "-w", weights, files / "gold.conllu", files / "sys.conllu")
    assert status == 0 and out.splitlines()[0].startswith("Metrics    |")
    # gold weighs 2 + 1 + 0.5, the system 2 + 1 + 1 (amod), correct 2 + 1
    assert out.splitlines()[-1] == "WeightedLAS|     75.00 |     85.71 |     80.00 |     85.71"
    with pytest.raises(UsageError, match="needs --conll17"):
        parse_ud_args(["-w", str(weights), "a", "b"])
    weights.write_text("nsubj 2\nadvmod\n", encoding="utf-8")
    with pytest.raises(InputError, match="expected a relation and a weight") as caught:
        ud("--conll17", "-w", weights, files / "gold.conllu", files / "sys.conllu")
    assert str(caught.value).startswith(f"{weights}:2: ")
    weights.write_bytes(b"nsubj\xff 2\n")
    with pytest.raises(InputError, match="1: cannot decode as UTF-8"):
        ud("--conll17", "-w", weights, files / "gold.conllu", files / "sys.conllu")


def test_several_pairs_and_folders(files: Path) -> None:
    gold, system = files / "gold.conllu", files / "sys.conllu"
    status, out, err = ud(f"{gold}:{system}", f"{gold}:{gold}")
    assert status == 0 and err == ""
    assert out.count("=== gold:") == 2
    assert out.endswith("Macro-average over 2 treebanks:\nLAS F1 Score: 83.33\n"
                        "MLAS Score: 83.33\nBLEX Score: 83.33\n")
    (files / "g").mkdir()
    (files / "s").mkdir()
    for name in ("a.conllu", "b.conllu"):
        (files / "g" / name).write_text(GOLD, encoding="utf-8")
    (files / "s" / "a.conllu").write_text(SYSTEM, encoding="utf-8")
    status, out, err = ud("-v", files / "g", files / "s")
    assert status == 1 and "b.conllu: cannot read" in err
    assert "failed (counted as 0)" in out
    assert "Macro-average over 2 treebanks (1 failed, counted as 0):" in out
    assert "LAS        |     33.33" in out


def test_several_pairs_conll17_default_and_json(files: Path) -> None:
    """conll17 has no MLAS/BLEX: its macro-average is LAS alone (this crashed with KeyError)."""
    pairs = [f"{files / 'gold.conllu'}:{files / 'sys.conllu'}",
             f"{files / 'gold.conllu'}:{files / 'gold.conllu'}"]
    status, out, err = ud("--conll17", *pairs)
    assert status == 0 and err == ""
    assert out.endswith("Macro-average over 2 treebanks:\nLAS F1 Score: 83.33\n")
    status, out, err = ud("--conll17", "--json", *pairs)
    assert status == 0 and err == ""
    assert json.loads(out)["macro_average"] == {"LAS": pytest.approx(100 * 5 / 6)}
    status, out, _ = ud("--conll17", "-v", *pairs)
    assert status == 0 and out.endswith("Feats      |    100.00\nAllTags    |     83.33\n"
                                        "Lemmas     |    100.00\nUAS        |     83.33\n"
                                        "LAS        |     83.33\nCLAS       |     83.33\n")


def test_json(files: Path) -> None:
    status, out, _ = ud("--json", files / "gold.conllu", files / "sys.conllu")
    document = json.loads(out)
    assert status == 0 and document["schema"] == "treeeval/1"
    las = document["pairs"][0]["metrics"]["LAS"]
    assert (las["correct"], las["gold"], las["aligned"]) == (2, 3, 3)
    status, out, _ = ud("--json", f"{files / 'gold.conllu'}:{files / 'sys.conllu'}",
                        f"{files / 'gold.conllu'}:{files / 'missing.conllu'}")
    document = json.loads(out)
    assert status == 1 and document["failed"] == 1
    assert document["pairs"][1]["status"] == "error"
    assert document["macro_average"]["LAS"] == pytest.approx(100 / 3)


def test_callin(files: Path) -> None:
    status, out, _ = ud("--callin", files / "gold.conllu", files / "sys.conllu")
    assert status == 0 and "Content" in out and out.endswith("\n")
    _, out, _ = ud("--json", "--callin", files / "gold.conllu", files / "sys.conllu")
    assert "callin" in json.loads(out)["pairs"][0]


def test_callin_weights_and_classes_files(files: Path) -> None:
    gold, system = files / "gold.conllu", files / "sys.conllu"
    weights, classes = files / "weights.tsv", files / "classes.tsv"
    weights.write_text("# from treeeval wde -o\nnsubj\t0.5\nroot\t1\n", encoding="utf-8")
    classes.write_text("advmod\tfunction\nnsubj\tcontent\nroot\tcontent\n", encoding="utf-8")
    # the gold file's own WDE: each relation has one form, so every gold word weighs 0
    _, out, _ = ud("--callin", gold, system)
    assert "WLAS       |         — (the gold words weigh 0)" in out
    assert "STTR       |         — (needs 1000 gold words with forms)" in out
    # advmod (missing from the file) weighs 0.5: (0.5 + 1) / (0.5 + 1 + 0.5)
    status, out, _ = ud("--callin-weights", weights, f"--callin-classes={classes}", gold, system)
    assert status == 0 and out.startswith("LAS F1 Score: 66.67\n")
    assert f"WLAS       |     75.00 (weights: {weights})" in out
    assert "Content    |         2 |         2 |         2 |    100.00 |" in out
    assert "Function   |         1 |         0 |         0 |         — |      0.00 |" in out
    assert out.endswith(f"Classes    | {classes}\n")
    _, out, _ = ud("--json", "--callin-weights", weights, "--callin-classes", classes,
                   f"{gold}:{system}", f"{gold}:{gold}")
    pairs = json.loads(out)["pairs"]
    assert [pair["callin"]["wlas"] for pair in pairs] == [75.0, 100.0]
    assert pairs[0]["callin"]["weights_source"] == str(weights)
    assert pairs[0]["callin"]["classes_source"] == str(classes)
    assert pairs[0]["callin"]["classes"]["function"]["gold"] == 1
    _, out, _ = ud("--json", "--callin", gold, system)
    callin = json.loads(out)["pairs"][0]["callin"]
    assert (callin["weights_source"], callin["classes_source"], callin["wlas"]) == (
        "gold", None, None)


def test_callin_table_errors(files: Path) -> None:
    bad = files / "bad.tsv"
    bad.write_text("# neither weights nor classes\nnsubj\tx\n", encoding="utf-8")
    for option, message in (("--callin-weights", "2:7: weight must be a number"),
                             ("--callin-classes", "2:1: expected RELATION<TAB>CLASS")):
        result = run_treeeval(["ud", option, str(bad), str(files / "gold.conllu"),
                               str(files / "sys.conllu")], files)
        assert result.status == 1 and result.stdout == b""
        assert result.stderr.decode().startswith(f"treeeval: error: {bad}:{message}")
    with pytest.raises(UsageError, match="--callin-weights needs a file"):
        parse_ud_args(["a", "b", "--callin-weights"])
    options = parse_ud_args(["--callin-classes", str(bad), "a", "b"])
    assert options is not None and options.callin and options.callin_classes == str(bad)


def test_usage_errors(files: Path) -> None:
    with pytest.raises(UsageError, match="unknown option"):
        parse_ud_args(["--nope", "a", "b"])
    with pytest.raises(UsageError, match="GOLD:SYSTEM"):
        parse_ud_args([str(files / "gold.conllu")])
    assert parse_ud_args(["-h"]) is None


def test_command_line_errors(files: Path) -> None:
    bad = files / "bad.conllu"
    bad.write_text(row(1, "Dogs", 0, "root") + "\n" + row(2, "bark", 0, "root") + "\n\n",
                   encoding="utf-8")
    result = run_treeeval(["ud", str(files / "gold.conllu"), str(bad)], files)
    assert result.status == 1 and result.stdout == b""
    assert result.stderr.decode() == (f"treeeval: error: {bad}:3: There are 2 roots in a "
                                      "sentence\n")
    result = run_treeeval(["ud", "--multiple-roots-okay", str(files / "gold.conllu"), str(bad)],
                          files)
    assert result.status == 1 and result.stderr.decode() == (
        f"treeeval: error: {bad}:1: The concatenation of tokens in gold file and in system file "
        "differ! First 20 differing characters in gold file: 'loudly' and system file: ''\n")
    short = files / "short.conllu"  # stops after the first sentence: located at the last one
    short.write_text("# a comment\n" + row(1, "Dogs", 0, "root") + "\n\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        ud(files / "gold.conllu", short)
    assert str(caught.value).startswith(f"{short}:2: The concatenation of tokens")
    assert str(caught.value).endswith("in gold file: 'barkloudly' and system file: ''")
    help_text = run_treeeval(["ud", "-h"], files)
    assert help_text.status == 0 and b"usage: treeeval ud" in help_text.stdout


def enhanced_files(folder: Path) -> tuple[Path, Path]:
    """The pair with DEPS: gold and system differ in one enhanced label's subtype."""
    gold, system = folder / "egold.conllu", folder / "esys.conllu"
    gold.write_text(GOLD.replace("nsubj\t_", "nsubj\t2:nsubj:pass").replace(
        "root\t_", "root\t0:root").replace("advmod\t_", "advmod\t2:advmod"), encoding="utf-8")
    system.write_text(gold.read_text(encoding="utf-8").replace("nsubj:pass", "nsubj"),
                      encoding="utf-8")
    return gold, system


def test_udeval_and_iwpt20_reports(files: Path) -> None:
    gold, system = enhanced_files(files)
    assert ud("--udeval", gold, system) == (0, "LAS F1 Score: 100.00\nMLAS Score: 100.00\n"
                                               "BLEX Score: 100.00\nELAS F1 Score: 66.67\n"
                                               "EULAS F1 Score: 100.00\n", "")
    _, counted, _ = ud("--udeval", "-c", gold, system)
    assert counted.splitlines()[-2:] == ["ELAS       |         2 |         3 |         3 |          ",
                                         "EULAS      |         3 |         3 |         3 |          "]
    _, plain, _ = ud("--udeval", "--no-enhanced", "-c", gold, system)
    assert plain == ud("-c", gold, system)[1]
    status, iwpt20, _ = ud("--iwpt20", "-v", gold, system)
    assert status == 0 and iwpt20.splitlines()[12:14] == [
        "ELAS       |     66.67 |     66.67 |     66.67 |     66.67",
        "EULAS      |    100.00 |    100.00 |    100.00 |    100.00"]


def test_enhanced_json_names_the_rules(files: Path) -> None:
    gold, system = enhanced_files(files)
    status, out, _ = ud("--iwpt20", "--enhancements", "26", "--json", gold, system)
    document = json.loads(out)
    assert status == 0 and document["rules"] == "iwpt20"
    assert document["enhanced"] == {"scored": True, "switched_off": ["2", "6"],
                                    "empty_nodes": "refused"}
    assert document["pairs"][0]["metrics"]["ELAS"]["aligned"] == 3
    assert "rules:iwpt20" in document["signature"] and "off:26" in document["signature"]


@pytest.mark.parametrize(("options", "message"), [
    (["--enhancements", "1"], "--enhancements needs --udeval or --iwpt20"),
    (["--no-enhanced"], "--no-enhanced needs --udeval or --iwpt20"),
    (["--iwpt20", "--no-enhanced"], "--no-enhanced is not an option of --iwpt20"),
    (["--iwpt20", "--no-empty-nodes", "1"], "--no-empty-nodes is not an option of --iwpt20"),
    (["--iwpt20", "--multiple-roots-okay"], "not an option of --iwpt20"),
    (["--udeval", "--conll17"], "--conll17 cannot go with --udeval"),
    (["--udeval", "--iwpt20"], "not allowed with argument"),
])
def test_enhanced_usage_errors(files: Path, options: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_ud_args([*options, str(files / "gold.conllu"), str(files / "sys.conllu")])
