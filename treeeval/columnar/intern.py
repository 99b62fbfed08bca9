"""Numbering equal fields: one hash table in numpy, exact (the bytes are compared).

:func:`hash_ids` numbers equal 64-bit keys with a hash table: each key is written to the
slot of its hash, the keys equal to the key that won the slot keep it as their id, and the
keys that lost their slot to a different key are numbered in a further round with another
multiplier (after ``MAX_ROUNDS`` rounds, by sorting); :func:`factor` makes the ids
consecutive.  :func:`intern` numbers fields of any length: a field
of up to 8 bytes is its own key; a longer one is keyed by a polynomial hash of its chunks,
and every field is then compared chunk by chunk with the first field of its code, so a
hash collision can never merge two different fields (``intern`` returns None then, and
the caller reads the block the slow way).

>>> from .words import padded, word_view
>>> data = b"the dog saw the extraordinary dog and the extraordinary cat"
>>> words = data.split(b" ")
>>> start = np.cumsum([0] + [len(w) + 1 for w in words[:-1]])
>>> found = intern(word_view(padded(data)), start, np.array([len(w) for w in words]))
>>> [words[i].decode() for i in found.firsts[found.codes]] == [w.decode() for w in words]
True
>>> len(found.firsts), sorted(found.firsts.tolist())
(6, [0, 1, 2, 4, 6, 9])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .words import Chunks, field_words

#: odd 64-bit multipliers: of the hash that places a key in the table (one per round),
#: and of a long field's polynomial hash (the first)
MIXERS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)
#: rounds of hashing before the keys still colliding are sorted instead
MAX_ROUNDS = 8
#: the largest table (as a power of 2) of :func:`factor`'s first round
FIRST_BITS = 16
_U64 = np.uint64


@dataclass
class Interned:
    """Fields numbered: the code of each field (``codes``, consecutive from 0), the first
    field of each code (``firsts``) and each code's 64-bit key (``keys``: the bytes of a
    field of up to 8 bytes, else a hash of them)."""

    codes: NDArray[np.int64]
    firsts: NDArray[np.int64]
    keys: NDArray[np.uint64]


def intern(view: NDArray[np.uint64], start: NDArray[np.int64], length: NDArray[np.int64]
           ) -> Interned | None:
    """Number the fields ``[start, start + length)`` of a :func:`~.words.word_view`
    exactly; None if two different fields hash alike.

    The fields must hold no NUL byte (a field of up to 8 bytes is then told apart from
    another by its zero-padded word alone).
    """
    keys = field_words(view, start, length)
    long = np.flatnonzero(length > 8)
    chunks = Chunks(view, start[long], length[long])
    keys[long] = _polynomial(chunks)
    codes, code_keys = factor(keys)
    firsts = np.empty(len(code_keys), dtype=np.intp)
    firsts[codes[::-1]] = np.arange(len(codes) - 1, -1, -1)  # each code's first field
    if len(long):  # a code is all short fields (keyed by their bytes) or all long ones,
        is_long = length > 8  # each then the same as its code's first field
        if (is_long[firsts][codes] != is_long).any():
            return None
        place = np.empty(len(length), dtype=np.intp)  # a long field's place among them
        place[long] = np.arange(len(long))
        if not _same_fields(chunks, place[firsts[codes[long]]]):
            return None
    return Interned(codes, firsts, code_keys)


def distinct(values: NDArray[Any]) -> NDArray[Any]:
    """The sorted distinct values of ``values``, in its dtype (any): ``np.unique(values)``
    without its import of numpy.ma (about 6 ms of every process that would otherwise not need
    it).  NaNs, which are not equal to themselves, are each kept.

    >>> distinct(np.array([3, 1, 3, 2, 1])).tolist(), distinct(np.array([], dtype=np.uint64)).size
    ([1, 2, 3], 0)
    """
    ordered = np.sort(values, axis=None)
    keep = np.ones(ordered.size, dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def factor(keys: NDArray[np.uint64], bits: int | None = None
           ) -> tuple[NDArray[np.int64], NDArray[np.uint64]]:
    """Consecutive codes of the equal uint64 ``keys`` and the key of each code
    (:func:`hash_ids` made dense).

    >>> codes, code_keys = factor(np.array([5, 7, 5, 9, 7], dtype=np.uint64))
    >>> code_keys[codes].tolist(), len(code_keys)
    ([5, 7, 5, 9, 7], 3)
    """
    if bits is None:  # a first round in a table that stays in the cache, then larger ones
        bits = min(_table_bits(len(keys)), FIRST_BITS)
    (ids,), id_keys = hash_ids([keys], bits)
    used = np.zeros(len(id_keys), dtype=bool)
    used[ids] = True
    return (np.cumsum(used) - 1).take(ids), id_keys[used]


def hash_ids(parts: list[NDArray[np.uint64]], bits: int, round_: int = 0
             ) -> tuple[list[NDArray[np.int64]], NDArray[np.uint64]]:
    """Ids of the uint64 keys of several arrays (the same key, the same id in every
    array), each below ``len(id_keys)``, and ``id_keys``, the key of each id (ids that no
    key has hold a stray key).

    A key's id is the slot of its hash in a table of ``2**bits`` slots (a caller that
    knows its keys are few, such as labels and tags, passes a small table, which stays
    in the processor's cache); the keys that lost their slot to a different key are
    numbered after the slots, in a further round with another multiplier (after
    ``MAX_ROUNDS`` rounds, by sorting).

    >>> keys = np.array([5, 7, 5], dtype=np.uint64)
    >>> ids, id_keys = hash_ids([keys[:2], keys[2:]], 4)
    >>> bool(ids[0][0] == ids[1][0] != ids[0][1]), id_keys[ids[0]].tolist()
    (True, [5, 7])
    """
    multiplier, shift = _U64(MIXERS[round_ % len(MIXERS)]), _U64(64 - bits)
    table = np.zeros(1 << bits, dtype=_U64)
    with np.errstate(over="ignore"):
        ids = [((keys * multiplier) >> shift).view(np.int64) for keys in parts]
    for keys, slot in zip(parts, ids):
        table[slot] = keys  # one key wins each slot: the keys equal to it keep the slot
    lost = [table.take(slot) != keys for keys, slot in zip(parts, ids)]
    if not any(where.any() for where in lost):
        return ids, table
    rest = [keys[where] for keys, where in zip(parts, lost)]
    if round_ + 1 < MAX_ROUNDS:
        rest_ids, extra = hash_ids(rest, _table_bits(sum(map(len, rest))), round_ + 1)
    else:  # keys that keep colliding: sort them instead
        extra, inverse = np.unique(np.concatenate(rest), return_inverse=True)
        rest_ids = np.split(inverse.reshape(-1), np.cumsum(list(map(len, rest[:-1]))))
    for slot, where, rest_slot in zip(ids, lost, rest_ids):
        slot[where] = rest_slot + len(table)
    return ids, np.concatenate([table, extra])


def _table_bits(rows: int) -> int:
    """Slots (a power of 2) for ``rows`` keys: about twice as many, 2**10 to 2**22."""
    return max(10, min(22, int(2 * rows - 1).bit_length()))


def _polynomial(chunks: Chunks) -> NDArray[np.uint64]:
    """A 64-bit hash of each field: its chunks weighted by powers of an odd multiplier,
    plus its length times another."""
    if not len(chunks.length):
        return np.zeros(0, dtype=_U64)
    powers = np.full(int(chunks.inner.max()) + 1, MIXERS[0], dtype=_U64)
    powers[0] = 1
    with np.errstate(over="ignore"):
        np.cumprod(powers, out=powers)
        weighted = chunks.value * powers[chunks.inner]
        return (np.add.reduceat(weighted, chunks.first)
                + chunks.length.astype(_U64) * _U64(MIXERS[1]))


def _same_fields(chunks: Chunks, model: NDArray[np.int64]) -> bool:
    """Whether each field i equals field ``model[i]`` (the one exact check of a hash)."""
    if (chunks.length[model] != chunks.length).any():
        return False
    model_chunk = np.repeat(chunks.first[model], chunks.count) + chunks.inner
    return bool((chunks.value[model_chunk] == chunks.value).all())
