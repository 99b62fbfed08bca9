"""The word alignment of ``treeeval ud`` against a word-by-word walk written from the
documented behaviour of the CoNLL 2018 scorer (docs/ud.md)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.ud.alignment import AlignInput, align, invert


def side(tokens: list[str]) -> AlignInput:
    """Tokens as the scorer's tests write them: ``"abc a b c"`` is the multiword token
    ``abc`` with the words a, b, c; ``"ab"`` a plain word."""
    start, end, mwt, forms = [], [], [], []
    offset = 0
    for token in tokens:
        parts = token.split(" ")
        size = len(parts[0])
        words = parts[1:] or parts
        for form in words:
            start.append(offset)
            end.append(offset + size)
            mwt.append(len(parts) > 1)
            forms.append(form)
        offset += size
    return AlignInput(np.array(start, np.int64), np.array(end, np.int64), np.array(mwt, bool),
                      forms)


def walk(gold: AlignInput, system: AlignInput, lowercase: bool = True) -> list[int]:
    """The alignment word by word, as docs/ud.md describes the scorer's walk."""
    result = [-1] * gold.size
    gi = si = 0

    def beyond(s: AlignInput, i: int, end: int) -> bool:
        if i >= s.size:
            return True
        return bool(s.start[i] >= end) if s.mwt[i] else bool(s.end[i] > end)

    while gi < gold.size and si < system.size:
        if not gold.mwt[gi] and not system.mwt[si]:
            if (gold.start[gi], gold.end[gi]) == (system.start[si], system.end[si]):
                result[gi] = si
                gi, si = gi + 1, si + 1
            elif gold.start[gi] <= system.start[si]:
                gi += 1
            else:
                si += 1
            continue
        if gold.mwt[gi]:
            end = gold.end[gi]
            if not system.mwt[si] and system.start[si] < gold.start[gi]:
                si += 1
        else:
            end = system.end[si]
            if gold.start[gi] < system.start[si]:
                gi += 1
        gs, ss = gi, si
        while not beyond(gold, gi, end) or not beyond(system, si, end):
            if gi < gold.size and (si >= system.size or gold.start[gi] <= system.start[si]):
                if gold.mwt[gi]:
                    end = max(end, gold.end[gi])
                gi += 1
            else:
                if system.mwt[si]:
                    end = max(end, system.end[si])
                si += 1
        g_forms = [gold.forms[i].lower() if lowercase else gold.forms[i] for i in range(gs, gi)]
        s_forms = [system.forms[i].lower() if lowercase else system.forms[i]
                   for i in range(ss, si)]
        table = [[0] * (len(s_forms) + 1) for _ in range(len(g_forms) + 1)]
        for g in reversed(range(len(g_forms))):
            for s in reversed(range(len(s_forms))):
                same = table[g + 1][s + 1] + 1 if g_forms[g] == s_forms[s] else 0
                table[g][s] = max(same, table[g + 1][s], table[g][s + 1])
        g = s = 0
        while g < len(g_forms) and s < len(s_forms):
            if g_forms[g] == s_forms[s]:
                result[gs + g] = ss + s
                g, s = g + 1, s + 1
            elif table[g][s] == table[g + 1][s]:
                g += 1
            else:
                s += 1
    return result


CASES = [
    (["a"], ["a"], 1), (["a", "b", "c"], ["a", "b", "c"], 3),
    (["abc a b c"], ["a", "b", "c"], 3), (["a", "bc b c", "d"], ["a", "b", "c", "d"], 4),
    (["abcd a b c d"], ["ab a b", "cd c d"], 4),
    (["abc a b c", "de d e"], ["a", "bcd b c d", "e"], 5),
    (["abcd"], ["a", "b", "c", "d"], 0), (["abc", "d"], ["a", "b", "c", "d"], 1),
    (["a", "bc", "d"], ["a", "b", "c", "d"], 2), (["a", "bc b c", "d"], ["a", "b", "cd"], 2),
    (["abc a BX c", "def d EX f"], ["ab a b", "cd c d", "ef e f"], 4),
    (["ab a b", "cd bc d"], ["a", "bc", "d"], 2),
    (["a", "bc b c", "d"], ["ab AX BX", "cd CX a"], 1),
]


@pytest.mark.parametrize("gold,system,aligned", CASES)
def test_reference_cases(gold: list[str], system: list[str], aligned: int) -> None:
    result = align(side(gold), side(system))
    assert int((result >= 0).sum()) == aligned
    assert result.tolist() == walk(side(gold), side(system))


def test_case_of_forms_inside_mwts() -> None:
    gold, system = side(["Im I M"]), side(["Im i m"])
    assert align(gold, system).tolist() == [0, 1]
    assert align(gold, system, lowercase=False).tolist() == [-1, -1]


def test_invert() -> None:
    assert invert(np.array([2, -1, 0]), 3).tolist() == [2, -1, 0]


@st.composite
def tokenisations(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    text = draw(st.text(alphabet="abAB", min_size=1, max_size=14))

    def tokenise() -> list[str]:
        tokens, at = [], 0
        while at < len(text):
            size = draw(st.integers(1, min(4, len(text) - at)))
            chunk = text[at:at + size]
            if draw(st.integers(0, 3)) == 0:
                words = draw(st.lists(st.sampled_from(["a", "b", "A", "ab", chunk]),
                                      min_size=1, max_size=3))
                tokens.append(" ".join([chunk, *words]))
            else:
                tokens.append(chunk)
            at += size
        return tokens

    return tokenise(), tokenise()


@settings(max_examples=examples(400), deadline=None)
@given(tokenisations())
def test_matches_the_word_by_word_walk(pair: tuple[list[str], list[str]]) -> None:
    gold, system = side(pair[0]), side(pair[1])
    assert align(gold, system).tolist() == walk(gold, system)
    assert align(system, gold).tolist() == walk(system, gold)
