"""A dependency treebank as flat numpy columns: one entry per token, in file order.

>>> s = DependencySentence(["It", "rains"], ["PRON", "VERB"], [2, 0], ["nsubj", "root"])
>>> tb = Treebank.from_sentences([s, s])
>>> len(tb), tb.sizes.tolist(), tb.sentence.tolist()
(4, [2, 2], [0, 0, 1, 1])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from .dependencies import DependencySentence


@dataclass
class Treebank:
    """One CoNLL file as flat token arrays (``sentence[i]`` is token i's sentence index)."""

    forms: np.ndarray
    cpostags: np.ndarray
    postags: np.ndarray
    heads: np.ndarray
    labels: np.ndarray
    positions: np.ndarray
    sentence: np.ndarray
    sizes: np.ndarray

    @classmethod
    def from_sentences(cls, sentences: Iterable[DependencySentence]) -> Treebank:
        """Flatten sentences (``extra["postag"]`` is used for POSTAG when present).

        >>> s = DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["root", "dep"])
        >>> Treebank.from_sentences([s, s]).positions.tolist()
        [1, 2, 1, 2]
        """
        sentences = list(sentences)
        sizes = np.array([len(s) for s in sentences], dtype=np.int64)

        def flat(values: Iterable[str]) -> np.ndarray:
            return np.array(list(values), dtype=object)

        starts = np.repeat(np.cumsum(sizes) - sizes, sizes)
        return cls(
            forms=flat(f for s in sentences for f in s.forms),
            cpostags=flat(t for s in sentences for t in s.tags),
            postags=flat(t for s in sentences for t in s.extra.get("postag", s.tags)),
            heads=np.array([h for s in sentences for h in s.heads], dtype=np.int64),
            labels=flat(label for s in sentences for label in s.labels),
            positions=np.arange(int(sizes.sum()), dtype=np.int64) - starts + 1,
            sentence=np.repeat(np.arange(len(sentences)), sizes),
            sizes=sizes,
        )

    def __len__(self) -> int:
        return len(self.heads)

    def subset(self, keep: np.ndarray) -> Treebank:
        """The tokens where ``keep`` is True; positions and heads keep their values.

        >>> s = DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["root", "dep"])
        >>> Treebank.from_sentences([s, s]).subset(np.array([1, 0, 0, 1], bool)).sizes.tolist()
        [1, 1]
        """
        return Treebank(self.forms[keep], self.cpostags[keep], self.postags[keep],
                        self.heads[keep], self.labels[keep], self.positions[keep],
                        self.sentence[keep],
                        np.bincount(self.sentence[keep], minlength=len(self.sizes)))
