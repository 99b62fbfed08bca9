"""What a ``treeeval lin`` run does, as one frozen settings object: the key and the answers,
the head table that converts trees, Lin's modify operations, and the report's options.

>>> settings = LinSettings("key.lin", ("a.lin", "b.lin"), ops="ptb-no-pp")
>>> settings.heads, settings.several, settings.inputs
('collins', True, ['key.lin', 'a.lin', 'b.lin', 'ptb-no-pp'])
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..errors import UsageError
from ..formats.headrules import DEFAULT_HEADS
from ..policy import signature


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


def signature_items(heads: str | os.PathLike[str] | None, ops: str | os.PathLike[str] | None
                    ) -> list[tuple[str, signature.Value]]:
    """The signature's fields of Lin's settings: the head table that converts trees (a
    bundled table or a file, with its hash; ``heads`` None when no input is trees) and the
    ``--ops`` file (``none``); the one home of these fields for ``treeeval lin`` and
    ``treeeval.metrics.Lin``.

    >>> [(key, getattr(value, "name", value)) for key, value in signature_items("collins", None)]
    [('heads', 'collins.heads'), ('ops', 'none')]
    """
    from ..formats.headrules import find_heads
    from .ops import find_ops

    return [("heads", None if heads is None else find_heads(heads)),
            ("ops", find_ops(ops) if ops else "none")]
