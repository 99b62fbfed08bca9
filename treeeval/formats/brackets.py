"""Readers for bracketed trees: EVALB's one tree per line and Penn Treebank ``.mrg`` files.

The grammar of one sentence is ``brackets.lark``; it is the specification.  Two readers
follow it:

* ``reader="fast"`` (the default) cuts the input into sentences and hands blocks of them to
  the columnar scanner in ``scan.py``, then builds ``nltk.Tree`` objects from its columns.
  When the scanner rejects a sentence (or one of its words does not decode), that
  sentence is parsed again with lark, which raises the error with its line, column and
  a caret; should lark accept it after all, lark's trees are used.
* ``reader="lark"`` parses every sentence with lark (slower; the reference).

Nothing is repaired or stripped: ``-NONE-`` elements, function tags (``NP-SBJ-1``),
``-LRB-``/``-RRB-`` and the empty label of a ``( (S ...) )`` wrapper stay as written.

>>> import io
>>> trees = list(read_trees(io.BytesIO(b"(S (NP-SBJ (-NONE- *)) (VP (VBZ is)))\\n")))
>>> print(trees[0])
(S (NP-SBJ (-NONE- *)) (VP (VBZ is)))
>>> mrg = b"( (S\\n    (NP (NN Rain))\\n    (VP (VBD fell)) ))\\n\\n( (NP (-LRB- -LRB-)) )\\n"
>>> [str(tree) for tree in read_trees(io.BytesIO(mrg))]
['( (S (NP (NN Rain)) (VP (VBD fell))))', '( (NP (-LRB- -LRB-)))']
>>> parse_tree_lark(b"(NP (NN a) )  (NN b c)", line=7)
Traceback (most recent call last):
...
treeeval.errors.BracketSyntaxError: <input>:7:21: more than one word in a preterminal
"""

from __future__ import annotations

import functools
import itertools
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import BinaryIO, Literal, TextIO, Union

import lark
import numpy as np
from nltk import Tree

from ..columnar.blocks import line_blocks
from ..errors import BracketSyntaxError, InputError
from .scan import ScannedLines, scan_lines

#: bytes C's isspace() accepts; the only white space of the grammar
C_SPACE = b" \t\n\v\f\r"

#: a label or a word (the TEXT of brackets.lark)
_TOKEN = re.compile(rb"[^ \t\n\v\f\r()]+")

#: bytes read at a time by read_trees
BLOCK_SIZE = 1 << 20

Source = Union[str, os.PathLike[str], BinaryIO, TextIO]


# --- the lark reference parser -------------------------------------------------------------


class _TreeBuilder(lark.Transformer):
    """Turns grammar rules into ``nltk.Tree`` objects while lark reduces them.

    Labels and words are decoded with surrogate escapes, so that a syntax error later in
    the text is still found; parse_tree_lark then rejects undecodable bytes.
    """

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self.encoding = encoding

    def _text(self, token: lark.Token) -> str:
        return token.encode("latin-1").decode(self.encoding, errors="surrogateescape")

    def start(self, children: list[Tree]) -> list[Tree]:
        return children

    def terminal(self, children: list[lark.Token]) -> Tree:
        tag, word = children
        return Tree(self._text(tag), [self._text(word)])

    def nonterminal(self, children: list[lark.Token | Tree]) -> Tree:
        if isinstance(children[0], lark.Token):
            return Tree(self._text(children[0]), children[1:])
        return Tree("", children)


@functools.cache
def _lark_parser(encoding: str) -> lark.Lark:
    grammar = resources.files(__package__).joinpath("brackets.lark").read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", transformer=_TreeBuilder(encoding))


