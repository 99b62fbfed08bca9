"""Random small corpora of PTB-like trees for the streaming metrics' property tests
(tests/unit/metrics/test_metrics_lin.py and test_metrics_errorclasses.py), and helpers that
feed the same sentences to a metric in every way it can be fed.

A gold tree is ``(ROOT (S ...))``-shaped: phrases with PTB labels over preterminals with PTB
tags, now and then a ``-NONE-`` element or punctuation.  A predicted tree is the gold tree
after a few of the errors parsers make, each keeping the words and their order: a bracket
relabelled, dropped (its children go to its parent), added over adjacent children, or a child
moved out of its parent's edge to the grandparent, or down into its neighbour.

>>> tree = ("ROOT", [("S", [("NP", [("NN", "rain")]), ("VP", [("VBD", "fell")])])])
>>> line(tree)
'(ROOT (S (NP (NN rain)) (VP (VBD fell))))'
>>> words_and_spans(tree)
([('rain', 'NN'), ('fell', 'VBD')], [('ROOT', 0, 2), ('S', 0, 2), ('NP', 0, 1), ('VP', 1, 2)])
>>> splits(5, [3, 1])
[(0, 3), (3, 4), (4, 5)]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import hypothesis.strategies as st
from nltk import Tree

#: a preterminal is (tag, word), a phrase (label, [children])
Node = tuple[str, Any]

PHRASES = ("NP", "VP", "PP", "S", "SBAR", "ADJP", "ADVP", "QP", "UCP", "PRN")
TAGS = ("NN", "NNS", "NNP", "DT", "JJ", "IN", "VBD", "VBZ", "VB", "RB", "CC", "PRP", "CD", "TO")
PUNCTUATION = ((",", ","), (".", "."), ("``", "``"))
WORDS = ("the", "man", "saw", "a", "dog", "with", "and", "in", "park", "it", "ran", "old", "very",
         "two", "to", "Kim")


def line(node: Node) -> str:
    """A tree as one bracketed line."""
    label, children = node
    if isinstance(children, str):
        return f"({label} {children})"
    return f"({label} {' '.join(line(child) for child in children)})"


def words_and_spans(node: Node) -> tuple[list[tuple[str, str]], list[tuple[str, int, int]]]:
    """A tree as ``(words, spans)``, the spans in pre-order (an outer one first)."""
    words: list[tuple[str, str]] = []
    spans: list[tuple[str, int, int]] = []

    def walk(node: Node) -> None:
        label, children = node
        if isinstance(children, str):
            words.append((children, label))
            return
        place = len(spans)
        spans.append((label, len(words), 0))
        for child in children:
            walk(child)
        spans[place] = (label, spans[place][1], len(words))

    walk(node)
    return words, spans


@st.composite
def preterminal(draw: st.DrawFn) -> Node:
    kind = draw(st.integers(0, 11))
    if kind == 0:
        return ("-NONE-", "*T*-1")
    if kind == 1:
        return draw(st.sampled_from(PUNCTUATION))
    return (draw(st.sampled_from(TAGS)), draw(st.sampled_from(WORDS)))


@st.composite
def phrase(draw: st.DrawFn, depth: int = 3) -> Node:
    """A phrase with at least one word that is not ``-NONE-``."""
    count = draw(st.integers(1, 3))
    children = [draw(phrase(depth - 1)) if depth and draw(st.booleans()) else draw(preterminal())
                for _ in range(count)]
    if all(child == ("-NONE-", "*T*-1") for child in children):
        children.append((draw(st.sampled_from(TAGS)), draw(st.sampled_from(WORDS))))
    return (draw(st.sampled_from(PHRASES)), children)


@st.composite
def gold_tree(draw: st.DrawFn) -> Node:
    """A ``(ROOT (S ...))`` tree of a few words."""
    return ("ROOT", [("S", draw(phrase())[1])])


def _phrases(node: Node, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """The paths (child indexes from the root) of every phrase, pre-order."""
    label, children = node
    if isinstance(children, str):
        return []
    found = [path]
    for index, child in enumerate(children):
        found += _phrases(child, path + (index,))
    return found


def _at(node: Node, path: tuple[int, ...]) -> Node:
    for index in path:
        node = node[1][index]
    return node


def _replaced(node: Node, path: tuple[int, ...], new: Node) -> Node:
    if not path:
        return new
    label, children = node
    children = list(children)
    children[path[0]] = _replaced(children[path[0]], path[1:], new)
    return (label, children)


def perturb(draw: st.DrawFn, tree: Node) -> Node:
    """One parser-like error in ``tree`` (the words and their order kept); the tree as it
    was when the drawn error does not apply there.  The root and its child stay."""
    inner = [path for path in _phrases(tree) if len(path) >= 2]
    if not inner:
        return tree
    path = draw(st.sampled_from(inner))
    label, children = _at(tree, path)
    error = draw(st.sampled_from(("relabel", "drop", "add", "move up", "move down")))
    if error == "relabel":
        return _replaced(tree, path, (draw(st.sampled_from(PHRASES)), children))
    parent_path, place = path[:-1], path[-1]
    parent = _at(tree, parent_path)
    if error == "drop":
        siblings = list(parent[1])
        siblings[place:place + 1] = children
        return _replaced(tree, parent_path, (parent[0], siblings))
    if error == "add" and len(children) >= 3:
        start = draw(st.integers(0, len(children) - 2))
        end = draw(st.integers(start + 2, len(children)))
        if end - start < len(children):
            wrapped = (draw(st.sampled_from(PHRASES)), list(children[start:end]))
            return _replaced(tree, path, (label, [*children[:start], wrapped, *children[end:]]))
    if error == "move up" and len(children) >= 2:
        last = draw(st.booleans())
        child = children[-1 if last else 0]
        rest = list(children[:-1] if last else children[1:])
        siblings = list(parent[1])
        siblings[place:place + 1] = [(label, rest), child] if last else [child, (label, rest)]
        return _replaced(tree, parent_path, (parent[0], siblings))
    if error == "move down" and len(children) >= 2:
        index = draw(st.integers(0, len(children) - 2))
        left, right = children[index], children[index + 1]
        if not isinstance(right[1], str):  # the left child becomes the right one's first
            merged = (right[0], [left, *right[1]])
            return _replaced(tree, path, (label, [*children[:index], merged, *children[index + 2:]]))
        if not isinstance(left[1], str):  # the right child becomes the left one's last
            merged = (left[0], [*left[1], right])
            return _replaced(tree, path, (label, [*children[:index], merged, *children[index + 2:]]))
    return tree


@st.composite
def tree_pair(draw: st.DrawFn) -> tuple[Node, Node]:
    """A gold tree and its prediction: the same tree now and then, else 1-3 errors in it."""
    gold = draw(gold_tree())
    predicted = gold
    for _ in range(draw(st.integers(0, 3))):
        predicted = perturb(draw, predicted)
    return gold, predicted


@st.composite
def corpus(draw: st.DrawFn, max_size: int = 8) -> tuple[list[Node], list[Node]]:
    """A small corpus: its gold trees and the predicted ones."""
    pairs = draw(st.lists(tree_pair(), min_size=1, max_size=max_size))
    return [gold for gold, _ in pairs], [predicted for _, predicted in pairs]


def splits(count: int, sizes: Sequence[int]) -> list[tuple[int, int]]:
    """``range(count)`` cut into slices of ``sizes`` (what is left: one last slice).

    >>> splits(3, [5])
    [(0, 3)]
    """
    cuts, start = [], 0
    for size in sizes:
        if start >= count:
            break
        cuts.append((start, min(count, start + size)))
        start = cuts[-1][1]
    if start < count:
        cuts.append((start, count))
    return cuts


def fed(make: Callable[[], Any], gold: Sequence[Any], predicted: Sequence[Any], how: str,
        sizes: Sequence[int] = ()) -> Any:
    """A metric made by ``make`` fed ``gold`` and ``predicted``: ``one`` sentence at a time,
    in ``batches`` of ``sizes``, or in ``workers`` of ``sizes`` (each its own metric, their
    states through JSON merged in order into a fresh metric); the metric."""
    metric = make()
    if how == "one":
        for gold_item, predicted_item in zip(gold, predicted):
            metric.update(gold_item, predicted_item)
    elif how == "batches":
        for start, end in splits(len(gold), sizes):
            metric.update(list(gold[start:end]), list(predicted[start:end]))
    else:
        for start, end in splits(len(gold), sizes):
            worker = make()
            worker.update(list(gold[start:end]), list(predicted[start:end]))
            metric.merge(json.loads(json.dumps(worker.state())))
    return metric


#: how many sentences each batch or worker gets
SIZES = st.lists(st.integers(1, 4), max_size=4)
#: every form a tree metric takes (treeeval.formats.sentences), from a generated tree
FORMS: dict[str, Callable[[Node], Any]] = {
    "str": line, "bytes": lambda tree: line(tree).encode(),
    "nltk": lambda tree: Tree.fromstring(line(tree)), "spans": words_and_spans}


def form_results(make: Callable[[], Any], gold: Sequence[Node], predicted: Sequence[Node],
                 mixed: Sequence[str]) -> Iterator[tuple[Any, Any]]:
    """(result, expected) pairs: a metric made by ``make`` fed every form of :data:`FORMS`
    on both sides, one sentence at a time, then a batch of form ``mixed[0]`` against one of
    ``mixed[1]``; ``expected`` is the result of the trees fed as strings."""
    expected = make()
    expected.update([line(tree) for tree in gold], [line(tree) for tree in predicted])
    for form in sorted(FORMS):
        metric = make()
        for gold_tree, predicted_tree in zip(gold, predicted):
            metric.update(FORMS[form](gold_tree), FORMS[form](predicted_tree))
        yield metric.compute(), expected.compute()
    metric = make()
    metric.update([FORMS[mixed[0]](tree) for tree in gold], [FORMS[mixed[1]](tree) for tree in predicted])
    yield metric.compute(), expected.compute()
