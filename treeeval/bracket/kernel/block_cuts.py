"""Both texts cut after the same lines, in blocks small enough to keep the arrays in cache.

>>> [(bytes(g), bytes(t)) for g, t in block_pairs(b"a\\nb\\n", b"x\\ny\\n")]
[(b'a\\nb\\n', b'x\\ny\\n')]
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

#: bytes of gold text scored together (small blocks keep the arrays in the cache)
BLOCK_BYTES = 1 << 19


def block_pairs(gold: bytes, test: bytes) -> Iterator[tuple[memoryview, memoryview]]:
    """Cut both texts after the same lines, about BLOCK_BYTES of gold a block."""
    gold_at = test_at = 0
    ratio = len(test) / max(len(gold), 1)
    gold_view, test_view = memoryview(gold), memoryview(test)
    while gold_at < len(gold):
        gold_end = gold.find(b"\n", gold_at + BLOCK_BYTES - 1) + 1 or len(gold)
        lines = _newlines(gold, gold_at, gold_end) + (gold[gold_end - 1] != ord("\n"))
        test_end = _end_of_lines(test, test_at, lines, int(ratio * (gold_end - gold_at)))
        yield gold_view[gold_at:gold_end], test_view[test_at:test_end]
        gold_at, test_at = gold_end, test_end
    if test_at < len(test):
        raise ValueError("the test text has more lines than the gold text")


def _newlines(data: bytes, start: int, stop: int) -> int:
    """Number of newlines in ``data[start:stop]`` (faster than bytes.count)."""
    block = np.frombuffer(data, np.uint8, stop - start, start)
    return int(np.count_nonzero(block == ord("\n")))


def _end_of_lines(data: bytes, start: int, lines: int, guess: int) -> int:
    """Offset just after ``lines`` lines of ``data`` from ``start``; the end is looked
    for around ``start + guess`` first."""
    margin = max(guess // 8, 1 << 12)
    low = min(len(data), max(start, start + guess - margin))
    while lines:
        before = _newlines(data, start, low)
        if before >= lines:
            low, margin = max(start, low - 2 * margin), 2 * margin
            continue
        high = min(len(data), low + 2 * margin)
        ends = (np.frombuffer(data, np.uint8, high - low, low) == ord("\n")).nonzero()[0]
        if before + len(ends) >= lines:
            return low + int(ends[lines - before - 1]) + 1
        if high == len(data):
            if before + len(ends) == lines - 1 and not data.endswith(b"\n"):
                return high
            raise ValueError("the test text has fewer lines than the gold text")
        low, margin = high, 2 * margin
    return start
