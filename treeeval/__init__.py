"""treeeval: parser evaluation with the exact numbers of the reference tools.

One scale (docs/architecture.md, "One scale"): every rate of the API is in percent, 0 to
100, as the reports print it (``evaluate_brackets(...).all_totals.fmeasure()``,
``evaluate_ud(...).scores["LAS"].f1``, ``evaluate_dependencies(...).systems[0].scores``
and the rates of its ``tables``), and counts are whole numbers.

>>> import treeeval
>>> callable(treeeval.evaluate_brackets)
True
>>> [name for name in dir(treeeval) if name.startswith("evaluate_")]
['evaluate_brackets', 'evaluate_dependencies', 'evaluate_lin', 'evaluate_ud']
"""

from __future__ import annotations

__all__ = ["evaluate_brackets", "evaluate_dependencies", "evaluate_lin", "evaluate_ud", "read_trees",
           "convert", "classify_errors", "TreeevalError", "InputError"]

from .errors import InputError, TreeevalError
from .lazy import lazy_members
from .version import __version__ as __version__


def __dir__() -> list[str]:
    """The public API (the lazily imported functions included) and the module's own names."""
    return sorted({*__all__, "__version__", "errors", "version"})


# imported on first use, so that `treeeval bracket` does not pay for nltk or lark
__getattr__ = lazy_members(__name__, {
    "evaluate_brackets": ".bracket.api", "evaluate_dependencies": ".dep.api",
    "evaluate_lin": ".lin.api", "evaluate_ud": ".ud.api", "read_trees": ".formats.brackets",
    "classify_errors": ".errorclasses.api", "convert": ".conversion"})[0]
