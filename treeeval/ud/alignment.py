"""Word alignment of the CoNLL 2017/2018 UD scorers.

The scorers walk the gold and system words with one pointer each.  Outside multiword tokens
(MWTs) two words align when their character spans are equal, and the pointer of the word that
starts first moves on (gold on a tie).  When either current word is in an MWT, the scorers
grow a *multiword span* (see :func:`_multiword_region`) and align the words inside it by the
longest common subsequence of their lowercased FORMs.

Here the walk runs only from one multiword span to the next: the stretch in between is a
merge of two sorted span lists, whose end is found with ``searchsorted``, and whose aligned
pairs (equal spans) are found for the whole file at once with numpy.  Python loops only over
multiword spans.

>>> import numpy as np
>>> gold = AlignInput(np.array([0, 0, 2]), np.array([2, 2, 3]), np.array([True, True, False]),
...                   ["i", "am", "x"])
>>> system = AlignInput(np.array([0, 1, 2]), np.array([1, 2, 3]), np.zeros(3, bool),
...                     ["I", "m", "x"])
>>> align(gold, system).tolist()
[0, -1, 2]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ..arrays import BoolArray, IntArray
from ..columnar.spans import equal_spans


class Forms(Protocol):
    """The FORMs of one side's words, by word index (a list, or a lookup on demand)."""

    def __getitem__(self, index: int, /) -> str: ...


@dataclass
class AlignInput:
    """One side of the alignment: word spans, MWT flags, and a way to get a word's FORM."""

    start: IntArray
    end: IntArray
    mwt: BoolArray
    forms: Forms

    @property
    def size(self) -> int:
        return len(self.start)


def align(gold: AlignInput, system: AlignInput, lowercase: bool = True) -> IntArray:
    """For each gold word, the index of its aligned system word, or -1.

    ``lowercase`` compares FORMs inside multiword spans case-insensitively (conll18).
    """
    gold_to_system = np.full(gold.size, -1, np.int64)
    gold_region = np.zeros(gold.size + 1, np.int64)
    system_region = np.zeros(system.size + 1, np.int64)
    gold_next_mwt = _next_true(gold.mwt)
    system_next_mwt = _next_true(system.mwt)
    gi = si = 0
    while True:
        entry = _next_region(gold, system, gold_next_mwt, system_next_mwt, gi, si)
        if entry is None:
            break
        gs, ss, gi, si = _multiword_region(gold, system, *entry)
        gold_region[gs] += 1
        gold_region[gi] -= 1
        system_region[ss] += 1
        system_region[si] -= 1
        for g, s in _lcs_pairs(gold, system, gs, gi, ss, si, lowercase):
            gold_to_system[g] = s
    # outside multiword spans: words with equal spans, neither in an MWT
    gold_plain = np.flatnonzero(~gold.mwt & (np.cumsum(gold_region[:-1]) == 0))
    system_plain = np.flatnonzero(~system.mwt & (np.cumsum(system_region[:-1]) == 0))
    match = equal_spans(gold.start[gold_plain], gold.end[gold_plain],
                         system.start[system_plain], system.end[system_plain])
    gold_to_system[gold_plain[match >= 0]] = system_plain[match[match >= 0]]
    return gold_to_system


def separable(start: IntArray, mwt: BoolArray, cuts: IntArray) -> BoolArray:
    """For characters where both files start a sentence (``cuts``), whether one side (its
    words' ``start`` and ``mwt``) lets the pair be aligned in two parts there: where neither
    side's first word after a cut is in an MWT.  Else the walk, which can leave words of
    one side behind at a cut (a gold ``xc`` passed while the system's ``x`` and ``c`` wait),
    takes them into the multiword span that starts there and may align them with its words.

    >>> separable(np.array([0, 2, 2, 4]), np.array([False, True, True, False]),
    ...           np.array([2, 4])).tolist()
    [False, True]
    """
    first = np.minimum(np.searchsorted(start, cuts), max(len(start) - 1, 0))
    return ~mwt[first] if len(start) else np.ones(len(cuts), bool)


def invert(gold_to_system: IntArray, system_words: int) -> IntArray:
    """The system-to-gold map of an alignment (-1 where a system word is not aligned).

    >>> invert(np.array([1, -1, 2]), 4).tolist()
    [-1, 0, 2, -1]
    """
    system_to_gold = np.full(system_words, -1, np.int64)
    aligned = np.flatnonzero(gold_to_system >= 0)
    system_to_gold[gold_to_system[aligned]] = aligned
    return system_to_gold


def corresponding_heads(system_heads: IntArray, system_to_gold: IntArray) -> IntArray:
    """The gold word each system head corresponds to, by the scorers' rule: -1 for the
    root, -2 for a head aligned with no gold word (so it never equals a gold head).

    >>> corresponding_heads(np.array([-1, 0, 2]), np.array([1, -1, -1])).tolist()
    [-1, 1, -2]
    """
    mapped = np.where(system_heads < 0, -1, system_to_gold[np.maximum(system_heads, 0)])
    return np.where((system_heads >= 0) & (mapped < 0), -2, mapped)