def parse_tree_lark(
    text: bytes, *, path: str | None = None, line: int = 1, encoding: str = "utf-8"
) -> list[Tree]:
    """Parse one sentence with the lark grammar: the reference reader and error reporter.

    ``text`` starts at the beginning of line ``line`` of ``path`` and may hold several lines
    (a multi-line ``.mrg`` tree).  Returns the sentence's top-level trees, ``[]`` for blank
    text.  Raises BracketSyntaxError with the 1-based line and byte column of the first
    error, or InputError for a label or word that is not valid in ``encoding``.

    >>> parse_tree_lark(b"( (NP-SBJ-1 (-NONE- *T*-2)) )")
    [Tree('', [Tree('NP-SBJ-1', [Tree('-NONE-', ['*T*-2'])])])]
    >>> parse_tree_lark(b"(S (NP (NN a)) \\n   (VP (VB b))", path="x.mrg", line=10)
    Traceback (most recent call last):
    ...
    treeeval.errors.BracketSyntaxError: x.mrg:10:1: unclosed bracket opened at column 1
    """
    chars = text.decode("latin-1")
    try:
        trees = _lark_parser(encoding).parse(chars)
    except lark.exceptions.UnexpectedInput as exc:
        offset, message = _diagnose(chars, _error_offset(chars, exc))
        raise _located(BracketSyntaxError, message, chars, offset, path, line, encoding) from None
    offset = _first_undecodable(text, encoding)
    if offset is not None:
        message = f"byte 0x{text[offset]:02x} is not valid {encoding}"
        raise _located(InputError, message, chars, offset, path, line, encoding)
    return trees


def _first_undecodable(text: bytes, encoding: str) -> int | None:
    """Offset of the first byte of a label or word that ``encoding`` cannot decode."""
    try:
        text.decode(encoding)
    except UnicodeDecodeError:
        for token in _TOKEN.finditer(text):
            try:
                token.group().decode(encoding)
            except UnicodeDecodeError as exc:
                return token.start() + exc.start
    return None


def _error_offset(chars: str, exc: lark.exceptions.UnexpectedInput) -> int:
    """Offset of the unexpected input; len(chars) when the text ended too early."""
    token = getattr(exc, "token", None)
    if isinstance(token, lark.Token) and token.type == "$END":
        return len(chars)
    return exc.pos_in_stream


_SPACE = C_SPACE.decode("latin-1")


def _diagnose(chars: str, offset: int) -> tuple[int, str]:
    """Where and what the first error is, given that ``chars[:offset]`` parsed.

    Only a few things can go wrong at a given point of the grammar, so the character at
    the offset and the last non-blank character before it tell them apart.
    """
    if offset >= len(chars):
        return _unclosed(chars)
    found = chars[offset]
    depth = chars.count("(", 0, offset) - chars.count(")", 0, offset)
    if depth == 0:
        return offset, "extra ')'" if found == ")" else "text outside brackets"
    before = chars[:offset].rstrip(_SPACE)[-1]
    if found == ")":
        if before != "(" and chars[offset - 1] in _SPACE:
            return offset, "empty word"
        return offset, "bracket has no children"
    if found == "(":
        return offset, "word mixed with bracketed children"
    if found in _SPACE:
        return _after_word(chars, offset)
    if before == "(":
        return offset, "word without a tag"
    return offset, "word mixed with bracketed children"


def _after_word(chars: str, offset: int) -> tuple[int, str]:
    """White space after the word of a preterminal, where only ')' may follow."""
    rest = chars[offset:].lstrip(_SPACE)
    if not rest:
        return _unclosed(chars)
    after = len(chars) - len(rest)
    if rest[0] == ")":
        return offset, "white space between a word and ')'"
    if rest[0] == "(":
        return after, "word mixed with bracketed children"
    return after, "more than one word in a preterminal"


def _unclosed(chars: str) -> tuple[int, str]:
    """Report an unclosed tree where it started (stanza's trick), not where the text ends."""
    opened: list[int] = []
    for offset, char in enumerate(chars):
        if char == "(":
            opened.append(offset)
        elif char == ")":
            opened.pop()
    start = opened[0]
    column = start - chars.rfind("\n", 0, start)
    return start, f"unclosed bracket opened at column {column}"


def _located(
    kind: type[InputError],
    message: str,
    chars: str,
    offset: int,
    path: str | None,
    line: int,
    encoding: str,
) -> InputError:
    """An error at ``offset`` of ``chars``, whose first line is line ``line`` of ``path``."""
    start = chars.rfind("\n", 0, offset) + 1
    end = chars.find("\n", offset)
    source = chars[start : len(chars) if end < 0 else end]
    return kind(
        message,
        path=path,
        line=line + chars.count("\n", 0, offset),
        column=offset - start + 1,
        source_line=source.encode("latin-1").decode(encoding, errors="replace"),
    )


# --- streaming: blocks of complete lines, cut into sentences ------------------------------


