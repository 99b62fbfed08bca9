"""Strings numbered in order of first appearance: the code space of a column.

>>> v = Vocabulary()
>>> v.encode(["root", "det", "root"]).tolist(), v["nsubj"], v.strings
([0, 1, 0], 2, ['root', 'det', 'nsubj'])
>>> v.array()[[2, 0]].tolist()
['nsubj', 'root']
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..arrays import BoolArray, FloatArray, Int32Array, ObjectArray


class Vocabulary(dict[str, int]):
    """Strings interned to consecutive ids; ``vocabulary[s]`` adds ``s`` when new."""

    def __init__(self) -> None:
        super().__init__()
        self.strings: list[str] = []
        self._array: ObjectArray = np.empty(0, dtype=object)
        self._flags: dict[frozenset[str], BoolArray] = {}

    def __missing__(self, key: str) -> int:
        index = self[key] = len(self.strings)
        self.strings.append(key)
        return index

    def encode(self, values: Iterable[str]) -> Int32Array:
        """The int32 codes of ``values``, new strings added.

        >>> Vocabulary().encode(iter(["a", "b", "a"])).tolist()
        [0, 1, 0]
        """
        return np.fromiter(map(self.__getitem__, values), dtype=np.int32)

    def encode_distinct(self, values: list[str]) -> Int32Array:
        """The codes of ``values``, strings that are all different, the new ones added in
        their order (as :meth:`encode` adds them, in a few passes at C speed).

        >>> v = Vocabulary(); _ = v.encode(["b"]); v.encode_distinct(["a", "b", "c"]).tolist()
        [1, 0, 2]
        """
        new = [value for value, code in zip(values, map(self.get, values)) if code is None]
        self.update(zip(new, range(len(self.strings), len(self.strings) + len(new))))
        self.strings.extend(new)
        return np.fromiter(map(self.__getitem__, values), np.int32, len(values))

    def array(self) -> ObjectArray:
        """The strings as an object array (``array()[code]`` is a code's string)."""
        if len(self._array) != len(self.strings):
            self._array = np.empty(len(self.strings), dtype=object)
            self._array[:] = self.strings
        return self._array

    def flags(self, names: frozenset[str] | set[str]) -> BoolArray:
        """A boolean array over the ids: True where the string is in ``names`` (kept, and
        extended by the strings added since, when the same names are asked again: a file
        read in pieces asks after each).

        >>> v = Vocabulary(); _ = v.encode(["a", "b"]); v.flags({"b"}).tolist()
        [False, True]
        >>> _ = v["b2"], v["c"]; v.flags({"b", "c"}).tolist(), v.flags({"b", "c"}) is v.flags({"c", "b"})
        ([False, True, False, True], True)
        """
        key = frozenset(names)
        known = self._flags.get(key, np.zeros(0, bool))
        if len(known) < len(self.strings):
            new = self.strings[len(known):]
            known = self._flags[key] = np.concatenate(
                (known, np.fromiter((s in key for s in new), bool, len(new))))
        return known

    def weights(self, table: dict[str, float], default: float) -> FloatArray:
        """A float array over the ids: ``table`` value of each string, else ``default``.

        >>> v = Vocabulary(); _ = v.encode(["a", "b"]); v.weights({"b": 2.0}, 1.0).tolist()
        [1.0, 2.0]
        """
        return np.fromiter((table.get(s, default) for s in self.strings), float,
                           len(self.strings))


#: the string columns of a CoNLL-X file, by their 0-based field number
STRING_FIELDS = {"form": 1, "lemma": 2, "cpostag": 3, "postag": 4, "feats": 5,
                 "deprel": 7, "phead": 8, "pdeprel": 9}


class Vocabularies:
    """One :class:`~treeeval.model.vocabulary.Vocabulary` per string column.

    Shared by several files, it gives them one code space per column.

    >>> v = Vocabularies()
    >>> v.encode("deprel", ["root", "det", "root"]).tolist(), v.strings("deprel").tolist()
    ([0, 1, 0], ['root', 'det'])
    """

    def __init__(self) -> None:
        self.index: dict[str, Vocabulary] = {name: Vocabulary() for name in STRING_FIELDS}

    def encode(self, column: str, values: Iterable[str]) -> Int32Array:
        """The codes of ``values``, adding new strings to the column's vocabulary."""
        return self.index[column].encode(values)

    def strings(self, column: str) -> ObjectArray:
        """The column's strings as an object array (``strings(c)[code]`` is a code's string)."""
        return self.index[column].array()
