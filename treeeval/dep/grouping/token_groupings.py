"""The built-in groupings by a key of the token itself: its word form, lemma, tags or
features (the treebank's columns), and its place in the sentence (SentenceLength,
StartWordPosition, EndWordPosition, RelativeWordPosition).  :class:`BuiltinGrouping` is the
shape of every built-in grouping; ``column_keys``, ``number_keys`` and ``labelled_keys``
make its ``categories``.

>>> tb = Treebank.from_sentences([DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["r", "d"])])
>>> [(g.name, g.keys(tb).tolist()) for g in TOKEN_GROUPINGS[2:3] + TOKEN_GROUPINGS[6:7]]
[('Cpostag', ['X', 'Y']), ('StartWordPosition', ['0', '1'])]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from ...arrays import IntArray, ObjectArray
from ...model.dependencies import DependencySentence  # noqa: F401 (doctests)
from ...model.treebank import Treebank
from .group_table import Categories
from .plugins import java_string_order


@dataclass(frozen=True)
class BuiltinGrouping:
    """A built-in GroupBy value: ``categories`` gives each token's key as a code and the
    names of the codes; ``numeric`` keys are ordered as numbers (MaltEval's Integer keys)."""

    name: str
    two_sided: bool
    categories: Callable[[Treebank], Categories]
    numeric: bool = False

    @property
    def default_attributes(self) -> list[str]:
        return ["parseraccuracy", "treebankaccuracy"] if self.two_sided else ["accuracy"]

    def keys(self, treebank: Treebank) -> ObjectArray:
        """One str key per token (the plug-in protocol of :mod:`.plugins`)."""
        codes, names = self.categories(treebank)
        return np.array(names, dtype=object)[codes] if len(names) else np.zeros(0, object)

    def order(self, keys: Iterable[str]) -> list[str]:
        """The distinct keys in MaltEval's order."""
        if self.numeric:
            return sorted(set(keys), key=int)
        return java_string_order(keys)


def column_keys(column: str) -> Callable[[Treebank], Categories]:
    def categories(tb: Treebank) -> Categories:
        return tb.codes[column].astype(np.int64), tb.vocabulary.strings(column).tolist()
    return categories


def number_keys(values: Callable[[Treebank], IntArray]) -> Callable[[Treebank], Categories]:
    def categories(tb: Treebank) -> Categories:
        numbers = np.asarray(values(tb), dtype=np.int64)
        if len(numbers) == 0:
            return numbers, []
        low = int(numbers.min())
        return numbers - low, [str(low + i) for i in range(int(numbers.max()) - low + 1)]
    return categories


def labelled_keys(names: list[str], codes: Callable[[Treebank], IntArray]
              ) -> Callable[[Treebank], Categories]:
    def categories(tb: Treebank) -> Categories:
        return np.asarray(codes(tb), dtype=np.int64), names
    return categories


#: the groupings by the token's own columns and its place in the sentence
TOKEN_GROUPINGS = [
    BuiltinGrouping("Wordform", False, column_keys("form")),
    BuiltinGrouping("Lemma", False, column_keys("lemma")),
    BuiltinGrouping("Cpostag", False, column_keys("cpostag")),
    BuiltinGrouping("Postag", False, column_keys("postag")),
    BuiltinGrouping("Feats", False, column_keys("feats")),
    BuiltinGrouping("SentenceLength", False,
                    number_keys(lambda tb: np.repeat(tb.sizes, tb.sizes)), numeric=True),
    # MaltEval's keys are 0-based word indices (the guide says the first word is 1)
    BuiltinGrouping("StartWordPosition", False, number_keys(lambda tb: tb.positions - 1),
                    numeric=True),
    BuiltinGrouping("EndWordPosition", False, number_keys(
        lambda tb: np.repeat(tb.sizes, tb.sizes) - tb.positions), numeric=True),
    # not in the guide, listed by MaltEval 1.0's --help: 1 + floor(14 * position / length)
    BuiltinGrouping("RelativeWordPosition", False, number_keys(
        lambda tb: 1 + 14 * tb.positions // np.repeat(tb.sizes, tb.sizes)), numeric=True),
]
