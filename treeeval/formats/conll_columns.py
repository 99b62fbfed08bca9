"""A fast CoNLL-X / CoNLL-U reader: the bytes are scanned with numpy straight into columns.

The file is read in blocks of whole sentences.  In each block numpy finds the tabs and
newlines, classifies the lines (blank, ``#`` comment, token), checks that every token line
has ten fields, parses ID, HEAD and PHEAD as integers and turns each string column into
integer codes with the columnar kernel (:mod:`treeeval.columnar`: fields read as 64-bit
words, equal fields numbered exactly by a hash table in numpy).  The codes index a
:class:`Vocabularies` that several files can share, so that a gold and a parsed file
compare codes directly.

Multiword-token ranges (ID ``1-2``) and empty nodes (``1.1``) are skipped, like comments;
CRLF line ends are read as LF.  Anything else this path cannot vouch for (a wrong field
count, an ID out of sequence, a HEAD or PHEAD that is not a number, a carriage return of
its own, a NUL byte, an undecodable byte, an encoding that is not ASCII-compatible) makes
:func:`read_columns_fast` raise :class:`~treeeval.fallback.Fallback`: the caller then reads
the file with the exact reader (formats/conll.py), which gives the exact error.  Read as
CoNLL-U (``conllu=True``), columns 9 and 10 are DEPS and MISC, not PHEAD and PDEPREL: they
are not checked, and the ``phead`` and ``pdeprel`` columns are ``_``; a HEAD ``_``, an
empty field of a word and an ID that is neither a word's nor ``N-M`` nor ``N.M`` fall back
(the exact reader refuses them).

>>> import os, tempfile
>>> rows = ["1 Rain rain NOUN NN _ 2 nsubj _ _", "2 fell fall VERB VBD _ 0 root _ _"]
>>> text = "# a comment\\n" + "".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n"
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "x.conllu")
...     with open(path, "w", encoding="utf-8") as f:
...         _ = f.write(text * 2)
...     columns = read_columns_fast(path)
>>> columns.heads.tolist(), columns.sizes.tolist(), columns.sentence_line.tolist()
([2, 0, 2, 0], [2, 2], [2, 6])
>>> columns.vocabulary.strings("deprel")[columns.codes["deprel"]].tolist()
['nsubj', 'root', 'nsubj', 'root']
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "x.conllu")
...     with open(path, "w", encoding="utf-8") as f:
...         _ = f.write(text.replace("nsubj\t_", "nsubj\t2:nsubj"))
...     columns = read_columns_fast(path, conllu=True, columns=("phead",))
>>> columns.vocabulary.strings("phead")[columns.codes["phead"]].tolist()
['_', '_']
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO, TypeVar

import numpy as np
from numpy.typing import NDArray

from ..arrays import BoolArray, ByteArray, Int32Array, IntArray, WordArray
from ..columnar.blocks import sentence_blocks
from ..columnar.key_cache import KeyCache, intern_fields
from ..columnar.words import field_words, padded, word_view
from ..fallback import Fallback
from ..model.vocabulary import STRING_FIELDS, Vocabularies

#: encodings whose tab, newline, digits, ``#``, ``-``, ``.`` and ``_`` are single ASCII bytes
ASCII_COMPATIBLE = {"utf-8", "ascii", "iso8859-1", "iso8859-15", "cp1250", "cp1251", "cp1252"}
BLOCK_SIZE = 1 << 21
TAB, NEWLINE = 9, 10
#: a field of one underscore as a packed word
UNDERSCORE = np.uint64(ord("_"))
#: the string columns a CoNLL-U file has not (its columns 9 and 10 are DEPS and MISC): ``_``
NOT_IN_CONLLU = ("phead", "pdeprel")
_Scalar = TypeVar("_Scalar", bound=np.generic)


@dataclass
class ConllColumns:
    """A CoNLL file as columns: int64 heads (-1 for ``_``), sentence sizes, string codes,
    and the line of each sentence's first word (1-based, as the exact reader gives it)."""

    heads: IntArray
    sizes: IntArray
    codes: dict[str, Int32Array]
    vocabulary: Vocabularies
    sentence_line: IntArray

    def adopted(self, vocabulary: Vocabularies) -> ConllColumns:
        """The same columns with their codes in ``vocabulary`` (its new strings added)."""
        codes = {}
        for name, values in self.codes.items():
            remap = vocabulary.encode(name, self.vocabulary.index[name])
            codes[name] = remap[values] if len(remap) else values
        return ConllColumns(self.heads, self.sizes, codes, vocabulary, self.sentence_line)


