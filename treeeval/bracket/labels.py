"""How a label is cut before it is compared: EVALB cuts at the first ``-`` or ``=``
(its modify_label), evalb_spmrl at the first ``-``, ``=`` or ``#`` (features such as
``NP##gen=f##`` go too).  The one home of both cuts, for the exact engine and the fast
kernel (which cuts eight bytes at a time at the same ``marks``).

>>> cut = label_cut(spmrl=True)
>>> cut.marks, cut(b"NP##gen=f|num=sg##"), label_cut(spmrl=False)(b"NP##gen=f")
(b'-=#', b'NP', b'NP##gen')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def truncate_label(label: bytes) -> bytes:
    """Cut a nonterminal label at its first '-' or '=' (EVALB's modify_label).

    >>> truncate_label(b"NP-SBJ-1"), truncate_label(b"VP=2"), truncate_label(b"-NONE-")
    (b'NP', b'VP', b'')
    """
    for position, char in enumerate(label):
        if char == 0x2D or char == 0x3D:
            return label[:position]
    return label


def spmrl_label(label: bytes) -> bytes:
    """A label cut at its first '-', '=' or '#' (evalb_spmrl's modify_label).

    >>> spmrl_label(b"NP##gen=f|num=sg##"), spmrl_label(b"-LRB-"), spmrl_label(b"PP-LOC")
    (b'NP', b'', b'PP')
    """
    for position, char in enumerate(label):
        if char in (0x2D, 0x3D, 0x23):
            return label[:position]
    return label


@dataclass(frozen=True)
class LabelCut:
    """A label cut: the bytes it cuts at (``marks``) and the cut itself (``cut``)."""

    marks: bytes
    cut: Callable[[bytes], bytes]

    def __call__(self, label: bytes) -> bytes:
        return self.cut(label)


def label_cut(spmrl: bool) -> LabelCut:
    """EVALB's cut, or evalb_spmrl's (``spmrl``)."""
    return _SPMRL if spmrl else _EVALB


_EVALB = LabelCut(b"-=", truncate_label)
_SPMRL = LabelCut(b"-=#", spmrl_label)
