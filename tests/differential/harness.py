"""The differential harness: run a reference program and treeeval on the same case.

Every differential test draws its case from a seeded generator, runs the reference program
(through :mod:`oracles`, the one way tests reach the runner ``../shared/oracles/oracle``) and
treeeval (in process, through the console
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
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from cli_runner import Run, run_treeeval  # noqa: E402,F401  (re-exported for the tests)
from oracles import SHARED, require_oracle, run_oracle  # noqa: E402,F401  (re-exported)

DATA = SHARED / "data"

#: the seed CI uses
DEFAULT_SEED = 20261124

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
    chosen = seed if seed is not None else os.environ.get("TREEEVAL_DIFF_SEED", DEFAULT_SEED)
    return random.Random(f"{oracle}:{index}:{chosen}")


def require_data(*parts: str) -> Path:
    """A path under ../shared/data, or skip the test saying it is absent."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (differential tests need ../shared)")
    return path


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
