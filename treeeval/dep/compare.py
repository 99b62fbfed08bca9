"""Several parsers on one gold standard: scores, Lin's error count and significance tests.

This is what ``treeeval dep`` adds after MaltEval's tables with ``--stat mcnemar|bootstrap|
ar`` (and what ``--json``, ``--format`` and :func:`treeeval.evaluate_dependencies` return).
Every system is scored on the same tokens: a constituency parser's trees converted with the
gold's head table, a dependency parser's CoNLL output as it is.  The systems keep the
command line's order.  The metrics compared are MaltEval's token metrics (LAS, UAS, LA,
AnyRight...) and Lin's (1995) error count, ``Lin errors`` (words whose head differs from a
known gold head; lower is better): by default LAS, UAS, LA and Lin errors, or the
``--Metric`` values when it is given; ``--metrics`` chooses among them (:func:`chosen_metrics`).
Without a baseline every pair of systems is tested; with one (:attr:`Comparison.baseline`)
each other system against it, in :meth:`Comparison.table`.

>>> from treeeval.model.dependencies import DependencySentence
>>> gold = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["N", "V", "."], [2, 0, 2], ["nsubj", "root", "punct"])] * 4)
>>> good = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["N", "V", "."], [2, 0, 2], ["nsubj", "root", "punct"])] * 4)
>>> poor = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["N", "V", "."], [2, 0, 1], ["dobj", "root", "punct"])] * 4)
>>> result = compare_systems("gold", gold, [("good", "conll", good), ("poor", "conll", poor)],
...                          method="bootstrap", resamples=200, seed=1)
>>> [(s.path, round(s.scores["LAS"], 2), s.lin_errors) for s in result.systems]
[('good', 100.0, 0), ('poor', 33.33, 4)]
>>> print(render_comparison(result))  # doctest: +ELLIPSIS
====================================================
Gold:   gold
====================================================
All systems on the same 12 tokens in 4 sentences
<BLANKLINE>
      system   format   tokens   LAS      UAS      LA       Lin errors
<1>   good     conll    12       100.00   100.00   100.00   0
<2>   poor     conll    12       33.33    66.67    66.67    4
<BLANKLINE>
Significance of each difference (A - B):
LAS  <1> 100.00 [100.00, 100.00]  <2> 33.33 [33.33, 33.33]  diff +66.67 [+66.67, +66.67]  p = ...
...
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..model.treebank import Treebank
from ..policy.envelope import envelope
from ..policy.inputs import shown
from ..stats import SentenceScores, SignificanceResult, compare_many, rates
from ..stats.correction import CORRECTIONS, DEFAULT_CORRECTION, adjust
from ..tables import ComparisonTable, Metric
from ..tables.comparison import metric_list, system_names
from ..tables.settings import ComparisonSettings
from ..tables.systems import ScoredSystems, comparison_table
from .metrics import METRICS as TOKEN_METRICS
from .refusals import ValueRefused
from .sentence_scores import dependency_scores, lin_error_scores

#: the scores every system gets (JSON's ``systems``), whatever is compared
SCORED = ("LAS", "UAS", "LA")
#: Lin's (1995) error count, as the comparison names it
LIN = "Lin errors"
#: the metrics compared without ``--Metric`` or ``--metrics``
DEFAULT_METRICS = (*SCORED, LIN)
RULE = "=" * 52
#: the correction of the tests of every pair of systems, over each metric's pairs
PAIRWISE_CORRECTION = DEFAULT_CORRECTION


def chosen_metrics(spec: str | None, given: Sequence[str] | None = None) -> tuple[str, ...]:
    """The metrics of the comparison: ``--metrics`` (``spec``) chooses among LAS, UAS, LA,
    the token metrics of ``--Metric`` (``given``, None when it was not given) and Lin
    errors; without it, the ``--Metric`` values that are token metrics, or LAS, UAS, LA and
    Lin errors when ``--Metric`` was not given.

    >>> chosen_metrics(None), chosen_metrics(None, ["UAS", "LAS"])
    (('LAS', 'UAS', 'LA', 'Lin errors'), ('UAS', 'LAS'))
    >>> chosen_metrics("Lin errors;AnyRight", ["AnyRight"])
    ('AnyRight', 'Lin errors')
    >>> chosen_metrics(None, ["self"])
    Traceback (most recent call last):
    ...
    treeeval.dep.refusals.ValueRefused: --stat compares token metrics (LAS, UAS, ...) and Lin errors; \
