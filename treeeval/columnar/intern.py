"""Numbering equal fields: one hash table in numpy, exact (the bytes are compared).

:func:`factor` numbers equal 64-bit keys with an open-addressing table: each key takes the
slot of its hash (the first key of a slot owns it), keys equal to the slot's owner share its code, the keys that lost their
slot to a different key are numbered in a further round with another multiplier (after
``MAX_ROUNDS`` rounds, by sorting).  :func:`intern` numbers fields of any length: a field
of up to 8 bytes is its own key; a longer one is keyed by a polynomial hash of its chunks,
and every field is then compared chunk by chunk with the first field of its code, so a
hash collision can never merge two different fields (``intern`` returns None then, and
the caller reads the block the slow way).

>>> from .words import Chunks, padded, word_view
>>> data = b"the dog saw the extraordinary dog and the extraordinary cat"
>>> words = data.split(b" ")
>>> start = np.cumsum([0] + [len(w) + 1 for w in words[:-1]])
>>> found = intern(Chunks(word_view(padded(data)), start, np.array([len(w) for w in words])))
>>> [words[i].decode() for i in found.firsts]
['the', 'dog', 'saw', 'extraordinary', 'and', 'cat']
>>> found.codes.tolist()
[0, 1, 2, 0, 3, 1, 4, 0, 3, 5]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .words import Chunks

#: odd 64-bit multipliers: of the hash that places a key in the table (one per round),
#: and of a long field's polynomial hash (the first)
MIXERS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)
#: rounds of hashing before the keys still colliding are sorted instead
MAX_ROUNDS = 8
_U64 = np.uint64


@dataclass
class Interned:
    """Fields numbered: ``codes[i]`` of field i (0, 1, ... in order of ``firsts``), one
    field of each code (``firsts``) and each code's 64-bit key (``keys``: the bytes of a
    field of up to 8 bytes, else a hash of them)."""

    codes: np.ndarray
    firsts: np.ndarray
    keys: np.ndarray


def intern(chunks: Chunks, bits: int | None = None) -> Interned | None:
    """Number the fields of ``chunks`` exactly; None if two different fields hash alike.

    The fields must hold no NUL byte (a field of up to 8 bytes is then told apart from
    another by its zero-padded chunk alone).  ``bits``: see :func:`factor`.
    """
    if chunks.single:
        keys = chunks.value
    else:
        keys = _polynomial(chunks)
    codes, firsts = factor(keys, bits)
    if not chunks.single and not _same_fields(chunks, firsts[codes]):
        return None
    return Interned(codes, firsts, keys[firsts])


def factor(keys: np.ndarray, bits: int | None = None, round_: int = 0
           ) -> tuple[np.ndarray, np.ndarray]:
    """Codes of the equal uint64 ``keys`` and one index of each code.

    The table has ``2**bits`` slots (by default about twice as many as keys, from 2**10
    to 2**22); a caller that knows its keys are few (labels, tags) passes a small one,
    which stays in the processor's cache.

    >>> codes, firsts = factor(np.array([5, 7, 5, 9], dtype=np.uint64))
    >>> codes.tolist(), firsts.tolist()
    ([0, 1, 0, 2], [0, 1, 3])
    """
    rows = len(keys)
    if rows == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if round_ >= MAX_ROUNDS:  # keys that keep colliding: sort them instead
        _, firsts, codes = np.unique(keys, return_index=True, return_inverse=True)
        return codes.reshape(-1), firsts
    if bits is None:
        bits = max(10, min(22, int(2 * rows - 1).bit_length()))
    with np.errstate(over="ignore"):
        slot = ((keys * _U64(MIXERS[round_ % len(MIXERS)])) >> _U64(64 - bits)).astype(np.intp)
    table = np.empty(1 << bits, dtype=np.intp)
    table[slot[::-1]] = np.arange(rows - 1, -1, -1)  # the first key of a slot owns it
    owner = table[slot]
    same = keys[owner] == keys
    is_first = np.zeros(rows, dtype=bool)
    is_first[owner[same]] = True
    firsts = np.flatnonzero(is_first)
    rank = np.cumsum(is_first) - 1
    codes = np.where(same, rank[owner], -1)
    rest = np.flatnonzero(~same)
    if len(rest):
        rest_codes, rest_firsts = factor(keys[rest], None, round_ + 1)
        codes[rest] = rest_codes + len(firsts)
        firsts = np.r_[firsts, rest[rest_firsts]]
    return codes, firsts


def _polynomial(chunks: Chunks) -> np.ndarray:
    """A 64-bit key of each field: a field of up to 8 bytes is its own key, a longer one
    is hashed (its chunks weighted by powers of an odd multiplier, plus its length times
    another)."""
    powers = np.full(int(chunks.inner.max()) + 1, MIXERS[0], dtype=_U64)
    powers[0] = 1
    with np.errstate(over="ignore"):
        np.cumprod(powers, out=powers)
        weighted = chunks.value * powers[chunks.inner]
        keys = (np.add.reduceat(weighted, chunks.first)
                + chunks.length.astype(_U64) * _U64(MIXERS[1]))
    short = chunks.count == 1  # keyed by its bytes, as in a block of short fields only
    keys[short] = chunks.value[chunks.first[short]]
    return keys


def _same_fields(chunks: Chunks, model: np.ndarray) -> bool:
    """Whether each field equals field ``model[i]`` (the one exact check of a hash)."""
    if (chunks.length[model] != chunks.length).any():
        return False
    model_chunk = np.repeat(chunks.first[model], chunks.count) + chunks.inner
    return bool((chunks.value[model_chunk] == chunks.value).all())
