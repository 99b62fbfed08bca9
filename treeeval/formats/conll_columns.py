"""A fast CoNLL-X / CoNLL-U reader: the bytes are scanned with numpy straight into columns.

The file is read in blocks of whole sentences.  In each block numpy finds the tabs and
newlines, classifies the lines (blank, ``#`` comment, token), checks that every token line
has ten fields, parses ID, HEAD and PHEAD as integers and turns each string column into
integer codes: a field of up to 8 bytes is one 64-bit word (read through an
overlapping, unaligned view of the block), longer fields are a few such words, and equal
words are found with a small open-addressing hash table built in numpy (exact: keys are
compared word by word, never trusted to a hash).  The codes index a :class:`Vocabulary`
that several files can share, so that a gold and a parsed file compare codes directly.

Multiword-token ranges (ID ``1-2``) and empty nodes (``1.1``) are skipped, like comments;
CRLF line ends are read as LF.  Anything else this path cannot vouch for (a wrong field
count, an ID out of sequence, a HEAD or PHEAD that is not a number, a carriage return of
its own, a NUL byte, an undecodable byte, an encoding that is not ASCII-compatible) makes
:func:`read_columns` return None: the caller then reads the file with the careful reader
(formats/conll.py), which gives the exact error.

>>> import os, tempfile
>>> rows = ["1 Rain rain NOUN NN _ 2 nsubj _ _", "2 fell fall VERB VBD _ 0 root _ _"]
>>> text = "# a comment\\n" + "".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n"
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "x.conllu")
...     with open(path, "w", encoding="utf-8") as f:
...         _ = f.write(text * 2)
...     columns = read_columns(path)
>>> columns.heads.tolist(), columns.sizes.tolist()
([2, 0, 2, 0], [2, 2])
>>> columns.vocabulary.strings("deprel")[columns.codes["deprel"]].tolist()
['nsubj', 'root', 'nsubj', 'root']
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import Iterable, Iterator

import numpy as np

#: the string columns kept as codes, and their 0-based field in a CoNLL line
STRING_FIELDS = {"form": 1, "lemma": 2, "cpostag": 3, "postag": 4, "feats": 5,
                 "deprel": 7, "phead": 8, "pdeprel": 9}
#: encodings whose tab, newline, digits, ``#``, ``-``, ``.`` and ``_`` are single ASCII bytes
ASCII_COMPATIBLE = {"utf-8", "ascii", "iso8859-1", "iso8859-15", "cp1250", "cp1251", "cp1252"}
BLOCK_SIZE = 1 << 24
TAB, NEWLINE = 9, 10
#: a field of one underscore as a packed word
UNDERSCORE = np.uint64(ord("_"))
#: ``MASKS[n]`` keeps the first n bytes of a packed word
MASKS = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype=np.uint64)
#: fields of more than 8 * (LONG - 1) bytes are compared by Python, not by packed words
LONG = 5
#: rounds of hashing before the rows still colliding are sorted instead
MAX_ROUNDS = 8
#: multipliers of the hash that places packed words in the table (odd 64-bit constants)
MIXERS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)


class Vocabulary:
    """The strings of each column, numbered in order of first appearance.

    One Vocabulary shared by several files gives them one code space per column.

    >>> v = Vocabulary()
    >>> v.encode("deprel", ["root", "det", "root"]).tolist(), v.strings("deprel").tolist()
    ([0, 1, 0], ['root', 'det'])
    """

    def __init__(self) -> None:
        self.index: dict[str, dict[str, int]] = {name: {} for name in STRING_FIELDS}
        self._arrays: dict[str, np.ndarray] = {}

    def encode(self, column: str, values: Iterable[str]) -> np.ndarray:
        """The codes of ``values``, adding new strings to the column's vocabulary."""
        index = self.index[column]
        return np.fromiter((index.setdefault(v, len(index)) for v in values), dtype=np.int32)

    def strings(self, column: str) -> np.ndarray:
        """The column's strings as an object array (``strings(c)[code]`` is a code's string)."""
        index = self.index[column]
        cached = self._arrays.get(column)
        if cached is None or len(cached) != len(index):
            cached = np.empty(len(index), dtype=object)
            cached[:] = list(index)
            self._arrays[column] = cached
        return cached


