"""What the fast path returns: EVALB's numbers per line, and the brackets behind them.

>>> ChunkScores.zeros(2, True).fallback.tolist()
[True, True]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...arrays import BoolArray, IntArray
from ..counts import SentenceCounts


@dataclass
class ChunkScores:
    """EVALB's numbers per line, and which lines fall back to the exact engine.

    ``counts.line`` numbers the lines of the chunk from 0.  A line with status ERROR that
    does not fall back is EVALB's "Length unmatch (gold_words|test_words)": no quote repair
    can mend it.
    """

    counts: SentenceCounts
    fallback: BoolArray
    #: kept terminals on each side
    gold_words: IntArray
    test_words: IntArray
    #: lines (falling back) whose words differ, none of EVALB's readings or repairs in
    #: the way: without EQ_WORD pairs, EVALB's "Words unmatch"
    words_differ: BoolArray
    #: the scored lines with a bracket that spans a word (evalb_spmrl's engine cuts its
    #: DELETE_LABEL entries the first time it massages one: ``SpmrlEngine``); all False
    #: under EVALB's rules
    massaged: BoolArray

    @classmethod
    def zeros(cls, n_lines: int, fallback: bool) -> ChunkScores:
        counts = SentenceCounts(np.arange(n_lines), *(np.zeros(n_lines, dtype=np.int64) for _ in range(8)))
        gold_words, test_words = (np.zeros(n_lines, dtype=np.int64) for _ in range(2))
        return cls(counts, np.full(n_lines, fallback), gold_words, test_words,
                   np.zeros(n_lines, dtype=bool), np.zeros(n_lines, dtype=bool))

    @classmethod
    def concatenate(cls, parts: list[ChunkScores]) -> ChunkScores:
        if not parts:
            return cls.zeros(0, False)
        counts = SentenceCounts.concatenate([part.counts for part in parts])
        counts.line = np.arange(len(counts))
        return cls(counts, *(np.concatenate([getattr(p, name) for p in parts])
                             for name in ("fallback", "gold_words", "test_words",
                                          "words_differ", "massaged")))


@dataclass
class SideBrackets:
    """The brackets that count on one side of the lines a chunk scored, in reading order.

    ``start``/``end`` are EVALB's span (kept words, ``end`` exclusive); ``label`` indexes
    ``ChunkBrackets.labels``; ``matched`` as EVALB's multiset matching leaves it (the first
    brackets of a span and label class, in reading order, up to the other side's number);
    ``crossing``: the bracket crosses a counted bracket of the other side.
    """

    line: IntArray
    #: the bracket's number among all brackets of its line, in reading order (from 0)
    position: IntArray
    label: IntArray
    start: IntArray
    end: IntArray
    matched: BoolArray
    crossing: BoolArray

    @classmethod
    def concatenate(cls, parts: list[SideBrackets], first_lines: list[int]) -> SideBrackets:
        """Parts of consecutive blocks; ``first_lines``: each part's first line."""
        names = [name for name in cls.__dataclass_fields__ if name != "line"]
        lines = [part.line + first for part, first in zip(parts, first_lines)]
        return cls(np.concatenate(lines) if lines else np.zeros(0, dtype=np.int64),
                   *(np.concatenate([getattr(part, name) for part in parts]) if parts
                     else np.zeros(0, dtype=bool if name in ("matched", "crossing") else np.int64)
                     for name in names))


@dataclass
class ChunkBrackets:
    """``score_chunk``'s numbers and the brackets behind them, on the lines that do not
    fall back; ``labels`` are the bracket labels cut at their first ``-`` or ``=``."""

    scores: ChunkScores
    labels: list[bytes]
    gold: SideBrackets
    test: SideBrackets
