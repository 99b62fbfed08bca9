"""What a ``treeeval errors`` run does, as one frozen settings object: the gold file and the
test files, the ``-p`` files whose deletions replace the classifier's own, and the report's
options.

>>> settings = ErrorsSettings("gold.mrg", ("a.mrg", "b.mrg"), json=True)
>>> settings.several, settings.inputs
(True, ['gold.mrg', 'a.mrg', 'b.mrg'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..policy import signature

if TYPE_CHECKING:
    from ..bracket.params import EvalbParams


@dataclass(frozen=True)
class ErrorsSettings:
    """One errors run: ``gold`` and the ``tests``; ``prms`` the parameter files (found
    already: bundled ones by name) whose DELETE_LABEL lines replace the classifier's
    deletion of -NONE- and punctuation; ``json``; ``per_sentence`` (a JSON Lines file of
    every sentence's repairs); ``signature``; ``spmrl`` (``--spmrl``: labels read as
    evalb_spmrl reads them, ``classify_errors``)."""

    gold: str
    tests: tuple[str, ...]
    prms: tuple[Path, ...] = ()
    json: bool = False
    per_sentence: str | None = None
    signature: bool = False
    spmrl: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "tests", tuple(self.tests))
        object.__setattr__(self, "prms", tuple(self.prms))
        if not self.tests:
            raise UsageError("expected GOLD and at least one TEST file, got 1 file argument(s)")

    @property
    def several(self) -> bool:
        """Whether several test files are classified."""
        return len(self.tests) > 1

    @property
    def inputs(self) -> list[str | Path]:
        """Every file the run reads (what ``--per-sentence`` and ``--html`` never write
        over)."""
        return [self.gold, *self.tests, *self.prms]


def signature_items(prms: Sequence[Path], params: EvalbParams | None, spmrl: bool = False
                    ) -> list[tuple[str, signature.Value]]:
    """The signature's fields of the classifier's settings: the ``-p`` files (found already,
    with their hashes), the hash of the deletions ``params`` makes (its DELETE_LABEL and
    EQ_LABEL lines; ``builtin``: the classifier's own deletion of -NONE- and punctuation)
    and, when labels are read as evalb_spmrl reads them (``spmrl``, or ``params`` naming
    its rules), ``rules:spmrl``; the one home of these fields for ``treeeval errors`` and
    ``treeeval.metrics.ErrorClasses``.

    >>> signature_items([], None), signature_items([], None, spmrl=True)[2:]
    ([('prm', 'none'), ('del', 'builtin')], [('rules', 'spmrl')])
    """
    settings = None if params is None else params.to_dict()
    deleted = "builtin" if settings is None else signature.digest(
        {key: settings[key] for key in ("delete_label", "eq_label")})
    items: list[tuple[str, signature.Value]] = [("prm", list(prms) or "none"), ("del", deleted)]
    if spmrl or (params is not None and params.spmrl):
        items.append(("rules", "spmrl"))
    return items
