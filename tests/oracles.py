"""The one way tests and benchmarks reach a reference program: the runner
``../shared/oracles/oracle NAME ARGS...`` (and ``oracle --where NAME``).

The programs themselves (C EVALB, the CoNLL UD scorers, MaltEval, eval.pl, Kummerfeld et al.'s
classifier ...) are other people's code: no repository holds them.  Each machine fills
``$TREEEVAL_ORACLES`` (default ``~/.cache/treeeval-oracles``) from their public sources, as
../shared/oracles/README.md says; CI's folder is empty.  When a program (or java, perl) is
missing the runner prints one line, ``oracle: WHAT is not installed (see ...)``, and exits
127: :func:`run_oracle`, :func:`oracle_file` and :func:`require_oracle` then skip the test with
that line as the reason, so no test file decides this for itself.  Outside pytest (the
benchmark scripts) :func:`call_oracle` raises :class:`OracleMissing` with the same line.

Nothing here reads a file under ../shared/oracles but the runner: a test that needs a
program's own file (a scorer to import, a script to re-run with one loop ordered) asks
:func:`oracle_file` for its path.

>>> missing = subprocess.CompletedProcess([], 127, b"", b"oracle: java is not installed (see x)\\n")
>>> _missing_line(missing)
'oracle: java is not installed (see x)'
>>> _missing_line(subprocess.CompletedProcess([], 1, b"", b"Error: no such file\\n")) is None
True
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from cli_runner import Run

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
#: the runner: the only file under ../shared/oracles a test touches
RUNNER = SHARED / "oracles" / "oracle"
#: what the runner's exit status 127 means
MISSING = 127


class OracleMissing(Exception):
    """A reference program is not installed on this machine; the message is the runner's
    line (or says that the runner itself, ../shared, is absent)."""


def _missing_line(completed: subprocess.CompletedProcess[bytes]) -> str | None:
    """The runner's "not installed" line, when ``completed`` is the runner saying so."""
    if completed.returncode != MISSING:
        return None
    lines = completed.stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[-1] if lines else f"oracle exited {MISSING} (a program is not installed)"


def _runner() -> Path:
    if not RUNNER.exists():
        raise OracleMissing(f"the oracle runner is not at {RUNNER} (../shared is absent)")
    return RUNNER


def oracle_command(name: str, args: Sequence[str]) -> list[str]:
    """The command line that runs reference program ``name`` with ``args`` (for a benchmark
    that times it); :class:`OracleMissing` if the runner is absent."""
    return [str(_runner()), name, *args]


def call_oracle(name: str, args: Sequence[str], cwd: Path | str, timeout: float = 300,
                env: dict[str, str] | None = None) -> Run:
    """Run reference program ``name`` with ``args`` in ``cwd``: its stdout, stderr and exit
    status; :class:`OracleMissing` (the runner's line) when it is not installed."""
    completed = subprocess.run(oracle_command(name, args), cwd=cwd, capture_output=True,
                               timeout=timeout, env={**os.environ, **(env or {})})
    line = _missing_line(completed)
    if line is not None:
        raise OracleMissing(line)
    return Run(completed.stdout, completed.stderr, completed.returncode)


@functools.cache
def _where(name: str) -> Path | str:
    """The path of program ``name``'s main file, or the reason it is missing (cached: the
    answer does not change within a run)."""
    try:
        completed = subprocess.run(oracle_command("--where", [name]), capture_output=True,
                                   timeout=60)
    except OracleMissing as missing:
        return str(missing)
    line = _missing_line(completed)
    if line is not None:
        return line
    if completed.returncode != 0:
        raise RuntimeError(f"oracle --where {name} failed: {completed.stderr!r}")
    return Path(completed.stdout.decode().strip())


def _skipping(call: Callable[[], Run]) -> Run:
    try:
        return call()
    except OracleMissing as missing:
        pytest.skip(str(missing))


def require_oracle(name: str) -> None:
    """Skip the test, with the runner's line, unless reference program ``name`` is installed
    (call it before building a case that only the program can check)."""
    oracle_file(name)


def oracle_file(name: str) -> Path:
    """The path of reference program ``name``'s main file (``oracle --where NAME``), to read
    or import it; skips the test, with the runner's line, when it is not installed."""
    where = _where(name)
    if isinstance(where, str):
        pytest.skip(where)
    return where


def run_oracle(name: str, args: Sequence[str], cwd: Path | str, timeout: float = 300,
               env: dict[str, str] | None = None) -> Run:
    """Run reference program ``name`` with ``args`` in ``cwd`` (a test's call); skips the
    test, with the runner's line, when the program is not installed."""
    return _skipping(lambda: call_oracle(name, args, cwd, timeout, env))


def udeval_command() -> str:
    """The ``udeval`` command of this Python's environment: the UD team's current scorer is
    no oracle of the runner but a registry package (``udtools``, a test dependency); skips
    the test when it is not installed."""
    found = shutil.which("udeval", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                         os.environ.get("PATH", "")]))
    if found is None:
        pytest.skip("udeval is not installed (pip install udtools; a test dependency)")
    return found


def run_patched_perl(name: str, patch: Callable[[str], str], args: Sequence[str],
                     folder: Path) -> Run:
    """Run a copy of Perl reference program ``name`` (``evalpl``, ``eval07``) changed by
    ``patch``, written into ``folder`` and run there as the runner runs the original
    (``PERL_HASH_SEED=0`` unless set): for a test that re-runs the program with one
    order-dependent loop made deterministic.  Skips the test when the program is missing."""
    original = oracle_file(name)
    copy = folder / f"patched-{original.name}"
    copy.write_text(patch(original.read_text(encoding="latin-1")), encoding="latin-1")
    completed = subprocess.run(["perl", copy.name, *args], cwd=folder, capture_output=True,
                               timeout=300, env={"PERL_HASH_SEED": "0", **os.environ})
    return Run(completed.stdout, completed.stderr, completed.returncode)
