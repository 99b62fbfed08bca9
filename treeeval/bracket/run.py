"""Running EVALB over two files: streaming blocks of lines, errors, MAX_ERROR, output.

The files are read in blocks of whole lines, so memory stays flat however long they are.
Each block is scored on its own (vectorised, with the exact per-sentence engine for the
lines that fall back), possibly in another process; the Error messages a block
produces are kept with their line and replayed in order against the real MAX_ERROR budget,
so the run dies at exactly the sentence where EVALB dies.

>>> import io, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> for name in ("gold", "test"):
...     with open(os.path.join(folder, name), "wb") as handle:
...         _ = handle.write(b"(S (NP (NN a)) (VP (VB b)))\\n")
>>> out, err = io.BytesIO(), io.BytesIO()
>>> EvalbRun(EvalbParams(), out, err).run(os.path.join(folder, "gold"), os.path.join(folder, "test")).killed
False
>>> out.getvalue().splitlines()[3].decode()
'   1    2    0  100.00 100.00     3      3    3      0      2     2   100.00'
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

import numpy as np

from ..arrays import IntArray
from ..columnar.blocks import LineReader, count_lines, line_ends, pick_lines, split_lines
from .align import rejected_for_words
from .counts import SentenceCounts
from .kernel.chunk_scores import ChunkBrackets, ChunkScores, SideBrackets
from .kernel.sides import bounds
from .params import EvalbDebug, EvalbParams
from .reference import BelowStack, ErrorBudget, EvalbKilled, SentenceScore
from .report import sentence_lines
from .result import EvalbResult
from .sequential import SequentialRun, line_blocks
from .spans import (
    BracketSpans,
    EngineBrackets,
    KeptSpans,
    align_rejected,
    block_spans,
    concatenate_spans,
    first_spans,
    score_line,
)
from .spmrl import make_engine
from .spmrl_options import SpmrlOptions
from .totals import COLUMNS, EvalbStatus, Totals

if TYPE_CHECKING:  # the process pool is imported only when --jobs asks for one
    from concurrent.futures import Executor, Future


@dataclass
class LineMessages:
    """The Error messages one line produced, and whether it ended in EVALB's endless loop."""

    index: int
    messages: list[bytes] = field(default_factory=list)
    forever: bool = False
    #: how many of the line's rows had been printed before each message (evalb_spmrl
    #: prints a Length unmatch line's row before the message; EVALB every row after: none
    #: when not given)
    printed: list[int] = field(default_factory=list)


class _DeferredBudget(ErrorBudget):
    """Collects messages instead of printing them; the endless loop ends the line."""

    def __init__(self) -> None:
        super().__init__(max_error=1 << 62, stream=io.BytesIO())
        self.current: LineMessages | None = None
        #: the rows of the current line printed so far
        self.rows: list[SentenceScore] = []

    def error(self, line: int, message: bytes) -> None:
        assert self.current is not None
        self.current.messages.append(message)
        self.current.printed.append(len(self.rows))

    def error_forever(self, line: int, message: bytes) -> None:
        self.error(line, message)
        assert self.current is not None
        self.current.forever = True
        raise EvalbKilled


@dataclass
class FirstRead:
    """A line that read memory below EVALB's stack that its block had not written: its
    index in the block, those slots, the memory as it was before the line, and the line
    pair, so that
    it can be scored again once the memory before the block is known (the streaming
    metrics' merge, treeeval.metrics.brackets)."""

    index: int
    slots: set[int]
    memory: dict[int, int]
    gold: bytes
    test: bytes


@dataclass
class BlockResult:
    rows: SentenceCounts
    messages: list[LineMessages]
    #: what the block read from and wrote below EVALB's stack (see BelowStack)
    below: BelowStack = field(default_factory=BelowStack)
    #: the brackets behind the rows (``score_block(keep_brackets=True)``)
    brackets: KeptSpans | None = None
    #: the lines that read a slot below the stack the block had not written before them
    first_reads: list[FirstRead] = field(default_factory=list)
    #: where each line's rows start in ``rows`` (and their end), when a line has more than
    #: one (evalb_spmrl's); None when every line has one row
    row_bounds: IntArray | None = None
    #: evalb_spmrl's DELETE_LABEL entries: whether the block read them uncut (its score
    #: depends on whether the lines before it cut them), and whether they are cut after it
    read_uncut: bool = False
    cut_after: bool = False

    def rows_before(self, line: int) -> int:
        """How many rows the lines before ``line`` (of the block) have."""
        return line if self.row_bounds is None else int(self.row_bounds[line])


