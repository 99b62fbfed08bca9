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
from typing import TYPE_CHECKING

from ..columnar.blocks import count_file_lines
from ..errors import UsageError
from .result import EvalbResult
from .totals import EvalbStatus, Totals

if TYPE_CHECKING:  # numpy's modules, imported when a test or a table needs them
    from ..stats import SentenceScores
    from ..tables.model import ComparisonTable
    from .counts import SentenceCounts
    from .label_scores import LabelCounts

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
    from ..stats import SentenceScores
    from .sentence_scores import bracket_scores

    figure, cut = _split(name, cutoff)
    if cut:
        rows = rows.take(slice(None))
        rows.status = rows.status.copy()
        rows.status[rows.length > cutoff] = EvalbStatus.SKIP
    scores = bracket_scores(rows, figure)
    if figure in MCNEMAR_METRICS:
        return SentenceScores(scores.numerator, scores.denominator, hits=scores.numerator)
    return scores


def label_table(title: str, names: Sequence[str], counts: Sequence[LabelCounts],
                incomplete: Sequence[str] = (), signature: str = "") -> ComparisonTable:
    """The per-label F1 of several systems (``--per-label`` with several systems or
    ``--format``), as a paper shows it: a row per label, the most frequent in the gold first,
    its gold brackets, then a column per system (its ``counts``: :func:`~.label_scores
    .label_counts`) with the label's F1 in percent (none where the system's scored
    sentences have no bracket of it); the best of each row in bold.  An incomplete system's
    column (``incomplete``: why, per system) is marked, with why in a note, and never best.

    >>> import numpy as np
    >>> from treeeval.bracket.label_scores import LabelCounts
    >>> def counts(labels, *columns):
    ...     return LabelCounts(labels, *(np.array(column) for column in columns))
    >>> a = counts(["NP", "VP"], [4, 2], [4, 2], [3, 1], [3, 1])
    >>> b = counts(["NP", "PP"], [4, 0], [4, 1], [4, 0], [4, 0])
    >>> table = label_table("dev", ["a", "b"], [a, b])
    >>> [(row.name, row.values) for row in table.rows]
    [('NP', (4, 75.0, 100.0)), ('VP', (2, 50.0, None)), ('PP', (0, None, 0.0))]
    >>> table.best(2), [metric.shown for metric in table.metrics]
    ((0,), ['gold', 'a', 'b'])
    >>> [metric.shown for metric in label_table("dev", ["gold", "b"], [a, b]).metrics]
    ['gold brackets', 'gold', 'b']
    """
    from ..tables.cells import INCOMPLETE_MARK
    from ..tables.model import ComparisonTable, Metric, SystemRow

    why = list(incomplete) or [""] * len(names)
    scores = []
    for system in counts:
        f1 = system.scores()[2]
        scores.append({label: float(value) if math.isfinite(value) else None
                       for label, value in zip(system.labels, f1.tolist())})
    gold = [dict(zip(system.labels, system.gold.tolist())) for system in counts]
    labels = sorted({label for system in counts for label in system.labels},
                    key=lambda label: (-gold[0].get(label, 0), label))
    systems = [Metric(name, header=name + (INCOMPLETE_MARK if reason else ""),
                      comparable=not reason) for name, reason in zip(names, why)]
    taken = {name for metric in systems for name in (metric.name, metric.shown)}
    head = next(name for name in ("gold", "gold brackets", "#gold") if name not in taken)
    columns = (Metric(head, unit="count", comparable=False), *systems)
    rows = tuple(SystemRow(label, (gold[0].get(label, 0), *(
        system.get(label) for system in scores))) for label in labels)
    notes = ["F1 of each label's brackets in the sentences EVALB scores (labels cut at - or "
             "=, as EVALB compares them; a bracket matched through EQ_LABEL counts under its "
             f"own label); {head}: the label's gold brackets" + (
                 f" in the sentences scored for {names[0]}" if any(
                     other != gold[0] for other in gold) else "") + "."]
    notes += [f"{name} is incomplete ({reason}): never the best of a row."
              for name, reason in zip(names, why) if reason]
    return ComparisonTable(title, "bracket", columns, rows, notes=tuple(notes),
                           signature=signature, row_label="label", best_in="row")


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
