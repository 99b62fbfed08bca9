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

from bisect import bisect_left, bisect_right
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
    if gold.mwt.any() or system.mwt.any():
        spans, pairs = _walk(_Walk.of(gold), _Walk.of(system), lowercase)
        if spans:
            gs, gi, ss, si = np.array(spans, np.int64).T
            np.add.at(gold_region, gs, 1)
            np.add.at(gold_region, gi, -1)
            np.add.at(system_region, ss, 1)
            np.add.at(system_region, si, -1)
        if pairs:
            aligned = np.array(pairs, np.int64)
            gold_to_system[aligned[:, 0]] = aligned[:, 1]
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


@dataclass
class _Walk:
    """One side of the walk from one multiword span to the next, as Python lists (the walk
    reads single words, which numpy's scalar indexing would make several times as slow):
    the words' spans, MWT flags, FORMs, and the first MWT word at or after each word."""

    start: list[int]
    end: list[int]
    mwt: list[bool]
    forms: Forms
    size: int
    next_mwt: list[int]

    @classmethod
    def of(cls, side: AlignInput) -> _Walk:
        return cls(side.start.tolist(), side.end.tolist(), side.mwt.tolist(), side.forms,
                   side.size, _next_true(side.mwt).tolist())


def _walk(gold: _Walk, system: _Walk, lowercase: bool
          ) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int]]]:
    """The multiword spans (gold words [gs, ge), system words [ss, se)), in order, and the
    word pairs aligned inside them."""
    spans: list[tuple[int, int, int, int]] = []
    pairs: list[tuple[int, int]] = []
    gi = si = 0
    while (entry := _next_region(gold, system, gi, si)) is not None:
        gs, ss, gi, si = _multiword_region(gold, system, *entry)
        spans.append((gs, gi, ss, si))
        pairs += _lcs_pairs(gold, system, gs, gi, ss, si, lowercase)
    return spans, pairs


def _next_region(gold: _Walk, system: _Walk, gi: int, si: int) -> tuple[int, int] | None:
    """The pointers at which the walk next meets an MWT word, or None if it ends first.

    Between MWTs the walk is a merge by start (gold first on ties; equal spans advance
    together).  The gold pointer reaches its next MWT word gm after gold word gm-1, the
    system pointer its sm after sm-1; whichever comes first in the merge stops the walk.
    """
    if gi >= gold.size or si >= system.size:
        return None
    gm, sm = gold.next_mwt[gi], system.next_mwt[si]
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
        s = bisect_left(system.start, last_start, si)
        if s < sm and system.start[s] == last_start and system.end[s] == last_end:
            s += 1
        return (gm, s) if s < system.size else None
    g = bisect_right(gold.start, system.start[sm - 1], gi)
    return (g, sm) if g < gold.size else None


def _multiword_region(gold: _Walk, system: _Walk, gi: int,
                      si: int) -> tuple[int, int, int, int]:
    """The multiword span met at (gi, si): its gold words [gs, gi) and system words [ss, si).

    The span's end starts at the end of the current MWT (gold checked first); a plain word
    on the other side that starts before that MWT is skipped.  Then, while either side's
    next word is not beyond the end (an MWT word is beyond when it starts at or after the
    end, a plain word when it ends after it), the word that starts first (gold on a tie) is
    taken, even if beyond, and an MWT word that ends later moves the end out.
    """
    if gold.mwt[gi]:
        end = gold.end[gi]
        if not system.mwt[si] and system.start[si] < gold.start[gi]:
            si += 1
    else:
        end = system.end[si]
        if not gold.mwt[gi] and gold.start[gi] < system.start[si]:
            gi += 1
    gs, ss = gi, si
    while not _beyond(gold, gi, end) or not _beyond(system, si, end):
        if gi < gold.size and (si >= system.size or gold.start[gi] <= system.start[si]):
            if gold.mwt[gi] and gold.end[gi] > end:
                end = gold.end[gi]
            gi += 1
        else:
            if system.mwt[si] and system.end[si] > end:
                end = system.end[si]
            si += 1
    return gs, ss, gi, si


def _beyond(side: _Walk, i: int, end: int) -> bool:
    if i >= side.size:
        return True
    if side.mwt[i]:
        return side.start[i] >= end
    return side.end[i] > end


def _lcs_pairs(gold: _Walk, system: _Walk, gs: int, ge: int, ss: int, se: int,
               lowercase: bool) -> list[tuple[int, int]]:
    """The word pairs the scorers align inside a multiword span: an LCS of the FORMs,
    traced from the start (equal FORMs align; otherwise skip the gold word when that keeps
    the LCS length, else the system word).  Equal FORMs all along (the common case: an MWT
    split alike on both sides) align one to one, without the table."""
    if ge <= gs or se <= ss:
        return []
    gold_forms = [gold.forms[i] for i in range(gs, ge)]
    system_forms = [system.forms[i] for i in range(ss, se)]
    if lowercase:
        gold_forms = [form.lower() for form in gold_forms]
        system_forms = [form.lower() for form in system_forms]
    if gold_forms == system_forms:
        return list(zip(range(gs, ge), range(ss, se)))
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
