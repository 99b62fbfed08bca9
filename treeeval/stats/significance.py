"""Is parser A really better than parser B?  Three significance tests over per-sentence counts.

Every test compares two systems scored on the **same** sentences (a paired comparison) and
looks at the difference of their corpus-level scores, ``score(A) - score(B)``, where a
corpus-level score is computed from counts summed over sentences (see ``SentenceScores``).
So the same code serves LAS, UAS, bracket F1, CoNLL 2018 LAS-F1 and any other metric.

* ``paired_bootstrap``: resample the test set's sentences with replacement (the same
  sentences for both systems), many times; the spread of the resampled scores gives 95%
  confidence intervals, and how often the resampled difference strays from the observed one
  by as much as the observed difference strays from zero gives the p-value.
* ``approximate_randomization``: if A and B were interchangeable, swapping their outputs on
  any sentence would not matter; swap each sentence's counts with probability 1/2, many
  times, and count how often the shuffled difference is at least as large as the observed.
* ``mcnemar``: MaltEval's ``--stat 1``; counts the tokens only A gets right (b) and only B
  gets right (c), and asks whether b and c differ by more than chance.

The p-value is the probability, if the two systems were equally good, of a difference at
least as large as the one observed (two-sided: in either direction).  A small p-value (below
0.05, or 0.01 for a stricter bar) says the difference is unlikely to be an accident of which
sentences happen to be in the test set.  It does not say how large the difference is: read
the confidence interval for that.

Resampling tests take a ``seed`` (numpy's PCG64 generator): the same seed gives the same
numbers, and a pair gets the same numbers whether it is tested alone or in a table.

>>> a = SentenceScores.ratio([9, 8, 10, 7, 9, 10, 6, 9, 8, 10], [10] * 10)
>>> b = SentenceScores.ratio([8, 8, 9, 6, 9, 8, 5, 9, 7, 9], [10] * 10)
>>> print(paired_bootstrap(a, b, resamples=1000, seed=1, metric="LAS").render())
... # doctest: +NORMALIZE_WHITESPACE
LAS  A 86.00 [77.00, 94.00]  B 78.00 [69.00, 85.02]  diff +8.00 [+4.00, +12.00]
p = 0.0010 (paired bootstrap, 95% CI, 1000 resamples, seed 1)
>>> print(approximate_randomization(a, b, resamples=1000, seed=1).render())
A 86.00  B 78.00  diff +8.00  p = 0.0170 (approximate randomization, 1000 shuffles, seed 1)

Here B gets 1 or 2 tokens fewer right than A on 7 of the 10 sentences, and more on none.
Approximate randomization's p is close to the exact 2 / 2**7: of the 2**7 ways to swap those
7 sentences, only "none" and "all" give a difference as large as 8.  On so small a test set
the bootstrap is too optimistic (its p is the smallest possible, 1 / 1001).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..arrays import ByteArray, FloatArray
from ..errors import TreeevalError, UsageError
from ..wording import counted
from .defaults import DEFAULT_RESAMPLES, DEFAULT_SEED, METHODS
from .scores import SentenceScores

DEFAULT_CONFIDENCE = 0.95
#: resamples are drawn in chunks of about this many (resample, sentence) cells (16 MiB each)
CHUNK_CELLS = 1 << 21
#: differences closer than this (in score units) count as equal, against rounding noise
TIE_TOLERANCE = 1e-9

Interval = tuple[float, float]


@dataclass(frozen=True)
class SignificanceResult:
    """The outcome of one test of system A against system B.

    ``statistic`` is the test statistic: the difference ``score_a - score_b`` for the
    bootstrap and approximate randomization, McNemar's z for McNemar.  The intervals are
    percentile confidence intervals at level ``confidence`` (paired bootstrap only).
    ``discordant`` is McNemar's (b, c): tokens only A gets right, tokens only B gets right.
    ``p_adjusted`` is the p-value a multiple-comparison correction made of ``p_value``
    among the tests of its family (None: not corrected).
    ``counts``: the scores are whole counts (totals, such as Lin's errors), written as whole
    numbers, their intervals with the decimals they need.
    """

    method: str
    names: tuple[str, str]
    scores: tuple[float, float]
    statistic: float
    p_value: float
    metric: str = ""
    resamples: int | None = None
    seed: int | None = None
    confidence: float | None = None
    score_intervals: tuple[Interval, Interval] | None = None
    difference_interval: Interval | None = None
    discordant: tuple[int, int] | None = None
    p_adjusted: float | None = None
    counts: bool = False

    @property
    def difference(self) -> float:
        return self.scores[0] - self.scores[1]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (NaN becomes None).

        >>> r = mcnemar(SentenceScores.from_token_hits([1, 1], [0, 0]),
        ...             SentenceScores.from_token_hits([1, 1], [0, 0]))
        >>> r.to_json()["statistic"], r.to_json()["p_value"], r.to_json()["discordant"]
        (None, 1.0, {'only_a': 0, 'only_b': 0})
        """
        def number(value: float) -> float | None:
            return None if math.isnan(value) else value

        def interval(bounds: Interval | None) -> list[float] | None:
            return None if bounds is None else [bounds[0], bounds[1]]

        return {
            "method": self.method,
            "metric": self.metric,
            "systems": list(self.names),
            "scores": [number(s) for s in self.scores],
            "difference": number(self.difference),
            "statistic": number(self.statistic),
            "p_value": number(self.p_value),
            "p_adjusted": self.p_adjusted,
            "resamples": self.resamples,
            "seed": self.seed,
            "confidence": self.confidence,
            "score_intervals": None if self.score_intervals is None
            else [interval(bounds) for bounds in self.score_intervals],
            "difference_interval": interval(self.difference_interval),
            "discordant": None if self.discordant is None
            else {"only_a": self.discordant[0], "only_b": self.discordant[1]},
        }

    def render(self) -> str:
        """One line of text: scores, difference, intervals, p-value and how it was computed;
        a count is a whole number, its interval bounds (percentiles, which may fall between
        two counts) with at most the decimals they need.

        >>> errors = [SentenceScores.total(counts) for counts in ([3, 0, 2, 5], [1, 0, 2, 2])]
        >>> print(paired_bootstrap(*errors, resamples=200, seed=3, metric="Lin errors").render())
        ... # doctest: +NORMALIZE_WHITESPACE
        Lin errors  A 10 [2.98, 17]  B 5 [2, 8]  diff +5 [0, +10]  p = 0.1642
        (paired bootstrap, 95% CI, 200 resamples, seed 3)
        """
        system_intervals = self.score_intervals or (None, None)
        parts = [self.metric] if self.metric else []
        parts += [f"{name} {_number(score, '', self.counts)}"
                  f"{_interval_text(bounds, '', self.counts)}"
                  for name, score, bounds in zip(self.names, self.scores, system_intervals)]
        parts.append(f"diff {_number(self.difference, '+', self.counts)}"
                     f"{_interval_text(self.difference_interval, '+', self.counts)}")
        if self.discordant is not None:
            parts.append(f"z = {self.statistic:.2f}")
        parts.append(f"{p_text(self.p_value)} ({self._how()})")
        if self.p_adjusted is not None:
            parts.append(f"adjusted {p_text(self.p_adjusted)}")
        return "  ".join(parts)

    def _how(self) -> str:
        if self.discordant is not None:
            return f"{METHODS[self.method]}, b = {self.discordant[0]}, c = {self.discordant[1]}"
        return how_run(self.method, self.resamples, self.seed, self.confidence)


def p_text(p: float) -> str:
    """A p-value as the reports write it.

    >>> p_text(0.00004), p_text(0.0312)
    ('p < 0.0001', 'p = 0.0312')
    """
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.4f}"


