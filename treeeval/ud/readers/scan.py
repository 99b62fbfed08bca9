"""The fast CoNLL-U reader: a block of bytes to interned columns with numpy only.

Lines, tabs and fields are found as byte positions (``flatnonzero``); IDs and HEADs are
parsed digit by digit over whole columns; space characters are cut out of the FORMs on the
gathered bytes; string columns are interned exactly by the columnar kernel
(:mod:`treeeval.columnar.key_cache`), and the 64-bit key of each value is cached with
its bytes, so Python decodes a value only the first time the file shows it; fields of any
width take this path.  Anything out of the ordinary (an empty FORM, ID or HEAD, non-ASCII
digits, a malformed line, a hash collision) makes :func:`scan_fast` raise
:class:`~treeeval.fallback.Fallback`, and the block is read again by the string readers of
:mod:`.reading`.

>>> from treeeval.model.vocabulary import Vocabulary
>>> from treeeval.ud.rules import Normaliser, universal_features
>>> vocabulary, forms = Vocabulary(), Vocabulary()
>>> interner = Interner(vocabulary, forms, Normaliser(vocabulary, universal_features),
...                     Normaliser(vocabulary, lambda d: d.split(":")[0]))
>>> rows = ["1-2 Im _ _ _ _ _ _ _ _", "1 I I PRON _ _ 2 nsubj _ _", "2 m be AUX _ _ 0 root _ _"]
>>> data = ("".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n").encode()
>>> block = scan_fast(data, 1, ReadOptions(), interner)
>>> block.text, block.token_chars.tolist(), block.word_mwt.tolist(), block.heads.tolist()
('Im', [2], [True, True], [2, 0])
>>> [vocabulary.strings[i] for i in block.deprel]
['nsubj', 'root']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ...arrays import BoolArray, ByteArray, Int32Array, IntArray, WordArray
from ...columnar.key_cache import KeyCache, intern_fields
from ...columnar.words import gather, padded, word_view
from ...fallback import Fallback
from ...model.vocabulary import Vocabulary
from ..rules import (
    Normaliser,
    strip_ascii_spaces,
    strip_spaces,
    universal_features,
    universal_relation,
)
from .layout import (
    DEPREL,
    DEPS,
    FEATS,
    FORM,
    HEAD,
    ID,
    LEMMA,
    MAX_DIGITS,
    UPOS,
    XPOS,
    BlockColumns,
    ReadOptions,
    multiword_layout,
    sentence_numbering,
    token_lines,
    trees_ok,
)

_TAB, _NEWLINE, _HASH, _DOT, _DASH, _SPACE = 9, 10, 35, 46, 45, 32


@dataclass
class Interner:
    """Where interned values go: column values, FORMs, the two normalised columns, and
    DEPS strings (in a vocabulary of their own: they are many, and the column values'
    vocabulary is scanned whole for flags)."""

    vocabulary: Vocabulary
    forms: Vocabulary
    feats: Mapping[str, int]
    relations: Mapping[str, int]
    deps: Vocabulary = field(default_factory=Vocabulary)
    caches: dict[str, KeyCache] = field(default_factory=dict)

    @classmethod
    def of(cls, vocabulary: Vocabulary, forms: Vocabulary, options: ReadOptions) -> Interner:
        """The interner of files read with ``options`` into ``vocabulary`` and ``forms``;
        the two files of a pair share one, so that a value both show is decoded once."""
        feats = vocabulary if options.conll17 else Normaliser(vocabulary, universal_features)
        return cls(vocabulary, forms, feats, Normaliser(vocabulary, universal_relation))

    def cache(self, column: str) -> KeyCache:
        """The key cache of a column ("form", "lemma", ...)."""
        if column not in self.caches:
            mapping = {"form": self.forms, "feats": self.feats, "deprel": self.relations,
                       "deps": self.deps}.get(column, self.vocabulary)
            self.caches[column] = KeyCache(mapping)
        return self.caches[column]


def scan_fast(data: bytes, first_line: int, options: ReadOptions,
              interner: Interner) -> BlockColumns:
    """The columns of a block of whole sentences (newlines already ``\\n``); Fallback when the
    block is out of the ordinary."""
    if not data.endswith(b"\n\n") or b"\x00" in data:
        raise Fallback("a block that does not end with a blank line, or a NUL byte")
    buf = np.frombuffer(data, np.uint8)
    newline = np.flatnonzero(buf == _NEWLINE)
    line_start = np.concatenate(([0], newline[:-1] + 1))
    blank = newline == line_start
    hashed = buf[line_start] == _HASH
    token = token_lines(blank, hashed)
    if token is None:
        raise Fallback("a blank line that closes no sentence")
    tab = np.flatnonzero(buf == _TAB)
    tabs_before = np.searchsorted(tab, newline)  # the tabs before each line's end
    if (np.diff(tabs_before, prepend=0)[token] != 9).any():
        raise Fallback("a token line without ten fields")
    rows = np.flatnonzero(token)
    tabs = tab[tabs_before[rows, None] - 9 + np.arange(9)]
    starts = np.empty((len(rows), 10), np.int64)
    ends = np.empty((len(rows), 10), np.int64)
    starts[:, 0], starts[:, 1:] = line_start[rows], tabs + 1
    ends[:, :9], ends[:, 9] = tabs, newline[rows]
    id_bytes, id_owner = gather(buf, starts[:, ID], ends[:, ID]), _owners(starts[:, ID], ends[:, ID])
    empty_node = np.bincount(id_owner[id_bytes == _DOT], minlength=len(rows)) > 0
    is_range = (np.bincount(id_owner[id_bytes == _DASH], minlength=len(rows)) > 0) & ~empty_node
    is_word = ~empty_node & ~is_range
    if options.no_empty_nodes and empty_node.any():
        raise Fallback("an empty node, which these rules refuse")
    row_sentence = np.cumsum(blank)[rows]
    sentences = int(blank.sum())
    sentence_words, offsets, position = sentence_numbering(row_sentence, is_word, sentences)
    word_id = _numbers(buf, starts[is_word, ID], ends[is_word, ID])
    head = _numbers(buf, starts[is_word, HEAD], ends[is_word, HEAD])
    if not np.array_equal(word_id, position):
        raise Fallback("an ID out of sequence")
    bounds = _range_bounds(data, starts[is_range, ID], ends[is_range, ID])
    layout = multiword_layout(is_word, is_range, row_sentence, position, *bounds)
    if layout is None:
        raise Fallback("a multiword range that does not cover its words")
    word_sentence = row_sentence[is_word]
    if not trees_ok(head, word_sentence, offsets, sentence_words, options):
        raise Fallback("no word, or a sentence that is not a tree")
    form_start = starts[layout.row_is_token, FORM]
    form_end = ends[layout.row_is_token, FORM]
    text, characters, spaced = _token_text(buf, form_start, form_end, options.conll17)
    columns = {}
    words = word_view(padded(data))
    read = (("form", FORM), ("lemma", LEMMA), ("upos", UPOS), ("xpos", XPOS), ("feats", FEATS),
            ("deprel", DEPREL)) + ((("deps", DEPS),) if options.deps else ())
    for name, column in read:
        columns[name] = _intern(buf, words, starts[is_word, column], ends[is_word, column],
                                interner.cache(name), empty=name != "form")
    if len(spaced):
        # plain words whose FORM lost spaces: the alignment sees the FORM without them
        strip = strip_ascii_spaces if options.conll17 else strip_spaces
        word_rows = np.flatnonzero(is_word)
        token_rows = np.flatnonzero(layout.row_is_token)
        for token in spaced.tolist():
            row = token_rows[token]
            word = int(np.searchsorted(word_rows, row))
            if word < len(word_rows) and word_rows[word] == row:
                form = data[starts[row, FORM]:ends[row, FORM]].decode("utf-8")
                columns["form"][word] = interner.forms[strip(form)]
    first_rows = np.concatenate(([0], np.cumsum(np.bincount(row_sentence,
                                                            minlength=sentences))))
    return BlockColumns(
        text=text, token_chars=characters,
        sentence_tokens=np.bincount(row_sentence[layout.row_is_token], minlength=sentences),
        sentence_words=sentence_words, sentence_line=rows[first_rows[:-1]] + first_line,
        word_token=layout.word_token, word_mwt=layout.word_mwt, heads=head,
        word_line=rows[is_word] + first_line if options.deps else np.zeros(0, np.int64),
        **columns)


def _token_text(buf: ByteArray, start: IntArray, end: IntArray,
                conll17: bool) -> tuple[str, IntArray, IntArray]:
    """The tokens' FORMs with spaces removed, concatenated; each token's length in
    characters; the tokens that had spaces.  Fallback if a FORM is empty without its
    spaces."""
    length = end - start
    gathered = gather(buf, start, end)
    token_of = _owners(start, end)
    if conll17:
        last, size = gathered == _SPACE, np.ones(len(gathered), np.int64)
    else:
        last, size = _zs_last_bytes(gathered)
    keep = np.ones(len(gathered), bool)
    ends_at = np.flatnonzero(last)
    for back in range(3):
        drop = ends_at[size[ends_at] > back] - back
        keep[drop] = False
    removed = np.bincount(token_of[~keep], minlength=len(length))
    if (length - removed <= 0).any():
        raise Fallback("a FORM that is empty without its spaces")
    kept = gathered[keep]
    starts_char = (kept & 0xC0) != 0x80
    characters = np.bincount(token_of[keep][starts_char], minlength=len(length))
    return kept.tobytes().decode("utf-8"), characters, np.flatnonzero(removed)


def _owners(start: IntArray, end: IntArray) -> IntArray:
    """For each byte of the ranges [start, end) concatenated, the range it belongs to."""
    return np.repeat(np.arange(len(start)), end - start)


def _numbers(buf: ByteArray, start: IntArray, end: IntArray) -> IntArray:
    """Fields of 1 to 9 ASCII digits as integers (Fallback if any field is not one)."""
    length = end - start
    if not len(length):
        return np.zeros(0, np.int64)
    if length.min() < 1 or length.max() > 9:
        raise Fallback("an ID or HEAD that is empty or longer than nine digits")
    value = np.zeros(len(start), np.int64)
    for k in range(int(length.max())):
        more = k < length
        digit = buf[np.where(more, start + k, 0)].astype(np.int64) - 48
        if ((digit < 0) | (digit > 9))[more].any():
            raise Fallback("an ID or HEAD that is not ASCII digits")
        value = np.where(more, value * 10 + digit, value)
    return value


def _range_bounds(data: bytes, start: IntArray, end: IntArray) -> tuple[IntArray, IntArray]:
    """The integers of ``a-b`` range IDs (few per block: parsed in Python)."""
    bounds = [data[s:e].split(b"-") for s, e in zip(start.tolist(), end.tolist())]
    if not all(len(b) == 2 and b[0].isdigit() and b[1].isdigit()
               and max(len(b[0]), len(b[1])) <= MAX_DIGITS for b in bounds):
        raise Fallback("a range ID that is not two numbers")
    return (np.array([int(b[0]) for b in bounds], np.int64),
            np.array([int(b[1]) for b in bounds], np.int64))


def _zs_last_bytes(buf: ByteArray) -> tuple[BoolArray, IntArray]:
    """True at the last byte of every UTF-8 encoded Zs character (space separators), and
    the length in bytes of the character ending there."""
    size = len(buf)
    one = np.concatenate((np.zeros(1, np.uint8), buf[:-1]))[:size]
    two = np.concatenate((np.zeros(2, np.uint8), buf[:-2]))[:size]
    space = buf == _SPACE
    nbsp = (buf == 0xA0) & (one == 0xC2)
    wide = (two == 0xE1) & (one == 0x9A) & (buf == 0x80)
    wide |= (two == 0xE2) & (one == 0x80) & (((buf >= 0x80) & (buf <= 0x8A)) | (buf == 0xAF))
    wide |= (two == 0xE2) & (one == 0x81) & (buf == 0x9F)
    wide |= (two == 0xE3) & (one == 0x80) & (buf == 0x80)
    return space | nbsp | wide, np.where(wide, 3, np.where(nbsp, 2, 1))


def _intern(buf: ByteArray, words: WordArray, start: IntArray, end: IntArray,
            cache: KeyCache, empty: bool = True) -> Int32Array:
    """The ids of the fields [start, end) in the cache's mapping (``words``: the block's
    :func:`~treeeval.columnar.words.word_view`); an empty field is the empty string (some
    systems write an empty FEATS), unless not ``empty``; Fallback for an empty field then,
    or a hash collision (the string reader then reads the block)."""
    if not empty and len(start) and (end - start).min() < 1:
        raise Fallback("an empty field")
    ids = intern_fields(buf, words, start, end, cache)
    if ids is None:
        raise Fallback("two fields hashed alike")
    return ids
