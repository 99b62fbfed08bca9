"""The trees of a treebank, sentence by sentence (MaltEval's MaltSentence), with numpy:
depths, cycles, connectedness and projectivity as MaltEval's groupings need them.

>>> s = DependencySentence(list("abc"), ["X"] * 3, [2, 0, 2], ["x"] * 3)
>>> tb = Treebank.from_sentences([s])
>>> arc_depths(tb).tolist(), has_cycle(tb).tolist(), is_projective(tb).tolist()
([1, 0, 1], [False], [True])
"""

from __future__ import annotations

import numpy as np

from ..arrays import BoolArray, IntArray
from ..model.dependencies import DependencySentence  # noqa: F401 (its doctests build sentences)
from ..model.treebank import Treebank


def _climb(tb: Treebank) -> tuple[IntArray, BoolArray]:
    """Each token's depth (root words 0) and whether its head chain reaches the root.

    Heads are followed by pointer doubling; index ``len(tb)`` stands for the root (and for
    an unknown head).
    """
    n = len(tb)
    jump = np.append(np.where(tb.heads > 0, tb.starts + tb.heads - 1, n), n)
    depth = np.append((tb.heads > 0).astype(np.int64), 0)
    longest = int(tb.sizes.max()) if len(tb.sizes) else 0
    for _ in range(max(1, longest).bit_length() + 1):
        depth = depth + depth[jump]
        jump = jump[jump]
    return depth[:n], jump[:n] == n


def arc_depths(tb: Treebank) -> IntArray:
    """Each token's distance from the root (0 for a root word), -1 on a cycle.

    >>> s = DependencySentence(list("abc"), ["X"] * 3, [2, 0, 2], ["x"] * 3)
    >>> arc_depths(Treebank.from_sentences([s])).tolist()
    [1, 0, 1]
    """
    depth, rooted = _climb(tb)
    return np.where(rooted, depth, -1)


def has_cycle(tb: Treebank) -> BoolArray:
    """Per sentence: does a head chain run into a cycle?

    >>> s = DependencySentence(list("ab"), ["X"] * 2, [2, 1], ["x"] * 2)
    >>> has_cycle(Treebank.from_sentences([s])).tolist()
    [True]
    """
    _, rooted = _climb(tb)
    return np.bincount(tb.sentence, weights=~rooted, minlength=len(tb.sizes)) > 0


def is_connected(tb: Treebank) -> BoolArray:
    """Per sentence: at most one root word (MaltEval's isConnected)."""
    return np.bincount(tb.sentence, weights=tb.heads == 0, minlength=len(tb.sizes)) <= 1


def is_projective(tb: Treebank, pairs_per_chunk: int = 1 << 22) -> BoolArray:
    """Per sentence: no two arcs cross, the root's arcs starting left of the first word.

    Two arcs sharing a word never cross, nor do two arcs from the root (MaltEval's
    isProjective, which does not look for cycles).

    >>> s = DependencySentence(list("abcd"), ["X"] * 4, [0, 4, 1, 1], ["x"] * 4)
    >>> t = DependencySentence(list("abc"), ["X"] * 3, [2, 0, 2], ["x"] * 3)
    >>> is_projective(Treebank.from_sentences([s, t])).tolist()
    [False, True]
    """
    result = np.ones(len(tb.sizes), dtype=bool)
    starts = np.cumsum(tb.sizes) - tb.sizes
    head = np.where(tb.heads > 0, tb.heads - 1, -1)  # 0-based, -1 for the root
    word = np.arange(len(tb)) - tb.starts  # 0-based
    left, right = np.minimum(word, head), np.maximum(word, head)
    for size in np.unique(tb.sizes[tb.sizes > 1]).tolist():
        sentences = np.flatnonzero(tb.sizes == size)
        step = max(1, pairs_per_chunk // (size * size))
        for chunk in range(0, len(sentences), step):
            rows = sentences[chunk:chunk + step]
            tokens = starts[rows][:, None] + np.arange(size)
            li, ri, hi = (a[tokens][:, :, None] for a in (left, right, head))
            lj, rj, hj = (a[tokens][:, None, :] for a in (left, right, head))
            index = np.arange(size)
            pair = (index[:, None] < index[None, :]) & (hi != index[None, :]) & (
                hj != index[:, None])
            cross = np.where(li == -1, (lj != -1) & (lj < ri) & (ri < rj),
                             np.where(lj == -1, (li < rj) & (rj < ri),
                                      ((li < lj) & (lj < ri) & (ri < rj))
                                      | ((lj < li) & (li < rj) & (rj < ri))))
            result[rows] = ~np.any(cross & pair, axis=(1, 2))
    return result


def projective_arcs(tb: Treebank) -> BoolArray:
    """Per token: is its arc projective, as MaltEval's ArcProjectivity decides?

    The words between a token and its head must descend from the head, except that for a
    head to the left MaltEval does not look at the word just before the token (an
    off-by-one in MaltEval, reproduced); arcs from the root are projective; every arc of a
    sentence with a cycle is not.

    >>> s = DependencySentence(list("abcd"), ["X"] * 4, [0, 4, 1, 1], ["x"] * 4)
    >>> projective_arcs(Treebank.from_sentences([s])).tolist()
    [True, False, True, True]
    >>> s = DependencySentence(list("abcde"), ["X"] * 5, [0, 1, 5, 1, 1], ["x"] * 5)
    >>> projective_arcs(Treebank.from_sentences([s])).tolist()
    [True, True, False, True, True]
    """
    n = len(tb)
    depth, rooted = _climb(tb)
    cyclic = np.repeat(has_cycle(tb), tb.sizes)
    starts, position, head = tb.starts, tb.positions, tb.heads
    first = np.where(position < head, position + 1, head + 1)
    last = np.where(position < head, head - 1, position - 2)
    checked = (head > 0) & ~cyclic
    lengths = np.where(checked, np.maximum(last - first + 1, 0), 0)
    arcs = np.repeat(np.arange(n), lengths)
    offsets = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    words = starts[arcs] + first[arcs] - 1 + offsets
    ancestor = starts[arcs] + head[arcs] - 1
    # lift each word to its ancestor at the head's depth, by binary lifting
    up = np.append(np.where(head > 0, starts + head - 1, n), n)
    climb = depth[words] - depth[ancestor]
    reached = words.copy()
    for bit in range(max(1, int(climb.max()) if len(climb) else 1).bit_length()):
        lift = ((climb >> bit) & 1).astype(bool)
        reached = np.where(lift, up[reached], reached)
        up = up[up]
    dominated = (climb > 0) & (reached == ancestor) & rooted[words]
    failures = np.bincount(arcs[~dominated], minlength=n)
    return ~cyclic & (failures == 0)
