"""Blocks of CoNLL-U columns interned and joined into one :class:`UDTreebank` (or a piece).

>>> from treeeval.model.vocabulary import Vocabulary
>>> from treeeval.ud.readers.layout import ReadOptions
>>> ColumnBuilder("x", ReadOptions(), Vocabulary(), Vocabulary()).finish().words
0
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...arrays import AnyArray, Int32Array
from ...model.vocabulary import Vocabulary
from ..treebank import UDTreebank
from .layout import BlockColumns, ReadOptions
from .scan import Interner
from .string_block import StringBlock


class ColumnBuilder:
    """Interns blocks and collects their columns, joined into one treebank at the end."""

    def __init__(self, path: str, options: ReadOptions, vocabulary: Vocabulary,
                 forms: Vocabulary, interner: Interner | None = None) -> None:
        self.path = path
        self.options = options
        self.vocabulary = vocabulary
        self.forms = forms
        self.interner = interner or Interner.of(vocabulary, forms, options)
        self.parts: dict[str, list[AnyArray]] = {}  # each column's pieces, of its dtype
        self.text: list[str] = []
        self.chars = self.words = self.char_base = 0

    def restart(self) -> None:
        """Start a new piece: words numbered from 0 again, characters going on."""
        self.parts, self.text = {}, []
        self.words, self.char_base = 0, self.chars

    def intern(self, block: StringBlock) -> BlockColumns:
        """The columns of a block read as strings."""
        def ids(mapping: Mapping[str, int], values: list[str]) -> Int32Array:
            return np.fromiter(map(mapping.__getitem__, values), np.int32, len(values))

        interner = self.interner
        return BlockColumns(
            text="".join(block.token_forms),
            token_chars=np.fromiter(map(len, block.token_forms), np.int64,
                                    len(block.token_forms)),
            sentence_tokens=np.asarray(block.sentence_tokens, np.int64),
            sentence_words=np.asarray(block.sentence_words, np.int64),
            sentence_line=np.asarray(block.sentence_line, np.int64),
            word_token=np.asarray(block.word_token, np.int64),
            word_mwt=np.asarray(block.word_mwt, bool),
            form=ids(interner.forms, block.forms), lemma=ids(interner.vocabulary, block.lemma),
            upos=ids(interner.vocabulary, block.upos), xpos=ids(interner.vocabulary, block.xpos),
            feats=ids(interner.feats, block.feats),
            deprel=ids(interner.relations, block.deprel),
            heads=np.asarray(block.heads, np.int64),
            deps=ids(interner.deps, block.deps),
            word_line=np.asarray(block.word_line, np.int64))

    def _append(self, name: str, values: AnyArray) -> None:
        self.parts.setdefault(name, []).append(values)

    def add(self, block: BlockColumns) -> None:
        """Append a block, numbering its characters and words after those before it."""
        token_end = np.cumsum(block.token_chars) + self.chars
        token_start = token_end - block.token_chars
        sentence_words, sentence_tokens = block.sentence_words, block.sentence_tokens
        word_sentence = np.repeat(np.arange(len(sentence_words)), sentence_words)
        word_base = np.concatenate(([0], np.cumsum(sentence_words)))[word_sentence]
        head = np.where(block.heads == 0, -1, word_base + block.heads - 1 + self.words)
        token_last = np.cumsum(sentence_tokens) - 1
        self._append("token_start", token_start)
        self._append("token_end", token_end)
        self._append("word_start", token_start[block.word_token])
        self._append("word_end", token_end[block.word_token])
        self._append("head", head)
        self._append("sentence_words", sentence_words)
        self._append("sentence_start", token_start[token_last - sentence_tokens + 1])
        self._append("sentence_end", token_end[token_last])
        for name in ("word_mwt", "form", "lemma", "upos", "xpos", "feats", "deprel",
                     "sentence_line", "deps", "word_line"):
            self._append(name, getattr(block, name))
        self.text.append(block.text)
        self.chars = int(token_end[-1]) if len(token_end) else self.chars
        self.words += len(head)

    def finish(self) -> UDTreebank:
        def joined(name: str, dtype: type) -> AnyArray:
            """The pieces of a column as one array of ``dtype``."""
            parts = self.parts.get(name)
            return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)

        sizes = joined("sentence_words", np.int64)
        return UDTreebank(
            path=self.path, vocabulary=self.vocabulary, forms=self.forms,
            text="".join(self.text),
            token_start=joined("token_start", np.int64), token_end=joined("token_end", np.int64),
            word_start=joined("word_start", np.int64), word_end=joined("word_end", np.int64),
            word_mwt=joined("word_mwt", bool), form=joined("form", np.int32),
            lemma=joined("lemma", np.int32), upos=joined("upos", np.int32),
            xpos=joined("xpos", np.int32), feats=joined("feats", np.int32),
            deprel=joined("deprel", np.int32), head=joined("head", np.int64),
            sentence_offsets=np.concatenate(([0], np.cumsum(sizes))),
            sentence_start=joined("sentence_start", np.int64),
            sentence_end=joined("sentence_end", np.int64),
            sentence_line=joined("sentence_line", np.int64), char_base=self.char_base,
            deps=joined("deps", np.int32), word_line=joined("word_line", np.int64))
