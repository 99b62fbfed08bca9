"""What an EVALB run produced: :class:`EvalbResult` (numpy-free, so that a small run,
:mod:`treeeval.bracket.sequential`, returns one without importing numpy).

>>> from .totals import Totals
>>> result = EvalbResult(Totals(sentences=2), Totals(sentences=1), killed=False)
>>> result.all_totals.sentences, result.sentences is None, result.longer
(2, True, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .totals import Totals

if TYPE_CHECKING:
    from .counts import SentenceCounts
    from .spans import KeptSpans


@dataclass
class EvalbResult:
    """What an EVALB run over two files produced: the totals of both blocks and whether
    MAX_ERROR killed it, with what a user could miss: EVALB's error count and the line it
    died at, which file has lines the other lacks (``"gold"``, ``"test"``, or None) and the
    first Error or Skip line."""

    all_totals: Totals
    cut_totals: Totals
    killed: bool
    sentences: SentenceCounts | None = None
    #: the brackets behind ``sentences``, as columns (``EvalbRun(keep_brackets=True)``),
    #: computed from the run's scan when first asked for
    brackets: KeptSpans | None = None
    errors: int = 0
    stopped_line: int | None = None
    longer: str | None = None
    first_unscored: int | None = None
