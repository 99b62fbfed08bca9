"""Gold and system dependencies of one sentence: one word per row, arcs drawn beside it.

The gold arcs are drawn left of the words and the system arcs right of them (mirrored), in
box-drawing characters, each arc in its own lane so that arcs never overlap.  Each row
carries a mark as well as a colour:

====  =====================================  =======
mark  meaning                                colour
====  =====================================  =======
``✓`` head and label right                   green
``~`` head right, label wrong                yellow
``✗`` head wrong (label right or wrong)      red
``·`` token not scored (excluded punctuation) dim
====  =====================================  =======

>>> rows = dependency_diff(["Rain", "fell", "."], [2, 0, 2], ["nsubj", "root", "punct"],
...                        [2, 0, 1], ["dobj", "root", "punct"])
>>> for row in rows:
...     print(row.plain)
   id form gold      system
 ╭▶ 1 Rain   2 nsubj ~   2 dobj  ◀┬╮
╭┴─ 2 fell   0 root  ✓   0 root  ─╯│
╰─▶ 3 .      2 punct ✗   1 punct ◀─╯
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rich.text import Text

from ..arrays import BoolArray, IntArray, ObjectArray

#: box-drawing character for a cell by the directions its lines leave in (up, down, left, right)
BOX = {
    "ud": "│", "lr": "─", "dr": "╭", "ur": "╰", "dl": "╮", "ul": "╯",
    "udr": "├", "udl": "┤", "dlr": "┬", "ulr": "┴", "udlr": "┼",
}
MARKS = {
    "right": ("✓", "green"),
    "label": ("~", "yellow"),
    "head": ("✗", "red"),
    "excluded": ("·", "dim"),
}


def arc_lanes(heads: Sequence[int]) -> list[int]:
    """A lane for each arc (-1 for the root), shorter arcs nearer the words; arcs that
    share a lane never touch.

    >>> arc_lanes([2, 0, 2, 3])
    [0, -1, 1, 0]
    """
    arcs = sorted((abs(h - (i + 1)), i) for i, h in enumerate(heads) if h > 0)
    taken: list[list[tuple[int, int]]] = []
    lanes = [-1] * len(heads)
    for _, i in arcs:
        low, high = sorted((i + 1, heads[i]))
        for lane, spans in enumerate(taken):
            if all(high < a or low > b for a, b in spans):
                spans.append((low, high))
                lanes[i] = lane
                break
        else:
            taken.append([(low, high)])
            lanes[i] = len(taken) - 1
    return lanes


def draw_arcs(heads: Sequence[int], mirror: bool = False) -> tuple[list[str], list[list[int]]]:
    """The arc drawing: one string per word, and for each cell the word whose arc it draws
    (-1 for none).  Words are to the right of the drawing, or to the left with ``mirror``;
    the arrow points at the dependent.

    >>> rows, owners = draw_arcs([2, 0])
    >>> rows
    ['╭▶', '╰─']
    >>> draw_arcs([2, 0], mirror=True)[0]
    ['◀╮', '─╯']
    """
    lanes = arc_lanes(heads)
    width = max(lanes, default=-1) + 1
    n = len(heads)
    directions: list[list[set[str]]] = [[set() for _ in range(width)] for _ in range(n)]
    owners = [[-1] * (width + 1) for _ in range(n)]
    arrows = [False] * n
    for i, lane in enumerate(lanes):
        if lane < 0:
            continue
        top, bottom = sorted((i, heads[i] - 1))
        column = width - 1 - lane
        for row in range(top, bottom + 1):
            cell = directions[row][column]
            if row > top:
                cell.add("u")
            if row < bottom:
                cell.add("d")
            owners[row][column] = i
        for row in (top, bottom):
            directions[row][column].add("r")
            for right in range(column + 1, width):
                directions[row][right].update("lr")
                if owners[row][right] < 0:
                    owners[row][right] = i
            owners[row][width] = i
        arrows[i] = True
    rows = []
    for row in range(n):
        if not width:
            rows.append("")
            continue
        joined = "".join(BOX.get(_key(cell), " ") for cell in directions[row])
        end = "▶" if arrows[row] else ("─" if "r" in directions[row][width - 1] else " ")
        rows.append(joined + end)
    if mirror:
        rows = [_mirror(row) for row in rows]
        owners = [cells[::-1] for cells in owners]
    return rows, owners


def _key(cell: set[str]) -> str:
    return "".join(d for d in "udlr" if d in cell)


_MIRROR = str.maketrans("╭╰╮╯├┤▶", "╮╯╭╰┤├◀")


def _mirror(row: str) -> str:
    return row[::-1].translate(_MIRROR)


def token_marks(gold_heads: IntArray, gold_labels: ObjectArray, sys_heads: IntArray,
                sys_labels: ObjectArray, scored: BoolArray | None = None) -> list[str]:
    """The kind of each token: right, label (only the label wrong), head or excluded.

    >>> token_marks(np.array([2, 0]), np.array(["a", "r"]), np.array([2, 1]), np.array(["b", "r"]))
    ['label', 'head']
    """
    head_right = np.asarray(gold_heads) == np.asarray(sys_heads)
    label_right = np.asarray(gold_labels) == np.asarray(sys_labels)
    kinds = np.where(head_right, np.where(label_right, "right", "label"), "head").astype(object)
    if scored is not None:
        kinds[~np.asarray(scored, dtype=bool)] = "excluded"
    return [str(kind) for kind in kinds]


def dependency_diff(forms: Sequence[str], gold_heads: Sequence[int], gold_labels: Sequence[str],
                    sys_heads: Sequence[int], sys_labels: Sequence[str],
                    scored: Sequence[bool] | None = None) -> list[Text]:
    """One row per word: gold arcs, id, form, gold head and label, mark, system head and
    label, system arcs.  Wrong system arcs and cells are red (wrong head) or yellow (wrong
    label only); ``scored`` False marks tokens left out of the scores (drawn dim).
    """
    kinds = token_marks(np.asarray(gold_heads), np.asarray(gold_labels, dtype=object),
                        np.asarray(sys_heads), np.asarray(sys_labels, dtype=object),
                        None if scored is None else np.asarray(scored))
    gold_rows, _ = draw_arcs(gold_heads)
    sys_rows, sys_owners = draw_arcs(sys_heads, mirror=True)
    gold_width = max((len(row) for row in gold_rows), default=0)
    form_width = max([len(form) for form in forms] + [4])
    label_width = max([len(label) for label in list(gold_labels) + list(sys_labels)] + [5])
    id_width = max(2, len(str(len(forms))))
    header = Text(" " * gold_width + f"{'id':>{id_width}} {'form':<{form_width}} "
                  f"{'gold':<{label_width + 4}} {'system'}", style="bold")
    rows = [header]
    for i, form in enumerate(forms):
        kind = kinds[i]
        mark, style = MARKS[kind]
        row = Text(gold_rows[i].ljust(gold_width), style="dim")
        row.append(f"{i + 1:>{id_width}} {form:<{form_width}} ")
        row.append(f"{gold_heads[i]:>3} {gold_labels[i]:<{label_width}} ")
        row.append(mark, style=style)
        head_style = style if kind == "head" else ""
        label_style = style if kind in ("head", "label") and gold_labels[i] != sys_labels[i] else ""
        row.append(" ")
        row.append(f"{sys_heads[i]:>3}", style=head_style)
        row.append(" ")
        row.append(f"{sys_labels[i]:<{label_width}}", style=label_style)
        row.append(" ")
        for char, owner in zip(sys_rows[i], sys_owners[i]):
            wrong = owner >= 0 and kinds[owner] == "head"
            row.append(char, style="red" if wrong else "")
        rows.append(row)
    return rows


def dependency_legend() -> Text:
    """The key to the row marks."""
    text = Text()
    for kind, meaning in (("right", "right"), ("label", "wrong label"), ("head", "wrong head"),
                          ("excluded", "not scored")):
        mark, style = MARKS[kind]
        text.append(mark, style=style)
        text.append(f" {meaning}  ")
    text.append("gold arcs left, system arcs right")
    return text
