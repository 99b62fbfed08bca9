"""CoNLL-U scoring as the CoNLL 2018 (and 2017) UD shared-task scorers do it.

Stages: :mod:`.reading` (with :mod:`.scan` and :mod:`.layout`) reads a file into numpy
columns, :mod:`.alignment` aligns gold and system words, :mod:`.metrics` counts, and
:mod:`.report` prints the scorers' text or JSON; :mod:`.api` ties them together,
:mod:`.stream` scores a pair piece by piece in flat memory, and :mod:`.cli` is
``treeeval ud``.  Callin's metrics are in :mod:`.callin` and :mod:`.wde`.

>>> from treeeval.ud import evaluate_ud
>>> callable(evaluate_ud)
True
"""

from __future__ import annotations

from .api import UDResult, evaluate_ud
from .callin import CallinScores
from .metrics import Score

__all__ = ["evaluate_ud", "UDResult", "Score", "CallinScores"]
