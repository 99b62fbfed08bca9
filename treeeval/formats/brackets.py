"""Readers for bracketed trees: EVALB's one tree per line and Penn Treebank ``.mrg`` files.

The grammar of one sentence is ``brackets.lark``; it is the specification.  Two readers
follow it (``tree_chunks.py`` cuts the input into sentences, ``tree_building.py`` builds
their trees, ``lark_trees.py`` is the lark parser):

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
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator
from typing import BinaryIO, Literal

from nltk import Tree

from ..columnar.blocks import line_blocks
from ..errors import BracketSyntaxError, InputError
from ..policy.inputs import Source, api_inputs
from .sentences import ENCODERS
from .tree_building import fast_sentences, lark_sentences
from .tree_chunks import Chunk, line_chunks, mrg_chunks

#: bytes read at a time by read_trees
BLOCK_SIZE = 1 << 20


def read_trees(
    source: Source,
    *,
    reader: Literal["fast", "lark"] = "fast",
    multiline: bool = True,
    encoding: str = "utf-8",
    block_size: int = BLOCK_SIZE,
) -> Iterator[Tree]:
    """Stream the trees of a file, one ``nltk.Tree`` per sentence, in constant memory.

    ``source`` is what :mod:`treeeval.policy.inputs` reads: a path (``-``: standard input),
    the file's bytes, an open file (binary, or text), each maybe gzip, bzip2 or xz
    compressed, or a sequence of trees in the forms of :mod:`treeeval.formats.sentences`
    (bracketed strings or bytes, ``nltk.Tree``, ``(words, spans)``; an error in one names
    it ``source[INDEX]``).  ``multiline=True`` (the default) reads Penn
    Treebank ``.mrg`` files, where a tree spans lines until its brackets close at the end
    of a line and blank lines separate trees: a file of one tree per line is one of them,
    and so is a file that mixes one-line and multi-line trees (a short sentence's tree
    fits on a line), as CoreNLP and nltk read them.  ``multiline=False`` reads one tree
    per line strictly (EVALB's files, whose lines pair up: a blank line or two trees on a
    line is an error).  Labels and words are decoded with ``encoding``.  Raises
    BracketSyntaxError on malformed trees and InputError on an unreadable file or
    undecodable byte, with the file, line and column.

    >>> import io
    >>> lines = io.BytesIO(b"(TOP (NP (-LRB- -LRB-) (NN a) (-RRB- -RRB-)))\\n\\n")
    >>> trees = read_trees(lines, multiline=False)
    >>> print(next(trees))
    (TOP (NP (-LRB- -LRB-) (NN a) (-RRB- -RRB-)))
    >>> next(trees)
    Traceback (most recent call last):
    ...
    treeeval.errors.BracketSyntaxError: <stream>:2:1: empty line (one tree per line expected)
    >>> mixed = b"( (FRAG (RB Not) (. .)) )\\n( (S\\n  (NP (NN It))\\n  (VP (VBD was))) )\\n"
    >>> [len(tree.leaves()) for tree in read_trees(io.BytesIO(mixed))]
    [2, 2]
    >>> import gzip
    >>> [str(tree) for tree in read_trees(gzip.compress(b"(S (NN Rain))\\n"))]
    ['(S (NN Rain))']
    >>> list(read_trees(["(S (NN Rain))", "(S (NN fell)"]))
    Traceback (most recent call last):
    ...
    treeeval.errors.BracketSyntaxError: source[1]:1:1: unclosed bracket opened at column 1
    """
    if reader not in ("fast", "lark"):
        raise ValueError(f"reader must be 'fast' or 'lark', not {reader!r}")
    return _read_source(source, reader, multiline, encoding, block_size)


def _read_source(
    source: Source, reader: str, multiline: bool, encoding: str, block_size: int
) -> Iterator[Tree]:
    """The trees of ``source`` (read_trees'): a path read where it is (or its temporary
    copy, kept until the last tree is read or the iterator is dropped), anything else as it
    comes (streamed, decompressed as it goes)."""
    with api_inputs() as inputs:
        if isinstance(source, (str, os.PathLike)):
            path = inputs.path(source, "source")
            yield from _read_path(path, reader, multiline, encoding, block_size)
        else:
            stream, name = inputs.stream(source, "source", ENCODERS["brackets"],
                                         encoding=encoding)
            yield from _read_stream(stream, name, reader, multiline, encoding, block_size)


def _read_path(
    path: str, reader: str, multiline: bool, encoding: str, block_size: int
) -> Iterator[Tree]:
    try:
        stream = open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read tree file: {exc.strerror}", path=path) from None
    with stream:
        yield from _read_stream(stream, path, reader, multiline, encoding, block_size)


def _read_stream(
    stream: BinaryIO,
    path: str | None,
    reader: str,
    multiline: bool,
    encoding: str,
    block_size: int,
) -> Iterator[Tree]:
    blocks: Iterable[bytes] = line_blocks(stream, block_size, encoding)
    chunks = mrg_chunks(blocks) if multiline else line_chunks(blocks)
    parse = fast_sentences if reader == "fast" else lark_sentences
    for chunk in chunks:
        for index, trees in enumerate(parse(chunk, path, encoding)):
            if multiline:
                yield from trees
            else:
                yield _only_tree(trees, chunk, index, path, encoding)


def _only_tree(
    trees: list[Tree], chunk: Chunk, index: int, path: str | None, encoding: str
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
    >>> tree_start_line(f.name, 2), tree_start_line(f.name, 3), list(tree_start_lines(f.name))
    (4, 0, [1, 4])
    >>> os.remove(f.name)
    """
    if sentence < 1:
        return 0
    return next(itertools.islice(tree_start_lines(path), sentence - 1, None), 0)


def tree_start_lines(path: str) -> Iterator[int]:
    """The line where each tree of a bracketed file starts (see tree_start_line)."""
    depth = 0
    with open(path, "rb") as stream:
        for number, line in enumerate(stream, 1):
            if depth == 0 and b"(" in line:
                yield number
            depth = max(0, depth + line.count(b"(") - line.count(b")"))
