"""Reading XML files safely: no DTD, so no entity expansion and no external entities.

The files treeeval reads as XML (MaltEval evaluation files, MaltXML treebanks) never need a
document type declaration.  Refusing it outright closes the entity-expansion attacks
("billion laughs") and external-entity reads that a general XML parser allows.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "eval.xml")
>>> _ = open(path, "w").write('<evaluation><parameter name="Metric"/></evaluation>')
>>> parameter = parse_xml(path).find("parameter")
>>> parameter.get("name"), parameter.get(LINE), parameter.get(COLUMN)
('Metric', '1', '13')
>>> _ = open(path, "w").write('<!DOCTYPE x [<!ENTITY a "b">]>\\n<x>&a;</x>')
>>> try:
...     parse_xml(path)
... except InputError as error:
...     print(error.line, error.message)
1 a document type declaration (DOCTYPE) is not allowed: entities are never expanded
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import InputError

if TYPE_CHECKING:
    from xml.etree import ElementTree


class _Refused(Exception):
    """Raised from inside expat when the document declares a DTD or an entity."""


#: the attributes every element gets: the line and column where its start tag begins
LINE, COLUMN = "{treeeval}line", "{treeeval}column"


def parse_xml(path: str | os.PathLike[str]) -> ElementTree.Element:
    """The root element of the XML file at ``path``; an InputError (with line and column)
    for unreadable or malformed files and for any DTD or entity declaration.  Each element
    carries its position as the attributes ``LINE`` and ``COLUMN``."""
    from xml.etree import ElementTree  # imported when used: start-up of `treeeval dep`
    from xml.parsers import expat

    path = os.fspath(path)
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    builder = ElementTree.TreeBuilder()
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        builder.start(tag, {**attributes, LINE: str(parser.CurrentLineNumber),
                            COLUMN: str(parser.CurrentColumnNumber + 1)})

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data

    def refuse(*_: object) -> None:
        raise _Refused

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(data, True)
        return builder.close()
    except _Refused:
        raise InputError("a document type declaration (DOCTYPE) is not allowed: entities are "
                         "never expanded", path=path, line=parser.CurrentLineNumber,
                         column=parser.CurrentColumnNumber + 1) from None
    except expat.ExpatError as exc:
        raise InputError(f"not well-formed XML ({expat.ErrorString(exc.code)})", path=path,
                         line=exc.lineno, column=exc.offset + 1) from None
    except (LookupError, ValueError) as exc:
        raise encoding_error(path, data[:200], exc) from None


def iter_elements(path: str | os.PathLike[str], tag: str,
                  chunk: int = 1 << 16) -> Iterator[ElementTree.Element]:
    """The elements named ``tag`` of the XML file at ``path``, each complete (with its
    descendants, each carrying ``LINE`` and ``COLUMN``), in document order, read a chunk at
    a time: nothing outside them is kept, so memory stays flat however long the file.
    Errors as :func:`parse_xml`'s.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "c.xml")
    >>> _ = open(path, "w").write('<c><h/><s id="1"><t/></s>\\n<s id="2"/></c>')
    >>> [(s.get("id"), s.get(LINE), len(s)) for s in iter_elements(path, "s", chunk=5)]
    [('1', '1', 1), ('2', '2', 0)]
    """
    from xml.etree import ElementTree  # imported when used (start-up time)
    from xml.parsers import expat

    path = os.fspath(path)
    parser = expat.ParserCreate()
    builder: ElementTree.TreeBuilder | None = None
    depth = 0
    done: list[ElementTree.Element] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal builder, depth
        if builder is None and name == tag:
            builder, depth = ElementTree.TreeBuilder(), 0
        if builder is not None:
            depth += 1
            builder.start(name, {**attributes, LINE: str(parser.CurrentLineNumber),
                                 COLUMN: str(parser.CurrentColumnNumber + 1)})

    def end(name: str) -> None:
        nonlocal builder, depth
        if builder is not None:
            builder.end(name)
            depth -= 1
            if not depth:
                done.append(builder.close())
                builder = None

    def data(text: str) -> None:
        if builder is not None:
            builder.data(text)

    def refuse(*_: object) -> None:
        raise _Refused

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        stream = open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    with stream:
        first = b""
        while True:
            try:
                block = stream.read(chunk)
            except OSError as exc:
                raise InputError(f"cannot read: {exc.strerror}", path=path) from None
            first = first or block[:200]
            try:
                parser.Parse(block, not block)
            except _Refused:
                raise InputError("a document type declaration (DOCTYPE) is not allowed: "
                                 "entities are never expanded", path=path,
                                 line=parser.CurrentLineNumber,
                                 column=parser.CurrentColumnNumber + 1) from None
            except expat.ExpatError as exc:
                raise InputError(f"not well-formed XML ({expat.ErrorString(exc.code)})",
                                 path=path, line=exc.lineno, column=exc.offset + 1) from None
            except (LookupError, ValueError) as exc:
                raise encoding_error(path, first, exc) from None
            yield from done
            done.clear()
            if not block:
                return


def encoding_error(path: str, start: bytes, exc: Exception) -> InputError:
    """The error for an encoding expat cannot read (``exc``: the LookupError of an unknown
    one, or the ValueError of a multi-byte one), at the XML declaration's ``encoding``
    (``start``: the document's first bytes).

    >>> print(encoding_error("t.xml", b'<?xml version="1.0" encoding="klingon"?>',
    ...                      LookupError("unknown encoding: klingon")))
    t.xml:1:21: cannot read the declared encoding: unknown encoding: klingon (expat reads \
UTF-8, UTF-16 and single-byte encodings)
    """
    first = start.split(b"\n", 1)[0]
    column = first.find(b"encoding")
    return InputError(f"cannot read the declared encoding: {exc} (expat reads UTF-8, UTF-16 "
                      "and single-byte encodings)", path=path, line=1,
                      column=column + 1 if column >= 0 else None,
                      source_line=first.decode("utf-8", "replace"))
