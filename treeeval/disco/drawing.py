"""A discontinuous tree drawn in text as ``discodop eval --debug`` draws it (its
``DrawTree(...).text(unicodelines=True, ansi=True)``), byte for byte: box-drawing lines,
crossing branches, labels centred over their columns, highlighted parts in ANSI colours
(phrasal labels blue, words red, function tags green).

Nodes are placed on a grid bottom-up: each word in its own column (two grid columns a
word), each node one row above its highest child, in the column nearest the centre of its
words that is free on that row; unused columns and rows are then dropped.  Labels longer
than 16 characters wrap.  Widths count characters, except combining marks (discodop counts
grapheme clusters; the two agree but for rarer clusters such as emoji sequences).

>>> from treeeval.model.disc_trees import DiscNode
>>> tree = DiscNode("S", [DiscNode("NP", [DiscNode("D", [0]), DiscNode("N", [2])]),
...                       DiscNode("V", [1])])
>>> for line in draw(tree, ["the", "ran", "dog"], Highlight(set(), set())).splitlines():
...     print(line.rstrip())
     S
     ┌───┐
     │  NP
 ┌── │ ──┴───┐
 D   V       N
 │   │       │
the ran     dog
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ..model.disc_trees import DiscNode


class Undrawable(ValueError):
    """A tree discodop's drawing fails on (its ``--debug`` stops with a traceback there),
    as this drawing, which places nodes as it does, finds: a node with no free cell, or
    none placed at all."""


HORIZONTAL, LEFT_CORNER, RIGHT_CORNER = "\u2500", "\u250c", "\u2510"
VERTICAL = " \u2502 "
TEE, BOTTOM, CROSS = ("\u2500" + mid + "\u2500" for mid in ("\u252c", "\u2534", "\u253c"))
#: ANSI colours: phrasal nodes, words, function tags
BLUE, RED, GREEN = 34, 31, 32
#: labels never split at a function separator
PTB_BRACKETS = {"-LRB-", "-RRB-", "-LCB-", "-RCB-", "-LSB-", "-RSB-", "-NONE-"}
_WRAP = re.compile(r"(.{12,16}\b\W*|.{16})")
_SCALE = 2
_VERTICAL_CELL, _CORNER = -1, -2


@dataclass
class Highlight:
    """What is coloured: nodes (by identity; leaves by word index) whose labels, and nodes
    whose function tags; ``separator`` splits a label into category and function (None:
    labels are not split)."""

    labels: set[int]
    functions: set[int]
    separator: str | None = None


def width(text: str) -> int:
    """The printed width of ``text``: its characters less combining marks."""
    return sum(1 for char in text if not unicodedata.combining(char))


def centred(text: str, size: int) -> str:
    """``text`` centred in ``size`` columns, the odd space on the right."""
    gap = size - width(text)
    if gap <= 0:
        return text
    return " " * (gap // 2) + text + " " * (gap - gap // 2)


@dataclass(eq=False)
class _Cell:
    """A node or a word placed on the grid."""

    number: int
    label: str
    node: DiscNode | None
    parent: int | None
    leaves: list[int]
    children: list[_Cell] = field(default_factory=list)


def _cells(tree: DiscNode, labels: dict[int, str], words: list[str | None]) -> list[_Cell]:
    """The nodes and words in pre-order (children ordered by first word), numbered."""
    cells: list[_Cell] = []

    def visit(item: DiscNode | int, parent: int | None) -> _Cell:
        if isinstance(item, int):
            word = words[item]
            cell = _Cell(len(cells), "..." if word is None else word, None, parent, [item])
            cells.append(cell)
            return cell
        cell = _Cell(len(cells), labels[id(item)], item, parent, [])
        cells.append(cell)
        for child in sorted(item.children, key=_first):
            cell.children.append(visit(child, cell.number))
        cell.leaves = [leaf for child in cell.children for leaf in child.leaves]
        return cell

    visit(tree, None)
    return cells


def _first(item: DiscNode | int) -> int:
    return item if isinstance(item, int) else min(item.leaves())


def _height(cell: _Cell) -> int:
    return 1 + max((_height(c) if c.node is not None else 1 for c in cell.children),
                   default=0)


def _place(cells: list[_Cell], size: int) -> dict[int, tuple[int, int]]:
    """Each cell's (row, column), row 0 at the top."""
    matrix: list[list[int | None]] = [[None] * (size * _SCALE)]
    below: dict[int, set[tuple[int, int]]] = {cell.number: set() for cell in cells}
    for cell in sorted((c for c in cells if c.node is None), key=lambda c: c.number):
        column = cell.leaves[0] * _SCALE
        matrix[0][column] = cell.number
        assert cell.parent is not None
        below[cell.parent].add((0, column))
    depth = _depth(cells[0], 0) + 1
    levels: dict[int, list[_Cell]] = {n: [] for n in range(depth - 1)}
    for cell in cells:
        if cell.node is not None:
            levels[depth - _height(cell)].append(cell)
    for level in sorted(levels, reverse=True):
        start = len(matrix)
        matrix.append(_next_row(matrix[-1]))
        for cell in sorted(levels[level], key=lambda c: max(c.leaves) - min(c.leaves)):
            row, column = _free_cell(cell, matrix, start, below[cell.number])
            for _, child_column in below[cell.number]:
                matrix[row][child_column] = _CORNER
            matrix[row][column] = cell.number
            if cell.parent is not None:
                below[cell.parent].add((row, column))
    for column in range(size * _SCALE - 1, -1, -1):
        if all(line[column] is None for line in matrix):
            for line in matrix:
                del line[column]
    kept = [row for row in reversed(matrix)
            if not all(a is None or a == _VERTICAL_CELL for a in row)]
    return {number: (r, c) for r, row in enumerate(kept) for c, number in enumerate(row)
            if number is not None and number >= 0}


