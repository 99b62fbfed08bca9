"""EVALB parity on real parser output: WSJ 22 (Berkeley parser), the ppaml 100, and WSJ 23.

On stderr treeeval adds, after EVALB's messages, its warning about root labels that cost a
bracket in every sentence (``ROOT`` against ``TOP``, the empty label against ``ROOT``) and
about a run MAX_ERROR stopped (docs/bad-input.md).
"""

from __future__ import annotations

import io

import pytest
from shared_data import require

from treeeval.commands.bracket import run_bracket

ENGINES = pytest.mark.parametrize("engine", [[], ["--reference-engine"]], ids=["fast", "reference"])


def root_warning(path: object, side: str, label: str, other: str, sentences: int) -> bytes:
    """treeeval's warning about a root label that costs a bracket in every sentence, at
    ``path``, the file of the costly ``side``."""
    across = "gold" if side == "test" else "test"
    return (f"treeeval: warning: {path}:1: the {side} root label {label} is not the "
            f"{across} root label {other}, and the parameters do not delete it: it costs a "
            f"bracket in {sentences} of the first {sentences} sentences (delete it with "
            f"DELETE_LABEL, or give the {side} trees the {across} root label)\n").encode()


def run(args: list[str]) -> tuple[bytes, bytes, int]:
    out, err = io.BytesIO(), io.BytesIO()
    status = run_bracket(args, out, err)
    return out.getvalue(), err.getvalue(), status


@ENGINES
@pytest.mark.parametrize("variant", ["raw", "top"])
@pytest.mark.parametrize("prm", ["COLLINS", "new"])
def test_wsj22_identical(variant: str, prm: str, engine: list[str]) -> None:
    folder = require("evalb", "wsj22")
    test = folder / f"wsj22.berkeley_MLE.{variant}.tst"
    out, err, status = run(["-p", f"{prm}.prm", str(folder / "wsj22.auto.clean.gld"),
                            str(test), *engine])
    assert status == 0
    assert out == (folder / f"wsj22.berkeley_MLE.{variant}.{prm}.rsl").read_bytes()
    # the stored .err files end with the shell's timing line, which is not EVALB's output
    expected_err = (folder / f"wsj22.berkeley_MLE.{variant}.{prm}.err").read_bytes()
    warning = root_warning(test, "test", "ROOT", "TOP", 1000) if variant == "raw" else b""
    assert err == b"".join(line for line in expected_err.splitlines(keepends=True)
                           if b" : " in line) + warning


def test_wsj22_files_in_the_wrong_order_blame_the_first() -> None:
    """``bracket -p COLLINS.prm berkeley_raw.tst wsj22.gld`` (the files swapped, issue 25): the
    first file, read as the gold, has the odd root label ROOT; the warning names it."""
    folder = require("evalb", "wsj22")
    raw = folder / "wsj22.berkeley_MLE.raw.tst"
    _, err, status = run(["-p", "COLLINS.prm", str(raw), str(folder / "wsj22.auto.clean.gld")])
    assert status == 0
    assert err.splitlines(keepends=True)[-1] == root_warning(raw, "gold", "ROOT", "TOP", 1000)


@ENGINES
@pytest.mark.parametrize("prm", ["COLLINS", "new"])
def test_ppaml100_identical(prm: str, engine: list[str]) -> None:
    folder = require("evalb", "ppaml100")
    test = folder / "ppaml_wsj22first100.berkeley_MLE.tst"
    out, err, status = run(["-p", f"{prm}.prm", str(folder / "ppaml_wsj22first100.gld"),
                            str(test), *engine])
    warning = root_warning(test, "test", "(empty)", "ROOT", 100)
    assert (out, err, status) == ((folder / f"ppaml_wsj22first100.{prm}.rsl").read_bytes(),
                                  (folder / f"ppaml_wsj22first100.{prm}.err").read_bytes()
                                  + warning, 0)


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
        *evalb, warning = err.splitlines()
        assert len(evalb) == 12 and err.startswith(b"137 : Length unmatch")
        assert warning.endswith(b"perturbed.tst:%s: stopped after 12 errors (MAX_ERROR 10); "
                                b"raise it with -e" % evalb[-1].split(b" ")[0])
    else:
        assert status == 0
        assert b"Number of sentence        =   2416" in out
        assert b"-nan" not in out
