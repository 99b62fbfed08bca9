"""Every gold and test bracket EVALB counts, as numpy columns: label, span, matched, crossing.

``span_scoring.bracket_spans`` scores a block of line pairs as ``treeeval bracket`` does
(``fast.py``, and the exact per-sentence engine, ``reference.py``, for the lines that fall
back) and keeps the brackets behind each sentence's counts in these columns;
``span_scoring.file_spans`` does it for two files, block by block as ``EvalbRun`` reads
them.  Per sentence, the brackets add up to EVALB's row:
``gold``/``test`` rows are the brackets that count, ``matched`` the matched test brackets
(as many gold ones are matched), ``crossing`` the test brackets that cross a gold bracket.

Labels are given twice, as indices into ``BracketSpans.labels``: ``label`` is the label
spelled as in the file and cut at its first ``-`` or ``=`` (``NP-SBJ-1`` is ``NP``: what
EVALB's debug output prints), ``label_class`` the representative of its EQ_LABEL class
(``EvalbParams.label_classes``; the label itself when it is in no EQ_LABEL pair, or when the
pairs do not form classes): two brackets of one span match iff their classes are equal.

>>> from treeeval.bracket.params import EvalbParams
>>> from treeeval.bracket.span_scoring import bracket_spans
>>> params = EvalbParams(delete_label=[b"TOP"], eq_label=[(b"ADVP", b"PRT")])
>>> gold = b"(TOP (S (NP-SBJ (NN a)) (VP (VB b) (ADVP (RB c)))))\\n(S (A x) (B y))\\n"
>>> test = b"(TOP (S (NP (NN a) (VB b)) (PRT (RB c))))\\n(S (A x) (B z))\\n"
>>> spans = bracket_spans(gold, test, params)
>>> [spans.labels[k] for k in spans.gold.label], [spans.labels[k] for k in spans.gold.label_class]
([b'S', b'NP', b'VP', b'ADVP'], [b'S', b'NP', b'VP', b'PRT'])
>>> spans.gold.start.tolist(), spans.gold.end.tolist(), spans.gold.matched.tolist()
([0, 0, 1, 2], [3, 1, 3, 3], [True, False, False, True])
>>> spans.test.matched.tolist(), spans.test.crossing.tolist(), spans.status.tolist()
([True, False, True], [False, True, False], [0, 1])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace

import numpy as np

from ..arrays import BoolArray, IntArray
from ..columnar.blocks import pick_lines
from .align import AlignedLines, align_lines
from .counts import SentenceCounts
from .kernel.chunk_scores import ChunkBrackets, ChunkScores, SideBrackets
from .params import EvalbParams
from .reference import (
    MATCHED,
    NOT_COUNTED,
    UNMATCHED,
    Bracket,
    EvalbKilled,
    ReadSide,
    ReferenceEngine,
    SentenceScore,
)
from .totals import COLUMNS, EvalbStatus


@dataclass
class BracketColumns:
    """One side's counted brackets, one row each, by sentence then in reading order."""

    #: the sentence (line of the block or file, from 0)
    sentence: IntArray
    #: the bracket's number among all brackets of its line, in reading order (from 0)
    position: IntArray
    label: IntArray
    label_class: IntArray
    #: EVALB's span: kept words (DELETE_LABEL words removed), ``end`` exclusive
    start: IntArray
    end: IntArray
    matched: BoolArray
    #: crosses a counted bracket of the other side (for test brackets: EVALB's crossing)
    crossing: BoolArray

    def per_sentence(self, sentences: int) -> tuple[IntArray, IntArray, IntArray]:
        """Per sentence: brackets, matched brackets, crossing brackets."""
        def count(where: BoolArray | slice) -> IntArray:
            return np.bincount(self.sentence[where], minlength=sentences)

        return count(slice(None)), count(self.matched), count(self.crossing)


