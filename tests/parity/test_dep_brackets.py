"""Constituency against dependency parsers on one gold standard (WSJ section 22).

``treeeval dep`` reads bracketed files by converting them with the head table, so scoring
the Berkeley parser's trees directly must give exactly the scores of scoring the same trees
after ``treeeval convert``; and a run with both as systems must find them identical.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.commands.dep import run_dep

WSJ22 = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "evalb" / "wsj22"
GOLD = WSJ22 / "wsj22.auto.clean.gld"
SYSTEM = WSJ22 / "wsj22.berkeley_MLE.top.tst"


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if not GOLD.exists():
        pytest.skip(f"shared reference data not found at {GOLD} (parity tests need ../shared)")
    folder = tmp_path_factory.mktemp("wsj22")
    paths = []
    for source in (GOLD, SYSTEM):
        target = folder / (source.stem + ".conllx")
        done = run_treeeval(["convert", "--heads", "collins", str(source), "-o", str(target)],
                            folder)
        assert done.status == 0, done.stderr.decode()
        paths.append(target)
    return paths[0], paths[1]


def tables(args: list[str]) -> str:
    """The output of ``treeeval dep`` from the first table on (the header names the files)."""
    out = io.BytesIO()
    assert run_dep(args, out, io.BytesIO()) == 0
    text = out.getvalue().decode()
    return text[text.index("\n\n", text.index("Metric")):]


# Deprel with a format: under LA MaltEval's default Deprel columns are not defined (it aborts)
@pytest.mark.parametrize("grouping", ["Token", "Deprel:all", "Cpostag", "ArcDirection"])
def test_brackets_score_as_their_conversion(converted: tuple[Path, Path], grouping: str) -> None:
    gold, system = converted
    flags = ["--Metric", "LAS;UAS;LA", "--GroupBy", grouping]
    direct = tables(["-g", str(GOLD), "-s", str(SYSTEM), *flags])
    assert direct == tables(["-g", str(gold), "-s", str(system), *flags])
    # and mixed: bracketed gold, converted system
    assert direct == tables(["-g", str(GOLD), "-s", str(system), *flags])


def test_constituency_against_dependency_in_one_run(converted: tuple[Path, Path]) -> None:
    _, system = converted
    out = io.BytesIO()
    assert run_dep(["-g", str(GOLD), "-s", str(SYSTEM), str(system), "--json", "--stat", "ar",
                    "--resamples", "1000"], out, io.BytesIO()) == 0
    result = json.loads(out.getvalue())
    # the parsed files in the order given
    first, second = sorted(result["systems"], key=lambda system: system["format"])
    assert first["format"] == "brackets" and second["format"] == "conll"
    assert first["tokens"] == second["tokens"] == result["tokens"]
    for metric in ("LAS", "UAS", "LA"):
        assert first[metric] == second[metric]
    assert first["lin_errors"] == second["lin_errors"] == first["tokens"] - first["UAS"]["correct"]
    for test in result["significance"]:
        assert test["difference"] == 0 and test["p_value"] == 1
