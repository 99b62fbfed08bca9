"""EVALB's per-sentence algorithm, step for step: the exact (and slow) path.

Every sentence the vectorised scorer (``kernel/fast.py``) cannot vouch for falls back here
(its ``fallback`` mask, :mod:`treeeval.fallback`): malformed lines, Error and Skip
sentences, the Ellis quote repair, debug output.  The steps and their order are EVALB's
(see docs/differences.md and shared/docs/reference/evalb.md): reading with EVALB's
tokeniser, the Skip test, the length test with the quote repair, the word test,
"massaging" (zero-span and deleted brackets, function tags), greedy bracket matching,
crossing brackets, tagging accuracy.  Labels and words are bytes, compared as C's strcmp.

>>> from treeeval.bracket.params import EvalbParams
>>> engine = ReferenceEngine(EvalbParams(delete_label=[b"TOP"]), ErrorBudget(10, io.BytesIO()))
>>> score = engine.score_pair(b"(TOP (S (NP (NN a)) (VP (VB b))))", b"(TOP (S (NP (NN a) (VB b))))", 1)
>>> score.status, score.matched, score.gold, score.test, score.words, score.correct
(<EvalbStatus.SCORED: 0>, 1, 3, 2, 2, 2)
"""

from __future__ import annotations

import io
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import BinaryIO, NamedTuple, Protocol

from .labels import truncate_label
from .params import EvalbDebug, EvalbParams
from .totals import EvalbStatus

#: C isspace() in the C locale
SPACE = frozenset(b" \t\n\v\f\r")
#: a run of SPACE, and a label or word (up to SPACE or a bracket)
_SPACES = re.compile(rb"[ \t\n\v\f\r]*")
_TOKEN = re.compile(rb"[^ \t\n\v\f\r()]*")
#: the most gold x test bracket pairs whose crossing the engine checks one by one (a WSJ
#: sentence has about 40 x 40); more are counted with numpy
PAIRWISE_CROSSING = 4096
#: the words the Ellis quote repair looks at
QUOTE_WORDS = (b"'", b'"', b"/")


#: the most 'Reading sentence' lines written for one line EVALB cannot read (it repeats the
#: line until MAX_ERROR, up to 2**31 times: docs/differences.md)
FOREVER_LINES = 100_000


class EvalbKilled(Exception):
    """The error budget (MAX_ERROR) is exhausted: EVALB exits with status 1 here."""


class ErrorBudget:
    """EVALB's Error(): print ``LINE : message`` on stderr, die past MAX_ERROR.

    The check is made on the count *before* it is incremented, so MAX_ERROR + 1 errors are
    survived and the run dies inside the (MAX_ERROR + 2)-th.
    """

    def __init__(self, max_error: int, stream: BinaryIO) -> None:
        self.max_error = max_error
        self.count = 0
        self.stream = stream
        #: the line of the latest error (where a killed run died)
        self.line = 0

    def error(self, line: int, message: bytes) -> None:
        self.stream.write(b"%d : %s\n" % (line, message))
        self.line = line
        previous = self.count
        self.count += 1
        if previous > self.max_error:
            raise EvalbKilled

    def error_forever(self, line: int, message: bytes) -> None:
        """EVALB's reader does not advance after 'Reading sentence': it repeats until killed
        (past FOREVER_LINES repeats, one line says how many more EVALB would print)."""
        repeats = max(self.count, self.max_error + 1) - self.count + 1
        text = b"%d : %s\n" % (line, message)
        self.line = line
        shown = min(repeats, FOREVER_LINES)
        while shown > 0:
            block = min(shown, 65536)
            self.stream.write(text * block)
            shown -= block
        if repeats > FOREVER_LINES:
            self.stream.write(b"%d : %s (EVALB repeats this line %d more times)\n"
                              % (line, message, repeats - FOREVER_LINES))
        self.count = max(self.count, self.max_error + 1) + 1
        raise EvalbKilled


