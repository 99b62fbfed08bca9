"""MaltXML: MaltEval's XML dependency format, read safely with the standard library's expat.

A document holds ``<sentence>`` elements (anywhere: MaltParser wraps them in
``<treebank><body>``), each with ``<word>`` elements whose attributes are the CoNLL
columns (MaltEval user guide, appendix B.2): ``id``, ``form``, ``postag``, ``head`` and
``deprel`` are required; ``lemma``, ``cpostag``, ``feats``, ``phead`` and ``pdeprel`` are
optional and read as ``_`` when absent.  Words are numbered in document order and ``id``
must be that number; HEAD is a whole number from 0 (the root) to the sentence length.
Other elements (the tag-set header, for one) are skipped, and so are sentences without
words.  As in the CoNLL reader, ``DependencySentence.tags`` is ``cpostag``, and ``lemma``,
``postag``, ``feats``, ``phead`` and ``pdeprel`` are kept in ``extra`` as ``lemma``,
``postag``, ``feats``, ``col9`` and ``col10``.

The character encoding is the XML declaration's (UTF-8 without one), as in MaltEval,
which applies ``--charset`` only to CoNLL and MaltTab.  Safety: a document type
declaration (``<!DOCTYPE``), and with it every entity declaration, is refused, so neither
entity expansion ("billion laughs") nor external entities (local files, URLs) can
happen; a reference to an undeclared entity is an XML error.  Every problem is a
MaltXmlError (an InputError) with the file, line and column.

>>> import io
>>> text = b'''<?xml version="1.0" encoding="UTF-8"?>
... <treebank><body><sentence id="1">
...   <word id="1" form="Rain" postag="NN" head="2" deprel="SBJ"/>
...   <word id="2" form="fell" cpostag="V" postag="VBD" head="0" deprel="ROOT"/>
... </sentence></body></treebank>'''
>>> sentence = next(read_maltxml(io.BytesIO(text)))
>>> sentence.forms, sentence.tags, sentence.heads, sentence.labels, sentence.line
(['Rain', 'fell'], ['_', 'V'], [2, 0], ['SBJ', 'ROOT'], 3)
>>> sentence.extra["postag"]
['NN', 'VBD']
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from typing import IO, NoReturn
from xml.parsers import expat

from ..errors import InputError
from ..model.dependencies import DependencySentence
from .xmlsafe import encoding_error

#: attributes a <word> must have
REQUIRED = ("id", "form", "postag", "head", "deprel")
#: attributes kept in ``extra``, by the name they have there (as in formats.conll)
EXTRA = {"lemma": "lemma", "postag": "postag", "feats": "feats", "phead": "col9",
         "pdeprel": "col10"}
#: bytes handed to expat at a time
BLOCK_SIZE = 1 << 16

_WHOLE_NUMBER = re.compile(r"[0-9]+")

Source = str | os.PathLike[str] | IO[bytes]


class MaltXmlError(InputError):
    """A malformed or refused MaltXML document."""


class _Word:
    """A <word> element: its attributes and where its start tag is."""

    __slots__ = ("attributes", "line", "column")

    def __init__(self, attributes: dict[str, str], line: int, column: int) -> None:
        self.attributes = attributes
        self.line = line
        self.column = column


def _safe_parser(path: str) -> expat.XMLParserType:
    """An expat parser that refuses DOCTYPE and entity declarations and external entities."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse(what: str, marker: str) -> Callable[..., NoReturn]:
        def handler(*_: object) -> NoReturn:
            line, column = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
            source_line = line_at(path, line)
            # expat stands past the start of the declaration: point at its marker if seen
            start = source_line.rfind(marker, 0, column) if source_line else -1
            raise MaltXmlError(
                f"{what} refused: MaltXML needs none, and entity expansion is unsafe",
                path=path, line=line, column=start + 1 if start >= 0 else column,
                source_line=source_line)
        return handler

    parser.StartDoctypeDeclHandler = refuse("document type declaration", "<!DOCTYPE")
    parser.EntityDeclHandler = refuse("entity declaration", "<!ENTITY")
    parser.ExternalEntityRefHandler = refuse("external entity reference", "&")
    return parser


def line_at(path: str, number: int) -> str | None:
    """Line ``number`` of a file on disk as UTF-8, for error messages (None for a stream, a
    file that cannot be read or a line past its end)."""
    if path == "<input>":
        return None
    try:
        with open(path, "rb") as stream:
            for current, raw in enumerate(stream, 1):
                if current == number:
                    return raw.rstrip(b"\r\n").decode("utf-8", "replace")
    except OSError:
        return None
    return None