@dataclass
class ConllColumns:
    """A CoNLL file as columns: int64 heads (-1 for ``_``), sentence sizes, string codes."""

    heads: np.ndarray
    sizes: np.ndarray
    codes: dict[str, np.ndarray]
    vocabulary: Vocabulary


class _Unvouched(Exception):
    """The fast path cannot vouch for a block: the careful reader must read the file."""


def fast_charset(charset: str) -> bool:
    """Whether the fast path can scan bytes of ``charset`` (ASCII-compatible encodings).

    >>> fast_charset("UTF-8"), fast_charset("ISO-8859-1"), fast_charset("UTF-16")
    (True, True, False)
    """
    try:
        return codecs.lookup(charset).name in ASCII_COMPATIBLE
    except LookupError:
        return False


def read_columns(path: str, charset: str = "utf-8", vocabulary: Vocabulary | None = None,
                 block_size: int = BLOCK_SIZE, columns: Iterable[str] = tuple(STRING_FIELDS)
                 ) -> ConllColumns | None:
    """Read ``path`` into columns, or None when the careful reader must read it instead.

    Only the columns stay in memory: the file is read ``block_size`` bytes at a time (cut
    after a blank line).  Only the string ``columns`` named get codes (every line is
    checked all the same).  A None leaves ``vocabulary`` unchanged.
    """
    wanted = {name: STRING_FIELDS[name] for name in columns}
    if not fast_charset(charset):
        return None
    charset = codecs.lookup(charset).name
    trial = Vocabulary()
    heads: list[np.ndarray] = []
    sizes: list[np.ndarray] = []
    codes: dict[str, list[np.ndarray]] = {name: [] for name in wanted}
    try:
        with open(path, "rb") as stream:
            for block in _blocks(stream, block_size):
                block_heads, block_sizes, block_codes = _scan_block(block, charset, trial,
                                                                    wanted)
                heads.append(block_heads)
                sizes.append(block_sizes)
                for name, values in block_codes.items():
                    codes[name].append(values)
    except _Unvouched:
        return None
    except OSError:
        return None  # the careful reader reports it
    joined = {name: _join(parts, np.int32) for name, parts in codes.items()}
    if vocabulary is not None:
        for name in wanted:
            remap = vocabulary.encode(name, trial.index[name])
            joined[name] = remap[joined[name]] if len(remap) else joined[name]
    return ConllColumns(_join(heads, np.int64), _join(sizes, np.int64), joined,
                        vocabulary if vocabulary is not None else trial)


def _join(parts: list[np.ndarray], dtype: type) -> np.ndarray:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)


def _blocks(stream: object, block_size: int) -> Iterator[bytes]:
    """The file in pieces of about ``block_size`` bytes, each ending after a blank line."""
    pending: list[bytes] = []
    tail = b""  # the last bytes read, where a blank line may begin
    while True:
        chunk = stream.read(block_size)  # type: ignore[attr-defined]
        if not chunk:
            break
        window = tail + chunk
        ends = [found + len(blank) for blank in (b"\n\n", b"\n\r\n")
                if (found := window.rfind(blank)) >= 0]
        cut = max(ends, default=0) - len(tail)
        tail = window[-2:]
        if cut <= 0:
            pending.append(chunk)
            continue
        yield b"".join(pending + [chunk[:cut]])
        pending = [chunk[cut:]]
    rest = b"".join(pending)
    if rest:
        yield rest if rest.endswith(b"\n") else rest + b"\n"