class ResultCode(IntEnum):
    """What EVALB's engine leaves in the ``result`` of a bracket or a terminal (the second
    column of its -d tables, shared/docs/reference/evalb.md section 9).

    >>> engine = ReferenceEngine(EvalbParams(), ErrorBudget(10, io.BytesIO()))
    >>> gold, test = engine.read_line(b"(S (A x) (B y))", 1), engine.read_line(b"(S (A x) (C y))", 1)
    >>> _ = engine.score_sides(gold, test, 1)
    >>> [bracket.result.name for bracket in gold.brackets], [t.result.name for t in test.terminals]
    (['MATCHED'], ['MATCHED', 'UNMATCHED'])
    """

    #: a counted bracket no bracket of the other side matched; a terminal whose tag is wrong
    UNMATCHED = 0
    #: a matched bracket; a terminal whose tag is right (or EQ_LABEL-paired)
    MATCHED = 1
    #: a bracket EVALB does not count: it spans no kept word, or its label is deleted
    NOT_COUNTED = 5
    #: not scored: the sentence stopped before (an Error or a Skip)
    UNSCORED = 9


#: the members the per-bracket loops compare with, as module names: in Python 3.11 a member
#: looked up on its class costs ten times a global (the engine would lose a tenth of its speed)
UNMATCHED, MATCHED, NOT_COUNTED = ResultCode.UNMATCHED, ResultCode.MATCHED, ResultCode.NOT_COUNTED


@dataclass
class Terminal:
    word: bytes
    label: bytes
    result: ResultCode = ResultCode.UNSCORED


@dataclass
class Bracket:
    start: int
    label: bytes
    buf_start: int
    end: int = -1
    buf_end: int | None = None
    result: ResultCode = ResultCode.UNSCORED


@dataclass
class QuoteTerm:
    word: bytes
    label: bytes
    index: int
    bracket: int
    ends: list[int | None]


@dataclass
class ReadSide:
    """One line as EVALB's read_line leaves it."""

    line: bytes
    terminals: list[Terminal] = field(default_factory=list)
    brackets: list[Bracket] = field(default_factory=list)
    quotes: list[QuoteTerm] = field(default_factory=list)
    length: int = 0
    #: (end, buf_end) given by a surplus ')' to a bracket not opened yet, by its number
    early_ends: dict[int, tuple[int, int]] = field(default_factory=dict)


class SentenceScore(NamedTuple):
    """The numbers of one line of EVALB's table (Len is the gold length)."""

    line: int
    length: int
    status: EvalbStatus
    matched: int
    gold: int
    test: int
    crossing: int
    words: int
    correct: int


class Rows(Protocol):
    """Where an engine puts the rows of a line as it prints them (a list, or a writer)."""

    def append(self, row: SentenceScore, /) -> None: ...


@dataclass
class BelowStack:
    """The memory just below EVALB's stack array, which its surplus ')' reach.

    C reads ``stack[-1]`` (outside the array) for the first surplus ')' and a later '('
    writes there.  In EVALB as built (gcc, x86-64) those words start as zero padding and
    keep what was written for the rest of the run, across lines.  A run scored in blocks
    gives each block its own BelowStack: ``read_first`` lists the slots a block read
    before writing them (it assumed zeros there), ``written`` what it left behind, so
    the caller can carry the memory from block to block (EvalbRun does).

    >>> below = BelowStack()
    >>> below.read(-1), below.write(-1, 3), below.read(-1), below.read_first
    (0, None, 3, {-1})
    """

    slots: dict[int, int] = field(default_factory=dict)
    written: dict[int, int] = field(default_factory=dict)
    read_first: set[int] = field(default_factory=set)

    def read(self, slot: int) -> int:
        if slot not in self.written:
            self.read_first.add(slot)
        return self.slots.get(slot, 0)

    def write(self, slot: int, item: int) -> None:
        self.slots[slot] = self.written[slot] = item


class _Stack:
    """EVALB's bracket stack, including what it does when a ')' has nothing to close.

    C reads ``stack[-1]`` for the first surplus ')' and reports nothing; only from the
    second one is "too many close bracket" reported.  Slots below the array are
    BelowStack's.
    """

    def __init__(self, below: BelowStack) -> None:
        self.items: dict[int, int] = {}
        self.below = below
        self.top = 0

    def push(self, item: int) -> None:
        if self.top < 0:
            self.below.write(self.top, item)
        else:
            self.items[self.top] = item
        self.top += 1

    def pop(self) -> tuple[int | None, bool]:
        """Return (item or None, whether EVALB reports an underflow)."""
        slot = self.top - 1
        item = self.items.get(slot) if slot >= 0 else self.below.read(slot)
        underflow = self.top < 0
        self.top -= 1
        return item, underflow

    def snapshot(self) -> list[int | None]:
        return [self.items.get(slot) for slot in range(max(self.top, 0))]


