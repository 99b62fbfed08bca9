"""discodop eval's leaf-ancestor score (``--la``, ``LA 1``; Sampson & Babarczy 2003).

Each word has a *path*: the labels of the phrases above it, from the root down
(preterminals are not in it), with boundary marks.  Going down, a word gets

- ``(`` after the label of the highest phrase it begins (its lowest word), ``[`` after
  the label of the highest phrase in which it begins a later component (a discontinuous
  phrase's block of words after a gap), each mark at most once per path;
- ``)`` before the label of the highest phrase it ends (its highest word), ``]`` before
  the label of the highest phrase in which it ends an earlier component, each at most once.

A phrase whose label is a DELETE_LABEL adds nothing (after discodop's transforms only the
root can have one).  A word's score is ``1 - lev(gold path, cand path) / max(1, len(gold
path) + len(cand path))`` (``lev``: Levenshtein distance over the path's items), the
sentence's score the mean of its words' scores, and the summary's ``leaf-ancestor:`` the
mean of the sentences' scores (a macro average), all in discodop's decimal arithmetic.

Which trees discodop passes in (``TreePairResult``): the same transformed trees it takes
brackets from (see :mod:`treeeval.disco.tree_distance`): deleted preterminals gone, words
renumbered, DELETE_LABEL phrases spliced out, with the DELETE_LABEL set itself as
``delete_labels`` (it keeps the root's label out of the paths).  A sentence with no words
left in the gold tree is not scored and discodop appends NaN to the sentence scores, so
the summary prints ``   nan``.  Elsewhere discodop prints the scores as

- the summary: ``'%6.2f' % (100 * mean)`` (``nozerodiv``);
- ``--verbose``, each sentence's line: ``'%6.2f' % (100 * 100 * score)`` (its nozerodiv of
  ``100 * score``: the printed figure is 100 times the percent);
- ``--debug``, per word ``'%15s %8s %8s   %6.3g %40s : %s'`` with the word, the gold and
  candidate tags, :func:`path_score` and both paths, each path printed root last
  (``' '.join(reversed(path))``), words in increasing order; then
  ``'leaf-ancestor score: %6.3g'`` of the sentence's score (both through ``float``).

>>> from treeeval.model.disc_trees import DiscNode as N
>>> gold = N("S", [N("NP", [N("ART", [0]), N("NN", [2])]), N("VVFIN", [1])])
>>> paths = leaf_ancestor_paths(gold, set())
>>> [" ".join(paths[word]) for word in paths]
['S ( ] NP', 'S', ') S NP [']
>>> cand = N("S", [N("ART", [0]), N("VVFIN", [1]), N("NN", [2])])
>>> leaf_ancestor(gold, cand, set())
Decimal('0.777777777777777777777777778')
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from decimal import Decimal

from ..model.disc_trees import DiscNode
from ..model.tree_walks import fold
from .decimals import DISCODOP_DECIMAL, mean
from .phrases import phrase_children


def leaf_ancestor(gold: DiscNode, cand: DiscNode, delete_labels: Collection[str]) -> Decimal:
    """A sentence's leaf-ancestor score: the mean of :func:`path_score` over the gold tree's
    words (the candidate tree must have the same words)."""
    gold_paths = leaf_ancestor_paths(gold, delete_labels)
    cand_paths = leaf_ancestor_paths(cand, delete_labels)
    return mean(_score(levenshtein(cand_paths[word], path), len(path) + len(cand_paths[word]))
                for word, path in gold_paths.items())


def leaf_ancestor_summary(scores: Sequence[Decimal]) -> Decimal:
    """The summary's ``leaf-ancestor:`` as a fraction: the mean of the sentences' scores
    (NaN when there are none, or when one is NaN)."""
    return mean(scores)


def path_score(gold: Sequence[str], cand: Sequence[str]) -> Decimal:
    """One word's score: 1 less the paths' edit distance over their summed length.

    >>> path_score(["(", "S", ")"], ["(", "S", "NP", ")"])
    Decimal('0.8571428571428571428571428571')
    >>> path_score([], [])
    Decimal('1')
    """
    return _score(levenshtein(cand, gold), len(gold) + len(cand))


@functools.cache
def _score(distance: int, length: int) -> Decimal:
    ctx = DISCODOP_DECIMAL
    return ctx.subtract(Decimal(1), ctx.divide(Decimal(distance), Decimal(max(length, 1))))


def levenshtein(first: Sequence[str], second: Sequence[str]) -> int:
    """The edit distance between two sequences: insertions, deletions and substitutions
    of one item cost 1.

    >>> levenshtein("rain", "shine"), levenshtein([], ["NP"])
    (3, 1)
    """
    start, end1, end2 = 0, len(first), len(second)
    while start < end1 and start < end2 and first[start] == second[start]:
        start += 1
    while end1 > start and end2 > start and first[end1 - 1] == second[end2 - 1]:
        end1, end2 = end1 - 1, end2 - 1
    first, second = first[start:end1], second[start:end2]  # the same distance, less work
    previous = list(range(len(second) + 1))
    for row, item in enumerate(first, 1):
        current = [row]
        for column, other in enumerate(second):
            best = previous[column] + (item != other)
            if previous[column + 1] + 1 < best:
                best = previous[column + 1] + 1
            if current[column] + 1 < best:
                best = current[column] + 1
            current.append(best)
        previous = current
    return previous[-1]


def leaf_ancestor_paths(tree: DiscNode, delete_labels: Collection[str]) -> dict[int, list[str]]:
    """Each word's path (labels and boundary marks, root first), words in increasing
    order (discodop's ``leafancestorpaths``)."""
    phrases: list[tuple[DiscNode, frozenset[int]]] = []  # in post-order

    def words(node: DiscNode) -> frozenset[int]:
        return frozenset(child for child in node.children if isinstance(child, int))

    def phrase(node: DiscNode, below: list[frozenset[int]]) -> frozenset[int]:
        found = words(node).union(*below)
        phrases.append((node, found))
        return found

    everything = fold(tree, phrase_children, words, phrase)
    paths: dict[int, list[str]] = {word: [] for word in sorted(everything)}
    for node, found in reversed(phrases):  # each word's ancestors top-down
        if not found or node.label in delete_labels:
            continue
        first, last = min(found), max(found)
        for word in found:
            path = paths[word]
            if word + 1 not in found:
                mark = ")" if word == last else "]"
                if mark not in path:
                    path.append(mark)
            path.append(node.label)
            if word - 1 not in found:
                mark = "(" if word == first else "["
                if mark not in path:
                    path.append(mark)
    return paths