def score_block(gold: bytes, test: bytes, first_line: int, params: EvalbParams,
                use_fast: bool = True, below: dict[int, int] | None = None,
                keep_brackets: bool = False, cut: bool = False) -> BlockResult:
    """Score a block of line pairs (same number of lines on both sides).

    Lines the fast path cannot vouch for are scored by the reference engine; their Error
    messages are returned for replay, in line order.  ``below`` is the memory below
    EVALB's stack as the lines before the block left it (zeros if None); ``cut``, whether
    they cut evalb_spmrl's DELETE_LABEL entries (``SpmrlEngine.cut_delete_labels``).  With
    ``keep_brackets`` the result also has the brackets behind the rows, as columns
    (``treeeval.bracket.spans``), computed from the same scan when first asked for.
    """
    below_stack = BelowStack(dict(below or {}))
    n = count_lines(gold)
    line_numbers = np.arange(first_line, first_line + n, dtype=np.int64)
    scan = None
    if use_fast:
        from .kernel.fast import scan_chunk, score_chunk

        scan = scan_chunk(gold, test, params) if keep_brackets else None
        chunk = scan.scores if scan is not None else score_chunk(gold, test, params)
        rows = chunk.counts
        rows.line = line_numbers
        massaged = np.flatnonzero(chunk.massaged)
        length_errors = np.flatnonzero((rows.status == EvalbStatus.ERROR) & ~chunk.fallback).tolist()
        # --align scores EVALB's Words unmatch lines: the engine need not say so
        words_differ = chunk.words_differ if params.align and not params.eq_word else None
        todo = np.flatnonzero(chunk.fallback if words_differ is None
                              else chunk.fallback & ~words_differ)
    else:
        words_differ = None
        rows = SentenceCounts(line_numbers, *(np.zeros(n, dtype=np.int64) for _ in range(8)))
        todo = np.arange(n)
        massaged = np.zeros(0, dtype=np.int64)
        length_errors = []
    messages = [
        LineMessages(index, [b"Length unmatch (%d|%d)" % (chunk.gold_words[index], chunk.test_words[index])])
        for index in length_errors
    ]
    collected = EngineBrackets()
    first_reads: list[FirstRead] = []
    #: the rows printed before a line's last one (evalb_spmrl's first of two rows)
    earlier: dict[int, list[SentenceScore]] = {}
    read_uncut = cut_done = False
    if len(todo):
        indices = todo.tolist()
        gold_lines, test_lines = pick_lines(gold, indices), pick_lines(test, indices)
        budget = _DeferredBudget()
        engine = make_engine(params, budget, below=below_stack)
        first_massaged = int(massaged[0]) if len(massaged) else n
        for index, gold_line, test_line in zip(indices, gold_lines, test_lines):
            if cut or index > first_massaged:
                engine.cut_delete_labels()
            budget.current, budget.rows = LineMessages(index), []
            read_before, memory = set(below_stack.read_first), dict(below_stack.slots)
            sides = score_line(engine, gold_line, test_line, first_line + index, budget.rows)
            if len(below_stack.read_first) > len(read_before):
                first_reads.append(FirstRead(index, below_stack.read_first - read_before,
                                             memory, gold_line, test_line))
            rows.set_row(index, budget.rows[-1])
            if len(budget.rows) > 1:
                earlier[index] = budget.rows[:-1]
            if keep_brackets and sides is not None:
                collected.add(index, *sides)
            if budget.current.messages:
                messages.append(budget.current)
        messages.sort(key=lambda line: line.index)
        read_uncut, cut_done = engine.read_uncut, engine.cut_done
    if params.align:
        messages = _align(gold, test, params, rows, messages, collected if keep_brackets else None,
                          [] if words_differ is None else np.flatnonzero(words_differ).tolist())
    row_bounds = None
    fast_brackets = scan.brackets if scan is not None else (lambda: _engine_only(rows))
    if earlier:
        rows, row_bounds, fast_brackets = _with_earlier_rows(rows, earlier, fast_brackets,
                                                             collected)
    brackets = (KeptSpans(lambda: block_spans(fast_brackets(), collected, params))
                if keep_brackets else None)
    return BlockResult(rows, messages, below_stack, brackets, first_reads, row_bounds,
                       read_uncut=read_uncut, cut_after=cut or len(massaged) > 0 or cut_done)


