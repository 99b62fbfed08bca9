"""treeeval: parser evaluation with the exact numbers of the reference tools.

>>> import treeeval
>>> callable(treeeval.evaluate_brackets)
True
>>> [name for name in dir(treeeval) if name.startswith("evaluate_")]
['evaluate_brackets', 'evaluate_dependencies', 'evaluate_ud']
"""

from __future__ import annotations

from typing import Any

__all__ = ["evaluate_brackets", "evaluate_dependencies", "evaluate_ud", "read_trees",
           "convert", "classify_errors", "TreeevalError", "InputError"]

from .errors import InputError, TreeevalError
from .version import __version__


def __dir__() -> list[str]:
    """The public API (the lazily imported functions included) and the module's own names."""
    return sorted({*__all__, "__version__", "errors", "version"})


def __getattr__(name: str) -> Any:
    # imported on first use, so that `treeeval bracket` does not pay for nltk or lark
    if name == "evaluate_brackets":
        from .bracket.api import evaluate_brackets

        return evaluate_brackets
    if name == "evaluate_dependencies":
        from .dep.api import evaluate_dependencies

        return evaluate_dependencies
    if name == "evaluate_ud":
        from .ud.api import evaluate_ud

        return evaluate_ud
    if name == "read_trees":
        from .formats.brackets import read_trees

        return read_trees
    if name == "classify_errors":
        from .errorclasses.api import classify_errors

        return classify_errors
    if name == "convert":
        from .conversion import convert

        return convert
    raise AttributeError(f"module 'treeeval' has no attribute {name!r}")
