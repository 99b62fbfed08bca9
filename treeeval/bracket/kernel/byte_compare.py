"""Labels and words compared and cut eight bytes at a time (uint64 reads of the scanned text).

>>> from treeeval.formats.scan import scan_lines
>>> s = scan_lines(b"(NP (NN dog) (NN dog))")
>>> same_bytes(s, np.array([8]), s, np.array([17]), np.array([3])).tolist()
[True]
"""

from __future__ import annotations

import numpy as np

from ...arrays import BoolArray, IntArray, WordArray
from ...columnar.words import MASKS
from ...formats.scan import ScannedLines
from .label_tables import U64

_LOW7 = U64(0x7F7F7F7F7F7F7F7F)
_ONES = U64(0x0101010101010101)
_HIGH = U64(0x8080808080808080)
_DASHES = U64(0x2D2D2D2D2D2D2D2D)
_EQUALS = U64(0x3D3D3D3D3D3D3D3D)
#: multiplying the lowest set byte bit (1 << 8j) by this puts j in the top byte
_BYTE_INDEX = U64(0x0001020304050607)


def _zero_bytes(x: WordArray) -> WordArray:
    """The high bit of every byte of ``x`` that is zero (exact, no carries)."""
    return ~(((x & _LOW7) + _LOW7) | x | _LOW7)


def cut_lengths(heads: WordArray, lengths: IntArray) -> IntArray:
    """Length of each label up to its first ``-`` or ``=`` (EVALB's modify_label).

    ``heads`` are the labels' first 8 bytes.  A label longer than 8 bytes with no
    ``-`` or ``=`` among them keeps its length here (``Side._label_keys`` cuts it).

    >>> from treeeval.formats.scan import scan_lines
    >>> s = scan_lines(b"(NP-SBJ-1 (-NONE- *))")
    >>> cut_lengths(s.u64_at(np.array([1, 11])), np.array([8, 6])).tolist()
    [2, 0]
    """
    head = heads & MASKS.take(np.minimum(lengths, 8))
    dashes, equals = head ^ _DASHES, head ^ _EQUALS
    # a cheap test that finds every label with a zero byte in dashes or equals ...
    some = ((dashes - _ONES) & ~dashes | (equals - _ONES) & ~equals) & _HIGH
    cut = lengths.copy()
    labels = some.nonzero()[0]
    # ... and the exact first one for those
    marks = _zero_bytes(dashes[labels]) | _zero_bytes(equals[labels])
    lowest = (marks & (~marks + U64(1))) >> U64(7)
    first = ((lowest * _BYTE_INDEX) >> U64(56)).astype(np.int64)
    cut[labels] = np.where(marks != 0, first, cut[labels])
    return cut


def same_bytes(a: ScannedLines, a_start: IntArray, b: ScannedLines, b_start: IntArray,
               length: IntArray) -> BoolArray:
    """Whether ``a`` at a_start and ``b`` at b_start hold the same ``length`` bytes."""
    mask = MASKS.take(np.minimum(length, 8))
    same = (a.u64_at(a_start) & mask) == (b.u64_at(b_start) & mask)
    offset = 8
    todo = (length > offset).nonzero()[0]
    while len(todo):
        todo = todo[same[todo]]
        mask = MASKS.take(np.minimum(length[todo] - offset, 8))
        same[todo] = ((a.u64_at(a_start[todo] + offset) & mask)
                      == (b.u64_at(b_start[todo] + offset) & mask))
        offset += 8
        todo = todo[length[todo] > offset]
    return same
