"""EVALB's per-sentence lines, byte for byte, built with vectorised numpy.

EVALB prints one line per sentence with :data:`LINE_FORMAT`.  Formatting 85,000 lines with
Python's ``%`` takes well over 100 ms, so the lines are instead assembled as one ``uint8``
matrix (a row per line) and written out with ``tobytes()``:

* an integer field is cut into groups of four digits, each group looked up in a table of
  its 4-byte spellings (``'  42'``, ``'0042'`` or blanks);
* a percentage is looked up, by its (numerator, denominator) pair, in a table built with
  Python's own ``'%6.2f'`` on the distinct pairs only, so it is exact by construction;
* a value too wide for its field widens that row's field, as printf does: the matrix holds
  every field at its widest, and the surplus leading blanks of the other rows are dropped;
* the matrix is filled a chunk of rows at a time, so that it stays in the CPU cache, and a
  column of cells at a time, each cell 1, 2, 4 or 8 bytes wide where blanks around a field
  allow it (numpy copies those sizes several times faster than 3 or 6 bytes).

>>> import numpy as np
>>> def column(*values): return np.array(values, dtype=np.int64)
>>> text = format_sentence_lines(ids=column(1, 12345), length=column(5, 120),
...     status=column(0, 0), matched=column(3, 7), gold=column(4, 0), test=column(3, 5),
...     crossing=column(0, -1), words=column(5, 120), correct=column(4, 119))
>>> print(text.decode(), end="")
   1    5    0   75.00 100.00     3      4    3      0      5     4    80.00
12345  120    0    0.00 140.00     7      0    5     -1    120   119    99.17
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from ..arrays import AnyArray, ByteArray, IntArray, WordArray

#: the printf format of one sentence line in EVALB's output
LINE_FORMAT = "%4d  %3d    %d  %6.2f %6.2f   %3d    %3d  %3d    %3d   %4d  %4d   %6.2f\n"

_CONVERSION = re.compile(r"%(\d*)(?:\.\d+)?[df]")
_SPECS = [match.group(0) for match in _CONVERSION.finditer(LINE_FORMAT)]
_MIN_WIDTHS = [int(match.group(1) or 1) for match in _CONVERSION.finditer(LINE_FORMAT)]
_SEPARATORS = _CONVERSION.split(LINE_FORMAT)[2::2]  # the text after each conversion
#: the blanks (left, right) around each conversion, which its cells may cover
_ROOMS = [
    (len(before) - len(before.rstrip(" ")), len(after) - len(after.lstrip(" ")))
    for before, after in zip([""] + _SEPARATORS, _SEPARATORS)
]

_SPACE, _MINUS = b" -"

#: digits per group, and the 10**k thresholds where a number gains a digit
_GROUP = 4
_GROUP_BASE = 10**_GROUP
_POWERS_OF_TEN = np.array([10**k for k in range(1, 20)], dtype=np.uint64)


def _group_spellings() -> ByteArray:
    """The 4-byte spellings of a digit group, indexed by ``group + 10000 * mode``.

    Mode 0 is a group left of the number (blanks), mode 1 its leading group (``'%4d'``),
    mode 2 a group with digits to its left (``'%04d'``).
    """
    groups = np.arange(_GROUP_BASE)
    place_values = 10 ** np.arange(_GROUP - 1, -1, -1)
    digits = (ord("0") + groups[:, None] // place_values % 10).astype(np.uint8)
    leading = np.where(groups[:, None] >= place_values, digits, _SPACE)
    leading[:, -1] = digits[:, -1]
    return np.concatenate([np.full_like(digits, _SPACE), leading, digits])


_SPELLINGS = _group_spellings()


@cache
def _group_cells(digits: int, left: int = 0, right: int = 0) -> NDArray[np.void]:
    """The spellings' last ``digits`` bytes with ``left`` and ``right`` blanks, as cells."""
    kept = _SPELLINGS[:, _GROUP - digits :]
    spellings = np.pad(kept, [(0, 0), (left, right)], constant_values=_SPACE)
    return spellings.view(f"V{digits + left + right}").ravel()


def _padding(width: int, room: tuple[int, int]) -> tuple[int, int]:
    """The blanks (left, right) that make a ``width``-byte cell 1, 2, 4 or 8 bytes wide.

    Those are the sizes numpy copies fastest.  The blanks must fit in ``room``; if they
    cannot, there are none.
    """
    for size in (1, 2, 4, 8):
        if width <= size <= width + sum(room):
            left = min(room[0], size - width)
            return left, size - width - left
    return 0, 0


#: rows formatted at a time, so that the matrix and the temporaries stay in the CPU cache
_CHUNK_ROWS = 16384