@dataclass
class BracketSpans:
    """Both sides' brackets, the label spellings they index, and EVALB's rows.

    Brackets are given for every sentence the engine matched, including an Error
    sentence whose error came from reading (EVALB still counts its brackets in its row,
    but not in the totals): select ``status == EvalbStatus.SCORED`` for what the totals
    count.
    """

    labels: list[bytes]
    gold: BracketColumns
    test: BracketColumns
    #: EVALB's per-sentence rows (``counts.line`` numbers the lines from 1)
    counts: SentenceCounts
    #: the sentences scored by the reference engine
    fallback: BoolArray

    @property
    def status(self) -> IntArray:
        return self.counts.status

    @property
    def size(self) -> int:
        return len(self.counts)


def block_spans(chunk: ChunkBrackets, engine: EngineBrackets,
                params: EvalbParams) -> BracketSpans:
    """The columns of a block: the fast path's brackets (``chunk``) and those the engine
    counted on the lines that fell back (``engine``), merged by line; ``chunk.scores.counts``
    must hold the block's final rows (the engine's lines written in)."""
    names = {name: code for code, name in enumerate(chunk.labels)}
    engine_sides = engine.sides(names)
    classes = params.label_classes() or {}
    for name in [name for name in names if name in classes]:
        names.setdefault(classes[name], len(names))
    labels = sorted(names)
    recode = np.zeros(len(names), dtype=np.int64)
    recode[[names[name] for name in labels]] = np.arange(len(labels))
    label_class = np.array([labels.index(classes.get(name, name)) for name in labels],
                           dtype=np.int64)
    sides = []
    for fast_side, engine_side in zip((chunk.gold, chunk.test), engine_sides):
        side = _merge(fast_side, engine_side)
        label = recode.take(side.label)
        sides.append(BracketColumns(side.line, side.position, label, label_class.take(label),
                                    side.start, side.end, side.matched, side.crossing))
    return BracketSpans(labels, sides[0], sides[1], chunk.scores.counts, chunk.scores.fallback)


def concatenate_spans(parts: list[BracketSpans], params: EvalbParams) -> BracketSpans:
    """The columns of consecutive blocks as one (sentences numbered across them)."""
    if len(parts) == 1:
        return parts[0]
    if not parts:
        empty = SideBrackets.concatenate([], [])
        return block_spans(ChunkBrackets(ChunkScores.zeros(0, False), [], empty, empty),
                           EngineBrackets(), params)
    labels = sorted({name for part in parts for name in part.labels})
    offsets = np.cumsum([0] + [part.size for part in parts])
    sides = []
    for role in ("gold", "test"):
        columns = {}
        for column in fields(BracketColumns):
            values = []
            for part, offset in zip(parts, offsets):
                value = getattr(getattr(part, role), column.name)
                if column.name in ("label", "label_class"):
                    value = np.array([labels.index(n) for n in part.labels],
                                     dtype=np.int64).take(value)
                values.append(value + offset if column.name == "sentence" else value)
            columns[column.name] = np.concatenate(values)
        sides.append(BracketColumns(**columns))
    return BracketSpans(labels, sides[0], sides[1],
                        SentenceCounts.concatenate([p.counts for p in parts]),
                        np.concatenate([part.fallback for part in parts]))


