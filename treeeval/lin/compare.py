"""``treeeval lin KEY ANSWER1 ANSWER2 ...``: the metrics of several answers on one key and their
per-sentence counts (Lin's adapter, treeeval.compare.lin, gives them to the comparison driver).

An answer's scores are kept per sentence (:class:`AnswerScores`), so that a test can resample
sentences.  The metrics of the table:

* ``errors``: Lin's error count (lower is better), a total of the sentences' counts;
* ``error rate``: the errors in percent of the scored words (lower is better);
* when both sides are trees, section 2's phrase scores: ``recall`` and ``precision`` of the
  phrase boundaries (percent) and ``crossing`` (a count, lower is better).

A table heads the phrase scores as papers head unlabelled bracket scores: UR, UP, and
``crossing brackets`` (not CB, which papers use for an average per sentence, where this is a
total); ``--metrics`` takes either name.

McNemar's test (``--stat mcnemar``) applies to the per-word metrics only: each scored word
is an outcome, right (no error) or wrong, of both answers.

"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike

from ..errors import UsageError
from ..stats import SentenceScores
from ..tables import Metric
from .score import PhraseScores

#: the metrics of every comparison, and their columns
WORD_METRICS = (Metric("errors", unit="count", higher_is_better=False),
                Metric("error rate", higher_is_better=False))
#: the metrics added when both sides are trees
PHRASE_METRICS = (Metric("recall", header="UR"), Metric("precision", header="UP"),
                  Metric("crossing", unit="count", higher_is_better=False,
                         header="crossing brackets"))


def _counts(values: ArrayLike) -> np.ndarray:
    return np.asarray(values, dtype=np.int64)


@dataclass
class AnswerScores:
    """One answer's scores per sentence: its words, scored words (the key knows their head)
    and errors; the phrase scores when both sides are trees; ``hits`` per scored word in
    corpus order, True where the answer has no error (McNemar's outcomes).

    >>> scores = AnswerScores([2, 2], [2, 1], [1, 0], hits=[False, True, True])
    >>> scores.total_errors, scores.total_scored, scores.error_rate
    (1, 3, 33.333333333333336)
    """

    words: np.ndarray
    scored: np.ndarray
    errors: np.ndarray
    phrases: list[PhraseScores] | None = None
    hits: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))

    def __post_init__(self) -> None:
        self.words, self.scored, self.errors = map(_counts, (self.words, self.scored,
                                                             self.errors))
        self.hits = np.asarray(self.hits, dtype=bool)

    @property
    def total_errors(self) -> int:
        return int(self.errors.sum())

    @property
    def total_scored(self) -> int:
        return int(self.scored.sum())

    @property
    def error_rate(self) -> float | None:
        """The errors in percent of the scored words (None, undefined, when no word is
        scored)."""
        return 100 * self.total_errors / self.total_scored if self.total_scored else None

    @property
    def phrase_total(self) -> PhraseScores:
        return sum(self.phrases or (), PhraseScores(0, 0, 0, 0))

    def value(self, metric: str) -> float | int | None:
        """The answer's score under ``metric`` as the table shows it (percent or count;
        None where undefined).

        >>> AnswerScores([1], [1], [0], [PhraseScores(1, 2, 1, 0)]).value("recall")
        50.0
        >>> AnswerScores([1], [0], [0], [PhraseScores(0, 0, 0, 0)]).value("error rate")
        """
        total = self.phrase_total
        return {"errors": self.total_errors, "error rate": self.error_rate,
                "recall": _percent(total.recall), "precision": _percent(total.precision),
                "crossing": total.crossing}[metric]

    def sentence_scores(self, metric: str) -> SentenceScores:
        """The per-sentence counts of ``metric``, for the tests.

        >>> AnswerScores([2, 2], [2, 2], [1, 0]).sentence_scores("error rate").score()
        25.0
        """
        if metric == "errors":
            return SentenceScores.total(self.errors, hits=self.hits)
        if metric == "error rate":
            return SentenceScores(self.errors, self.scored, hits=self.hits)
        phrases = self.phrases or []
        matched = [score.matched for score in phrases]
        if metric == "recall":
            return SentenceScores.ratio(matched, [score.key for score in phrases])
        if metric == "precision":
            return SentenceScores.ratio(matched, [score.answer for score in phrases])
        return SentenceScores.total([score.crossing for score in phrases])


def _percent(fraction: Fraction | None) -> float | None:
    return None if fraction is None else 100 * float(fraction)


def metric_names(phrases: bool) -> tuple[str, ...]:
    """The metrics a comparison offers: the per-word ones, and the phrase scores of trees.

    >>> metric_names(False), metric_names(True)[2:]
    (('errors', 'error rate'), ('recall', 'precision', 'crossing'))
    """
    return tuple(metric.name for metric in WORD_METRICS + PHRASE_METRICS * phrases)


def metrics_tested(stat: str | None, metrics: Sequence[str], asked: bool) -> Sequence[str]:
    """The metrics ``--stat`` tests: all of the table's, but McNemar's test only the
    per-word ones (asked for another with ``--metrics``: a usage error).

    >>> metrics_tested("mcnemar", ("errors", "recall"), asked=False)
    ('errors',)
    >>> metrics_tested("mcnemar", ("recall",), asked=True)
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat mcnemar tests per-word outcomes: it applies to errors \
and error rate, not to recall
    """
    if stat != "mcnemar":
        return metrics
    words = metric_names(False)
    other = [name for name in metrics if name not in words]
    if other and asked:
        raise UsageError(f"--stat mcnemar tests per-word outcomes: it applies to "
                         f"{' and '.join(words)}, not to {', '.join(other)}")
    return tuple(name for name in metrics if name in words)