def _scan_block(block: bytes, charset: str, vocabulary: Vocabulary, wanted: dict[str, int]
                ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
    """Heads, sentence sizes and string codes of one block of whole sentences."""
    if b"\r" in block:  # CRLF line ends are read as LF; any other CR is the careful reader's
        if block.count(b"\r") != block.count(b"\r\n"):
            raise _Unvouched
        block = block.replace(b"\r\n", b"\n")
    if b"\0" in block:
        raise _Unvouched
    if not block.isascii():
        try:
            block.decode(charset)
        except UnicodeDecodeError:
            raise _Unvouched from None
    data = np.frombuffer(block + b"\0" * 8, dtype=np.uint8)
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
        raise _Unvouched  # a wrong field count, or a line of blanks
    if np.array_equal(token, ~blank):  # no comment lines: all tabs are token lines' tabs
        ends = list(np.vstack([separators[~is_newline].reshape(-1, 9).T, line_end[token]]))
    else:
        ends = [separators[newline_at[token] + k] for k in range(-9, 1)]
    fields = _Fields(data, line_start[token], ends)
    sentence_of_line = np.cumsum(blank)[token]
    sizes, position = _positions(sentence_of_line)
    id_ok = fields.word(0) == _id_words(position)
    if not id_ok.all():  # multiword ranges and empty nodes are skipped
        words = ~fields.contains(0, (ord("-"), ord(".")))
        fields.keep(words)
        sizes, position = _positions(sentence_of_line[words])
        if not np.all(fields.word(0) == _id_words(position)):
            raise _Unvouched
    heads, head_ok = fields.numbers(6)
    unknown = fields.word(6) == UNDERSCORE
    heads[unknown] = -1
    if not np.all(head_ok | unknown) or np.any(heads > np.repeat(sizes, sizes)):
        raise _Unvouched
    underscore = fields.word(8) == UNDERSCORE
    if not underscore.all() and not np.all(fields.numbers(8)[1] | underscore):
        raise _Unvouched
    codes = {name: fields.codes(field, block, charset, vocabulary.index[name])
             for name, field in wanted.items()}
    return heads, sizes, codes


def _positions(sentence_of_token: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sentence sizes and each token's 1-based position, from each token's sentence label."""
    if len(sentence_of_token) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    first = np.r_[True, sentence_of_token[1:] != sentence_of_token[:-1]]
    sentence_start = np.flatnonzero(first)
    sizes = np.diff(np.r_[sentence_start, len(sentence_of_token)])
    return sizes, np.arange(len(sentence_of_token)) - np.repeat(sentence_start, sizes) + 1


_ID_WORDS: list[int] = []


def _id_words(position: np.ndarray) -> np.ndarray:
    """The ID each position must have (``str(position)``) as a packed word."""
    largest = int(position.max()) if len(position) else 0
    if largest >= 10 ** 7:
        raise _Unvouched
    while len(_ID_WORDS) <= largest:
        _ID_WORDS.append(int.from_bytes(str(len(_ID_WORDS)).encode(), "little"))
    return np.array(_ID_WORDS, dtype=np.uint64)[position]


class _Fields:
    """The ten fields of the token lines of a block: start and end offsets in ``data``."""

    def __init__(self, data: np.ndarray, line_start: np.ndarray, ends: list[np.ndarray]
                 ) -> None:
        self.data = data
        #: ``packed[i]`` is bytes i..i+7 as one little-endian word (an unaligned view)
        self.packed = np.ndarray((len(data) - 7,), dtype="<u8", buffer=data, strides=(1,))
        self.line_start = line_start
        self.ends = ends
        self._words: dict[int, np.ndarray] = {}
        self._lengths: dict[int, np.ndarray] = {}

    def keep(self, rows: np.ndarray) -> None:
        self.line_start = self.line_start[rows]
        self.ends = [end[rows] for end in self.ends]
        self._words, self._lengths = {}, {}

    def start(self, field: int) -> np.ndarray:
        return self.ends[field - 1] + 1 if field else self.line_start

    def length(self, field: int) -> np.ndarray:
        if field not in self._lengths:
            self._lengths[field] = self.ends[field] - self.start(field)
        return self._lengths[field]

    def words(self, start: np.ndarray, length: np.ndarray, k: int) -> np.ndarray:
        """Bytes 8k..8k+7 of each field as a word, zero after the field's end."""
        word = self.packed[np.minimum(start + 8 * k, len(self.packed) - 1)]
        return word & MASKS[np.clip(length - 8 * k, 0, 8)]

    def word(self, field: int) -> np.ndarray:
        """The first 8 bytes of each field (the whole field when it is that short)."""
        if field not in self._words:
            self._words[field] = self.words(self.start(field), self.length(field), 0)
        return self._words[field]

    def numbers(self, field: int) -> tuple[np.ndarray, np.ndarray]:
        """The field read as a whole number of ASCII digits, and whether it is one."""
        length = self.length(field)
        width = int(length.max()) if len(length) else 0
        if width > 8:
            raise _Unvouched
        word = self.word(field)
        value = np.zeros(len(length), dtype=np.int64)
        ok = length > 0
        for k in range(width):
            digit = ((word >> np.uint64(8 * k)) & np.uint64(255)).astype(np.int64) - 48
            inside = k < length
            ok &= ~inside | ((digit >= 0) & (digit <= 9))
            value = np.where(inside, value * 10 + digit, value)
        return value, ok

    def contains(self, field: int, characters: tuple[int, ...]) -> np.ndarray:
        """Whether each field holds one of ``characters``."""
        start, length = self.start(field), self.length(field)
        found = np.zeros(len(start), dtype=bool)
        for k in range(int(length.max()) if len(length) else 0):
            byte = self.data[np.minimum(start + k, len(self.data) - 1)]
            found |= (k < length) & np.isin(byte, characters)
        return found

    def codes(self, field: int, block: bytes, charset: str, index: dict[str, int]
              ) -> np.ndarray:
        """The vocabulary codes (``index``) of a string field; new strings are added."""
        start, end, length = self.start(field), self.ends[field], self.length(field)
        lanes = np.clip((length + 7) // 8, 1, LONG)
        codes = np.empty(len(start), dtype=np.int32)
        for count in np.flatnonzero(np.bincount(lanes)).tolist():
            rows = np.flatnonzero(lanes == count) if lanes.max() > 1 else slice(None)
            if count == LONG:  # long fields are few: Python compares them directly
                texts = [block[s:e].decode(charset)
                         for s, e in zip(start[rows].tolist(), end[rows].tolist())]
                codes[rows] = [index.setdefault(t, len(index)) for t in texts]
                continue
            words = [self.word(field)[rows]] + [
                self.words(start[rows], length[rows], k) for k in range(1, count)]
            local, firsts = _factor_words(words)
            first_rows = np.arange(len(start))[rows][firsts]
            texts = [block[s:e].decode(charset)
                     for s, e in zip(start[first_rows].tolist(), end[first_rows].tolist())]
            remap = np.array([index.setdefault(t, len(index)) for t in texts], dtype=np.int32)
            codes[rows] = remap[local]
        return codes


def _factor_words(words: list[np.ndarray], round_: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Codes of the equal rows of the word columns ``words`` and one row of each code.

    Rows are placed in a hash table and compared word by word with the row that holds their
    slot; rows that lose a slot to a different row are numbered in a further round.

    >>> codes, firsts = _factor_words([np.array([5, 7, 5, 9], dtype=np.uint64)])
    >>> len(set(codes.tolist())), bool(codes[0] == codes[2]), len(firsts)
    (3, True, 3)
    """
    rows = len(words[0])
    if rows == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if round_ >= MAX_ROUNDS:  # keys that keep colliding: sort them instead
        _, firsts, codes = np.unique(np.stack(words, axis=1), axis=0, return_index=True,
                                     return_inverse=True)
        return codes.reshape(-1), firsts
    bits = max(10, min(22, int(2 * rows - 1).bit_length()))
    mixed = np.zeros(rows, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for k, word in enumerate(words):
            mixed = (mixed ^ word) * np.uint64(MIXERS[(round_ + k) % len(MIXERS)])
        mixed ^= mixed >> np.uint64(29)
        mixed *= np.uint64(MIXERS[(round_ + 1) % len(MIXERS)])
    slot = (mixed >> np.uint64(64 - bits)).astype(np.intp)
    table = np.empty(1 << bits, dtype=np.intp)
    table[slot] = np.arange(rows)
    owner = table[slot]
    same = words[0][owner] == words[0]
    for word in words[1:]:
        same &= word[owner] == word
    is_first = np.zeros(rows, dtype=bool)
    is_first[owner[same]] = True
    firsts = np.flatnonzero(is_first)
    rank = np.cumsum(is_first) - 1
    codes = np.where(same, rank[owner], -1)
    rest = np.flatnonzero(~same)
    if len(rest):
        rest_codes, rest_firsts = _factor_words([word[rest] for word in words], round_ + 1)
        codes[rest] = rest_codes + len(firsts)
        firsts = np.r_[firsts, rest[rest_firsts]]
    return codes, firsts