@dataclass
class _Field:
    """One conversion of :data:`LINE_FORMAT`, spelled for every row.

    The field is ``width`` bytes wide in the matrix; ``surplus`` (None if there is none) has
    how many of a row's leading blanks printf would not print, its value being narrower.
    The bytes are ``pieces``: at ``offset`` in the field, ``spellings[codes[row]]`` (a piece
    may cover blanks around the field; the codes are uint64 in an integer field, intp in a
    percentage); then a minus sign goes at column ``sign_columns[i]`` of the field in row
    ``sign_rows[i]``.
    """

    width: int
    surplus: IntArray | None
    pieces: list[tuple[int, NDArray[np.void], AnyArray]]
    sign_rows: IntArray
    sign_columns: IntArray

    def write(self, chunk: ByteArray, column: int, first_row: int) -> None:
        """Write rows ``first_row:first_row + len(chunk)`` of the field at ``chunk[:, column]``."""
        rows = slice(first_row, first_row + len(chunk))
        for offset, spellings, codes in self.pieces:
            cells = _cells(chunk, column + offset, spellings.itemsize)
            cells[...] = np.take(spellings, codes[rows])
        signs = slice(*np.searchsorted(self.sign_rows, [rows.start, rows.stop]))
        chunk[self.sign_rows[signs] - first_row, column + self.sign_columns[signs]] = _MINUS


def _cells(matrix: ByteArray, column: int, width: int) -> NDArray[np.void]:
    """One ``width``-byte cell per row of ``matrix``, starting at ``column``, as a writable view."""
    return np.ndarray(
        (matrix.shape[0],), dtype=f"V{width}", buffer=matrix, offset=column,
        strides=(matrix.strides[0],),
    )  # fmt: skip


def _digit_counts(magnitudes: WordArray) -> IntArray:
    """How many decimal digits each (unsigned) number has; 0 has one."""
    return np.searchsorted(_POWERS_OF_TEN, magnitudes, side="right") + 1


def _integer_field(values: IntArray, min_width: int, room: tuple[int, int]) -> _Field:
    """A ``%Nd`` field (N = ``min_width``), widened where a number needs more room."""
    negative = values < 0
    magnitudes = values.astype(np.uint64)
    np.negative(magnitudes, out=magnitudes, where=negative)  # exact even for INT64_MIN
    width, surplus = min_width, None
    if len(str(int(magnitudes.max()))) + negative.any() > min_width:
        row_widths = np.maximum(_digit_counts(magnitudes) + negative, min_width)
        width = int(row_widths.max())
        surplus = width - row_widths
    sign_rows = np.flatnonzero(negative)
    sign_columns = width - 1 - _digit_counts(magnitudes[sign_rows])
    pieces = _group_pieces(magnitudes, width, room)
    return _Field(width, surplus, pieces, sign_rows, sign_columns)


def _group_pieces(
    magnitudes: WordArray, width: int, room: tuple[int, int]
) -> list[tuple[int, NDArray[np.void], AnyArray]]:
    """The pieces spelling ``magnitudes`` right-aligned in ``width`` bytes, four digits each."""
    pieces, end, rest = [], width, magnitudes
    while end > _GROUP:
        higher = rest // _GROUP_BASE
        mode = _shown(rest, end == width) + (higher > 0)
        codes = rest - higher * _GROUP_BASE + mode * _GROUP_BASE
        pieces.append((end - _GROUP, _group_cells(_GROUP), codes))
        end, rest = end - _GROUP, higher
    left, right = _padding(end, (room[0], room[1] if end == width else 0))
    codes = rest + _shown(rest, end == width) * _GROUP_BASE
    pieces.append((-left, _group_cells(end, left, right), codes))
    return pieces


def _shown(rest: WordArray, rightmost: bool) -> WordArray | np.uint64:
    """1 where a group is spelled, 0 where it is blank (left of the number, but not rightmost)."""
    return np.uint64(1) if rightmost else (rest > 0).astype(np.uint64)


def _percent_field(
    spec: str, numerators: IntArray, denominators: IntArray, room: tuple[int, int]
) -> _Field:
    """A ``%6.2f`` field showing ``100.0 * numerator / denominator``, or 0.0 where that is 0."""
    (tops, bottoms), pair_index = _distinct_pairs(numerators, denominators)
    spelled = [
        spec % (100.0 * m / n if n else 0.0) for m, n in zip(tops.tolist(), bottoms.tolist())
    ]
    lengths = np.array([len(text) for text in spelled])
    width = int(lengths.max())
    surplus = None if lengths.min() == width else width - lengths[pair_index]
    left, right = _padding(width, room)
    cells = "".join(" " * left + text.rjust(width) + " " * right for text in spelled)
    spellings = np.frombuffer(cells.encode("ascii"), dtype=f"V{left + width + right}")
    no_signs = np.empty(0, dtype=np.intp)
    return _Field(width, surplus, [(-left, spellings, pair_index)], no_signs, no_signs)


