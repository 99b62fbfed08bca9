"""The discipline of the reference programs (docs/testing.md, "The reference programs"):

* no Python file of the repository but ``tests/oracles.py`` names a path under
  ../shared/oracles (a string that is ``oracles`` or holds ``oracles/``, outside docstrings):
  every test and benchmark reaches a program through that module's runner calls;
* the repository holds no reference program: none of their files is tracked.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HELPER = ROOT / "tests" / "oracles.py"
#: the main files of the reference programs (../shared/oracles/README.md)
PROGRAM_FILES = {"evalb.c", "evalb", "evalb-O0", "evalb-spmrl", "conll18_ud_eval.py",
                 "conll18_tira_eval.py", "conll17_ud_eval.py", "MaltEval.jar", "eval.pl",
                 "eval07.pl", "classify_english.py", "discodop-eval", "iwpt20_xud_eval.py"}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (module, class, function)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def oracle_paths(source: str) -> list[tuple[int, str]]:
    """The string constants of ``source`` that name a path under ../shared/oracles.

    >>> oracle_paths('ORACLE = SHARED / "oracles" / "oracle"')
    [(1, 'oracles')]
    >>> oracle_paths("'''Runs ../shared/oracles/oracle NAME.'''\\nx = run_oracle('evalb', [])")
    []
    """
    tree = ast.parse(source)
    skip = docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip and (node.value == "oracles" or "oracles/" in node.value)]


def python_files() -> list[Path]:
    return sorted(path for folder in ("tests", "treeeval") for path in (ROOT / folder).rglob("*.py")
                  if ".venv" not in path.parts)


def test_only_the_helper_reaches_the_oracles_folder() -> None:
    offenders = [f"{path.relative_to(ROOT)}:{line}: {value!r}" for path in python_files()
                 if path != HELPER and path != Path(__file__).resolve()
                 for line, value in oracle_paths(path.read_text(encoding="utf-8"))]
    assert offenders == [], "reach the reference programs through tests/oracles.py"
    assert oracle_paths(HELPER.read_text(encoding="utf-8")), "the helper names the runner"


def test_no_reference_program_is_tracked() -> None:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    tracked = {Path(name).name for name in listed.stdout.splitlines()}
    assert tracked & PROGRAM_FILES == set()