--Metric self is none: choose the compared metrics with --metrics
    """
    tested = [name for name in given or () if name in TOKEN_METRICS]
    if spec is None and given is not None:
        if not tested:
            raise ValueRefused("Metric", "--stat compares token metrics (LAS, UAS, ...) and "
                               f"{LIN}; --Metric {';'.join(given)} is none: choose the "
                               "compared metrics with --metrics")
        return tuple(dict.fromkeys(tested))
    return metric_list(spec, tuple(dict.fromkeys([*tested, *DEFAULT_METRICS])))


def metric_column(name: str) -> Metric:
    """The comparison table's column of a metric: Lin errors and MaltEval's ``...Wrong``
    metrics are lower-better, Lin errors a count.

    >>> metric_column(LIN), metric_column("AnyWrong").higher_is_better
    (Metric(name='Lin errors', unit='count', higher_is_better=False), False)
    """
    if name == LIN:
        return Metric(name, unit="count", higher_is_better=False)
    return Metric(name, higher_is_better=not name.endswith("Wrong"))


@dataclass
class SystemResult:
    """One system's scores on the gold standard (percentages) and its per-sentence counts
    (for each compared metric, Lin errors included)."""

    path: str
    format: str
    tokens: int
    correct: dict[str, int]
    scores: dict[str, float]
    #: Lin's (1995) error count: words whose head differs from a known gold head
    lin_errors: int
    sentences: dict[str, SentenceScores] = field(repr=False)

    def value(self, metric: str) -> float | int | None:
        """The system's value of a compared metric (None: no token to score)."""
        if metric == LIN:
            return self.lin_errors
        return None if self.tokens == 0 else self.scores[metric]


@dataclass
class Comparison:
    """Every system against one gold standard: the tests of every pair of systems
    (``tests``) or, with a ``baseline`` (a system's index), of each against it, which
    :meth:`table` runs; ``method`` None: nothing is tested."""

    gold: str
    sentences: int
    tokens: int
    systems: list[SystemResult]
    tests: list[SignificanceResult]
    method: str | None
    #: how bracketed input was converted (head table name), if any was
    heads: str | None = None
    metrics: tuple[str, ...] = DEFAULT_METRICS
    baseline: int | None = None
    resamples: int = 10_000
    seed: int = 1

    @property
    def correction(self) -> str | None:
        """The correction of the pairwise tests' p-values (None: none, as with two
        systems)."""
        return PAIRWISE_CORRECTION if any(test.p_adjusted is not None
                                          for test in self.tests) else None

    def to_json(self, signature: str) -> dict[str, Any]:
        """The comparison as JSON (schemas/dep.json), with the run's ``signature``."""
        return envelope(
            "dep", signature, gold=self.gold, heads=self.heads, sentences=self.sentences,
            tokens=self.tokens, metrics=list(self.metrics),
            systems=[{"name": f"<{i}>", "path": s.path, "format": s.format,
                         "tokens": s.tokens, "lin_errors": s.lin_errors,
                         **{metric: {"correct": s.correct[metric],  # no token: null
                                     "score": s.value(metric)}
                            for metric in s.correct}}
                        for i, s in enumerate(self.systems, 1)],
            significance=[test.to_json() for test in self.tests],
            correction=self.correction,
        )

    def names(self) -> list[str]:
        """The systems' short names (:func:`~treeeval.tables.comparison.system_names`)."""
        return system_names([system.path for system in self.systems])

    def table(self, signature: str = "", title: str | None = None) -> ComparisonTable:
        """The comparison table (:mod:`treeeval.tables`), titled ``title`` (None: with the
        gold file's name): every system in order, every compared metric; with a test, each
        system against the baseline (the first system unless :attr:`baseline` says),
        Holm-corrected with more than two systems; ``signature`` shown under it when
        given."""
        systems = ComparedSystems(self)
        baseline = None if self.baseline is None else systems.names[self.baseline]
        settings = ComparisonSettings(self.method, self.seed, self.resamples, baseline,
                                      metrics=self.metrics, signature=bool(signature),
                                      title=title)
        return comparison_table(systems, settings, signature=signature)