def how_run(method: str, resamples: int | None, seed: int | None,
            confidence: float | None = None) -> str:
    """How a test was run, as the reports say it: its name, the confidence level of its
    intervals, its resamples (an approximate randomization's shuffles) and its seed.

    >>> how_run("ar", 1000, 1)
    'approximate randomization, 1000 shuffles, seed 1'
    >>> how_run("bootstrap", 500, 7, confidence=0.95)
    'paired bootstrap, 95% CI, 500 resamples, seed 7'
    """
    how = [METHODS[method]]
    if confidence is not None:
        how.append(f"{confidence * 100:g}% CI")
    if resamples is not None:
        how.append(counted(resamples, "shuffle" if method == "ar" else "resample"))
    if seed is not None:
        how.append(f"seed {seed}")
    return ", ".join(how)


def _number(value: float, sign: str, count: bool, bound: bool = False) -> str:
    """A score with two decimals; a count (``count``) as a whole number, or, for an
    interval's ``bound``, with at most two decimals, as many as it needs (nan as it is).

    >>> _number(928.0, "", True), _number(43.0, "+", True), _number(1009.02, "", True, True)
    ('928', '+43', '1009.02')
    >>> _number(-55.0, "+", True, True), _number(0.5, "+", True, True), _number(76.9, "", False)
    ('-55', '+0.5', '76.90')
    """
    if not count or math.isnan(value):
        return f"{value:{sign}.2f}"
    if not bound:
        return f"{round(value):{sign}d}"
    text = f"{value:{sign}.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text


