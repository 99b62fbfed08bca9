"""Reading small text files (tables, operations, tuples) with positioned errors.

>>> decode(b"ok\\nbad \\xff here\\n", "x.txt")
Traceback (most recent call last):
...
treeeval.errors.InputError: x.txt:2:5: byte 0xff is not valid utf-8
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import InputError


def read_text(path: str | os.PathLike[str], what: str, encoding: str = "utf-8") -> str:
    """The whole file as text; InputError if it cannot be read or decoded (with position)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", path=os.fspath(path)) from None
    return decode(data, os.fspath(path), encoding)


def decode(data: bytes, path: str, encoding: str = "utf-8") -> str:
    """Decode, or raise InputError at the line and column of the first bad byte."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line_end = data.find(b"\n", exc.start)
        raise InputError(
            f"byte 0x{data[exc.start]:02x} is not valid {encoding}", path=path,
            line=data.count(b"\n", 0, exc.start) + 1, column=exc.start - line_start + 1,
            source_line=data[line_start:line_end if line_end >= 0 else len(data)].decode(encoding, "replace"),
        ) from None
