"""Spans of characters compared in numpy: the one home of "two words align when their
character spans are equal" (the CoNLL 2018 UD scorer's rule outside multiword tokens),
for ``treeeval ud``'s alignment and ``treeeval bracket --align``.

>>> equal_spans(np.array([0, 3]), np.array([3, 5]), np.array([0, 3]), np.array([3, 5])).tolist()
[0, 1]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

IntArray = NDArray[np.int64]


def equal_spans(gold_start: IntArray, gold_end: IntArray, system_start: IntArray,
                 system_end: IntArray) -> IntArray:
    """For spans with strictly increasing starts: the index of the system span equal to
    each gold span, or -1.

    >>> equal_spans(np.array([0, 2, 5]), np.array([2, 5, 6]), np.array([0, 2, 4]),
    ...             np.array([2, 4, 6])).tolist()
    [0, -1, -1]
    """
    where = np.searchsorted(system_start, gold_start)
    inside = where < len(system_start)
    clipped = np.minimum(where, max(len(system_start) - 1, 0))
    if not len(system_start):
        return np.full(len(gold_start), -1, np.int64)
    same = inside & (system_start[clipped] == gold_start) & (system_end[clipped] == gold_end)
    return np.where(same, clipped, -1)

