"""The files shipped inside treeeval's packages (grammars, head tables, ``.prm`` files,
schemas), found from the package's own ``__file__``.

importlib.resources would give the same folders, but its readers import zipfile: 6 ms of a
200 ms ``dep`` run that only checks the default head table's name.  treeeval is never run
from a zip archive (its data files are read as paths).

>>> (bundled_dir("treeeval.headrules") / "collins.heads").is_file()
True
"""

from __future__ import annotations

import importlib
from pathlib import Path


def bundled_dir(package: str) -> Path:
    """The folder of ``package`` (imported if it is not yet)."""
    origin = importlib.import_module(package).__file__
    assert origin is not None, f"{package} is a namespace package"
    return Path(origin).parent
