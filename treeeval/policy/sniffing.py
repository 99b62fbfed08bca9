"""Which format an input file is in: one decision table for every command.

``sniff_kind`` decides by the first rule that holds, in this order:

====  ============================================================================  ==========
rule  the file                                                                      kind
====  ============================================================================  ==========
1     its name ends in ``.xml`` (MaltEval's rule)                                   maltxml
2     its name ends in ``.tab`` (MaltEval's rule)                                   malttab
3     its name ends in ``.mrg``, ``.tst`` or ``.gld``                               brackets
4     its first word line starts with ``(``                                         brackets
5     its name ends in ``.conllu``                                                  conllu
6     its first word line is a CoNLL word line, after a ``#`` comment line or with  conllu
      a multiword range (``1-2``) or an empty node (``1.1``) as its ID
7     its first word line is a CoNLL word line (``conllu`` when its name ends in    conllx
      ``.conllu``, even without the rules by name: the content says CoNLL, the
      name which one)
8     it has no word line (empty, blank or comments only)                           empty
9     it starts with gzip's magic number (bytes 1f 8b)                              gzip
10    its first word line starts with ``<``                                         xml
11    anything else (Lin's tuples, for instance)                                    other
====  ============================================================================  ==========

Rules 1, 2, 3 and 5 decide by the name; ``sniff_kind(path, names=False)`` skips them and
decides by the content (of which rule 7 only asks the name which CoNLL it is).

Names are compared without regard to case.  The *first word line* is the first line that is
neither blank nor a comment (its first character that is not white space is ``#``), after a
UTF-8 byte-order mark; no bracketed tree, CoNLL or tuple line can start with ``#``.  A
*CoNLL word line* has at least eight tab-separated fields and a token ID (a number, a range
``N-M`` or a decimal ``N.M``) as the first.

Each command reads some kinds, by its own names (``READS``); ``sniff(path, command)``
gives that name, or an InputError for a kind the command does not read:

* ``dep`` reads MaltXML, MaltTab, bracketed trees and CoNLL (CoNLL-X or CoNLL-U: its reader
  reads both and says what is wrong with anything else, so every other kind is CoNLL);
* ``lin`` reads bracketed trees, CoNLL and Lin's tuples (anything else, and an empty file);
* ``browse`` reads bracketed trees, CoNLL-X, CoNLL-U (scored by ``treeeval ud``), MaltTab
  and MaltXML, and rejects an empty file and one whose first word line is none of these;
* ``bracket`` reads every file as bracketed trees, as EVALB does, whatever its name: it asks
  ``sniff_kind(path, names=False)`` only to warn that a file looks like another format
  (``FOREIGN``), or has no tree at all (``empty``).

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> def kind(text, name="f"):
...     path = os.path.join(folder, name)
...     _ = open(path, "w").write(text)
...     return sniff_kind(path)
>>> row = "1\\ta\\t_\\tX\\tX\\t_\\t0\\troot\\t_\\t_\\n"
>>> kind("\\n(TOP (S (NN a)))\\n"), kind(row), kind("# sent_id = 1\\n" + row), kind("1-2\\tab\\n")
('brackets', 'conllx', 'conllu', 'other')
>>> kind("# a tuple\\nRain N < fell\\n"), kind("\\n\\n"), kind("(S (A a))", "a.TAB")
('other', 'empty', 'malttab')
>>> kind("<?xml version='1.0'?>\\n"), sniff_kind(os.path.join(folder, "a.TAB"), names=False)
('xml', 'brackets')
>>> _ = kind(row, "b.conllu"); sniff_kind(os.path.join(folder, "b.conllu"), names=False)
'conllu'
>>> sniff(os.path.join(folder, "f"), "lin")
'tuples'
"""

from __future__ import annotations

import io
import os
import re

from ..errors import InputError

#: the file names of bracketed trees (Penn Treebank .mrg, EVALB's gold and test files)
BRACKET_EXTENSIONS = (".mrg", ".tst", ".gld")
#: rules 1-3, then 5: kinds a name decides
_BY_NAME = ((".xml", "maltxml"), (".tab", "malttab"), (BRACKET_EXTENSIONS, "brackets"))
_BOM = b"\xef\xbb\xbf"
_TOKEN_ID = re.compile(rb"[0-9]+(?:[-.][0-9]+)?")
_GZIP_MAGIC = b"\x1f\x8b"

#: each command's name for each kind it reads
READS: dict[str, dict[str, str]] = {
    "dep": {"maltxml": "maltxml", "malttab": "malttab", "brackets": "brackets",
            "conllu": "conll", "conllx": "conll", "empty": "conll", "gzip": "conll",
            "xml": "conll", "other": "conll"},
    "lin": {"brackets": "brackets", "conllu": "conll", "conllx": "conll", "empty": "tuples",
            "gzip": "tuples", "xml": "tuples", "other": "tuples"},
    "browse": {"brackets": "bracket", "conllu": "conllu", "conllx": "conllx",
               "malttab": "malttab", "maltxml": "maltxml"},
}
#: the kinds by name, for messages
NAMES = {"maltxml": "MaltXML", "malttab": "MaltTab", "brackets": "bracketed trees",
         "conllu": "CoNLL-U", "conllx": "CoNLL-X", "gzip": "gzip-compressed data",
         "xml": "XML"}
#: the kinds (by content) that are plainly another format than bracketed trees
FOREIGN = ("conllu", "conllx", "gzip", "xml")
#: the kinds a command that does not read them rejects as text of no known format
UNKNOWN = ("other", "gzip", "xml")


