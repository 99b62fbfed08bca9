"""EVALB parity on real parser output: WSJ 22 (Berkeley parser), the ppaml 100, and WSJ 23."""

from __future__ import annotations

import io

import pytest

from shared_data import require
from treeeval.bracket.cli import run_bracket

ENGINES = pytest.mark.parametrize("engine", [[], ["--reference-engine"]], ids=["fast", "reference"])


def run(args: list[str]) -> tuple[bytes, bytes, int]:
    out, err = io.BytesIO(), io.BytesIO()
    status = run_bracket(args, out, err)
    return out.getvalue(), err.getvalue(), status


@ENGINES
@pytest.mark.parametrize("variant", ["raw", "top"])
@pytest.mark.parametrize("prm", ["COLLINS", "new"])
def test_wsj22_identical(variant: str, prm: str, engine: list[str]) -> None:
    folder = require("evalb", "wsj22")
    out, err, status = run(["-p", f"{prm}.prm", str(folder / "wsj22.auto.clean.gld"),
                            str(folder / f"wsj22.berkeley_MLE.{variant}.tst"), *engine])
    assert status == 0
    assert out == (folder / f"wsj22.berkeley_MLE.{variant}.{prm}.rsl").read_bytes()
    # the stored .err files end with the shell's timing line, which is not EVALB's output
    expected_err = (folder / f"wsj22.berkeley_MLE.{variant}.{prm}.err").read_bytes()
    assert err == b"".join(line for line in expected_err.splitlines(keepends=True)
                           if b" : " in line)


@ENGINES
@pytest.mark.parametrize("prm", ["COLLINS", "new"])
def test_ppaml100_identical(prm: str, engine: list[str]) -> None:
    folder = require("evalb", "ppaml100")
    out, err, status = run(["-p", f"{prm}.prm", str(folder / "ppaml_wsj22first100.gld"),
                            str(folder / "ppaml_wsj22first100.berkeley_MLE.tst"), *engine])
    assert (out, err, status) == ((folder / f"ppaml_wsj22first100.{prm}.rsl").read_bytes(),
                                  (folder / f"ppaml_wsj22first100.{prm}.err").read_bytes(), 0)


@pytest.mark.parametrize("variant", ["raw", "top", "perturbed"])
@pytest.mark.parametrize("prm", ["COLLINS", "nk"])
def test_wsj23_engines_agree_and_are_sane(variant: str, prm: str) -> None:
    """No reference output exists for WSJ 23: both engines must agree byte for byte, and the
    damaged file must be killed by MAX_ERROR under COLLINS.prm as EVALB would be."""
    folder = require("evalb", "wsj23")
    args = ["-p", f"{prm}.prm", str(folder / "wsj23.auto.clean.gld"),
            str(folder / f"wsj23.berkeley_MLE.{variant}.tst")]
    fast = run(args)
    assert fast == run([*args, "--reference-engine"])
    out, err, status = fast
    if variant == "perturbed" and prm == "COLLINS":
        assert status == 1 and b"=== Summary ===" not in out
        assert len(err.splitlines()) == 12 and err.startswith(b"137 : Length unmatch")
    else:
        assert status == 0
        assert b"Number of sentence        =   2416" in out
        assert b"-nan" not in out