class EngineBrackets:
    """The brackets EVALB's engine counted on the lines it scored, collected line by line
    (rows as ``SideBrackets``, with the labels spelled out until ``sides`` codes them)."""

    def __init__(self) -> None:
        self.rows: tuple[list[tuple], list[tuple]] = ([], [])
        #: the lines scored by ``--align`` (their lines in the block, and their brackets)
        self.aligned: list[tuple[IntArray, AlignedLines]] = []

    def add_aligned(self, lines: IntArray, aligned: AlignedLines) -> None:
        """The brackets of lines scored by ``--align`` (``lines``: the block's line of each
        line of ``aligned``)."""
        self.aligned.append((lines, aligned))

    def add(self, index: int, gold: ReadSide, test: ReadSide) -> None:
        """The counted brackets of line ``index`` (of the block), once the engine scored
        its ``gold`` and ``test`` sides."""
        for out, side, other in ((self.rows[0], gold.brackets, test.brackets),
                                 (self.rows[1], test.brackets, gold.brackets)):
            for position, bracket in enumerate(side):
                if bracket.result in (UNMATCHED, MATCHED):
                    out.append((index, position, bracket.label, bracket.start, bracket.end,
                                bracket.result == MATCHED, crosses(bracket, other)))

    def renumber(self, numbers: IntArray) -> None:
        """Number each line's brackets ``numbers[line]`` instead (its row, where a line
        has several)."""
        gold, test = ([(int(numbers[index]), *rest) for index, *rest in rows]
                      for rows in self.rows)
        self.rows = (gold, test)

    def sides(self, names: dict[bytes, int]) -> tuple[SideBrackets, SideBrackets]:
        """Both sides' rows, labels coded by ``names`` (a new label is added to it)."""
        coded = [[(index, position, names.setdefault(label, len(names)), *rest)
                  for index, position, label, *rest in rows] for rows in self.rows]
        sides = [_side_of_rows(coded[0]), _side_of_rows(coded[1])]
        for lines, aligned in self.aligned:
            codes = np.array([names.setdefault(label, len(names)) for label in aligned.labels],
                             dtype=np.int64)
            for k, side in enumerate((aligned.gold, aligned.test)):
                sides[k] = _merge(sides[k], SideBrackets(
                    lines.take(side.line), side.position, codes.take(side.label), side.start,
                    side.end, side.matched, side.crossing))
        return sides[0], sides[1]


def score_line(engine: ReferenceEngine, gold_line: bytes, test_line: bytes, number: int,
               rows: list[SentenceScore]) -> tuple[ReadSide, ReadSide] | None:
    """The engine on one line pair (``ReferenceEngine.score_rows``): its rows appended to
    ``rows``, and both sides it read and scored; a line in EVALB's endless 'Reading
    sentence' loop ends in an Error row, without sides."""
    engine.start_line(number)
    try:
        return engine.score_rows(gold_line, test_line, number, rows)
    except EvalbKilled:
        rows.append(SentenceScore(number, 0, EvalbStatus.ERROR, 0, 0, 0, 0, 0, 0))
        return None


def align_rejected(gold: bytes, test: bytes, rejected: list[int], params: EvalbParams,
                   counts: SentenceCounts, collected: EngineBrackets | None) -> dict[int, bytes | None]:
    """``--align`` on a block: score its lines ``rejected`` (EVALB rejected them for their
    words) through their characters (``treeeval.bracket.align``), write their rows into
    ``counts`` and their brackets into ``collected`` (when given).  Returns, for each line
    scored so, None, and for each line whose texts differ its Text unmatch message; a line
    absent (outside the strict grammar) keeps EVALB's row and message.

    >>> counts = SentenceCounts.from_rows([(1, 2, 1, 0, 0, 0, 0, 0, 0)])
    >>> align_rejected(b"(S (A a) (B b))\\n", b"(S (A ab))\\n", [0], EvalbParams(), counts, None)
    {0: None}
    >>> counts.rows()[0]["gold"], counts.rows()[0]["test"], counts.rows()[0]["matched"]
    (1, 1, 1)
    """
    if not rejected:
        return {}
    aligned = align_lines(pick_lines(gold, rejected), pick_lines(test, rejected), params)
    read = np.flatnonzero(~aligned.unread)
    lines = np.array(rejected, dtype=np.int64)
    for column in COLUMNS[1:]:
        getattr(counts, column)[lines[read]] = getattr(aligned.rows, column)[read]
    if collected is not None:
        collected.add_aligned(lines, aligned)
    return {rejected[k]: aligned.messages.get(k) for k in read.tolist()}


class KeptSpans:
    """Bracket columns kept by a run, computed on first use (``spans``) from what its scan
    left: scoring pays nothing for them until they are asked for.  Sent to another
    process, they are computed first.

    >>> from treeeval.bracket.span_scoring import bracket_spans
    >>> kept = KeptSpans(lambda: bracket_spans(b"(S (A a))\\n", b"(S (A a))\\n", EvalbParams()))
    >>> kept.spans().gold.matched.tolist(), kept.spans() is kept.spans()
    ([True], True)
    """

    def __init__(self, compute: Callable[[], BracketSpans]) -> None:
        self._compute: Callable[[], BracketSpans] | None = compute
        self._spans: BracketSpans | None = None

    def spans(self) -> BracketSpans:
        if self._spans is None:
            assert self._compute is not None
            self._spans, self._compute = self._compute(), None
        return self._spans

    def __getstate__(self) -> dict[str, object]:
        return {"_spans": self.spans(), "_compute": None}