def _with_earlier_rows(rows: SentenceCounts, earlier: dict[int, list[SentenceScore]],
                       fast_brackets: Callable[[], ChunkBrackets], collected: EngineBrackets
                       ) -> tuple[SentenceCounts, IntArray, Callable[[], ChunkBrackets]]:
    """A block's rows with the rows some lines print before their last one put in (each
    line's last row keeps its brackets, renumbered by row), and where each line's rows
    start."""
    count = np.ones(len(rows), dtype=np.int64)
    for index, extra in earlier.items():
        count[index] += len(extra)
    row_bounds = bounds(count)
    last_row = row_bounds[1:] - 1
    at = np.repeat(np.array(sorted(earlier)), [len(earlier[k]) for k in sorted(earlier)])
    inserted = SentenceCounts.from_rows([row for k in sorted(earlier) for row in earlier[k]])
    merged = SentenceCounts(*(np.insert(getattr(rows, column), at, getattr(inserted, column))
                              for column in COLUMNS))
    collected.renumber(last_row)

    def renumbered() -> ChunkBrackets:
        chunk = fast_brackets()
        for side in (chunk.gold, chunk.test):
            side.line = last_row.take(side.line)
        scores = chunk.scores
        return ChunkBrackets(ChunkScores(merged, np.insert(scores.fallback, at, True),
                                         np.insert(scores.gold_words, at, 0),
                                         np.insert(scores.test_words, at, 0),
                                         np.insert(scores.words_differ, at, False),
                                         np.insert(scores.massaged, at, False)),
                             chunk.labels, chunk.gold, chunk.test)

    return merged, row_bounds, renumbered


def _align(gold: bytes, test: bytes, params: EvalbParams, rows: SentenceCounts,
           messages: list[LineMessages], collected: EngineBrackets | None,
           words_differ: list[int]) -> list[LineMessages]:
    """``--align``: the lines rejected for their words (``words_differ``: those the fast
    path knows are) scored through their characters (``spans.align_rejected``); the
    messages left, a Text unmatch for EVALB's where the texts differ."""
    rejected = sorted(words_differ + [line.index for line in messages
                                      if rejected_for_words(line.messages, line.forever)])
    aligned = align_rejected(gold, test, rejected, params, rows, collected)
    kept = [line for line in messages if line.index not in aligned]
    kept += [LineMessages(index, [text]) for index, text in aligned.items() if text]
    return sorted(kept, key=lambda line: line.index)


def _engine_only(rows: SentenceCounts) -> ChunkBrackets:
    """A block the fast path does not score: every line the engine's, no fast brackets."""
    empty = SideBrackets.concatenate([], [])
    zeros = np.zeros(len(rows), dtype=np.int64)
    return ChunkBrackets(ChunkScores(rows, np.ones(len(rows), dtype=bool), zeros, zeros,
                                     np.zeros(len(rows), dtype=bool), np.zeros(len(rows), dtype=bool)),
                         [], empty, empty)


