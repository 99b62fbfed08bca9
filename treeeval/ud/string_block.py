"""One block of a CoNLL-U file as strings, as the two string readers fill it before interning.

>>> from treeeval.ud.layout import ReadOptions
>>> StringBlock().token_forms, form_stripper(ReadOptions())(" a b ")
([], 'ab')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .layout import ReadOptions
from .rules import strip_ascii_spaces, strip_spaces


@dataclass
class StringBlock:
    """The tokens, words and sentences of one block, as strings (before interning)."""

    token_forms: list[str] = field(default_factory=list)
    sentence_tokens: list[int] = field(default_factory=list)
    sentence_words: list[int] = field(default_factory=list)
    sentence_line: list[int] = field(default_factory=list)
    word_token: list[int] | np.ndarray = field(default_factory=list)
    word_mwt: list[bool] | np.ndarray = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    lemma: list[str] = field(default_factory=list)
    upos: list[str] = field(default_factory=list)
    xpos: list[str] = field(default_factory=list)
    feats: list[str] = field(default_factory=list)
    deprel: list[str] = field(default_factory=list)
    heads: list[int] | np.ndarray = field(default_factory=list)


def form_stripper(options: ReadOptions) -> Callable[[str], str]:
    return strip_ascii_spaces if options.conll17 else strip_spaces