@dataclass(frozen=True)
class _Chunk:
    """Complete lines of the input (each ending in '\\n') cut into whole sentences.

    ``ends`` holds the offset of the '\\n' that ends each sentence; a sentence is one line,
    or in a ``.mrg`` file the lines from its first '(' until its brackets close.
    """

    data: bytes
    first_line: int
    newlines: np.ndarray
    ends: np.ndarray

    def line_of(self, offset: int) -> int:
        return self.first_line + int(np.searchsorted(self.newlines, offset))

    def sentence(self, index: int) -> tuple[bytes, int]:
        """The bytes of sentence ``index`` (without its last '\\n') and its first line."""
        start = 0 if index == 0 else int(self.ends[index - 1]) + 1
        return self.data[start : int(self.ends[index])], self.line_of(start)


def _newlines(data: bytes) -> np.ndarray:
    return np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == ord("\n"))


def _line_chunks(blocks: Iterable[bytes]) -> Iterator[_Chunk]:
    """One sentence per line."""
    first_line = 1
    for block in blocks:
        newlines = _newlines(block)
        yield _Chunk(block, first_line, newlines, newlines)
        first_line += len(newlines)


def _mrg_chunks(blocks: Iterable[bytes]) -> Iterator[_Chunk]:
    """Sentences that end where the bracket depth comes back to zero at the end of a line.

    A tree still open at the end of a block is carried over to the next one, so memory
    grows with the longest tree, not with the file.  A tree still open at the end of the
    file becomes a last sentence, which the parsers reject as unclosed.
    """
    first_line, depth = 1, 0
    pending: list[bytes] = []
    for block in blocks:
        codes = np.frombuffer(block, dtype=np.uint8)
        steps = (codes == ord("(")).astype(np.int64) - (codes == ord(")"))
        levels = np.cumsum(steps) + depth
        depth = int(levels[-1])
        newlines = np.flatnonzero(codes == ord("\n"))
        ends = newlines[levels[newlines] <= 0]
        if len(ends) == 0:
            pending.append(block)
            continue
        cut = int(ends[-1]) + 1
        carried = sum(map(len, pending))
        data = b"".join([*pending, block[:cut]])
        chunk = _Chunk(data, first_line, _newlines(data), ends + carried)
        yield chunk
        first_line += len(chunk.newlines)
        pending = [block[cut:]] if cut < len(block) else []
    if pending:
        data = b"".join(pending)
        newlines = _newlines(data)
        yield _Chunk(data, first_line, newlines, newlines[-1:])


# --- building trees ---------------------------------------------------------------------------


def _lark_sentences(chunk: _Chunk, path: str | None, encoding: str) -> Iterator[list[Tree]]:
    for index in range(len(chunk.ends)):
        text, line = chunk.sentence(index)
        yield parse_tree_lark(text, path=path, line=line, encoding=encoding)


def _fast_sentences(chunk: _Chunk, path: str | None, encoding: str) -> Iterator[list[Tree]]:
    """Scan a chunk with scan.py (one sentence per scanned line) and build its trees."""
    codes = np.frombuffer(chunk.data, dtype=np.uint8).copy()
    inner = np.setdiff1d(chunk.newlines, chunk.ends, assume_unique=True)
    codes[inner] = ord(" ")
    scanned = scan_lines(codes.tobytes())
    builder = _ColumnBuilder(scanned, chunk.data, encoding)
    for index, ok in enumerate(scanned.line_ok.tolist()):
        trees = builder.sentence(index) if ok else None
        if trees is None:
            text, line = chunk.sentence(index)
            trees = parse_tree_lark(text, path=path, line=line, encoding=encoding)
        yield trees


