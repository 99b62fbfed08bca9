"""CoNLL-X and CoNLL-U: reader and writer of dependency sentences.

Both formats have one token a line, ten tab-separated columns, and a blank line after
each sentence:

======= ============ ==========
column  CoNLL-X      CoNLL-U
======= ============ ==========
1       ID           ID
2       FORM         FORM
3       LEMMA        LEMMA
4       CPOSTAG      UPOS
5       POSTAG       XPOS
6       FEATS        FEATS
7       HEAD         HEAD
8       DEPREL       DEPREL
9       PHEAD        DEPS
10      PDEPREL      MISC
======= ============ ==========

``DependencySentence.tags`` is column 4; columns 3, 5, 6, 9 and 10 are kept in ``extra``
under ``lemma``, ``postag``, ``feats``, ``col9`` and ``col10``.  A HEAD of ``_`` is read as
an unknown head (-1).  The reader also keeps aside, in ``extra``, what CoNLL-U adds:
comment lines (``comments``), multiword-token ranges such as ``1-2`` (``ranges``) and empty
nodes such as ``1.1`` (``empty_nodes``), as raw lines; they never take part in the
sentence.  A byte-order mark at the start is dropped.  A malformed line is an InputError
with file, line and column.

Read as CoNLL-U (``conllu=True``), a file is held to CoNLL-U's rules: columns 9 and 10 are
DEPS and MISC, kept under ``deps`` and ``misc`` (there is no PHEAD or PDEPREL), a word's
HEAD is a number, no field of a word is empty (``_`` is no value), and an ID that is not a
word's is a range ``N-M`` or an empty node ``N.M``.

>>> import io
>>> rows = ["1 Rain _ NN NN _ 2 dep _ _", "2 fell _ VBD VBD _ 0 root _ _"]
>>> text = "# sent_id = 1\\n" + "".join(row.replace(" ", "\\t") + "\\n" for row in rows) + "\\n"
>>> sentence = next(read_conll(io.StringIO(text)))
>>> sentence.forms, sentence.heads, sentence.line, sentence.extra["comments"]
(['Rain', 'fell'], [2, 0], 2, ['# sent_id = 1'])
>>> out = io.StringIO()
>>> write_conll([sentence], out, format="conllu")
>>> out.getvalue() == text
True
>>> rows = ["1-2 Its _ _ _ _ _ _ _ _", "1 It it PRON PRP _ 2 nsubj 2:nsubj _",
...         "2 s be AUX VBZ _ 0 root 0:root SpaceAfter=No"]
>>> text = "".join(row.replace(" ", "\\t") + "\\n" for row in rows)
>>> sentence = next(read_conll(io.StringIO(text), conllu=True))
>>> sentence.forms, sentence.extra["deps"], "col9" in sentence.extra
(['It', 's'], ['2:nsubj', '0:root'], False)
>>> print(format_sentence(sentence).replace("\\t", " "), end="")  # as CoNLL-X: no PHEAD
1 It it PRON PRP _ 2 nsubj _ _
2 s be AUX VBZ _ 0 root _ _
<BLANKLINE>
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from ..errors import InputError
from ..model.dependencies import UNKNOWN_HEAD, DependencySentence
from .text import decode_error, open_lines

FORMATS = ("conllx", "conllu")
#: names in ``extra`` of the columns that DependencySentence has no field for
EXTRA_COLUMNS = {2: "lemma", 4: "postag", 5: "feats", 8: "col9", 9: "col10"}
#: their names in a file read as CoNLL-U, whose columns 9 and 10 are DEPS and MISC
CONLLU_COLUMNS = {**EXTRA_COLUMNS, 8: "deps", 9: "misc"}
#: the names of CoNLL-U's columns
CONLLU_NAMES = ("ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS",
                "MISC")
#: a byte-order mark, dropped at the start of a file
BOM = "\ufeff"
#: the IDs of CoNLL-U lines that are no word: a multiword range and an empty node
RANGE, EMPTY_NODE = re.compile(r"[0-9]+-[0-9]+"), re.compile(r"[0-9]+\.[0-9]+")

Source = str | os.PathLike[str] | IO[str] | IO[bytes]


class ConllError(InputError):
    """A malformed line in a CoNLL-X or CoNLL-U file."""


def read_conll(source: Source, encoding: str = "utf-8", conllu: bool = False,
               known_heads: bool = False) -> Iterator[DependencySentence]:
    """Stream the sentences of a CoNLL-X or CoNLL-U file (a path or an open file);
    ``conllu``: hold it to CoNLL-U's rules (the module's docstring); ``known_heads``: a
    HEAD ``_`` is an error in CoNLL-X too (MaltEval's rule).

    An undecodable byte is an InputError at its line and column (for a file on disk, or
    bytes in memory: an ``io.BytesIO``).
    """
    stream, path, opened = open_lines(source, encoding)
    rules = (conllu, known_heads or conllu)
    in_memory = source.getvalue if isinstance(source, io.BytesIO) else None
    if opened:
        return _read_and_close(stream, path, encoding, *rules)
    return _read_lines(stream, path, encoding, *rules, in_memory)


def _read_and_close(stream: IO[str], path: str, encoding: str, conllu: bool,
                    known_heads: bool) -> Iterator[DependencySentence]:
    with stream:
        yield from _read_lines(stream, path, encoding, conllu, known_heads)


def _read_lines(stream: IO[str], path: str, encoding: str, conllu: bool, known_heads: bool,
                in_memory: Callable[[], bytes] | None = None) -> Iterator[DependencySentence]:
    rows: list[tuple[int, str, list[str]]] = []
    aside: dict[str, list[str]] = {}
    try:
        for number, raw in enumerate(stream, 1):
            line = raw.rstrip("\r\n")
            if number == 1:
                line = line.removeprefix(BOM)
            if not line.strip():
                if rows:
                    yield _sentence(rows, aside, path, conllu, known_heads)
                    rows, aside = [], {}
                elif aside:
                    aside = {}  # comments of an empty sentence
                continue
            if line.startswith("#"):
                aside.setdefault("comments", []).append(line)
                continue
            fields = line.split("\t")
            if len(fields) != 10:
                column = len(line) + 1 if len(fields) < 10 else len("\t".join(fields[:10])) + 1
                raise ConllError(f"expected 10 tab-separated columns, found {len(fields)}",
                                 path=path, line=number, column=column, source_line=line)
            token_id = fields[0]
            if "-" in token_id or "." in token_id:
                kind, pattern = ("ranges", RANGE) if "-" in token_id else ("empty_nodes",
                                                                           EMPTY_NODE)
                if conllu and not (token_id.isascii() and pattern.fullmatch(token_id)):
                    what = "a multiword range N-M" if kind == "ranges" else "an empty node N.M"
                    raise ConllError(f"a CoNLL-U ID is a word's number, {what}: found "
                                     f"{token_id!r}", path=path, line=number, column=1,
                                     source_line=line)
                aside.setdefault(kind, []).append(line)
            else:
                if conllu and "" in fields:
                    empty = fields.index("")
                    raise ConllError(f"an empty {CONLLU_NAMES[empty]} field (CoNLL-U writes _ "
                                     "for no value)", path=path, line=number,
                                     column=_column(fields, empty), source_line=line)
                rows.append((number, line, fields))
    except UnicodeDecodeError as exc:
        raise decode_error(path, encoding, exc, in_memory) from None
    if rows:
        yield _sentence(rows, aside, path, conllu, known_heads)


def _column(fields: list[str], index: int) -> int:
    return sum(len(f) + 1 for f in fields[:index]) + 1


def _sentence(rows: list[tuple[int, str, list[str]]], aside: dict[str, list[str]],
              path: str, conllu: bool, known_heads: bool) -> DependencySentence:
    size = len(rows)
    heads: list[int] = []
    for position, (number, line, fields) in enumerate(rows, 1):
        if fields[0] != str(position):
            raise ConllError(f"expected token ID {position}, found {fields[0]!r}", path=path,
                             line=number, column=1, source_line=line)
        head = fields[6]
        if head == "_" and not known_heads:
            heads.append(UNKNOWN_HEAD)
            continue
        if not (head.isascii() and head.isdigit()) or int(head) > size:
            unknown = "" if known_heads else " or _"
            raise ConllError(f"HEAD must be a token ID from 0 to {size}{unknown}, found "
                             f"{head!r}", path=path, line=number, column=_column(fields, 6),
                             source_line=line)
        heads.append(int(head))
    columns = list(zip(*(fields for _, _, fields in rows)))
    names = CONLLU_COLUMNS if conllu else EXTRA_COLUMNS
    extra = {name: list(columns[index]) for index, name in names.items()}
    extra.update(aside)
    return DependencySentence(list(columns[1]), list(columns[3]), heads, list(columns[7]),
                              line=rows[0][0], extra=extra)


def format_sentence(sentence: DependencySentence, format: str = "conllx") -> str:
    """One sentence in CoNLL-X or CoNLL-U, with its final blank line (a sentence read as
    CoNLL-U keeps DEPS and MISC in CoNLL-U; in CoNLL-X its PHEAD and PDEPREL are ``_``).

    >>> s = DependencySentence(["Rain", "fell"], ["NN", "VBD"], [2, 0], ["dep", "root"])
    >>> for line in format_sentence(s).splitlines():
    ...     print(line.replace("\\t", " "))
    1 Rain _ NN NN _ 2 dep _ _
    2 fell _ VBD VBD _ 0 root _ _
    <BLANKLINE>
    """
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r} (formats: {', '.join(FORMATS)})")
    extra = sentence.extra
    blank = ["_"] * len(sentence)
    lemma = extra.get("lemma", blank)
    postag = extra.get("postag", sentence.tags)
    feats = extra.get("feats", blank)
    col9, col10 = extra.get("col9", blank), extra.get("col10", blank)
    if format == "conllu":  # DEPS and MISC, of a sentence read as CoNLL-U
        col9, col10 = extra.get("deps", col9), extra.get("misc", col10)
    lines = list(extra.get("comments", ())) if format == "conllu" else []
    for i, (form, tag, head, label) in enumerate(
            zip(sentence.forms, sentence.tags, sentence.heads, sentence.labels)):
        head_text = "_" if head == UNKNOWN_HEAD else str(head)
        lines.append(f"{i + 1}\t{form}\t{lemma[i]}\t{tag}\t{postag[i]}\t{feats[i]}\t"
                     f"{head_text}\t{label}\t{col9[i]}\t{col10[i]}")
    lines.append("")
    return "\n".join(lines) + "\n"


def write_conll(sentences: Iterable[DependencySentence], stream: IO[str] | IO[bytes],
                format: str = "conllx") -> None:
    """Write sentences to a text or binary stream (UTF-8) in CoNLL-X or CoNLL-U."""
    binary = not isinstance(stream, io.TextIOBase) and "b" in getattr(stream, "mode", "b")
    for sentence in sentences:
        text = format_sentence(sentence, format)
        # bytes to a binary stream, str to a text one: mypy cannot pair ``binary`` with the stream's type
        stream.write(text.encode("utf-8") if binary else text)  # type: ignore[arg-type]
