"""The structure of a block of CoNLL-U lines, worked out with numpy on per-line flags.

Shared by the two vectorised readers (:mod:`.scan` on bytes, :mod:`.reading` on strings):
which lines are comments and tokens, which words belong to which multiword token, and
whether every sentence is a tree.  Each function returns None (or False) where the block is
not plainly well-formed; the line-by-line reader then finds the exact error.

>>> blank = np.array([False, False, False, True])
>>> hashed = np.array([True, False, False, False])
>>> token_lines(blank, hashed).tolist()
[False, True, True, False]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...arrays import BoolArray, Int32Array, IntArray

#: CoNLL-U column indices
ID, FORM, LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL, DEPS = range(9)

#: the most digits of an ID or HEAD the numpy readers take (any such number fits in 64 bits;
#: longer ones go to the exact reader, which reads them as Python integers)
MAX_DIGITS = 18


@dataclass(frozen=True)
class ReadOptions:
    """How to read: ``conll17`` rules (ASCII spaces only, literal FEATS); whether a sentence
    may have several roots (the reference scorers refuse it); ``deps``: keep each word's
    DEPS and line (for the enhanced metrics); ``no_empty_nodes``: an empty node is an error
    (udeval's ``--no-empty-nodes``, and iwpt20_xud_eval.py always), where the others skip
    it."""

    conll17: bool = False
    multiple_roots_okay: bool = False
    deps: bool = False
    no_empty_nodes: bool = False


@dataclass
class BlockColumns:
    """One block, interned: what the column builder appends (heads are sentence-relative,
    token lengths in characters, ``text`` the tokens' FORMs without spaces; ``deps`` and
    ``word_line``, each word's DEPS and line, only when read with ``deps``)."""

    text: str
    token_chars: IntArray
    sentence_tokens: IntArray
    sentence_words: IntArray
    sentence_line: IntArray
    word_token: IntArray
    word_mwt: BoolArray
    form: Int32Array
    lemma: Int32Array
    upos: Int32Array
    xpos: Int32Array
    feats: Int32Array
    deprel: Int32Array
    heads: IntArray
    deps: Int32Array = field(default_factory=lambda: np.zeros(0, np.int32))
    word_line: IntArray = field(default_factory=lambda: np.zeros(0, np.int64))


def token_lines(blank: BoolArray, hashed: BoolArray) -> BoolArray | None:
    """Which lines are token lines, given which are blank and which start with ``#``.

    A ``#`` line is a comment when only ``#`` lines lie between it and the previous blank
    line (as the scorers read: comments only between sentences).  None when a blank line
    does not close a sentence holding a token line (a double blank line, say).
    """
    count = len(blank)
    index = np.arange(count)
    last_plain = np.maximum.accumulate(np.where(hashed, -1, index))
    before = np.concatenate(([-1], last_plain[:-1]))
    comment = hashed & ((before < 0) | blank[np.maximum(before, 0)])
    token = ~blank & ~comment
    last_kept = np.maximum.accumulate(np.where(comment, -1, index))
    closing = np.concatenate(([-1], last_kept[:-1]))[blank]
    if (closing < 0).any() or not token[closing].all():
        return None
    return token


@dataclass
class MultiwordLayout:
    """Words and tokens of a block: which words are in an MWT, each word's token."""

    word_mwt: BoolArray
    word_token: IntArray
    row_is_token: BoolArray


def multiword_layout(is_word: BoolArray, is_range: BoolArray, row_sentence: IntArray,
                     position: IntArray, start: IntArray,
                     end: IntArray) -> MultiwordLayout | None:
    """The words of each range ``start-end``: the next end-start+1 word rows of its
    sentence, which must be numbered ``start`` onwards and hold no other range."""
    words = int(is_word.sum())
    word_sentence = row_sentence[is_word]
    word_rank: IntArray = np.cumsum(is_word) - is_word  # word rows before each row
    range_rows = np.flatnonzero(is_range)
    size = end - start + 1
    first_word = word_rank[range_rows]
    last_word = first_word + size - 1
    if len(range_rows):
        if (size < 1).any() or (last_word >= words).any():
            return None
        if (position[first_word] != start).any():
            return None
        if (word_sentence[last_word] != row_sentence[range_rows]).any():
            return None
        if (first_word[1:] <= last_word[:-1]).any():
            return None
    in_mwt = np.zeros(words + 1, np.int64)
    np.add.at(in_mwt, first_word, 1)
    np.add.at(in_mwt, last_word + 1, -1)
    word_mwt = np.cumsum(in_mwt[:-1]) > 0
    word_rows = np.flatnonzero(is_word)
    row_is_token = is_range.copy()
    row_is_token[word_rows[~word_mwt]] = True
    token_of_row = np.cumsum(row_is_token) - 1
    word_token = token_of_row[word_rows]
    mwt_words = np.flatnonzero(word_mwt)
    range_of_word = np.searchsorted(range_rows, word_rows[mwt_words]) - 1
    word_token[mwt_words] = token_of_row[range_rows[range_of_word]]
    return MultiwordLayout(word_mwt, word_token, row_is_token)


def trees_ok(head: IntArray, word_sentence: IntArray, offsets: IntArray,
             sizes: IntArray, options: ReadOptions) -> bool:
    """Whether every sentence is a tree (one root unless several are allowed).

    >>> trees_ok(np.array([2, 0, 2]), np.zeros(3, int), np.array([0, 3]), np.array([3]),
    ...          ReadOptions())
    True
    """
    if not len(head):
        return False
    if (head > sizes[word_sentence]).any():
        return False
    roots = np.bincount(word_sentence[head == 0], minlength=len(sizes))
    if (roots < 1).any() or (not options.multiple_roots_okay and (roots != 1).any()):
        return False
    # pointer jumping: every word must reach the root within log2(longest sentence) steps
    virtual_root = len(head)
    parent = np.where(head == 0, virtual_root, offsets[word_sentence] + head - 1)
    parent = np.append(parent, virtual_root)
    for _ in range(int(sizes.max()).bit_length() + 1):
        parent = parent[parent]
    return bool((parent == virtual_root).all())


def sentence_numbering(row_sentence: IntArray, is_word: BoolArray,
                       sentences: int) -> tuple[IntArray, IntArray, IntArray]:
    """Words per sentence, word offsets, and each word's 1-based position in its sentence."""
    word_sentence = row_sentence[is_word]
    sentence_words = np.bincount(word_sentence, minlength=sentences)
    offsets = np.concatenate(([0], np.cumsum(sentence_words)))
    position = np.arange(len(word_sentence)) - offsets[word_sentence] + 1
    return sentence_words, offsets, position
