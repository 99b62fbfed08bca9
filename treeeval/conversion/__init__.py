"""Constituency to dependency conversion with head tables (``treeeval convert``).

The package is ``treeeval.conversion``; its function ``convert`` is also
``treeeval.convert``.

>>> import treeeval
>>> from nltk import Tree
>>> corpus = treeeval.convert([Tree.fromstring("( (S (NP (NNP Rain)) (VP (VBD fell))))")])
>>> corpus[0].heads, corpus[0].labels
([2, 0], ['dep', 'root'])
"""

from __future__ import annotations

import itertools
import os
import warnings
from collections.abc import Iterable, Iterator

from nltk import Tree

from ..formats.headrules import HeadTable, load_heads
from ..model.dependencies import DependencyCorpus, DependencySentence
from ..policy.inputs import Source
from .finders import head_finder
from .makedeps import SCHEMES, ConversionError, tree_to_sentence

__all__ = ["convert", "Converter", "ConversionError", "ConversionWarning", "SCHEMES"]


class ConversionWarning(UserWarning):
    """Parents without a rule in the head table were met (the table's ``*`` rule was used)."""


class Converter:
    """Converts trees one by one, counting unknown parent categories in ``unknown``."""

    def __init__(self, heads: str | os.PathLike | HeadTable = "collins",
                 labels: str = "none") -> None:
        if labels not in SCHEMES:
            raise ValueError(f"unknown label scheme {labels!r} (schemes: {', '.join(SCHEMES)})")
        self.finder = head_finder(load_heads(heads))
        self.labels = labels

    @property
    def unknown(self) -> dict[str, int]:
        """Parent categories without a rule, with how often they were met."""
        return self.finder.unknown

    def sentences(self, trees: Iterable[Tree]) -> Iterator[DependencySentence]:
        """Convert each tree; a ConversionError names the sentence's number."""
        for number, tree in enumerate(trees, 1):
            try:
                yield tree_to_sentence(tree, self.finder, self.labels)
            except ConversionError as exc:
                raise ConversionError(exc.reason, sentence=number) from None


def convert(trees: Source, heads: str | os.PathLike | HeadTable = "collins",
            labels: str = "none") -> DependencyCorpus:
    """Convert trees (or a bracketed file) to a dependency corpus with a head table.

    ``trees`` are ``nltk.Tree`` objects, or anything :func:`treeeval.read_trees` reads: a
    path (``-``: standard input), the file's bytes or an open file, each maybe gzip, bzip2
    or xz compressed, or trees in the other forms of :mod:`treeeval.formats.sentences`
    (bracketed strings or bytes, ``(words, spans)``; an error in one names it
    ``source[INDEX]``):

    >>> corpus = convert(["(S (NP (NNP Rain)) (VP (VBD fell)))", "(S (NP (NN Snow)))"])
    >>> [(sentence.heads, sentence.forms) for sentence in corpus]
    [([2, 0], ['Rain', 'fell']), ([0], ['Snow'])]

    ``heads`` is a bundled table name (collins, modcollins, penn2malt, magerman, semantic,
    semantic-copula),
    a ``.heads`` file or a HeadTable; ``labels`` a scheme of ``SCHEMES``.  Parents the table
    has no rule for are counted and reported with a ConversionWarning.
    """
    converter = Converter(heads, labels)
    corpus = DependencyCorpus.from_sentences(converter.sentences(_trees(trees)))
    if converter.unknown:
        counts = ", ".join(f"{cat} {n}" for cat, n in sorted(converter.unknown.items()))
        warnings.warn(f"no head rule for: {counts}; used the table's default", ConversionWarning,
                      stacklevel=2)
    return corpus


def _trees(source: Source) -> Iterable[Tree]:
    """The trees of ``source``: ``nltk.Tree`` objects as they are (known by the first),
    anything else as :func:`treeeval.read_trees` reads it."""
    from ..formats.brackets import read_trees

    if isinstance(source, (str, os.PathLike, bytes, bytearray, memoryview)) or hasattr(source, "read"):
        return read_trees(source)
    items = iter(source)
    for first in items:
        rest = itertools.chain([first], items)
        return rest if isinstance(first, Tree) else read_trees(rest)
    return []