def fast_charset(charset: str) -> bool:
    """Whether the fast path can scan bytes of ``charset`` (ASCII-compatible encodings).

    >>> fast_charset("UTF-8"), fast_charset("ISO-8859-1"), fast_charset("UTF-16")
    (True, True, False)
    """
    try:
        return codecs.lookup(charset).name in ASCII_COMPATIBLE
    except LookupError:
        return False


def read_columns_fast(path: str, charset: str = "utf-8", vocabulary: Vocabularies | None = None,
                      block_size: int = BLOCK_SIZE, columns: Iterable[str] = tuple(STRING_FIELDS),
                      data: bytes | None = None, conllu: bool = False,
                      known_heads: bool = False) -> ConllColumns:
    """Read ``path`` into columns; :class:`~treeeval.fallback.Fallback` when the exact
    reader must read it instead.

    Only the columns stay in memory: the file is read ``block_size`` bytes at a time (cut
    after a blank line).  Only the string ``columns`` named get codes (every line is
    checked all the same).  A Fallback leaves ``vocabulary`` unchanged.  ``data``: the
    file's bytes, already read (the file is not opened).  ``conllu``: read it as CoNLL-U
    (the module's docstring); ``known_heads``: a HEAD ``_`` falls back (the exact reader
    refuses it) in CoNLL-X too.
    """
    wanted = {name: STRING_FIELDS[name] for name in columns}
    if not fast_charset(charset):
        raise Fallback(f"{charset.lower()} is not ASCII-compatible")
    charset = codecs.lookup(charset).name
    trial = Vocabularies()
    caches = {name: KeyCache(trial.index[name], charset) for name in wanted}
    heads: list[IntArray] = []
    sizes: list[IntArray] = []
    lines: list[IntArray] = []
    codes: dict[str, list[Int32Array]] = {name: [] for name in wanted}
    try:
        with open(path, "rb") if data is None else io.BytesIO(data) as stream:
            for block, first_line in _blocks(stream, block_size):
                block_heads, block_sizes, block_codes, block_lines = _scan_block(
                    block, charset, caches, wanted, conllu, known_heads or conllu)
                heads.append(block_heads)
                sizes.append(block_sizes)
                lines.append(block_lines + first_line)
                for name, values in block_codes.items():
                    codes[name].append(values)
    except OSError as error:
        raise Fallback(f"cannot read: {error.strerror}") from None  # the exact reader reports it
    read = ConllColumns(_join(heads, np.int64), _join(sizes, np.int64),
                        {name: _join(parts, np.int32) for name, parts in codes.items()}, trial,
                        _join(lines, np.int64))
    return read if vocabulary is None else read.adopted(vocabulary)


def _join(parts: list[NDArray[_Scalar]], dtype: type[_Scalar]) -> NDArray[_Scalar]:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)


def _blocks(stream: BinaryIO, block_size: int) -> Iterator[tuple[bytes, int]]:
    """The file in pieces of about ``block_size`` bytes, each ending after a blank line
    (the last one after a newline, added if the file lacks it), with their first line."""
    for data, first_line, last in sentence_blocks(stream, block_size):
        if not last:
            yield data, first_line
        elif data:
            yield (data if data.endswith(b"\n") else data + b"\n"), first_line


