"""Every --json document carries the envelope and validates against its command's schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import treeeval
from treeeval.cli import main
from treeeval.policy.envelope import COMMANDS, schema_path

GOLD_TREE = "(TOP (S (NP (DT a) (NN b)) (VP (VB c)) (. .)))\n"
TEST_TREE = "(TOP (S (DT a) (X (NN b) (VB c)) (. .)))\n"
ROW = "{}\t{}\t_\t{}\t{}\t_\t{}\t{}\t_\t_\n"
GOLD_CONLL = ROW.format(1, "Rain", "NN", "NN", 2, "nsubj") + ROW.format(2, "fell", "VB", "VB", 0,
                                                                          "root") + "\n"
SYS_CONLL = GOLD_CONLL.replace("nsubj", "obj")


def document(capsysbinary: pytest.CaptureFixture[bytes], *args: str) -> dict[str, object]:
    main(list(args))
    return json.loads(capsysbinary.readouterr().out)


def validate(command: str, value: dict[str, object]) -> None:
    schema = json.loads(schema_path(command).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(value)
    assert list(value)[:3] == ["schema", "version", "command"]
    assert (value["schema"], value["version"], value["command"]) == (
        "treeeval/1", treeeval.__version__, command)


@pytest.fixture
def files(tmp_path: Path) -> Path:
    for name, text in {"gold.mrg": GOLD_TREE, "test.mrg": TEST_TREE, "gold.conll": GOLD_CONLL,
                       "sys.conll": SYS_CONLL, "gold.conllu": GOLD_CONLL,
                       "sys.conllu": SYS_CONLL}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_every_schema_is_a_valid_schema() -> None:
    for command in COMMANDS:
        jsonschema.Draft202012Validator.check_schema(json.loads(schema_path(command).read_text()))


def test_bracket(files: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    validate("bracket", document(capsysbinary, "bracket", "--json", "-p", "COLLINS.prm",
                                 str(files / "gold.mrg"), str(files / "test.mrg")))


def test_errors(files: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold, test = str(files / "gold.mrg"), str(files / "test.mrg")
    validate("errors", document(capsysbinary, "errors", "--json", gold, test, test))
    validate("errors", document(capsysbinary, "errors", "--json", "-p", "COLLINS.prm", gold, test))
    (files / "two.mrg").write_text(TEST_TREE * 2)  # longer than the gold file: a notice
    empty = str(files / "empty.mrg")
    Path(empty).write_text("")
    validate("errors", document(capsysbinary, "errors", "--json", gold, str(files / "two.mrg")))
    validate("errors", document(capsysbinary, "errors", "--json", empty, test))


def test_lin(files: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold, test = str(files / "gold.mrg"), str(files / "test.mrg")
    trees = document(capsysbinary, "lin", "--json", gold, test, gold)
    validate("lin", trees)
    assert trees["answers"][1]["phrases"]["recall"] == 100.0  # percent
    conll = document(capsysbinary, "lin", "--json", str(files / "gold.conll"),
                     str(files / "sys.conll"))
    validate("lin", conll)
    assert conll["answers"][0]["phrases"] is None


def test_ud(files: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold, system = files / "gold.conllu", files / "sys.conllu"
    validate("ud", document(capsysbinary, "ud", "--json", str(gold), str(system)))
    several = document(capsysbinary, "ud", "--json", f"{gold}:{system}",
                       f"{gold}:{files / 'missing.conllu'}")
    validate("ud", several)
    assert several["failed"] == 1


@pytest.mark.parametrize(("weights", "correct"), [("nsubj 0.5\nroot 2\n", 2.5),
                                                 ("nsubj -1.5\n", -0.5), ("root inf\n", None)],
                         ids=["fractions", "negative", "infinite"])
def test_ud_weighted_las(files: Path, capsysbinary: pytest.CaptureFixture[bytes], weights: str,
                         correct: float | None) -> None:
    # conll17's WeightedLAS counts are sums of the -w weights (a relation not listed weighs
    # 1), not integers; one that is not finite is null
    (files / "w.txt").write_text(weights, encoding="utf-8")
    value = document(capsysbinary, "ud", "--json", "--conll17", "-w", str(files / "w.txt"),
                     str(files / "gold.conllu"), str(files / "gold.conllu"))
    validate("ud", value)
    assert value["pairs"][0]["metrics"]["WeightedLAS"]["correct"] == correct


def test_ud_several_systems(files: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold, system = str(files / "gold.conllu"), str(files / "sys.conllu")
    systems = [gold, system, gold, system]  # GOLD SYS1 SYS2 SYS3
    validate("ud", document(capsysbinary, "ud", "--json", *systems))
    table = document(capsysbinary, "ud", "--format", "json", "--stat", "ar", "--resamples", "20",
                     *systems)
    schema = json.loads(schema_path("table").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(table)
    assert table["command"] == "ud" and table["correction"] == "holm"


def test_dep(files: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold, system = str(files / "gold.conll"), str(files / "sys.conll")
    for stat in ("bootstrap", "ar", "mcnemar"):
        validate("dep", document(capsysbinary, "dep", "--json", "-g", gold, "-s", system, gold,
                                 "--stat", stat, "--resamples", "50"))


def test_a_document_without_the_envelope_is_rejected(files: Path,
                                                     capsysbinary: pytest.CaptureFixture[bytes]
                                                     ) -> None:
    value = document(capsysbinary, "bracket", "--json", str(files / "gold.mrg"),
                     str(files / "test.mrg"))
    del value["version"]
    with pytest.raises(jsonschema.ValidationError, match="'version' is a required property"):
        validate("bracket", value)


def test_disco(files: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    gold, test = str(files / "gold.mrg"), str(files / "test.mrg")
    one = document(capsysbinary, "disco", "--json", "--fmt=bracket", "--la", gold, test,
                   "COLLINS.prm")
    validate("disco", one)
    assert one["systems"][0]["all"]["leaf_ancestor"] is not None
    several = document(capsysbinary, "disco", "--json", "--fmt=bracket", "--param", "none",
                       gold, test, gold)
    validate("disco", several)
    assert [system["all"]["fmeasure"] for system in several["systems"]][1] == 100.0
