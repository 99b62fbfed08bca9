"""The bracket scan of one file's block: terminals and brackets as EVALB's reader leaves them.

>>> from treeeval.bracket.params import EvalbParams
>>> params = EvalbParams(delete_label=[b"TOP"])
>>> tables = LabelTables(params, params.label_classes())
>>> gold, test = scan_sides(memoryview(b"(TOP (S (NN a) (VB b)))\\n"),
...                         memoryview(b"(TOP (S (NN a) (NN b)))\\n"), tables)
>>> gold.n_kept.tolist(), gold.n_brackets.tolist(), bounds(np.array([2, 0, 3])).tolist()
([2], [1], [0, 2, 2, 5])
"""

from __future__ import annotations

import numpy as np

from ...arrays import BoolArray, IntArray, WordArray
from ...formats.scan import scan_lines
from .byte_compare import cut_lengths
from .label_tables import DELETED, LABEL_DELETED, NOT_COUNTED, QUOTE, Index, LabelTables


def bounds(counts: IntArray) -> IntArray:
    """Where each line's items start in an array of them, and the end: [0, c0, c0+c1, ...]."""
    bounds = np.zeros(len(counts) + 1, dtype=np.int64)
    counts.cumsum(out=bounds[1:])
    return bounds


def sum_per_line(values: BoolArray, bounds: IntArray) -> IntArray:
    """Number of true ``values`` among each line's items, lines given by ``bounds``."""
    if not values.any():
        return np.zeros(len(bounds) - 1, dtype=np.int64)
    total = np.zeros(len(values) + 1, dtype=np.int32)
    values.cumsum(out=total[1:])
    return (total.take(bounds[1:]) - total.take(bounds[:-1])).astype(np.int64)


# --- one side of a block --------------------------------------------------------------------


