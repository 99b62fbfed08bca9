"""MaltEval's ``--confusion-matrix 1`` output: a confusion table and a confusion matrix.

Both compare each token's gold group with its parsed group (Deprel: the gold and the
parsed DEPREL).  The table lists the pairs that differ, most frequent first, at most 50 of
them; pairs of equal frequency come in the iteration order of the Java ``HashMap`` MaltEval
counts them in, whose keys are ``SYSTEM + "_" + GOLD``.  The matrix is printed only when
the number of gold groups times the number of parsed groups is under 2,500.  Widths count
what is not printed: the table's rule measures the pairs after the first 50 too, and a
matrix column with a diagonal cell is at least as wide as ``NaN``, the value MaltEval stores
there before printing it as ``-``; every count is measured as ``--pattern`` (or the default
format, which groups thousands) would print it.  Its rows are
the parsed groups and its columns the gold groups, but a cell holds the count of tokens
whose *gold* group is the row's and whose *parsed* group is the column's: MaltEval's
header (``Col: gold / Row: system``) says the opposite, and a parsed group that never
occurs in the gold data gets a row of zeros.  Both quirks are reproduced.

>>> gold = ["left", "left", "right", "to_root", "right"]
>>> parsed = ["left", "right", "left", "to_root", "left"]
>>> print(render_confusion("ArcDirection", gold, parsed, sorted), end="")
Confusion table for ArcDirection
frequency   Gold / System
-------------------------
2           right / left
1           left / right
<BLANKLINE>
<BLANKLINE>
Confusion matrix for ArcDirection
left   right   to_root   Col: gold / Row: system
------------------------------------------------
-      1       0         left
2      -       0         right
0      0       -         to_root
<BLANKLINE>
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..arrays import AnyArray, BoolArray
from .malteval_report import format_number, hash_order, render_table

#: rows of the confusion table, and the matrix size (cells) from which it is left out
TABLE_ROWS = 50
MATRIX_CELLS = 2500


@dataclass
class ConfusionTable:
    """The confusions of one grouping, as data: the ``pairs`` (gold group, parsed group,
    tokens) that differ, most frequent first (ties in MaltEval's ``HashMap`` order); the
    groups seen on each side, in the grouping's order; and the ``matrix`` MaltEval prints
    (None when it has 2,500 cells or more): a row per parsed group and a column per gold
    group, each cell the count of tokens whose *gold* group is the row's and whose *parsed*
    group is the column's (MaltEval's quirk), None on the diagonal.

    >>> table = confusion_table("ArcDirection", ["left", "right"], ["right", "right"], sorted)
    >>> table.pairs, table.gold_groups, table.parsed_groups, table.matrix
    ([('left', 'right', 1)], ['left', 'right'], ['right'], [[0, None]])
    """

    name: str
    pairs: list[tuple[str, str, int]]
    gold_groups: list[str]
    parsed_groups: list[str]
    matrix: list[list[int | None]] | None


def confusion_table(name: str, gold: Sequence[str] | AnyArray,
                    parsed: Sequence[str] | AnyArray,
                    order: Callable[[list[str]], list[str]],
                    keep: tuple[BoolArray, BoolArray] | None = None) -> ConfusionTable:
    """The confusions of one grouping's per-token keys (str: a sequence, an object or a
    numpy str array).

    ``order`` sorts group names as the grouping's table does (e.g. Java String order).
    ``keep`` (the tokens left in on the gold side and on the parsed side, see
    :mod:`.exclusions`) restricts the gold groups to the gold side's tokens, the parsed
    groups to the parsed side's, and the pairs to the tokens left in on both sides.
    """
    gold = np.asarray(gold, dtype=object).astype(str)
    parsed = np.asarray(parsed, dtype=object).astype(str)
    names, inverse = np.unique(np.concatenate([gold, parsed]), return_inverse=True)
    gold_codes, parsed_codes = inverse[:len(gold)], inverse[len(gold):]
    gold_keep, parsed_keep = keep if keep is not None else (np.ones(len(gold), bool),) * 2
    pair_codes = (gold_codes * len(names) + parsed_codes)[gold_keep & parsed_keep]
    pairs, first, counts = np.unique(pair_codes, return_index=True, return_counts=True)
    by_occurrence = np.argsort(first, kind="stable")
    # MaltEval's HashMap holds the pairs that differ only
    keys = {f"{names[p % len(names)]}_{names[p // len(names)]}": (int(p), int(c))
            for p, c in zip(pairs[by_occurrence], counts[by_occurrence])
            if p // len(names) != p % len(names)}
    listed = [keys[key] for key in hash_order(list(keys))]
    listed.sort(key=lambda item: -item[1])
    gold_names = order(names[np.unique(gold_codes[gold_keep])].tolist())
    parsed_names = order(names[np.unique(parsed_codes[parsed_keep])].tolist())
    table = ConfusionTable(name, [(str(names[p // len(names)]), str(names[p % len(names)]), c)
                                  for p, c in listed], gold_names, parsed_names, None)
    if len(gold_names) * len(parsed_names) < MATRIX_CELLS:
        matrix = np.zeros((len(names), len(names)), dtype=np.int64)
        matrix.flat[pairs] = counts
        index = {str(value): i for i, value in enumerate(names)}
        table.matrix = [[None if row == column else int(matrix[index[row], index[column]])
                         for column in gold_names] for row in parsed_names]
    return table


def render_confusion(name: str, gold: Sequence[str] | AnyArray,
                     parsed: Sequence[str] | AnyArray,
                     order: Callable[[list[str]], list[str]],
                     keep: tuple[BoolArray, BoolArray] | None = None, **layout: Any) -> str:
    """The confusion table and (if small enough) matrix of one grouping's per-token keys
    (:func:`confusion_table`), as :func:`format_confusion` prints them with ``layout``."""
    return format_confusion(confusion_table(name, gold, parsed, order, keep), **layout)


def format_confusion(confusion: ConfusionTable, pattern: str | None = None, tab: bool = False,
                     row_header: bool = True, header: bool = True, details: bool = True) -> str:
    """MaltEval's confusion table and matrix.

    ``pattern`` is ``--pattern``: counts print as whole numbers but MaltEval measures every
    cell as the pattern (or its default format) prints it; ``tab`` is ``--tab 1`` and
    ``row_header`` ``--row-header``; without ``header`` (``--header-info 0``) the captions
    and one of the two blank lines after each block are left out, and so is the table's
    ``N more...`` line (a blank line instead); without ``details``
    (``--details 0`` given) no row is printed, but every row counts for the widths.
    """
    name = confusion.name
    rows = [(f"{gold} / {parsed}", [str(c)]) for gold, parsed, c in confusion.pairs]
    measured = [("", [format_number(c, pattern)]) for _, _, c in confusion.pairs]
    end = "\n\n" if header else "\n"
    text = f"Confusion table for {name}\n" if header else ""
    shown = rows[:TABLE_ROWS] if details else []
    text += render_table(["frequency"], "Gold / System", [], shown, blank=False,
                         measured=rows[len(shown):] + measured, tab=tab,
                         row_header=row_header)
    hidden = len(confusion.pairs) - TABLE_ROWS
    text += f"{hidden} more...{end}" if hidden > 0 and header else end
    if confusion.matrix is None:
        return text
    cells = confusion.matrix
    matrix_rows = [(row, ["-" if c is None else str(c) for c in line])
                   for row, line in zip(confusion.parsed_groups, cells)]
    # a diagonal cell is NaN, printed "-" but measured "NaN"
    measured = [("", ["NaN" if c is None else format_number(c, pattern) for c in line])
                for line in cells]
    text += f"Confusion matrix for {name}\n" if header else ""
    if not details:
        measured += matrix_rows
    text += render_table(confusion.gold_groups, "Col: gold / Row: system", [],
                         matrix_rows if details else [], blank=False, measured=measured,
                         tab=tab, row_header=row_header)
    return text + end
