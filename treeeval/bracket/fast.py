"""EVALB's per-sentence numbers for a whole chunk of sentence pairs at once, in numpy.

This is the fast path of the bracket scorer.  Both files are scanned into columns
(``formats/scan.py``) and every sentence is scored with array operations only: no Python
loop runs per sentence or per token.  A sentence it cannot vouch for is handed back
(``fallback``) to the exact per-sentence engine (``reference.py``): a line outside the
strict grammar, every sentence EVALB would report an Error for (a word mismatch, or a
length mismatch the Ellis quote repair might mend), and whatever would overflow
EVALB's fixed arrays (more than 200 words or brackets, a label of 30 bytes or more, a
word of 100 bytes or more, more than 20 quote terms, a line EVALB's ``fgets`` would cut).

The rules computed here (see shared/docs/reference/evalb.md, sections 3-5):

* a terminal is deleted iff its tag is (byte for byte) a DELETE_LABEL; Len counts the
  gold terminals whose tag is not a DELETE_LABEL_FOR_LENGTH, before deletion;
* bracket spans count kept terminals; a bracket spanning none is ignored; a label is
  cut at its first ``-`` or ``=`` and the bracket ignored if the label is, or is
  EQ_LABEL-paired with, a DELETE_LABEL;
* matched = size of the multiset intersection of (start, end, label class) (labels
  dropped when LABELED is 0); crossing = test brackets crossing some gold bracket;
  Tags = kept positions whose tags are equal or EQ_LABEL-paired.

>>> from treeeval.bracket.params import EvalbParams
>>> params = EvalbParams(delete_label=[b"TOP", b"."])
>>> gold = b"(TOP (S (NP (DT The) (NN dog)) (VP (VBZ barks)) (. .)))\\n(TOP (S (NN x)))\\n"
>>> test = b"(TOP (S (NP (DT The) (NN dog) (VBZ barks)) (. .)))\\n(TOP (S (NN x) (NN y)))\\n"
>>> scores = score_chunk(gold, test, params)
>>> rows = scores.counts
>>> rows.matched.tolist(), rows.gold.tolist(), rows.test.tolist(), rows.status.tolist()
([1, 0], [3, 0], [2, 0], [0, 1])
>>> scores.fallback.tolist(), scores.gold_words.tolist(), scores.test_words.tolist()
([False, False], [3, 1], [3, 2])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..columnar.blocks import count_lines
from ..columnar.intern import hash_ids
from ..columnar.words import MASKS
from ..formats.scan import ScannedLines, scan_lines
from .counts import SentenceCounts
from .params import EvalbParams

#: EVALB's array sizes: per line, kept words and brackets; bytes of a label or word
#: (without its NUL); quote terms; longest line fgets reads whole (5000-byte buffer)
MAX_WORDS = 200
MAX_BRACKETS = 200
MAX_LABEL_BYTES = 29
MAX_WORD_BYTES = 99
MAX_QUOTE_TERMS = 20
MAX_LINE_BYTES = 4998

#: bytes of gold text scored together (small blocks keep the arrays in the cache)
BLOCK_BYTES = 1 << 19

_U64 = np.uint64
_LOW7 = _U64(0x7F7F7F7F7F7F7F7F)
_ONES = _U64(0x0101010101010101)
_HIGH = _U64(0x8080808080808080)
_DASHES = _U64(0x2D2D2D2D2D2D2D2D)
_EQUALS = _U64(0x3D3D3D3D3D3D3D3D)
#: multiplying the lowest set byte bit (1 << 8j) by this puts j in the top byte
_BYTE_INDEX = _U64(0x0001020304050607)
#: slots (as a power of 2) of the hash table that numbers the labels and tags of a block
#: (they are few: a small table stays in the processor's cache)
_TABLE_BITS = 12
#: floor(log2(k)) for the widths of sparse-table queries (k < MAX_WORDS)
_FLOOR_LOG2 = np.array([0] + [k.bit_length() - 1 for k in range(1, MAX_WORDS + 1)], dtype=np.int64)


@dataclass
class ChunkScores:
    """EVALB's numbers per line, and which lines the caller must redo.

    ``counts.line`` numbers the lines of the chunk from 0.  A line with status 1 that does
    not fall back is EVALB's "Length unmatch (gold_words|test_words)": no quote repair can
    mend it.
    """

    counts: SentenceCounts
    fallback: np.ndarray
    #: kept terminals on each side
    gold_words: np.ndarray
    test_words: np.ndarray

    @classmethod
    def zeros(cls, n_lines: int, fallback: bool) -> ChunkScores:
        counts = SentenceCounts(np.arange(n_lines), *(np.zeros(n_lines, dtype=np.int64) for _ in range(8)))
        words = [np.zeros(n_lines, dtype=np.int64) for _ in range(2)]
        return cls(counts, np.full(n_lines, fallback), *words)

    @classmethod
    def concatenate(cls, parts: list[ChunkScores]) -> ChunkScores:
        if not parts:
            return cls.zeros(0, False)
        counts = SentenceCounts.concatenate([part.counts for part in parts])
        counts.line = np.arange(len(counts))
        return cls(counts, *(np.concatenate([getattr(p, name) for p in parts])
                             for name in ("fallback", "gold_words", "test_words")))


def score_chunk(gold: bytes, test: bytes, params: EvalbParams) -> ChunkScores:
    """Score line pairs (``gold`` and ``test`` must hold the same number of lines).

    Everything falls back when DEBUG is on or the EQ_LABEL pairs do not form
    equivalence classes.  Raises ValueError when the numbers of lines differ.

    >>> scores = score_chunk(b"(S (NN a) (VB b))\\n\\n", b"(S (NN a) (NN b))\\n\\n", EvalbParams())
    >>> scores.counts.status.tolist(), scores.counts.matched.tolist(), scores.counts.correct.tolist()
    ([0, 2], [1, 0], [1, 0])
    """
    classes = params.label_classes()
    if params.debug > 0 or classes is None:
        n_lines = count_lines(gold)
        if count_lines(test) != n_lines:
            raise ValueError(f"{n_lines} gold lines but {count_lines(test)} test lines")
        return ChunkScores.zeros(n_lines, True)
    tables = _LabelTables(params, classes)
    return ChunkScores.concatenate([
        _score_block(gold_block, test_block, tables, params.labeled != 0)
        for gold_block, test_block in _blocks(gold, test)
    ])


@dataclass
class SideBrackets:
    """The brackets that count on one side of the lines a chunk scored, in reading order.

    ``start``/``end`` are EVALB's span (kept words, ``end`` exclusive); ``label`` indexes
    ``ChunkBrackets.labels``; ``matched`` as EVALB's multiset matching leaves it (the first
    brackets of a span and label class, in reading order, up to the other side's number);
    ``crossing``: the bracket crosses a counted bracket of the other side.
    """

    line: np.ndarray
    #: the bracket's number among all brackets of its line, in reading order (from 0)
    position: np.ndarray
    label: np.ndarray
    start: np.ndarray
    end: np.ndarray
    matched: np.ndarray
    crossing: np.ndarray

    @classmethod
    def concatenate(cls, parts: list[SideBrackets], first_lines: list[int]) -> SideBrackets:
        """Parts of consecutive blocks; ``first_lines``: each part's first line."""
        names = [name for name in cls.__dataclass_fields__ if name != "line"]
        lines = [part.line + first for part, first in zip(parts, first_lines)]
        return cls(np.concatenate(lines) if lines else np.zeros(0, dtype=np.int64),
                   *(np.concatenate([getattr(part, name) for part in parts]) if parts
                     else np.zeros(0, dtype=bool if name in ("matched", "crossing") else np.int64)
                     for name in names))


