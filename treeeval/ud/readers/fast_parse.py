"""The second CoNLL-U reader: a decoded block split with one ``str.split`` and C-level maps.

>>> from treeeval.ud.readers.layout import ReadOptions
>>> block = parse_fast(["1\\ta\\ta\\tX\\t_\\t_\\t0\\troot\\t_\\t_", ""], 1, ReadOptions())
>>> block.token_forms, block.heads.tolist()
(['a'], [0])
>>> parse_fast(["1\\ta", ""], 1, ReadOptions())
Traceback (most recent call last):
...
treeeval.fallback.Fallback: a token line without ten fields
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, repeat

import numpy as np

from ...arrays import BoolArray, IntArray
from ...fallback import Fallback
from .layout import (
    DEPREL,
    DEPS,
    FEATS,
    FORM,
    HEAD,
    ID,
    LEMMA,
    MAX_DIGITS,
    UPOS,
    XPOS,
    ReadOptions,
    multiword_layout,
    sentence_numbering,
    token_lines,
    trees_ok,
)
from .string_block import StringBlock, form_stripper


def _flags(function: Callable[..., object], values: list[str], *arguments: str) -> BoolArray:
    """``function(value, *arguments)`` for every value, as a boolean array (a C-level map)."""
    return np.fromiter(map(function, values, *(repeat(a) for a in arguments)), bool,
                       len(values))


def _integers(fields: list[str]) -> IntArray:
    """Fields of decimal digits as integers; Fallback when one is not plainly a number that
    fits in 64 bits (at most 18 digits: the exact reader then reads the block).

    >>> _integers(["3", "12"]).tolist()
    [3, 12]
    >>> _integers(["1" * 20])
    Traceback (most recent call last):
    ...
    treeeval.fallback.Fallback: a number that is not plainly one of at most 18 digits
    """
    if not all(map(str.isdecimal, fields)) or max(map(len, fields), default=0) > MAX_DIGITS:
        raise Fallback(f"a number that is not plainly one of at most {MAX_DIGITS} digits")
    return np.fromiter(map(int, fields), np.int64, len(fields))


def parse_fast(lines: list[str], first_line: int, options: ReadOptions) -> StringBlock:
    """The block read with one ``str.split`` and C-level maps; Fallback when it is not
    plainly well-formed (for blocks the byte scanner leaves, e.g. FORMs with spaces)."""
    count = len(lines)
    if not count or lines[-1]:
        raise Fallback("a block that does not end with a blank line")
    blank = np.fromiter(map(len, lines), np.int64, count) == 0
    token_line = token_lines(blank, _flags(str.startswith, lines, "#"))
    if token_line is None:
        raise Fallback("a blank line that closes no sentence")
    row_lines = np.flatnonzero(token_line)
    token_text = list(compress(lines, token_line.tolist()))
    tabs = np.fromiter(map(str.count, token_text, repeat("\t")), np.int64, len(token_text))
    if (tabs != 9).any():
        raise Fallback("a token line without ten fields")
    fields = "\t".join(token_text).split("\t")
    ids = fields[ID::10]
    row_sentence = np.cumsum(blank)[row_lines]
    empty_node = _flags(str.__contains__, ids, ".")
    is_range = _flags(str.__contains__, ids, "-") & ~empty_node
    is_word = ~empty_node & ~is_range
    if options.no_empty_nodes and empty_node.any():
        raise Fallback("an empty node, which these rules refuse")
    word_selector = is_word.tolist()

    def word_column(column: int) -> list[str]:
        return list(compress(fields[column::10], word_selector))

    sentences = int(blank.sum())
    sentence_words, offsets, position = sentence_numbering(row_sentence, is_word, sentences)
    word_id, head = _integers(word_column(ID)), _integers(word_column(HEAD))
    if not np.array_equal(word_id, position):
        raise Fallback("an ID out of sequence")
    bounds = [ids[r].split("-") for r in np.flatnonzero(is_range).tolist()]
    if not all(len(b) == 2 for b in bounds):
        raise Fallback("a range ID that is not two numbers")
    start, end = _integers([b[0] for b in bounds]), _integers([b[1] for b in bounds])
    layout = multiword_layout(is_word, is_range, row_sentence, position, start, end)
    if layout is None:
        raise Fallback("a multiword range that does not cover its words")
    stripped = list(map(form_stripper(options), fields[FORM::10]))
    token_forms = list(compress(stripped, layout.row_is_token.tolist()))
    if not all(token_forms):
        raise Fallback("a FORM that is empty without its spaces")
    if not trees_ok(head, row_sentence[is_word], offsets, sentence_words, options):
        raise Fallback("no word, or a sentence that is not a tree")
    word_forms = list(compress(stripped, word_selector))
    raw_forms = fields[FORM::10]
    mwt_words = np.flatnonzero(layout.word_mwt)
    for word, row in zip(mwt_words.tolist(), np.flatnonzero(is_word)[mwt_words].tolist()):
        word_forms[word] = raw_forms[row]
    sentence_tokens = np.bincount(row_sentence[layout.row_is_token], minlength=sentences)
    first_rows = np.concatenate(([0], np.cumsum(np.bincount(row_sentence, minlength=sentences))))
    block = StringBlock(
        token_forms=token_forms, sentence_tokens=sentence_tokens.tolist(),
        sentence_words=sentence_words.tolist(),
        sentence_line=(row_lines[first_rows[:-1]] + first_line).tolist(),
        word_token=layout.word_token, word_mwt=layout.word_mwt, forms=word_forms,
        lemma=word_column(LEMMA), upos=word_column(UPOS), xpos=word_column(XPOS),
        feats=word_column(FEATS), deprel=word_column(DEPREL), heads=head)
    if options.deps:
        block.deps, block.word_line = word_column(DEPS), row_lines[is_word] + first_line
    return block
