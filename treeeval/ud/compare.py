"""``treeeval ud GOLD SYS1 SYS2 ...``: the tests a UD metric takes and its per-sentence counts
(the UD adapter, treeeval.compare.ud, gives them to the comparison driver).

Every metric of the table is the F1 score the scorer's report prints (percent); a test pairs
the gold sentences: each system's per-sentence counts (correct, gold, system) are resampled
and the F1 of each resample is that of the summed counts.
"""

from __future__ import annotations

import numpy as np

from ..errors import UsageError
from ..stats import SentenceScores

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
