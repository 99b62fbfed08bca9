"""A bracketed line re-tokenised as a tokeniser other than the gold's would: for the tests of
``treeeval bracket --align`` (tests/unit/bracket/test_align.py, tests/parity/test_align_wsj22.py).

Each preterminal ``(TAG word)`` may be split into two (both under the same parent, with the
same tag), merged with the preterminal right after it (same parent: nothing but white
space between them; the first one's tag), or get another spelling of the same text (a quote
or a bracket escape).  Only words of letters and digits are split or merged, and only when
their tags are not in ``deleted`` (a word EVALB deletes merged with one it keeps would
move a bracket's first or last character), so a perfect parse stays perfect.

>>> import random
>>> retokenise("(S (NP (NN ab) (NN cd)) (`` ``))", random.Random(1), split=1.0, merge=0.0)
'(S (NP (NN a) (NN b) (NN c) (NN d)) (`` "))'
"""

from __future__ import annotations

import random
import re

#: another spelling of the same normalised text (treeeval.bracket.align.ESCAPES)
RESPELL = {"``": '"', "''": '"', "`": "'", "-LCB-": "{", "-RCB-": "}", "-LSB-": "[", "-RSB-": "]"}
PRETERMINAL = re.compile(r"\(([^\s()]+) ([^\s()]+)\)")
PLAIN = re.compile(r"[A-Za-z0-9]+")


def retokenise(line: str, rng: random.Random, *, split: float = 0.1, merge: float = 0.1,
               respell: float = 0.5, deleted: frozenset[str] = frozenset()) -> str:
    """``line`` with its preterminals split, merged and respelled at random (the rates are
    each preterminal's chances)."""
    found = list(PRETERMINAL.finditer(line))
    out: list[str] = []
    done = 0
    k = 0
    while k < len(found):
        match = found[k]
        tag, word = match.group(1), match.group(2)
        out.append(line[done:match.start()])
        done = match.end()
        plain = PLAIN.fullmatch(word) is not None and tag not in deleted
        following = found[k + 1] if k + 1 < len(found) else None
        if (following is not None and plain and rng.random() < merge
                and not line[match.end():following.start()].strip()
                and PLAIN.fullmatch(following.group(2)) and following.group(1) not in deleted):
            out.append(f"({tag} {word}{following.group(2)})")
            done = following.end()
            k += 2
            continue
        if plain and len(word) >= 2 and rng.random() < split:
            cut = rng.randrange(1, len(word))
            out.append(f"({tag} {word[:cut]}) ({tag} {word[cut:]})")
        elif word in RESPELL and rng.random() < respell:
            out.append(f"({tag} {RESPELL[word]})")
        else:
            out.append(match.group(0))
        k += 1
    out.append(line[done:])
    return "".join(out)
