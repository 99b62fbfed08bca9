"""Bracketed trees as the report shows them: indented, one phrase a line (a phrase of words
only on one line), and the brackets that the other tree does not have marked.

A bracket is a phrase's label (cut at ``-`` or ``=``, as EVALB's labels are) and the words
it spans; preterminals (``(DT the)``) are not brackets.  This reader is for showing trees
only: a text that is not one balanced tree is shown as it is, unmarked.

>>> gold, system = parse_tree("(S (NP (DT a) (NN b)) (VP (VB c)))"), parse_tree(
...     "(S (DT a) (X (NN b) (VB c)))")
>>> print(tree_html(gold, system))
(S
  <mark title="not in the other tree">(NP</mark> (DT a) (NN b))
  <mark title="not in the other tree">(VP</mark> (VB c)))
>>> print(tree_html(system, gold))
(S (DT a)
  <mark title="not in the other tree">(X</mark> (NN b) (VB c)))
>>> gold.words(), parse_tree("(S (NP a)"), parse_tree("(A x) (B y)")
(['a', 'b', 'c'], None, None)
>>> parse_tree("( (S (A x)) )").label
'S'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape

_TOKENS = re.compile(r"[()]|[^\s()]+")
MARK = '<mark title="not in the other tree">'


@dataclass(frozen=True)
class HtmlNode:
    """A labelled node: its children are nodes and words."""

    label: str
    children: tuple[HtmlNode | str, ...]

    @property
    def preterminal(self) -> bool:
        return all(isinstance(child, str) for child in self.children)

    def words(self) -> list[str]:
        """The words under the node, in order."""
        return [word for child in self.children
                for word in ([child] if isinstance(child, str) else child.words())]


def parse_tree(text: str) -> HtmlNode | None:
    """One bracketed tree (None when the text is not exactly one balanced tree); the
    treebank's unlabelled bracket around a tree, ``( (S ...) )``, is dropped."""
    stack: list[tuple[list[str], list[HtmlNode | str]]] = [([], [])]
    naming = False
    for token in _TOKENS.findall(text):
        if token == "(":
            stack.append(([], []))
            naming = True
        elif token == ")":
            if len(stack) < 2:
                return None
            label, children = stack.pop()
            stack[-1][1].append(HtmlNode("".join(label), tuple(children)))
            naming = False
        elif naming:
            stack[-1][0].append(token)
            naming = False
        else:
            stack[-1][1].append(token)
    top = stack[0][1]
    if len(stack) != 1 or len(top) != 1 or not isinstance(top[0], HtmlNode):
        return None
    root = top[0]
    only = root.children[0] if len(root.children) == 1 else None
    return only if not root.label and isinstance(only, HtmlNode) else root


def _base(label: str) -> str:
    """A label cut at ``-`` or ``=`` (``NP-SBJ`` -> ``NP``; ``-NONE-`` kept)."""
    return re.split(r"(?<=.)[-=]", label, maxsplit=1)[0]


def _brackets(node: HtmlNode, start: int = 0) -> Iterator[tuple[HtmlNode, tuple[str, int, int]]]:
    """Every phrase with its bracket (label, first word, end), in preorder."""
    end = start + len(node.words())
    if not node.preterminal:
        yield node, (_base(node.label), start, end)
    position = start
    for child in node.children:
        if isinstance(child, HtmlNode):
            yield from _brackets(child, position)
            position += len(child.words())
        else:
            position += 1


def unmatched(tree: HtmlNode, other: HtmlNode) -> set[int]:
    """The ``id`` of each phrase of ``tree`` whose bracket ``other`` lacks (each bracket of
    ``other`` matching one phrase, in preorder)."""
    left = Counter(bracket for _, bracket in _brackets(other))
    missing = set()
    for node, bracket in _brackets(tree):
        if left[bracket] > 0:
            left[bracket] -= 1
        else:
            missing.add(id(node))
    return missing


def tree_html(tree: HtmlNode, other: HtmlNode, indent: str = "  ") -> str:
    """``tree`` indented, escaped, its brackets missing from ``other`` in ``<mark>``."""
    marked = unmatched(tree, other)
    return "\n".join(indent * depth + line for depth, line in _lines(tree, marked, 0))


def _lines(node: HtmlNode, marked: set[int], depth: int) -> list[tuple[int, str]]:
    """The node's lines as (depth, html): its leading words and preterminals on its own
    line, then each other child on lines of its own, one deeper."""
    opening = f"({escape(node.label)}"
    if id(node) in marked:
        opening = f"{MARK}{opening}</mark>"
    children = list(node.children)
    lead = 0
    while lead < len(children) and _flat(children[lead]):
        lead += 1
    lines = [(depth, " ".join([opening, *(_flat_html(child) for child in children[:lead])]))]
    for child in children[lead:]:
        if isinstance(child, str):  # a word after a phrase: a line of its own
            lines.append((depth + 1, _flat_html(child)))
        else:
            lines += _lines(child, marked, depth + 1)
    lines[-1] = (lines[-1][0], lines[-1][1] + ")")
    return lines


def _flat(child: HtmlNode | str) -> bool:
    """Whether a child is shown inline: a word or a preterminal."""
    return isinstance(child, str) or child.preterminal


def _flat_html(child: HtmlNode | str) -> str:
    if isinstance(child, str):
        return escape(child)
    words = [escape(str(word)) for word in child.children]
    return f"({' '.join([escape(child.label), *words])})"
