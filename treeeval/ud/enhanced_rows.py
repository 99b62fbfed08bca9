"""The enhanced graphs of a scored pair, one gold sentence at a time, as the browser and the
HTML report show them (the one home of their layout): a row per gold word with its gold
edges and the system edges of the system word aligned with it, then a row per system word
aligned with no gold word (placed in the gold sentence where its first character is), with
its system edges.

An edge is ``HEAD:PATH`` (its path after the ``--enhancements`` switches, as scored) and
whether it has a match on the other side under ELAS (:class:`~.enhanced.EnhancedView`): a
gold edge without one is *missed*, a system edge without one *wrong*.  Heads are numbered
as in the gold sentence (:func:`~.words.head_numbers`): ``0`` the root, ``?N`` a system head
that is system word N of its sentence, aligned with no gold word (:data:`UNALIGNED_HEAD`),
``∅`` the no-head of the root word's basic edge that switching off enhancement 1 or 5 puts
in (:data:`NO_HEAD`; it never matches).  The edges are those scored: an edge whose head is an
empty node, which udeval skips, is not there.

>>> import os, tempfile
>>> from treeeval.ud.api import evaluate_ud
>>> from treeeval.ud.enhanced import EnhancedRules
>>> def conllu(rows):
...     return "".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n"
>>> gold = ["1 They they PRON _ _ 2 nsubj 2:nsubj|4:nsubj:xsubj _",
...         "2 like like VERB _ _ 0 root 0:root _", "3 to to PART _ _ 4 mark 4:mark _",
...         "4 swim swim VERB _ _ 2 xcomp 2:xcomp _"]
>>> system = gold[:2] + ["3 to to PART _ _ 4 mark 2:mark _", gold[3]]
>>> folder = tempfile.mkdtemp()
>>> for name, rows in (("gold", gold), ("sys", system)):
...     _ = open(os.path.join(folder, name), "w").write(conllu(rows))
>>> result = evaluate_ud(os.path.join(folder, "gold"), os.path.join(folder, "sys"),
...                      enhanced=EnhancedRules())
>>> sentence = EnhancedRows(result).sentence(0)
>>> for word in sentence.words:
...     print(word.ident, word.form, edges_text(word.gold), "|", edges_text(word.system, "system"))
1 They 2:nsubj 4:nsubj:xsubj | 2:nsubj 4:nsubj:xsubj
2 like 0:root | 0:root
3 to -4:mark | +2:mark
4 swim 2:xcomp | 2:xcomp
>>> sentence.missed, sentence.wrong, EnhancedRows(result).errors().tolist()
(1, 1, [2])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..arrays import BoolArray, IntArray
from .api import UDResult
from .enhanced import GOLD_NONE, NOT_ALIGNED, Edges
from .words import NO_WORD, UNALIGNED_HEAD, head_numbers

#: the head of the no-head edge (the root word's basic edge that enhancements 1 and 5 put in)
NO_HEAD = "∅"
#: the marks of an edge without a match, in plain text: a gold edge missed, a system edge wrong
MISSED, WRONG = "-", "+"
#: how to read the rows (the HTML report's legend; the browser's says the same with marks)
READING = (f"Each gold word's enhanced edges (DEPS, after the --enhancements switches, as "
           f"scored) beside those of the system word aligned with it, as HEAD:PATH, heads "
           f"numbered as in the gold sentence (0: the root; {UNALIGNED_HEAD}N: system word N "
           f"of its sentence, aligned with no gold word; {NO_HEAD}: the no-head of the root "
           f"word's basic edge that switching off enhancement 1 or 5 puts in, never "
           f"matched); {NO_WORD}: no system word is aligned with the gold word. A gold edge "
           "no system edge matches (missed) and a system edge no gold edge matches (wrong), "
           "by ELAS's rule, are marked; an edge whose head is an empty node (udeval skips it) "
           "is not shown. "
           "System words aligned with no gold word follow the gold words, numbered in their "
           "system sentence.")


@dataclass(frozen=True)
class EdgeText:
    """An edge as shown: its head (see the module) and path, and whether it has a match on
    the other side under ELAS."""

    head: str
    path: str
    right: bool

    def __str__(self) -> str:
        return f"{self.head}:{self.path}"


@dataclass(frozen=True)
class EnhancedWord:
    """A row: the word's number (a gold word's in its gold sentence, a system word's in its
    system sentence), its FORM, its gold edges and the system's (None: no system word is
    aligned with the gold word)."""

    ident: int
    form: str
    gold: tuple[EdgeText, ...]
    system: tuple[EdgeText, ...] | None


@dataclass(frozen=True)
class EnhancedSentence:
    """The rows of a gold sentence: its gold words, then the system words aligned with no
    gold word (``extra``; their gold side is empty)."""

    words: tuple[EnhancedWord, ...]
    extra: tuple[EnhancedWord, ...]

    @property
    def missed(self) -> int:
        """Gold edges without a match."""
        return sum(not edge.right for word in self.words for edge in word.gold)

    @property
    def wrong(self) -> int:
        """System edges without a match."""
        return sum(not edge.right for word in self.words + self.extra
                   for edge in word.system or ())


def edges_text(edges: Sequence[EdgeText] | None, side: str = "gold") -> str:
    """Edges in plain text, each without a match after its mark (:data:`MISSED` on the gold
    ``side``, :data:`WRONG` on the system's); None: no word (:data:`~.words.NO_WORD`).

    >>> edges_text([EdgeText("2", "nsubj", True), EdgeText("0", "root", False)])
    '2:nsubj -0:root'
    >>> edges_text([EdgeText("?3", "obj", False)], "system"), edges_text(None)
    ('+?3:obj', '–')
    """
    if edges is None:
        return NO_WORD
    mark = MISSED if side == "gold" else WRONG
    return " ".join(("" if edge.right else mark) + str(edge) for edge in edges)


class EnhancedRows:
    """The rows of every gold sentence of a pair scored with the enhanced rules
    (``result.enhanced``), built for one sentence when asked for."""

    def __init__(self, result: UDResult) -> None:
        if result.enhanced is None:
            raise ValueError("the pair was scored without the enhanced rules (no DEPS edges)")
        self.view = view = result.enhanced
        self.gold, self.system = gold, system = result.gold, result.system
        self.gold_to_system = result.gold_to_system
        self.system_to_gold = view.system_to_gold
        self.word_sentence = gold.word_sentences()
        self.ident = np.arange(gold.words) - gold.sentence_offsets[self.word_sentence] + 1
        #: the gold sentence of each system word: that of its gold word, else the one its
        #: first character is in
        aligned = self.system_to_gold >= 0
        self.system_row = np.where(aligned,
                                   self.word_sentence[np.maximum(self.system_to_gold, 0)],
                                   gold.sentences_at(system.word_start))
        self.system_ident = (np.arange(system.words)
                             - system.sentence_offsets[system.word_sentences()] + 1)
        extra = np.flatnonzero(~aligned)
        self.extra_words, self.extra_rows = extra, self.system_row[extra]
        #: each system edge's head through the alignment (a gold word, :data:`NOT_ALIGNED`
        #: or the system's code), and its number in its system sentence
        head = view.system.head
        mapped = self.system_to_gold[np.maximum(head, 0)]
        self.system_heads = np.where(head >= 0, np.where(mapped >= 0, mapped, NOT_ALIGNED),
                                     head)
        self.system_head_ident = np.where(head >= 0, self.system_ident[np.maximum(head, 0)], 0)
        self.paths = gold.vocabulary.strings
        self.forms = gold.forms.strings, system.forms.strings

    def errors(self) -> IntArray:
        """Per gold sentence, its edges without a match: gold missed plus system wrong."""
        view, size = self.view, self.gold.sentences
        missed = np.bincount(self.word_sentence[view.gold.word[~view.gold_right]],
                             minlength=size)
        wrong = np.bincount(self.system_row[view.system.word[~view.system_right]],
                            minlength=size)
        return (missed + wrong)[:size]

    def sentence(self, index: int) -> EnhancedSentence:
        """The rows of gold sentence ``index`` (0-based)."""
        first, last = (int(i) for i in self.gold.sentence_offsets[index:index + 2])
        words = np.arange(first, last)
        gold = self._gold_edges(words, index)
        system_words = self.gold_to_system[words]
        system = self._system_edges(np.maximum(system_words, 0), index)
        low, high = np.searchsorted(self.extra_rows, [index, index + 1])
        extra = self.extra_words[low:high]
        extra_edges = self._system_edges(extra, index)
        gold_forms, system_forms = self.forms
        return EnhancedSentence(
            tuple(EnhancedWord(int(self.ident[word]), gold_forms[self.gold.form[word]],
                               gold[k], system[k] if system_words[k] >= 0 else None)
                  for k, word in enumerate(words.tolist())),
            tuple(EnhancedWord(int(self.system_ident[word]),
                               system_forms[self.system.form[word]], (), extra_edges[k])
                  for k, word in enumerate(extra.tolist())))

    def _gold_edges(self, words: IntArray, index: int) -> list[tuple[EdgeText, ...]]:
        """The gold edges of each of ``words`` (gold words of sentence ``index``)."""
        edges, right = self.view.gold, self.view.gold_right
        return self._texts(edges, right, words, edges.head, index)

    def _system_edges(self, words: IntArray, index: int) -> list[tuple[EdgeText, ...]]:
        """The system edges of each of ``words`` (system words shown in gold sentence
        ``index``), their heads through the alignment."""
        return self._texts(self.view.system, self.view.system_right, words, self.system_heads,
                           index, self.system_head_ident)

    def _texts(self, edges: Edges, right: BoolArray, words: IntArray, heads: IntArray,
               index: int, system_ident: IntArray | None = None) -> list[tuple[EdgeText, ...]]:
        """The edges of each of ``words`` as text; ``heads``: every edge's head as a gold
        word (or a code), ``system_ident``: every system edge's head's number in its system
        sentence (for a head aligned with no gold word)."""
        starts = np.searchsorted(edges.word, words, "left")
        ends = np.searchsorted(edges.word, words, "right")
        out = []
        for start, end in zip(starts.tolist(), ends.tolist()):
            at = slice(start, end)
            head = heads[at]
            shown = head_numbers(head, np.full(len(head), index), self.word_sentence,
                                 self.ident)
            if system_ident is not None:
                unaligned = head == NOT_ALIGNED
                shown[unaligned] = [f"{UNALIGNED_HEAD}{number}"
                                    for number in system_ident[at][unaligned].tolist()]
            shown[head == GOLD_NONE] = NO_HEAD
            out.append(tuple(EdgeText(text, self.paths[label], bool(ok)) for text, label, ok
                             in zip(shown.tolist(), edges.label[at].tolist(),
                                    right[at].tolist())))
        return out
