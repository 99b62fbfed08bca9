"""Discontinuous trees (``DiscSentence``) drawn for the browser, each bracket's fate marked.

Two views of one sentence, both lists of Rich ``Text`` lines:

* :func:`draw_disc_outline`, a bracketing with gap marks: the outline of
  ``render_tree.draw_tree``, each constituent with its label, its function tag
  (``NP-SB``) and its words counted from 1 as ranges with gaps (``[1-2,5]``), ``¦`` in
  the second column for a discontinuous constituent; children in the order of their first
  word, each preterminal with its word;
* :func:`draw_disc_tree`, the tree drawn with crossing branches: the words on the bottom
  line in sentence order, their tags above them, each constituent above the words it
  covers with branches down to its children; a branch passing a bar that is not its own is
  drawn through it (``│``, the bar broken), so a discontinuity shows as branches crossing.

The marks are those of ``render_tree`` (``✓`` matched, ``-`` only in gold, ``+`` only in
the system tree, ``·`` not counted, ``~`` wrong tag), with their colours, as
:class:`DiscMarks` gives them: a node's fate by its pre-order index, the position of the
node in ``sentence.tree.subtrees()``.  They come from ``treeeval disco``'s own comparison
(:func:`treeeval.tui.disc_marks.disc_marks`, on ``pairs.compare``'s result); this module
only draws.

>>> from treeeval.disco.params import DiscoParams
>>> from treeeval.tui.disc_marks import disc_marks, score_pair
>>> words = ["Der", "kam", "Mann", "."]
>>> np_ = DiscNode("NP", [DiscNode("ART", [0], "NK"), DiscNode("NN", [2], "NK")], "SB")
>>> gold = DiscSentence(words, ["ART", "VVFIN", "NN", "$."], DiscNode("S", [
...     np_, DiscNode("VVFIN", [1], "HD"), DiscNode("$.", [3])]))
>>> test = DiscSentence(words, ["ART", "VVFIN", "NE", "$."], DiscNode("S", [
...     DiscNode("NP", [DiscNode("ART", [0]), DiscNode("VVFIN", [1])]),
...     DiscNode("NE", [2]), DiscNode("$.", [3])]))
>>> pair = score_pair("1", gold, test, DiscoParams(delete_label=["$."]))
>>> gold_marks, test_marks = disc_marks(pair)
>>> for line in draw_disc_outline(gold, gold_marks, "gold"):
...     print(line.plain)
✓  S [1-4]
-¦   NP-SB [1,3]
       ART-NK Der
~      NN-NK Mann
     VVFIN-HD kam
·    $. .
>>> for line in draw_disc_tree(gold, gold_marks, "gold"):
...     print(line.plain)
          ✓S
   ┌───────┼─────────────┐
-NP-SB     │             │
   ├───────│────────┐    │
 ART-NK VVFIN-HD ~NN-NK ·$.
  Der     kam      Mann  .
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import NamedTuple

from rich.text import Text

from ..bracket.reference import MATCHED, NOT_COUNTED, UNMATCHED, ResultCode
from ..model.disc_trees import DiscNode, DiscSentence
from ..model.tree_walks import preorder
from .render_tree import FATES, NOT_COUNTED_MARK, WRONG_TAG_MARK, Side, legend, word_span

#: the second column of a discontinuous constituent in the outline
DISC_MARK = ("¦", "cyan")

#: a node's words as inclusive ranges, in order: ``((0, 1), (4, 4))`` for words 0, 1, 4
Ranges = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class DiscMarks:
    """The fates one tree's nodes and words are drawn with.

    ``nodes[i]`` is the fate of the node at pre-order index ``i`` (its position in
    ``tree.subtrees()``): MATCHED, UNMATCHED (only in this tree) or NOT_COUNTED, and None
    for a preterminal (its word has a mark of its own); ``words[i]`` that of word ``i``:
    MATCHED (tag right), UNMATCHED (tag wrong) or NOT_COUNTED (a dropped word).

    >>> DiscMarks((MATCHED, None), (UNMATCHED,)).words[0].name
    'UNMATCHED'
    """

    nodes: tuple[ResultCode | None, ...]
    words: tuple[ResultCode, ...] = field(default=())


def _children(node: DiscNode | int) -> list[DiscNode | int] | None:
    return None if isinstance(node, int) else node.children


def _word(node: DiscNode) -> int | None:
    """The word of a preterminal; None for any other node."""
    leaf = node.children[0] if node.is_preterminal() else None
    return leaf if isinstance(leaf, int) else None


def preorder_nodes(root: DiscNode) -> list[DiscNode]:
    """The tree's nodes in pre-order (``root.subtrees()``'s order, without recursion)."""
    tree: DiscNode | int = root
    return [node for _, node in preorder(tree, _children) if isinstance(node, DiscNode)]


def node_ranges(nodes: list[DiscNode], position: list[int | None]) -> list[Ranges]:
    """The words under each node (``nodes`` in pre-order) as ranges of positions, a
    word ``i`` taking ``position[i]`` (None: the word is left out).

    >>> tree = DiscNode("S", [DiscNode("A", [0]), DiscNode("B", [2]), DiscNode("C", [1])])
    >>> nodes = preorder_nodes(tree)
    >>> node_ranges(nodes, [0, 1, 2])[0], node_ranges(nodes, [0, None, 1])[0]
    (((0, 2),), ((0, 1),))
    """
    index = {id(node): i for i, node in enumerate(nodes)}
    ranges: list[Ranges] = [()] * len(nodes)
    for i in reversed(range(len(nodes))):
        pieces: list[tuple[int, int]] = []
        for child in nodes[i].children:
            if isinstance(child, int):
                at = position[child]
                if at is not None:
                    pieces.append((at, at))
            else:
                pieces.extend(ranges[index[id(child)]])
        pieces.sort()
        merged: list[tuple[int, int]] = []
        for start, end in pieces:
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
            else:
                merged.append((start, end))
        ranges[i] = tuple(merged)
    return ranges


def _label(node: DiscNode) -> str:
    """A node's label with its function tag (``NP-SB``; export's ``--``, no edge, left out)."""
    return f"{node.label}-{node.function}" if node.function not in (None, "", "--") else node.label


def _node_mark(fate: ResultCode | None, role: Side) -> tuple[str, str]:
    if fate == NOT_COUNTED:
        return NOT_COUNTED_MARK
    return FATES.get((role, fate), (" ", "")) if fate is not None else (" ", "")


def _word_mark(fate: ResultCode | None) -> tuple[str, str]:
    if fate == UNMATCHED:
        return WRONG_TAG_MARK
    return NOT_COUNTED_MARK if fate == NOT_COUNTED else (" ", "")


def span_text(ranges: Ranges) -> str:
    """Ranges of words (from 0) as the browser writes them: from 1, with gaps.

    >>> span_text(((0, 1), (4, 4))), span_text(())
    ('1-2,5', '')
    """
    return ",".join(word_span(start, end + 1) for start, end in ranges)


def draw_disc_outline(sentence: DiscSentence, marks: DiscMarks | None = None,
                      role: Side = "gold") -> list[Text]:
    """One tree as an indented outline, one node or word a line, marks on the left (none
    without ``marks``; ``¦`` for a discontinuous node always), children in the order of
    their first word.

    >>> tree = DiscNode("S", [DiscNode("VP", [DiscNode("V", [2]), DiscNode("N", [0])]),
    ...                       DiscNode("A", [1])])
    >>> [line.plain for line in draw_disc_outline(DiscSentence(["a", "b", "c"], [], tree))]
    ['   S [1-3]', ' ¦   VP [1,3]', '       N a', '       V c', '     A b']
    """
    nodes = preorder_nodes(sentence.tree)
    index = {id(node): i for i, node in enumerate(nodes)}
    ranges = node_ranges(nodes, list(range(len(sentence.words))))

    def first(child: DiscNode | int) -> int:
        if isinstance(child, int):
            return child
        spans = ranges[index[id(child)]]
        return spans[0][0] if spans else len(sentence.words)

    def ordered(node: DiscNode | int) -> list[DiscNode | int] | None:
        if isinstance(node, int) or node.is_preterminal():
            return None
        return sorted(node.children, key=first)

    lines: list[Text] = []
    tree: DiscNode | int = sentence.tree
    for depth, node in preorder(tree, ordered):
        indent = "  " * depth
        text = Text()
        if isinstance(node, int):
            word: int | None = node
            shown = sentence.words[node]
        else:
            word = _word(node)
            shown = f"{_label(node)} {sentence.words[word]}" if word is not None else ""
        if word is not None:
            mark, style = _word_mark(marks.words[word] if marks else None)
            text.append(mark, style=style)
            text.append(f"  {indent}{shown}", style="dim" if mark == "·" else "")
        elif not isinstance(node, int):
            i = index[id(node)]
            mark, style = _node_mark(marks.nodes[i] if marks else None, role)
            text.append(mark, style=style)
            text.append(*(DISC_MARK if len(ranges[i]) > 1 else (" ", "")))
            text.append(f" {indent}{_label(node)} [{span_text(ranges[i])}]",
                        style="dim" if mark == "·" else style)
        lines.append(text)
    return lines


# the four directions a cell of a branch row connects to
_UP, _DOWN, _RIGHT, _LEFT = 1, 2, 4, 8
_BOX = {_UP: "│", _DOWN: "│", _UP | _DOWN: "│", _RIGHT: "─", _LEFT: "─", _RIGHT | _LEFT: "─",
        _DOWN | _RIGHT: "┌", _DOWN | _LEFT: "┐", _UP | _RIGHT: "└", _UP | _LEFT: "┘",
        _UP | _DOWN | _RIGHT: "├", _UP | _DOWN | _LEFT: "┤", _DOWN | _RIGHT | _LEFT: "┬",
        _UP | _RIGHT | _LEFT: "┴", _UP | _DOWN | _RIGHT | _LEFT: "┼"}
_ASCII = {bits: "|" if char == "│" else "-" if char == "─" else "+" for bits, char in _BOX.items()}
#: the marks' stand-ins on a terminal without Unicode
_ASCII_MARKS = str.maketrans({"✓": "=", "·": "."})


class _Label(NamedTuple):
    """A label of the drawing: its column, its row, its mark and its text, each styled."""

    column: int
    row: int
    mark: str
    mark_style: str
    text: str
    text_style: str


class _Levels:
    """The rows taken so far: per level, the disjoint column intervals of its bars."""

    def __init__(self) -> None:
        self.starts: dict[int, list[int]] = {}
        self.ends: dict[int, list[int]] = {}

    def place(self, lowest: int, low: int, high: int) -> int:
        """The lowest level from ``lowest`` up whose bars leave columns low..high free;
        the interval is taken there."""
        level = lowest
        while True:
            starts = self.starts.setdefault(level, [])
            ends = self.ends.setdefault(level, [])
            at = bisect_right(starts, high)
            if at == 0 or ends[at - 1] < low:
                starts.insert(at, low)
                ends.insert(at, high)
                return level
            level += 1


def draw_disc_tree(sentence: DiscSentence, marks: DiscMarks | None = None,
                   role: Side = "gold", ascii: bool = False) -> list[Text]:
    """One tree drawn with its branches, the words on the bottom line in sentence order
    and their tags (preterminals) above them, each constituent on a row above its
    children, with a bar below it and a branch down to each child.

    A word takes a column as wide as its word, its tag or the widest constituent placed
    over it; a constituent is placed over the column of one of its children (the one
    nearest the middle of the children), so that each branch runs down a column of its own
    words: a branch then never meets a label, only the bars of constituents it does not
    belong to, which it crosses.  A constituent sits one row above its highest child, or
    higher while its bar would overlap a bar on that row.  The work is proportional to the
    drawing (rows times width) plus a logarithm per node.  ``ascii`` draws with ``-|+``
    and ``=`` ``.`` for ``✓`` ``·``.

    >>> tree = DiscNode("S", [DiscNode("VP", [DiscNode("V", [0]), DiscNode("N", [2])]),
    ...                       DiscNode("A", [1])])
    >>> for line in draw_disc_tree(DiscSentence(["a", "b", "c"], [], tree), ascii=True):
    ...     print(line.plain)
    S
    +--+
    VP |
    +--|-+
    V  A N
    a  b c
    """
    nodes = preorder_nodes(sentence.tree)
    index = {id(node): i for i, node in enumerate(nodes)}
    count = len(sentence.words)
    # the column and the level of each node, children first; a word directly under a
    # phrasal node is level -1 (its branch runs down to the word itself)
    column: list[int | None] = [None] * len(nodes)
    level = [0] * len(nodes)
    levels = _Levels()
    for i in reversed(range(len(nodes))):
        node = nodes[i]
        column[i] = _word(node)
        if column[i] is not None:
            continue
        below = [(child, -1) if isinstance(child, int) else (column[index[id(child)]],
                                                             level[index[id(child)]])
                 for child in node.children]
        placed = [(col, lev) for col, lev in below if col is not None]
        if not placed:
            continue
        low, high = min(col for col, _ in placed), max(col for col, _ in placed)
        column[i] = min((col for col, _ in placed),
                        key=lambda col: (abs(2 * col - low - high), col))
        level[i] = levels.place(max(0, max(lev for _, lev in placed)) + 1, low, high)
    top = max(level, default=0)

    labels: list[_Label] = []
    for i, node in enumerate(nodes):
        col = column[i]
        if col is None:
            continue
        if node.is_preterminal():
            mark, style = _word_mark(marks.words[col]) if marks else ("", "")
            labels.append(_Label(col, 2 * top, mark.strip(), style, _label(node),
                                 "dim" if mark == "·" else ""))
        else:
            mark, style = _node_mark(marks.nodes[i], role) if marks else ("", "")
            labels.append(_Label(col, 2 * (top - level[i]), mark, style, _label(node),
                                 "dim" if mark == "·" else style))
    labels.extend(_Label(col, 2 * top + 1, "", "", word, "")
                  for col, word in enumerate(sentence.words))
    # a label's text is centred on its column's centre, its mark just before it
    left, right = [0] * count, [0] * count
    for col, _, mark, _, text, _ in labels:
        left[col] = max(left[col], len(mark) + (len(text) - 1) // 2)
        right[col] = max(right[col], len(text) - 1 - (len(text) - 1) // 2)
    centre = [0] * count
    for col in range(count):
        centre[col] = left[col] + (centre[col - 1] + right[col - 1] + 2 if col else 0)
    width = centre[-1] + right[-1] + 1 if count else 0
    rows = 2 * top + 2
    bits = [bytearray(width) for _ in range(rows)]
    through = [bytearray(width) for _ in range(rows)]
    for i, node in enumerate(nodes):
        col = column[i]
        if col is None or node.is_preterminal():
            continue
        bar = 2 * (top - level[i]) + 1
        bits[bar][centre[col]] |= _UP
        xs = [centre[col]]
        for child in node.children:
            if isinstance(child, int):
                x, row = centre[child], rows - 1
            else:
                at = column[index[id(child)]]
                if at is None:
                    continue
                x, row = centre[at], 2 * (top - level[index[id(child)]])
            bits[bar][x] |= _DOWN
            for passing in range(bar + 1, row):
                through[passing][x] = 1
            xs.append(x)
        low, high = min(xs), max(xs)
        for x in range(low, high + 1):
            bits[bar][x] |= (_RIGHT if x < high else 0) | (_LEFT if x > low else 0)
    box = _ASCII if ascii else _BOX
    vertical = box[_UP | _DOWN]
    cells = [[vertical if through[r][x] else box[bits[r][x]] if bits[r][x] else " "
              for x in range(width)] for r in range(rows)]
    styles: list[list[tuple[int, int, str]]] = [[] for _ in range(rows)]
    for col, row, mark, mark_style, text, text_style in labels:
        if ascii:
            mark = mark.translate(_ASCII_MARKS)
        start = centre[col] - (len(text) - 1) // 2 - len(mark)
        cells[row][start:start + len(mark) + len(text)] = list(mark + text)
        styles[row].append((start, start + len(mark), mark_style))
        styles[row].append((start + len(mark), start + len(mark) + len(text), text_style))
    lines = []
    for row in range(rows):
        line = Text("".join(cells[row]))
        for start, end, style in styles[row]:
            if style:
                line.stylize(style, start, end)
        line.rstrip()
        lines.append(line)
    return lines


def disc_legend() -> Text:
    """The key to the marks of both views.

    >>> disc_legend().plain
    '✓ matched  - missing (recall)  + extra (precision)  ~ wrong tag  · not counted  ¦ discontinuous'
    """
    return legend([(FATES["gold", MATCHED], "matched"),
                   (FATES["gold", UNMATCHED], "missing (recall)"),
                   (FATES["test", UNMATCHED], "extra (precision)"),
                   (WRONG_TAG_MARK, "wrong tag"), (NOT_COUNTED_MARK, "not counted"),
                   (DISC_MARK, "discontinuous")])