class Side:
    """Terminals and brackets of one file's block, as EVALB's reader leaves them.

    ``classify`` completes it once the labels of both sides have small ids.
    """

    def __init__(self, data: memoryview, tables: LabelTables) -> None:
        self.limits = tables.limits
        self.spmrl = tables.spmrl
        s = self.scanned = scan_lines(data)
        self.n_lines = s.n_lines
        lines = np.arange(s.n_lines + 1)
        self.term_bounds = s.term_line.searchsorted(lines)
        self.terms = np.diff(self.term_bounds)
        self.br_bounds = s.br_line.searchsorted(lines)
        self.brackets = np.diff(self.br_bounds)
        self.tag_length = s.term_tag_end - s.term_tag_start
        heads = s.u64_at(s.term_tag_start)
        self.tag_keys = tables.keys(s, s.term_tag_start, heads, self.tag_length)
        #: the tags as they are compared: evalb_spmrl cuts them as it cuts labels
        self.tag_cut_keys = (self._cut_keys(tables, s.term_tag_start, self.tag_length)
                             if tables.spmrl else self.tag_keys)
        self.word_start = s.term_word_start
        self.word_length = s.term_word_end - s.term_word_start
        self.label_length = s.br_label_end - s.br_label_start
        self.label_keys = self._cut_keys(tables, s.br_label_start, self.label_length)

    def _cut_keys(self, tables: LabelTables, starts: IntArray, lengths: IntArray) -> WordArray:
        """Keys of the labels at ``starts`` cut as the rules cut them (``tables.cut``)."""
        s = self.scanned
        heads = s.u64_at(starts)
        cut = cut_lengths(heads, lengths, tables.cut.marks)
        keys = tables.keys(s, starts, heads, np.minimum(cut, 8))
        for k in ((cut > 8) & (lengths <= self.limits.label_bytes)).nonzero()[0].tolist():
            start = int(starts[k])
            keys[k] = tables.key(tables.cut(s.text(start, start + int(lengths[k]))))
        return keys

    def classify(self, index: Index, tag_ids: IntArray, label_ids: IntArray,
                 tag_cut_ids: IntArray) -> None:
        """Deleted terminals, kept spans, label classes, ignored brackets, per-line counts
        (``tag_cut_ids``: the ids of the tags as they are compared)."""
        s = self.scanned
        tag_flags = index.flags.take(tag_ids)
        self.tag_classes = index.label_class.take(tag_cut_ids)
        self.kept = (tag_flags & DELETED) == 0
        kept_before = np.zeros(len(self.kept) + 1, dtype=np.int32)
        self.kept.cumsum(out=kept_before[1:])
        line_kept_before = kept_before.take(self.term_bounds)
        self.n_kept = np.diff(line_kept_before).astype(np.int64)
        not_counted = (tag_flags & NOT_COUNTED) != 0
        self.length = self.terms - sum_per_line(not_counted, self.term_bounds)
        first_term = self.term_bounds[:-1].repeat(self.brackets)
        first_kept = line_kept_before[:-1].repeat(self.brackets)
        self.br_start = kept_before.take(first_term + s.br_start) - first_kept
        self.br_end = kept_before.take(first_term + s.br_end) - first_kept
        self.labels = index.label_class.take(label_ids)
        label_deleted = (index.flags.take(label_ids) & LABEL_DELETED) != 0
        self.ignored = (self.br_start == self.br_end) | label_deleted
        self.n_brackets = self.brackets - sum_per_line(self.ignored, self.br_bounds)
        self.unsafe = self._overflows((tag_flags & QUOTE) != 0)

    def _overflows(self, quote_tag: BoolArray) -> BoolArray:
        """Lines on which EVALB overruns one of its arrays (or that are not ok)."""
        s, limits = self.scanned, self.limits
        too_long = (self.tag_length > limits.label_bytes) | (self.word_length > limits.word_bytes)
        unsafe = ~s.line_ok | (s.line_end - s.line_start > limits.line_bytes)
        unsafe |= (self.n_kept > limits.words) | (self.brackets > limits.brackets)
        unsafe |= sum_per_line(too_long, self.term_bounds) > 0
        unsafe |= sum_per_line(self.label_length > limits.label_bytes, self.br_bounds) > 0
        quote = quote_tag & (self.word_length == 1)
        self.n_quotes = np.zeros(self.n_lines, dtype=np.int64)
        if quote.any():
            word = s.buffer[self.word_start[quote]]
            quote[quote] = (word == ord("'")) | (word == ord('"')) | (word == ord("/"))
            self.n_quotes = sum_per_line(quote, self.term_bounds)
            unsafe |= self.n_quotes > limits.quote_terms
        return unsafe

    def spanning(self) -> IntArray:
        """Per line, the brackets that span a word (counted or not)."""
        return sum_per_line(self.br_start != self.br_end, self.br_bounds)

    def kept_terminals(self, lines: BoolArray) -> IntArray:
        """Indices of the kept terminals of the given lines (a bool mask over lines)."""
        return (self.kept & lines.repeat(self.terms)).nonzero()[0]

    def scored_brackets(self, lines: BoolArray) -> IntArray:
        """Indices of the brackets that count, on the given lines."""
        return np.greater(lines.repeat(self.brackets), self.ignored).nonzero()[0]


def scan_sides(gold_data: memoryview, test_data: memoryview,
           tables: LabelTables) -> tuple[Side, Side]:
    """Both sides of a block, their labels and tags numbered together."""
    gold, test = Side(gold_data, tables), Side(test_data, tables)
    if gold.n_lines != test.n_lines:
        raise ValueError(f"{gold.n_lines} gold lines but {test.n_lines} test lines")
    parts = [gold.tag_keys, test.tag_keys, gold.label_keys, test.label_keys]
    if tables.spmrl:
        parts += [gold.tag_cut_keys, test.tag_cut_keys]
    index = tables.index(parts)
    gold_tags, test_tags, gold_labels, test_labels = index.ids[:4]
    gold_cut, test_cut = index.ids[4:] if tables.spmrl else (gold_tags, test_tags)
    gold.classify(index, gold_tags, gold_labels, gold_cut)
    test.classify(index, test_tags, test_labels, test_cut)
    return gold, test


