"""Gold and system trees of one sentence, drawn as outlines with each bracket's fate marked.

The fate of every bracket comes from EVALB's own per-sentence engine
(``treeeval.bracket.reference``): the engine reads both lines, matches the brackets and
leaves each bracket's result code behind (``ResultCode``: MATCHED, UNMATCHED, NOT_COUNTED).
This module only reads those codes and draws; it scores nothing itself.

Every mark has a colour and a character, so the drawing reads on a monochrome terminal:

======  ==========================================================  ==========
mark    meaning                                                     colour
======  ==========================================================  ==========
``✓``   bracket matched                                             green
``-``   gold bracket not found in the system tree (recall error)    red
``+``   system bracket not in the gold tree (precision error)       magenta
``×``   bracket crosses a bracket of the other tree                 bold red
``·``   bracket or word EVALB does not count (deleted, empty span)  dim
``~``   word whose part-of-speech tag differs from gold              yellow
``?``   sentence not scored (EVALB's Error or Skip status)          dim
======  ==========================================================  ==========

>>> from treeeval.bracket.params import EvalbParams
>>> diff = diff_brackets(b"(S (NP (DT a) (NN b)) (VP (VB c)))", b"(S (DT a) (X (NN b) (VB c)))",
...                      EvalbParams(), 1)
>>> diff.score.matched, diff.score.crossing
(1, 1)
>>> for line in draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold"):
...     print(line.plain)
✓  S [1-3]
-×   NP [1-2]
       DT a
       NN b
-    VP [3]
       VB c
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from nltk import Tree
from rich.text import Text

from ..bracket.params import EvalbParams
from ..bracket.reference import (
    MATCHED,
    NOT_COUNTED,
    UNMATCHED,
    Bracket,
    ErrorBudget,
    EvalbKilled,
    ReadSide,
    SentenceScore,
)
from ..bracket.spans import crosses, score_line
from ..bracket.spmrl import make_engine
from ..bracket.totals import EvalbStatus
from ..errors import TreeevalError
from ..formats.lark_trees import parse_tree_lark
from ..model.tree_walks import preorder

#: (character, style) of a bracket's fate, by side and result code
FATES = {
    ("gold", MATCHED): ("✓", "green"),
    ("gold", UNMATCHED): ("-", "red"),
    ("test", MATCHED): ("✓", "green"),
    ("test", UNMATCHED): ("+", "magenta"),
}
NOT_COUNTED_MARK = ("·", "dim")
UNSCORED_MARK = ("?", "dim")
CROSSING_MARK = ("×", "bold red")
WRONG_TAG_MARK = ("~", "yellow")

Side = Literal["gold", "test"]


@dataclass
class BracketDiff:
    """Both lines of one sentence as EVALB's engine left them after scoring."""

    gold_line: bytes
    test_line: bytes
    gold: ReadSide
    test: ReadSide
    score: SentenceScore
    #: one flag per bracket: does it cross a counted bracket of the other side?
    gold_crossing: list[bool] = field(default_factory=list)
    test_crossing: list[bool] = field(default_factory=list)
    #: EVALB's messages for this line (e.g. ``Length unmatch (12|11)``)
    messages: list[str] = field(default_factory=list)
    #: the tags whose preterminals are not words (DELETE_LABEL; none under evalb_spmrl's
    #: rules): ``draw_tree``'s ``deleted``
    deleted_tags: frozenset[bytes] = frozenset()
    #: the rows the engine gave the line (evalb_spmrl gives some two; ``score`` is the last)
    rows: int = 1

    @property
    def scored(self) -> bool:
        """Whether the brackets went through matching (status SCORED)."""
        return self.score.status == EvalbStatus.SCORED


class _LineBudget(ErrorBudget):
    """One line's messages, with no MAX_ERROR: EVALB's endless 'Reading sentence' loop is
    reported once and ends the line (EVALB itself repeats it until MAX_ERROR kills it)."""

    def error_forever(self, line: int, message: bytes) -> None:
        self.stream.write(b"%d : %s\n" % (line, message))
        raise EvalbKilled