def _depth(cell: _Cell, depth: int) -> int:
    return max([depth] + [_depth(child, depth + 1) for child in cell.children])


def _next_row(row: list[int | None]) -> list[int | None]:
    return [_VERTICAL_CELL if a not in (_CORNER, None) else None for a in row]


def _free_cell(cell: _Cell, matrix: list[list[int | None]], start: int,
               below: set[tuple[int, int]]) -> tuple[int, int]:
    columns = [column for _, column in below]
    low, high = min(columns), max(columns)
    centre = _SCALE * sum(cell.leaves) // len(cell.leaves)
    if low < high and not low < centre < high:
        centre = sum(columns) // len(columns)
    if high - low > 2 * _SCALE:
        centre -= centre % _SCALE
        if low < high and not low < centre < high:
            centre += _SCALE
    if cell.number == 0:
        start = len(matrix)
    for row_index in range(start, len(matrix) + 1):
        if row_index == len(matrix):
            matrix.append(_next_row(matrix[-1]))
        row = matrix[row_index]
        if len(below) == 1:
            return row_index, columns[0]
        if all(a is None or a == _VERTICAL_CELL for a in row[low:high + 1]):
            for shift in range(_SCALE):
                right = left = centre + shift
                while left > low or right < high:
                    if right < high and (row[right] is None or right in columns):
                        return row_index, right
                    if left > low and (row[left] is None or left in columns):
                        return row_index, left
                    right += _SCALE
                    left -= _SCALE
    raise Undrawable("no free cell for a node")


def _crossed(text: str) -> str:
    """``text`` with a vertical branch through its middle."""
    start = len(text) - len(text) // 2 - len(VERTICAL) // 2 - 1
    return text[:start] + VERTICAL + text[start + len(VERTICAL):]


def _coloured(lines: list[str], cell: _Cell, highlight: Highlight) -> list[str]:
    """A label's lines with its category and function tag coloured."""
    result: list[str] = []
    separator = highlight.separator
    seen = False
    phrasal = cell.node is not None
    for line in lines:
        category: str | None
        function: str | None
        if (separator and not seen and phrasal and cell.label not in PTB_BRACKETS
                and separator in line):
            category, function = line.rsplit(separator, 1)
        elif seen:
            category, function = None, line
        else:
            category, function = line, None
        if category and cell.number in highlight.labels:
            result.append("\x1b[%d;1m%s\x1b[0m" % (BLUE if phrasal else RED, category))
        else:
            result.append(category or "")
        if function or (separator and line.endswith(separator) and phrasal):
            if not seen:
                result[-1] += str(separator)
                seen = True
            if cell.number in highlight.functions:
                result[-1] += "\x1b[%d;1m%s\x1b[0m" % (GREEN, function or "")
            else:
                result[-1] += str(function)
    return result


