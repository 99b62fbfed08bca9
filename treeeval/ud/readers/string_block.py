"""One block of a CoNLL-U file as strings, as the two string readers fill it before interning.

>>> from treeeval.ud.readers.layout import ReadOptions
>>> StringBlock().token_forms, form_stripper(ReadOptions())(" a b ")
([], 'ab')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules import strip_ascii_spaces, strip_spaces
from .layout import ReadOptions

if TYPE_CHECKING:
    from ...arrays import BoolArray, IntArray


@dataclass
class StringBlock:
    """The tokens, words and sentences of one block, as strings (before interning); the
    fast reader gives ``word_token``, ``word_mwt``, ``heads`` and ``word_line`` as arrays, the
    exact one as lists (``deps`` and ``word_line`` are filled when read with ``deps``)."""

    token_forms: list[str] = field(default_factory=list)
    sentence_tokens: list[int] = field(default_factory=list)
    sentence_words: list[int] = field(default_factory=list)
    sentence_line: list[int] = field(default_factory=list)
    word_token: list[int] | IntArray = field(default_factory=list)
    word_mwt: list[bool] | BoolArray = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    lemma: list[str] = field(default_factory=list)
    upos: list[str] = field(default_factory=list)
    xpos: list[str] = field(default_factory=list)
    feats: list[str] = field(default_factory=list)
    deprel: list[str] = field(default_factory=list)
    heads: list[int] | IntArray = field(default_factory=list)
    deps: list[str] = field(default_factory=list)
    word_line: list[int] | IntArray = field(default_factory=list)


def form_stripper(options: ReadOptions) -> Callable[[str], str]:
    return strip_ascii_spaces if options.conll17 else strip_spaces