class _ColumnBuilder:
    """``nltk.Tree`` objects from the columns of a ScannedLines, one line at a time."""

    def __init__(self, scanned: ScannedLines, data: bytes, encoding: str) -> None:
        lines = np.arange(scanned.n_lines + 1)
        self.term_bounds = np.searchsorted(scanned.term_line, lines).tolist()
        self.br_bounds = np.searchsorted(scanned.br_line, lines).tolist()
        self.tags = _pairs(scanned.term_tag_start, scanned.term_tag_end)
        self.words = _pairs(scanned.term_word_start, scanned.term_word_end)
        self.labels = _pairs(scanned.br_label_start, scanned.br_label_end)
        self.spans = _pairs(scanned.br_start, scanned.br_end)
        self.data, self.encoding = data, encoding
        # in ASCII text, byte offsets are character offsets: slice one decoded string
        ascii_text = data.isascii() and _ascii_compatible(encoding)
        self.chars = data.decode("ascii") if ascii_text else None
        self.cache: dict[bytes, str] = {}

    def sentence(self, index: int) -> list[Tree] | None:
        """The trees of scanned line ``index``; None if a label or word does not decode."""
        terms = slice(*self.term_bounds[index : index + 2])
        brackets = slice(*self.br_bounds[index : index + 2])
        try:
            tags, words = self.texts(self.tags[terms]), self.texts(self.words[terms])
            labels = self.texts(self.labels[brackets])
        except UnicodeDecodeError:
            return None
        leaves = [Tree(tag, [word]) for tag, word in zip(tags, words)]
        return _assemble(leaves, labels, self.spans[brackets])

    def texts(self, spans: list[tuple[int, int]]) -> list[str]:
        chars = self.chars
        if chars is not None:
            return [chars[start:end] for start, end in spans]
        return [self.decode(self.data[start:end]) for start, end in spans]

    def decode(self, raw: bytes) -> str:
        text = self.cache.get(raw)
        if text is None:
            text = self.cache[raw] = raw.decode(self.encoding)
        return text


@functools.cache
def _ascii_compatible(encoding: str) -> bool:
    """Whether ``encoding`` reads every ASCII byte as that ASCII character.

    >>> _ascii_compatible("utf-8"), _ascii_compatible("cp1252"), _ascii_compatible("utf-16")
    (True, True, False)
    """
    ascii_bytes = bytes(range(128))
    try:
        return ascii_bytes.decode(encoding) == ascii_bytes.decode("ascii")
    except UnicodeDecodeError:
        return False


def _pairs(starts: np.ndarray, ends: np.ndarray) -> list[tuple[int, int]]:
    return list(zip(starts.tolist(), ends.tolist()))


def _assemble(leaves: list[Tree], labels: list[str], spans: list[tuple[int, int]]) -> list[Tree]:
    """Nest preterminals under brackets given in pre-order with half-open leaf spans.

    >>> leaves = [Tree("D", ["a"]), Tree("N", ["dog"]), Tree(".", ["."])]
    >>> _assemble(leaves, ["", "S", "NP"], [(0, 3), (0, 3), (0, 2)])
    [Tree('', [Tree('S', [Tree('NP', [Tree('D', ['a']), Tree('N', ['dog'])]), Tree('.', ['.'])])])]
    """
    roots: list[Tree] = []
    open_nodes: list[list[Tree]] = [roots]
    open_ends = [len(leaves) + 1]  # the roots never close
    position = 0

    def fill(upto: int) -> None:
        """Add the leaves before ``upto``, closing each bracket where its span ends."""
        nonlocal position
        while True:
            while open_ends[-1] <= position:
                open_nodes.pop()
                open_ends.pop()
            if position >= upto:
                return
            stop = min(upto, open_ends[-1])
            open_nodes[-1].extend(leaves[position:stop])
            position = stop

    for label, (start, end) in zip(labels, spans):
        fill(start)
        node = Tree(label, [])
        open_nodes[-1].append(node)
        open_nodes.append(node)
        open_ends.append(end)
    fill(len(leaves))
    return roots


# --- the public reader ------------------------------------------------------------------------


def read_trees(
    source: Source,
    *,
    reader: Literal["fast", "lark"] = "fast",
    multiline: bool | None = None,
    encoding: str = "utf-8",
    block_size: int = BLOCK_SIZE,
) -> Iterator[Tree]:
    """Stream the trees of a file, one ``nltk.Tree`` per sentence, in constant memory.

    ``source`` is a path or an open file.  ``multiline=False`` reads one tree per line
    (EVALB's files: a blank line or two trees on a line is an error); ``multiline=True``
    reads Penn Treebank ``.mrg`` files, where a tree spans lines until its brackets close
    and blank lines separate trees; ``None`` takes the layout from the first non-blank
    line (multi-line if its brackets do not close on it).  Labels and words are decoded
    with ``encoding``.  Raises BracketSyntaxError on malformed trees and InputError on an
    unreadable file or undecodable byte, with the file, line and column.

    >>> import io
    >>> lines = io.BytesIO(b"(TOP (NP (-LRB- -LRB-) (NN a) (-RRB- -RRB-)))\\n\\n")
    >>> trees = read_trees(lines, multiline=False)
    >>> print(next(trees))
    (TOP (NP (-LRB- -LRB-) (NN a) (-RRB- -RRB-)))
    >>> next(trees)
    Traceback (most recent call last):
    ...
    treeeval.errors.BracketSyntaxError: <input>:2:1: empty line (one tree per line expected)
    """
    if reader not in ("fast", "lark"):
        raise ValueError(f"reader must be 'fast' or 'lark', not {reader!r}")
    if isinstance(source, (str, os.PathLike)):
        return _read_path(os.fspath(source), reader, multiline, encoding, block_size)
    name = getattr(source, "name", None)
    path = name if isinstance(name, str) else None
    return _read_stream(source, path, reader, multiline, encoding, block_size)


