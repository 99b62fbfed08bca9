"""Labels and tags of a block as integer keys, and what EVALB's parameters say about each.

>>> from treeeval.bracket.params import EvalbParams
>>> params = EvalbParams(delete_label=[b"TOP"])
>>> tables = LabelTables(params, params.label_classes())
>>> tables.key(b"NP"), tables.texts(np.array([tables.key(b"NP")], dtype=U64))
(20558, [b'NP'])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...arrays import BoolArray, ByteArray, IntArray, WordArray
from ...columnar.intern import distinct, hash_ids
from ...columnar.words import MASKS
from ...formats.scan import ScannedLines
from ..labels import label_cut
from ..limits import limits_of
from ..params import EvalbParams

U64 = np.uint64
#: slots (as a power of 2) of the hash table that numbers the labels and tags of a block
#: (they are few: a small table stays in the processor's cache)
_TABLE_BITS = 12


class LabelTables:
    """Labels and tags as uint64 keys, the parameter lists as sorted key tables.

    A string of at most 8 bytes is its own key (its bytes, little-endian; no byte is
    NUL, so the key is unique).  Longer strings (rare) get keys ``k << 8`` from a dict;
    their first byte is 0, so they never equal a short key.
    """

    def __init__(self, params: EvalbParams, classes: dict[bytes, bytes]) -> None:
        self.long: dict[bytes, int] = {}
        #: whose rules: evalb_spmrl deletes no terminal, cuts labels and tags at '#' too,
        #: and cuts the DELETE_LABEL entries before it compares brackets with them
        self.spmrl = params.spmrl
        self.cut = label_cut(params.spmrl)
        self.limits = limits_of(params.spmrl)
        self.delete = self._table([] if self.spmrl else params.delete_label)
        self.delete_for_length = self._table(params.delete_label_for_length)
        self.quote = self._table(params.quote_label)
        pairs = sorted((self.key(label), self.key(rep)) for label, rep in classes.items())
        self.members = np.array([member for member, _ in pairs], dtype=U64)
        representatives = np.array([rep for _, rep in pairs], dtype=U64)
        self.representatives, self.member_class = np.unique(representatives, return_inverse=True)
        deleted = self._table([self.cut(label) for label in params.delete_label]
                              if self.spmrl else params.delete_label)
        self.delete_classes = distinct(self.canonical(deleted))

    def key(self, text: bytes) -> int:
        if len(text) <= 8:
            return int.from_bytes(text, "little")
        return self.long.setdefault(text, (len(self.long) + 1) << 8)

    def texts(self, keys: WordArray) -> list[bytes]:
        """The strings of ``keys`` (``key``'s inverse)."""
        long = {key: text for text, key in self.long.items()}
        return [long[key] if key & 0xFF == 0 and key else key.to_bytes(8, "little").rstrip(b"\0")
                for key in keys.tolist()]

    def _table(self, texts: list[bytes]) -> WordArray:
        return distinct(np.array([self.key(t) for t in texts], dtype=U64))

    def keys(self, scanned: ScannedLines, starts: IntArray, heads: WordArray,
             lengths: IntArray) -> WordArray:
        """Keys of the strings ``buffer[start:start+length]`` whose first 8 bytes are
        ``heads`` (a string longer than the limits' label bytes gets a dummy key: its line
        falls back anyway)."""
        keys = heads & MASKS.take(np.minimum(lengths, 8))
        if len(lengths) and lengths.max() > 8:
            longest = self.limits.label_bytes
            for k in ((lengths > 8) & (lengths <= longest)).nonzero()[0].tolist():
                keys[k] = self.key(scanned.text(int(starts[k]), int(starts[k] + lengths[k])))
        return keys

    def _class_of_members(self, keys: WordArray) -> tuple[BoolArray, IntArray]:
        """Which keys are EQ_LABEL members, and the class number of each (0 otherwise)."""
        if not len(self.members):
            return np.zeros(len(keys), dtype=bool), np.zeros(len(keys), dtype=np.int64)
        where = np.minimum(self.members.searchsorted(keys), len(self.members) - 1)
        return self.members[where] == keys, self.member_class[where]

    def canonical(self, keys: WordArray) -> WordArray:
        """Keys with every EQ_LABEL member replaced by its class representative."""
        member, number = self._class_of_members(keys)
        return np.where(member, self.representatives[number] if len(self.members) else keys, keys)

    def index(self, parts: list[WordArray]) -> Index:
        """Small ids for the keys of a block (given in parts), and what the parameters
        say about each id."""
        ids, id_keys = hash_ids(parts, _TABLE_BITS)
        member, number = self._class_of_members(id_keys)
        flags = _member(id_keys, self.delete) * np.uint8(DELETED)
        flags |= _member(id_keys, self.delete_for_length) * np.uint8(NOT_COUNTED)
        flags |= _member(id_keys, self.quote) * np.uint8(QUOTE)
        flags |= _member(self.canonical(id_keys), self.delete_classes) * np.uint8(LABEL_DELETED)
        label_class = np.where(member, len(id_keys) + number, np.arange(len(id_keys)))
        return Index(ids, flags, label_class)


#: what the parameters say about a label or tag (bits of Index.flags)
DELETED = 1  #: a terminal with this tag is deleted (DELETE_LABEL, exact; never for evalb_spmrl)
NOT_COUNTED = 2  #: a terminal with this tag is not counted in Len (DELETE_LABEL_FOR_LENGTH)
QUOTE = 4  #: a QUOTE_LABEL tag
LABEL_DELETED = 8  #: a bracket with this (cut) label is ignored (DELETE_LABEL or EQ_LABEL)


@dataclass
class Index:
    """The small ids of a block's keys; per id its flags and its label class (equal
    numbers iff the labels are equal or EQ_LABEL-paired)."""

    ids: list[IntArray]
    flags: ByteArray
    label_class: IntArray


def _member(keys: WordArray, table: WordArray) -> BoolArray:
    """``keys`` found in the sorted ``table``."""
    if not len(table):
        return np.zeros(len(keys), dtype=bool)
    return table[np.minimum(table.searchsorted(keys), len(table) - 1)] == keys
