"""One system's brackets by label, over the whole corpus: counts, the sentences where each
label is wrong and the (gold label, test label) confusions of a span, all from the scorer's
bracket columns (``treeeval.bracket.spans``) in numpy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from ..arrays import BoolArray, IntArray
from ..bracket.label_scores import label_counts
from ..bracket.spans import BracketColumns, BracketSpans

#: what _group names a group by (a label, a pair of labels)
Key = TypeVar("Key")


@dataclass
class LabelAnalysis:
    """One system's brackets over the whole corpus, by label."""

    labels: list[str]
    gold: IntArray
    test: IntArray
    gold_matched: IntArray
    test_matched: IntArray
    #: label -> sentences where a gold or test bracket with that label is unmatched
    wrong: dict[str, IntArray]
    #: (gold label, test label) -> sentences where a gold bracket has a test bracket of
    #: the same span but another label
    confusions: dict[tuple[str, str], IntArray]


def analyse_spans(spans: BracketSpans, scored: BoolArray) -> LabelAnalysis:
    """One system's brackets by label, from the bracket columns of the ``scored`` sentences
    (a mask; the same as counting what EVALB's engine leaves on each bracket):
    the counts are ``treeeval.bracket.label_scores.label_counts``'s (labels cut at ``-`` or
    ``=``); a confusion pairs each
    unmatched gold bracket with the first unmatched test bracket of its span.

    >>> from treeeval.bracket.params import EvalbParams
    >>> from treeeval.bracket.span_scoring import bracket_spans
    >>> spans = bracket_spans(b"(S (NP (DT a) (NN b)) (VP (VB c) (NN d)))\\n",
    ...                       b"(S (NP (DT a) (NN b)) (NP (VB c) (NN d)))\\n", EvalbParams())
    >>> analysis = analyse_spans(spans, np.array([True]))
    >>> analysis.labels, analysis.gold.tolist(), analysis.gold_matched.tolist()
    (['NP', 'S', 'VP'], [1, 1, 1], [1, 1, 0])
    >>> {pair: where.tolist() for pair, where in analysis.confusions.items()}
    {('VP', 'NP'): [0]}
    """
    names = [name.decode("latin-1") for name in spans.labels]
    gold, test = (_scored_rows(side, scored) for side in (spans.gold, spans.test))
    size = len(names)
    counts = label_counts(spans, scored)
    wrong_label = np.concatenate([side.label[~side.matched] for side in (gold, test)])
    wrong_sentence = np.concatenate([side.sentence[~side.matched] for side in (gold, test)])
    wrong = _group(wrong_sentence, wrong_label, lambda code: names[code])
    # EVALB's engine may leave an end of -1 on a line that does not close a bracket
    width = max([int(side.start.max()) for side in (gold, test) if len(side.start)]
                + [int(side.end.max()) for side in (gold, test) if len(side.end)], default=0) + 2
    gold_loose, test_loose = (_loose(side, width) for side in (gold, test))
    # test brackets by span, each span's brackets in reading order: the first is found
    order = np.lexsort((test_loose[1], test_loose[0]))
    keys = test_loose[0][order]
    first = np.minimum(keys.searchsorted(gold_loose[0]), max(len(keys) - 1, 0))
    found = (keys[first] == gold_loose[0]) if len(keys) else np.zeros(len(first), dtype=bool)
    pair = gold_loose[2][found] * size + test_loose[2][order][first[found]]
    confusions = _group(gold_loose[3][found], pair,
                        lambda code: (names[code // size], names[code % size]))
    return LabelAnalysis(counts.labels, counts.gold, counts.test, counts.gold_matched,
                         counts.test_matched, wrong, confusions)


def _scored_rows(side: BracketColumns, scored: BoolArray) -> BracketColumns:
    keep = scored.take(side.sentence)
    return BracketColumns(*(getattr(side, name).compress(keep)
                            for name in BracketColumns.__dataclass_fields__))


def _loose(side: BracketColumns,
           width: int) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """The unmatched brackets: span keys (sentence, start + 1, end + 1 in base ``width``),
    positions, labels and sentences."""
    loose = ~side.matched
    start, end, sentence = side.start[loose], side.end[loose], side.sentence[loose]
    span = (sentence * width + start + 1) * width + end + 1
    return span, side.position[loose], side.label[loose], sentence


def _group(sentences: IntArray, codes: IntArray, name: Callable[[int], Key]) -> dict[Key, IntArray]:
    """{name(code): sorted distinct sentences with that code}."""
    width = int(sentences.max(initial=0)) + 1
    pairs = np.unique(codes * width + sentences)
    codes, sentences = np.divmod(pairs, width)
    cuts = np.flatnonzero(np.diff(codes)) + 1
    return {name(int(code)): group for code, group in zip(codes[np.r_[0, cuts]] if len(codes)
                                                           else [], np.split(sentences, cuts))}


@dataclass(frozen=True)
class SentenceErrors:
    """One sentence of one system: the labels of its unmatched brackets, and its (gold
    label, test label) pairs of unmatched brackets with the same span."""

    labels: frozenset[str]
    confusions: frozenset[tuple[str, str]]
