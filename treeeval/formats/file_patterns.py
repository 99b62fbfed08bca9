"""The files a treebank argument names, as discodop's corpus readers take them: every
GOLD and PARSES is a glob pattern (several files are read one after the other), the files
sorted by folder and then by the parts of their names, numbers as numbers (``2.xml``
before ``10.xml``); ``-`` is standard input.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> for name in ("10.dbr", "2.dbr", "2-b.dbr"):
...     _ = (folder / name).write_text("")
>>> [pathlib.Path(name).name for name in corpus_files(str(folder / "*.dbr"))]
['2.dbr', '2-b.dbr', '10.dbr']
"""

from __future__ import annotations

import glob
import os
import re

from ..errors import InputError

_NAME_PARTS = re.compile(r"[-.,_ ]")


def name_order(path: str) -> list[object]:
    """discodop's sort key of a file name: its folder, then the parts of its name.

    >>> sorted(["a/10.xml", "a/2.xml", "a/2-b.xml"], key=name_order)
    ['a/2.xml', 'a/2-b.xml', 'a/10.xml']
    """
    folder, base = os.path.split(path)
    parts = _NAME_PARTS.split(os.path.splitext(base)[0])
    return [folder] + [int(part) if part.isdigit() and part.isascii() else part
                       for part in parts]


def corpus_files(pattern: str) -> list[str]:
    """The files of a glob pattern in discodop's order; a name that exists is itself
    (though glob would read ``[`` in it as a pattern), ``-`` standard input."""
    if pattern == "-" or (os.path.exists(pattern) and not glob.has_magic(pattern)):
        return [pattern]
    names = glob.glob(pattern)
    if not names:
        if os.path.exists(pattern):
            return [pattern]
        raise InputError("no files match this pattern", path=pattern)
    try:
        return sorted(names, key=name_order)
    except TypeError:  # a number and a word at the same place: discodop's fallback
        return sorted(names)
