"""An error budget for tests that run EVALB's engine line by line: no messages, no MAX_ERROR,
and a line in EVALB's endless 'Reading sentence' loop ends (``EvalbKilled``) without
spending the budget of the lines after it, as ``treeeval.bracket.run.score_block`` treats it.

>>> import pytest
>>> with pytest.raises(EvalbKilled):
...     QuietBudget().error_forever(1, b"Reading sentence")
"""

from __future__ import annotations

import io

from treeeval.bracket.reference import ErrorBudget, EvalbKilled


class QuietBudget(ErrorBudget):
    def __init__(self) -> None:
        super().__init__(max_error=1 << 62, stream=io.BytesIO())

    def error(self, line: int, message: bytes) -> None:
        return None

    def error_forever(self, line: int, message: bytes) -> None:
        raise EvalbKilled