class EvalbRun(SequentialRun):
    """One evaluation: reads, scores block by block (the vectorised scorer, the exact
    engine on the lines it cannot vouch for, other processes with ``executor``), replays
    errors and writes EVALB's report; under -d or -D, line by line
    (:class:`~treeeval.bracket.sequential.SequentialRun`)."""

    def __init__(self, params: EvalbParams, out: BinaryIO, err: BinaryIO, *,
                 use_fast: bool = True, executor: Executor | None = None,
                 keep_sentences: bool = False,
                 on_sentences: Callable[[SentenceCounts], None] | None = None,
                 keep_brackets: bool = False, spmrl: SpmrlOptions | None = None) -> None:
        """``keep_brackets``: also keep the brackets behind the rows, as columns, from the
        same scan (``EvalbResult.brackets``; not under DEBUG, whose path is the engine's).
        ``spmrl``: evalb_spmrl's own options (its -K and its summary), when ``params``
        name its rules."""
        super().__init__(params, out, err, spmrl=spmrl)
        self.use_fast = use_fast and params.label_classes() is not None
        self.executor = executor
        self.keep_sentences = keep_sentences
        self.on_sentences = on_sentences
        self.kept: list[SentenceCounts] = []
        self.keep_brackets = keep_brackets and params.debug == EvalbDebug.OFF
        #: each block's kept brackets, and how many of its sentences the run emitted
        self.kept_brackets: list[tuple[KeptSpans, int]] = []
        #: the memory below EVALB's stack as the blocks finished so far left it
        self.below: dict[int, int] = {}
        #: whether the blocks finished so far cut evalb_spmrl's DELETE_LABEL entries
        self.cut = False

    def _score(self, gold: LineReader, test: LineReader) -> bool:
        if self.params.debug >= EvalbDebug.TABLES:
            return self._score_lines(gold, test)
        return self._run_blocks(gold, test)

    def _result(self, killed: bool) -> EvalbResult:
        result = super()._result(killed)
        if self.keep_sentences:
            result.sentences = SentenceCounts.concatenate(self.kept)
        if self.keep_brackets:
            result.brackets = KeptSpans(self._all_brackets)
        return result

    def _count_row(self, row: SentenceScore) -> None:
        super()._count_row(row)
        if self.keep_sentences or self.on_sentences is not None:
            self._keep(SentenceCounts.from_rows([row]))

    # -- the normal path -------------------------------------------------------------------
    def _run_blocks(self, gold: LineReader, test: LineReader) -> bool:
        next_line = 1
        pending: list[tuple[BlockResult | Future[BlockResult], int, bytes, bytes, bytes, int, int]] = []
        for gold_block, gold_count, test_block, test_count in line_blocks(gold, test,
                                                                          self.limit):
            self.lines += gold_count
            scored_gold = gold_block
            if test_count < gold_count:
                scored_gold = gold_block[:int(line_ends(gold_block)[test_count - 1]) + 1] if test_count else b""
            job = self._submit(scored_gold, test_block, next_line)
            pending.append((job, next_line, scored_gold, test_block, gold_block, gold_count, test_count))
            next_line += gold_count
            if len(pending) > 2 * max(1, getattr(self.executor, "_max_workers", 1)):
                if self._finish(*pending.pop(0)):
                    return True
        while pending:
            if self._finish(*pending.pop(0)):
                return True
        return False

    def _submit(self, gold: bytes, test: bytes, first_line: int) -> BlockResult | Future[BlockResult]:
        if self.executor is None:
            return score_block(gold, test, first_line, self.params, self.use_fast,
                               keep_brackets=self.keep_brackets)
        return self.executor.submit(score_block, gold, test, first_line, self.params, self.use_fast,
                                    None, self.keep_brackets)

    def _finish(self, job: BlockResult | Future[BlockResult], first_line: int, scored_gold: bytes,
                test_block: bytes, gold_block: bytes, gold_count: int, test_count: int) -> bool:
        result = job if isinstance(job, BlockResult) else job.result()
        if (any(self.below.get(slot, 0) for slot in result.below.read_first)
                or (result.read_uncut and self.cut)):
            # the block read memory below the stack that an earlier block wrote, or
            # DELETE_LABEL entries that an earlier block cut
            result = score_block(scored_gold, test_block, first_line, self.params, self.use_fast,
                                 self.below, self.keep_brackets, self.cut)
        self.below.update(result.below.written)
        self.cut |= result.cut_after
        rows = result.rows
        for line in result.messages:
            printed = self._replay(line, first_line)
            if printed is not None:
                kept = result.rows_before(line.index) + printed
                self._emit(rows.take(slice(0, kept)))
                self._keep_block_brackets(result, kept)
                return True
        self._emit(rows)
        self._keep_block_brackets(result, len(rows))
        if test_count < gold_count:
            return self._gold_longer(split_lines(gold_block)[test_count], first_line + test_count)
        return False

    def _replay(self, line: LineMessages, first_line: int) -> int | None:
        """Replay a line's messages against the budget: None, or when one kills the run,
        how many of the line's rows were printed before it."""
        number = first_line + line.index
        for index, message in enumerate(line.messages):
            try:
                if line.forever and index == len(line.messages) - 1:
                    self.budget.error_forever(number, message)
                else:
                    self.budget.error(number, message)
            except EvalbKilled:
                return line.printed[index] if index < len(line.printed) else 0
        return None

    def _keep_block_brackets(self, result: BlockResult, sentences: int) -> None:
        """Keep the brackets of the block's first ``sentences`` rows (those emitted)."""
        if result.brackets is not None and sentences > 0:
            self.kept_brackets.append((result.brackets, sentences))

    def _all_brackets(self) -> BracketSpans:
        """The columns of every sentence emitted, from the blocks' kept brackets."""
        return concatenate_spans([first_spans(kept.spans(), sentences)
                                  for kept, sentences in self.kept_brackets], self.params)

    def _emit(self, rows: SentenceCounts) -> None:
        if len(rows) == 0:
            return
        self.out.write(sentence_lines(rows))
        self._add(rows)

    def _add(self, rows: SentenceCounts) -> None:
        if self.first_unscored is None and (
                unscored := np.flatnonzero(rows.status != EvalbStatus.SCORED)).size:
            self.first_unscored = int(rows.line[unscored[0]])
        self.all_totals += Totals.from_sentences(rows)
        self.cut_totals += Totals.from_sentences(rows, rows.length <= self.params.cutoff_len)
        self._keep(rows)

    def _keep(self, rows: SentenceCounts) -> None:
        if self.keep_sentences:
            self.kept.append(rows)
        if self.on_sentences is not None:
            self.on_sentences(rows)
