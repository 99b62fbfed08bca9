"""The metrics of the CoNLL 2018 (and 2017) UD scorers, computed on whole files at once.

Every metric is a :class:`Score` of four counts (correct, gold, system, aligned), and the
same counts per gold sentence (system words are given to the gold sentence their first
character falls in), so that the per-sentence rows add up to the totals.

A gold word and its aligned system word *correspond in their heads* when both are roots or
when the system head is aligned with the gold head; a system head that is not aligned never
corresponds.  MLAS compares the lists of functional children (in word order), each child by
its alignment, DEPREL, UPOS and UFeats.

>>> Score(correct=3, gold=4, system=5, aligned=3).f1
66.66666666666666
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from ..arrays import AnyArray, BoolArray, FloatArray, IntArray
from ..columnar.spans import equal_spans
from .alignment import corresponding_heads, invert
from .rules import CONLL17_NON_CONTENT, CONTENT_RELATIONS, FUNCTION_RELATIONS
from .treebank import UDTreebank

#: the rows of the conll18 report, in order
CONLL18_METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags",
                   "Lemmas", "UAS", "LAS", "CLAS", "MLAS", "BLEX")
#: the rows of the conll17 report, in order (WeightedLAS follows when weights are given)
CONLL17_METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "Feats", "AllTags",
                   "Lemmas", "UAS", "LAS", "CLAS")


@dataclass(frozen=True)
class Score:
    """One row of the report: counts, and the rates the scorers print, in percent.

    Each rate is 100 times the fraction the CoNLL scorers compute (``correct / system``,
    ``correct / gold``, ``2 * correct / (system + gold)``, ``correct / aligned``), the very
    number their reports format, so ``f"{score.f1:.2f}"`` is what they print; a rate over
    nothing is 0, as theirs (``aligned_accuracy`` is None for a row without alignment).
    Averages over treebanks are taken over the fractions (:func:`f1_fraction`), as the
    shared tasks took them.

    >>> score = Score(correct=3, gold=4, system=5, aligned=3)
    >>> score.precision, score.recall, score.aligned_accuracy, round(score.f1, 4)
    (60.0, 75.0, 100.0, 66.6667)
    """

    correct: float
    gold: float
    system: float
    aligned: float | None = None

    @property
    def precision(self) -> float:
        return 100 * (self.correct / self.system) if self.system else 0.0

    @property
    def recall(self) -> float:
        return 100 * (self.correct / self.gold) if self.gold else 0.0

    @property
    def f1(self) -> float:
        return 100 * f1_fraction(self)

    @property
    def aligned_accuracy(self) -> float | None:
        if self.aligned is None:
            return None
        return 100 * (self.correct / self.aligned) if self.aligned else 0.0


def f1_fraction(score: Score) -> float:
    """A score's F1 as the CoNLL scorers compute it, a fraction (their reports print 100
    times it, :attr:`Score.f1`): what the shared tasks averaged over treebanks and the
    official wrapper rounds, so that treeeval's averages equal theirs to the last bit.

    >>> f1_fraction(Score(3, 4, 5)), f1_fraction(Score(0, 0, 0))
    (0.6666666666666666, 0.0)
    """
    total = score.system + score.gold
    return 2 * score.correct / total if total else 0.0


@dataclass
class UDScores:
    """The scores of one gold/system pair: totals and per-gold-sentence counts, and whether
    they follow the 2017 rules; what every UD scoring returns (the file API's
    :class:`~.api.UDResult` adds the words behind them, ``treeeval.metrics.UD`` returns it
    as it is).

    ``per_sentence[metric]`` has one row per gold sentence and the columns correct, gold,
    system, aligned (int64 counts; float64 sums of weights for WeightedLAS).
    """

    scores: dict[str, Score]
    per_sentence: dict[str, AnyArray]
    conll17: bool = False


#: the rows of the report without an aligned count (nothing is aligned before them)
WITHOUT_ALIGNED = frozenset(("Tokens", "Sentences", "Words"))


def scores_of_rows(per_sentence: Mapping[str, IntArray],
                   without_aligned: frozenset[str] = WITHOUT_ALIGNED) -> dict[str, Score]:
    """The scores of per-sentence rows of integer counts (every metric but WeightedLAS,
    whose counts are running sums of floats, see :class:`WeightedWords`); the metrics of
    ``without_aligned`` have no aligned count (udeval's ELAS and EULAS neither).

    >>> scores_of_rows({"Words": np.array([[1, 2, 2, 1]]), "LAS": np.array([[1, 2, 2, 1]])})
    {'Words': Score(correct=1, gold=2, system=2, aligned=None), 'LAS': Score(correct=1, gold=2, system=2, aligned=1)}
    """
    scores = {}
    for name, rows in per_sentence.items():
        correct, gold, system, aligned = (int(total) for total in rows.sum(axis=0))
        scores[name] = Score(correct, gold, system, None if name in without_aligned else aligned)
    return scores


@dataclass
class AlignedPairs:
    """The aligned word pairs of a scored pair (``gold[i]`` with ``system[i]``), the
    system-to-gold map, and whether each pair is right under UAS and under LAS."""

    gold: IntArray
    system: IntArray
    system_to_gold: IntArray
    uas: BoolArray
    las: BoolArray


def aligned_pairs(gold: UDTreebank, system: UDTreebank, gold_to_system: IntArray) -> AlignedPairs:
    """The aligned pairs of an alignment, with their attachment (a gold word and its system
    word agree in their heads when both are roots or the system head is aligned with the
    gold head; LAS also asks for the same universal DEPREL)."""
    aligned_gold = np.flatnonzero(gold_to_system >= 0)
    aligned_system = gold_to_system[aligned_gold]
    system_to_gold = invert(gold_to_system, system.words)
    uas = gold.head[aligned_gold] == corresponding_heads(system.head[aligned_system],
                                                         system_to_gold)
    las = uas & (gold.deprel[aligned_gold] == system.deprel[aligned_system])
    return AlignedPairs(aligned_gold, aligned_system, system_to_gold, uas, las)


@dataclass
class WeightedWords:
    """conll17's WeightedLAS word by word: the DEPREL weight of every gold and every system
    word, and for every gold word whether it is aligned and whether it is right under LAS.
    The counts are running sums in word order, as the 2017 scorer adds them, so two stretches
    of a file give the counts of the whole file once their words are joined
    (:meth:`join`), not once their sums are added."""

    gold_weight: FloatArray
    system_weight: FloatArray
    aligned: BoolArray
    correct: BoolArray

    def score(self, gold_sentence: IntArray, system_sentence: IntArray,
              sentences: int) -> tuple[Score, AnyArray]:
        """The WeightedLAS score and its per-sentence rows (the gold sentence of every gold
        and every system word given)."""
        def total(values: FloatArray) -> float:
            with np.errstate(invalid="ignore"):  # inf - inf: nan, silently, as in Python
                return float(np.cumsum(values)[-1]) if len(values) else 0

        aligned_gold = np.flatnonzero(self.aligned)
        correct = self.correct[aligned_gold]
        at = gold_sentence[aligned_gold]
        aligned_weight = self.gold_weight[aligned_gold]
        size = sentences
        rows = np.stack([np.bincount(at, np.where(correct, aligned_weight, 0.0), size)[:size],
                         np.bincount(gold_sentence, self.gold_weight, size)[:size],
                         np.bincount(system_sentence, self.system_weight, size)[:size],
                         np.bincount(at, aligned_weight, size)[:size]], 1)
        return Score(total(aligned_weight[correct]), total(self.gold_weight),
                     total(self.system_weight), total(aligned_weight)), rows

    def plain(self) -> dict[str, list[Any]]:
        """The terms as lists of floats and booleans (JSON carries them exactly)."""
        return {field.name: getattr(self, field.name).tolist() for field in fields(self)}

    @classmethod
    def from_plain(cls, data: Mapping[str, list[Any]]) -> WeightedWords:
        """The terms :meth:`plain` gave.

        >>> words = WeightedWords(np.array([0.1]), np.array([]), np.array([True]), np.array([False]))
        >>> WeightedWords.from_plain(words.plain()).system_weight.dtype
        dtype('float64')
        """
        return cls(np.array(data["gold_weight"], np.float64),
                   np.array(data["system_weight"], np.float64),
                   np.array(data["aligned"], bool), np.array(data["correct"], bool))

    @classmethod
    def join(cls, parts: list[WeightedWords]) -> WeightedWords:
        """The terms of consecutive stretches of a pair as those of the whole."""
        return cls(*(np.concatenate([getattr(part, field.name) for part in parts])
                     for field in fields(cls)))


def weighted_words(gold: UDTreebank, system: UDTreebank, pairs: AlignedPairs,
                   weights: dict[str, float]) -> WeightedWords:
    """The WeightedLAS terms of a scored pair (a DEPREL without a weight weighs 1)."""
    weight = gold.vocabulary.weights(weights, 1.0)
    aligned = np.zeros(gold.words, bool)
    aligned[pairs.gold] = True
    correct = np.zeros(gold.words, bool)
    correct[pairs.gold[pairs.las]] = True
    return WeightedWords(weight[gold.deprel], weight[system.deprel], aligned, correct)


def score(gold: UDTreebank, system: UDTreebank, gold_to_system: IntArray,
          conll17: bool = False, weights: dict[str, float] | None = None) -> UDScores:
    """All metrics of a pair whose words are aligned by ``gold_to_system``."""
    vocabulary = gold.vocabulary
    sentences = gold.sentences
    gold_sentence = gold.word_sentences()
    system_sentence = gold.sentences_at(system.word_start)
    pairs = aligned_pairs(gold, system, gold_to_system)
    aligned_gold, aligned_system = pairs.gold, pairs.system
    at = gold_sentence[aligned_gold]
    table = _Table(sentences)

    table.spans("Tokens", gold.token_start, gold.token_end, system.token_start,
                system.token_end, gold.sentences_at)
    table.spans("Sentences", gold.sentence_start, gold.sentence_end, system.sentence_start,
                system.sentence_end, gold.sentences_at)
    every_gold, every_system = np.ones(gold.words, bool), np.ones(system.words, bool)
    table.add("Words", np.ones(len(at), bool), at, every_gold, gold_sentence, every_system,
              system_sentence, aligned=False)

    def same(column: str) -> BoolArray:
        return getattr(gold, column)[aligned_gold] == getattr(system, column)[aligned_system]

    upos, xpos, feats = same("upos"), same("xpos"), same("feats")
    lemma = same("lemma")
    if not conll17:
        lemma |= gold.lemma[aligned_gold] == vocabulary["_"]
    uas, las = pairs.uas, pairs.las

    def plain(name: str, correct: BoolArray) -> None:
        table.add(name, correct, at, every_gold, gold_sentence, every_system, system_sentence)

    plain("UPOS", upos)
    plain("XPOS", xpos)
    plain("Feats" if conll17 else "UFeats", feats)
    plain("AllTags", upos & xpos & feats)
    plain("Lemmas", lemma)
    plain("UAS", uas)
    plain("LAS", las)
    if conll17:
        content = ~vocabulary.flags(CONLL17_NON_CONTENT)
    else:
        content = vocabulary.flags(CONTENT_RELATIONS)
    gold_content, system_content = content[gold.deprel], content[system.deprel]

    def filtered(name: str, correct: BoolArray) -> None:
        table.add(name, correct, at, gold_content, gold_sentence, system_content,
                  system_sentence, filter_aligned=gold_content[aligned_gold])

    filtered("CLAS", las)
    if not conll17:
        children = _same_functional_children(gold, system, aligned_gold, aligned_system,
                                             pairs.system_to_gold)
        filtered("MLAS", las & upos & feats & children)
        filtered("BLEX", las & lemma)
    if weights is not None:
        words = weighted_words(gold, system, pairs, weights)
        table.scores["WeightedLAS"], table.per_sentence["WeightedLAS"] = words.score(
            gold_sentence, system_sentence, sentences)
    return UDScores(table.scores, table.per_sentence, conll17)


class _Table:
    """Collects totals and per-sentence counts metric by metric."""

    def __init__(self, sentences: int) -> None:
        self.sentences = sentences
        self.scores: dict[str, Score] = {}
        self.per_sentence: dict[str, AnyArray] = {}  # as in UDScores

    def _count(self, where: IntArray, mask: BoolArray) -> IntArray:
        return np.bincount(where[mask], minlength=self.sentences)[:self.sentences]

    def add(self, name: str, correct: BoolArray, at: IntArray, gold_mask: BoolArray,
            gold_sentence: IntArray, system_mask: BoolArray, system_sentence: IntArray,
            filter_aligned: BoolArray | None = None, aligned: bool = True) -> None:
        kept = np.ones(len(at), bool) if filter_aligned is None else filter_aligned
        rows = np.stack([self._count(at, correct & kept), self._count(gold_sentence, gold_mask),
                         self._count(system_sentence, system_mask), self._count(at, kept)], 1)
        self.per_sentence[name] = rows
        self.scores[name] = Score(int(np.count_nonzero(correct & kept)),
                                  int(np.count_nonzero(gold_mask)),
                                  int(np.count_nonzero(system_mask)),
                                  int(np.count_nonzero(kept)) if aligned else None)

    def spans(self, name: str, gold_start: IntArray, gold_end: IntArray,
              system_start: IntArray, system_end: IntArray,
              sentence_of: Callable[[IntArray], IntArray]) -> None:
        """Tokens and Sentences: a gold span is correct when a system span equals it."""
        match = equal_spans(gold_start, gold_end, system_start, system_end) >= 0
        gold_at, system_at = sentence_of(gold_start), sentence_of(system_start)
        rows = np.stack([self._count(gold_at, match),
                         self._count(gold_at, np.ones(len(gold_at), bool)),
                         self._count(system_at, np.ones(len(system_at), bool)),
                         np.zeros(self.sentences, np.int64)], 1)
        self.per_sentence[name] = rows
        self.scores[name] = Score(int(match.sum()), len(gold_start), len(system_start))


def _children(treebank: UDTreebank, function: BoolArray) -> tuple[IntArray, IntArray]:
    """Functional children of every word in word order, as (pointers, children) (CSR)."""
    child = np.flatnonzero(function[treebank.deprel] & (treebank.head >= 0))
    parent = treebank.head[child]
    order = np.argsort(parent, kind="stable")
    counts = np.bincount(parent, minlength=treebank.words)
    return np.concatenate(([0], np.cumsum(counts))), child[order]


def _same_functional_children(gold: UDTreebank, system: UDTreebank, aligned_gold: IntArray,
                              aligned_system: IntArray,
                              system_to_gold: IntArray) -> BoolArray:
    """For each aligned pair, whether the functional children lists are equal (MLAS)."""
    function = gold.vocabulary.flags(FUNCTION_RELATIONS)
    gold_pointer, gold_children = _children(gold, function)
    system_pointer, system_children = _children(system, function)
    gold_count = np.diff(gold_pointer)[aligned_gold]
    system_count = np.diff(system_pointer)[aligned_system]
    same = gold_count == system_count
    pairs = np.flatnonzero(same & (gold_count > 0))
    sizes = gold_count[pairs]
    pair_of = np.repeat(np.arange(len(pairs)), sizes)
    rank = np.arange(len(pair_of)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    gold_child = gold_children[gold_pointer[aligned_gold[pairs]][pair_of] + rank]
    system_child = system_children[system_pointer[aligned_system[pairs]][pair_of] + rank]
    equal = system_to_gold[system_child] == gold_child
    for column in ("deprel", "upos", "feats"):
        equal &= getattr(gold, column)[gold_child] == getattr(system, column)[system_child]
    wrong = np.bincount(pair_of[~equal], minlength=len(pairs))
    same[pairs] = wrong == 0
    return same