class ComparedSystems(ScoredSystems):
    """A :class:`Comparison`'s systems as a comparison table sees them: every test applies
    (McNemar's pairs the tokens)."""

    command = "dep"

    def __init__(self, comparison: Comparison) -> None:
        super().__init__(comparison.gold, [system.path for system in comparison.systems])
        self.comparison = comparison

    def offered(self) -> Sequence[str]:
        return self.comparison.metrics

    def column(self, metric: str) -> Metric:
        return metric_column(metric)

    def value(self, system: int, metric: str) -> float | int | None:
        return self.comparison.systems[system].value(metric)

    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        return self.comparison.systems[system].sentences[metric]

    def sentences(self) -> int:
        return self.comparison.sentences

    def tested(self, stat: str, metrics: Sequence[str], asked: bool) -> tuple[str, ...]:
        return tuple(metrics)


def compare_systems(gold_path: str, gold: Treebank,
                    systems: Sequence[tuple[str, str, Treebank]], *,
                    method: str | None = "bootstrap", resamples: int = 10_000, seed: int = 1,
                    keep: np.ndarray | Sequence[np.ndarray | None] | None = None,
                    heads: str | None = None, metrics: Sequence[str] = DEFAULT_METRICS,
                    baseline: int | None = None) -> Comparison:
    """Score each (path, format, treebank) system against ``gold``, in the order given,
    and, without a ``baseline``, test every pair on each of ``metrics`` (when ``gold`` has
    a sentence to resample).

    ``keep`` selects the tokens that count: one mask for every system, or one per system
    (MaltEval's exclusions look at each system's own parsed side, so each system's scores
    are those of its report; the tests pair the sentences, each system's per-sentence
    counts on its own tokens).  McNemar's test pairs tokens: it scores every system on the
    tokens that count for all of them.  ``method`` is ``bootstrap``, ``ar``, ``mcnemar`` or
    None (no test).
    """
    masks = _masks(keep, len(systems), len(gold), method == "mcnemar")
    common = np.logical_and.reduce([np.ones(len(gold), dtype=bool), *(
        mask for mask in masks if mask is not None)])
    results = [_system(gold, path, kind, parsed, mask, metrics)
               for (path, kind, parsed), mask in zip(systems, masks)]
    tests = _pairwise(results, metrics, method, resamples, seed) \
        if len(results) > 1 and method and baseline is None and len(gold.sizes) else []
    return Comparison(gold_path, len(gold.sizes), int(np.count_nonzero(common)), results,
                      tests, method, heads, tuple(metrics), baseline, resamples, seed)


def _masks(keep: np.ndarray | Sequence[np.ndarray | None] | None, systems: int, tokens: int,
           paired_tokens: bool) -> list[np.ndarray | None]:
    """One mask of the tokens that count per system (None: every token); with
    ``paired_tokens`` (McNemar's test) the tokens that count for every system.

    >>> a, b = np.array([True, False, True]), np.array([True, True, False])
    >>> [m.tolist() for m in _masks([a, b], 2, 3, False)], _masks(None, 2, 3, True)
    ([[True, False, True], [True, True, False]], [None, None])
    >>> [m.tolist() for m in _masks([a, b], 2, 3, True)]
    [[True, False, False], [True, False, False]]
    """
    if keep is None or isinstance(keep, np.ndarray):
        return [keep] * systems
    masks = list(keep)
    if paired_tokens and any(mask is not None for mask in masks):
        common = np.logical_and.reduce([np.ones(tokens, dtype=bool),
                                        *(mask for mask in masks if mask is not None)])
        return [common] * systems
    return masks


def _pairwise(results: Sequence[SystemResult], metrics: Sequence[str], method: str,
              resamples: int, seed: int) -> list[SignificanceResult]:
    """The test of every pair of systems i < j (``<i>`` and ``<j>``) on each metric in turn,
    each as :func:`~treeeval.stats.compare` gives it alone from ``seed``, the resamples
    drawn once for all (:func:`~treeeval.stats.compare_many`)."""
    pairs = list(itertools.combinations(range(len(results)), 2))
    tests = compare_many(
        [(results[i].sentences[metric], results[j].sentences[metric])
         for metric in metrics for i, j in pairs], method, resamples=resamples, seed=seed,
        names=[(f"<{i + 1}>", f"<{j + 1}>") for _ in metrics for i, j in pairs],
        metrics=[metric for metric in metrics for _ in pairs])
    return pairwise_corrected(tests, len(pairs))