def _next_true(flags: BoolArray) -> IntArray:
    """For each position, the first position at or after it where ``flags`` is True (or
    len(flags)), with one extra entry at the end."""
    size = len(flags)
    positions = np.where(flags, np.arange(size), size)
    return np.append(np.minimum.accumulate(positions[::-1])[::-1], size)


def _next_region(gold: AlignInput, system: AlignInput, gold_next_mwt: IntArray,
                 system_next_mwt: IntArray, gi: int, si: int) -> tuple[int, int] | None:
    """The pointers at which the walk next meets an MWT word, or None if it ends first.

    Between MWTs the walk is a merge by start (gold first on ties; equal spans advance
    together).  The gold pointer reaches its next MWT word gm after gold word gm-1, the
    system pointer its sm after sm-1; whichever comes first in the merge stops the walk.
    """
    if gi >= gold.size or si >= system.size:
        return None
    gm, sm = int(gold_next_mwt[gi]), int(system_next_mwt[si])
    if gm == gi or sm == si:
        return gi, si
    gold_reaches = gm < gold.size
    system_reaches = sm < system.size
    if not gold_reaches and not system_reaches:
        return None
    # merge order: (start, 0) for a gold word, (start, 1) for a system word
    gold_first = gold_reaches and (not system_reaches
                                   or gold.start[gm - 1] <= system.start[sm - 1])
    if gold_first:
        last_start, last_end = gold.start[gm - 1], gold.end[gm - 1]
        s = max(int(np.searchsorted(system.start, last_start)), si)
        if s < sm and system.start[s] == last_start and system.end[s] == last_end:
            s += 1
        return (gm, s) if s < system.size else None
    g = max(int(np.searchsorted(gold.start, system.start[sm - 1], side="right")), gi)
    return (g, sm) if g < gold.size else None


def _multiword_region(gold: AlignInput, system: AlignInput, gi: int,
                      si: int) -> tuple[int, int, int, int]:
    """The multiword span met at (gi, si): its gold words [gs, gi) and system words [ss, si).

    The span's end starts at the end of the current MWT (gold checked first); a plain word
    on the other side that starts before that MWT is skipped.  Then, while either side's
    next word is not beyond the end (an MWT word is beyond when it starts at or after the
    end, a plain word when it ends after it), the word that starts first (gold on a tie) is
    taken, even if beyond, and an MWT word that ends later moves the end out.
    """
    if gold.mwt[gi]:
        end = int(gold.end[gi])
        if not system.mwt[si] and system.start[si] < gold.start[gi]:
            si += 1
    else:
        end = int(system.end[si])
        if not gold.mwt[gi] and gold.start[gi] < system.start[si]:
            gi += 1
    gs, ss = gi, si
    while not _beyond(gold, gi, end) or not _beyond(system, si, end):
        if gi < gold.size and (si >= system.size or gold.start[gi] <= system.start[si]):
            if gold.mwt[gi] and gold.end[gi] > end:
                end = int(gold.end[gi])
            gi += 1
        else:
            if system.mwt[si] and system.end[si] > end:
                end = int(system.end[si])
            si += 1
    return gs, ss, gi, si


def _beyond(side: AlignInput, i: int, end: int) -> bool:
    if i >= side.size:
        return True
    if side.mwt[i]:
        return bool(side.start[i] >= end)
    return bool(side.end[i] > end)


def _lcs_pairs(gold: AlignInput, system: AlignInput, gs: int, ge: int, ss: int, se: int,
               lowercase: bool) -> list[tuple[int, int]]:
    """The word pairs the scorers align inside a multiword span: an LCS of the FORMs,
    traced from the start (equal FORMs align; otherwise skip the gold word when that keeps
    the LCS length, else the system word)."""
    if ge <= gs or se <= ss:
        return []
    gold_forms = [gold.forms[i] for i in range(gs, ge)]
    system_forms = [system.forms[i] for i in range(ss, se)]
    if lowercase:
        gold_forms = [form.lower() for form in gold_forms]
        system_forms = [form.lower() for form in system_forms]
    rows, cols = len(gold_forms), len(system_forms)
    lcs = [[0] * (cols + 1) for _ in range(rows + 1)]
    for g in range(rows - 1, -1, -1):
        row, below = lcs[g], lcs[g + 1]
        for s in range(cols - 1, -1, -1):
            best = below[s + 1] + 1 if gold_forms[g] == system_forms[s] else 0
            row[s] = max(best, below[s], row[s + 1])
    pairs = []
    g = s = 0
    while g < rows and s < cols:
        if gold_forms[g] == system_forms[s]:
            pairs.append((gs + g, ss + s))
            g += 1
            s += 1
        elif lcs[g][s] == lcs[g + 1][s]:
            g += 1
        else:
            s += 1
    return pairs
