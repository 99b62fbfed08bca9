"""The block scorer: EVALB's per-line numbers for a block of line pairs, in numpy.

>>> from treeeval.bracket.params import EvalbParams
>>> params = EvalbParams()
>>> tables = LabelTables(params, params.label_classes())
>>> scores = score_block(memoryview(b"(S (NN a) (VB b))\\n"), memoryview(b"(S (NN a) (NN b))\\n"),
...                      tables, True)
>>> scores.counts.matched.tolist(), scores.counts.correct.tolist()
([1], [1])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...arrays import BoolArray, IntArray
from ..totals import EvalbStatus
from .byte_compare import same_bytes
from .chunk_scores import ChunkScores, SideBrackets
from .crossing import crossing_mask, crossing_per_line
from .label_tables import LabelTables
from .matching import matched_brackets
from .sides import Side, bounds, scan_sides, sum_per_line


def score_block(gold_data: memoryview, test_data: memoryview, tables: LabelTables,
                 labeled: bool) -> ChunkScores:
    return score_sides(*scan_sides(gold_data, test_data, tables), labeled)[0]


@dataclass
class _Matching:
    """The brackets that count on the scored lines (``gb``, ``tb``, in reading order), their
    lines, and which test brackets are matched."""

    scored: BoolArray
    gb: IntArray
    gold_line: IntArray
    tb: IntArray
    test_line: IntArray
    matched: BoolArray


def score_sides(gold: Side, test: Side, labeled: bool) -> tuple[ChunkScores, _Matching]:
    scores = ChunkScores.zeros(gold.n_lines, False)
    rows = scores.counts
    rows.length[:] = gold.length
    safe = ~(gold.unsafe | test.unsafe)
    skip = safe & (test.n_kept == 0)
    rows.status[skip] = EvalbStatus.SKIP
    scores.gold_words[:], scores.test_words[:] = gold.n_kept, test.n_kept
    unequal = safe & ~skip & (gold.n_kept != test.n_kept)
    length_error = unequal & ((gold.n_quotes == 0) | (test.n_quotes == 0))
    rows.status[length_error] = EvalbStatus.ERROR
    scored = safe & ~skip & ~unequal

    g, t = gold.kept_terminals(scored), test.kept_terminals(scored)
    word_bounds = bounds(np.where(scored, gold.n_kept, 0))
    length = gold.word_length.take(g)
    same = length == test.word_length.take(t)
    check = same.nonzero()[0]
    same[check] = same_bytes(gold.scanned, gold.word_start[g[check]], test.scanned,
                              test.word_start[t[check]], length[check])
    scores.words_differ[:] = scored & (sum_per_line(~same, word_bounds) > 0)
    scored &= ~scores.words_differ
    scores.fallback[:] = ~(scored | skip | length_error)

    right_tag = gold.tag_classes.take(g) == test.tag_classes.take(t)
    rows.correct[scored] = sum_per_line(right_tag, word_bounds)[scored]
    rows.words[scored] = gold.n_kept[scored]
    rows.gold[scored] = gold.n_brackets[scored]
    rows.test[scored] = test.n_brackets[scored]
    gb, tb = gold.scored_brackets(scored), test.scored_brackets(scored)
    gold_counts = np.where(scored, gold.n_brackets, 0)
    test_counts = np.where(scored, test.n_brackets, 0)
    gold_line = np.arange(gold.n_lines).repeat(gold_counts)
    test_line = np.arange(test.n_lines).repeat(test_counts)
    matched = matched_brackets(gold, gb, gold_line, test, tb, test_line, labeled)
    rows.matched[scored] = sum_per_line(matched, bounds(test_counts))[scored]
    loose = (~matched).nonzero()[0]
    crossing = crossing_per_line(gold, gb, gold_line, test, tb[loose], test_line[loose], scored)
    rows.crossing[scored] = crossing[scored]
    if gold.spmrl:
        scores.massaged[:] = scored & ((gold.spanning() + test.spanning()) > 0)
    return scores, _Matching(scored, gb, gold_line, tb, test_line, matched)


@dataclass
class ScoredBlock:
    """A block scored by ``score_sides``: its scan and matching, from which both sides'
    brackets are computed when they are asked for (``brackets``)."""

    gold: Side
    test: Side
    matching: _Matching
    labeled: bool

    def brackets(self) -> tuple[SideBrackets, SideBrackets]:
        """Both sides' brackets (labels as keys) on the scored lines."""
        gold, test, m, labeled = self.gold, self.test, self.matching, self.labeled
        gold_matched = matched_brackets(test, m.tb, m.test_line, gold, m.gb, m.gold_line,
                                        labeled)
        sides = []
        for side, brackets, line, matched, other, others, other_line in (
                (gold, m.gb, m.gold_line, gold_matched, test, m.tb, m.test_line),
                (test, m.tb, m.test_line, m.matched, gold, m.gb, m.gold_line)):
            # a matched bracket has the span of one of the other side's nested brackets
            loose = (~matched).nonzero()[0]
            crossing = np.zeros(len(brackets), dtype=bool)
            crossing[loose] = crossing_mask(other, others, other_line, side, brackets[loose],
                                            line[loose], m.scored)
            sides.append(SideBrackets(
                line, brackets - side.br_bounds.take(line),
                side.label_keys.take(brackets).view(np.int64),
                side.br_start.take(brackets).astype(np.int64),
                side.br_end.take(brackets).astype(np.int64), matched, crossing))
        return sides[0], sides[1]


def scored_block(gold_data: memoryview, test_data: memoryview, tables: LabelTables,
                 labeled: bool) -> tuple[ChunkScores, ScoredBlock]:
    """``score_block``, keeping what the block's brackets are computed from."""
    gold, test = scan_sides(gold_data, test_data, tables)
    scores, matching = score_sides(gold, test, labeled)
    return scores, ScoredBlock(gold, test, matching, labeled)
