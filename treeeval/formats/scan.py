"""Columnar scanner of bracketed trees, one sentence per line, in numpy only.

A line is checked against the strict grammar of EVALB's regular case and, when it
follows it, cut into columns: the terminals (tag and word byte spans) and the
nonterminal brackets (label byte span and the half-open span of terminal positions
they cover), both in text order.  No Python loop runs per line or per token: the
bytes are classified with vectorised comparisons, the tokens are the parentheses,
newlines and word starts, the grammar is checked on neighbouring tokens, and
brackets are paired by a stable sort of their nesting depth.

Grammar of an ok line (``WS`` is C's ``isspace`` without the newline)::

    line        := WS* (node WS*)*
    node        := terminal | nonterminal
    terminal    := "(" LABEL WS+ WORD ")"
    nonterminal := "(" LABEL? WS* node (WS* node)* WS* ")"

LABEL and WORD are runs of bytes other than white space, ``(``, ``)``, newline and NUL.
``(NP )``, ``(NP)``, ``()``, ``( w)``, ``(NN a b)``, bare words, unbalanced lines and
NUL bytes make a line not ok; its columns are then left out.

>>> scanned = scan_lines(b"(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\\n(X a b)")
>>> scanned.n_lines, scanned.line_ok.tolist()
(2, [True, False])
>>> [scanned.text(s, e) for s, e in zip(scanned.term_word_start, scanned.term_word_end)]
[b'the', b'dog', b'barks']
>>> [scanned.text(s, e) for s, e in zip(scanned.br_label_start, scanned.br_label_end)]
[b'S', b'NP', b'VP']
>>> scanned.br_start.tolist(), scanned.br_end.tolist()
([0, 0, 2], [3, 2, 3])
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..arrays import BoolArray, ByteArray, IntArray, WordArray
from ..columnar.words import padded as _pad
from ..columnar.words import word_view

#: C's isspace() without the newline; bytes >= 0x80 are never white space
WHITESPACE = b" \t\v\f\r"

# Token codes.  The tokens are "(", ")", newlines and the first byte of every run of
# text that does not follow "(" (a word).  Parentheses that touch text get codes of
# their own; every other token keeps its byte, so a word is any code not listed here.
CLOSE_AFTER_TEXT = 9  #: ")" right after a run of text (a word, or a label in "(NP)")
NEWLINE = 10  #: end of a line
OPEN_LABEL = 11  #: "(" right before a run of text (its label)
OPEN = 40  #: "(" followed by white space, "(", ")" or a newline (empty label)
CLOSE = 41  #: ")" after white space or ")"

_EMPTY = np.zeros(0, dtype=np.int64)
_U64 = np.uint64
#: multiplying the lowest set byte bit (1 << 8j) by this puts j in the top byte
_BYTE_INDEX = _U64(0x0001020304050607)


@dataclass
class ScannedLines:
    """The columns of a scanned text (offsets are int64 byte offsets, spans half-open).

    ``term_*`` describe the terminals of ok lines in text order, ``br_*`` their
    nonterminal brackets in the order of their ``(``; ``br_start``/``br_end`` count
    terminal positions from the start of the line.  ``padded`` holds ``buffer``
    followed by a newline and zeros, so that ``u64_at`` may read past the end.
    """

    buffer: ByteArray
    n_lines: int
    line_start: IntArray
    line_end: IntArray
    line_ok: BoolArray
    term_line: IntArray
    term_tag_start: IntArray
    term_tag_end: IntArray
    term_word_start: IntArray
    term_word_end: IntArray
    br_line: IntArray
    br_label_start: IntArray
    br_label_end: IntArray
    br_start: IntArray
    br_end: IntArray
    padded: ByteArray = field(repr=False)

    def text(self, start: int, end: int) -> bytes:
        """The bytes ``buffer[start:end]``."""
        return self.buffer[start:end].tobytes()

    def u64_at(self, offsets: IntArray) -> WordArray:
        """The 8 bytes at each offset as a little-endian uint64 (zeros past the end).

        >>> hex(int(scan_lines(b"(NN dog)").u64_at(np.array([4]))[0]))
        '0xa29676f64'
        """
        return _u64_at(self.padded, offsets)


def _u64_at(padded: ByteArray, offsets: IntArray) -> WordArray:
    """The little-endian uint64 of bytes i .. i+7 of ``padded`` for each offset i
    (``padded`` has 8 bytes after any offset)."""
    return word_view(padded)[offsets]


def _padded(data: bytes | memoryview) -> ByteArray:
    """The bytes of ``data``, a newline and 8 zeros (read by ``u64_at`` past the end)."""
    return _pad(data, b"\n")


def scan_lines(data: bytes | memoryview) -> ScannedLines:
    """Scan ``data`` (lines separated by ``\\n``; a last line without one still counts).

    >>> scan_lines(b"( (S (NN a)) )\\n\\n(NP)\\n").line_ok.tolist()
    [True, True, False]
    """
    size = len(data)
    padded = _padded(data)
    if size == 0:
        return ScannedLines(padded[:0], 0, _EMPTY, _EMPTY, np.zeros(0, dtype=bool),
                            _EMPTY, _EMPTY, _EMPTY, _EMPTY, _EMPTY,
                            _EMPTY, _EMPTY, _EMPTY, _EMPTY, _EMPTY, padded)
    # scan a final newline of our own when the last line has none
    scanned = size if data[-1:] == b"\n" else size + 1
    nontext, positions, kinds = _tokens(padded, scanned)
    nul_at = _EMPTY if padded[:size].all() else (padded[:size] == 0).nonzero()[0]
    tokens = _Tokens(positions, kinds, nul_at)
    return ScannedLines(
        buffer=padded[:size],
        n_lines=len(tokens.line_end),
        line_start=np.concatenate([[0], tokens.line_end[:-1] + 1]),
        line_end=tokens.line_end,
        line_ok=tokens.line_ok,
        padded=padded,
        **tokens.terminal_columns(nontext),
        **tokens.bracket_columns(nontext),
    )


def _tokens(codes: ByteArray, scanned: int) -> tuple[BoolArray, IntArray, ByteArray]:
    """Which bytes are not text (for all of ``codes``), and the offsets and codes of
    the tokens in its first ``scanned`` bytes.

    >>> _, positions, kinds = _tokens(_padded(b"(S (NN a))"), 11)
    >>> positions.tolist(), kinds.tolist()
    ([0, 3, 7, 8, 9, 10], [11, 11, 97, 9, 41, 10])
    """
    scratch = np.subtract(codes, 9, dtype=np.uint8)
    nontext = scratch < 5  # \t \n \v \f \r
    np.bitwise_and(codes, 0xDF, out=scratch)
    nontext |= scratch == 0  # NUL and space
    opening = codes == ord("(")
    closing = codes == ord(")")
    hard = opening | closing
    nontext |= hard
    hard |= codes == ord("\n")
    # a word starts after white space, ")" or a newline (after "(" it is a label)
    token = np.empty_like(hard)
    token[0] = not nontext[0]
    np.greater(nontext[:-1] ^ opening[:-1], nontext[1:], out=token[1:])
    token |= hard
    positions = token[:scanned].nonzero()[0]

    kinds = codes.copy()
    kinds[1:] -= np.greater(closing[1:], nontext[:-1]) * np.uint8(CLOSE - CLOSE_AFTER_TEXT)
    kinds[:-1] -= np.greater(opening[:-1], nontext[1:]) * np.uint8(OPEN - OPEN_LABEL)
    return nontext, positions, kinds.take(positions)


def _run_lengths(nontext: BoolArray, starts: IntArray) -> IntArray:
    """Length of the run of text starting at each offset (0 where none starts).

    >>> mask = np.frombuffer(b"\\1\\0\\0\\1\\0\\1" + bytes(8) + b"\\1" * 8, dtype=bool)
    >>> _run_lengths(mask, np.array([1, 4, 6])).tolist()
    [2, 1, 8]
    """
    stops = nontext.view(np.uint8)
    lengths = _first_set_byte(_u64_at(stops, starts))
    longer = (lengths == 8).nonzero()[0]
    offset = 8
    while len(longer):
        more = _first_set_byte(_u64_at(stops, starts[longer] + offset))
        lengths[longer] += more
        longer = longer[more == 8]
        offset += 8
    return lengths


def _label_ends(nontext: BoolArray, starts: IntArray, following: IntArray) -> IntArray:
    """End of the label (possibly empty) starting at each offset, given the offset of the
    next token: only white space lies between the label and that token, usually at most
    one byte of it; longer gaps are measured with _run_lengths.

    >>> mask = np.frombuffer(b"\\1\\0\\0\\1\\1\\1\\1\\0\\1" + bytes(8), dtype=bool)
    >>> starts, following = np.array([1, 1, 1, 1, 4, 4]), np.array([3, 4, 5, 6, 4, 7])
    >>> _label_ends(mask, starts, following).tolist()
    [3, 3, 3, 3, 4, 4]
    """
    space = nontext.take(following - 1)
    ends = np.maximum(following - space, starts)  # back over a byte of white space
    wide = (space & nontext.take(following - 2)).nonzero()[0]  # more of it (or none of a label)
    ends[wide] = starts[wide] + _run_lengths(nontext, starts[wide])
    return ends


def _first_set_byte(words: WordArray) -> IntArray:
    """Index of the lowest nonzero byte of each uint64 (8 if none)."""
    lowest = words & (~words + _U64(1))
    index = ((lowest * _BYTE_INDEX) >> _U64(56)).view(np.int64)
    index[words == 0] = 8
    return index


class _Tokens:
    """The token sequence of a text: line ends, which lines are ok, and the nesting.

    Depth counts every parenthesis and terminal counts the words seen; brackets are
    paired on the nonterminal parentheses only.  Tokens of lines that are not ok are
    dropped (their newline stays).
    """

    def __init__(self, positions: IntArray, kinds: ByteArray, nul_at: IntArray) -> None:
        self.positions = positions
        self._classify(kinds)
        self.line_end = positions[self.newlines]
        bad = np.concatenate([self._lines_breaking_rules(), self._unbalanced_lines(),
                              self.line_end.searchsorted(nul_at)]).astype(np.int64)
        self.line_ok = np.ones(len(self.newlines), dtype=bool)
        self.line_ok[bad] = False
        if len(bad):
            keep = self.line_ok.repeat(np.diff(self.newlines, prepend=-1))
            keep[self.newlines] = True
            self.positions = positions.compress(keep)
            self._classify(kinds.compress(keep))
        self._count_per_line()

    def _classify(self, kinds: ByteArray) -> None:
        """Token kinds, depth after each token (reset at every newline), words so far."""
        self.kinds = kinds
        self.opens = (kinds == OPEN) | (kinds == OPEN_LABEL)
        self.closes = (kinds == CLOSE) | (kinds == CLOSE_AFTER_TEXT)
        newline = kinds == NEWLINE
        self.newlines = newline.nonzero()[0]
        self.words = ~(self.opens | self.closes | newline)
        step = self.opens.view(np.int8) - self.closes.view(np.int8)
        depth = step.cumsum(dtype=np.int32)
        at_end = depth[self.newlines]
        self.line_sum = at_end - np.concatenate([[0], at_end[:-1]])
        if self.line_sum.any():
            step = step.astype(np.int32)
            step[self.newlines] -= self.line_sum
            depth = step.cumsum(dtype=np.int32)
        self.depth = depth
        self.terms_before = self.words.cumsum(dtype=np.int32)

    def _lines_breaking_rules(self) -> IntArray:
        """Lines where a word does not sit between a label and ")", a label is not
        followed by a word or "(", or an empty label not by "(" (balance aside)."""
        kinds, words, opens = self.kinds, self.words, self.opens
        label = kinds[:-1] == OPEN_LABEL
        wrong = np.greater(words[:-1], kinds[1:] == CLOSE_AFTER_TEXT)
        wrong |= np.greater(label, words[1:] | opens[1:])
        wrong |= np.greater(kinds[:-1] == OPEN, opens[1:])
        misplaced = np.greater(words[1:], label)
        if not (wrong.any() or misplaced.any() or words[0]):
            return _EMPTY
        tokens = np.concatenate([wrong.nonzero()[0], misplaced.nonzero()[0] + 1,
                                 [0] if words[0] else []])
        return self.newlines.searchsorted(tokens)

    def _unbalanced_lines(self) -> IntArray:
        lines = [self.line_sum.nonzero()[0]]
        if self.depth.min(initial=0) < 0:
            lines.append(self.newlines.searchsorted((self.depth < 0).nonzero()[0]))
        return np.concatenate(lines)

    def _count_per_line(self) -> None:
        """Terminals and brackets of each line (none for lines not ok)."""
        at_end = self.terms_before[self.newlines].astype(np.int64)
        self.first_term = np.concatenate([[0], at_end])
        self.terms = np.diff(self.first_term)
        tokens = self.newlines - np.concatenate([[-1], self.newlines[:-1]]) - 1
        self.brackets = (tokens - 3 * self.terms) // 2

    def terminal_columns(self, nontext: BoolArray) -> dict[str, IntArray]:
        word = self.words.nonzero()[0]
        tag_start = self.positions.take(word - 1) + 1
        word_start = self.positions.take(word)
        return {
            "term_line": np.arange(len(self.terms)).repeat(self.terms),
            "term_tag_start": tag_start,
            "term_tag_end": _label_ends(nontext, tag_start, word_start),
            "term_word_start": word_start,
            "term_word_end": self.positions.take(word + 1),
        }

    def bracket_columns(self, nontext: BoolArray) -> dict[str, IntArray]:
        nonterminal = self.kinds == CLOSE
        nonterminal[:-1] |= np.greater(self.opens[:-1], self.words[1:])
        parens = nonterminal.nonzero()[0]
        is_close = self.kinds.take(parens) == CLOSE
        level = self.depth.take(parens) + is_close
        wide = len(level) and level.max() >= 1 << 15
        order = (level if wide else level.astype(np.int16)).argsort(kind="stable")
        # in every level, ok lines alternate "(" and its ")": pair them off
        mate = np.empty(len(parens), dtype=np.int64)
        mate[order[0::2]] = order[1::2]
        opens = (~is_close).nonzero()[0]
        open_at = parens.take(opens)
        first_term = self.first_term[:-1].repeat(self.brackets)
        label_start = self.positions.take(open_at) + 1
        return {
            "br_line": np.arange(len(self.brackets)).repeat(self.brackets),
            "br_label_start": label_start,
            "br_label_end": _label_ends(nontext, label_start, self.positions.take(open_at + 1)),
            "br_start": self.terms_before.take(open_at) - first_term,
            "br_end": self.terms_before.take(parens.take(mate.take(opens))) - first_term,
        }