@dataclass
class ChunkBrackets:
    """``score_chunk``'s numbers and the brackets behind them, on the lines that do not
    fall back; ``labels`` are the bracket labels cut at their first ``-`` or ``=``."""

    scores: ChunkScores
    labels: list[bytes]
    gold: SideBrackets
    test: SideBrackets


def chunk_brackets(gold: bytes, test: bytes, params: EvalbParams) -> ChunkBrackets:
    """``score_chunk``, with the gold and test brackets that count on the lines it scores.

    >>> chunk = chunk_brackets(b"(S (NP (NN a)) (VP (VB b)))\\n", b"(S (X (NN a) (VB b)))\\n",
    ...                        EvalbParams())
    >>> [chunk.labels[k] for k in chunk.gold.label], chunk.gold.matched.tolist()
    ([b'S', b'NP', b'VP'], [True, False, False])
    >>> chunk.test.end.tolist(), chunk.test.matched.tolist(), chunk.scores.counts.matched.tolist()
    ([2, 2], [True, False], [1])
    """
    classes = params.label_classes()
    if params.debug > 0 or classes is None:
        empty = SideBrackets.concatenate([], [])
        return ChunkBrackets(score_chunk(gold, test, params), [], empty, empty)
    tables = _LabelTables(params, classes)
    parts = [_block_brackets(gold_block, test_block, tables, params.labeled != 0)
             for gold_block, test_block in _blocks(gold, test)]
    scores = ChunkScores.concatenate([part[0] for part in parts])
    first_lines = _bounds(np.array([len(part[0].fallback) for part in parts], dtype=np.int64))
    sides = [SideBrackets.concatenate([part[k] for part in parts], first_lines[:-1].tolist())
             for k in (1, 2)]
    keys, codes = np.unique(np.concatenate([side.label for side in sides]).astype(_U64),
                            return_inverse=True)
    sides[0].label, sides[1].label = codes[:len(sides[0].label)], codes[len(sides[0].label):]
    return ChunkBrackets(scores, tables.texts(keys), *sides)