class ReferenceEngine:
    """Scores one gold/test line pair at a time exactly as EVALB does."""

    def __init__(self, params: EvalbParams, budget: ErrorBudget, debug_out: BinaryIO | None = None,
                 below: BelowStack | None = None):
        self.params = params
        self.budget = budget
        #: -D: trace the reading, the matching and the crossing brackets
        self.trace = params.debug >= EvalbDebug.TRACE
        self.out = debug_out if debug_out is not None else io.BytesIO()
        self.delete = set(params.delete_label)
        #: the tags whose preterminals are not words (evalb_spmrl keeps them all)
        self.delete_terminals: frozenset[bytes] = frozenset(self.delete)
        #: how a bracket label is cut before it is compared (evalb_spmrl cuts at '#' too)
        self.cut_label: Callable[[bytes], bytes] = truncate_label
        self.delete_for_length = set(params.delete_label_for_length)
        self.quote_labels = set(params.quote_label)
        self.partners = params.label_partners()
        self.deleted = params.deleted_labels()
        self.below = below if below is not None else BelowStack()
        #: what the engine carries from line to line besides the memory below its stack:
        #: whether its DELETE_LABEL entries are cut, and whether a line read them uncut
        #: (evalb_spmrl's engine cuts them at its first comparison; EVALB's never does)
        self.cut_done = False
        self.read_uncut = False
        self._line = 0
        self._status = EvalbStatus.SCORED
        self._last: tuple[ReadSide, ReadSide] = (ReadSide(b""), ReadSide(b""))

    def cut_delete_labels(self) -> None:
        """Cut the DELETE_LABEL entries as a comparison with them would (EVALB compares
        them as written: nothing to do; ``SpmrlEngine`` cuts them)."""

    # -- reading ---------------------------------------------------------------------------
    def read_line(self, line: bytes, line_no: int) -> ReadSide:
        """EVALB's read_line: terminals, brackets and quote terms of one line."""
        self._line = line_no
        text = line.split(b"\0", 1)[0]
        side = ReadSide(text)
        stack = _Stack(self.below)
        size = len(text)
        p = 0
        while p < size:
            char = text[p]
            if char in SPACE:
                p = _SPACES.match(text, p).end()  # type: ignore[union-attr]  # matches "" at least: never None
            elif char == 0x28:  # "("
                p = self._read_open(text, p, side, stack)
            elif char == 0x29:  # ")"
                item, underflow = stack.pop()
                if underflow:
                    self._error(b"Bracketing unbalance (too many close bracket)")
                if item is not None:
                    self._close(side, item, p)
                p += 1
            else:
                self._status = EvalbStatus.ERROR
                self.budget.error_forever(self._line, b"Reading sentence")
        if stack.top != 0:
            self._error(b"Bracketing is unbalanced (too many open bracket)")
        return side

    @staticmethod
    def _close(side: ReadSide, item: int, p: int) -> None:
        """Set bracket ``item``'s end.  A surplus ')' may name a bracket that is opened
        only later on the line: C writes that bracket's end all the same, and opening it
        sets only its start, so the early end stays unless a ')' closes it again."""
        if item < len(side.brackets):
            side.brackets[item].end = len(side.terminals)
            side.brackets[item].buf_end = p
        else:
            side.early_ends[item] = (len(side.terminals), p)

    def _read_open(self, text: bytes, p: int, side: ReadSide, stack: _Stack) -> int:
        size = len(text)
        label_start = p + 1
        p = _TOKEN.match(text, label_start).end()  # type: ignore[union-attr]  # matches "" at least: never None
        label = text[label_start:p]
        if p < size and text[p] in SPACE:
            # both patterns end in *: they match "" at least, never None
            word_start = _SPACES.match(text, p).end()  # type: ignore[union-attr]
            q = _TOKEN.match(text, word_start).end()  # type: ignore[union-attr]  # never None
            word = text[word_start:q]
            closes = q < size and text[q] == 0x29
            if closes and label not in self.delete_for_length:
                side.length += 1
            if self.trace:
                self.out.write(b"label=%s, word=%s, wid=%d\n" % (label, word, len(side.terminals)))
            if closes and label in self.quote_labels and word in QUOTE_WORDS:
                side.quotes.append(
                    QuoteTerm(word, label, len(side.terminals), len(side.brackets), stack.snapshot())
                )
            if closes:
                if label not in self.delete_terminals:
                    side.terminals.append(Terminal(word, label))
                return q + 1
            if q >= size or text[q] != 0x28:
                self._error(b"More than two elements in a bracket")
        stack.push(len(side.brackets))
        end, buf_end = side.early_ends.pop(len(side.brackets), (-1, None))
        side.brackets.append(Bracket(len(side.terminals), label, p, end, buf_end))
        return p

    def _error(self, message: bytes) -> None:
        self._status = EvalbStatus.ERROR
        self.budget.error(self._line, message)

    # -- scoring ---------------------------------------------------------------------------
    def score_pair(self, gold_line: bytes, test_line: bytes, line_no: int) -> SentenceScore:
        """Read and score one line pair; errors go to the budget, debug text to ``out``."""
        rows: list[SentenceScore] = []
        self.score_rows(gold_line, test_line, line_no, rows)
        return rows[0]

    def score_rows(self, gold_line: bytes, test_line: bytes, line_no: int,
                   rows: Rows) -> tuple[ReadSide, ReadSide]:
        """Read and score one line pair, appending its row to ``rows`` (EVALB gives a line
        one row; evalb_spmrl's engine may give two, each appended as soon as it prints it);
        the two sides read."""
        self._status = EvalbStatus.SCORED
        gold = self.read_line(gold_line, line_no)
        test = self.read_line(test_line, line_no)
        self._last = (gold, test)
        rows.append(self.score_sides(gold, test, line_no))
        return gold, test

    def dump_last(self) -> None:
        """Write EVALB's -d tables for the pair scored last (EVALB's dsp_info)."""
        self._dump(*self._last)

    def start_line(self, line_no: int) -> None:
        """Begin a line whose test side is missing (the gold file is longer)."""
        self._status = EvalbStatus.SCORED
        self._line = line_no

    def score_sides(self, gold: ReadSide, test: ReadSide, line_no: int) -> SentenceScore:
        """EVALB's calc_result on two lines already read."""
        self._line = line_no
        if self.trace:
            self.out.write(b"\n")
        zero = SentenceScore(line_no, gold.length, EvalbStatus.SCORED, 0, 0, 0, 0, 0, 0)
        if not test.terminals:
            return zero._replace(status=EvalbStatus.SKIP)
        if len(gold.terminals) != len(test.terminals):
            self._fix_quote(gold, test)
            if len(gold.terminals) != len(test.terminals):
                self._error(b"Length unmatch (%d|%d)" % (len(gold.terminals), len(test.terminals)))
                return zero._replace(status=self._status)
        for g, t in zip(gold.terminals, test.terminals):
            if not self.params.words_equal(g.word, t.word):
                self._error(b"Words unmatch (%s|%s)" % (g.word, t.word))
                return zero._replace(status=self._status)
        gold_count, test_count, matched, crossing, correct = self._score_trees(gold, test)
        words = len(gold.terminals)
        return SentenceScore(
            line_no, gold.length, self._status, matched, gold_count, test_count, crossing, words, correct
        )

    def _score_trees(self, gold: ReadSide, test: ReadSide) -> tuple[int, int, int, int, int]:
        """The counts of two lines whose words agree: the gold and test brackets counted
        (massaged), those matched, the crossing brackets and the right tags."""
        gold_count = self._massage(gold.brackets)
        test_count = self._massage(test.brackets)
        matched = self._match(gold, test)
        crossing = self._crossing(gold, test)
        correct = 0
        for g, t in zip(gold.terminals, test.terminals):
            right = t.label in self.partners.get(g.label, (g.label,))
            g.result = t.result = MATCHED if right else UNMATCHED
            correct += right
        return gold_count, test_count, matched, crossing, correct

    def _massage(self, brackets: list[Bracket]) -> int:
        kept = 0
        cut = self.cut_label
        for bracket in brackets:
            bracket.result = UNMATCHED
            if bracket.start == bracket.end:
                bracket.result = NOT_COUNTED
                continue
            bracket.label = cut(bracket.label)
            if bracket.label in self.deleted:
                bracket.result = NOT_COUNTED
            else:
                kept += 1
        return kept

    def _match(self, gold: ReadSide, test: ReadSide) -> int:
        """EVALB's greedy matching: each gold bracket takes the first test bracket of its
        span and an equal label that no earlier gold bracket took."""
        if self.trace:
            return self._match_traced(gold, test)
        labeled = self.params.labeled != 0
        free: dict[tuple[int, int, bytes], deque[int]] = {}
        for j, t in enumerate(test.brackets):
            if t.result == UNMATCHED:
                free.setdefault((t.start, t.end, t.label if labeled else b""), deque()).append(j)
        matched = 0
        for g in gold.brackets:
            if g.result == NOT_COUNTED:
                continue
            equal = self.partners.get(g.label, (g.label,)) if labeled else (b"",)
            queues = [queue for label in equal
                      if (queue := free.get((g.start, g.end, label)))]
            if queues:
                first = min(queues, key=lambda queue: queue[0])
                g.result = test.brackets[first.popleft()].result = MATCHED
                matched += 1
        return matched

    def _match_traced(self, gold: ReadSide, test: ReadSide) -> int:
        """``_match`` pair by pair, as EVALB traces it under -D."""
        labeled = self.params.labeled != 0
        seen_label_clash = [False] * len(test.brackets)
        matched = 0
        for g in gold.brackets:
            found = False
            for j, t in enumerate(test.brackets):
                self.out.write(
                    b"1.res=%d, 2.res=%d, 1.start=%d, 2.start=%d, 1.end=%d, 2.end=%d\n"
                    % (g.result, t.result, g.start, t.start, g.end, t.end)
                )
                if g.result != NOT_COUNTED and t.result == UNMATCHED and g.start == t.start and g.end == t.end:
                    found = True
                    if not labeled or self.params.labels_equal(g.label, t.label):
                        g.result = t.result = MATCHED
                        matched += 1
                        break
                    self._trace_bracket(b"LABEL", g, gold.line)
                    seen_label_clash[j] = True
            if not found and g.result != NOT_COUNTED:
                self._trace_bracket(b"BRACKET", g, gold.line)
        for j, t in enumerate(test.brackets):
            if t.result == UNMATCHED and not seen_label_clash[j]:
                self._trace_bracket(b"EXTRA", t, test.line)
        return matched

    def _crossing(self, gold: ReadSide, test: ReadSide) -> int:
        """The number of test brackets crossing at least one gold bracket (neither deleted):
        pair by pair up to :data:`PAIRWISE_CROSSING` pairs, beyond with numpy
        (:func:`~.kernel.crossing.crossing_any`, in O(n log n) for a line of any length)."""
        if self.trace:
            return self._crossing_traced(gold, test)
        kept_gold = [(g.start, g.end) for g in gold.brackets if g.result != NOT_COUNTED]
        kept_test = [(t.start, t.end) for t in test.brackets if t.result != NOT_COUNTED]
        if not kept_gold or not kept_test:
            return 0
        if len(kept_gold) * len(kept_test) <= PAIRWISE_CROSSING:
            return sum(any(a < c < b < d or c < a < d < b for a, b in kept_gold)
                       for c, d in kept_test)
        import numpy as np

        from .kernel.crossing import crossing_any

        gold_spans, test_spans = np.array(kept_gold, np.int64), np.array(kept_test, np.int64)
        return int(crossing_any(gold_spans[:, 0], gold_spans[:, 1],
                                test_spans[:, 0], test_spans[:, 1]).sum())

    def _crossing_traced(self, gold: ReadSide, test: ReadSide) -> int:
        """``_crossing`` pair by pair, naming each crossed gold bracket as EVALB does under -D."""
        crossing = 0
        last = -1
        for t in test.brackets:
            if t.result == NOT_COUNTED:
                continue
            for i, g in enumerate(gold.brackets):
                if g.result != NOT_COUNTED and (
                    (g.start < t.start < g.end < t.end) or (t.start < g.start < t.end < g.end)
                ):
                    if i != last:
                        self._trace_bracket(b"CROSSING", g, gold.line)
                        last = i
                    crossing += 1
                    break
        return crossing

    def _trace_bracket(self, kind: bytes, bracket: Bracket, line: bytes) -> None:
        text = b""
        if bracket.buf_end is not None and bracket.buf_end >= bracket.buf_start:
            text = line[bracket.buf_start:bracket.buf_end]
        self.out.write(b"  %s[%d-%d]: %s\n" % (kind, bracket.start, bracket.end - 1, text))

    # -- the Ellis quote repair ------------------------------------------------------------
    def _fix_quote(self, gold: ReadSide, test: ReadSide) -> None:
        if self.trace:
            for i in range(max(len(gold.quotes), len(test.quotes))):
                for quotes in (gold.quotes, test.quotes):
                    if i < len(quotes):
                        q = quotes[i]
                        self.out.write(b"%d: %s - %s\n" % (q.index, q.label, q.word))
        for i, test_quote in enumerate(test.quotes):
            index = test_quote.index
            for j, gold_quote in enumerate(gold.quotes):
                if gold_quote.index != index or gold_quote.label == test_quote.label:
                    continue
                gold_deleted = gold_quote.label in self.delete
                test_deleted = test_quote.label in self.delete
                if gold_deleted and not test_deleted:
                    self._reinsert(gold_quote, gold)
                    for later in gold.quotes[j:]:
                        later.index += 1
                elif test_deleted and not gold_deleted:
                    self._reinsert(test_quote, test)
                    for later in test.quotes[i:]:
                        later.index += 1

    def _reinsert(self, quote: QuoteTerm, side: ReadSide) -> None:
        side.terminals.insert(quote.index, Terminal(quote.word, quote.label))
        if self.trace:
            self.out.write(b"bra=%d, ind=%d\n" % (quote.bracket, quote.index))
        for k, bracket in enumerate(side.brackets):
            if self.trace:
                self.out.write(b"bracket[%d]={%d,%d}\n" % (k, bracket.start, bracket.end))
            if k >= quote.bracket:
                bracket.start += 1
                bracket.end += 1
        if self.trace:
            self.out.write(b"endslen=%d\n" % len(quote.ends))
        for item in quote.ends:
            if item is not None and item < len(side.brackets):
                side.brackets[item].end += 1

    # -- debug tables (-d, -D) -------------------------------------------------------------
    def _dump(self, gold: ReadSide, test: ReadSide) -> None:
        out = self.out
        out.write(
            b"-<1>---(wn1=%3d, bn1=%3d)-           -<2>---(wn2=%3d, bn2=%3d)-\n"
            % (len(gold.terminals), len(gold.brackets), len(test.terminals), len(test.brackets))
        )
        for i in range(max(len(gold.terminals), len(test.terminals))):
            g = gold.terminals[i] if i < len(gold.terminals) else None
            t = test.terminals[i] if i < len(test.terminals) else None
            if g is not None and g.word:
                out.write(b"%3d : %d : %-6s  %-16s      " % (i, g.result, g.label, g.word))
            else:
                out.write(b" " * 40)
            if t is not None and t.word:
                out.write(b"%3d : %d : %-6s  %-16s\n" % (i, t.result, t.label, t.word))
            else:
                out.write(b"\n")
        out.write(b"\n")
        for i in range(max(len(gold.brackets), len(test.brackets))):
            if i < len(gold.brackets):
                gb = gold.brackets[i]
                out.write(b"%3d : %d : %3d  %3d  %-6s      " % (i, gb.result, gb.start, gb.end, gb.label))
            else:
                out.write(b" " * 32)
            if i < len(test.brackets):
                tb = test.brackets[i]
                out.write(b"%3d : %d : %3d  %3d  %-6s\n" % (i, tb.result, tb.start, tb.end, tb.label))
            else:
                out.write(b"\n")
        out.write(b"\n========\n")
