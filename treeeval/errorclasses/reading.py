"""Reading trees as the classifier pairs them: one tree per line, a blank line for a
sentence without a tree.

Lines are cut into columns by treeeval's bracket scanner (formats/scan.py) and assembled
into raw trees here, without nltk; a line the scanner does not accept is parsed by the lark
reference reader (formats/lark_trees.py), which reports a malformed line with its file, line
and column.  A raw tree is ``(tag, word)`` for a preterminal and ``(label, [children])``
for a bracket.

>>> import io
>>> list(read_raw(io.BytesIO(b"(S (NP (DT a) (NN dog)) (VBZ barks))\\n\\n( (X (Y z)))\\n")))
[('S', [('NP', [('DT', 'a'), ('NN', 'dog')]), ('VBZ', 'barks')]), None, ('', [('X', [('Y', 'z')])])]
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO, Union

import numpy as np

from ..arrays import IntArray
from ..columnar.blocks import LineReader, count_file_lines, count_lines, split_lines
from ..errors import InputError
from ..formats.scan import scan_lines
from ..model.tree_walks import fold

if TYPE_CHECKING:  # nltk is imported only where a tree is made of one
    from nltk import Tree

RawTree = tuple  # (tag, word) or (label, [RawTree, ...])
#: what read_raw reads: a path, or a binary stream
RawSource = Union[str, "os.PathLike[str]", BinaryIO]


def read_raw(source: RawSource, encoding: str = "utf-8") -> Iterator[RawTree | None]:
    """The raw tree of each line of a file (None for a blank line)."""
    if isinstance(source, (str, os.PathLike)):
        reader = LineReader.open(source, "tree")
    else:
        name = getattr(source, "name", None)
        reader = LineReader(source, name if isinstance(name, str) else "<input>")
    try:
        first_line = 1
        while True:
            block, count = reader.read_block()
            if not count:
                return
            yield from _block_trees(block, first_line, reader.path, encoding)
            first_line += count
    finally:
        if isinstance(source, (str, os.PathLike)):
            reader.close()


def count_source_lines(source: RawSource) -> int:
    """The lines of a file, or of a seekable binary stream from its start, counted as
    :func:`read_raw` reads them (a last line without a newline counts).

    >>> import io
    >>> stream = io.BytesIO(b"(S (A a))\\n\\n(S (B b))")
    >>> _ = stream.read()  # read to its end: counted from its start all the same
    >>> count_source_lines(stream)
    3
    """
    if isinstance(source, (str, os.PathLike)):
        return count_file_lines(os.fspath(source))
    source.seek(0)
    return count_lines(source.read())


def _block_trees(block: bytes, first_line: int, path: str,
                 encoding: str) -> Iterator[RawTree | None]:
    scanned = scan_lines(block)
    lines = np.arange(scanned.n_lines + 1)
    term_bounds = np.searchsorted(scanned.term_line, lines).tolist()
    br_bounds = np.searchsorted(scanned.br_line, lines).tolist()
    texts = _Texts(block, encoding)
    tags = texts.all(scanned.term_tag_start, scanned.term_tag_end)
    words = texts.all(scanned.term_word_start, scanned.term_word_end)
    labels = texts.all(scanned.br_label_start, scanned.br_label_end)
    starts, ends = scanned.br_start.tolist(), scanned.br_end.tolist()
    raw_lines: list[bytes] | None = None
    for index, ok in enumerate(scanned.line_ok.tolist()):
        terms = slice(term_bounds[index], term_bounds[index + 1])
        brackets = slice(br_bounds[index], br_bounds[index + 1])
        trees: list[RawTree] | None = None
        if ok and tags is not None and words is not None and labels is not None:
            trees = _assemble(list(zip(tags[terms], words[terms])), labels[brackets],
                              starts[brackets], ends[brackets])
        if trees is None:
            if raw_lines is None:
                raw_lines = split_lines(block)
            trees = _lark_line(raw_lines[index], path, first_line + index, encoding)
        yield _only_tree(trees, path, first_line + index)


class _Texts:
    """Labels and words decoded from byte offsets of a block (None if one does not decode:
    the lark reader then reports it)."""

    def __init__(self, block: bytes, encoding: str) -> None:
        self.block, self.encoding = block, encoding
        self.chars = block.decode("ascii") if block.isascii() else None

    def all(self, starts: IntArray, ends: IntArray) -> list[str] | None:
        pairs = zip(starts.tolist(), ends.tolist())
        if self.chars is not None:
            chars = self.chars
            return [chars[start:end] for start, end in pairs]
        try:
            return [self.block[start:end].decode(self.encoding) for start, end in pairs]
        except UnicodeDecodeError:
            return None


def _assemble(leaves: list[RawTree], labels: list[str], starts: list[int],
              ends: list[int]) -> list[RawTree]:
    """Nest preterminals under brackets given in pre-order with half-open leaf spans.

    >>> _assemble([("D", "a"), ("N", "b")], ["S", "NP"], [0, 1], [2, 2])
    [('S', [('D', 'a'), ('NP', [('N', 'b')])])]
    """
    roots: list[RawTree] = []
    stack: list[tuple[list[RawTree], int]] = [(roots, len(leaves) + 1)]
    position = 0
    for label, start, end in zip(labels, starts, ends):
        while position < start:
            while stack[-1][1] <= position:
                stack.pop()
            stack[-1][0].append(leaves[position])
            position += 1
        while stack[-1][1] <= position:
            stack.pop()
        children: list[RawTree] = []
        stack[-1][0].append((label, children))
        stack.append((children, end))
    while position < len(leaves):
        while stack[-1][1] <= position:
            stack.pop()
        stack[-1][0].append(leaves[position])
        position += 1
    return roots


def _lark_line(line: bytes, path: str, number: int, encoding: str) -> list[RawTree]:
    from ..formats.lark_trees import parse_tree_lark

    return [raw_from_nltk(tree) for tree in parse_tree_lark(line, path=path, line=number,
                                                            encoding=encoding)]


def raw_children(raw: RawTree) -> list[RawTree] | None:
    """A bracket's children; None for a preterminal."""
    return None if isinstance(raw[1], str) else raw[1]


def raw_from_nltk(tree: Tree) -> RawTree:
    """The raw tree of an ``nltk.Tree``.

    >>> from nltk import Tree
    >>> raw_from_nltk(Tree.fromstring("(S (NP (NN a)))"))
    ('S', [('NP', [('NN', 'a')])])
    """
    from ..conversion.heads import phrase_children

    return fold(tree, phrase_children, lambda leaf: (leaf.label(), leaf[0]),
                lambda bracket, children: (bracket.label(), children))


def raw_to_nltk(raw: RawTree) -> Tree:
    """The ``nltk.Tree`` of a raw tree (nltk is imported here, for the -p deletions only).

    >>> print(raw_to_nltk(("S", [("NP", [("NN", "a")])])))
    (S (NP (NN a)))
    """
    from nltk import Tree

    return fold(raw, raw_children, lambda leaf: Tree(leaf[0], [leaf[1]]),
                lambda bracket, children: Tree(bracket[0], children))


def _only_tree(trees: list[RawTree], path: str, line: int) -> RawTree | None:
    if len(trees) > 1:
        raise InputError(f"{len(trees)} trees on one line (one tree per line expected)",
                         path=path, line=line)
    return trees[0] if trees else None
