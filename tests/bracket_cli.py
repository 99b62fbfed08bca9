"""The scaffolding of the tests that run ``treeeval bracket`` on a few files they write: the
files written into a folder made the working directory, and a run's exit status, report
lines and messages.

>>> status, lines, err = bracket_lines("/dev/null", "/dev/null")
>>> status, lines[8], err.split(":")[1]
(0, 'Number of sentence        =      0', ' warning')
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from treeeval.commands.bracket import run_bracket


def write_files(folder: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> Path:
    """Write ``files`` (name -> text) into ``folder`` and make it the working directory."""
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    return folder


def bracket_lines(*args: str) -> tuple[int, list[str], str]:
    """``treeeval bracket ARGS...`` in process: its exit status, report lines, messages."""
    out, err = io.BytesIO(), io.BytesIO()
    status = run_bracket(list(args), out, err)
    return status, out.getvalue().decode().splitlines(), err.getvalue().decode()
