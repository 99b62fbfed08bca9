"""MaltEval's ``--confusion-matrix 1`` output: a confusion table and a confusion matrix.

Both compare each token's gold group with its parsed group (Deprel: the gold and the
parsed DEPREL).  The table lists the pairs that differ, most frequent first, at most 50 of
them; pairs of equal frequency come in the iteration order of the Java ``HashMap`` MaltEval
counts them in, whose keys are ``SYSTEM + "_" + GOLD``.  The matrix is printed only when
the number of gold groups times the number of parsed groups is under 2,500.  Widths count
what is not printed: the table's rule measures the pairs after the first 50 too, and a
matrix column is as wide as its (hidden) diagonal count.  Its rows are
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

from typing import Callable, Sequence

import numpy as np

from .malteval_report import hash_order, render_table

#: rows of the confusion table, and the matrix size (cells) from which it is left out
TABLE_ROWS = 50
MATRIX_CELLS = 2500


def render_confusion(name: str, gold: Sequence[str] | np.ndarray,
                     parsed: Sequence[str] | np.ndarray,
                     order: Callable[[list[str]], list[str]]) -> str:
    """The confusion table and (if small enough) matrix of one grouping's per-token keys.

    ``order`` sorts group names as the grouping's table does (e.g. Java String order).
    """
    gold = np.asarray(gold, dtype=object).astype(str)
    parsed = np.asarray(parsed, dtype=object).astype(str)
    names, inverse = np.unique(np.concatenate([gold, parsed]), return_inverse=True)
    gold_codes, parsed_codes = inverse[:len(gold)], inverse[len(gold):]
    pair_codes = gold_codes * len(names) + parsed_codes
    pairs, first, counts = np.unique(pair_codes, return_index=True, return_counts=True)
    by_occurrence = np.argsort(first, kind="stable")
    keys = {f"{names[p % len(names)]}_{names[p // len(names)]}": (int(p), int(c))
            for p, c in zip(pairs[by_occurrence], counts[by_occurrence])}
    listed = [keys[key] for key in hash_order(list(keys))]
    listed = [(p, c) for p, c in listed if p // len(names) != p % len(names)]
    listed.sort(key=lambda item: -item[1])
    rows = [(f"{names[p // len(names)]} / {names[p % len(names)]}", [str(c)])
            for p, c in listed]
    text = f"Confusion table for {name}\n"
    text += render_table(["frequency"], "Gold / System", [], rows[:TABLE_ROWS], blank=False,
                         measured=rows[TABLE_ROWS:])
    hidden = len(listed) - TABLE_ROWS
    text += f"{hidden} more...\n\n" if hidden > 0 else "\n\n"
    gold_names = order(names[np.unique(gold_codes)].tolist())
    parsed_names = order(names[np.unique(parsed_codes)].tolist())
    if len(gold_names) * len(parsed_names) >= MATRIX_CELLS:
        return text
    matrix = np.zeros((len(names), len(names)), dtype=np.int64)
    matrix.flat[pairs] = counts
    index = {str(value): i for i, value in enumerate(names)}
    matrix_rows = [(row, ["-" if row == column else str(matrix[index[row], index[column]])
                          for column in gold_names]) for row in parsed_names]
    diagonal = [("", [str(matrix[index[column], index[column]]) for column in gold_names])]
    text += f"Confusion matrix for {name}\n"
    text += render_table(gold_names, "Col: gold / Row: system", [], matrix_rows, blank=False,
                         measured=diagonal)
    return text + "\n\n"
