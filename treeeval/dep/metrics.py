"""MaltEval's Metric values, computed with numpy over whole corpora.

A Metric turns each token into a hit (True) or a miss by comparing the parser's HEAD and
DEPREL with the gold ones.  Everything is computed on flat arrays: one entry per token, in
file order.

>>> gold = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 2], ["nsubj", "root", "punct"])])
>>> parsed = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 1], ["dobj", "root", "punct"])])
>>> token_hits("LAS", gold, parsed).tolist(), token_hits("UAS", gold, parsed).tolist()
([False, True, False], [True, True, False])
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..arrays import BoolArray, IntArray
from ..model.dependencies import DependencySentence  # noqa: F401 (its doctests build sentences)
from ..model.treebank import Treebank
from .refusals import ValueRefused


def _direction(tb: Treebank) -> IntArray:
    """ArcDirection's keys as numbers: -1 left, 1 right, 2 to_root, 0 self (the token is its
    own head)."""
    return np.where(tb.heads == 0, 2, np.sign(tb.heads - tb.positions))


def _distance(tb: Treebank) -> IntArray:
    """MaltEval's head-to-child distance: -1 for a root, else |head - position| (0 for a
    token that is its own head)."""
    return np.where(tb.heads == 0, -1, np.abs(tb.heads - tb.positions))


def _grouped_distance(tb: Treebank) -> IntArray:
    """The distance in MaltEval's groups, as numbers: -1 (to_root), 1 (0 or 1), 2, 3 (3-6)
    and 7 (7-...)."""
    distance = _distance(tb)
    return np.select([distance < 0, distance >= 7, distance >= 3, distance <= 1],
                     [-1, 7, 3, 1], distance)


def _heads(g: Treebank, p: Treebank) -> BoolArray:
    return g.heads == p.heads


def _labels(g: Treebank, p: Treebank) -> BoolArray:
    return g.equal("deprel", p)


#: MaltEval's Metric values: (gold, parsed) -> one hit per token
METRICS: dict[str, Callable[[Treebank, Treebank], BoolArray]] = {
    "LAS": lambda g, p: _heads(g, p) & _labels(g, p),
    "UAS": _heads,
    "LA": _labels,
    "AnyRight": lambda g, p: _heads(g, p) | _labels(g, p),
    "AnyWrong": lambda g, p: ~(_heads(g, p) & _labels(g, p)),
    "BothWrong": lambda g, p: ~_heads(g, p) & ~_labels(g, p),
    "HeadWrong": lambda g, p: ~_heads(g, p),
    "LabelWrong": lambda g, p: ~_labels(g, p),
    "DirectionRight": lambda g, p: _direction(g) == _direction(p),
    "HeadToChildDistanceRight": lambda g, p: _distance(g) == _distance(p),
    "GroupedHeadToChildDistanceRight": lambda g, p: _grouped_distance(g) == _grouped_distance(p),
}
METRICS["BothRight"] = METRICS["LAS"]
METRICS["HeadRight"] = METRICS["UAS"]
METRICS["LabelRight"] = METRICS["LA"]


def token_hits(metric: str, gold: Treebank, parsed: Treebank) -> BoolArray:
    """One boolean per token: does the parsed token count as a hit under ``metric``?

    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [2, 1], ["r", "x"])])
    >>> token_hits("BothWrong", g, p).tolist(), token_hits("DirectionRight", g, p).tolist()
    ([False, False], [False, True])
    """
    try:
        compute = METRICS[metric]
    except KeyError:
        raise ValueRefused("Metric", f"unknown or unsupported Metric {metric!r} "
                                     f"(supported: {', '.join(METRICS)})", metric) from None
    return np.asarray(compute(gold, parsed), dtype=bool)


def mcnemar_z(first: BoolArray, second: BoolArray) -> float:
    """MaltEval's McNemar statistic of two parsers' per-token hits: (|b - c| - 1) / sqrt(b + c).

    b counts tokens only the first parser gets right, c those only the second gets right
    (:func:`treeeval.stats.mcnemar_z` of the two counts); the value has no sign, and is NaN
    when the parsers never disagree.

    >>> mcnemar_z(np.array([1, 1, 1, 1, 0], bool), np.array([0, 0, 0, 1, 1], bool))
    0.5
    """
    from ..stats.significance import mcnemar_z as z_of_counts  # treeeval.stats imports this

    return z_of_counts(int(np.count_nonzero(first & ~second)),
                       int(np.count_nonzero(~first & second)))
