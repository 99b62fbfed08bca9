"""CoNLL-U scoring as the CoNLL 2018 (and 2017) UD shared-task scorers do it.

The stages, in order: :mod:`.readers` reads a file into numpy columns
(:class:`~.treebank.UDTreebank`); :mod:`.alignment` aligns gold and system words;
:mod:`.metrics` counts every metric; :mod:`.report` prints the scorers' text or JSON.
:mod:`.api` ties them together (:func:`~.api.score_treebanks` is the one scoring of a pair),
:mod:`.stream` scores a pair piece by piece in flat memory, :mod:`.pairs` pairs the files
of a run and picks the engine, :mod:`.settings` holds a run's settings.  Callin's metrics
are in :mod:`.callin` and :mod:`.wde`; :mod:`.words` lays out the words of a scored pair for
the report and the figures.

>>> from treeeval.ud import evaluate_ud
>>> callable(evaluate_ud)
True
"""

from __future__ import annotations

from .api import UDResult, evaluate_ud
from .callin import CallinScores
from .metrics import Score

__all__ = ["evaluate_ud", "UDResult", "Score", "CallinScores"]
