"""Each scored sentence's counts, kept while ``treeeval disco`` streams through the files:
what the significance tests resample and the figures bin (``--stat``, ``--plot``).

A row is a handful of numbers per sentence (never its brackets), appended to compact
growing columns of float64, so memory grows by 168 bytes a sentence (21 columns) and
stays flat in everything else.  ``gold`` is the sentence's position in the gold file (from
0), by which systems are paired (the parses decide which gold sentences are scored).

>>> from treeeval.formats.discbracket import parse_discbracket
>>> from treeeval.disco.params import DiscoParams
>>> from treeeval.disco.pairs import compare
>>> gold = parse_discbracket("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))", 1)
>>> parse = parse_discbracket("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X (Y 2=c)))", 1)
>>> rows = SentenceRows()
>>> rows.add(4, compare("1", gold, parse, DiscoParams()), counted=True)
>>> {name: rows.column(name).tolist()[0] for name in ("gold", "matched", "cand", "disc_matched",
...                                                  "pos_correct", "exact")}
{'gold': 4.0, 'matched': 2.0, 'cand': 3.0, 'disc_matched': 1.0, 'pos_correct': 3.0, 'exact': 0.0}
>>> rows.paired("matched", 6).tolist()
[0.0, 0.0, 0.0, 0.0, 2.0, 0.0]
"""

from __future__ import annotations

from array import array

import numpy as np

from ..arrays import FloatArray
from .pairs import PairResult
from .totals import discontinuous, shared_count

#: the columns of a row: the gold sentence's position, 1 (the sentence was scored), its length (discodop's, after
#: DELETE_LABEL_FOR_LENGTH), then each score's counts; ``counted``: the sentence counts
#: for exact match (under --disconly only a sentence with a bracket does); ``la``: the
#: leaf-ancestor score (NaN for a sentence without words); ``ted``: the tree distance and
#: its Dice denominator
COLUMNS = ("gold", "scored", "length", "matched", "gold_brackets", "cand", "disc_matched", "disc_gold",
           "disc_cand", "counted", "exact", "pos_correct", "pos_total", "func_matched",
           "func_gold", "func_cand", "la", "ted_distance", "ted_denominator", "dep_correct",
           "dep_total")


class SentenceRows:
    """The rows of one run's scored sentences, in the parses' order."""

    def __init__(self) -> None:
        self._columns = {name: array("d") for name in COLUMNS}

    def __len__(self) -> int:
        return len(self._columns["gold"])

    def add(self, gold: int, pair: PairResult, counted: bool) -> None:
        """The row of ``pair``, gold sentence number ``gold``."""
        gold_disc, cand_disc = (discontinuous(pair.gold_brackets),
                                discontinuous(pair.cand_brackets))
        values = (
            gold, 1, pair.length, shared_count(pair.gold_brackets, pair.cand_brackets),
            sum(pair.gold_brackets.values()), sum(pair.cand_brackets.values()),
            shared_count(gold_disc, cand_disc), sum(gold_disc.values()),
            sum(cand_disc.values()), counted,
            counted and pair.gold_brackets == pair.cand_brackets,
            sum(1 for g, c in zip(pair.gold_pos, pair.cand_pos) if g == c), len(pair.gold_pos),
            shared_count(pair.gold_functions, pair.cand_functions),
            sum(pair.gold_functions.values()), sum(pair.cand_functions.values()),
            float(pair.leaf_ancestor), float(pair.tree_distance),
            float(pair.distance_denominator),
            sum(1 for g, c in zip(pair.gold_deps, pair.cand_deps) if g == c),
            len(pair.gold_deps))
        for column, value in zip(self._columns.values(), values):
            column.append(float(value))

    def column(self, name: str) -> FloatArray:
        """A column, one value per scored sentence (a copy)."""
        return np.array(self._columns[name], dtype=np.float64)

    def paired(self, name: str, sentences: int, upto: int | None = None) -> FloatArray:
        """A column by gold sentence: ``sentences`` values, 0 for a gold sentence this run
        did not score (and, with ``upto``, for one longer than ``upto`` words); NaN is
        left as it is."""
        values = self.column(name)
        if upto is not None:
            values[self.column("length") > upto] = 0.0
        out = np.zeros(sentences)
        out[self.column("gold").astype(np.int64)] = values
        return out
