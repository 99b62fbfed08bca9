"""A dependency corpus: one column per CoNLL field, sentences by offsets.

Heads are 1-based within their sentence, 0 for the root and -1 for an unknown head (Lin's
``?``).  ``DependencySentence`` is the per-sentence view that readers, converters and
printers use; ``DependencyCorpus`` holds many sentences as columns, so that scorers can
work on whole corpora with numpy.

>>> sentence = DependencySentence(["Rain", "fell"], ["NN", "VBD"], [2, 0], ["dep", "root"])
>>> corpus = DependencyCorpus.from_sentences([sentence, sentence])
>>> len(corpus), corpus.heads.tolist(), corpus.offsets.tolist()
(2, [2, 0, 2, 0], [0, 2, 4])
>>> corpus[1] == sentence
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

from ..arrays import Int32Array, IntArray

ROOT = 0
UNKNOWN_HEAD = -1


@dataclass
class DependencySentence:
    """One sentence: token columns in order (token i is word i + 1)."""

    forms: list[str]
    tags: list[str]
    heads: list[int]
    labels: list[str]
    #: where the sentence starts in its source file (1-based; 0 when unknown)
    line: int = 0
    #: anything else a format carries per token, by column name (e.g. "lemma", "cpostag")
    extra: dict[str, list[str]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.forms)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DependencySentence):
            return NotImplemented
        return (self.forms, self.tags, self.heads, self.labels) == (
            other.forms, other.tags, other.heads, other.labels)


@dataclass
class DependencyCorpus:
    """Many sentences as columns; ``offsets[i]:offsets[i+1]`` are sentence i's tokens."""

    forms: list[str]
    tags: list[str]
    heads: Int32Array
    labels: list[str]
    offsets: IntArray
    lines: IntArray

    @classmethod
    def from_sentences(cls, sentences: Iterable[DependencySentence]) -> DependencyCorpus:
        sentences = list(sentences)
        sizes = np.array([len(s) for s in sentences], dtype=np.int64)
        offsets = np.zeros(len(sentences) + 1, dtype=np.int64)
        np.cumsum(sizes, out=offsets[1:])
        return cls(
            forms=[form for s in sentences for form in s.forms],
            tags=[tag for s in sentences for tag in s.tags],
            heads=np.array([h for s in sentences for h in s.heads], dtype=np.int32),
            labels=[label for s in sentences for label in s.labels],
            offsets=offsets,
            lines=np.array([s.line for s in sentences], dtype=np.int64),
        )

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, index: int) -> DependencySentence:
        start, end = int(self.offsets[index]), int(self.offsets[index + 1])
        return DependencySentence(self.forms[start:end], self.tags[start:end],
                                  self.heads[start:end].tolist(), self.labels[start:end],
                                  int(self.lines[index]))

    def __iter__(self) -> Iterator[DependencySentence]:
        return (self[i] for i in range(len(self)))
