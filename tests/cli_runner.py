"""Run the ``treeeval`` command in process, as the console script would, and capture what it
did: the one way every test (unit, fuzz, differential, docs) calls the command line.

>>> import tempfile
>>> ran = run_treeeval(["--version"], tempfile.gettempdir())
>>> ran.status, ran.stdout.startswith(b"treeeval ")
(0, True)
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Run:
    """What one program did: its stdout, stderr and exit status."""

    stdout: bytes
    stderr: bytes
    status: int


@contextlib.contextmanager
def working_directory(path: Path | str) -> Iterator[None]:
    """Run the body in folder ``path``, then return to the folder before."""
    previous = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(previous)


def run_treeeval(args: Sequence[str], cwd: Path | str, stdin: bytes | None = None) -> Run:
    """Run ``treeeval ARGS`` in process (the console script's ``main``) in ``cwd``, with
    ``stdin``, when given, as standard input (read by an input given as ``-``)."""
    from treeeval.cli import main

    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr = stdout, stderr
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with working_directory(cwd):
            status = main(list(args))
    except SystemExit as exc:  # a usage path that exits instead of returning
        status = exc.code if isinstance(exc.code, int) else 1
    finally:
        stdout.flush()
        stderr.flush()
        sys.stdout, sys.stderr, sys.stdin = saved
    return Run(out.getvalue(), err.getvalue(), status)
