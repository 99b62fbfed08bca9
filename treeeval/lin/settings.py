"""What a ``treeeval lin`` run does, as one frozen settings object: the key and the answers,
the head table that converts trees, Lin's modify operations, and the report's options.

>>> settings = LinSettings("key.lin", ("a.lin", "b.lin"), ops="ptb-no-pp")
>>> settings.heads, settings.several, settings.inputs
('collins', True, ['key.lin', 'a.lin', 'b.lin', 'ptb-no-pp'])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..formats.headrules import DEFAULT_HEADS


@dataclass(frozen=True)
class LinSettings:
    """One lin run: the ``gold`` key and the ``answers``; ``heads`` the table that converts
    trees; ``ops`` the modify operations applied to both sides (a bundled name or a file);
    ``tuples`` the side-by-side tables; ``json``; ``signature``."""

    gold: str
    answers: tuple[str, ...]
    heads: str = DEFAULT_HEADS
    ops: str | None = None
    tuples: bool = False
    json: bool = False
    signature: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "answers", tuple(self.answers))
        if not self.answers:
            raise UsageError("expected GOLD and ANSWER files, got 1 file argument(s)")

    @property
    def several(self) -> bool:
        """Whether several answers are compared."""
        return len(self.answers) > 1

    @property
    def inputs(self) -> list[str]:
        """Every file the run reads (what ``--html`` never writes over)."""
        return [self.gold, *self.answers, *([self.ops] if self.ops else [])]
