"""A file's lines by number: the bytes read once, the line offsets found once; and where
its sentences start (blank-line blocks, one tree a line, MaltXML's ``<sentence`` tags).

Every corpus of the browser keeps one ``LineIndex`` per file: the format sniffed, the
readers and scorers (given the bytes, or ``stream()``), the error classes, the raw lines of
the detail pane and the sentence texts all work on it, so a file is read from disk exactly
once.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "f")
>>> _ = open(path, "wb").write(b"one\\ntwo\\r\\nthree")
>>> lines = LineIndex(path)
>>> len(lines), lines.line(2), lines.line(3)
(3, b'two\\r', b'three')
"""

from __future__ import annotations

import io
import re

import numpy as np
from rich.text import Text

from ..arrays import IntArray
from ..columnar.blocks import line_ends
from ..errors import InputError
from ..formats.text import named_source
from ..policy.inputs import shown
from ..policy.sniffing import sniff_kind


class LineIndex:
    """A file's bytes and the offsets of its lines (a last line without newline counts);
    a file that cannot be read is an InputError."""

    def __init__(self, path: str, data: bytes | None = None) -> None:
        self.path = path
        if data is None:
            try:
                with open(path, "rb") as handle:
                    data = handle.read()
            except OSError as exc:
                raise InputError(f"cannot read: {exc.strerror}", path=path) from None
        self.data = data
        ends = line_ends(data)
        if data and (not len(ends) or ends[-1] != len(data) - 1):
            ends = np.append(ends, len(data))
        self.ends = ends.astype(np.int64)
        self.starts = np.concatenate(([0], self.ends[:-1] + 1)).astype(np.int64)

    def __len__(self) -> int:
        return len(self.ends)

    def stream(self) -> io.BytesIO:
        """The bytes read, as a binary stream named as the file: what a reader that takes
        an open file reads instead of opening the file again (its errors name the file).

        >>> lines = LineIndex("trees.mrg", b"(S (A a))\\n")
        >>> stream = lines.stream()
        >>> stream.name, stream.read()
        ('trees.mrg', b'(S (A a))\\n')
        """
        return named_source(self.path, self.data)

    def kind(self) -> str:
        """The kind of the file by ``policy.sniffing``'s decision table, from the bytes read.

        >>> LineIndex("f", b"(S (A a))\\n").kind(), LineIndex("f.xml", b"").kind()
        ('brackets', 'maltxml')
        """
        return sniff_kind(self.path, self.data)

    def line(self, number: int) -> bytes:
        """Line ``number`` (1-based) without its newline; b"" past the end."""
        if not 1 <= number <= len(self.ends):
            return b""
        return self.data[int(self.starts[number - 1]):int(self.ends[number - 1])]

    def numbered(self, first: int, stop: int) -> list[Text]:
        """The non-blank lines ``first`` to ``stop - 1``, each after the file name and line
        number (tabs shown as two spaces)."""
        out = []
        for number in range(first, stop):
            line = self.line(number)
            if not line.strip():
                continue
            text = Text(f"{shown(self.path)}:{number}: ", style="dim")
            text.append(line.decode("utf-8", "replace").replace("\t", "  "))
            out.append(text)
        return out


def as_lines(source: str | LineIndex) -> LineIndex:
    """A file read (a path is read now), for the loaders that take either."""
    return source if isinstance(source, LineIndex) else LineIndex(source)


def sentence_blocks(lines: LineIndex) -> IntArray:
    """The first line (1-based) of each blank-line separated block of a file, plus one
    past the end: block k is lines ``starts[k]`` to ``starts[k + 1] - 1`` (blank lines
    excluded on display).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "f")
    >>> _ = open(path, "w").write("a\\nb\\n\\nc\\n\\n\\nd\\n")
    >>> sentence_blocks(LineIndex(path)).tolist()
    [1, 4, 7, 8]
    """
    length = lines.ends - lines.starts
    data = np.frombuffer(lines.data, dtype=np.uint8) if len(lines) else np.zeros(0, np.uint8)
    first = data[np.minimum(lines.starts, max(len(data) - 1, 0))] if len(data) else data
    blank = (length == 0) | ((length == 1) & (first == 13))
    previous_blank = np.concatenate(([True], blank[:-1]))
    starts = np.flatnonzero(~blank & previous_blank) + 1
    return np.append(starts, len(lines) + 1)


def sentence_starts(lines: LineIndex, sentences: int) -> IntArray:
    """Where each of ``sentences`` sentences starts (as ``sentence_blocks``): blank-line
    separated blocks (CoNLL, .mrg), or one sentence a line (EVALB's bracket files).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "f")
    >>> _ = open(path, "w").write("(S (A a))\\n(S (B b))\\n")
    >>> sentence_starts(LineIndex(path), 2).tolist()
    [1, 2, 3]
    """
    if lines.kind() == "maltxml":
        return xml_sentence_starts(lines)
    blocks = sentence_blocks(lines)
    if len(blocks) - 1 != sentences and len(lines) >= sentences:
        return np.arange(1, sentences + 2)
    return blocks


def sentence_ranges(lines: LineIndex, sentences: int,
                    first_lines: IntArray | None = None) -> tuple[IntArray, IntArray]:
    """Per sentence, the lines shown for it: the first and one past the last.

    ``first_lines`` is where the reader says each sentence starts (1-based, 0 where it does
    not know): a sentence is shown as the unit of the file holding that line, its
    blank-line block (MaltXML: its ``<sentence`` element).  Without them (trees converted
    to dependencies), ``sentence_starts`` guesses from the file's blocks.

    >>> lines = LineIndex("f", b"# only a comment\\n\\n# s1\\n1\\ta\\n\\n1\\tb\\n2\\tc\\n")
    >>> [r.tolist() for r in sentence_ranges(lines, 2, np.array([4, 6]))]
    [[3, 6], [6, 8]]
    >>> [r.tolist() for r in sentence_ranges(lines, 2)]
    [[1, 2], [2, 3]]
    """
    if first_lines is None or not np.all(first_lines > 0):
        starts = sentence_starts(lines, sentences)
        return starts[:-1], starts[1:]
    units = xml_sentence_starts(lines) if lines.kind() == "maltxml" else sentence_blocks(lines)
    unit = np.searchsorted(units, first_lines, side="right") - 1
    return units[unit], units[unit + 1]


def xml_sentence_starts(lines: LineIndex) -> IntArray:
    """The line of each ``<sentence`` tag of a MaltXML file, plus one past the end (as
    ``sentence_blocks``: block k runs to the line before block k + 1).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "f.xml")
    >>> _ = open(path, "w").write("<treebank>\\n<sentence id='1'>\\n<word/>\\n</sentence>\\n"
    ...                           "<sentence id='2'/>\\n</treebank>\\n")
    >>> xml_sentence_starts(LineIndex(path)).tolist()
    [2, 5, 7]
    """
    offsets = [match.start() for match in re.finditer(rb"<sentence[\s/>]", lines.data)]
    starts = np.searchsorted(lines.ends, np.asarray(offsets, dtype=np.int64)) + 1
    return np.append(starts, len(lines) + 1)
