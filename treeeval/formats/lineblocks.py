r"""Reading files in blocks of whole lines, as C's ``fgets`` sees lines.

A line ends at a newline; a last line without one still counts.  Blocks keep memory flat
however long the files are, and a block of the second file can be cut after exactly as
many lines as the first one's.

>>> import io
>>> reader = LineReader(io.BytesIO(b"(A a)\n(B b)\n(C c)"), "<test>")
>>> reader.read_lines(2)
(b'(A a)\n(B b)\n', 2)
>>> reader.read_lines(5)
(b'(C c)', 1)
"""

from __future__ import annotations

import os
from typing import BinaryIO

import numpy as np

from ..errors import InputError

#: bytes read at a time (a gold block is about this size; the test block has as many lines)
BLOCK_BYTES = 1 << 21


class LineReader:
    """Reads a binary file in blocks of whole lines (``fgets`` lines: a last line without
    a newline still counts)."""

    def __init__(self, handle: BinaryIO, path: str) -> None:
        self.handle = handle
        self.path = path
        self.pending = b""

    @classmethod
    def open(cls, path: str | os.PathLike[str], what: str) -> LineReader:
        """Open a file, or raise InputError saying which one could not be opened."""
        try:
            return cls(open(path, "rb"), os.fspath(path))
        except OSError as exc:
            raise InputError(f"cannot open {what} file: {exc.strerror}", path=os.fspath(path)) from None

    def close(self) -> None:
        self.handle.close()

    def _read(self) -> bytes:
        try:
            return self.handle.read(BLOCK_BYTES)
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror}", path=self.path) from None

    def read_block(self) -> tuple[bytes, int]:
        """About BLOCK_BYTES of whole lines, and how many lines that is (0 at the end)."""
        parts = [self.pending]
        while b"\n" not in parts[-1]:
            data = self._read()
            if not data:
                break
            parts.append(data)
        data = b"".join(parts)
        cut = data.rfind(b"\n") + 1 or len(data)
        block, self.pending = data[:cut], data[cut:]
        return block, count_lines(block)

    def read_lines(self, wanted: int) -> tuple[bytes, int]:
        """Exactly ``wanted`` lines, or fewer at the end of the file."""
        parts, found = [self.pending], self.pending.count(b"\n")
        while found < wanted:
            data = self._read()
            if not data:
                break
            parts.append(data)
            found += data.count(b"\n")
        data = b"".join(parts)
        if found > wanted:
            cut = int(line_ends(data)[wanted - 1]) + 1 if wanted else 0
        else:
            cut = len(data) if found < wanted else data.rfind(b"\n") + 1
        block, self.pending = data[:cut], data[cut:]
        return block, count_lines(block)


def count_lines(block: bytes) -> int:
    """Lines in a block, counting a last line that has no newline.

    >>> count_lines(b""), count_lines(b"a\\n"), count_lines(b"a\\nb")
    (0, 1, 2)
    """
    if not block:
        return 0
    return block.count(b"\n") + (0 if block.endswith(b"\n") else 1)


def line_ends(block: bytes) -> np.ndarray:
    """Offsets of the newlines of a block."""
    return np.flatnonzero(np.frombuffer(block, dtype=np.uint8) == 10)


def pick_lines(block: bytes, indices: list[int]) -> list[bytes]:
    """Lines ``indices`` (0-based) of a block, without splitting the rest of it."""
    ends = np.append(line_ends(block), len(block))
    starts = np.concatenate(([0], ends[:-1] + 1))
    return [block[starts[i]:ends[i]] for i in indices]


def split_lines(block: bytes) -> list[bytes]:
    lines = block.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines
