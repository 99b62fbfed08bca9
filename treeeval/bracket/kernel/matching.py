"""EVALB's bracket matching, vectorised: the multiset intersection of (span, label class).

>>> _merge_ranks(np.array([1, 3, 3, 7]), np.array([0, 3, 4, 9])).tolist()
[0, 1, 3, 4]
"""

from __future__ import annotations

import numpy as np

from ...arrays import BoolArray, IntArray
from .sides import Side


def _span_keys(side: Side, brackets: IntArray, line: IntArray) -> IntArray:
    """(line, start, -end) packed into one int64 per bracket.

    In pre-order the brackets that count are sorted by this key: starts never
    decrease, and brackets sharing a start (with words in them) are nested.
    """
    start, end = side.br_start.take(brackets), side.br_end.take(brackets)
    return (line << 16) | (start << 8) | (255 - end)


def matched_brackets(gold: Side, gb: IntArray, gold_line: IntArray, test: Side, tb: IntArray,
                     test_line: IntArray, labeled: bool) -> BoolArray:
    """For each test bracket ``tb``: matched to a gold bracket (multiset intersection).

    A test bracket is matched when fewer earlier test brackets have its span and label
    than gold brackets do.  Equal spans are adjacent in both (sorted) key arrays, and
    runs of equal spans (unary chains) are short and rare, so both counts take a few
    comparisons.
    """
    gold_span, test_span = _span_keys(gold, gb, gold_line), _span_keys(test, tb, test_line)
    gold_label = gold.labels.take(gb) if labeled else np.zeros(len(gb), dtype=np.int64)
    test_label = test.labels.take(tb) if labeled else np.zeros(len(tb), dtype=np.int64)
    first = _merge_ranks(gold_span, test_span)
    gold_span = np.concatenate([gold_span, [-1, -1]])
    gold_label = np.concatenate([gold_label, [-1, -1]])
    same = gold_span.take(first) == test_span
    in_gold = (same & (gold_label.take(first) == test_label)).astype(np.int64)
    more = (same & (gold_span.take(first + 1) == test_span)).nonzero()[0]
    ahead = 1
    while len(more):
        in_gold[more] += gold_label.take(first[more] + ahead) == test_label[more]
        ahead += 1
        more = more[gold_span.take(first[more] + ahead) == test_span[more]]
    earlier = np.zeros(len(tb), dtype=np.int64)
    more = (test_span[1:] == test_span[:-1]).nonzero()[0] + 1
    back = 1
    while len(more):
        earlier[more] += test_label[more - back] == test_label[more]
        back += 1
        more = more[more >= back]
        more = more[test_span[more - back] == test_span[more]]
    return earlier < in_gold


def _merge_ranks(haystack: IntArray, needles: IntArray) -> IntArray:
    """``np.searchsorted(haystack, needles)`` for sorted needles, by a stable merge.

    >>> _merge_ranks(np.array([1, 3, 3, 7]), np.array([0, 3, 4, 9])).tolist()
    [0, 1, 3, 4]
    """
    order = np.concatenate([needles, haystack]).argsort(kind="stable")
    return (order < len(needles)).nonzero()[0] - np.arange(len(needles))
