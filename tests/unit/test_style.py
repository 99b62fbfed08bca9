"""The code's checked types and lint, as part of the suite: ``mypy`` (pyproject's
``[tool.mypy]``: the package, numpy's dtypes included) and ``ruff check`` (``[tool.ruff]``:
the package and the tests) must report nothing, so that a violation fails CI like a test.
Both are pinned in the ``test`` extra.  Besides, one meaning per class name: no two modules
define a top-level class of the same name.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    # a real process: mypy and ruff are programs, and mypy's cache lives beside the project
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_mypy_finds_nothing() -> None:
    checked = run_tool("mypy")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_ruff_finds_nothing() -> None:
    checked = run_tool("ruff", "check", "treeeval", "tests")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_type_ignore_says_why() -> None:
    """A ``type: ignore`` names its error code and a comment says why, on its line or the
    line above."""
    unexplained = []
    for path in sorted((ROOT / "treeeval").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            if "type: ignore" not in line:
                continue
            after = line.split("type: ignore", 1)[1]
            coded = after.startswith("[")
            reason = "#" in after or lines[number - 2].strip().startswith("#")
            if not (coded and reason):
                unexplained.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not unexplained, "type: ignore without a code and a reason:\n" + "\n".join(unexplained)


def test_one_meaning_per_class_name() -> None:
    """No two modules of the package define a top-level class of the same name, so that a
    name (``Treebank``, ``Columns``, ``RunResult``) means one thing wherever it is read."""
    homes: defaultdict[str, list[str]] = defaultdict(list)
    for path in sorted((ROOT / "treeeval").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                homes[node.name].append(str(path.relative_to(ROOT)))
    twice = {name: where for name, where in homes.items() if len(where) > 1}
    assert not twice, f"class names with two meanings: {twice}"
