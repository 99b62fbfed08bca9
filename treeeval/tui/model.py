"""The browser's data layer: per-sentence columns, filters, sort orders and breakdowns.

A ``corpus.BrowseCorpus`` (``bracket_data.BracketCorpus``, ``dep_data.DepCorpus`` or
``ud_data.UDCorpus``) holds the scorers' per-sentence results as numpy columns.  Filtering
and sorting work on index arrays, so a view of 40,000 sentences is computed at once, without
a Python loop per row.

>>> corpus = TableCorpus([Column("id", "ID"), Column("f1", "F1", 2)],
...                      {"id": np.array([1, 2, 3]), "f1": np.array([50.0, 100.0, 75.0])},
...                      wrong=np.array([True, False, True]), length=np.array([5, 3, 9]))
>>> view = SentenceFilter(only_wrong=True).apply(corpus)
>>> view.tolist(), sort_view(corpus, view, "f1", descending=True).tolist()
([0, 2], [2, 0])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import numpy as np

from ..arrays import AnyArray, BoolArray, IntArray
from ..bracket.totals import EvalbStatus
from ..stats.rates import UNDEFINED

#: the digits of a system's number as a column-title mark (₁₂₃…)
SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
#: EVALB's Stat column values (and evalb_spmrl's 3: -X's unparsed sentence)
STATUS_NAMES: dict[int, str] = {EvalbStatus.SCORED: "ok", EvalbStatus.ERROR: "error",
                                EvalbStatus.SKIP: "skip", EvalbStatus.UNPARSED: "unparsed"}


@dataclass(frozen=True)
class Column:
    """One column of the sentence list: key into ``values``, title, decimals (0: integer)."""

    key: str
    title: str
    decimals: int = 0
    help: str = ""

    def format(self, value: float) -> str:
        """The cell text (``—`` for an undefined value: a ratio of an EVALB Error or Skip
        sentence, or of a sentence without brackets).

        >>> [Column("f1", "F1", 2).format(v) for v in (62.8191, float("nan"))]
        ['62.82', '—']
        >>> Column("n", "N").format(7.0)
        '7'
        """
        if np.isnan(value):
            return UNDEFINED
        return f"{value:.{self.decimals}f}" if self.decimals else str(int(value))


@dataclass
class TableCorpus:
    """The part of a corpus the filters and sorts need: columns and per-sentence facts.

    ``BracketCorpus``, ``DepCorpus`` and ``UDCorpus`` build on it and give the
    sentence texts and the label masks; a bare table has no text and no labels.
    """

    columns: list[Column]
    #: each column's per-sentence numbers (floats; a bracket corpus's id and len are ints)
    values: dict[str, AnyArray]
    #: does the sentence hold an error of any system (the n/N keys stop there)?
    wrong: BoolArray
    #: sentence length in words (gold)
    length: IntArray
    #: worst EVALB status over the systems (EvalbStatus: ERROR, then SKIP, then SCORED);
    #: zeros for dependencies
    status: IntArray | None = None
    _texts: list[str] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.wrong)

    def text(self, index: int) -> str:
        """The text of sentence ``index`` ('' in a bare table)."""
        return ""

    def texts(self) -> list[str]:
        """The text of every sentence (the search runs over it), built once."""
        if self._texts is None:
            self._texts = [self.text(i) for i in range(self.size)]
        return self._texts

    def label_mask(self, label: str, among: BoolArray | None = None) -> BoolArray:
        """Sentences where a gold or system item labelled ``label`` is wrong.  ``among``
        (a boolean mask) are the sentences asked about: a corpus may leave the others
        False (bracket corpora score only those; numpy corpora answer for all)."""
        return np.zeros(self.size, dtype=bool)

    def confusion_mask(self, gold: str, system: str,
                       among: BoolArray | None = None) -> BoolArray:
        """Sentences where gold ``gold`` was given the label ``system`` (``among`` as for
        ``label_mask``)."""
        return np.zeros(self.size, dtype=bool)

    def class_mask(self, name: str, among: BoolArray | None = None) -> BoolArray:
        """Sentences with a repair of the error class ``name`` (bracket corpora only)."""
        return np.zeros(self.size, dtype=bool)


@dataclass(frozen=True)
class SentenceFilter:
    """Which sentences the list shows.  Every field left at its default lets all through.

    ``search`` is a case-insensitive regular expression over the sentence text; ``label``
    keeps the sentences where that label is wrong; ``confusion`` (gold, system) those
    where gold label was given the system label.
    """

    only_wrong: bool = False
    min_length: int | None = None
    max_length: int | None = None
    #: an EvalbStatus (UNPARSED: evalb_spmrl's -X)
    status: int | None = None
    search: str = ""
    label: str = ""
    confusion: tuple[str, str] | None = None
    error_class: str = ""

    def apply(self, corpus: Filterable) -> IntArray:
        """The indices of the sentences that pass, in corpus order.

        >>> corpus = TableCorpus([], {}, np.array([0, 1, 1], bool), np.array([4, 50, 12]))
        >>> SentenceFilter(max_length=40).apply(corpus).tolist()
        [0, 2]
        """
        keep = np.ones(corpus.size, dtype=bool)
        if self.only_wrong:
            keep &= corpus.wrong
        if self.min_length is not None:
            keep &= corpus.length >= self.min_length
        if self.max_length is not None:
            keep &= corpus.length <= self.max_length
        if self.status is not None and corpus.status is not None:
            keep &= corpus.status == self.status
        if self.search:
            pattern = compile_search(self.search)
            texts = corpus.texts()
            found = np.fromiter((bool(pattern.search(text)) for text in texts), dtype=bool,
                                count=len(texts))
            keep &= found
        # the label filters last: they are told which sentences are still in
        if self.label:
            keep &= corpus.label_mask(self.label, keep.copy())
        if self.confusion is not None:
            keep &= corpus.confusion_mask(*self.confusion, among=keep.copy())
        if self.error_class:
            keep &= corpus.class_mask(self.error_class, among=keep.copy())
        return np.flatnonzero(keep)

    def describe(self) -> str:
        """A short description for the status line ('' when nothing is filtered).

        >>> SentenceFilter(only_wrong=True, max_length=40, label="NP").describe()
        'wrong only · len ..40 · label NP wrong'
        """
        parts = []
        if self.only_wrong:
            parts.append("wrong only")
        if self.min_length is not None or self.max_length is not None:
            low = "" if self.min_length is None else str(self.min_length)
            high = "" if self.max_length is None else str(self.max_length)
            parts.append(f"len {low}..{high}")
        if self.status is not None:
            parts.append(f"status {STATUS_NAMES.get(self.status, self.status)}")
        if self.search:
            parts.append(f"text /{self.search}/")
        if self.label:
            parts.append(f"label {self.label} wrong")
        if self.confusion is not None:
            parts.append(f"gold {self.confusion[0]} as {self.confusion[1]}")
        if self.error_class:
            parts.append(f"class {self.error_class}")
        return " · ".join(parts)

    def with_changes(self, **changes: Any) -> SentenceFilter:
        """A copy with some fields changed."""
        return replace(self, **changes)


class Filterable(Protocol):
    """What filters and sorts need of a corpus (``TableCorpus`` has it)."""

    values: dict[str, AnyArray]
    wrong: BoolArray
    length: IntArray
    status: IntArray | None

    @property
    def size(self) -> int: ...

    def texts(self) -> list[str]: ...

    def label_mask(self, label: str, among: BoolArray | None = None) -> BoolArray: ...

    def confusion_mask(self, gold: str, system: str,
                       among: BoolArray | None = None) -> BoolArray: ...

    def class_mask(self, name: str, among: BoolArray | None = None) -> BoolArray: ...


def compile_search(text: str) -> re.Pattern[str]:
    """The search as a case-insensitive regular expression; text that is not a valid
    expression is searched for literally.

    >>> compile_search("a(b").search("xa(b") is not None
    True
    """
    try:
        return re.compile(text, re.IGNORECASE)
    except re.error:
        return re.compile(re.escape(text), re.IGNORECASE)


def sort_view(corpus: Filterable, view: IntArray, key: str | None,
              descending: bool = False) -> IntArray:
    """``view`` reordered by column ``key`` (stable; undefined values last either way)."""
    if key is None:
        return view
    values = corpus.values[key][view].astype(float)
    undefined = np.isnan(values)
    values = np.where(undefined, 0.0, values)
    primary = -values if descending else values
    return view[np.lexsort((primary, undefined))]


def next_wrong(corpus: Filterable, view: IntArray, row: int, step: int) -> int | None:
    """The next row of ``view`` after ``row`` (``step`` 1) or before it (-1) that holds a
    wrong sentence, or None.

    >>> corpus = TableCorpus([], {}, np.array([0, 1, 0, 1], bool), np.zeros(4))
    >>> next_wrong(corpus, np.arange(4), 1, 1), next_wrong(corpus, np.arange(4), 1, -1)
    (3, None)
    """
    wrong_rows = np.flatnonzero(corpus.wrong[view])
    if step > 0:
        after = wrong_rows[wrong_rows > row]
        return int(after[0]) if len(after) else None
    before = wrong_rows[wrong_rows < row]
    return int(before[-1]) if len(before) else None


def system_column(key: str, title: str, decimals: int, meaning: str, suffix: str) -> Column:
    """A per-system column: ``suffix`` is '' with one system, else the system's number,
    added to the key and to the title as a subscript.

    >>> system_column("f1", "F1", 2, "", "12").title
    'F1₁₂'
    """
    return Column(key + suffix, title + suffix.translate(SUBSCRIPT), decimals, meaning)


def delta_columns(values: dict[str, AnyArray], key: str, title: str,
                  names: Sequence[str]) -> list[Column]:
    """The Δ columns of several systems (``names``), added to ``values``: each system from
    the second minus the first (``key`` + suffix).  With two systems one column, ``delta``
    (``Δ`` + ``title``); with more, ``delta2``, ``delta3``... (titles ``ΔF1₂``, ``ΔF1₃``...).

    >>> values = {"f11": np.array([50.0]), "f12": np.array([75.0]), "f13": np.array([40.0])}
    >>> columns = delta_columns(values, "f1", "F1", ["a", "b", "c"])
    >>> [(c.key, c.title) for c in columns], values["delta3"], columns[1].help
    ([('delta2', 'ΔF1₂'), ('delta3', 'ΔF1₃')], array([-10.]), 'F1 of c minus F1 of a')
    """
    columns = []
    systems = len(names)
    for system in range(2, systems + 1):
        suffix = "" if systems == 2 else str(system)
        values["delta" + suffix] = values[f"{key}{system}"] - values[f"{key}1"]
        columns.append(Column("delta" + suffix, f"Δ{title}" + suffix.translate(SUBSCRIPT), 2,
                              f"{title} of {names[system - 1]} minus {title} of {names[0]}"))
    return columns
