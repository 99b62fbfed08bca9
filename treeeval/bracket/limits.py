"""EVALB's fixed array sizes (and evalb_spmrl's larger ones): a line that would overflow
one is left to the exact engine.

The fast kernel has limits of its own: it packs a word position into a byte, so a line of
more than MAX_WORDS kept words falls back under either program's rules.

>>> MAX_WORDS, MAX_LABEL_BYTES, limits_of(spmrl=True).label_bytes
(200, 29, 299)
"""

from __future__ import annotations

from dataclasses import dataclass

#: EVALB's array sizes: per line, kept words and brackets; bytes of a label or word
#: (without its NUL); quote terms; longest line fgets reads whole (5000-byte buffer)
MAX_WORDS = 200
MAX_BRACKETS = 200
MAX_LABEL_BYTES = 29
MAX_WORD_BYTES = 99
MAX_QUOTE_TERMS = 20
MAX_LINE_BYTES = 4998


@dataclass(frozen=True)
class Limits:
    """What a line may hold and still be scored by the fast kernel."""

    words: int
    brackets: int
    label_bytes: int
    word_bytes: int
    quote_terms: int
    line_bytes: int


_EVALB = Limits(MAX_WORDS, MAX_BRACKETS, MAX_LABEL_BYTES, MAX_WORD_BYTES, MAX_QUOTE_TERMS,
                MAX_LINE_BYTES)
#: evalb_spmrl's labels hold up to 299 bytes and its fgets reads lines of up to 49,999
#: (longer ones come in pieces: ``columnar.blocks.FgetsReader``); words and brackets stay
#: within the kernel's own limit
_SPMRL = Limits(MAX_WORDS, MAX_BRACKETS, 299, MAX_WORD_BYTES, MAX_QUOTE_TERMS, 49_999)


def limits_of(spmrl: bool) -> Limits:
    """The limits under EVALB's rules or evalb_spmrl's."""
    return _SPMRL if spmrl else _EVALB