def _blocks(gold: bytes, test: bytes) -> Iterator[tuple[memoryview, memoryview]]:
    """Cut both texts after the same lines, about BLOCK_BYTES of gold a block."""
    gold_at = test_at = 0
    ratio = len(test) / max(len(gold), 1)
    gold_view, test_view = memoryview(gold), memoryview(test)
    while gold_at < len(gold):
        gold_end = gold.find(b"\n", gold_at + BLOCK_BYTES - 1) + 1 or len(gold)
        lines = _newlines(gold, gold_at, gold_end) + (gold[gold_end - 1] != ord("\n"))
        test_end = _end_of_lines(test, test_at, lines, int(ratio * (gold_end - gold_at)))
        yield gold_view[gold_at:gold_end], test_view[test_at:test_end]
        gold_at, test_at = gold_end, test_end
    if test_at < len(test):
        raise ValueError("the test text has more lines than the gold text")


def _newlines(data: bytes, start: int, stop: int) -> int:
    """Number of newlines in ``data[start:stop]`` (faster than bytes.count)."""
    block = np.frombuffer(data, np.uint8, stop - start, start)
    return int(np.count_nonzero(block == ord("\n")))


def _end_of_lines(data: bytes, start: int, lines: int, guess: int) -> int:
    """Offset just after ``lines`` lines of ``data`` from ``start``; the end is looked
    for around ``start + guess`` first."""
    margin = max(guess // 8, 1 << 12)
    low = min(len(data), max(start, start + guess - margin))
    while lines:
        before = _newlines(data, start, low)
        if before >= lines:
            low, margin = max(start, low - 2 * margin), 2 * margin
            continue
        high = min(len(data), low + 2 * margin)
        ends = (np.frombuffer(data, np.uint8, high - low, low) == ord("\n")).nonzero()[0]
        if before + len(ends) >= lines:
            return low + int(ends[lines - before - 1]) + 1
        if high == len(data):
            if before + len(ends) == lines - 1 and not data.endswith(b"\n"):
                return high
            raise ValueError("the test text has fewer lines than the gold text")
        low, margin = high, 2 * margin
    return start


# --- labels and tags as integers ---------------------------------------------------------


class _LabelTables:
    """Labels and tags as uint64 keys, the parameter lists as sorted key tables.

    A string of at most 8 bytes is its own key (its bytes, little-endian; no byte is
    NUL, so the key is unique).  Longer strings (rare) get keys ``k << 8`` from a dict;
    their first byte is 0, so they never equal a short key.
    """

    def __init__(self, params: EvalbParams, classes: dict[bytes, bytes]) -> None:
        self.long: dict[bytes, int] = {}
        self.delete = self._table(params.delete_label)
        self.delete_for_length = self._table(params.delete_label_for_length)
        self.quote = self._table(params.quote_label)
        pairs = sorted((self.key(label), self.key(rep)) for label, rep in classes.items())
        self.members = np.array([member for member, _ in pairs], dtype=_U64)
        representatives = np.array([rep for _, rep in pairs], dtype=_U64)
        self.representatives, self.member_class = np.unique(representatives, return_inverse=True)
        self.delete_classes = np.unique(self.canonical(self.delete))

    def key(self, text: bytes) -> int:
        if len(text) <= 8:
            return int.from_bytes(text, "little")
        return self.long.setdefault(text, (len(self.long) + 1) << 8)

    def texts(self, keys: np.ndarray) -> list[bytes]:
        """The strings of ``keys`` (``key``'s inverse)."""
        long = {key: text for text, key in self.long.items()}
        return [long[key] if key & 0xFF == 0 and key else key.to_bytes(8, "little").rstrip(b"\0")
                for key in keys.tolist()]

    def _table(self, texts: list[bytes]) -> np.ndarray:
        return np.unique(np.array([self.key(t) for t in texts], dtype=_U64))

    def keys(self, scanned: ScannedLines, starts: np.ndarray, heads: np.ndarray,
             lengths: np.ndarray) -> np.ndarray:
        """Keys of the strings ``buffer[start:start+length]`` whose first 8 bytes are
        ``heads`` (a string longer than MAX_LABEL_BYTES gets a dummy key: its line falls
        back anyway)."""
        keys = heads & MASKS.take(np.minimum(lengths, 8))
        if len(lengths) and lengths.max() > 8:
            for k in ((lengths > 8) & (lengths <= MAX_LABEL_BYTES)).nonzero()[0].tolist():
                keys[k] = self.key(scanned.text(int(starts[k]), int(starts[k] + lengths[k])))
        return keys

    def _class_of_members(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Which keys are EQ_LABEL members, and the class number of each (0 otherwise)."""
        if not len(self.members):
            return np.zeros(len(keys), dtype=bool), np.zeros(len(keys), dtype=np.int64)
        where = np.minimum(self.members.searchsorted(keys), len(self.members) - 1)
        return self.members[where] == keys, self.member_class[where]

    def canonical(self, keys: np.ndarray) -> np.ndarray:
        """Keys with every EQ_LABEL member replaced by its class representative."""
        member, number = self._class_of_members(keys)
        return np.where(member, self.representatives[number] if len(self.members) else keys, keys)

    def index(self, parts: list[np.ndarray]) -> _Index:
        """Small ids for the keys of a block (given in parts), and what the parameters
        say about each id."""
        ids, id_keys = hash_ids(parts, _TABLE_BITS)
        member, number = self._class_of_members(id_keys)
        flags = _member(id_keys, self.delete) * np.uint8(DELETED)
        flags |= _member(id_keys, self.delete_for_length) * np.uint8(NOT_COUNTED)
        flags |= _member(id_keys, self.quote) * np.uint8(QUOTE)
        flags |= _member(self.canonical(id_keys), self.delete_classes) * np.uint8(LABEL_DELETED)
        label_class = np.where(member, len(id_keys) + number, np.arange(len(id_keys)))
        return _Index(ids, flags, label_class)


#: what the parameters say about a label or tag (bits of _Index.flags)
DELETED = 1  #: a terminal with this tag is deleted (DELETE_LABEL, exact)
NOT_COUNTED = 2  #: a terminal with this tag is not counted in Len (DELETE_LABEL_FOR_LENGTH)
QUOTE = 4  #: a QUOTE_LABEL tag
LABEL_DELETED = 8  #: a bracket with this (cut) label is ignored (DELETE_LABEL or EQ_LABEL)


@dataclass
class _Index:
    """The small ids of a block's keys; per id its flags and its label class (equal
    numbers iff the labels are equal or EQ_LABEL-paired)."""

    ids: list[np.ndarray]
    flags: np.ndarray
    label_class: np.ndarray


def _member(keys: np.ndarray, table: np.ndarray) -> np.ndarray:
    """``keys`` found in the sorted ``table``."""
    if not len(table):
        return np.zeros(len(keys), dtype=bool)
    return table[np.minimum(table.searchsorted(keys), len(table) - 1)] == keys


def _zero_bytes(x: np.ndarray) -> np.ndarray:
    """The high bit of every byte of ``x`` that is zero (exact, no carries)."""
    return ~(((x & _LOW7) + _LOW7) | x | _LOW7)


def _cut_lengths(heads: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Length of each label up to its first ``-`` or ``=`` (EVALB's modify_label).

    ``heads`` are the labels' first 8 bytes.  A label longer than 8 bytes with no
    ``-`` or ``=`` among them keeps its length here (``_Side._label_keys`` cuts it).

    >>> s = scan_lines(b"(NP-SBJ-1 (-NONE- *))")
    >>> _cut_lengths(s.u64_at(np.array([1, 11])), np.array([8, 6])).tolist()
    [2, 0]
    """
    head = heads & MASKS.take(np.minimum(lengths, 8))
    dashes, equals = head ^ _DASHES, head ^ _EQUALS
    # a cheap test that finds every label with a zero byte in dashes or equals ...
    some = ((dashes - _ONES) & ~dashes | (equals - _ONES) & ~equals) & _HIGH
    cut = lengths.copy()
    labels = some.nonzero()[0]
    # ... and the exact first one for those
    marks = _zero_bytes(dashes[labels]) | _zero_bytes(equals[labels])
    lowest = (marks & (~marks + _U64(1))) >> _U64(7)
    first = ((lowest * _BYTE_INDEX) >> _U64(56)).astype(np.int64)
    cut[labels] = np.where(marks != 0, first, cut[labels])
    return cut


def _same_bytes(a: ScannedLines, a_start: np.ndarray, b: ScannedLines, b_start: np.ndarray,
                length: np.ndarray) -> np.ndarray:
    """Whether ``a`` at a_start and ``b`` at b_start hold the same ``length`` bytes."""
    mask = MASKS.take(np.minimum(length, 8))
    same = (a.u64_at(a_start) & mask) == (b.u64_at(b_start) & mask)
    offset = 8
    todo = (length > offset).nonzero()[0]
    while len(todo):
        todo = todo[same[todo]]
        mask = MASKS.take(np.minimum(length[todo] - offset, 8))
        same[todo] = ((a.u64_at(a_start[todo] + offset) & mask)
                      == (b.u64_at(b_start[todo] + offset) & mask))
        offset += 8
        todo = todo[length[todo] > offset]
    return same


def _bounds(counts: np.ndarray) -> np.ndarray:
    """Where each line's items start in an array of them, and the end: [0, c0, c0+c1, ...]."""
    bounds = np.zeros(len(counts) + 1, dtype=np.int64)
    counts.cumsum(out=bounds[1:])
    return bounds


def _sum_per_line(values: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """Number of true ``values`` among each line's items, lines given by ``bounds``."""
    if not values.any():
        return np.zeros(len(bounds) - 1, dtype=np.int64)
    total = np.zeros(len(values) + 1, dtype=np.int32)
    values.cumsum(out=total[1:])
    return (total.take(bounds[1:]) - total.take(bounds[:-1])).astype(np.int64)


# --- one side of a block --------------------------------------------------------------------


class _Side:
    """Terminals and brackets of one file's block, as EVALB's reader leaves them.

    ``classify`` completes it once the labels of both sides have small ids.
    """

    def __init__(self, data: memoryview, tables: _LabelTables) -> None:
        s = self.scanned = scan_lines(data)
        self.n_lines = s.n_lines
        lines = np.arange(s.n_lines + 1)
        self.term_bounds = s.term_line.searchsorted(lines)
        self.terms = np.diff(self.term_bounds)
        self.br_bounds = s.br_line.searchsorted(lines)
        self.brackets = np.diff(self.br_bounds)
        self.tag_length = s.term_tag_end - s.term_tag_start
        heads = s.u64_at(s.term_tag_start)
        self.tag_keys = tables.keys(s, s.term_tag_start, heads, self.tag_length)
        self.word_start = s.term_word_start
        self.word_length = s.term_word_end - s.term_word_start
        self.label_length = s.br_label_end - s.br_label_start
        self.label_keys = self._label_keys(tables)

    def _label_keys(self, tables: _LabelTables) -> np.ndarray:
        """Keys of the bracket labels cut at their first ``-`` or ``=``."""
        s = self.scanned
        heads = s.u64_at(s.br_label_start)
        cut = _cut_lengths(heads, self.label_length)
        keys = tables.keys(s, s.br_label_start, heads, np.minimum(cut, 8))
        for k in ((cut > 8) & (self.label_length <= MAX_LABEL_BYTES)).nonzero()[0].tolist():
            label = s.text(int(s.br_label_start[k]), int(s.br_label_end[k]))
            keys[k] = tables.key(label.replace(b"=", b"-").split(b"-", 1)[0])
        return keys

    def classify(self, index: _Index, tag_ids: np.ndarray, label_ids: np.ndarray) -> None:
        """Deleted terminals, kept spans, label classes, ignored brackets, per-line counts."""
        s = self.scanned
        tag_flags = index.flags.take(tag_ids)
        self.tag_classes = index.label_class.take(tag_ids)
        self.kept = (tag_flags & DELETED) == 0
        kept_before = np.zeros(len(self.kept) + 1, dtype=np.int32)
        self.kept.cumsum(out=kept_before[1:])
        line_kept_before = kept_before.take(self.term_bounds)
        self.n_kept = np.diff(line_kept_before).astype(np.int64)
        not_counted = (tag_flags & NOT_COUNTED) != 0
        self.length = self.terms - _sum_per_line(not_counted, self.term_bounds)
        first_term = self.term_bounds[:-1].repeat(self.brackets)
        first_kept = line_kept_before[:-1].repeat(self.brackets)
        self.br_start = kept_before.take(first_term + s.br_start) - first_kept
        self.br_end = kept_before.take(first_term + s.br_end) - first_kept
        self.labels = index.label_class.take(label_ids)
        label_deleted = (index.flags.take(label_ids) & LABEL_DELETED) != 0
        self.ignored = (self.br_start == self.br_end) | label_deleted
        self.n_brackets = self.brackets - _sum_per_line(self.ignored, self.br_bounds)
        self.unsafe = self._overflows((tag_flags & QUOTE) != 0)

    def _overflows(self, quote_tag: np.ndarray) -> np.ndarray:
        """Lines on which EVALB overruns one of its arrays (or that are not ok)."""
        s = self.scanned
        too_long = (self.tag_length > MAX_LABEL_BYTES) | (self.word_length > MAX_WORD_BYTES)
        unsafe = ~s.line_ok | (s.line_end - s.line_start > MAX_LINE_BYTES)
        unsafe |= (self.n_kept > MAX_WORDS) | (self.brackets > MAX_BRACKETS)
        unsafe |= _sum_per_line(too_long, self.term_bounds) > 0
        unsafe |= _sum_per_line(self.label_length > MAX_LABEL_BYTES, self.br_bounds) > 0
        quote = quote_tag & (self.word_length == 1)
        self.n_quotes = np.zeros(self.n_lines, dtype=np.int64)
        if quote.any():
            word = s.buffer[self.word_start[quote]]
            quote[quote] = (word == ord("'")) | (word == ord('"')) | (word == ord("/"))
            self.n_quotes = _sum_per_line(quote, self.term_bounds)
            unsafe |= self.n_quotes > MAX_QUOTE_TERMS
        return unsafe

    def kept_terminals(self, lines: np.ndarray) -> np.ndarray:
        """Indices of the kept terminals of the given lines (a bool mask over lines)."""
        return (self.kept & lines.repeat(self.terms)).nonzero()[0]

    def scored_brackets(self, lines: np.ndarray) -> np.ndarray:
        """Indices of the brackets that count, on the given lines."""
        return np.greater(lines.repeat(self.brackets), self.ignored).nonzero()[0]


def _sides(gold_data: memoryview, test_data: memoryview,
           tables: _LabelTables) -> tuple[_Side, _Side]:
    """Both sides of a block, their labels and tags numbered together."""
    gold, test = _Side(gold_data, tables), _Side(test_data, tables)
    if gold.n_lines != test.n_lines:
        raise ValueError(f"{gold.n_lines} gold lines but {test.n_lines} test lines")
    index = tables.index([gold.tag_keys, test.tag_keys, gold.label_keys, test.label_keys])
    gold_tags, test_tags, gold_labels, test_labels = index.ids
    gold.classify(index, gold_tags, gold_labels)
    test.classify(index, test_tags, test_labels)
    return gold, test


# --- scoring a block ------------------------------------------------------------------------


def _score_block(gold_data: memoryview, test_data: memoryview, tables: _LabelTables,
                 labeled: bool) -> ChunkScores:
    return _score_sides(*_sides(gold_data, test_data, tables), labeled)[0]


@dataclass
class _Matching:
    """The brackets that count on the scored lines (``gb``, ``tb``, in reading order), their
    lines, and which test brackets are matched."""

    scored: np.ndarray
    gb: np.ndarray
    gold_line: np.ndarray
    tb: np.ndarray
    test_line: np.ndarray
    matched: np.ndarray


def _score_sides(gold: _Side, test: _Side, labeled: bool) -> tuple[ChunkScores, _Matching]:
    scores = ChunkScores.zeros(gold.n_lines, False)
    rows = scores.counts
    rows.length[:] = gold.length
    safe = ~(gold.unsafe | test.unsafe)
    skip = safe & (test.n_kept == 0)
    rows.status[skip] = 2
    scores.gold_words[:], scores.test_words[:] = gold.n_kept, test.n_kept
    unequal = safe & ~skip & (gold.n_kept != test.n_kept)
    length_error = unequal & ((gold.n_quotes == 0) | (test.n_quotes == 0))
    rows.status[length_error] = 1
    scored = safe & ~skip & ~unequal

    g, t = gold.kept_terminals(scored), test.kept_terminals(scored)
    word_bounds = _bounds(np.where(scored, gold.n_kept, 0))
    length = gold.word_length.take(g)
    same = length == test.word_length.take(t)
    check = same.nonzero()[0]
    same[check] = _same_bytes(gold.scanned, gold.word_start[g[check]], test.scanned,
                              test.word_start[t[check]], length[check])
    scored &= _sum_per_line(~same, word_bounds) == 0
    scores.fallback[:] = ~(scored | skip | length_error)

    right_tag = gold.tag_classes.take(g) == test.tag_classes.take(t)
    rows.correct[scored] = _sum_per_line(right_tag, word_bounds)[scored]
    rows.words[scored] = gold.n_kept[scored]
    rows.gold[scored] = gold.n_brackets[scored]
    rows.test[scored] = test.n_brackets[scored]
    gb, tb = gold.scored_brackets(scored), test.scored_brackets(scored)
    gold_counts = np.where(scored, gold.n_brackets, 0)
    test_counts = np.where(scored, test.n_brackets, 0)
    gold_line = np.arange(gold.n_lines).repeat(gold_counts)
    test_line = np.arange(test.n_lines).repeat(test_counts)
    matched = _matched(gold, gb, gold_line, test, tb, test_line, labeled)
    rows.matched[scored] = _sum_per_line(matched, _bounds(test_counts))[scored]
    loose = (~matched).nonzero()[0]
    crossing = _crossing(gold, gb, gold_line, test, tb[loose], test_line[loose], scored)
    rows.crossing[scored] = crossing[scored]
    return scores, _Matching(scored, gb, gold_line, tb, test_line, matched)


def _block_brackets(gold_data: memoryview, test_data: memoryview, tables: _LabelTables,
                    labeled: bool) -> tuple[ChunkScores, SideBrackets, SideBrackets]:
    """``_score_block`` and both sides' brackets (labels as keys) on the scored lines."""
    gold, test = _sides(gold_data, test_data, tables)
    scores, m = _score_sides(gold, test, labeled)
    gold_matched = _matched(test, m.tb, m.test_line, gold, m.gb, m.gold_line, labeled)
    sides = []
    for side, brackets, line, matched, other, others, other_line in (
            (gold, m.gb, m.gold_line, gold_matched, test, m.tb, m.test_line),
            (test, m.tb, m.test_line, m.matched, gold, m.gb, m.gold_line)):
        # a matched bracket has the span of one of the other side's nested brackets
        loose = (~matched).nonzero()[0]
        crossing = np.zeros(len(brackets), dtype=bool)
        crossing[loose] = _crosses(other, others, other_line, side, brackets[loose],
                                   line[loose], m.scored)
        sides.append(SideBrackets(
            line, brackets - side.br_bounds.take(line),
            side.label_keys.take(brackets).view(np.int64),
            side.br_start.take(brackets).astype(np.int64),
            side.br_end.take(brackets).astype(np.int64), matched, crossing))
    return scores, sides[0], sides[1]


def _span_keys(side: _Side, brackets: np.ndarray, line: np.ndarray) -> np.ndarray:
    """(line, start, -end) packed into one int64 per bracket.

    In pre-order the brackets that count are sorted by this key: starts never
    decrease, and brackets sharing a start (with words in them) are nested.
    """
    start, end = side.br_start.take(brackets), side.br_end.take(brackets)
    return (line << 16) | (start << 8) | (255 - end)


def _matched(gold: _Side, gb: np.ndarray, gold_line: np.ndarray, test: _Side, tb: np.ndarray,
             test_line: np.ndarray, labeled: bool) -> np.ndarray:
    """For each test bracket ``tb``: matched to a gold bracket (multiset intersection).

    A test bracket is matched when fewer earlier test brackets have its span and label
    than gold brackets do.  Equal spans are adjacent in both (sorted) key arrays, and
    runs of equal spans (unary chains) are short and rare, so both counts take a few
    comparisons.
    """
    gold_span, test_span = _span_keys(gold, gb, gold_line), _span_keys(test, tb, test_line)
    gold_label = gold.labels.take(gb) if labeled else np.zeros(len(gb), dtype=np.int64)
    test_label = test.labels.take(tb) if labeled else np.zeros(len(tb), dtype=np.int64)
    first = _merge_ranks(gold_span, test_span)
    gold_span = np.concatenate([gold_span, [-1, -1]])
    gold_label = np.concatenate([gold_label, [-1, -1]])
    same = gold_span.take(first) == test_span
    in_gold = (same & (gold_label.take(first) == test_label)).astype(np.int64)
    more = (same & (gold_span.take(first + 1) == test_span)).nonzero()[0]
    ahead = 1
    while len(more):
        in_gold[more] += gold_label.take(first[more] + ahead) == test_label[more]
        ahead += 1
        more = more[gold_span.take(first[more] + ahead) == test_span[more]]
    earlier = np.zeros(len(tb), dtype=np.int64)
    more = (test_span[1:] == test_span[:-1]).nonzero()[0] + 1
    back = 1
    while len(more):
        earlier[more] += test_label[more - back] == test_label[more]
        back += 1
        more = more[more >= back]
        more = more[test_span[more - back] == test_span[more]]
    return earlier < in_gold


def _merge_ranks(haystack: np.ndarray, needles: np.ndarray) -> np.ndarray:
    """``np.searchsorted(haystack, needles)`` for sorted needles, by a stable merge.

    >>> _merge_ranks(np.array([1, 3, 3, 7]), np.array([0, 3, 4, 9])).tolist()
    [0, 1, 3, 4]
    """
    order = np.concatenate([needles, haystack]).argsort(kind="stable")
    return (order < len(needles)).nonzero()[0] - np.arange(len(needles))


def _crossing(gold: _Side, gb: np.ndarray, gold_line: np.ndarray, test: _Side, tb: np.ndarray,
              test_line: np.ndarray, scored: np.ndarray) -> np.ndarray:
    """Per line, the test brackets ``tb`` that cross at least one gold bracket ``gb``."""
    crosses = _crosses(gold, gb, gold_line, test, tb, test_line, scored)
    return np.bincount(test_line.compress(crosses), minlength=gold.n_lines)


def _crosses(gold: _Side, gb: np.ndarray, gold_line: np.ndarray, test: _Side, tb: np.ndarray,
             test_line: np.ndarray, scored: np.ndarray) -> np.ndarray:
    """For each test bracket ``tb``: does it cross at least one gold bracket ``gb``?

    With h(x) = number of gold brackets [a, b) with a < x < b (boundary x strictly
    inside), test bracket [c, d) crosses one iff min h over c < x < d is smaller than
    h(c) or h(d): gold brackets nest, so the innermost around c or d ends or starts
    between them.  The minimum comes from a sparse table over the boundaries of all
    scored lines.
    """
    base = _bounds(np.where(scored, gold.n_kept + 1, 0))
    size = int(base[-1]) + 1
    gold_base = base.take(gold_line)
    steps = np.bincount(gold_base + gold.br_start.take(gb) + 1, minlength=size)
    steps -= np.bincount(gold_base + gold.br_end.take(gb), minlength=size)
    inside = steps[:size].cumsum().astype(np.int16)
    line_base = base.take(test_line)
    c = line_base + test.br_start.take(tb)
    d = line_base + test.br_end.take(tb)
    wide = (d - c >= 2).nonzero()[0]
    c, d = c[wide], d[wide]
    table = _sparse_minimum(inside, int((d - c).max()) - 1 if len(d) else 1)
    level = _FLOOR_LOG2[d - c - 1]
    row = level * table.shape[1]
    table = table.ravel()
    lowest = np.minimum(table.take(row + c + 1), table.take(row + d - (1 << level)))
    crosses = np.zeros(len(tb), dtype=bool)
    crosses[wide] = lowest < np.maximum(inside.take(c), inside.take(d))
    return crosses


def _sparse_minimum(values: np.ndarray, longest: int) -> np.ndarray:
    """Rows k: the minimum of values[i : i + 2**k] at column i (up to 2**k <= longest)."""
    rows = [values]
    width = 1
    while 2 * width <= longest:
        previous = rows[-1]
        rows.append(np.minimum(previous, np.concatenate([previous[width:], previous[-width:]])))
        width *= 2
    return np.stack(rows)
