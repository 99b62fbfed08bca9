"""The differential harness: run a reference program and treeeval on the same case.

Every differential test draws its case from a seeded generator, runs the reference program
(``../shared/oracles/oracle NAME ARGS...``) and treeeval (in process, through the console
entry point) on the same files from the same folder, and compares stdout and the exit status.
The seed and the number of cases come from the environment, so that CI runs a small fixed
set and a long run is one command (docs/testing.md):

* ``TREEEVAL_DIFF_SEED``: an integer, or ``random`` for a fresh one (printed in the summary);
  default :data:`DEFAULT_SEED`.
* ``TREEEVAL_DIFF_CASES``: the number of cases per oracle; default: each test's own CI count.

>>> case_random("evalb", 3, seed=7).random() == case_random("evalb", 3, seed=7).random()
True
"""

from __future__ import annotations

import difflib
import os
import random
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Sequence

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from cli_runner import Run, run_treeeval  # noqa: E402,F401  (run_treeeval: re-exported)

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
ORACLES = SHARED / "oracles"
ORACLE = ORACLES / "oracle"
DATA = SHARED / "data"

#: the seed CI uses
DEFAULT_SEED = 20261124

#: the program each oracle needs on PATH (the oracle script exits 127 without it)
NEEDS = {"evalb": "gcc", "evalb-O0": "gcc", "malteval": "java", "evalpl": "perl", "eval07": "perl",
         "conll18": "python3", "conll17": "python3", "conll18-tira": "python3", "analyser": "python3"}


def seed() -> int:
    """The seed of this run: ``TREEEVAL_DIFF_SEED``, or :data:`DEFAULT_SEED`.

    ``random`` is resolved once per run by the conftest, which writes the number back into the
    environment so that every worker process draws the same cases.
    """
    return int(os.environ.get("TREEEVAL_DIFF_SEED", DEFAULT_SEED))


def case_count(ci_default: int) -> int:
    """How many cases a test generates: ``TREEEVAL_DIFF_CASES`` or the test's CI default."""
    value = os.environ.get("TREEEVAL_DIFF_CASES")
    return int(value) if value else ci_default


def case_ids(ci_default: int) -> list[int]:
    """The case numbers to parametrize a differential test with."""
    return list(range(case_count(ci_default)))


def case_random(oracle: str, index: int, seed: int | None = None) -> random.Random:
    """The generator of case ``index`` for ``oracle``: the same case for the same seed."""
    return random.Random(f"{oracle}:{index}:{seed if seed is not None else os.environ.get('TREEEVAL_DIFF_SEED', DEFAULT_SEED)}")


def require_oracle(name: str) -> None:
    """Skip the test, saying why, when the oracle or the program it needs is missing."""
    if not ORACLE.exists():
        pytest.skip(f"reference programs not found at {ORACLES} (differential tests need ../shared/oracles)")
    tool = NEEDS.get(name)
    if tool and shutil.which(tool) is None:
        pytest.skip(f"oracle {name} needs {tool}, which is not installed")


def require_data(*parts: str) -> Path:
    """A path under ../shared/data, or skip the test saying it is absent."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (differential tests need ../shared)")
    return path


def run_oracle(name: str, args: Sequence[str], cwd: Path | str, timeout: float = 300,
               env: dict[str, str] | None = None) -> Run:
    """Run the reference program ``name`` with ``args`` in ``cwd``."""
    require_oracle(name)
    completed = subprocess.run([str(ORACLE), name, *args], cwd=cwd, capture_output=True,
                               timeout=timeout, env={**os.environ, **(env or {})})
    if completed.returncode == 127 and b"is not installed" in completed.stderr:
        pytest.skip(completed.stderr.decode(errors="replace").strip())
    return Run(completed.stdout, completed.stderr, completed.returncode)


def diff(expected: bytes, actual: bytes, limit: int = 60) -> str:
    """A unified diff of two outputs (reference first), at most ``limit`` lines."""
    lines = list(difflib.unified_diff(
        expected.decode("utf-8", "replace").splitlines(), actual.decode("utf-8", "replace").splitlines(),
        "reference", "treeeval", lineterm="", n=2))
    if len(lines) > limit:
        lines = lines[:limit] + [f"... ({len(lines) - limit} more diff lines)"]
    return "\n".join(lines)


def assert_same(reference: Run, ours: Run, case: str, command: Sequence[str], cwd: Path | str,
                compare_status: bool = True) -> None:
    """Fail with the diff and a command line that reproduces the case, unless stdout (and the
    exit status) agree."""
    if reference.stdout == ours.stdout and (not compare_status or reference.status == ours.status):
        return
    where = f"{case} in {cwd}: {shlex.join(command)}"
    message = [f"divergence: {where}"]
    if compare_status and reference.status != ours.status:
        message.append(f"exit status: reference {reference.status}, treeeval {ours.status}")
    if reference.stdout != ours.stdout:
        message.append(diff(reference.stdout, ours.stdout))
    if ours.stderr:
        message.append("treeeval stderr: " + ours.stderr.decode("utf-8", "replace")[:2000])
    if reference.stderr:
        message.append("reference stderr: " + reference.stderr.decode("utf-8", "replace")[:2000])
    pytest.fail("\n".join(message), pytrace=False)