def _open(source: Source) -> tuple[IO[bytes], str, bool]:
    """The binary stream, its name for messages, and whether it is ours to close."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        try:
            return open(path, "rb"), path, True
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    name = getattr(source, "name", None)
    return source, name if isinstance(name, str) else "<input>", False


def _feed(parser: expat.XMLParserType, stream: IO[bytes], path: str) -> Iterator[None]:
    """Hand the stream to expat block by block, pausing after each block."""
    try:
        while True:
            block = stream.read(BLOCK_SIZE)
            parser.Parse(block, not block)
            yield
            if not block:
                return
    except expat.ExpatError as exc:
        raise MaltXmlError(f"bad XML: {expat.ErrorString(exc.code)}", path=path,
                           line=exc.lineno, column=exc.offset + 1,
                           source_line=line_at(path, exc.lineno)) from None
    except InputError:
        raise
    except (LookupError, ValueError) as exc:  # an unknown or a multi-byte encoding
        error = encoding_error(path, (line_at(path, 1) or "").encode("utf-8"), exc)
        raise MaltXmlError(error.message, path=path, line=1, column=error.column,
                           source_line=error.source_line) from None


def read_maltxml(source: Source) -> Iterator[DependencySentence]:
    """Stream the sentences of a MaltXML document (a path or a binary file).

    >>> import io
    >>> bomb = b'<!DOCTYPE t [<!ENTITY a "aaaa">]><t>&a;</t>'
    >>> try:
    ...     next(read_maltxml(io.BytesIO(bomb)))
    ... except MaltXmlError as error:
    ...     print(error.message)
    document type declaration refused: MaltXML needs none, and entity expansion is unsafe
    """
    stream, path, ours = _open(source)
    return _read(stream, path, ours)


def _read(stream: IO[bytes], path: str, ours: bool) -> Iterator[DependencySentence]:
    parser = _safe_parser(path)
    done: list[DependencySentence] = []
    words: list[_Word] | None = None

    def error(message: str, line: int, column: int) -> MaltXmlError:
        return MaltXmlError(message, path=path, line=line, column=column,
                            source_line=line_at(path, line))

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal words
        line, column = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        if name == "sentence":
            if words is not None:
                raise error("<sentence> inside a <sentence>", line, column)
            words = []
        elif name == "word":
            if words is None:
                raise error("<word> outside a <sentence>", line, column)
            for required in REQUIRED:
                if required not in attributes:
                    raise error(f"<word> has no {required} attribute (required: "
                                f"{', '.join(REQUIRED)})", line, column)
            if attributes["id"] != str(len(words) + 1):
                raise error(f"expected word id {len(words) + 1}, found "
                            f"{attributes['id']!r}", line, column)
            words.append(_Word(attributes, line, column))

    def end(name: str) -> None:
        nonlocal words
        if name == "sentence" and words is not None:
            if words:
                done.append(_sentence(words, error))
            words = None

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        for _ in _feed(parser, stream, path):
            yield from done
            done.clear()
    finally:
        if ours:
            stream.close()


def _sentence(words: list[_Word],
              error: Callable[[str, int, int], MaltXmlError]) -> DependencySentence:
    size = len(words)
    heads: list[int] = []
    for word in words:
        head = word.attributes["head"]
        if not _WHOLE_NUMBER.fullmatch(head) or int(head) > size:
            raise error(f"head must be a token number from 0 to {size}, found {head!r}",
                        word.line, word.column)
        heads.append(int(head))
    column = {name: [word.attributes.get(name, "_") for word in words]
              for name in ("form", "cpostag", "deprel", *EXTRA)}
    extra = {key: column[name] for name, key in EXTRA.items()}
    return DependencySentence(column["form"], column["cpostag"], heads, column["deprel"],
                              line=words[0].line, extra=extra)


def locate_word(source: Source, index: int) -> tuple[int, int]:
    """Line and column of the start tag of word number ``index`` (0-based, document order).

    >>> import io
    >>> text = b'<s><sentence id="1">\\n<word id="1"/> <word id="2"/></sentence></s>'
    >>> locate_word(io.BytesIO(text), 1)
    (2, 16)
    """
    stream, path, ours = _open(source)
    parser = _safe_parser(path)
    seen = 0
    found: list[tuple[int, int]] = []

    def start(name: str, _: dict[str, str]) -> None:
        nonlocal seen
        if name == "word":
            if seen == index and not found:
                found.append((parser.CurrentLineNumber, parser.CurrentColumnNumber + 1))
            seen += 1

    parser.StartElementHandler = start
    try:
        for _ in _feed(parser, stream, path):
            if found:
                return found[0]
    finally:
        if ours:
            stream.close()
    raise ValueError(f"{path} has {seen} words, not {index + 1}")
