"""EVALB's crossing brackets, vectorised: a sparse table of minima over span boundaries.

>>> _sparse_minimum(np.array([3, 1, 2, 0], dtype=np.int16), 2).tolist()
[[3, 1, 2, 0], [1, 1, 0, 0]]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ...arrays import BoolArray, IntArray
from ..limits import MAX_WORDS
from .sides import Side, bounds

#: floor(log2(k)) for the widths of sparse-table queries (k < MAX_WORDS)
_FLOOR_LOG2 = np.array([0] + [k.bit_length() - 1 for k in range(1, MAX_WORDS + 1)], dtype=np.int64)



def crossing_per_line(gold: Side, gb: IntArray, gold_line: IntArray, test: Side, tb: IntArray,
                      test_line: IntArray, scored: BoolArray) -> IntArray:
    """Per line, the test brackets ``tb`` that cross at least one gold bracket ``gb``."""
    crosses = crossing_mask(gold, gb, gold_line, test, tb, test_line, scored)
    return np.bincount(test_line.compress(crosses), minlength=gold.n_lines)


def crossing_mask(gold: Side, gb: IntArray, gold_line: IntArray, test: Side, tb: IntArray,
                  test_line: IntArray, scored: BoolArray) -> BoolArray:
    """For each test bracket ``tb``: does it cross at least one gold bracket ``gb``?

    With h(x) = number of gold brackets [a, b) with a < x < b (boundary x strictly
    inside), test bracket [c, d) crosses one iff min h over c < x < d is smaller than
    h(c) or h(d): gold brackets nest, so the innermost around c or d ends or starts
    between them.  The minimum comes from a sparse table over the boundaries of all
    scored lines.
    """
    base = bounds(np.where(scored, gold.n_kept + 1, 0))
    size = int(base[-1]) + 1
    gold_base = base.take(gold_line)
    steps = np.bincount(gold_base + gold.br_start.take(gb) + 1, minlength=size)
    steps -= np.bincount(gold_base + gold.br_end.take(gb), minlength=size)
    inside = steps[:size].cumsum().astype(np.int16)
    line_base = base.take(test_line)
    c = line_base + test.br_start.take(tb)
    d = line_base + test.br_end.take(tb)
    wide = (d - c >= 2).nonzero()[0]
    c, d = c[wide], d[wide]
    table = _sparse_minimum(inside, int((d - c).max()) - 1 if len(d) else 1)
    level = _FLOOR_LOG2[d - c - 1]
    row = level * table.shape[1]
    table = table.ravel()
    lowest = np.minimum(table.take(row + c + 1), table.take(row + d - (1 << level)))
    crosses = np.zeros(len(tb), dtype=bool)
    crosses[wide] = lowest < np.maximum(inside.take(c), inside.take(d))
    return crosses


def crossing_any(gold_start: IntArray, gold_end: IntArray, test_start: IntArray,
                 test_end: IntArray) -> BoolArray:
    """For each test bracket [c, d): does a gold bracket [a, b) cross it, a < c < b < d or
    c < a < d < b?  Brackets need not nest (an unbalanced line's may not) and may be
    of any number: the exact engine's crossing count, in O(n log n).

    With f(x) = the least end b of the gold brackets with a < x < b, and g(x) = the
    greatest start a of those, [c, d) crosses one iff f(c) < d or g(d) > c.

    >>> crossing_any(np.array([0, 2]), np.array([3, 5]), np.array([1, 0, 3]),
    ...              np.array([4, 5, 6])).tolist()
    [True, False, True]
    """
    shift = -min(int(gold_start.min(initial=0)), int(gold_end.min(initial=0)),
                 int(test_start.min(initial=0)), int(test_end.min(initial=0)))
    a, b = gold_start + shift, gold_end + shift
    c, d = test_start + shift, test_end + shift
    size = 1 + max(int(a.max(initial=0)), int(b.max(initial=0)), int(c.max(initial=0)),
                   int(d.max(initial=0)))
    covers = b - a >= 2
    a, b = a[covers], b[covers]
    least_end = _covering_minimum(a + 1, b - 1, b, size)
    greatest_start = -_covering_minimum(a + 1, b - 1, -a, size)
    return (least_end.take(c) < d) | (greatest_start.take(d) > c)


def _covering_minimum(first: IntArray, last: IntArray, values: IntArray,
                      size: int) -> IntArray:
    """At each point 0..size-1, the minimum of the ``values`` whose ranges [first, last]
    cover it (a large number where none does): a sparse table filled top-down.

    >>> _covering_minimum(np.array([0, 2]), np.array([2, 3]), np.array([5, 1]), 5).tolist()[:4]
    [5, 5, 1, 1]
    """
    empty = np.iinfo(np.int64).max
    width = last - first + 1
    level = np.zeros(len(width), dtype=np.int64)
    while True:
        wider = (width >> (level + 1)) > 0
        if not wider.any():
            break
        level += wider
    levels = int(level.max(initial=0)) + 1
    table: IntArray = np.full(levels * size, empty, dtype=np.int64)
    row = level * size
    np.minimum.at(table, row + first, values)
    np.minimum.at(table, row + last + 1 - (np.int64(1) << level), values)
    table = table.reshape(levels, size)
    for k in range(levels - 1, 0, -1):
        half = 1 << (k - 1)
        np.minimum(table[k - 1], table[k], out=table[k - 1])
        np.minimum(table[k - 1][half:], table[k][:-half], out=table[k - 1][half:])
    return table[0]


def _sparse_minimum(values: NDArray[np.int16], longest: int) -> NDArray[np.int16]:
    """Rows k: the minimum of values[i : i + 2**k] at column i (up to 2**k <= longest)."""
    rows = [values]
    width = 1
    while 2 * width <= longest:
        previous = rows[-1]
        rows.append(np.minimum(previous, np.concatenate([previous[width:], previous[-width:]])))
        width *= 2
    return np.stack(rows)