def pairwise_corrected(tests: Sequence[SignificanceResult], family: int
                       ) -> list[SignificanceResult]:
    """The tests with their p-values adjusted by :data:`PAIRWISE_CORRECTION` within each
    metric's family (``family`` consecutive tests: every pair of systems), as a table's
    tests against the baseline are; a family of one (two systems) is left as it is.

    >>> from treeeval.stats import SignificanceResult
    >>> tests = [SignificanceResult("ar", ("<1>", "<2>"), (1.0, 0.0), 1.0, p, "LAS")
    ...          for p in (0.01, 0.04, 0.03)]
    >>> [test.p_adjusted for test in pairwise_corrected(tests, 3)]
    [0.03, 0.06, 0.06]
    >>> pairwise_corrected(tests[:1], 1)[0].p_adjusted is None
    True
    """
    if family < 2:
        return list(tests)
    corrected = []
    for start in range(0, len(tests), family):
        group = tests[start:start + family]
        adjusted = adjust([test.p_value for test in group], PAIRWISE_CORRECTION)
        corrected += [replace(test, p_adjusted=float(p)) for test, p in zip(group, adjusted)]
    return corrected


def _system(gold: Treebank, path: str, kind: str, parsed: Treebank, keep: np.ndarray | None,
            metrics: Sequence[str]) -> SystemResult:
    """One system's scores and per-sentence counts, on the tokens of ``keep`` (None: all)."""
    tokens = len(gold) if keep is None else int(np.count_nonzero(keep))
    sentences = {metric: dependency_scores(metric, gold, parsed, keep=keep)
                 for metric in dict.fromkeys([*SCORED, *metrics]) if metric != LIN}
    lin = lin_error_scores(gold, parsed, keep=keep)
    correct = {metric: _correct(scores) for metric, scores in sentences.items()}
    return SystemResult(path, kind, tokens, correct,
                        {m: accuracy(c, tokens) for m, c in correct.items()},
                        int(lin.score()), {**sentences, LIN: lin})


def _correct(scores: SentenceScores) -> int:
    """The tokens a token metric counts right (its per-token outcomes, which
    :func:`.sentence_scores.dependency_scores` always keeps)."""
    if scores.hits is None:
        raise ValueError("a token metric keeps its per-token outcomes")
    return int(np.count_nonzero(scores.hits))


def accuracy(correct: int, tokens: int) -> float:
    """MaltEval's score of a metric: the percent of the ``tokens`` scored that are
    ``correct`` (NaN without a token).

    >>> accuracy(3, 4), accuracy(0, 0)
    (75.0, nan)
    """
    return 100.0 * correct / tokens if tokens else float("nan")


def render_comparison(comparison: Comparison, signature: str = "") -> str:
    """The text block ``treeeval dep --stat TEST`` prints after MaltEval's tables: the
    systems' scores, then the test of every pair or, with a baseline, the comparison table
    (:meth:`Comparison.table`)."""
    from ..tables import render

    metrics = comparison.metrics
    rows = [["", "system", "format", "tokens", *metrics]]
    rows += [[f"<{i}>", shown(s.path), s.format, str(s.tokens),
              *(str(s.lin_errors) if m == LIN else rates.shown(s.scores[m]) for m in metrics)]
             for i, s in enumerate(comparison.systems, 1)]
    widths = [max(len(row[c]) for row in rows) + 3 for c in range(len(rows[0]))]
    converted = f", bracketed input converted with {comparison.heads}" if comparison.heads else ""
    same = len({s.tokens for s in comparison.systems}) <= 1
    scored = (f"All systems on the same {comparison.tokens} tokens" if same else
              "Each system on the tokens its exclusions leave in (MaltEval's count), "
              f"{comparison.tokens} of them for every system,")
    lines = [RULE, f"Gold:   {shown(comparison.gold)}", RULE,
             f"{scored} in {comparison.sentences} sentences{converted}", ""]
    lines += ["".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
              for row in rows]
    if comparison.tests:
        correction = comparison.correction
        lines += ["", "Significance of each difference (A - B)" + (
            "" if correction is None else
            f", p-values adjusted by the {CORRECTIONS[correction]} correction over each "
            "metric's pairs") + ":"]
        lines += [test.render() for test in comparison.tests]
    elif comparison.baseline is not None:
        lines += ["", render(comparison.table(signature), "text").rstrip("\n")]
    return "\n".join(lines + [RULE, "", ""])