def first_spans(spans: BracketSpans, count: int) -> BracketSpans:
    """The columns of the first ``count`` sentences.

    >>> from treeeval.bracket.span_scoring import bracket_spans
    >>> spans = bracket_spans(b"(S (A a))\\n(S (B b))\\n", b"(S (A a))\\n(S (B b))\\n",
    ...                       EvalbParams())
    >>> head = first_spans(spans, 1)
    >>> head.size, head.gold.sentence.tolist(), head.labels
    (1, [0], [b'S'])
    """
    if count >= spans.size:
        return spans

    def first(side: BracketColumns) -> BracketColumns:
        keep = side.sentence < count
        return BracketColumns(*(getattr(side, name.name).compress(keep)
                                for name in fields(BracketColumns)))

    return BracketSpans(spans.labels, first(spans.gold), first(spans.test),
                        spans.counts.take(slice(0, count)), spans.fallback[:count])


def per_line_spans(spans: BracketSpans) -> BracketSpans:
    """The columns with one sentence per line: the rows of a line that has several
    (evalb_spmrl's zero row before a scored one) merged as ``SentenceCounts.per_line``
    merges them, each bracket numbered by its line.

    >>> from treeeval.bracket.span_scoring import bracket_spans
    >>> spmrl = EvalbParams(rules="spmrl")
    >>> spans = bracket_spans(b"(S (A a))\\n(S (B b))\\n", b"(S (A a) (C c))\\n(S (B b))\\n", spmrl)
    >>> spans.counts.line.tolist(), spans.test.sentence.tolist()
    ([1, 1, 2], [1, 2])
    >>> merged = per_line_spans(spans)
    >>> merged.counts.line.tolist(), merged.test.sentence.tolist(), merged.fallback.tolist()
    ([1, 2], [0, 1], [True, False])
    """
    counts = spans.counts.per_line()
    if counts is spans.counts:
        return spans
    line = spans.counts.line
    new_line = np.append(True, line[1:] != line[:-1])
    index = np.cumsum(new_line) - 1

    def renumbered(side: BracketColumns) -> BracketColumns:
        return replace(side, sentence=index.take(side.sentence))

    return BracketSpans(spans.labels, renumbered(spans.gold), renumbered(spans.test), counts,
                        np.logical_or.reduceat(spans.fallback, np.flatnonzero(new_line)))


def crosses(bracket: Bracket, others: list[Bracket]) -> bool:
    """EVALB's crossing test (``ReferenceEngine._crossing``) for one bracket: does it cross a
    counted bracket of ``others``?  A bracket EVALB does not count crosses nothing."""
    if bracket.result == NOT_COUNTED:
        return False
    return any(other.result != NOT_COUNTED and (
        (other.start < bracket.start < other.end < bracket.end)
        or (bracket.start < other.start < bracket.end < other.end)) for other in others)


def _side_of_rows(rows: list[tuple[int, ...]]) -> SideBrackets:
    table = np.array(rows, dtype=np.int64).reshape(len(rows), 7)
    line, position, label, start, end = (table[:, k].copy() for k in range(5))
    return SideBrackets(line, position, label, start, end, table[:, 5].astype(bool),
                        table[:, 6].astype(bool))


def _merge(fast: SideBrackets, engine: SideBrackets) -> SideBrackets:
    """Both sets of rows, by line (stable: each line's brackets stay in reading order)."""
    if not len(engine.line):
        return fast
    columns = [np.concatenate([getattr(fast, f.name), getattr(engine, f.name)])
               for f in fields(SideBrackets)]
    order = columns[0].argsort(kind="stable")
    return SideBrackets(*(column.take(order) for column in columns))
