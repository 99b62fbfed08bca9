"""evalb_spmrl's own options, as ``treeeval bracket --spmrl`` takes them (kept apart from
:mod:`.spmrl`, which scores with numpy, so that the command line is built without it).

>>> SpmrlOptions(max_lines=5, compact=True).compact_cutoff
False
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SpmrlOptions:
    """evalb_spmrl's own options of a run: ``max_lines`` (-K; None: all), ``compact`` (-L),
    ``compact_cutoff`` (-l: the compact line of the sentences within the cutoff), ``names``
    (-V), and ``status`` (the path of the ``status`` file it writes; None: none).  Its -X
    changes the scoring: it is ``EvalbParams.unparsed``."""

    max_lines: int | None = None
    compact: bool = False
    compact_cutoff: bool = False
    names: bool = False
    status: str | None = None
