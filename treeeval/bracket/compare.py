"""``treeeval bracket GOLD SYS1 SYS2 ...``: the metrics of the comparison table and each
system's per-sentence counts under them (the bracket adapter, treeeval.compare.bracket, gives
them to the comparison driver).

The metrics are the figures of EVALB's summary, by the keys of ``--json``: ``recall``,
``precision``, ``fmeasure``, ``complete_match`` and ``tagging_accuracy`` of the ``-- All --``
block, and the same of the ``-- len<=N --`` block suffixed with N (``fmeasure_40``); a table
heads them as parsing papers do (:func:`header`: LR, LP, F1, EX, Tag, and ``F1 (≤40)``).  A
table's values are EVALB's figures; a test pairs the gold lines: each sentence's counts (an
Error or
Skip sentence counts 0, as in EVALB's totals), the score of each resample or shuffle computed
from the summed counts (recall = matched / gold, precision = matched / test, F1 = 2 matched /
(gold + test), as Bikel's randomized parsing evaluation comparator does).

>>> from treeeval.bracket.counts import SentenceCounts
>>> rows = SentenceCounts.from_rows([(1, 4, 0, 3, 4, 5, 0, 4, 4), (2, 50, 0, 2, 2, 2, 0, 50, 49)])
>>> metric_names(40)
('recall', 'precision', 'fmeasure', 'complete_match', 'tagging_accuracy', 'recall_40', \
'precision_40', 'fmeasure_40', 'complete_match_40', 'tagging_accuracy_40')
>>> metric_counts(rows, "recall", 40).score(), metric_counts(rows, "recall_40", 40).score()
(83.33333333333334, 75.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..columnar.blocks import count_file_lines
from ..errors import UsageError
from ..stats import SentenceScores
from .counts import EvalbStatus, SentenceCounts, Totals
from .run import EvalbResult
from .sentence_scores import bracket_scores

#: the figures of an EVALB summary block a table shows, by their ``--json`` keys
METRICS = ("recall", "precision", "fmeasure", "complete_match", "tagging_accuracy")
#: each figure's column header, as parsing papers write it (labelled recall and precision,
#: F1, exact match, tagging accuracy); unlabelled scores (LABELED 0) are UR and UP
HEADERS = {"recall": "LR", "precision": "LP", "fmeasure": "F1", "complete_match": "EX",
           "tagging_accuracy": "Tag"}
UNLABELLED = {"recall": "UR", "precision": "UP"}
#: the one metric with an outcome per item (a sentence matches or not), McNemar's test's
MCNEMAR_METRICS = ("complete_match",)


def metric_names(cutoff: int) -> tuple[str, ...]:
    """Every metric ``--metrics`` may name: those of ``-- All --``, then those of
    ``-- len<=CUTOFF --`` suffixed with the cut-off."""
    return METRICS + tuple(f"{name}_{cutoff}" for name in METRICS)


def header(name: str, cutoff: int, labeled: bool = True) -> str:
    """A metric's column header: a paper's name of the figure, the cut-off block's with the
    cut-off after it (as a paper's "≤ 40 words"); recall and precision are labelled unless
    EVALB's LABELED is 0.

    >>> header("fmeasure", 40), header("recall_40", 40), header("precision", 40, labeled=False)
    ('F1', 'LR (≤40)', 'UP')
    """
    figure, cut = _split(name, cutoff)
    shown = (HEADERS if labeled else {**HEADERS, **UNLABELLED})[figure]
    return f"{shown} (≤{cutoff})" if cut else shown


def _split(name: str, cutoff: int) -> tuple[str, bool]:
    """A metric's figure and whether it is the cut-off block's."""
    suffix = f"_{cutoff}"
    return (name[:-len(suffix)], True) if name not in METRICS and name.endswith(suffix) \
        else (name, False)


def check_stat(stat: str, metrics: Sequence[str], cutoff: int) -> str:
    """A ``--stat`` that applies to every metric asked, else a usage error naming the tests
    that do: McNemar's needs one 0/1 outcome per item, which only complete match has (per
    sentence; EVALB gives no per-word tagging outcome).

    >>> check_stat("mcnemar", ("complete_match_40",), 40)
    'mcnemar'
    >>> check_stat("mcnemar", ("fmeasure", "complete_match"), 40)
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat mcnemar applies to complete_match only (one outcome \
per sentence), not to fmeasure: use --stat bootstrap or --stat ar, or --metrics complete_match
    """
    if stat == "mcnemar":
        others = [name for name in metrics if _split(name, cutoff)[0] not in MCNEMAR_METRICS]
        if others:
            raise UsageError(f"--stat mcnemar applies to complete_match only (one outcome per "
                             f"sentence), not to {', '.join(others)}: use --stat bootstrap or "
                             "--stat ar, or --metrics complete_match")
    return stat


def metric_value(result: EvalbResult, name: str, cutoff: int) -> float | None:
    """The figure EVALB prints for a metric (None for its ``-nan`` F-measure: no bracket)."""
    figure, cut = _split(name, cutoff)
    totals: Totals = result.cut_totals if cut else result.all_totals
    value = float(getattr(totals, figure)())
    return None if math.isnan(value) else value


def metric_counts(rows: SentenceCounts, name: str, cutoff: int) -> SentenceScores:
    """A metric's per-sentence counts (a sentence of the cut-off block's metrics longer than
    the cut-off counts 0, so every system keeps the same sentences); complete match keeps its
    0/1 outcome per sentence for McNemar's test."""
    figure, cut = _split(name, cutoff)
    if cut:
        rows = rows.take(slice(None))
        rows.status = np.where(rows.length <= cutoff, rows.status, EvalbStatus.SKIP)
    scores = bracket_scores(rows, figure)
    if figure in MCNEMAR_METRICS:
        return SentenceScores(scores.numerator, scores.denominator, hits=scores.numerator)
    return scores


def incompleteness(result: EvalbResult, gold: str, test: str) -> str:
    """Why and how much of the gold file a run of ``test`` leaves out ('' when none): a run
    MAX_ERROR stopped (EVALB prints no summary then), or a test file with fewer lines than
    the gold file (EVALB scores as many as it has).  A comparison marks such a system, never
    makes it the best of a column and never tests it: the sentences it lacks would cost it
    nothing.

    >>> import io, os, tempfile
    >>> from dataclasses import replace
    >>> from treeeval.bracket.params import EvalbParams
    >>> from treeeval.bracket.run import EvalbRun
    >>> folder = tempfile.mkdtemp()
    >>> gold, test = os.path.join(folder, "gold"), os.path.join(folder, "test")
    >>> _ = open(gold, "wb").write(b"(S (A a))\\n" * 3)
    >>> _ = open(test, "wb").write(b"(S (A a))\\n")
    >>> result = EvalbRun(EvalbParams(), io.BytesIO(), io.BytesIO()).run(gold, test)
    >>> incompleteness(result, gold, test), incompleteness(replace(result, longer=None), gold, test)
    ('1 of 3 sentences', '')
    """
    if result.killed:
        return (f"stopped by MAX_ERROR at sentence {result.stopped_line or 0:,} of "
                f"{count_file_lines(gold):,}")
    if result.longer == "gold":
        return f"{count_file_lines(test):,} of {count_file_lines(gold):,} sentences"
    return ""