def _scan_block(block: bytes, charset: str, caches: dict[str, KeyCache], wanted: dict[str, int],
                conllu: bool = False, known_heads: bool = False
                ) -> tuple[IntArray, IntArray, dict[str, Int32Array], IntArray]:
    """Heads, sentence sizes, string codes (in the vocabularies of ``caches``) and the line
    (from 0 in the block) of each sentence's first word, of one block of whole sentences
    (``conllu``: of CoNLL-U; ``known_heads``: no HEAD ``_``)."""
    if b"\r" in block:  # CRLF line ends are read as LF; any other CR is the exact reader's
        if block.count(b"\r") != block.count(b"\r\n"):
            raise Fallback("a carriage return of its own")
        block = block.replace(b"\r\n", b"\n")
    if b"\0" in block:
        raise Fallback("a NUL byte")
    if not block.isascii():
        try:
            block.decode(charset)
        except UnicodeDecodeError:
            raise Fallback(f"a byte {charset} does not decode") from None
    data = padded(block)
    separators = np.flatnonzero(data <= NEWLINE)[:-8]
    kinds = data[separators]
    is_newline = kinds == NEWLINE
    if not np.all(is_newline | (kinds == TAB)):
        keep = is_newline | (kinds == TAB)
        separators, is_newline = separators[keep], is_newline[keep]
    newline_at = np.flatnonzero(is_newline)
    line_end = separators[newline_at]
    line_start = np.r_[0, line_end[:-1] + 1]
    blank = line_end == line_start
    token = ~blank & (data[line_start] != ord("#"))
    if np.any(np.diff(np.r_[-1, newline_at])[token] != 10):
        raise Fallback("a wrong field count, or a line of blanks")
    if np.array_equal(token, ~blank):  # no comment lines: all tabs are token lines' tabs
        ends = list(np.vstack([separators[~is_newline].reshape(-1, 9).T, line_end[token]]))
    else:
        ends = [separators[newline_at[token] + k] for k in range(-9, 1)]
    fields = _Fields(data, line_start[token], ends)
    sentence_of_line = np.cumsum(blank)[token]
    word_line = np.flatnonzero(token)
    sizes, position = _positions(sentence_of_line)
    id_ok = fields.word(0) == _id_words(position)
    if not id_ok.all():  # multiword ranges and empty nodes are skipped
        words = ~fields.contains(0, (ord("-"), ord(".")))
        if conllu and not fields.aside_ids(~words).all():
            raise Fallback("an ID that is neither a word's nor N-M nor N.M")
        fields.keep(words)
        word_line = word_line[words]
        sizes, position = _positions(sentence_of_line[words])
        if not np.all(fields.word(0) == _id_words(position)):
            raise Fallback("an ID out of sequence")
    heads, head_ok = fields.numbers(6)
    unknown = fields.word(6) == UNDERSCORE
    heads[unknown] = -1
    if known_heads and unknown.any():
        raise Fallback("a HEAD _")
    if conllu and any(np.any(fields.length(k) == 0) for k in range(10)):
        raise Fallback("an empty field in CoNLL-U")
    if not np.all(head_ok | unknown) or np.any(heads > np.repeat(sizes, sizes)):
        raise Fallback("a HEAD that is not a token's ID or _")
    if not conllu:
        underscore = fields.word(8) == UNDERSCORE
        if not underscore.all() and not np.all(fields.numbers(8)[1] | underscore):
            raise Fallback("a PHEAD that is not a number or _")
    codes = {name: np.full(len(heads), caches[name].mapping["_"], np.int32)
             if conllu and name in NOT_IN_CONLLU else fields.codes(field, caches[name])
             for name, field in wanted.items()}
    return heads, sizes, codes, word_line[np.cumsum(sizes) - sizes]


def _positions(sentence_of_token: IntArray) -> tuple[IntArray, IntArray]:
    """Sentence sizes and each token's 1-based position, from each token's sentence label."""
    if len(sentence_of_token) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    first = np.r_[True, sentence_of_token[1:] != sentence_of_token[:-1]]
    sentence_start = np.flatnonzero(first)
    sizes = np.diff(np.r_[sentence_start, len(sentence_of_token)])
    return sizes, np.arange(len(sentence_of_token)) - np.repeat(sentence_start, sizes) + 1


_ID_WORDS: list[int] = []


