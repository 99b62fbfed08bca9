"""EVALB's per-sentence numbers for a whole chunk of sentence pairs at once, in numpy.

This is the fast path of the bracket scorer.  Both files are scanned into columns
(``formats/scan.py``) and every sentence is scored with array operations only: no Python
loop runs per sentence or per token.  A sentence it cannot vouch for falls back (the mask
``fallback``, :mod:`treeeval.fallback`) to the exact per-sentence engine (``reference.py``):
a line outside the strict grammar, every sentence EVALB would report an Error for (a word
mismatch, or a length mismatch the Ellis quote repair might mend), and whatever would
overflow EVALB's fixed arrays (more than 200 words or brackets, a label of 30 bytes or
more, a word of 100 bytes or more, more than 20 quote terms, a line EVALB's ``fgets``
would cut).

The rules computed here (see shared/docs/reference/evalb.md, sections 3-5):

* a terminal is deleted iff its tag is (byte for byte) a DELETE_LABEL; Len counts the
  gold terminals whose tag is not a DELETE_LABEL_FOR_LENGTH, before deletion;
* bracket spans count kept terminals; a bracket spanning none is ignored; a label is
  cut at its first ``-`` or ``=`` and the bracket ignored if the label is, or is
  EQ_LABEL-paired with, a DELETE_LABEL;
* matched = size of the multiset intersection of (start, end, label class) (labels
  dropped when LABELED is 0); crossing = test brackets crossing some gold bracket;
  Tags = kept positions whose tags are equal or EQ_LABEL-paired.

>>> from treeeval.bracket.params import EvalbParams
>>> params = EvalbParams(delete_label=[b"TOP", b"."])
>>> gold = b"(TOP (S (NP (DT The) (NN dog)) (VP (VBZ barks)) (. .)))\\n(TOP (S (NN x)))\\n"
>>> test = b"(TOP (S (NP (DT The) (NN dog) (VBZ barks)) (. .)))\\n(TOP (S (NN x) (NN y)))\\n"
>>> scores = score_chunk(gold, test, params)
>>> rows = scores.counts
>>> rows.matched.tolist(), rows.gold.tolist(), rows.test.tolist(), rows.status.tolist()
([1, 0], [3, 0], [2, 0], [0, 1])
>>> scores.fallback.tolist(), scores.gold_words.tolist(), scores.test_words.tolist()
([False, False], [3, 1], [3, 2])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...columnar.blocks import count_lines
from ..params import EvalbDebug, EvalbParams
from ..totals import EvalbStatus
from .block_cuts import block_pairs
from .block_scorer import ScoredBlock, score_block, scored_block
from .chunk_scores import ChunkBrackets, ChunkScores, SideBrackets
from .label_tables import U64, LabelTables
from .sides import bounds


def score_chunk(gold: bytes, test: bytes, params: EvalbParams) -> ChunkScores:
    """Score line pairs (``gold`` and ``test`` must hold the same number of lines).

    Everything falls back when DEBUG is on or the EQ_LABEL pairs do not form
    equivalence classes.  Raises ValueError when the numbers of lines differ.

    >>> scores = score_chunk(b"(S (NN a) (VB b))\\n\\n", b"(S (NN a) (NN b))\\n\\n", EvalbParams())
    >>> scores.counts.status.tolist(), scores.counts.matched.tolist(), scores.counts.correct.tolist()
    ([0, 2], [1, 0], [1, 0])
    """
    classes = params.label_classes()
    if params.debug >= EvalbDebug.TABLES or classes is None:
        n_lines = count_lines(gold)
        if count_lines(test) != n_lines:
            raise ValueError(f"{n_lines} gold lines but {count_lines(test)} test lines")
        return ChunkScores.zeros(n_lines, True)
    tables = LabelTables(params, classes)
    return _rules_fallback(ChunkScores.concatenate([
        score_block(gold_block, test_block, tables, params.labeled != 0)
        for gold_block, test_block in block_pairs(gold, test)
    ]), params)


def _rules_fallback(scores: ChunkScores, params: EvalbParams) -> ChunkScores:
    """Under evalb_spmrl's rules, the lines the engine scores otherwise than EVALB also
    fall back: a length mismatch (a row, then the error, or two rows; ``--spmrl-fixed``
    scores it as EVALB does, an Error row), and under -X an empty test line (a sentence of
    status 3)."""
    status = scores.counts.status
    if params.rules == "spmrl":
        scores.fallback |= status == EvalbStatus.ERROR
    if params.spmrl and params.unparsed:
        scores.fallback |= status == EvalbStatus.SKIP
    return scores


@dataclass
class ChunkScan:
    """``score_chunk``'s numbers (``scores``) and the scanned blocks behind them, from which
    the brackets are computed when they are asked for (``brackets``)."""

    scores: ChunkScores
    blocks: list[ScoredBlock]
    tables: LabelTables | None

    def brackets(self) -> ChunkBrackets:
        """The numbers, with the gold and test brackets that count on the lines scored."""
        if self.tables is None:
            empty = SideBrackets.concatenate([], [])
            return ChunkBrackets(self.scores, [], empty, empty)
        parts = [block.brackets() for block in self.blocks]
        first_lines = bounds(np.array([block.gold.n_lines for block in self.blocks],
                                      dtype=np.int64))
        sides = [SideBrackets.concatenate([part[k] for part in parts],
                                          first_lines[:-1].tolist()) for k in (0, 1)]
        keys, codes = np.unique(np.concatenate([side.label for side in sides]).astype(U64),
                                return_inverse=True)
        sides[0].label, sides[1].label = codes[:len(sides[0].label)], codes[len(sides[0].label):]
        return ChunkBrackets(self.scores, self.tables.texts(keys), *sides)


def scan_chunk(gold: bytes, test: bytes, params: EvalbParams) -> ChunkScan:
    """``score_chunk``, keeping what the brackets are computed from (``ChunkScan``)."""
    classes = params.label_classes()
    if params.debug >= EvalbDebug.TABLES or classes is None:
        return ChunkScan(score_chunk(gold, test, params), [], None)
    tables = LabelTables(params, classes)
    parts = [scored_block(gold_block, test_block, tables, params.labeled != 0)
             for gold_block, test_block in block_pairs(gold, test)]
    return ChunkScan(_rules_fallback(ChunkScores.concatenate([part[0] for part in parts]),
                                     params), [part[1] for part in parts], tables)


def chunk_brackets(gold: bytes, test: bytes, params: EvalbParams) -> ChunkBrackets:
    """``score_chunk``, with the gold and test brackets that count on the lines it scores.

    >>> chunk = chunk_brackets(b"(S (NP (NN a)) (VP (VB b)))\\n", b"(S (X (NN a) (VB b)))\\n",
    ...                        EvalbParams())
    >>> [chunk.labels[k] for k in chunk.gold.label], chunk.gold.matched.tolist()
    ([b'S', b'NP', b'VP'], [True, False, False])
    >>> chunk.test.end.tolist(), chunk.test.matched.tolist(), chunk.scores.counts.matched.tolist()
    ([2, 2], [True, False], [1])
    """
    return scan_chunk(gold, test, params).brackets()