def diff_brackets(gold_line: bytes, test_line: bytes, params: EvalbParams,
                  line_no: int, crossing: bool = True) -> BracketDiff:
    """Score one line pair with the per-sentence engine of ``params``' rules (EVALB's or
    evalb_spmrl's) and keep what it left behind (with ``crossing``, also which brackets
    cross one of the other side); a line given two rows keeps the last, the scored one.

    >>> diff = diff_brackets(b"(S (A x) (B y))", b"(S (A x) (B z))", EvalbParams(), 4)
    >>> diff.score.status, diff.messages
    (<EvalbStatus.ERROR: 1>, ['Words unmatch (y|z)'])
    >>> spmrl = diff_brackets(b"(S (A x))", b"(S (A x) (B y))", EvalbParams(rules="spmrl"), 2)
    >>> spmrl.rows, spmrl.score.status, spmrl.score.gold, spmrl.messages
    (2, <EvalbStatus.SCORED: 0>, 1, [])
    """
    stream = io.BytesIO()
    engine = make_engine(params, _LineBudget(1 << 62, stream))
    rows: list[SentenceScore] = []
    sides = score_line(engine, gold_line, test_line, line_no, rows)
    gold, test = sides if sides is not None else (ReadSide(gold_line), ReadSide(test_line))
    messages = [line.split(b" : ", 1)[-1].decode("latin-1")
                for line in stream.getvalue().splitlines()]
    diff = BracketDiff(gold_line, test_line, gold, test, rows[-1], messages=messages,
                       deleted_tags=engine.delete_terminals, rows=len(rows))
    if diff.scored and crossing:
        diff.gold_crossing = [crosses(g, test.brackets) for g in gold.brackets]
        diff.test_crossing = [crosses(t, gold.brackets) for t in test.brackets]
    return diff


def _is_preterminal(node: Tree) -> bool:
    return len(node) == 1 and isinstance(node[0], str)


def draw_tree(line: bytes, side: ReadSide, crossing: list[bool], role: Side,
              deleted: frozenset[bytes] = frozenset(),
              cut: Callable[[bytes], bytes] | None = None) -> list[Text]:
    """One tree as an indented outline, one bracket or word per line, marks on the left.

    The brackets of the outline are paired with the engine's brackets in reading order;
    ``deleted`` holds the labels whose words EVALB drops (DELETE_LABEL), drawn dim.
    With ``cut`` (evalb_spmrl's label cut), labels and tags are drawn as it compares them,
    cut (a label the cut leaves empty, such as ``-NONE-``, is drawn as spelt).
    A line that does not parse, or whose brackets do not pair up, is drawn as it is.

    >>> from treeeval.bracket.params import EvalbParams
    >>> diff = diff_brackets(b"(S (A x) (B y))", b"(S (A x) (B y))", EvalbParams(), 1)
    >>> [line.plain for line in draw_tree(diff.test_line, diff.test, diff.test_crossing, "test")]
    ['✓  S [1-2]', '     A x', '     B y']
    >>> from treeeval.bracket.labels import spmrl_label
    >>> diff = diff_brackets(b"(S (NP##g=f## (N##g=f## x)) (B y))", b"(S (NP (N x)) (B y))",
    ...                      EvalbParams(rules="spmrl"), 1)
    >>> [line.plain for line in draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold",
    ...                                   diff.deleted_tags, spmrl_label)]
    ['✓  S [1-2]', '✓    NP [1]', '       N x', '     B y']
    """
    try:
        nodes = _nodes(line)
    except TreeevalError as exc:
        return [Text(f"?  cannot draw: {exc}", style="dim"), Text(line.decode("latin-1"))]
    brackets = [node for _, node in nodes if not _is_preterminal(node)]
    if len(brackets) != len(side.brackets):
        return [Text("?  brackets do not pair with EVALB's reading", style="dim"),
                Text(line.decode("latin-1"))]
    terminals = iter(side.terminals)
    bracket_index = 0
    lines: list[Text] = []
    for depth, node in nodes:
        indent = "  " * depth
        if _is_preterminal(node):
            spelt = str(node.label())
            label = _shown(spelt, cut)
            text = Text()
            if spelt.encode("latin-1", "replace") in deleted:
                text.append("   ")
                text.append(f"{indent}{label} {node[0]}", style="dim")
            else:
                terminal = next(terminals, None)
                wrong_tag = terminal is not None and terminal.result == UNMATCHED
                mark, style = WRONG_TAG_MARK if wrong_tag else (" ", "")
                text.append(mark, style=style)
                text.append(f"  {indent}{label} {node[0]}")
            lines.append(text)
            continue
        bracket = side.brackets[bracket_index]
        crossed = bracket_index < len(crossing) and crossing[bracket_index]
        bracket_index += 1
        lines.append(_bracket_line(bracket, crossed, role, indent,
                                   _shown(str(node.label()), cut)))
    return lines


