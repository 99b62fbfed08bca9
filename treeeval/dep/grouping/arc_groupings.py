"""The built-in groupings by the token's arc: its label (Deprel), length, direction, depth,
projectivity, the number of dependents of the token (BranchingFactor) and its frame.  They
are two-sided: each token has a key in the gold tree and one in the parsed tree.

>>> tb = Treebank.from_sentences([DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["r", "d"])])
>>> [(g.name, g.keys(tb).tolist()) for g in ARC_GROUPINGS if g.name in ("ArcDirection", "Frame")]
[('ArcDirection', ['to_root', 'left']), ('Frame', ['*r* d ', '*d* '])]
"""

from __future__ import annotations

import numpy as np

from ...arrays import IntArray
from ...model.dependencies import DependencySentence  # noqa: F401 (its doctests build sentences)
from ...model.treebank import Treebank
from ..trees import arc_depths, projective_arcs
from .group_table import Categories
from .token_groupings import BuiltinGrouping, column_keys, labelled_keys, number_keys


def _relation_length(tb: Treebank) -> IntArray:
    return np.where(tb.heads == 0, -1, np.abs(tb.heads - tb.positions))


def _grouped_relation_length(tb: Treebank) -> IntArray:
    """1 for lengths 0 (a token that is its own head) and 1, then 2, 3-6, 7-... and
    to_root, as MaltEval groups them."""
    distance = np.abs(tb.heads - tb.positions)
    return np.select([tb.heads == 0, distance >= 7, distance >= 3, distance == 2],
                     [4, 3, 2, 1], 0)


def _arc_direction(tb: Treebank) -> IntArray:
    """left (head before the token), right, to_root or self (the token is its own head)."""
    return np.select([tb.heads == 0, tb.heads == tb.positions, tb.heads < tb.positions],
                     [2, 3, 0], 1)


def _branching_factor(tb: Treebank) -> IntArray:
    """How many dependents each token has."""
    dependents = tb.heads > 0
    return np.bincount(tb.starts[dependents] + tb.heads[dependents] - 1, minlength=len(tb))


def _frame_categories(tb: Treebank) -> Categories:
    """Each token's frame: its dependents' labels and its own (``*label*``) in word order,
    each followed by a space, e.g. ``nsubj *root* dobj punct ``; a token that is its own
    head is one of its dependents and gets no ``*label*``.

    A frame is a sequence of (label, is the token itself); the sequences are numbered one
    item at a time (a prefix's number with the next item), and only one token of each
    distinct frame has its text built.

    >>> s = DependencySentence(["It", "rains", "."], ["X"] * 3, [2, 0, 2], ["nsubj", "root", "p"])
    >>> t = DependencySentence(["Go", "!"], ["X"] * 2, [0, 2], ["root", "p"])
    >>> codes, names = _frame_categories(Treebank.from_sentences([s, t]))
    >>> [names[c] for c in codes]
    ['*nsubj* ', 'nsubj *root* p ', '*p* ', '*root* ', 'p ']
    """
    n = len(tb)
    if n == 0:
        return np.zeros(0, dtype=np.int64), []
    labels = tb.codes["deprel"].astype(np.int64)
    dependents = np.flatnonzero(tb.heads > 0)
    # a token that is its own head is listed once, as its own dependent (MaltEval's getFrame)
    own = np.flatnonzero(tb.heads != tb.positions)
    owner = np.concatenate([own, tb.starts[dependents] + tb.heads[dependents] - 1])
    position = np.concatenate([tb.positions[own], tb.positions[dependents]])
    item = np.concatenate([labels[own] * 2 + 1, labels[dependents] * 2])
    order = np.lexsort((position, owner))
    owner, item = owner[order], item[order]
    length = np.bincount(owner, minlength=n)
    first = np.cumsum(length) - length
    kinds = int(item.max()) + 1
    code = np.zeros(n, dtype=np.int64)
    for k in range(int(length.max())):
        rows = np.flatnonzero(length > k)
        _, numbered = np.unique(code[rows] * kinds + item[first[rows] + k], return_inverse=True)
        code[rows] = numbered.reshape(-1)
    distinct, firsts, codes = np.unique(length * (n + 1) + code, return_index=True,
                                        return_inverse=True)
    strings = tb.vocabulary.strings("deprel")
    names = []
    for token in firsts.tolist():
        items = item[first[token]:first[token] + length[token]].tolist()
        names.append("".join(f"*{strings[i >> 1]}* " if i & 1 else f"{strings[i >> 1]} "
                             for i in items))
    return codes.reshape(-1).astype(np.int64), names



#: the groupings by the token's arc (all two-sided)
ARC_GROUPINGS = [
    BuiltinGrouping("Deprel", True, column_keys("deprel")),
    BuiltinGrouping("RelationLength", True, number_keys(_relation_length), numeric=True),
    BuiltinGrouping("GroupedRelationLength", True, labelled_keys(
        ["1", "2", "3-6", "7-...", "to_root"], _grouped_relation_length)),
    BuiltinGrouping("ArcDirection", True, labelled_keys(["left", "right", "to_root", "self"],
                                                        _arc_direction)),
    BuiltinGrouping("ArcDepth", True, number_keys(lambda tb: arc_depths(tb)), numeric=True),
    BuiltinGrouping("BranchingFactor", True, number_keys(_branching_factor), numeric=True),
    BuiltinGrouping("ArcProjectivity", True, labelled_keys(
        ["Non-proj", "Proj"], lambda tb: projective_arcs(tb).astype(np.int64))),
    BuiltinGrouping("Frame", True, _frame_categories),
]
