"""MaltEval's Exclude parameters: which tokens count on the gold side and on the parsed side.

A token is left out when one of its columns holds an excluded value (ExcludeWordforms,
ExcludeLemmas, ExcludeCpostags, ExcludePostags, ExcludeFeats, ExcludeDeprels,
ExcludePdeprels, each ``A|B``; the parameters are combined by disjunction), when its FORM
is all Unicode punctuation (ExcludeUnicodePunc 1), or when its sentence is shorter than
MinSentenceLength or longer than MaxSentenceLength (0: no bound).  MaltEval tests the gold
token for the gold counts and the parsed token for the parsed counts, so the two sides can
differ (ExcludeDeprels with a parser that mislabels).

>>> gold = Treebank.from_sentences([DependencySentence(["Hi", "!"], ["X"] * 2, [0, 1],
...                                                    ["root", "punct"])])
>>> parsed = Treebank.from_sentences([DependencySentence(["Hi", "!"], ["X"] * 2, [0, 1],
...                                                      ["root", "dep"])])
>>> exclusions = Exclusions.from_parameters({"ExcludeDeprels": "punct|det"})
>>> [side.tolist() for side in exclusions.masks(gold, parsed)]
[[True, False], [True, True]]
>>> Exclusions.from_parameters({"ExcludeUnicodePunc": "1"}).masks(gold, parsed)[1].tolist()
[True, False]
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ..arrays import BoolArray
from ..model.dependencies import DependencySentence  # noqa: F401 (its doctests build sentences)
from ..model.treebank import Treebank
from .punctuation import punctuation_forms
from .refusals import ValueRefused

#: the Exclude parameters and the column each one tests
PARAMETERS = {"ExcludeWordforms": "form", "ExcludeLemmas": "lemma",
              "ExcludeCpostags": "cpostag", "ExcludePostags": "postag",
              "ExcludeFeats": "feats", "ExcludeDeprels": "deprel",
              "ExcludePdeprels": "pdeprel"}
BOUNDS = ("MinSentenceLength", "MaxSentenceLength")


@dataclass
class Exclusions:
    """The Exclude parameters of one evaluation (empty: every token counts)."""

    #: excluded strings by column (``form``, ``deprel``, ...)
    values: dict[str, set[str]] = field(default_factory=dict)
    unicode_punctuation: bool = False
    min_length: int = 0
    #: 0 means no upper bound
    max_length: int = 0
    #: tokens left out on both sides whatever their columns (``-p PRM``: the tokens whose
    #: gold POS tag a DELETE_LABEL line names)
    dropped: BoolArray | None = None

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, str]) -> Exclusions:
        """Read MaltEval's parameters (names with or without ``--``; values as given).

        >>> e = Exclusions.from_parameters({"--ExcludeDeprels": "punct||dep",
        ...                                 "MaxSentenceLength": "40"})
        >>> sorted(e.values["deprel"]), e.min_length, e.max_length
        (['dep', 'punct'], 0, 40)
        """
        exclusions = cls()
        for name, value in parameters.items():
            name = name.removeprefix("--")
            if name in PARAMETERS:
                # MaltEval splits with StringTokenizer: empty items disappear
                items = {item for item in value.split("|") if item}
                if items:
                    exclusions.values.setdefault(PARAMETERS[name], set()).update(items)
            elif name == "ExcludeUnicodePunc":
                if value not in ("0", "1"):
                    raise ValueRefused(name, f"ExcludeUnicodePunc needs 0 or 1, got {value!r}",
                                       value)
                exclusions.unicode_punctuation = value == "1"
            elif name in BOUNDS:
                if not value.isdigit():
                    raise ValueRefused(name, f"{name} needs a whole number, got {value!r}", value)
                setattr(exclusions, "min_length" if name == BOUNDS[0] else "max_length",
                        int(value))
        return exclusions

    def __bool__(self) -> bool:
        return bool(self.values or self.unicode_punctuation or self.min_length
                    or self.max_length or (self.dropped is not None and self.dropped.any()))

    def excluded(self, tb: Treebank) -> BoolArray:
        """Per token of ``tb``: is it left out by its own columns (not the sentence bounds)?"""
        out = np.zeros(len(tb), dtype=bool)
        for column, values in self.values.items():
            column_codes = tb.codes[column]  # first: it may read the column's vocabulary
            index = tb.vocabulary.index[column]
            codes = [index[value] for value in values if value in index]
            if codes:
                out |= np.isin(column_codes, codes)
        if self.unicode_punctuation:
            out |= self.punctuation(tb)
        return out

    def punctuation(self, tb: Treebank) -> BoolArray:
        """Per token: is its FORM all Unicode punctuation?  (Computed once per FORM.)"""
        codes = tb.codes["form"]
        flags = punctuation_forms(tb.vocabulary.strings("form"))
        return flags[codes] if len(flags) else np.zeros(len(tb), dtype=bool)

    def in_bounds(self, tb: Treebank) -> BoolArray:
        """Per token: is its sentence within MinSentenceLength..MaxSentenceLength?"""
        sizes = tb.sizes
        keep = sizes >= self.min_length
        if self.max_length > 0:
            keep &= sizes <= self.max_length
        return np.repeat(keep, sizes)

    def masks(self, gold: Treebank, parsed: Treebank) -> tuple[BoolArray, BoolArray]:
        """The tokens left in on the gold side and on the parsed side."""
        bounds = self.in_bounds(gold)
        if self.dropped is not None:
            bounds &= ~self.dropped
        return bounds & ~self.excluded(gold), bounds & ~self.excluded(parsed)


def deleted_tokens(gold: Treebank, prm: str | os.PathLike[str]) -> BoolArray:
    """The tokens EVALB's DELETE_LABEL lines of ``prm`` delete, by their gold POS tag.

    Tags are compared as EVALB compares them, exactly and as bytes; the same tokens are
    left out for every system, so a parser that tags a comma differently is still scored
    on the same words.
    """
    from ..bracket.params import load_params  # only for -p: EVALB's loader, not on every run

    params, _ = load_params([prm])
    labels = set(params.delete_label)
    codes = gold.codes["cpostag"]  # first: it may read the column's vocabulary
    deleted = np.array([tag.encode("utf-8", "surrogateescape") in labels
                        for tag in gold.vocabulary.strings("cpostag").tolist()], dtype=bool)
    return deleted[codes] if len(deleted) else np.zeros(len(codes), dtype=bool)
