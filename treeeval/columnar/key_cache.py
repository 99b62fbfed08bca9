"""Fields interned across the blocks of a file: Python decodes a value once per file.

:func:`~.intern.intern` numbers the equal fields of one block.  A :class:`KeyCache` keeps,
for one column, the 64-bit key of every value seen so far with its bytes and its id in a
mapping (a :class:`~treeeval.model.vocabulary.Vocabulary`, or any mapping from strings to
ids), so a later block looks its keys up with numpy, checks the bytes of every hit, and
decodes only the values it has not seen, all at once.  A key cached for other bytes, or
two fields of a block that hash alike, give None, as :func:`~.intern.intern` does: the
caller then reads the block the slow way.

>>> from treeeval.model.vocabulary import Vocabulary
>>> from .words import padded, word_view
>>> vocabulary = Vocabulary()
>>> cache = KeyCache(vocabulary)
>>> def codes(text):
...     data = padded(text)
...     words = text.split(b" ")
...     start = np.cumsum([0] + [len(w) + 1 for w in words[:-1]])
...     end = start + np.array([len(w) for w in words])
...     return intern_fields(data, word_view(data), start, end, cache).tolist()
>>> codes(b"the cat saw the dog"), codes(b"a dog saw a cat")
([0, 1, 2, 0, 3], [4, 3, 2, 4, 1])
>>> vocabulary.strings
['the', 'cat', 'saw', 'dog', 'a']
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from .intern import intern
from .words import gather

ByteArray = NDArray[np.uint8]
IntArray = NDArray[np.int64]
Int32Array = NDArray[np.int32]
WordArray = NDArray[np.uint64]


def intern_fields(buf: ByteArray, words: WordArray, start: IntArray, end: IntArray,
                  cache: KeyCache) -> Int32Array | None:
    """The ids of the fields ``[start, end)`` of ``buf`` in the cache's mapping (``words``:
    the block's :func:`~.words.word_view`; an empty field is the empty string), or None for
    a hash collision."""
    length = end - start
    if not len(length):
        return np.zeros(0, np.int32)
    found = intern(words, start, length)
    if found is None:
        return None
    ids = cache.lookup(found.keys, buf, start[found.firsts], length[found.firsts])
    return None if ids is None else ids[found.codes]


class KeyCache:
    """Hash keys already interned for one mapping (a Vocabulary adds new strings, in order,
    with ``encode_distinct``), with their bytes (to check them) and ids.

    ``charset``: the files' encoding, ASCII-compatible and stateless (a field's bytes decode
    alone as they do within the block); the blocks hold no NUL byte.
    """

    def __init__(self, mapping: Mapping[str, int], charset: str = "utf-8") -> None:
        self.mapping = mapping
        self.charset = charset
        self.keys = np.zeros(0, np.uint64)
        self.ids = np.zeros(0, np.int32)
        self.starts = np.zeros(0, np.int64)
        self.lengths = np.zeros(0, np.int64)
        self.store = np.zeros(0, np.uint8)

    def lookup(self, keys: WordArray, data: ByteArray, starts: IntArray,
               lengths: IntArray) -> Int32Array | None:
        """Ids of distinct ``keys`` whose bytes are ``data[starts:starts+lengths]``, new
        values added to the mapping in their order (None when a key cached for other bytes
        comes again; the cache is then unchanged)."""
        where = np.minimum(np.searchsorted(self.keys, keys), max(len(self.keys) - 1, 0))
        known = (self.keys[where] == keys) if len(self.keys) else np.zeros(len(keys), bool)
        hits = np.flatnonzero(known)
        if len(hits):
            cached = where[hits]
            if (self.lengths[cached] != lengths[hits]).any():
                return None
            size = lengths[hits]
            inner = np.arange(int(size.sum())) - np.repeat(np.cumsum(size) - size, size)
            old = self.store[np.repeat(self.starts[cached], size) + inner]
            new = data[np.repeat(starts[hits], size) + inner]
            if (old != new).any():
                return None
        ids = np.empty(len(keys), np.int32)
        ids[hits] = self.ids[where[hits]]
        misses = np.flatnonzero(~known)
        if len(misses):
            size = lengths[misses]
            gathered = gather(data, starts[misses], starts[misses] + size)
            # decoded at once, NUL-separated (a block with a NUL byte never gets here)
            joined = np.zeros(len(gathered) + len(size) - 1, np.uint8)
            joined[np.arange(len(gathered)) + np.repeat(np.arange(len(size)), size)] = gathered
            pieces = joined.tobytes().decode(self.charset).split("\x00")
            distinct = getattr(self.mapping, "encode_distinct", None)  # a Vocabulary's
            ids[misses] = (distinct(pieces) if distinct is not None else
                           np.fromiter(map(self.mapping.__getitem__, pieces), np.int32,
                                       len(pieces)))
            self._add(keys[misses], ids[misses], gathered, size)
        return ids

    def _add(self, keys: WordArray, ids: Int32Array, data: ByteArray,
             lengths: IntArray) -> None:
        starts = len(self.store) + np.cumsum(lengths) - lengths
        self.store = np.concatenate((self.store, data))
        keys = np.concatenate((self.keys, keys))
        order = np.argsort(keys, kind="stable")
        self.keys = keys[order]
        self.ids = np.concatenate((self.ids, ids))[order]
        self.starts = np.concatenate((self.starts, starts))[order]
        self.lengths = np.concatenate((self.lengths, lengths))[order]
