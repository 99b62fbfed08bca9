"""``treeeval disco`` against ``discodop eval`` on Tiger XML and Alpino XML (written here from
the shared alpinosample.export and its perturbed parse, tests/disco_xml.py) and under
``--debug`` (tree drawings, brackets, leaf-ancestor paths) on every shared file: stdout
byte for byte (discodop's hash-ordered ties compared as sets, as in test_disco_shared.py)
and the exit status.  Skips without ../shared or without the oracle."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from disco_xml import tiger_xml, write_alpino
from oracles import run_oracle
from shared_data import require
from test_disco_shared import CASES, _perturbed_export, canonical

from treeeval.formats.export import read_export

OPTIONS = [[], ["--verbose"], ["proper.prm", "--verbose"], ["--disconly"],
           ["--functions=add"], ["--functions=replace", "--morphology=add"],
           ["--morphology=between", "--verbose"], ["--debug"], ["proper.prm", "--debug"]]


def _same(tmp_path: Path, args: list[str]) -> None:
    theirs = run_oracle("discodop-eval", args, tmp_path)
    ours = run_treeeval(["disco", *args], tmp_path)
    assert ours.status == theirs.status, ours.stderr
    assert canonical(ours.stdout.decode()) == canonical(theirs.stdout.decode())


def _xml_files(tmp_path: Path) -> dict[str, tuple[str, str]]:
    gold = require("disco", "alpinosample.export")
    (tmp_path / "proper.prm").write_bytes((gold.parent / "proper.prm").read_bytes())
    text = gold.read_text(encoding="utf-8")
    files = {}
    for side, content in (("gold", text), ("parses", _perturbed_export(text))):
        sentences = list(read_export(io.StringIO(content)))
        (tmp_path / f"{side}.xml").write_text(tiger_xml(sentences), encoding="utf-8")
        write_alpino(sentences, tmp_path / side)
        (tmp_path / f"{side}.export").write_text(content, encoding="utf-8")
        files[side] = (str(tmp_path / f"{side}.xml"), str(tmp_path / side / "*" / "*.xml"))
    return files


@pytest.mark.parametrize("options", OPTIONS, ids=" ".join)
@pytest.mark.parametrize("fmt", ["tiger", "alpino"])
def test_xml_same_output_as_discodop(tmp_path: Path, fmt: str, options: list[str]) -> None:
    files = _xml_files(tmp_path)
    which = 0 if fmt == "tiger" else 1
    for parses in (files["gold"][which], files["parses"][which]):
        _same(tmp_path, [files["gold"][which], parses, *options, f"--fmt={fmt}"])


@pytest.mark.parametrize("fmt", ["tiger", "alpino"])
def test_xml_beside_export(tmp_path: Path, fmt: str) -> None:
    """One side XML, the other export: the root labels differ (VROOT/TOP against ROOT)."""
    files = _xml_files(tmp_path)
    xml = files["gold"][0 if fmt == "tiger" else 1]
    _same(tmp_path, [xml, str(tmp_path / "parses.export"), f"--goldfmt={fmt}", "--verbose"])
    _same(tmp_path, [str(tmp_path / "gold.export"), xml.replace("gold", "parses"),
                     f"--parsesfmt={fmt}", "proper.prm"])


@pytest.mark.parametrize("options", [["--debug"], ["proper.prm", "--debug"],
                                     ["--debug", "--functions=add", "--disconly"]],
                         ids=" ".join)
@pytest.mark.parametrize("name, fmt, perturb", CASES, ids=[case[0] for case in CASES])
def test_debug_same_output_as_discodop(tmp_path: Path, name: str, fmt: list[str], perturb,
                                       options: list[str]) -> None:
    gold = require("disco", name)
    (tmp_path / "proper.prm").write_bytes((gold.parent / "proper.prm").read_bytes())
    parses = tmp_path / ("parses" + gold.suffix)
    parses.write_text(perturb(gold.read_text(encoding="utf-8")), encoding="utf-8")
    for candidate in (gold, parses):
        _same(tmp_path, [str(gold), str(candidate), *options, *fmt])
