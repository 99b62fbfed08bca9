"""What the HTML report shows, as plain data: the comparison tables, the figures, and each
system's worst sentences with the gold and the system analysis side by side.

A sentence's analysis is :class:`Arcs` (dependencies: one :class:`ArcRow` per gold word,
heads written as the gold sentence numbers its words, so that a system head that names the
gold head is the same text), :class:`Trees` (two bracketed trees) or :class:`Graphs`
(enhanced UD graphs: one :class:`GraphRow` per word, its gold and its system edges, each an
:class:`EdgeCell` that knows whether it has a match on the other side).

>>> rows = (ArcRow("1", "Dogs", "2", "nsubj", "2", "nsubj"),
...         ArcRow("2", "bark", "0", "root", "1", "acl"))
>>> [(row.head_right, row.deprel_right) for row in rows]
[(True, True), (False, False)]
>>> worst_sentences(np.array([90.0, np.nan, 40.0, 90.0, 75.0]), 3).tolist()
[2, 4, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..figures.model import FigureData
from ..tables.model import ComparisonTable
from .trees import parse_tree

#: how many sentences of each system the report shows by default
WORST = 20


@dataclass(frozen=True)
class ArcRow:
    """A gold word (its id in the sentence and its form), its gold head and DEPREL, and the
    system's (``–`` where the system has no word there)."""

    ident: str
    form: str
    gold_head: str
    gold_deprel: str
    system_head: str
    system_deprel: str

    @property
    def head_right(self) -> bool:
        return self.gold_head == self.system_head

    @property
    def deprel_right(self) -> bool:
        return self.gold_deprel == self.system_deprel


@dataclass(frozen=True)
class Arcs:
    """A dependency analysis: the sentence's gold words with both analyses."""

    rows: Sequence[ArcRow]

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(self.rows))

    @property
    def words(self) -> str:
        """The sentence as text (its gold forms)."""
        return " ".join(row.form for row in self.rows)


@dataclass(frozen=True)
class Trees:
    """A constituency analysis: the gold and the system tree, bracketed (``(S (NP ...))``)."""

    gold: str
    system: str

    @property
    def words(self) -> str:
        """The sentence as text (the gold tree's words)."""
        tree = parse_tree(self.gold)
        return self.gold if tree is None else " ".join(tree.words())


@dataclass(frozen=True)
class EdgeCell:
    """An enhanced edge as shown (``HEAD:PATH``), and whether the other side has a match."""

    text: str
    right: bool


@dataclass(frozen=True)
class GraphRow:
    """A word (its number and form) with its gold and its system enhanced edges (``system``
    None: no system word is aligned with the gold word; ``gold`` empty for a system word
    aligned with no gold word)."""

    ident: str
    form: str
    gold: tuple[EdgeCell, ...]
    system: tuple[EdgeCell, ...] | None


@dataclass(frozen=True)
class Graphs:
    """An enhanced UD analysis: the sentence's gold words with both sides' edges, then the
    system words aligned with no gold word (``extra``).

    >>> row = GraphRow("1", "Rain", (EdgeCell("2:nsubj", True),), (EdgeCell("2:nsubj", True),))
    >>> Graphs([row]).words
    'Rain'
    """

    rows: Sequence[GraphRow]
    extra: Sequence[GraphRow] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(self.rows))
        object.__setattr__(self, "extra", tuple(self.extra))

    @property
    def words(self) -> str:
        """The sentence as text (its gold forms)."""
        return " ".join(row.form for row in self.rows)


@dataclass(frozen=True)
class Sentence:
    """One sentence of a system: its number in the gold file (from 1), its score (percent,
    of the metric its :class:`SystemSentences` names), where it is, and its analysis."""

    number: int
    score: float
    analysis: Arcs | Trees | Graphs
    where: str = ""


@dataclass(frozen=True)
class SystemSentences:
    """A system's worst sentences by ``metric``, worst first; ``counts``: the metric counts
    errors (the most is the worst; shown as a whole number), else it is a rate (the lowest
    is the worst); ``aspect``: what the section shows, when a system has several (its
    heading names it); ``reading``: how to read them, in place of the report's."""

    system: str
    metric: str
    sentences: Sequence[Sentence]
    counts: bool = False
    aspect: str = ""
    reading: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "sentences", tuple(self.sentences))

    @property
    def title(self) -> str:
        """The section's heading.

        >>> SystemSentences("a", "ELAS F1", (), aspect="enhanced graphs").title
        'Worst sentences: a, enhanced graphs'
        """
        return f"Worst sentences: {self.system}" + (f", {self.aspect}" if self.aspect else "")


@dataclass(frozen=True)
class Report:
    """A whole report: a title, the command that scored the systems and the run's
    signature, then its tables, figures and each system's worst sentences, in that order."""

    title: str
    command: str
    signature: str = ""
    tables: Sequence[ComparisonTable] = ()
    figures: Sequence[FigureData] = ()
    worst: Sequence[SystemSentences] = ()
    notes: Sequence[str] = ()
    #: how to read the worst sentences (shown above each system's)
    reading: str = ""

    def __post_init__(self) -> None:
        for name in ("tables", "figures", "worst", "notes"):
            object.__setattr__(self, name, tuple(getattr(self, name)))


def worst_sentences(scores: np.ndarray, count: int = WORST,
                    sizes: np.ndarray | None = None) -> np.ndarray:
    """The indices of the ``count`` lowest ``scores``, lowest first; among equal scores the
    largest ``sizes`` first (a sentence's words, say: more to get wrong), then file order;
    NaN (a sentence with nothing to score) is left out.

    >>> worst_sentences(np.array([0.0, 50.0, 0.0]), 2, sizes=np.array([3, 1, 9])).tolist()
    [2, 0]
    """
    scores = np.asarray(scores, dtype=float)
    kept = np.flatnonzero(~np.isnan(scores))
    larger = np.zeros(len(kept)) if sizes is None else -np.asarray(sizes, dtype=float)[kept]
    return kept[np.lexsort((kept, larger, scores[kept]))[:count]]
