"""A file's lines by number: the bytes read once, the line offsets found once.

Every corpus of the browser keeps one ``LineIndex`` per file: the raw lines of the detail
pane, the sentence texts and (for bracket files) the scorer's input all come from it, so a
file is read from disk exactly once.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "f")
>>> _ = open(path, "wb").write(b"one\\ntwo\\r\\nthree")
>>> lines = LineIndex(path)
>>> len(lines), lines.line(2), lines.line(3), lines.head(2)
(3, b'two\\r', b'three', b'one\\ntwo\\r\\n')
"""

from __future__ import annotations

import numpy as np
from rich.text import Text

from ..columnar.blocks import line_ends


class LineIndex:
    """A file's bytes and the offsets of its lines (a last line without newline counts)."""

    def __init__(self, path: str, data: bytes | None = None) -> None:
        self.path = path
        if data is None:
            with open(path, "rb") as handle:
                data = handle.read()
        self.data = data
        ends = line_ends(data)
        if data and (not len(ends) or ends[-1] != len(data) - 1):
            ends = np.append(ends, len(data))
        self.ends = ends.astype(np.int64)
        self.starts = np.concatenate(([0], self.ends[:-1] + 1)).astype(np.int64)

    def __len__(self) -> int:
        return len(self.ends)

    def line(self, number: int) -> bytes:
        """Line ``number`` (1-based) without its newline; b"" past the end."""
        if not 1 <= number <= len(self.ends):
            return b""
        return self.data[int(self.starts[number - 1]):int(self.ends[number - 1])]

    def head(self, count: int) -> bytes:
        """The first ``count`` lines with their newlines (all of them past the end)."""
        if count >= len(self.ends):
            return self.data
        return self.data[:int(self.starts[count])] if count > 0 else b""

    def numbered(self, first: int, stop: int) -> list[Text]:
        """The non-blank lines ``first`` to ``stop - 1``, each after the file name and line
        number (tabs shown as two spaces)."""
        out = []
        for number in range(first, stop):
            line = self.line(number)
            if not line.strip():
                continue
            text = Text(f"{self.path}:{number}: ", style="dim")
            text.append(line.decode("utf-8", "replace").replace("\t", "  "))
            out.append(text)
        return out
