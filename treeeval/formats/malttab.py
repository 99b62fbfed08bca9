"""MaltTab: MaltEval's four-column dependency format (FORM, POSTAG, HEAD, DEPREL).

One token a line, fields separated by tabs, a blank line after each sentence (MaltEval
user guide, appendix B.3).  There is no ID column: word order gives the positions.  As
MaltEval's readers split fields with Java's ``StringTokenizer("\\t\\n")``, runs of tabs
count as one separator (empty fields collapse).  HEAD is a whole number from 0 (the root)
to the sentence length.

MaltTab has one tag column, POSTAG: it is both ``DependencySentence.tags`` (what the CoNLL
reader takes from CPOSTAG) and ``extra["postag"]``, so that MaltEval's Cpostag and Postag
groupings both see it; the CoNLL columns MaltTab lacks (LEMMA, FEATS, PHEAD, PDEPREL)
are ``_`` in ``extra``, under the names ``read_conll`` uses.  A malformed line is a
MaltTabError (an InputError) with file, line and column.

>>> import io
>>> text = "Rain\\tNN\\t2\\tSBJ\\nfell\\tVBD\\t0\\tROOT\\n\\n"
>>> sentence = next(read_malttab(io.StringIO(text)))
>>> sentence.forms, sentence.tags, sentence.heads, sentence.labels, sentence.line
(['Rain', 'fell'], ['NN', 'VBD'], [2, 0], ['SBJ', 'ROOT'], 1)
>>> sentence.extra["postag"], sentence.extra["lemma"]
(['NN', 'VBD'], ['_', '_'])
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from typing import IO

from ..errors import InputError
from ..model.dependencies import DependencySentence
from .text import Source, decode_error, open_lines

#: the columns of a MaltTab line, in order
COLUMNS = ("FORM", "POSTAG", "HEAD", "DEPREL")
#: the CoNLL columns MaltTab has no field for (names as in formats.conll.EXTRA_COLUMNS)
BLANK_COLUMNS = ("lemma", "feats", "col9", "col10")

_FIELD = re.compile(r"[^\t]+")
_WHOLE_NUMBER = re.compile(r"[0-9]+")


class MaltTabError(InputError):
    """A malformed line in a MaltTab file."""


def read_malttab(source: Source, encoding: str = "utf-8") -> Iterator[DependencySentence]:
    """Stream the sentences of a MaltTab file (a path or an open file).

    >>> import io
    >>> next(read_malttab(io.StringIO("Rain\\tNN\\ttwo\\tSBJ\\n")))
    Traceback (most recent call last):
    ...
    treeeval.formats.malttab.MaltTabError: <input>:1:9: HEAD must be a whole number, found 'two'
    """
    stream, path, opened = open_lines(source, encoding)
    if opened:
        return _read_and_close(stream, path, encoding)
    in_memory = source.getvalue if isinstance(source, io.BytesIO) else None
    return _decoded(stream, path, encoding, in_memory)


def _read_and_close(stream: IO[str], path: str, encoding: str) -> Iterator[DependencySentence]:
    with stream:
        yield from _decoded(stream, path, encoding)


def _decoded(stream: IO[str], path: str, encoding: str,
             raw: Callable[[], bytes] | None = None) -> Iterator[DependencySentence]:
    """The sentences; an undecodable byte is an InputError at its line and column (when the
    bytes can be had again: a file on disk, or ``raw``, a stream of bytes in memory)."""
    try:
        yield from _read_lines(stream, path)
    except UnicodeDecodeError as exc:
        raise decode_error(path, encoding, exc, raw) from None


def _read_lines(stream: IO[str], path: str) -> Iterator[DependencySentence]:
    rows: list[tuple[int, str, list[re.Match[str]]]] = []
    for number, raw in enumerate(stream, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            if rows:
                yield _sentence(rows, path)
                rows = []
            continue
        fields = list(_FIELD.finditer(line))
        if len(fields) != len(COLUMNS):
            column = len(line) + 1 if len(fields) < len(COLUMNS) else fields[4].start() + 1
            raise MaltTabError(
                f"expected {len(COLUMNS)} tab-separated fields (FORM POSTAG HEAD DEPREL), "
                f"found {len(fields)}", path=path, line=number, column=column, source_line=line)
        rows.append((number, line, fields))
    if rows:
        yield _sentence(rows, path)


def _sentence(rows: list[tuple[int, str, list[re.Match[str]]]], path: str) -> DependencySentence:
    size = len(rows)
    heads: list[int] = []
    for number, line, fields in rows:
        head = fields[2]
        if not _WHOLE_NUMBER.fullmatch(head.group()):
            raise MaltTabError(f"HEAD must be a whole number, found {head.group()!r}",
                               path=path, line=number, column=head.start() + 1, source_line=line)
        if int(head.group()) > size:
            raise MaltTabError(f"HEAD must be a token number from 0 to {size}, found "
                               f"{head.group()}", path=path, line=number,
                               column=head.start() + 1, source_line=line)
        heads.append(int(head.group()))
    forms, postags, _, labels = ([field.group() for field in column]
                                 for column in zip(*(fields for _, _, fields in rows)))
    extra = {name: ["_"] * size for name in BLANK_COLUMNS}
    extra["postag"] = postags
    return DependencySentence(forms, list(postags), heads, labels, line=rows[0][0], extra=extra)