def _distinct_pairs(
    first: IntArray, second: IntArray
) -> tuple[tuple[IntArray, IntArray], IntArray]:
    """The distinct ``(first, second)`` pairs, and each row's index among them.

    Pairs of small numbers (the usual case) are found in linear time with a presence table
    over their range; others fall back on sorting.
    """
    low = (int(first.min()), int(second.min()))
    span = (int(first.max()) - low[0] + 1, int(second.max()) - low[1] + 1)
    if span[0] * span[1] > max(2**16, 16 * len(first)):
        stacked, index = np.unique(np.stack([first, second], axis=1), axis=0, return_inverse=True)
        return (stacked[:, 0], stacked[:, 1]), index.ravel()
    keys = (first - low[0]) * span[1] + (second - low[1])
    present = np.zeros(span[0] * span[1], dtype=bool)
    present[keys] = True
    distinct = np.flatnonzero(present)
    position = np.empty(len(present), dtype=np.intp)
    position[distinct] = np.arange(len(distinct))
    return (distinct // span[1] + low[0], distinct % span[1] + low[1]), position[keys]


def format_sentence_lines(
    ids: IntArray,
    length: IntArray,
    status: IntArray,
    matched: IntArray,
    gold: IntArray,
    test: IntArray,
    crossing: IntArray,
    words: IntArray,
    correct: IntArray,
) -> bytes:
    """EVALB's sentence lines (:data:`LINE_FORMAT`, one per row), exactly as its printf writes them.

    Every argument is a 1-D integer array with one entry per sentence; recall is
    ``matched / gold``, precision ``matched / test`` and tagging accuracy ``correct / words``.
    """
    columns = [
        np.asarray(column, dtype=np.int64)
        for column in (ids, length, status, matched, gold, test, crossing, words, correct)
    ]
    if any(column.ndim != 1 or column.shape != columns[0].shape for column in columns):
        raise ValueError("every column must be a 1-D array of the same length")
    if not len(columns[0]):
        return b""
    ids, length, status, matched, gold, test, crossing, words, correct = columns
    integers = iter([ids, length, status, matched, gold, test, crossing, words, correct])
    ratios = iter([(matched, gold), (matched, test), (correct, words)])
    fields = [
        _percent_field(spec, *next(ratios), room) if spec.endswith("f")
        else _integer_field(next(integers), min_width, room)
        for spec, min_width, room in zip(_SPECS, _MIN_WIDTHS, _ROOMS)
    ]  # fmt: skip
    return _assemble(fields, len(ids))


def _assemble(fields: list[_Field], rows: int) -> bytes:
    """Lay the fields and separators out in a matrix, chunk by chunk, dropping surplus blanks."""
    starts = np.cumsum([0] + [f.width + len(text) for f, text in zip(fields, _SEPARATORS)])
    matrix = np.full((min(rows, _CHUNK_ROWS), starts[-1]), _SPACE, dtype=np.uint8)
    for f, start, text in zip(fields, starts.tolist(), _SEPARATORS):
        if text.strip(" "):
            separator = np.frombuffer(text.encode("ascii"), dtype=f"V{len(text)}")
            _cells(matrix, start + f.width, len(text))[...] = separator
    surplus = sum(int(f.surplus.sum()) for f in fields if f.surplus is not None)
    lines = np.empty(rows * matrix.shape[1] - surplus, dtype=np.uint8)
    done = 0
    for first_row in range(0, rows, _CHUNK_ROWS):
        chunk = matrix[: rows - first_row]
        for f, start in zip(fields, starts.tolist()):
            f.write(chunk, start, first_row)
        kept = _without_surplus(chunk, fields, starts.tolist(), first_row)
        lines[done : done + len(kept)] = kept
        done += len(kept)
    return lines.tobytes()


def _without_surplus(
    chunk: ByteArray, fields: list[_Field], starts: list[int], first_row: int
) -> ByteArray:
    """The chunk's lines, without the blanks that widen a field beyond its row's own width."""
    keep = None
    for f, start in zip(fields, starts):
        surplus = None if f.surplus is None else f.surplus[first_row : first_row + len(chunk)]
        if surplus is not None and surplus.any():
            keep = np.ones(chunk.shape, dtype=bool) if keep is None else keep
            keep[:, start : start + f.width] = np.arange(f.width) >= surplus[:, None]
    return chunk.ravel() if keep is None else chunk[keep]
