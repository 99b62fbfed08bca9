"""Reading CoNLL-U as the CoNLL 2017/2018 scorers read it, into numpy columns.

The file is streamed in blocks of whole sentences (about :data:`BLOCK_BYTES` each), and
each block goes to the first of three readers that vouches for it (the two fast ones fall
back, :mod:`treeeval.fallback`):

1. :func:`.scan.scan_fast` works on the bytes with numpy only (the usual case);
2. :func:`.fast_parse.parse_fast` splits the decoded lines with one ``str.split`` and
   C-level maps (for blocks the scanner leaves: very long fields, non-ASCII digits ...);
3. :func:`.exact_parse.parse_exact` reads line by line in the reference scorers' order and
   raises their error at the same line; it is only reached by blocks the other two refuse.

:func:`read_ud` joins the blocks' columns with :class:`.column_builder.ColumnBuilder`.

All three give the same columns (a property test checks it).  What the scorers see of a
file (see docs/ud.md): a character stream (the FORMs of the tokens, spaces removed), token
spans in it, and for every syntactic word its span (an MWT's words share the MWT's span),
its FORM (for the LCS alignment inside MWTs), LEMMA, UPOS, XPOS, FEATS (universal features,
sorted; conll17: literal), HEAD and DEPREL (subtype cut).

>>> import os, tempfile
>>> rows = ["1-2 Im _ _ _ _ _ _ _ _", "1 I I PRON _ _ 2 nsubj _ _",
...         "2 m be AUX _ _ 0 root _ _", "3 ok ok ADJ _ _ 2 xcomp:pred _ _"]
>>> text = "# text = I'm ok\\n" + "".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n"
>>> with tempfile.NamedTemporaryFile("w", suffix=".conllu", delete=False) as f:
...     _ = f.write(text)
>>> tb = read_ud(f.name)
>>> tb.text, tb.token_start.tolist(), tb.word_start.tolist(), tb.word_mwt.tolist()
('Imok', [0, 2], [0, 0, 2], [True, True, False])
>>> tb.head.tolist(), [tb.vocabulary.strings[i] for i in tb.deprel]
([1, -1, 1], ['nsubj', 'root', 'xcomp'])
>>> os.unlink(f.name)
"""

from __future__ import annotations

import io
from collections.abc import Generator, Iterator

from ...collector import paused
from ...columnar.blocks import Block, sentence_blocks
from ...errors import InputError
from ...fallback import Fallback
from ...model.vocabulary import Vocabulary
from ..format_error import UDFormatError
from ..treebank import UDTreebank
from .column_builder import ColumnBuilder
from .exact_parse import parse_exact
from .fast_parse import parse_fast
from .layout import BlockColumns, ReadOptions
from .scan import Interner, scan_fast
from .string_block import StringBlock

#: bytes per block (a block is cut after the last blank line once it holds this many)
BLOCK_BYTES = 1 << 20
_BOM = b"\xef\xbb\xbf"
#: the reference scorers' rules (conll18, one root per sentence)
DEFAULT_OPTIONS = ReadOptions()


def read_ud(path: str, options: ReadOptions = DEFAULT_OPTIONS,
            vocabulary: Vocabulary | None = None, forms: Vocabulary | None = None,
            data: bytes | None = None, interner: Interner | None = None) -> UDTreebank:
    """Read a CoNLL-U file into columns (``data``: its bytes, already read; the file is
    then not opened; ``interner``: that of ``vocabulary`` and ``forms`` when the other file
    of the pair was read with it, :meth:`.scan.Interner.of`); bad input raises
    :class:`UDFormatError`."""
    vocabulary = Vocabulary() if vocabulary is None else vocabulary
    forms = Vocabulary() if forms is None else forms
    builder = ColumnBuilder(path, options, vocabulary, forms, interner)
    for block, first_line, at_eof in _blocks(path, data):
        builder.add(_read_block(builder, block, first_line, at_eof))
    return builder.finish()


def read_ud_pieces(path: str, options: ReadOptions, vocabulary: Vocabulary,
                   forms: Vocabulary, interner: Interner | None = None
                   ) -> Generator[UDTreebank, None, None]:
    """Read a CoNLL-U file as a stream of treebanks of whole sentences (a block each): words
    are numbered within each piece, characters across the file (``interner``: as for
    :func:`read_ud`)."""
    builder = ColumnBuilder(path, options, vocabulary, forms, interner)
    for data, first_line, at_eof in _blocks(path):
        builder.add(_read_block(builder, data, first_line, at_eof))
        yield builder.finish()
        builder.restart()


def _read_block(builder: ColumnBuilder, data: bytes, first_line: int,
                at_eof: bool) -> BlockColumns:
    """One block through the first reader that vouches for it."""
    with paused():  # many short-lived strings and no cycles: the collector only costs
        if not data.isascii():
            _check_utf8(data, builder, first_line)
        try:
            return scan_fast(data, first_line, builder.options, builder.interner)
        except Fallback:
            pass
        lines = _split_lines(data, builder.path, first_line)
        return builder.intern(_parse_lines(builder, lines, first_line, at_eof))


def _parse_lines(builder: ColumnBuilder, lines: list[str], first_line: int,
                 at_eof: bool) -> StringBlock:
    """A block the scanner falls back on, through the first string reader that vouches
    for it."""
    try:
        return parse_fast(lines, first_line, builder.options)
    except Fallback:
        pass
    return parse_exact(lines, first_line, builder.options, builder.path, at_eof)


def _check_utf8(data: bytes, builder: ColumnBuilder, first_line: int) -> None:
    """Bad UTF-8 anywhere in a block (comments too) is an error at its line, where the
    scorers stop with a UnicodeDecodeError traceback; an error of theirs in a sentence
    before it (read as they read it) comes first, as in the file.

    >>> from treeeval.model.vocabulary import Vocabulary
    >>> builder = ColumnBuilder("x.conllu", ReadOptions(), Vocabulary(), Vocabulary())
    >>> _check_utf8(b"1\\ta\\n2\\tb\\xff\\n", builder, 7)
    Traceback (most recent call last):
    ...
    treeeval.ud.format_error.UDFormatError: x.conllu:8: cannot decode as UTF-8: invalid start byte
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data.rfind(b"\n\n", 0, exc.start)  # the end of the last whole sentence
        if before >= 0:
            parse_exact(_split_lines(data[:before + 2], builder.path, first_line),
                        first_line, builder.options, builder.path, False)
        raise _decode_error(data, exc, builder.path, first_line) from None


def _decode_error(data: bytes, exc: UnicodeDecodeError, path: str,
                  first_line: int) -> UDFormatError:
    """A block's bad UTF-8 as an error at its line."""
    line = first_line + data.count(b"\n", 0, exc.start)
    return UDFormatError(f"cannot decode as UTF-8: {exc.reason}", path=path, line=line)


def _blocks(path: str, data: bytes | None = None) -> Iterator[Block]:
    """The file (or ``data``, its bytes) in blocks of whole sentences, newlines made ``\\n``
    as Python's universal newlines make them (``\\r\\n`` and a lone ``\\r`` too), a
    leading UTF-8 BOM dropped."""
    try:
        stream = open(path, "rb") if data is None else io.BytesIO(data)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    with stream:
        yield from sentence_blocks(stream, BLOCK_BYTES, universal=True, bom=_BOM)


def _split_lines(data: bytes, path: str, first_line: int) -> list[str]:
    """The lines of a block as strings (the newline of each removed)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _decode_error(data, exc, path, first_line) from None
    lines = text.split("\n")
    if not lines[-1]:
        lines.pop()
    return lines
