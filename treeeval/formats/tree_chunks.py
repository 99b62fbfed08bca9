"""Blocks of complete lines cut into whole sentences: one a line, or ``.mrg`` trees over lines.

>>> chunk = next(mrg_chunks([b"(S (NP a)\\n   (VP b))\\n\\n(S c)\\n"]))
>>> [chunk.sentence(index) for index in range(len(chunk.ends))]
[(b'(S (NP a)\\n   (VP b))', 1), (b'', 3), (b'(S c)', 4)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from ..arrays import IntArray


@dataclass(frozen=True)
class Chunk:
    """Complete lines of the input (each ending in '\\n') cut into whole sentences.

    ``ends`` holds the offset of the '\\n' that ends each sentence; a sentence is one line,
    or in a ``.mrg`` file the lines from its first '(' until its brackets close.
    """

    data: bytes
    first_line: int
    newlines: IntArray
    ends: IntArray

    def line_of(self, offset: int) -> int:
        return self.first_line + int(np.searchsorted(self.newlines, offset))

    def sentence(self, index: int) -> tuple[bytes, int]:
        """The bytes of sentence ``index`` (without its last '\\n') and its first line."""
        start = 0 if index == 0 else int(self.ends[index - 1]) + 1
        return self.data[start : int(self.ends[index])], self.line_of(start)


def _newlines(data: bytes) -> IntArray:
    return np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == ord("\n"))


def line_chunks(blocks: Iterable[bytes]) -> Iterator[Chunk]:
    """One sentence per line."""
    first_line = 1
    for block in blocks:
        newlines = _newlines(block)
        yield Chunk(block, first_line, newlines, newlines)
        first_line += len(newlines)


def mrg_chunks(blocks: Iterable[bytes]) -> Iterator[Chunk]:
    """Sentences that end where the bracket depth comes back to zero at the end of a line.

    A tree still open at the end of a block is carried over to the next one, so memory
    grows with the longest tree, not with the file.  A tree still open at the end of the
    file becomes a last sentence, which the parsers reject as unclosed.
    """
    first_line, depth = 1, 0
    pending: list[bytes] = []
    for block in blocks:
        codes = np.frombuffer(block, dtype=np.uint8)
        steps = (codes == ord("(")).astype(np.int64) - (codes == ord(")"))
        levels = np.cumsum(steps) + depth
        depth = int(levels[-1])
        newlines = np.flatnonzero(codes == ord("\n"))
        ends = newlines[levels[newlines] <= 0]
        if len(ends) == 0:
            pending.append(block)
            continue
        cut = int(ends[-1]) + 1
        carried = sum(map(len, pending))
        data = b"".join([*pending, block[:cut]])
        chunk = Chunk(data, first_line, _newlines(data), ends + carried)
        yield chunk
        first_line += len(chunk.newlines)
        pending = [block[cut:]] if cut < len(block) else []
    if pending:
        data = b"".join(pending)
        newlines = _newlines(data)
        yield Chunk(data, first_line, newlines, newlines[-1:])