def first_word_line(path: str | os.PathLike[str],
                    data: bytes | None = None) -> tuple[int, bytes, bool] | None:
    """The first word line of ``path`` (of ``data``, its bytes already read, when given):
    its number, its bytes (without the line end) and whether a comment line came before
    it; None when there is none.

    >>> first_word_line("f", b"\\n# c\\n(S (A a))\\n")
    (3, b'(S (A a))', True)
    """
    commented = False
    try:
        with open(path, "rb") if data is None else io.BytesIO(data) as stream:
            for number, line in enumerate(stream, 1):
                text = line.removeprefix(_BOM) if number == 1 else line
                stripped = text.strip()
                if stripped.startswith(b"#"):
                    commented = True
                elif stripped:
                    return number, text.rstrip(b"\r\n"), commented
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=os.fspath(path)) from None
    return None


def _conll_word_line(line: bytes) -> bool:
    fields = line.split(b"\t")
    return len(fields) >= 8 and _TOKEN_ID.fullmatch(fields[0]) is not None


def sniff_kind(path: str | os.PathLike[str], data: bytes | None = None,
               names: bool = True) -> str:
    """The kind of ``path`` by the decision table above (``data``: its bytes, already
    read; the file is then not opened; without the rules by name when ``names`` is false)."""
    name = os.fspath(path).lower() if names else ""
    for endings, kind in _BY_NAME:
        if name.endswith(endings):
            return kind
    first = first_word_line(path, data)
    if first is not None and first[1].lstrip().startswith(b"("):
        return "brackets"
    if name.endswith(".conllu"):
        return "conllu"
    if first is None:
        return "empty"
    _, line, commented = first
    if not _conll_word_line(line):
        return _unknown_text(path, line, data)
    token_id = line.split(b"\t", 1)[0]
    named = os.fspath(path).lower().endswith(".conllu")
    return "conllu" if named or commented or b"-" in token_id or b"." in token_id else "conllx"


def _unknown_text(path: str | os.PathLike[str], first_line: bytes,
                  data: bytes | None = None) -> str:
    """Rules 9 to 11, for a file whose first word line is neither a tree nor a CoNLL line."""
    if data is None:
        with open(path, "rb") as stream:
            start = stream.read(len(_GZIP_MAGIC))
    else:
        start = data[:len(_GZIP_MAGIC)]
    if start == _GZIP_MAGIC:
        return "gzip"
    return "xml" if first_line.lstrip().startswith(b"<") else "other"


def sniff(path: str | os.PathLike[str], command: str, data: bytes | None = None,
          kind: str | None = None) -> str:
    """The format ``command`` reads ``path`` in, by its own name for it (``READS``);
    ``data``: the file's bytes, already read; ``kind``: its :func:`sniff_kind`, when the
    caller has it (the file is not looked at again)."""
    kind = sniff_kind(path, data) if kind is None else kind
    reads = READS[command]
    if kind in reads:
        return reads[kind]
    name = os.fspath(path)
    if kind == "empty":
        raise InputError("the file is empty", path=name)
    if kind in UNKNOWN:
        number, line, _ = first_word_line(path, data) or (None, b"", False)
        raise InputError("neither a bracketed tree nor a CoNLL word line", path=name,
                         line=number, source_line=line.decode("utf-8", "replace"))
    readable = ", ".join(dict.fromkeys(NAMES.get(k, "Lin's tuples") for k in reads))
    raise InputError(f"{NAMES[kind]} is not read by treeeval {command} (it reads {readable})",
                     path=name)


#: a bracketed tree whose leaves are numbered (``0=Der``): discbracket
_DISC_LEAF = re.compile(rb"\s[0-9]+=[^\s()]")
#: how much of a file :func:`sniff_disco` looks at
_DISCO_SNIFF_BYTES = 1 << 16


def sniff_disco(path: str | os.PathLike[str], data: bytes | None = None) -> str | None:
    """The format of ``treeeval disco`` a file is in by its content, or None: ``export``
    (a line starts with ``#BOS``), ``alpino`` (an ``<alpino_ds`` element), ``tiger`` (a
    ``<graph`` element) or ``discbracket`` (the first word line a bracketed tree with a
    numbered leaf, ``0=Der``), in the first 64 KiB.  Plain bracketed trees are never
    guessed (every command reads them as EVALB does); a path that is not a readable file
    (an Alpino folder or pattern) is None.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "f")
    >>> def disco(text):
    ...     _ = open(path, "w").write(text)
    ...     return sniff_disco(path)
    >>> disco("#FORMAT 3\\n#BOS 1\\n"), disco("(S (NP 0=Der 2=Mann) (V 1=kam))\\n")
    ('export', 'discbracket')
    >>> disco("(S (NP Der))\\n"), disco("<corpus><s><graph/></s></corpus>"), sniff_disco(".")
    (None, 'tiger', None)
    """
    if data is None:
        try:
            with open(path, "rb") as stream:
                head = stream.read(_DISCO_SNIFF_BYTES)
        except OSError:
            return None
    else:
        head = data[:_DISCO_SNIFF_BYTES]
    if re.search(rb"(?m)^#BOS\s", head):
        return "export"
    if b"<alpino_ds" in head:
        return "alpino"
    if b"<graph" in head:
        return "tiger"
    first = first_word_line(path, head)
    if first is not None and first[1].lstrip().startswith(b"(") and _DISC_LEAF.search(first[1]):
        return "discbracket"
    return None
