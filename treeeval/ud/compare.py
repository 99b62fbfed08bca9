"""``treeeval ud GOLD SYS1 SYS2 ...``: several systems on one gold file, their comparison
table and, with ``--stat``, each system tested against the baseline on every metric asked.

Every metric of the table is the F1 score the scorer's report prints (percent); a test pairs
the gold sentences: each system's per-sentence counts (correct, gold, system) are resampled
and the F1 of each resample is that of the summed counts.

>>> from treeeval.ud.metrics import Score
>>> scores = [{"LAS": Score(3, 4, 4, 3)}, {"LAS": Score(4, 4, 4, 4)}]
>>> table = comparison_table("en", ["a", "b"], scores, ("LAS",), signature="cmd:ud")
>>> [row.values for row in table.rows]
[(75.0,), (100.0,)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..errors import UsageError
from ..stats import SentenceScores
from ..tables import ComparisonTable, Metric
from ..tables.comparison import StatPlan
from ..tables.comparison import build_table
from .metrics import Score

#: the tests ``--stat`` runs on UD metrics (McNemar needs per-token 0/1 outcomes, which an
#: F1 over gold and system words does not have)
UD_TESTS = ("bootstrap", "ar")


def check_stat(stat: str) -> str:
    """A ``--stat`` a UD metric can be tested with, else a usage error naming those.

    >>> check_stat("mcnemar")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat mcnemar does not apply to the UD metrics (F1 over gold \
and system words, not per-token outcomes): use --stat bootstrap or --stat ar
    """
    if stat not in UD_TESTS:
        raise UsageError(f"--stat {stat} does not apply to the UD metrics (F1 over gold and "
                         "system words, not per-token outcomes): use --stat bootstrap or "
                         "--stat ar")
    return stat


def sentence_scores(rows: np.ndarray) -> SentenceScores:
    """A metric's F1 counts per gold sentence, from its rows (correct, gold, system, aligned).

    >>> sentence_scores(np.array([[3, 4, 4, 3], [1, 1, 1, 1]])).score()
    80.0
    """
    return SentenceScores.f1(rows[:, 0], rows[:, 1], rows[:, 2])


def comparison_table(title: str, names: Sequence[str], scores: Sequence[Mapping[str, Score]],
                     metrics: Sequence[str], *, signature: str,
                     per_sentence: Sequence[Mapping[str, np.ndarray]] | None = None,
                     testing: StatPlan | None = None) -> ComparisonTable:
    """The table of the systems' F1 scores (percent), in order; with ``testing`` (and the
    per-sentence rows) every other system tested against the baseline on every metric
    (:func:`treeeval.tables.comparison.comparison_table`)."""
    values = [tuple(100 * system[name].f1 for name in metrics) for system in scores]
    counts = None if per_sentence is None or testing is None else [
        [sentence_scores(rows[name]) for name in metrics] for rows in per_sentence]
    return build_table(title, "ud", names, tuple(Metric(name) for name in metrics), values,
                       signature=signature, per_sentence=counts, testing=testing)