def _shown(label: str, cut: Callable[[bytes], bytes] | None) -> str:
    """A label as drawn: cut by ``cut`` if given and the cut leaves something.

    >>> from treeeval.bracket.labels import spmrl_label
    >>> _shown("NP##gen=f##", spmrl_label), _shown("-NONE-", spmrl_label), _shown("NP-SBJ", None)
    ('NP', '-NONE-', 'NP-SBJ')
    """
    if cut is None:
        return label
    shown = cut(label.encode("utf-8", "surrogateescape")).decode("utf-8", "surrogateescape")
    return shown or label


def _branches(node: Tree) -> list[Tree] | None:
    """The subtrees under a node (None for a preterminal): what the outline draws."""
    return None if _is_preterminal(node) else [child for child in node if isinstance(child, Tree)]


def _bracket_line(bracket: Bracket, crossed: bool, role: Side, indent: str, label: str) -> Text:
    if bracket.result == NOT_COUNTED:
        mark, style = NOT_COUNTED_MARK
    else:
        mark, style = FATES.get((role, bracket.result), UNSCORED_MARK)
    text = Text()
    text.append(mark, style=style)
    text.append(*(CROSSING_MARK if crossed else (" ", "")))
    span = f"[{word_span(bracket.start, bracket.end)}]" if bracket.end > bracket.start else "[]"
    body = f" {indent}{label or '(no label)'} {span}"
    text.append(body, style="dim" if mark in ("·", "?") else style)
    return text


def word_span(start: int, end: int) -> str:
    """The words ``start`` to ``end`` (0-based, end exclusive) as the browser shows them:
    counted from 1, first and last, one number for one word (a tree's brackets and a
    repair's words alike).

    >>> word_span(0, 3), word_span(4, 5)
    ('1-3', '5')
    """
    return str(end) if end == start + 1 else f"{start + 1}-{end}"


def side_by_side(left: list[Text], right: list[Text], width: int,
                 titles: tuple[str, str] = ("gold", "system")) -> list[Text]:
    """Two columns of lines, each cut or padded to half of ``width``, with titles on top.

    >>> rows = side_by_side([Text("a"), Text("bb")], [Text("c")], 13, ("G", "S"))
    >>> [row.plain for row in rows]
    ['G     │ S', 'a     │ c', 'bb    │ ']
    """
    column = max(1, (width - 3) // 2)
    rows = []
    left = [Text(titles[0], style="bold")] + left
    right = [Text(titles[1], style="bold")] + right
    for index in range(max(len(left), len(right))):
        cell = left[index].copy() if index < len(left) else Text()
        cell.truncate(column, overflow="ellipsis", pad=True)
        row = Text.assemble(cell, (" │ ", "dim"))
        if index < len(right):
            other = right[index].copy()
            other.truncate(column, overflow="ellipsis")
            row.append_text(other)
        rows.append(row)
    return rows


def bracket_legend() -> Text:
    """The key to the marks, as drawn under the trees."""
    return legend([
        (FATES["gold", MATCHED], "matched"), (FATES["gold", UNMATCHED], "missing (recall)"),
        (FATES["test", UNMATCHED], "extra (precision)"), (CROSSING_MARK, "crossing"),
        (WRONG_TAG_MARK, "wrong tag"), (NOT_COUNTED_MARK, "not counted"),
    ])


def legend(entries: list[tuple[tuple[str, str], str]]) -> Text:
    """Marks with their meanings on one line, each mark in its colour.

    >>> legend([(("✓", "green"), "matched"), (("-", "red"), "missing")]).plain
    '✓ matched  - missing'
    """
    text = Text()
    for (mark, style), meaning in entries:
        text.append(mark, style=style)
        text.append(f" {meaning}  ")
    text.rstrip()
    return text


def _nodes(line: bytes) -> list[tuple[int, Tree]]:
    """The line's trees in pre-order, each node with its depth (TreeevalError if unreadable)."""
    return [(depth, node) for tree in parse_tree_lark(line)
            for depth, node in preorder(tree, _branches)]


def outline(line: bytes) -> list[Text]:
    """One tree as an indented outline without marks (a file browsed without gold).

    >>> [text.plain for text in outline(b"(S (NP (DT a)) (VP (VB b)))")]
    ['S', '  NP', '    DT a', '  VP', '    VB b']
    """
    try:
        nodes = _nodes(line)
    except TreeevalError as exc:
        return [Text(f"cannot draw: {exc}", style="dim"), Text(line.decode("latin-1"))]
    return [Text("  " * depth + (f"{node.label()} {node[0]}" if _is_preterminal(node)
                                 else str(node.label()))) for depth, node in nodes]
