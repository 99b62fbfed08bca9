"""A dependency treebank as flat numpy columns: one entry per token, in file order.

HEAD is an int64 column (0 for the root, -1 for ``_``); every string column (FORM, LEMMA,
CPOSTAG, POSTAG, FEATS, DEPREL, PHEAD, PDEPREL) is an int32 column of codes into a
:class:`Vocabularies`, so that scorers compare integers and count groups with bincount.
Files read with one shared Vocabularies have one code space; otherwise :meth:`Treebank.equal`
and :meth:`Treebank.codes_in` translate the (small) vocabularies.  The string values stay
available as object arrays (``forms``, ``labels``, ...), built on first use.

>>> s = DependencySentence(["It", "rains"], ["PRON", "VERB"], [2, 0], ["nsubj", "root"])
>>> tb = Treebank.from_sentences([s, s])
>>> len(tb), tb.sizes.tolist(), tb.sentence.tolist(), tb.labels.tolist()
(4, [2, 2], [0, 0, 1, 1], ['nsubj', 'root', 'nsubj', 'root'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

import numpy as np

from ..arrays import BoolArray, Int32Array, IntArray, ObjectArray
from .dependencies import DependencySentence
from .vocabulary import STRING_FIELDS, Vocabularies

#: reads one string column's codes when it is first used
Loader = Callable[[str], Int32Array]


class ColumnSource(Protocol):
    """A file read as columns (``formats.conll_columns.ConllColumns`` is one)."""

    heads: IntArray
    sizes: IntArray
    codes: dict[str, Int32Array]
    vocabulary: Vocabularies
    sentence_line: IntArray


class Columns(dict[str, Int32Array]):
    """The code columns of a treebank: a column not read yet is read on first use."""

    def __init__(self, codes: dict[str, Int32Array], loader: Loader | None) -> None:
        super().__init__(codes)
        self.loader = loader

    def __missing__(self, column: str) -> Int32Array:
        if self.loader is None or column not in STRING_FIELDS:
            raise KeyError(column)
        codes = self[column] = self.loader(column)
        return codes


class Treebank:
    """One CoNLL file as flat token columns (``sentence[i]`` is token i's sentence index).

    ``codes`` may leave out string columns when ``loader`` can read them on first use.
    ``sentence_line``: where each sentence starts in its file, as its reader gives it
    (1-based; 0 where unknown; None when the treebank has no single file).
    """

    def __init__(self, heads: IntArray, sizes: IntArray, codes: dict[str, Int32Array],
                 vocabulary: Vocabularies, positions: IntArray | None = None,
                 sentence: IntArray | None = None, loader: Loader | None = None,
                 sentence_line: IntArray | None = None) -> None:
        self.heads = np.asarray(heads, dtype=np.int64)
        self.sizes = np.asarray(sizes, dtype=np.int64)
        self.sentence_line = sentence_line
        self.codes = Columns(codes, loader)
        self.vocabulary = vocabulary
        self._positions = positions
        self._sentence = sentence
        self._starts: IntArray | None = None
        self._strings: dict[str, ObjectArray] = {}

    @classmethod
    def from_columns(cls, columns: ColumnSource, loader: Loader | None = None) -> Treebank:
        """The treebank of a file read by formats/conll_columns.py (``loader``: the columns
        left out, on first use)."""
        return cls(columns.heads, columns.sizes, columns.codes, columns.vocabulary,
                   loader=loader, sentence_line=columns.sentence_line)

    @classmethod
    def from_sentences(cls, sentences: Iterable[DependencySentence],
                       vocabulary: Vocabularies | None = None) -> Treebank:
        """Flatten sentences: ``tags`` is CPOSTAG; ``extra`` gives ``postag`` (else the tags),
        ``lemma``, ``feats``, ``col9`` (PHEAD) and ``col10`` (PDEPREL), else ``_``.

        >>> s = DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["root", "dep"], line=3)
        >>> tb = Treebank.from_sentences([s, s])
        >>> tb.positions.tolist(), tb.sentence_line.tolist()
        ([1, 2, 1, 2], [3, 3])
        """
        sentences = list(sentences)
        vocabulary = vocabulary if vocabulary is not None else Vocabularies()

        def flat(column: str) -> Iterable[str]:
            for s in sentences:
                if column == "form":
                    yield from s.forms
                elif column == "deprel":
                    yield from s.labels
                elif column == "cpostag":
                    yield from s.tags
                elif column == "postag":
                    yield from s.extra.get("postag", s.tags)
                else:
                    key = {"lemma": "lemma", "feats": "feats", "phead": "col9",
                           "pdeprel": "col10"}[column]
                    yield from s.extra.get(key, ["_"] * len(s))

        codes = {column: vocabulary.encode(column, flat(column)) for column in STRING_FIELDS}
        return cls(np.array([h for s in sentences for h in s.heads], dtype=np.int64),
                   np.array([len(s) for s in sentences], dtype=np.int64), codes, vocabulary,
                   sentence_line=np.array([s.line for s in sentences], dtype=np.int64))

    @classmethod
    def concatenate(cls, treebanks: list[Treebank]) -> Treebank:
        """One treebank of several read with one Vocabularies, in order (cross-validation
        folds pooled by ``--micro-average 1``).

        >>> s = DependencySentence(["It", "rains"], ["PRON", "VERB"], [2, 0], ["nsubj", "root"])
        >>> shared = Vocabularies()
        >>> one = Treebank.from_sentences([s], shared)
        >>> Treebank.concatenate([one, Treebank.from_sentences([s, s], shared)]).sizes.tolist()
        [2, 2, 2]
        """
        vocabulary = treebanks[0].vocabulary
        if any(tb.vocabulary is not vocabulary for tb in treebanks):
            raise ValueError("treebanks to concatenate must share one Vocabulary")
        codes = {column: np.concatenate([tb.codes[column] for tb in treebanks])
                 for column in STRING_FIELDS}
        return cls(np.concatenate([tb.heads for tb in treebanks]),
                   np.concatenate([tb.sizes for tb in treebanks]), codes, vocabulary)

    def __len__(self) -> int:
        return len(self.heads)

    @property
    def positions(self) -> IntArray:
        """Each token's 1-based position in its sentence."""
        if self._positions is None:
            self._positions = np.arange(len(self.heads)) - self.starts + 1
        return self._positions

    @property
    def starts(self) -> IntArray:
        """For each token, the index of its sentence's first token (``starts + head - 1`` is
        the index of a token's head).

        >>> s = DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["root", "dep"])
        >>> Treebank.from_sentences([s, s]).starts.tolist()
        [0, 0, 2, 2]
        """
        if self._starts is None:
            self._starts = np.repeat(np.cumsum(self.sizes) - self.sizes, self.sizes)
        return self._starts

    @property
    def sentence(self) -> IntArray:
        """Each token's 0-based sentence index."""
        if self._sentence is None:
            self._sentence = np.repeat(np.arange(len(self.sizes)), self.sizes)
        return self._sentence

    def strings(self, column: str) -> ObjectArray:
        """A string column (``form``, ``deprel``, ...) as an object array, one per token."""
        if column not in self._strings:
            codes = self.codes[column]
            self._strings[column] = self.vocabulary.strings(column)[codes]
        return self._strings[column]

    forms = property(lambda self: self.strings("form"))
    lemmas = property(lambda self: self.strings("lemma"))
    cpostags = property(lambda self: self.strings("cpostag"))
    postags = property(lambda self: self.strings("postag"))
    feats = property(lambda self: self.strings("feats"))
    labels = property(lambda self: self.strings("deprel"))
    pheads = property(lambda self: self.strings("phead"))
    plabels = property(lambda self: self.strings("pdeprel"))

    def codes_in(self, column: str, vocabulary: Vocabularies) -> Int32Array:
        """This column's codes translated into ``vocabulary`` (-1 for strings it lacks).

        >>> a = Treebank.from_sentences([DependencySentence(["x"], ["X"], [0], ["root"])])
        >>> b = Treebank.from_sentences([DependencySentence(["y", "x"], ["X"] * 2, [0, 1],
        ...                                                 ["root", "dep"])])
        >>> b.codes_in("form", a.vocabulary).tolist()
        [-1, 0]
        """
        codes = self.codes[column]
        if vocabulary is self.vocabulary:
            return codes
        index = vocabulary.index[column]
        mine = self.vocabulary.strings(column)
        remap = np.fromiter((index.get(s, -1) for s in mine.tolist()), dtype=np.int32,
                            count=len(mine))
        return remap[codes] if len(remap) else codes

    def equal(self, column: str, other: Treebank) -> BoolArray:
        """Token by token, whether the two treebanks hold the same string in ``column``.

        >>> a = Treebank.from_sentences([DependencySentence(["x", "y"], ["X"] * 2, [0, 1],
        ...                                                 ["root", "dep"])])
        >>> b = Treebank.from_sentences([DependencySentence(["x", "y"], ["X"] * 2, [0, 1],
        ...                                                 ["dep", "dep"])])
        >>> a.equal("deprel", b).tolist()
        [False, True]
        """
        return self.codes[column] == other.codes_in(column, self.vocabulary)

    def subset(self, keep: BoolArray) -> Treebank:
        """The tokens where ``keep`` is True; positions and heads keep their values.

        >>> s = DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["root", "dep"])
        >>> Treebank.from_sentences([s, s]).subset(np.array([1, 0, 0, 1], bool)).sizes.tolist()
        [1, 1]
        """
        keep = np.asarray(keep, dtype=bool)
        return Treebank(self.heads[keep], np.bincount(self.sentence[keep],
                                                      minlength=len(self.sizes)),
                        {name: codes[keep] for name, codes in self.codes.items()},
                        self.vocabulary, self.positions[keep], self.sentence[keep],
                        lambda column: self.codes[column][keep])
