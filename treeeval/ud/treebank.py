"""A CoNLL-U file as the UD scorers see it, in numpy columns.

>>> import numpy as np
>>> from treeeval.model.vocabulary import Vocabulary
>>> empty = np.zeros(0, dtype=np.int64)
>>> tb = UDTreebank("x", Vocabulary(), Vocabulary(), "", *[empty] * 12,
...                 sentence_offsets=np.zeros(1, dtype=np.int64), sentence_start=empty,
...                 sentence_end=empty, sentence_line=empty)
>>> tb.words, tb.sentences
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..arrays import BoolArray, Int32Array, IntArray
from ..model.vocabulary import Vocabulary


@dataclass
class UDTreebank:
    """A CoNLL-U file as the UD scorers see it: one numpy array per column.

    Words are numbered from 0 (across the whole file, or the piece of it that
    :func:`read_ud_pieces` gives), characters across the whole file: ``text`` holds the
    characters from ``char_base`` on.  ``head`` is the index of the parent word (-1 for the
    root); column values are ids in ``vocabulary`` (shared with the other file of the pair),
    FORMs ids in ``forms``.  Read with DEPS (``ReadOptions.deps``), ``deps`` holds each
    word's DEPS (an id in the DEPS vocabulary of the reader's
    :class:`~.readers.scan.Interner`) and ``word_line`` its line; else both are empty.
    """

    path: str
    vocabulary: Vocabulary
    forms: Vocabulary
    text: str
    token_start: IntArray
    token_end: IntArray
    word_start: IntArray
    word_end: IntArray
    word_mwt: BoolArray
    form: Int32Array
    lemma: Int32Array
    upos: Int32Array
    xpos: Int32Array
    feats: Int32Array
    deprel: Int32Array
    head: IntArray
    sentence_offsets: IntArray
    sentence_start: IntArray
    sentence_end: IntArray
    sentence_line: IntArray
    char_base: int = 0
    deps: Int32Array = field(default_factory=lambda: np.zeros(0, np.int32))
    word_line: IntArray = field(default_factory=lambda: np.zeros(0, np.int64))

    @property
    def words(self) -> int:
        return len(self.head)

    @property
    def sentences(self) -> int:
        return len(self.sentence_start)

    def word_sentences(self) -> IntArray:
        """The sentence of every word."""
        return np.repeat(np.arange(self.sentences), np.diff(self.sentence_offsets))

    def sentences_at(self, chars: IntArray) -> IntArray:
        """The sentence each character position is in (the last one starting at or before
        it; the first sentence for a position before all of them)."""
        return np.maximum(np.searchsorted(self.sentence_start, chars, side="right") - 1, 0)
