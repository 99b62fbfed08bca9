"""The browser's data layer: per-sentence columns, filters, sort orders and breakdowns.

A ``BrowseCorpus`` (``bracket_data.BracketCorpus``, ``dep_data.DependencyCorpus`` or
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

import os
import re
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, Sequence

import numpy as np
from rich.text import Text

#: column-title marks of system 1 and 2
SUBSCRIPT = {"1": "₁", "2": "₂"}
#: EVALB's Stat column values
STATUS_NAMES = {0: "ok", 1: "error", 2: "skip"}


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
            return "—"
        return f"{value:.{self.decimals}f}" if self.decimals else str(int(value))


@dataclass
class BreakdownRow:
    """One row of a breakdown table; ``target`` is the filter selecting the row picks."""

    cells: list[str]
    target: SentenceFilter | None = None
    bar: float | None = None


@dataclass
class BreakdownTable:
    """A titled table of the breakdown screen (``bar`` column drawn as bars when set)."""

    title: str
    headers: list[str]
    rows: list[BreakdownRow]
    note: str = ""


@dataclass
class TableCorpus:
    """The part of a corpus the filters and sorts need: columns and per-sentence facts.

    ``BracketCorpus``, ``DependencyCorpus`` and ``UDCorpus`` build on it and give the
    sentence texts and the label masks; a bare table has no text and no labels.
    """

    columns: list[Column]
    values: dict[str, np.ndarray]
    #: does the sentence hold an error of any system (the n/N keys stop there)?
    wrong: np.ndarray
    #: sentence length in words (gold)
    length: np.ndarray
    #: worst EVALB status over the systems (0 ok, 1 error, 2 skip); zeros for dependencies
    status: np.ndarray | None = None
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

    def label_mask(self, label: str, among: np.ndarray | None = None) -> np.ndarray:
        """Sentences where a gold or system item labelled ``label`` is wrong.  ``among``
        (a boolean mask) are the sentences asked about: a corpus may leave the others
        False (bracket corpora score only those; numpy corpora answer for all)."""
        return np.zeros(self.size, dtype=bool)

    def confusion_mask(self, gold: str, system: str,
                       among: np.ndarray | None = None) -> np.ndarray:
        """Sentences where gold ``gold`` was given the label ``system`` (``among`` as for
        ``label_mask``)."""
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
    status: int | None = None
    search: str = ""
    label: str = ""
    confusion: tuple[str, str] | None = None

    def apply(self, corpus: Filterable) -> np.ndarray:
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
        return " · ".join(parts)

    def with_changes(self, **changes: Any) -> SentenceFilter:
        """A copy with some fields changed."""
        return replace(self, **changes)


class Filterable(Protocol):
    """What filters and sorts need of a corpus (``TableCorpus`` has it)."""

    values: dict[str, np.ndarray]
    wrong: np.ndarray
    length: np.ndarray
    status: np.ndarray | None

    @property
    def size(self) -> int: ...

    def texts(self) -> list[str]: ...

    def label_mask(self, label: str, among: np.ndarray | None = None) -> np.ndarray: ...

    def confusion_mask(self, gold: str, system: str,
                       among: np.ndarray | None = None) -> np.ndarray: ...


class BrowseCorpus(Filterable, Protocol):
    """What the app needs of a corpus (``BracketCorpus``, ``DependencyCorpus`` and
    ``UDCorpus`` have it)."""

    kind: str
    columns: list[Column]

    def header(self) -> HeaderInfo: ...

    def text(self, index: int) -> str: ...

    def detail(self, index: int, width: int) -> list[Text]: ...

    def breakdown(self) -> list[BreakdownTable]: ...


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


def sort_view(corpus: Filterable, view: np.ndarray, key: str | None,
              descending: bool = False) -> np.ndarray:
    """``view`` reordered by column ``key`` (stable; undefined values last either way)."""
    if key is None:
        return view
    values = corpus.values[key][view].astype(float)
    undefined = np.isnan(values)
    values = np.where(undefined, 0.0, values)
    primary = -values if descending else values
    return view[np.lexsort((primary, undefined))]


def next_wrong(corpus: Filterable, view: np.ndarray, row: int, step: int) -> int | None:
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


def length_bins(lengths: np.ndarray, width: int = 10) -> list[tuple[int, int]]:
    """Length ranges of ``width`` words covering ``lengths`` (the last one open-ended
    beyond 70 words).

    >>> length_bins(np.array([3, 12, 95]))
    [(1, 10), (11, 20), (21, 30), (31, 40), (41, 50), (51, 60), (61, 70), (71, 10000)]
    """
    longest = int(lengths.max()) if len(lengths) else 0
    bins = []
    low = 1
    while low <= min(longest, 70):
        bins.append((low, low + width - 1))
        low += width
    if longest > 70:
        bins.append((71, 10000))
    return bins


def bar(fraction: float, width: int) -> str:
    """A horizontal bar of ``width`` cells filled to ``fraction`` (eighth-cell steps).

    >>> bar(0.5, 4), bar(1.0, 2), bar(0.0625, 2)
    ('██  ', '██', '▏ ')
    """
    fraction = 0.0 if np.isnan(fraction) else min(max(fraction, 0.0), 1.0)
    eighths = int(round(fraction * width * 8))
    full, part = divmod(eighths, 8)
    text = "█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")
    return text.ljust(width)[:width]


def precision_recall_rows(labels: Sequence[str], gold: np.ndarray, system: np.ndarray,
                          gold_right: np.ndarray, system_right: np.ndarray,
                          ) -> list[tuple[str, int, int, float, float, float]]:
    """Per label: gold count, system count, precision, recall and F1 (percent; NaN where
    undefined), most frequent gold label first.

    >>> precision_recall_rows(["NP"], np.array([4]), np.array([2]), np.array([2]), np.array([2]))
    [('NP', 4, 2, 100.0, 50.0, 66.66666666666667)]
    """
    rows = []
    for k, label in enumerate(labels):
        precision = 100.0 * int(system_right[k]) / int(system[k]) if system[k] else float("nan")
        recall = 100.0 * int(gold_right[k]) / int(gold[k]) if gold[k] else float("nan")
        both = precision + recall
        f1 = 2 * precision * recall / both if both and not np.isnan(both) else float("nan")
        rows.append((label, int(gold[k]), int(system[k]), precision, recall, f1))
    rows.sort(key=lambda row: (-row[1], -row[2], row[0]))
    return rows


def label_rows(labels: Sequence[str], gold: np.ndarray, system: np.ndarray,
               gold_right: np.ndarray, system_right: np.ndarray) -> list[BreakdownRow]:
    """The rows of a per-label table (label, gold, system, P, R, F1; ``precision_recall_rows``),
    each selecting the sentences where its label is wrong.

    >>> label_rows(["NP"], np.array([4]), np.array([2]), np.array([2]), np.array([2]))[0].cells
    ['NP', '4', '2', '100.00', '50.00', '66.67']
    """
    return [BreakdownRow([label, str(g), str(s), percent(p), percent(r), percent(f)],
                         SentenceFilter(label=label), None if np.isnan(f) else f / 100)
            for label, g, s, p, r, f in precision_recall_rows(labels, gold, system, gold_right,
                                                              system_right)]


def confusion_rows(names: Sequence[str], gold_codes: np.ndarray, system_codes: np.ndarray,
                   limit: int = 40) -> list[BreakdownRow]:
    """The ``limit`` most frequent (gold, system) pairs of differing label codes (names
    ``names[code]``) with their counts, each selecting the sentences with that confusion.

    >>> [row.cells for row in confusion_rows(["a", "b"], np.array([0, 0, 1]), np.array([1, 0, 0]))]
    [['a', 'b', '1'], ['b', 'a', '1']]
    """
    differ = gold_codes != system_codes
    if differ.any():
        pairs, counts = np.unique(np.stack([gold_codes[differ], system_codes[differ]]),
                                  axis=1, return_counts=True)
    else:
        pairs, counts = np.zeros((2, 0), dtype=np.int64), np.zeros(0, dtype=np.int64)
    order = np.lexsort((pairs[1], pairs[0], -counts)) if len(counts) else counts
    rows = []
    for j in order[:limit]:
        gold, system = str(names[pairs[0, j]]), str(names[pairs[1, j]])
        rows.append(BreakdownRow([gold, system, str(int(counts[j]))],
                                 SentenceFilter(confusion=(gold, system))))
    return rows


def length_row(low: int, high: int, sentences: int, cell: str, value: float) -> BreakdownRow:
    """A row of a by-length table (a ``length_bins`` range): range, sentences, the score's
    ``cell`` and a bar of ``value`` percent; it selects the sentences of that length.

    >>> length_row(71, 10000, 3, "50.00", 50.0).cells, length_row(1, 10, 0, "-", float("nan")).bar
    (['71+', '3', '50.00'], None)
    """
    return BreakdownRow([f"{low}-{high}" if high < 10000 else f"{low}+", str(sentences), cell],
                        SentenceFilter(min_length=low, max_length=high),
                        None if np.isnan(value) else value / 100)


def percent(value: float) -> str:
    """A percentage cell (``-`` when undefined).

    >>> percent(62.8191), percent(float("nan"))
    ('62.82', '-')
    """
    return "-" if np.isnan(value) else f"{value:.2f}"


@dataclass
class HeaderInfo:
    """What the header shows: files, parameters in force and the corpus scores."""

    files: list[str]
    parameters: list[str]
    scores: list[str]
    warnings: list[str] = field(default_factory=list)

    def text(self) -> Text:
        text = Text()
        for line in self.files + self.parameters:
            text.append(line + "\n", style="dim")
        for line in self.scores:
            text.append(line + "\n", style="bold")
        for line in self.warnings:
            text.append(line + "\n", style="bold red")
        text.rstrip()
        return text


class LineIndex:
    """A file's lines by number, read on demand from a memory map (the file is never
    written, and only the newline offsets are held in memory).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "f")
    >>> _ = open(path, "wb").write(b"one\\ntwo\\r\\nthree")
    >>> lines = LineIndex(path)
    >>> len(lines), lines.line(2), lines.line(3)
    (3, b'two\\r', b'three')
    """

    def __init__(self, path: str) -> None:
        import mmap

        self.path = path
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            self.data: bytes | mmap.mmap = (
                mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if size else b"")
        ends = np.flatnonzero(np.frombuffer(self.data, dtype=np.uint8) == 10)
        if size and (not len(ends) or ends[-1] != size - 1):
            ends = np.append(ends, size)
        self.ends = ends
        self.starts = np.concatenate(([0], ends[:-1] + 1)).astype(np.int64)

    def __len__(self) -> int:
        return len(self.ends)

    def line(self, number: int) -> bytes:
        """Line ``number`` (1-based) without its newline; b"" past the end."""
        if not 1 <= number <= len(self.ends):
            return b""
        return bytes(self.data[int(self.starts[number - 1]):int(self.ends[number - 1])])

    def numbered(self, first: int, stop: int) -> list[Text]:
        """The non-blank lines ``first`` to ``stop - 1``, each after the file name and line
        number (tabs shown as two spaces)."""
        out = []
        for number in range(first, stop):
            line = self.line(number)
            if not line.strip():
                continue
            text = Text(f"{self.path}:{number}: ", style="dim")
            text.append(line.decode("utf-8", "replace").replace("\t", "  "))
            out.append(text)
        return out
