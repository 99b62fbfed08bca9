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
#: multiplying the lowest set byte bit (1 << 8j) by this puts j in the top byte
_BYTE_INDEX = U64(0x0001020304050607)


def _zero_bytes(x: WordArray) -> WordArray:
    """The high bit of every byte of ``x`` that is zero (exact, no carries)."""
    return ~(((x & _LOW7) + _LOW7) | x | _LOW7)


def cut_lengths(heads: WordArray, lengths: IntArray, marks: bytes = b"-=") -> IntArray:
    """Length of each label up to its first byte among ``marks`` (EVALB's modify_label
    cuts at ``-`` or ``=``, evalb_spmrl's at ``#`` too: :mod:`..labels`).

    ``heads`` are the labels' first 8 bytes.  A label longer than 8 bytes with no
    mark among them keeps its length here (``Side._label_keys`` cuts it).

    >>> from treeeval.formats.scan import scan_lines
    >>> s = scan_lines(b"(NP-SBJ-1 (-NONE- *) (NP##a=b##))")
    >>> cut_lengths(s.u64_at(np.array([1, 11, 22])), np.array([8, 6, 8])).tolist()
    [2, 0, 5]
    >>> cut_lengths(s.u64_at(np.array([1, 22])), np.array([8, 8]), b"-=#").tolist()
    [2, 2]
    """
    head = heads & MASKS.take(np.minimum(lengths, 8))
    # bytes equal to a mark become zero bytes
    xored = [head ^ (U64(mark) * _ONES) for mark in marks]
    # a cheap test that finds every label with a zero byte in one of them ...
    some = np.zeros(len(head), dtype=U64)
    for x in xored:
        some |= (x - _ONES) & ~x
    some &= _HIGH
    cut = lengths.copy()
    labels = some.nonzero()[0]
    # ... and the exact first one for those
    found = np.zeros(len(labels), dtype=U64)
    for x in xored:
        found |= _zero_bytes(x[labels])
    lowest = (found & (~found + U64(1))) >> U64(7)
    first = ((lowest * _BYTE_INDEX) >> U64(56)).astype(np.int64)
    cut[labels] = np.where(found != 0, first, cut[labels])
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
