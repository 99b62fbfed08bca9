"""Per-sentence counts of one system under one metric, the input of every significance test.

A corpus-level score is a ratio of sums, not a mean of sentence scores: LAS is the number of
correct tokens over the number of tokens, summed over all sentences; a bracket F-score is
2 x matched / (gold + test), summed likewise.  So a test that resamples sentences only needs
each sentence's counts, and one representation serves every metric and every scorer:

* a **ratio** (accuracy, precision, recall, exact match, ...): ``numerator / denominator``;
* an **F1** (evalb brackets, CoNLL 2018 LAS-F1, ...): ``2 x numerator / (denominator +
  second_denominator)``, with ``numerator`` the matched items and the denominators the gold
  and the system items;
* a **total** (a count such as Lin's error count): ``numerator`` summed, the denominator
  only carried along (``summed``).

Scores are multiplied by ``scale`` (100 by default, so they read as percentages).  A sum
with a zero denominator scores 0, as the CoNLL 2018 scorer does.

>>> las = SentenceScores.ratio([3, 5, 0], [4, 5, 2])
>>> len(las), las.score()
(3, 72.72727272727273)
>>> SentenceScores.f1(matched=[5, 1], gold=[6, 2], system=[5, 3]).score()
75.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from ..arrays import BoolArray, FloatArray


def _column(values: ArrayLike, name: str) -> FloatArray:
    column = np.asarray(values, dtype=np.float64)
    if column.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of per-sentence counts, "
                         f"not of shape {column.shape}")
    if not np.all(np.isfinite(column)):
        raise ValueError(f"{name} holds a value that is not finite")
    return column


@dataclass(frozen=True, eq=False, init=False)
class SentenceScores:
    """One system's per-sentence counts under one metric (``len()`` is the sentence count).

    The counts, given as any numbers, are kept as float64 columns.  ``hits``, when present,
    holds the system's per-token 0/1 outcomes (in corpus order, kept as booleans); only
    McNemar's test needs it, and ``from_token_hits`` fills it.

    >>> s = SentenceScores.ratio([1, 2], [2, 2], scale=1.0)
    >>> s.columns().tolist(), s.score()
    ([[1.0, 2.0], [2.0, 2.0]], 0.75)
    """

    numerator: FloatArray
    denominator: FloatArray
    second_denominator: FloatArray | None = None
    hits: BoolArray | None = field(default=None, repr=False)
    scale: float = 100.0
    #: a total: the score is the numerator's sum times ``scale`` (see :meth:`total`)
    summed: bool = False

    def __init__(self, numerator: ArrayLike, denominator: ArrayLike,
                 second_denominator: ArrayLike | None = None, hits: ArrayLike | None = None,
                 scale: float = 100.0, summed: bool = False) -> None:
        columns = [_column(numerator, "numerator"), _column(denominator, "denominator")]
        if second_denominator is not None:
            columns.append(_column(second_denominator, "second_denominator"))
        if len({len(c) for c in columns}) != 1:
            raise ValueError("numerator and denominators must have one entry per sentence "
                             f"(lengths {[len(c) for c in columns]})")
        object.__setattr__(self, "numerator", columns[0])
        object.__setattr__(self, "denominator", columns[1])
        object.__setattr__(self, "second_denominator",
                           columns[2] if second_denominator is not None else None)
        object.__setattr__(self, "hits",
                           None if hits is None else np.asarray(hits, dtype=bool).ravel())
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "summed", summed)

    @classmethod
    def ratio(cls, numerator: ArrayLike, denominator: ArrayLike,
              scale: float = 100.0) -> SentenceScores:
        """Counts for a ratio metric: sum(numerator) / sum(denominator) x scale.

        >>> SentenceScores.ratio([2, 0], [4, 0]).score()
        50.0
        """
        return cls(np.asarray(numerator), np.asarray(denominator), scale=scale)

    @classmethod
    def f1(cls, matched: ArrayLike, gold: ArrayLike, system: ArrayLike,
           scale: float = 100.0) -> SentenceScores:
        """Counts for an F1 metric: 2 x sum(matched) / (sum(gold) + sum(system)) x scale.

        This is the harmonic mean of precision and recall computed on the summed counts.

        >>> round(SentenceScores.f1([8], [10], [9]).score(), 4)
        84.2105
        """
        return cls(np.asarray(matched), np.asarray(gold), np.asarray(system), scale=scale)

    @classmethod
    def total(cls, counts: ArrayLike, hits: ArrayLike | None = None) -> SentenceScores:
        """Counts for a total: sum(counts), a whole count (scale 1), such as the number of
        words with a wrong head (Lin 1995; lower is better).  ``hits``, the per-token 0/1
        outcomes (a word right), serve McNemar's test.

        >>> errors = SentenceScores.total([2, 0, 3])
        >>> errors.score(), errors.score_of_sums(np.array([[4.0, 3.0]])).tolist()
        (5.0, [4.0])
        """
        column = np.asarray(counts)
        return cls(column, np.ones(len(column)), hits=hits, scale=1.0, summed=True)

    @classmethod
    def from_token_hits(cls, hits: ArrayLike, sentence: ArrayLike,
                        sentences: int | None = None) -> SentenceScores:
        """Accuracy counts from per-token hits and each token's sentence index.

        ``sentence[i]`` is the 0-based sentence of token i (``Treebank.sentence``);
        ``sentences`` is the number of sentences, for trailing sentences without tokens.
        The hits are kept for McNemar's test.

        >>> s = SentenceScores.from_token_hits([1, 0, 1, 1], [0, 0, 1, 1], sentences=3)
        >>> s.numerator.tolist(), s.denominator.tolist(), s.score()
        ([1.0, 2.0, 0.0], [2.0, 2.0, 0.0], 75.0)
        """
        hit = np.asarray(hits, dtype=bool).ravel()
        index = np.asarray(sentence, dtype=np.int64).ravel()
        if len(hit) != len(index):
            raise ValueError(f"{len(hit)} token hits but {len(index)} sentence indices")
        size = int(index.max()) + 1 if len(index) else 0
        size = max(size, sentences or 0)
        return cls(np.bincount(index, weights=hit, minlength=size),
                   np.bincount(index, minlength=size), hits=hit)

    def __len__(self) -> int:
        return len(self.numerator)

    @property
    def is_f1(self) -> bool:
        return self.second_denominator is not None

    def columns(self) -> FloatArray:
        """The counts as a (columns, sentences) float64 matrix, in field order."""
        parts: Sequence[FloatArray] = [self.numerator, self.denominator]
        if self.second_denominator is not None:
            parts = [*parts, self.second_denominator]
        return np.stack(parts)

    def score_of_sums(self, sums: FloatArray) -> FloatArray:
        """Scores of summed counts; ``sums[..., k]`` is the sum of column k of ``columns()``.

        This is how every resample is scored, all at once.

        >>> s = SentenceScores.f1([1], [1], [1])
        >>> s.score_of_sums(np.array([[1.0, 2.0, 2.0], [0.0, 0.0, 0.0]])).tolist()
        [50.0, 0.0]
        """
        sums = np.asarray(sums, dtype=np.float64)
        if self.summed:
            return sums[..., 0] * self.scale
        numerator = sums[..., 0] * (2.0 if self.is_f1 else 1.0)
        denominator = sums[..., 1] + sums[..., 2] if self.is_f1 else sums[..., 1]
        ratio = np.divide(numerator, denominator, out=np.zeros_like(numerator),
                          where=denominator != 0)
        return ratio * self.scale

    def score(self) -> float:
        """The corpus-level score: the metric computed on the counts summed over sentences."""
        return float(self.score_of_sums(self.columns().sum(axis=1)))
