"""Reading small text files (tables, operations, tuples) with positioned errors.

>>> decode(b"ok\\nbad \\xff here\\n", "x.txt")
Traceback (most recent call last):
...
treeeval.errors.InputError: x.txt:2:5: byte 0xff is not valid utf-8
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, overload

from ..errors import InputError

if TYPE_CHECKING:
    from typing_extensions import TypeIs


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
        text = data[line_start:line_end if line_end >= 0 else len(data)]
        raise InputError(
            f"byte 0x{data[exc.start]:02x} is not valid {encoding}", path=path,
            line=data.count(b"\n", 0, exc.start) + 1, column=exc.start - line_start + 1,
            source_line=text.decode(encoding, "replace"),
        ) from None


def decode_error(path: str, encoding: str, exc: UnicodeDecodeError,
                 raw: Callable[[], bytes] | None = None) -> InputError:
    """The located error for ``exc``, met while a text stream of ``path`` was being read: the
    file (or ``raw()``, its bytes in memory) is decoded again to find the line and column of
    the bad byte (the text layer decodes ahead of the lines, so the reader's line number is
    not the byte's).  A stream that is neither a file on disk nor ``raw`` gets no line.

    >>> import tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.conll")
    >>> _ = Path(path).write_bytes(b"ok\\nok\\nb\\xffd\\n")
    >>> print(decode_error(path, "utf-8", UnicodeDecodeError("utf-8", b"", 0, 1, "?")))
    ... # doctest: +ELLIPSIS
    /.../x.conll:3:2: byte 0xff is not valid utf-8
    """
    try:
        decode(raw() if raw is not None else Path(path).read_bytes(), path, encoding)
    except InputError as found:
        return found
    except OSError:
        pass
    return InputError(f"cannot decode: {exc.reason}", path=path)


#: a path, or a file opened in text or binary mode
Source = str | os.PathLike[str] | IO[str] | IO[bytes]


@overload
def named_source(path: str, data: None = None) -> str: ...
@overload
def named_source(path: str, data: bytes) -> io.BytesIO: ...
@overload
def named_source(path: str, data: bytes | None = None) -> str | io.BytesIO: ...
def named_source(path: str, data: bytes | None = None) -> str | io.BytesIO:
    """What a reader that takes a path or an open file (``Source``) reads: ``path``, or,
    given ``data`` (its bytes, already read), a binary stream of them named ``path``, so
    that the file is not opened again and errors still name it.

    >>> source = named_source("gold.conll", b"1\\ta\\n")
    >>> source.name, source.read(), named_source("gold.conll")
    ('gold.conll', b'1\\ta\\n', 'gold.conll')
    """
    if data is None:
        return path
    stream = io.BytesIO(data)
    stream.name = path
    return stream


def open_lines(source: Source, encoding: str = "utf-8") -> tuple[IO[str], str, bool]:
    """A text stream of ``source``, the name to report errors under, and whether the stream
    was opened here (and must be closed by the caller).  Lines keep their line ends.

    >>> stream, name, opened = open_lines(io.BytesIO(b"a\\tb\\n"))
    >>> stream.readline(), name, opened
    ('a\\tb\\n', '<input>', False)
    """
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        try:
            return open(path, encoding=encoding, newline=""), path, True
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    name = getattr(source, "name", None)
    path = name if isinstance(name, str) else "<input>"
    if not _reads_text(source):
        source = io.TextIOWrapper(source, encoding=encoding, newline="")
    return source, path, False


def _reads_text(stream: IO[str] | IO[bytes]) -> TypeIs[IO[str]]:
    """Whether an open stream reads str: a text stream, or one that has an encoding."""
    return isinstance(stream, io.TextIOBase) or hasattr(stream, "encoding")


def lines_at(path: str | os.PathLike[str], numbers: Sequence[int]) -> list[str]:
    """The lines numbered ``numbers`` (from 1) of a file, without their line ending, each
    decoded as UTF-8 (as Latin-1 where it is not UTF-8); "" past the end of the file.  For
    showing a few lines of a scored file again (``--html``'s trees).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "trees.mrg"
    >>> _ = path.write_bytes(b"(S (A a))\\r\\n\\n(S (B caf\\xe9))")
    >>> lines_at(path, [3, 1, 2, 9])
    ['(S (B café))', '(S (A a))', '', '']
    """
    import numpy as np  # for --html alone: the readers that import this module do without

    data = Path(path).read_bytes()
    ends = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
    starts = np.concatenate(([0], ends + 1))
    ends = np.concatenate((ends, [len(data)]))
    return [_line_text(data[starts[number - 1]:ends[number - 1]])
            if 0 < number <= len(starts) else "" for number in numbers]


def _line_text(line: bytes) -> str:
    line = line.rstrip(b"\r")
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")
