"""Sentences of a chunk built into ``nltk.Tree`` objects: from the columnar scanner's columns,
or (for what it rejects, and for ``reader="lark"``) by the lark reference parser: the fast
path falls back, sentence by sentence, as :mod:`treeeval.fallback` says.

>>> from treeeval.formats.tree_chunks import line_chunks
>>> chunk = next(line_chunks([b"(S (NN a))\\n(S (NN b) c)\\n"]))
>>> next(fast_sentences(chunk, None, "utf-8"))
[Tree('S', [Tree('NN', ['a'])])]
>>> list(lark_sentences(chunk, None, "utf-8"))
Traceback (most recent call last):
...
treeeval.errors.BracketSyntaxError: <input>:2:11: word mixed with bracketed children
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import numpy as np
from nltk import Tree

from ..arrays import IntArray
from ..fallback import Fallback
from .lark_trees import parse_tree_lark
from .scan import ScannedLines, scan_lines
from .tree_chunks import Chunk


def lark_sentences(chunk: Chunk, path: str | None, encoding: str) -> Iterator[list[Tree]]:
    for index in range(len(chunk.ends)):
        text, line = chunk.sentence(index)
        yield parse_tree_lark(text, path=path, line=line, encoding=encoding)


def fast_sentences(chunk: Chunk, path: str | None, encoding: str) -> Iterator[list[Tree]]:
    """Scan a chunk with scan.py (one sentence per scanned line) and build its trees; a
    sentence the scanner rejects, or whose trees fall back, is parsed with lark."""
    codes = np.frombuffer(chunk.data, dtype=np.uint8).copy()
    inner = np.setdiff1d(chunk.newlines, chunk.ends, assume_unique=True)
    codes[inner] = ord(" ")
    scanned = scan_lines(codes.tobytes())
    builder = _ColumnBuilder(scanned, chunk.data, encoding)
    for index, fallback in enumerate((~scanned.line_ok).tolist()):
        if not fallback:
            try:
                trees = builder.sentence(index)
            except Fallback:
                fallback = True
        if fallback:
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

    def sentence(self, index: int) -> list[Tree]:
        """The trees of scanned line ``index``; Fallback if a label or word does not decode."""
        terms = slice(*self.term_bounds[index : index + 2])
        brackets = slice(*self.br_bounds[index : index + 2])
        try:
            tags, words = self.texts(self.tags[terms]), self.texts(self.words[terms])
            labels = self.texts(self.labels[brackets])
        except UnicodeDecodeError as error:
            raise Fallback(f"a label or word {error.encoding} does not decode") from None
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


def _pairs(starts: IntArray, ends: IntArray) -> list[tuple[int, int]]:
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