def _id_words(position: IntArray) -> WordArray:
    """The ID each position must have (``str(position)``) as a packed word."""
    largest = int(position.max()) if len(position) else 0
    if largest >= 10 ** 7:
        raise Fallback("a sentence of ten million words or more")
    while len(_ID_WORDS) <= largest:
        _ID_WORDS.append(int.from_bytes(str(len(_ID_WORDS)).encode(), "little"))
    return np.array(_ID_WORDS, dtype=np.uint64)[position]


class _Fields:
    """The ten fields of the token lines of a block: start and end offsets in ``data``."""

    def __init__(self, data: ByteArray, line_start: IntArray, ends: list[IntArray]) -> None:
        self.data = data
        #: ``view[i]`` is bytes i..i+7 as one little-endian word
        self.view = word_view(data)
        self.line_start = line_start
        self.ends = ends
        self._words: dict[int, WordArray] = {}
        self._lengths: dict[int, IntArray] = {}

    def keep(self, rows: BoolArray) -> None:
        self.line_start = self.line_start[rows]
        self.ends = [end[rows] for end in self.ends]
        self._words, self._lengths = {}, {}

    def start(self, field: int) -> IntArray:
        return self.ends[field - 1] + 1 if field else self.line_start

    def length(self, field: int) -> IntArray:
        if field not in self._lengths:
            self._lengths[field] = self.ends[field] - self.start(field)
        return self._lengths[field]

    def word(self, field: int) -> WordArray:
        """The first 8 bytes of each field (the whole field when it is that short)."""
        if field not in self._words:
            self._words[field] = field_words(self.view, self.start(field), self.length(field))
        return self._words[field]

    def numbers(self, field: int) -> tuple[IntArray, BoolArray]:
        """The field read as a whole number of ASCII digits, and whether it is one."""
        length = self.length(field)
        width = int(length.max()) if len(length) else 0
        if width > 8:
            raise Fallback("a number of more than eight digits")
        word = self.word(field)
        value = np.zeros(len(length), dtype=np.int64)
        ok = length > 0
        for k in range(width):
            digit = ((word >> np.uint64(8 * k)) & np.uint64(255)).astype(np.int64) - 48
            inside = k < length
            ok &= ~inside | ((digit >= 0) & (digit <= 9))
            value = np.where(inside, value * 10 + digit, value)
        return value, ok

    def aside_ids(self, rows: BoolArray) -> BoolArray:
        """Whether the IDs of ``rows`` are ``N-M`` or ``N.M``: digits on both sides of one
        ``-`` or ``.``."""
        start, length = self.start(0)[rows], self.length(0)[rows]
        width = int(length.max()) if len(length) else 0
        offsets = np.arange(width)
        inside = offsets < length[:, None]
        byte = self.data[np.minimum(start[:, None] + offsets, len(self.data) - 1)]
        digit = (byte >= ord("0")) & (byte <= ord("9"))
        separator = inside & ((byte == ord("-")) | (byte == ord(".")))
        last = digit[np.arange(len(start)), np.maximum(length - 1, 0)]
        return (np.all(~inside | digit | separator, axis=1) & (separator.sum(axis=1) == 1)
                & digit[:, 0] & last) if width else np.zeros(len(start), dtype=bool)

    def contains(self, field: int, characters: tuple[int, ...]) -> BoolArray:
        """Whether each field holds one of ``characters``."""
        start, length = self.start(field), self.length(field)
        found = np.zeros(len(start), dtype=bool)
        for k in range(int(length.max()) if len(length) else 0):
            byte = self.data[np.minimum(start + k, len(self.data) - 1)]
            found |= (k < length) & np.isin(byte, characters)
        return found

    def codes(self, field: int, cache: KeyCache) -> Int32Array:
        """The codes of a string field in the cache's vocabulary; new strings are added."""
        start = self.start(field)
        codes = intern_fields(self.data, self.view, start, start + self.length(field), cache)
        if codes is None:
            raise Fallback("two fields hashed alike")  # the exact reader decides
        return codes
