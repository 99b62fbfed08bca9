"""MaltEval accuracies per sentence, for the significance tests (``--stat``)."""

from __future__ import annotations

import numpy as np

from ..arrays import BoolArray
from ..model.treebank import Treebank
from ..stats.scores import SentenceScores
from .metrics import token_hits


def dependency_scores(metric: str, gold: Treebank, parsed: Treebank,
                      keep: BoolArray | None = None) -> SentenceScores:
    """MaltEval accuracy of ``metric`` (LAS, UAS, ...) per sentence, with the token hits.

    ``keep`` selects the tokens that count (punctuation excluded, ``--ExcludeDeprels``,
    ...); every sentence stays, so that two systems' sentences pair up.

    >>> from ..model.dependencies import DependencySentence
    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"]),
    ...                              DependencySentence(["c"], ["X"], [0], ["r"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [2, 1], ["r", "d"]),
    ...                              DependencySentence(["c"], ["X"], [0], ["r"])])
    >>> s = dependency_scores("UAS", g, p)
    >>> s.numerator.tolist(), s.denominator.tolist(), len(s.hits)
    ([1.0, 1.0], [2.0, 1.0], 3)
    """
    hits, sentence = token_hits(metric, gold, parsed), gold.sentence
    if keep is not None:
        hits, sentence = hits[keep], sentence[keep]
    return SentenceScores.from_token_hits(hits, sentence, sentences=len(gold.sizes))


def lin_error_scores(gold: Treebank, parsed: Treebank,
                     keep: BoolArray | None = None) -> SentenceScores:
    """Lin's (1995) error count per sentence: the words whose head differs from a known gold
    head (a total, lower is better), with each word's outcome (right or not) for McNemar's
    test; ``keep`` as in :func:`dependency_scores`.

    >>> from ..model.dependencies import DependencySentence
    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"]),
    ...                              DependencySentence(["c"], ["X"], [0], ["r"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [2, 1], ["r", "d"]),
    ...                              DependencySentence(["c"], ["X"], [0], ["r"])])
    >>> s = lin_error_scores(g, p)
    >>> s.numerator.tolist(), s.score(), s.hits.tolist()
    ([1.0, 0.0], 1.0, [False, True, True])
    """
    wrong, sentence = (gold.heads != -1) & (gold.heads != parsed.heads), gold.sentence
    if keep is not None:
        wrong, sentence = wrong[keep], sentence[keep]
    counts = np.bincount(sentence, weights=wrong, minlength=len(gold.sizes))
    return SentenceScores.total(counts, hits=~wrong)
