"""Bytes read eight at a time: an unaligned view whose element i is bytes i..i+7.

A field ``data[start:start + length]`` is read as its 8-byte chunks (little-endian
words, the bytes past the field's end zeroed).  The view needs 8 bytes after the last
offset read: :func:`padded` adds them.

>>> view = word_view(padded(b"ab\\tcdefghijk"))
>>> int(view[0] & MASKS[2]).to_bytes(8, "little")
b'ab\\x00\\x00\\x00\\x00\\x00\\x00'
>>> chunks = Chunks(view, np.array([0, 3]), np.array([2, 9]))
>>> [int(v).to_bytes(8, "little").rstrip(b"\\0") for v in chunks.value]
[b'ab', b'cdefghij', b'k']
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

#: ``MASKS[n]`` keeps the first n bytes of a little-endian word
MASKS = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype=np.uint64)


def padded(data: bytes | memoryview, tail: bytes = b"") -> NDArray[np.uint8]:
    """The bytes of ``data`` then ``tail`` then 8 zeros, as a uint8 array.

    >>> padded(b"ab", b"\\n").tolist()
    [97, 98, 10, 0, 0, 0, 0, 0, 0, 0, 0]
    """
    size = len(data)
    out = np.zeros(size + len(tail) + 8, dtype=np.uint8)
    out[:size] = np.frombuffer(data, dtype=np.uint8)
    out[size:size + len(tail)] = np.frombuffer(tail, dtype=np.uint8)
    return out



def gather(buf: NDArray[np.uint8], start: NDArray[np.int64], end: NDArray[np.int64]
           ) -> NDArray[np.uint8]:
    """The bytes of the ranges ``[start, end)``, concatenated.

    >>> gather(np.frombuffer(b"abcdef", np.uint8), np.array([1, 4]), np.array([3, 6])).tobytes()
    b'bcef'
    """
    length = end - start
    if not len(length):
        return np.zeros(0, np.uint8)
    shift = np.repeat(start - (np.cumsum(length) - length), length)
    return buf[np.arange(int(length.sum())) + shift]


def word_view(buffer: NDArray[np.uint8]) -> NDArray[np.uint64]:
    """Element i is bytes i..i+7 of ``buffer`` as a little-endian uint64 (no copy).

    Index it with offsets (``view[offsets]``), never ``take`` (which copies the whole
    view first).

    >>> hex(int(word_view(padded(b"dog"))[1]))
    '0x676f'
    """
    return np.ndarray((len(buffer) - 7,), dtype="<u8", buffer=buffer, strides=(1,))


def field_words(view: NDArray[np.uint64], start: NDArray[np.int64], length: NDArray[np.int64],
                k: int = 0) -> NDArray[np.uint64]:
    """Bytes 8k..8k+7 of each field as a word, zero past the field's end.

    >>> view = word_view(padded(b"root\\tnsubj"))
    >>> field_words(view, np.array([0, 5]), np.array([4, 5])).tolist() == [
    ...     int.from_bytes(b"root", "little"), int.from_bytes(b"nsubj", "little")]
    True
    """
    if k == 0:
        return view[start] & MASKS[np.minimum(length, 8)]
    word = view[np.minimum(start + 8 * k, len(view) - 1)]
    return word & MASKS[np.clip(length - 8 * k, 0, 8)]


class Chunks:
    """The 8-byte chunks of fields ``[start, start + length)``, all fields' in one array.

    A field has ``max(1, ceil(length / 8))`` chunks (an empty field one zero chunk);
    ``first`` is the index of each field's first chunk, ``inner`` each chunk's place in
    its field.

    >>> chunks = Chunks(word_view(padded(b"abcdefghij\\tk")), np.array([0, 11]), np.array([10, 1]))
    >>> chunks.count.tolist(), chunks.first.tolist(), chunks.inner.tolist()
    ([2, 1], [0, 2], [0, 1, 0])
    """

    def __init__(self, view: NDArray[np.uint64], start: NDArray[np.int64],
                 length: NDArray[np.int64]) -> None:
        self.length = length
        self.count = np.maximum((length + 7) // 8, 1)
        self.first = np.cumsum(self.count) - self.count
        self.inner = np.arange(int(self.count.sum())) - np.repeat(self.first, self.count)
        rest = np.repeat(length, self.count) - 8 * self.inner
        self.value = view[np.repeat(start, self.count) + 8 * self.inner] & MASKS[
            np.minimum(rest, 8)]
