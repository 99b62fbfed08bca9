"""Packages whose public names are imported on first use (PEP 562), so that the command line
does not pay for what a run does not touch (numpy, nltk, lark).

>>> import sys, types
>>> package = types.ModuleType("demo")
>>> sys.modules["demo"] = package
>>> package.__getattr__, package.__dir__ = lazy_members("demo", {"dedent": "textwrap"})
>>> package.dedent("  a")
'a'
>>> "dedent" in package.__dir__()
True
>>> package.missing
Traceback (most recent call last):
...
AttributeError: module 'demo' has no attribute 'missing'
>>> del sys.modules["demo"]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_members(package: str, homes: Mapping[str, str]
                 ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name of ``homes`` is taken
    from its module (relative to ``package`` when it starts with a dot) when first asked
    for; ``__dir__`` lists the package's own names and these."""

    def __getattr__(name: str) -> Any:
        if name in homes:
            return getattr(import_module(homes[name], package), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *homes})

    return __getattr__, __dir__
