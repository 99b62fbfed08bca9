"""The gold words of a scored pair with both analyses, as the HTML report and the per-label
figure show them: numbered within their gold sentence, HEADs written in the gold sentence's
numbers (a system head is the gold word it is aligned with, by the scorer's rule), and
whether each word is right under LAS.

>>> import os, tempfile
>>> from treeeval.ud.api import evaluate_ud
>>> def conllu(rows):
...     return "".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n"
>>> folder = tempfile.mkdtemp()
>>> for name, rows in (("gold", ["1 Dogs dog NOUN _ _ 2 nsubj _ _",
...                              "2 bark bark VERB _ _ 0 root _ _"]),
...                    ("sys", ["1 Dogs dog NOUN _ _ 0 root _ _",
...                             "2 bark bark VERB _ _ 1 acl:relcl _ _"])):
...     _ = open(os.path.join(folder, name), "w").write(conllu(rows))
>>> words = gold_words(evaluate_ud(os.path.join(folder, "gold"), os.path.join(folder, "sys")))
>>> words.ident.tolist(), words.gold_head.tolist(), words.system_head.tolist()
([1, 2], ['2', '0'], ['0', '1'])
>>> words.system_deprel.tolist(), words.las.tolist(), words.sentence_rows(0)
(['root', 'acl'], [False, False], slice(0, 2, None))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..arrays import BoolArray, IntArray, ObjectArray
from .alignment import corresponding_heads
from .api import UDResult

#: what a system cell shows where the system has no word aligned with the gold word, and
#: where the system head is a word aligned with no gold word
NO_WORD, UNALIGNED_HEAD = "–", "?"


@dataclass(frozen=True)
class GoldWords:
    """One entry per gold word (numpy columns): its sentence, its number in it (from 1), its
    FORM, gold HEAD and DEPREL, the system's (as text: a number in the gold sentence, ``0``
    for the root, :data:`UNALIGNED_HEAD`, or :data:`NO_WORD`), and whether LAS counts it
    right; ``offsets`` are the first word of each gold sentence (and the end)."""

    sentence: IntArray
    ident: IntArray
    form: ObjectArray
    gold_head: ObjectArray
    gold_deprel: ObjectArray
    system_head: ObjectArray
    system_deprel: ObjectArray
    las: BoolArray
    offsets: IntArray

    def sentence_rows(self, sentence: int) -> slice:
        """The words of a gold sentence (0-based)."""
        return slice(int(self.offsets[sentence]), int(self.offsets[sentence + 1]))


def gold_words(result: UDResult) -> GoldWords:
    """The gold words of ``result`` with both analyses (see the module; the texts of a pair
    are the same, so a system without words has a gold file without words)."""
    gold = result.gold
    offsets = np.asarray(gold.sentence_offsets, dtype=np.int64)
    sentence = gold.word_sentences()
    start = offsets[sentence]
    aligned = result.gold_to_system >= 0
    system_word = np.where(aligned, result.gold_to_system, 0)
    heads = corresponding_heads(result.system_head[system_word], result.system_to_gold)
    system_deprel = result.system_deprel[system_word]
    las = aligned & (heads == gold.head) & (gold.deprel == result.system.deprel[system_word])
    ident = np.arange(gold.words) - start + 1
    return GoldWords(sentence, ident, result.gold_form,
                     head_numbers(gold.head, sentence, sentence, ident), result.gold_deprel,
                     np.where(aligned, head_numbers(heads, sentence, sentence, ident), NO_WORD),
                     np.where(aligned, system_deprel, NO_WORD), las, offsets)


def head_numbers(heads: IntArray, sentence: IntArray, word_sentence: IntArray,
                 ident: IntArray) -> ObjectArray:
    """Heads (gold word indices, -1 the root, -2 a word aligned with none) of dependents in
    gold sentences ``sentence``, as text (``word_sentence`` and ``ident``: each gold word's
    sentence and number in it): the head's number in the sentence, ``0`` for the root, or
    ``N in sentence S`` for a head in another gold sentence (where a system joins
    sentences).

    >>> sentence, ident = np.array([0, 0, 1, 1]), np.array([1, 2, 1, 2])
    >>> head_numbers(np.array([-1, 1, -2, 0]), sentence, sentence, ident)
    ... # doctest: +NORMALIZE_WHITESPACE
    array(['0', '2', '?', '1 in sentence 1'], dtype=object)
    """
    at = np.maximum(heads, 0)
    number = ident[at].astype(str).astype(object)
    elsewhere = (heads >= 0) & (word_sentence[at] != sentence)
    number[elsewhere] += (" in sentence "
                          + (word_sentence[at][elsewhere] + 1).astype(str).astype(object))
    number[heads == -1] = "0"
    number[heads == -2] = UNALIGNED_HEAD
    return number