def _interval_text(bounds: Interval | None, sign: str, count: bool = False) -> str:
    if bounds is None:
        return ""
    return f" [{_number(bounds[0], sign, count, True)}, {_number(bounds[1], sign, count, True)}]"


def render_results(results: Sequence[SignificanceResult]) -> str:
    """The text report of several tests: one line each."""
    return "".join(result.render() + "\n" for result in results)


def mcnemar_z(only_first: int, only_second: int) -> float:
    """MaltEval's McNemar statistic: z = (|b - c| - 1) / sqrt(b + c), NaN when b + c = 0.

    b (``only_first``) counts the tokens only the first system gets right, c those only the
    second gets right.  The -1 is a continuity correction; the value has no sign, and is
    negative (-1 / sqrt(b + c)) when b = c, as MaltEval prints it.

    >>> mcnemar_z(4, 1), mcnemar_z(2, 2), mcnemar_z(0, 0)
    (0.8944271909999159, -0.5, nan)
    """
    total = only_first + only_second
    return (abs(only_first - only_second) - 1) / math.sqrt(total) if total else math.nan


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= z) for a standard normal Z: erfc(z / sqrt 2); 1 when z <= 0 or z is NaN.

    >>> round(normal_two_sided_p(1.959964), 6), normal_two_sided_p(-0.5)
    (0.05, 1.0)
    """
    return 1.0 if math.isnan(z) or z <= 0 else math.erfc(z / math.sqrt(2))


def mcnemar(a: SentenceScores, b: SentenceScores, *, names: tuple[str, str] = ("A", "B"),
            metric: str = "") -> SignificanceResult:
    """McNemar's test on per-token 0/1 hits, with z computed exactly as MaltEval does.

    Only the tokens where the systems disagree carry information: b tokens only A gets
    right, c tokens only B gets right.  If the systems were equally good, each disagreement
    would go either way with probability 1/2, so b - c would be close to 0; the statistic
    z = (|b - c| - 1) / sqrt(b + c) (continuity-corrected, MaltEval's formula) is compared
    with the standard normal distribution.  MaltEval prints only z and whether it passes
    1.96 (p < .05) and 2.58 (p < .01); the two-sided p-value added here is
    P(|Z| >= z) = erfc(z / sqrt 2).  z is NaN when the systems never disagree (b + c = 0)
    and negative when b = c; in both cases p = 1.  The test treats tokens as independent
    (they are not: they come in sentences), so its p-values tend to be smaller than the
    sentence-level tests'.  It needs per-token hits (``SentenceScores.from_token_hits``).

    >>> a = SentenceScores.from_token_hits([1, 1, 1, 1, 0, 1], [0, 0, 0, 1, 1, 1])
    >>> b = SentenceScores.from_token_hits([0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1])
    >>> r = mcnemar(a, b)
    >>> r.discordant, r.statistic, round(r.p_value, 4)
    ((3, 1), 0.5, 0.6171)
    """
    if a.hits is None or b.hits is None:
        raise UsageError("McNemar's test needs per-token 0/1 hits (accuracy metrics such as "
                         "LAS); use --stat bootstrap or --stat ar for this metric")
    if len(a.hits) != len(b.hits):
        raise TreeevalError(f"McNemar's test needs the same tokens for both systems "
                            f"({len(a.hits)} and {len(b.hits)} tokens)")
    only_a = int(np.count_nonzero(a.hits & ~b.hits))
    only_b = int(np.count_nonzero(~a.hits & b.hits))
    z = mcnemar_z(only_a, only_b)
    return SignificanceResult("mcnemar", names, (a.score(), b.score()), z,
                              normal_two_sided_p(z), metric, discordant=(only_a, only_b),
                              counts=a.summed)


def paired_bootstrap(a: SentenceScores, b: SentenceScores, *,
                     resamples: int = DEFAULT_RESAMPLES, seed: int | None = DEFAULT_SEED,
                     confidence: float = DEFAULT_CONFIDENCE,
                     names: tuple[str, str] = ("A", "B"), metric: str = "") -> SignificanceResult:
    """The paired bootstrap over sentences (Efron and Tibshirani 1993; Koehn 2004).

    Each resample draws n sentences with replacement from the n test sentences, the same
    draw for both systems, sums each system's counts over the drawn sentences and scores
    them.  With R resamples this gives R scores per system and R differences d*.

    Confidence intervals: the percentile interval, i.e. the (1 - confidence) / 2 and
    (1 + confidence) / 2 quantiles of the R resampled values (numpy's linear interpolation),
    for each system's score and for the difference.

    p-value (two-sided): the bootstrap distribution of d* - d, with d the observed
    difference, stands in for the distribution of the difference under the null hypothesis
    (no difference between the systems), so p = (1 + #{r : |d*_r - d| >= |d|}) / (R + 1)
    (Efron and Tibshirani 1993, ch. 16: the bootstrap test with the distribution shifted
    to the null; Berg-Kirkpatrick, Burkett and Klein 2012 use the one-sided form
    d* > 2d; the +1 counts the observed sample, as in approximate randomization, so p is
    never 0).

    >>> a = SentenceScores.ratio([5, 5, 5], [5, 5, 5])
    >>> r = paired_bootstrap(a, a, resamples=99)
    >>> r.p_value, r.difference_interval, r.score_intervals[0]
    (1.0, (0.0, 0.0), (100.0, 100.0))
    """
    _check_pair(a, b, resamples)
    if not 0 < confidence < 1:
        raise UsageError(f"the confidence level must be between 0 and 1, not {confidence}")
    rng, seed = _generator(seed)
    width = len(a.columns())
    sums = _bootstrap_sums(np.concatenate([a.columns(), b.columns()]), resamples, rng)
    return _bootstrap_result(a, b, sums[:, :width], sums[:, width:], seed, confidence, names,
                             metric)


def _bootstrap_result(a: SentenceScores, b: SentenceScores, sums_a: FloatArray,
                      sums_b: FloatArray, seed: int, confidence: float,
                      names: tuple[str, str], metric: str) -> SignificanceResult:
    """The paired bootstrap's outcome from each system's column sums over the resamples."""
    scores_a, scores_b = a.score_of_sums(sums_a), b.score_of_sums(sums_b)
    observed = a.score() - b.score()
    differences = scores_a - scores_b
    extreme = np.abs(differences - observed) >= abs(observed) - TIE_TOLERANCE
    resamples = len(differences)
    p = (1 + int(np.count_nonzero(extreme))) / (resamples + 1)

    def interval(values: FloatArray) -> Interval:
        low, high = np.percentile(values, [50 * (1 - confidence), 50 * (1 + confidence)])
        return float(low), float(high)

    return SignificanceResult(
        "bootstrap", names, (a.score(), b.score()), observed, p, metric, resamples, seed,
        confidence, (interval(scores_a), interval(scores_b)), interval(differences),
        counts=a.summed)


def approximate_randomization(a: SentenceScores, b: SentenceScores, *,
                              resamples: int = DEFAULT_RESAMPLES,
                              seed: int | None = DEFAULT_SEED,
                              names: tuple[str, str] = ("A", "B"),
                              metric: str = "") -> SignificanceResult:
    """Approximate randomization, a paired permutation test (Noreen 1989; Yeh 2000).

    Under the null hypothesis the two systems are interchangeable, so on each sentence the
    counts labelled A could just as well have been B's.  Each shuffle swaps the two systems'
    counts on every sentence independently with probability 1/2 and computes the difference
    of the corpus-level scores.  With R shuffles, r of which give an absolute difference at
    least the observed one (two-sided), p = (r + 1) / (R + 1).  It gives no confidence
    interval.

    >>> same = SentenceScores.ratio([3, 1, 4], [5, 5, 5])
    >>> approximate_randomization(same, same, resamples=500).p_value
    1.0
    """
    _check_pair(a, b, resamples)
    rng, seed = _generator(seed)
    gains = _swap_gains(b.columns() - a.columns(), resamples, rng)
    return _randomization_result(a, b, gains, seed, names, metric)


def _randomization_result(a: SentenceScores, b: SentenceScores, gains: FloatArray, seed: int,
                          names: tuple[str, str], metric: str) -> SignificanceResult:
    """Approximate randomization's outcome from what A's column sums gain in each shuffle."""
    first, second = a.columns(), b.columns()
    resamples = len(gains)
    scores_a = a.score_of_sums(first.sum(axis=1) + gains)
    scores_b = b.score_of_sums(second.sum(axis=1) - gains)
    observed = a.score() - b.score()
    extreme = np.abs(scores_a - scores_b) >= abs(observed) - TIE_TOLERANCE
    p = (1 + int(np.count_nonzero(extreme))) / (resamples + 1)
    return SignificanceResult("ar", names, (a.score(), b.score()), observed, p, metric,
                              resamples, seed, counts=a.summed)


def compare(a: SentenceScores, b: SentenceScores, method: str, *,
            resamples: int = DEFAULT_RESAMPLES, seed: int | None = DEFAULT_SEED,
            confidence: float = DEFAULT_CONFIDENCE, names: tuple[str, str] = ("A", "B"),
            metric: str = "") -> SignificanceResult:
    """Run the test ``method`` ("bootstrap", "ar" or "mcnemar") on systems A and B.

    >>> a = SentenceScores.from_token_hits([1, 1, 0, 1], [0, 0, 1, 1])
    >>> compare(a, a, "mcnemar", metric="UAS").render()
    'UAS  A 75.00  B 75.00  diff +0.00  z = nan  p = 1.0000 (McNemar, b = 0, c = 0)'
    """
    if method == "mcnemar":
        return mcnemar(a, b, names=names, metric=metric)
    if method == "bootstrap":
        return paired_bootstrap(a, b, resamples=resamples, seed=seed, confidence=confidence,
                                names=names, metric=metric)
    if method == "ar":
        return approximate_randomization(a, b, resamples=resamples, seed=seed, names=names,
                                         metric=metric)
    raise UsageError(f"unknown significance test {method!r} (choose from {', '.join(METHODS)})")


def compare_all(systems: Sequence[SentenceScores], method: str, *,
                names: Sequence[str] | None = None, resamples: int = DEFAULT_RESAMPLES,
                seed: int | None = DEFAULT_SEED, confidence: float = DEFAULT_CONFIDENCE,
                metric: str = "") -> list[SignificanceResult]:
    """Test every pair of systems i < j, in order, as MaltEval's McNemar table does.

    Each pair starts from the same seed, so its result does not depend on the other systems
    (with ``seed=None`` one fresh seed is drawn and shared).  Names default to <1>, <2>, ...

    >>> s = [SentenceScores.ratio([k, 2, 3], [4, 4, 4]) for k in (1, 2, 3)]
    >>> [r.names for r in compare_all(s, "ar", resamples=100)]
    [('<1>', '<2>'), ('<1>', '<3>'), ('<2>', '<3>')]
    """
    labels = list(names) if names is not None else [f"<{i}>" for i in range(1, len(systems) + 1)]
    if len(labels) != len(systems):
        raise ValueError(f"{len(labels)} names for {len(systems)} systems")
    _, seed = _generator(seed)
    return [compare(systems[i], systems[j], method, resamples=resamples, seed=seed,
                    confidence=confidence, names=(labels[i], labels[j]), metric=metric)
            for i, j in itertools.combinations(range(len(systems)), 2)]


def compare_many(pairs: Sequence[tuple[SentenceScores, SentenceScores]], method: str, *,
                 resamples: int = DEFAULT_RESAMPLES, seed: int | None = DEFAULT_SEED,
                 confidence: float = DEFAULT_CONFIDENCE,
                 names: Sequence[tuple[str, str]] | None = None,
                 metrics: Sequence[str] | None = None) -> list[SignificanceResult]:
    """Several tests (A, B) on the same sentences, each exactly as :func:`compare` gives it
    alone with the same seed, but fast: every test of a seed draws the same resamples, so they
    are drawn once, and every system's column sums over them come from one matrix product
    (resample weights times counts; exact, the counts being whole numbers).  A system in
    several pairs (a baseline, a metric's scores) is summed once.

    >>> a, b = SentenceScores.ratio([9, 8, 7], [10] * 3), SentenceScores.ratio([8, 8, 5], [10] * 3)
    >>> many = compare_many([(a, b), (b, a)], "bootstrap", resamples=300, seed=4)
    >>> many[0] == compare(a, b, "bootstrap", resamples=300, seed=4)
    True
    """
    labels = list(names) if names is not None else [("A", "B")] * len(pairs)
    measures = list(metrics) if metrics is not None else [""] * len(pairs)
    if method not in ("bootstrap", "ar") or not pairs:
        return [compare(a, b, method, resamples=resamples, seed=seed, confidence=confidence,
                        names=pair_names, metric=metric)
                for (a, b), pair_names, metric in zip(pairs, labels, measures)]
    for a, b in pairs:
        _check_pair(a, b, resamples)
        if len(a) != len(pairs[0][0]):
            raise TreeevalError("every test of compare_many needs the same sentences")
    if method == "bootstrap" and not 0 < confidence < 1:
        raise UsageError(f"the confidence level must be between 0 and 1, not {confidence}")
    systems = {id(s): s for pair in pairs for s in pair}
    start = dict(zip(systems, np.cumsum([0] + [len(s.columns()) for s in systems.values()])))
    rng, seed = _generator(seed)
    sums = _resampled_sums(np.concatenate([s.columns() for s in systems.values()]), method,
                           resamples, rng)

    def of(system: SentenceScores) -> FloatArray:
        return sums[:, start[id(system)]:start[id(system)] + len(system.columns())]

    if method == "bootstrap":
        return [_bootstrap_result(a, b, of(a), of(b), seed, confidence, pair_names, metric)
                for (a, b), pair_names, metric in zip(pairs, labels, measures)]
    return [_randomization_result(a, b, of(b) - of(a), seed, pair_names, metric)
            for (a, b), pair_names, metric in zip(pairs, labels, measures)]


def _resampled_sums(columns: FloatArray, method: str, resamples: int,
                    rng: np.random.Generator) -> FloatArray:
    """Each column's sum over each resample's sentences, drawn as ``_bootstrap_sums`` (with
    replacement: a sentence counts as often as it is drawn) or ``_swap_gains`` (the swapped
    sentences) draw them: (resamples, columns)."""
    sentences = columns.shape[1]
    sums = np.empty((resamples, len(columns)))
    for start, stop in _chunks(resamples, sentences):
        rows = stop - start
        if method == "bootstrap":
            index = rng.integers(0, sentences, size=(rows, sentences))
            index += np.arange(rows)[:, None] * sentences
            weights = np.bincount(index.ravel(), minlength=rows * sentences)
            weights = weights.reshape(rows, sentences).astype(np.float64)
        else:
            weights = _swapped(rng, rows, sentences).astype(np.float64)
        sums[start:stop] = weights @ columns.T
    return sums


def _check_pair(a: SentenceScores, b: SentenceScores, resamples: int) -> None:
    if resamples < 1:
        raise UsageError(f"the number of resamples must be at least 1, not {resamples}")
    if len(a) != len(b):
        raise TreeevalError(f"a paired test needs the same sentences for both systems "
                            f"({len(a)} and {len(b)} sentences)")
    if len(a) == 0:
        raise TreeevalError("a paired test needs at least one sentence")
    if a.is_f1 != b.is_f1 or a.scale != b.scale or a.summed != b.summed:
        raise ValueError("both systems must be scored by the same metric "
                         "(both ratios, both F1 or both totals, with the same scale)")


def _generator(seed: int | None) -> tuple[np.random.Generator, int]:
    """A PCG64 generator and the seed it started from (a fresh one when ``seed`` is None)."""
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)  # a SeedSequence given no entropy draws an int
        seed = entropy
    return np.random.Generator(np.random.PCG64(seed)), seed


def _chunks(resamples: int, sentences: int) -> list[tuple[int, int]]:
    rows = max(1, CHUNK_CELLS // sentences)
    return [(start, min(start + rows, resamples)) for start in range(0, resamples, rows)]


def _bootstrap_sums(columns: FloatArray, resamples: int,
                    rng: np.random.Generator) -> FloatArray:
    """Column sums over ``resamples`` draws of the sentences with replacement.

    ``columns`` is (columns, sentences); the result is (resamples, columns).  One index
    matrix per chunk, then one gather-and-sum per column (faster here than counting how
    often each sentence is drawn and multiplying; see tests/bench/bench_significance.py).
    """
    sentences = columns.shape[1]
    sums = np.empty((resamples, len(columns)))
    for start, stop in _chunks(resamples, sentences):
        index = rng.integers(0, sentences, size=(stop - start, sentences))
        for k, column in enumerate(columns):
            sums[start:stop, k] = column[index].sum(axis=1)
    return sums


def _swap_gains(delta: FloatArray, resamples: int, rng: np.random.Generator) -> FloatArray:
    """What system A's column sums gain in each shuffle: the sum of ``delta`` (B's counts
    minus A's, shape (columns, sentences)) over the sentences whose outputs are swapped.

    Each sentence is swapped when its bit in a stream of raw 64-bit random words is 1.
    """
    sentences = delta.shape[1]
    gains = np.empty((resamples, len(delta)))
    for start, stop in _chunks(resamples, sentences):
        gains[start:stop] = _swapped(rng, stop - start, sentences).astype(np.float64) @ delta.T
    return gains


def _swapped(rng: np.random.Generator, rows: int, sentences: int) -> ByteArray:
    """A (rows, sentences) 0/1 matrix of the sentences each shuffle swaps: the bits of
    ``rows`` x ceil(sentences / 64) raw 64-bit words, least significant first."""
    words = -(-sentences // 64)
    raw = rng.bit_generator.random_raw(rows * words).astype("<u8", copy=False)
    return np.unpackbits(raw.view(np.uint8).reshape(rows, words * 8), axis=1, count=sentences,
                         bitorder="little")
