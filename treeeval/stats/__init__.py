"""Significance tests and confidence intervals over per-sentence counts (``--stat``).

``SentenceScores`` holds one system's per-sentence counts under one metric; the tests
(``paired_bootstrap``, ``approximate_randomization``, ``mcnemar``, or ``compare`` by name,
``compare_all`` for every pair of several systems) return ``SignificanceResult`` objects.
The scorers build SentenceScores from their results: ``treeeval.bracket.sentence_scores``
and ``treeeval.dep.sentence_scores``.

>>> from treeeval.stats import SentenceScores, compare
>>> a = SentenceScores.ratio([9, 9, 8], [10, 10, 10])
>>> b = SentenceScores.ratio([8, 9, 7], [10, 10, 10])
>>> result = compare(a, b, "ar", resamples=200, seed=7, metric="LAS")
>>> round(result.difference, 2), result.seed
(6.67, 7)
"""

from __future__ import annotations

from ..lazy import lazy_members
from .defaults import METHODS

#: each public name's module, imported on first use (numpy with it), so that the command
#: line can read the defaults (:mod:`.defaults`) without paying for numpy
__getattr__, __dir__ = lazy_members(__name__, {"SentenceScores": ".scores", **dict.fromkeys((
    "SignificanceResult", "approximate_randomization", "compare", "compare_all",
    "compare_many", "mcnemar", "mcnemar_z", "normal_two_sided_p", "paired_bootstrap",
    "render_results"), ".significance")})

__all__ = ["METHODS", "SentenceScores", "SignificanceResult", "approximate_randomization",
           "compare", "compare_all", "compare_many", "mcnemar", "mcnemar_z", "normal_two_sided_p",
           "paired_bootstrap", "render_results"]
