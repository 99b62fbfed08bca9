"""Several parsers on one gold standard: scores, Lin's error count and significance tests.

This is what ``treeeval dep`` adds after MaltEval's tables with ``--stat mcnemar|bootstrap|
ar`` (and what ``--json`` and :func:`treeeval.evaluate_dependencies` return).  Every system
is scored on the same tokens: a constituency parser's trees converted with the gold's head
table, a dependency parser's CoNLL output as it is.

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

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from ..policy.inputs import shown
from ..model.treebank import Treebank
from ..policy.envelope import envelope
from ..stats import SentenceScores, SignificanceResult, compare_all
from .sentence_scores import dependency_scores

#: the metrics every system is scored with
METRICS = ("LAS", "UAS", "LA")
RULE = "=" * 52


@dataclass
class SystemResult:
    """One system's scores on the gold standard (percentages) and its per-sentence counts."""

    path: str
    format: str
    tokens: int
    correct: dict[str, int]
    scores: dict[str, float]
    #: Lin's (1995) error count: words whose head differs from a known gold head
    lin_errors: int
    sentences: dict[str, SentenceScores] = field(repr=False)


@dataclass
class Comparison:
    """Every system against one gold standard, and the tests of every pair of systems."""

    gold: str
    sentences: int
    tokens: int
    systems: list[SystemResult]
    tests: list[SignificanceResult]
    method: str
    #: how bracketed input was converted (head table name), if any was
    heads: str | None = None

    def to_json(self, signature: str) -> dict[str, Any]:
        """The comparison as JSON (schemas/dep.json), with the run's ``signature``."""
        return envelope(
            "dep", signature, gold=self.gold, heads=self.heads, sentences=self.sentences,
            tokens=self.tokens,
            systems=[{"name": f"<{i}>", "path": s.path, "format": s.format,
                         "tokens": s.tokens, "lin_errors": s.lin_errors,
                         **{metric: {"correct": s.correct[metric],  # no token: null
                                     "score": None if s.tokens == 0 else s.scores[metric]}
                            for metric in METRICS}}
                        for i, s in enumerate(self.systems, 1)],
            significance=[test.to_json() for test in self.tests],
        )


def compare_systems(gold_path: str, gold: Treebank,
                    systems: Sequence[tuple[str, str, Treebank]], *, method: str = "bootstrap",
                    resamples: int = 10_000, seed: int | None = 1,
                    keep: np.ndarray | None = None, heads: str | None = None) -> Comparison:
    """Score each (path, format, treebank) system against ``gold`` and test every pair.

    ``keep`` selects the tokens that count (the same for every system); ``method`` is
    ``bootstrap``, ``ar`` or ``mcnemar``.
    """
    results = []
    kept = np.ones(len(gold), dtype=bool) if keep is None else keep
    for path, kind, parsed in systems:
        sentences = {metric: dependency_scores(metric, gold, parsed, keep=keep)
                     for metric in METRICS}
        correct = {metric: int(np.count_nonzero(scores.hits))
                   for metric, scores in sentences.items()}
        tokens = int(np.count_nonzero(kept))
        lin = (gold.heads != -1) & (gold.heads != parsed.heads) & kept
        results.append(SystemResult(path, kind, tokens, correct,
                                    {m: 100.0 * c / tokens if tokens else float("nan")
                                     for m, c in correct.items()},
                                    int(np.count_nonzero(lin)), sentences))
    tests = [test for metric in METRICS for test in compare_all(
        [result.sentences[metric] for result in results], method, resamples=resamples,
        seed=seed, metric=metric)] if len(results) > 1 else []
    return Comparison(gold_path, len(gold.sizes), int(np.count_nonzero(kept)), results, tests,
                      method, heads)


def render_comparison(comparison: Comparison) -> str:
    """The text block ``treeeval dep --stat TEST`` prints after MaltEval's tables."""
    rows = [["", "system", "format", "tokens", *METRICS, "Lin errors"]]
    rows += [[f"<{i}>", shown(s.path), s.format, str(s.tokens),
              *(f"{s.scores[m]:.2f}" for m in METRICS), str(s.lin_errors)]
             for i, s in enumerate(comparison.systems, 1)]
    widths = [max(len(row[c]) for row in rows) + 3 for c in range(len(rows[0]))]
    converted = f", bracketed input converted with {comparison.heads}" if comparison.heads else ""
    lines = [RULE, f"Gold:   {shown(comparison.gold)}", RULE,
             f"All systems on the same {comparison.tokens} tokens in {comparison.sentences} "
             f"sentences{converted}", ""]
    lines += ["".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
              for row in rows]
    if comparison.tests:
        lines += ["", "Significance of each difference (A - B):"]
        lines += [test.render() for test in comparison.tests]
    return "\n".join(lines + [RULE, "", ""])
