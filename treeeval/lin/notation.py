"""Lin's tuple notation as a file format, read into and written from DependencySentence.

One word per line, in sentence order, as Lin (1995, section 4.1) writes them::

    modifier  cat  position  head  [relationship]

Fields are separated by white space.  ``position`` is ``*`` for the head word of the
sentence and ``?`` for a word whose head is unknown; these two rows have no ``head``
field, so a fourth field there is the relationship.  Otherwise ``position`` is a run of
``<`` or of ``>``, and says where the head is among the words spelt like ``head``:

* ``<`` (``<<``, ``<<<`` ...): the modifier stands to the *left* of its head, which is the
  first (second, third ...) word spelt ``head`` to the right of the modifier;
* ``>`` (``>>`` ...): the modifier stands to the *right* of its head, which is the first
  (second ...) word spelt ``head`` to the left of the modifier.

This is the convention of every row of Lin's tables (5c) and (6b) (``I N < saw``: "I"
precedes "saw").  The prose of section 4.1 states the arrows the other way round ("<
means that the head ... is the first occurrence of the word head to the left"); the
tables are the only worked data, so they win (see docs/lin.md).

Sentences are separated by blank lines; a line whose first non-blank character is ``#``
is a comment.  A field that is empty, contains white space, ``"`` or ``\\``, or starts
with ``#`` is written in double quotes with backslash escapes.  Heads are 1-based word
numbers in DependencySentence (0 for ``*``, -1 for ``?``); a missing relationship is
``""``.

>>> sentence, = parse_tuples("I N < saw subj\\nsaw V *\\n")
>>> sentence.heads, sentence.labels
([2, 0], ['subj', ''])
>>> print(format_tuples([sentence]), end="")
I N < saw subj
saw V *
"""

from __future__ import annotations

import os
import re

from ..errors import InputError
from ..formats.text import read_text
from ..model.dependencies import ROOT, UNKNOWN_HEAD, DependencySentence


class TupleSyntaxError(InputError):
    """A malformed line in a file of Lin tuples."""


_FIELD = re.compile(r'"(?:[^"\\\n]|\\.)*"(?=\s|$)|[^\s"]+(?=\s|$)')
_NEEDS_QUOTES = re.compile(r'^$|[\s"\\]|^#')


def read_tuples(path: str | os.PathLike[str]) -> list[DependencySentence]:
    """Read a file of Lin tuples (see the module documentation)."""
    text = read_text(path, "tuple file")
    return parse_tuples(text, str(path))


def parse_tuples(text: str, path: str = "<tuples>") -> list[DependencySentence]:
    """Parse Lin tuples; raises TupleSyntaxError with line, column and caret."""
    sentences: list[DependencySentence] = []
    block: list[tuple[int, str, list[tuple[int, str]]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        if not stripped:
            if block:
                sentences.append(_sentence(block, path))
                block = []
            continue
        block.append((number, line, _fields(line, number, path)))
    if block:
        sentences.append(_sentence(block, path))
    return sentences


def _fields(line: str, number: int, path: str) -> list[tuple[int, str]]:
    """The (column, text) of each field of a line."""
    fields: list[tuple[int, str]] = []
    at = len(line) - len(line.lstrip())
    while at < len(line):
        found = _FIELD.match(line, at)
        if found is None:
            raise TupleSyntaxError("an unterminated or misplaced quote", path=path, line=number,
                                   column=at + 1, source_line=line)
        raw = found.group()
        fields.append((at + 1, _unquote(raw) if raw.startswith('"') else raw))
        rest = line[found.end():]
        at = len(line) - len(rest.lstrip())
    return fields


def _unquote(raw: str) -> str:
    return re.sub(r"\\(.)", r"\1", raw[1:-1])


def _sentence(block: list[tuple[int, str, list[tuple[int, str]]]], path: str) -> DependencySentence:
    forms = [fields[0][1] for _, _, fields in block]
    tags, heads, labels = [], [], []
    for index, (number, line, fields) in enumerate(block, start=1):

        def fail(message: str, column: int, number: int = number,
                 line: str = line) -> TupleSyntaxError:
            return TupleSyntaxError(message, path=path, line=number, column=column,
                                    source_line=line)

        if len(fields) < 3:
            raise fail("expected: modifier cat position [head] [relationship]", len(line) + 1)
        column, position = fields[2]
        rest = fields[3:]
        if position in ("*", "?"):
            head = ROOT if position == "*" else UNKNOWN_HEAD
        elif re.fullmatch(r"<+|>+", position):
            if not rest:
                raise fail(f"position {position} needs a head word", len(line) + 1)
            (head_column, head_form), rest = rest[0], rest[1:]
            found = _find_head(forms, index, position, head_form)
            if found is None:
                side = "right" if position[0] == "<" else "left"
                count = "no" if len(position) == 1 else f"fewer than {len(position)}"
                raise fail(f"{count} words {head_form!r} to the {side}", head_column)
            head = found
        else:
            raise fail(f"position must be <, >, <<, >>, ..., * or ?, not {position!r}", column)
        if len(rest) > 1:
            raise fail("too many fields", rest[1][0])
        tags.append(fields[1][1])
        heads.append(head)
        labels.append(rest[0][1] if rest else "")
    return DependencySentence(forms, tags, heads, labels, line=block[0][0])


def _find_head(forms: list[str], index: int, position: str, head_form: str) -> int | None:
    """The 1-based head of word ``index`` named by ``position`` and ``head_form``."""
    wanted = len(position)
    step = 1 if position[0] == "<" else -1
    seen = 0
    word = index + step
    while 1 <= word <= len(forms):
        if forms[word - 1] == head_form:
            seen += 1
            if seen == wanted:
                return word
        word += step
    return None


def position_of(forms: list[str], index: int, head: int) -> str:
    """Lin's position of word ``index`` (1-based) whose head is word ``head``.

    >>> position_of(["a", "x", "a", "b"], 4, 1)
    '>>'
    """
    if head == ROOT:
        return "*"
    if head < 0:
        return "?"
    if head == index:
        raise ValueError(f"word {index} is its own head")
    low, high = sorted((index, head))
    head_form = forms[head - 1]
    count = sum(1 for word in range(low, high + 1)
                if word != index and forms[word - 1] == head_form)
    return ("<" if head > index else ">") * count


def tuple_rows(sentence: DependencySentence) -> list[list[str]]:
    """One row of fields per word: modifier, cat, position, head, relationship ('' if none)."""
    rows = []
    for index, (form, tag, head, label) in enumerate(
            zip(sentence.forms, sentence.tags, sentence.heads, sentence.labels), start=1):
        head_form = sentence.forms[head - 1] if head > 0 else ""
        rows.append([form, tag, position_of(sentence.forms, index, head), head_form, label])
    return rows


def quote(field: str) -> str:
    """A field as written in a tuple file.

    >>> quote("New York"), quote("#")
    ('"New York"', '"#"')
    """
    if not _NEEDS_QUOTES.search(field):
        return field
    return '"' + field.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_tuples(sentences: list[DependencySentence]) -> str:
    """Sentences in tuple notation, separated by blank lines."""
    blocks = []
    for sentence in sentences:
        lines = []
        for form, tag, position, head, label in tuple_rows(sentence):
            fields = [quote(form), quote(tag), position]
            if head:
                fields.append(quote(head))
            if label:
                fields.append(quote(label))
            lines.append(" ".join(fields) + "\n")
        blocks.append("".join(lines))
    return "\n".join(blocks)