def draw(tree: DiscNode, words: list[str | None], highlight: Highlight,
         labels: dict[int, str] | None = None) -> str:
    """The drawing of ``tree`` over ``words`` (None: drawn ``...``), each node labelled
    ``labels[id(node)]`` (default: its label); ``highlight`` numbers nodes in pre-order
    (children by first word), words included."""
    names = labels or {id(node): node.label for node in tree.subtrees()}
    cells = _cells(tree, names, words)
    where = _place(cells, len(words))
    grid: dict[int, dict[int, int]] = {}
    widths: dict[int, int] = {}
    heights: dict[int, int] = {}
    lines: dict[int, list[str]] = {}
    below: dict[int, set[int]] = {}
    order = _drawing_order(cells)
    for number in order:
        cell = cells[number]
        if number not in where:  # discodop's coordinates miss it too: a KeyError there
            raise Undrawable(f"the node {cell.label} has no place")
        row, column = where[number]
        grid.setdefault(row, {})[column] = number
        label = cell.label
        if len(label) > 16:
            label = _WRAP.sub("\\1\n", label).strip()
        split = label.split("\n")
        heights[row] = max(heights.get(row, 1), len(split))
        widths[column] = max(widths.get(column, 3), max(width(part) for part in split))
        lines[number] = split
        if cell.parent is not None:
            below.setdefault(cell.parent, set()).add(column)
    last = max(widths)
    result: list[str] = []
    for row in sorted(grid, reverse=True):
        blank = [" " * widths.get(c, 3) for c in range(last + 1)]
        node_rows = [list(blank) for _ in range(heights[row])]
        branches = list(blank)
        for column, number in grid[row].items():
            cell = cells[number]
            children = below.get(number, set())
            if cell.node is not None:
                if children and min(children) < max(children):
                    low, high = min(children), max(children)
                    left = (widths.get(low, 3) + 1) // 2 - 1
                    right = widths.get(high, 3) // 2
                    branches[low] = (" " * left + LEFT_CORNER).ljust(widths.get(low, 3),
                                                                    HORIZONTAL)
                    branches[high] = (RIGHT_CORNER + " " * right).rjust(widths.get(high, 3),
                                                                       HORIZONTAL)
                    for middle in range(low + 1, high):
                        if middle == column:
                            piece = CROSS if middle in children else BOTTOM
                        else:
                            piece = TEE if middle in children else HORIZONTAL
                        branches[middle] = piece.center(widths.get(middle, 3), HORIZONTAL)
                else:
                    branches[column] = _crossed(branches[column])
            size = widths.get(column, 3)
            text = [centred(part, size) for part in lines[number]]
            if number in highlight.labels or number in highlight.functions:
                text = _coloured(text, cell, highlight)
            for x in range(heights[row]):
                node_rows[x][column] = (text[x] if x < len(text) else
                                        (VERTICAL if children else " ").center(size, " "))
        if row != max(grid):
            for number, (child_row, column) in where.items():
                parent = cells[number].parent
                if number > 0 and parent is not None and where[parent][0] < row < child_row:
                    branches[column] = _crossed(branches[column])
                    if column not in grid[row]:
                        for node_row in node_rows:
                            node_row[column] = _crossed(node_row[column])
            branches = [a + (a[-1] if a[-1] != " " else b[0])
                        for a, b in zip(branches, branches[1:] + [" "])]
            result.append("".join(branches))
        result.extend(" ".join(node_row) for node_row in reversed(node_rows))
    return "\n".join(reversed(result)) + "\n"


def _drawing_order(cells: list[_Cell]) -> list[int]:
    """The cells in the order discodop places them: words, then nodes level by level."""
    words = [cell.number for cell in cells if cell.node is None]
    depth = _depth(cells[0], 0) + 1
    levels: dict[int, list[_Cell]] = {n: [] for n in range(depth - 1)}
    for cell in cells:
        if cell.node is not None:
            levels[depth - _height(cell)].append(cell)
    nodes = [cell.number for level in sorted(levels, reverse=True)
             for cell in sorted(levels[level], key=lambda c: max(c.leaves) - min(c.leaves))]
    return words + nodes