def _read_path(
    path: str, reader: str, multiline: bool | None, encoding: str, block_size: int
) -> Iterator[Tree]:
    try:
        stream = open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read tree file: {exc.strerror}", path=path) from None
    with stream:
        yield from _read_stream(stream, path, reader, multiline, encoding, block_size)


def _read_stream(
    stream: BinaryIO | TextIO,
    path: str | None,
    reader: str,
    multiline: bool | None,
    encoding: str,
    block_size: int,
) -> Iterator[Tree]:
    blocks: Iterable[bytes] = line_blocks(stream, block_size, encoding)
    if multiline is None:
        multiline, blocks = _detect_layout(blocks)
    chunks = _mrg_chunks(blocks) if multiline else _line_chunks(blocks)
    parse = _fast_sentences if reader == "fast" else _lark_sentences
    for chunk in chunks:
        for index, trees in enumerate(parse(chunk, path, encoding)):
            if multiline:
                yield from trees
            else:
                yield _only_tree(trees, chunk, index, path, encoding)


def _detect_layout(blocks: Iterable[bytes]) -> tuple[bool, Iterator[bytes]]:
    """Multi-line if the first non-blank line opens more brackets than it closes."""
    blocks = iter(blocks)
    seen: list[bytes] = []
    for block in blocks:
        seen.append(block)
        line = next((line for line in block.split(b"\n") if line.strip(C_SPACE)), None)
        if line is not None:
            return line.count(b"(") > line.count(b")"), itertools.chain(seen, blocks)
    return True, iter(seen)


def _only_tree(
    trees: list[Tree], chunk: _Chunk, index: int, path: str | None, encoding: str
) -> Tree:
    """The tree of a one-tree-per-line sentence; a blank line or two trees is an error."""
    if len(trees) == 1:
        return trees[0]
    text, line = chunk.sentence(index)
    source_line = text.decode(encoding, errors="replace")
    if not trees:
        raise BracketSyntaxError(
            "empty line (one tree per line expected)",
            path=path, line=line, column=1, source_line=source_line,
        )
    second = _top_level_starts(text)[1]
    raise InputError(
        f"{len(trees)} trees on one line (one tree per line expected; "
        "multiline=True reads them one by one)",
        path=path, line=line, column=second + 1, source_line=source_line,
    )


def _top_level_starts(text: bytes) -> list[int]:
    """Offsets of the '(' that open the top-level trees of a well-formed sentence.

    >>> _top_level_starts(b" (A (b c)) (D e)")
    [1, 11]
    """
    starts, depth = [], 0
    for offset, byte in enumerate(text):
        if byte == ord("("):
            if depth == 0:
                starts.append(offset)
            depth += 1
        elif byte == ord(")"):
            depth -= 1
    return starts


def tree_start_line(path: str, sentence: int) -> int:
    r"""The line where tree number ``sentence`` (1-based) of a bracketed file starts (0: none).

    Brackets are counted per line, so this is only for error messages.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("wb", suffix=".mrg", delete=False) as f:
    ...     _ = f.write(b"(S (NP a)\n   (VP b))\n\n(S c)\n")
    >>> tree_start_line(f.name, 2), tree_start_line(f.name, 3)
    (4, 0)
    >>> os.remove(f.name)
    """
    depth, count = 0, 0
    with open(path, "rb") as stream:
        for number, line in enumerate(stream, 1):
            if depth == 0 and b"(" in line:
                count += 1
                if count == sentence:
                    return number
            depth = max(0, depth + line.count(b"(") - line.count(b")"))
    return 0
