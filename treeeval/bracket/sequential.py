"""EVALB's run line by line through the exact engine, without numpy: the path of ``-d`` and
``-D`` (whose tables and traces come between the rows), and of a small run.

:class:`SequentialRun` reads both files, scores each line pair with the exact engine
(:mod:`treeeval.bracket.reference`) in order, so its Error messages meet the MAX_ERROR
budget as EVALB's do, prints each row as it comes, counts the totals row by row
(:meth:`Totals.add_row`) and writes EVALB's summary.  :class:`~treeeval.bracket.run.EvalbRun`
extends it with the block path (the vectorised scorer, other processes, the sentences and
brackets kept).

A run of two small files (:func:`small`) takes this path from the command line: it prints the
same bytes, and does not import numpy, whose import (70-120 ms) would be most of its time.

>>> import io, os, tempfile
>>> from .params import EvalbParams
>>> folder = tempfile.mkdtemp()
>>> for name in ("gold", "test"):
...     with open(os.path.join(folder, name), "wb") as handle:
...         _ = handle.write(b"(S (NP (NN a)) (VP (VB b)))\\n")
>>> out, err = io.BytesIO(), io.BytesIO()
>>> result = SequentialRun(EvalbParams(), out, err).run(os.path.join(folder, "gold"),
...                                                    os.path.join(folder, "test"))
>>> result.killed, result.all_totals.matched, out.getvalue().splitlines()[3].decode()
(False, 3, '   1    2    0  100.00 100.00     3      3    3      0      2     2   100.00')
>>> small(os.path.join(folder, "gold"), os.path.join(folder, "test"))
True
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import BinaryIO

from ..columnar.blocks import LineReader, line_ends, split_lines
from ..errors import InputError
from .params import EvalbDebug, EvalbParams
from .reference import ErrorBudget, EvalbKilled, SentenceScore
from .report import HEADER, sentence_line, summary
from .result import EvalbResult
from .spmrl import line_reader, make_engine, open_lines, spmrl_summary
from .spmrl_options import SpmrlOptions
from .totals import EvalbStatus, Totals

#: the most bytes two files may hold together for the command line to score them line by
#: line, without numpy: the exact engine takes about 0.17 ms a WSJ 22 sentence pair (700
#: bytes), numpy's import and the block path's modules about 90 ms, so 64 KiB (about 95
#: pairs, 16 ms) stays well short of the break-even (docs/performance.md, issue 30)
SMALL_BYTES = 1 << 16


def small(gold: str | os.PathLike[str], test: str | os.PathLike[str]) -> bool:
    """Whether two files hold at most :data:`SMALL_BYTES` together (False when either
    cannot be looked at: the run that opens it says why)."""
    try:
        return os.path.getsize(gold) + os.path.getsize(test) <= SMALL_BYTES
    except OSError:
        return False


def line_blocks(gold: LineReader, test: LineReader,
                limit: int | None = None) -> Iterator[tuple[bytes, int, bytes, int]]:
    """Blocks of line pairs (of the first ``limit`` gold lines at most): each gold block,
    its lines, the test file's next as many lines and their number (fewer at its end,
    which ends the blocks)."""
    left = limit
    while left is None or left > 0:
        gold_block, gold_count = gold.read_block()
        if gold_count == 0:
            return
        if left is not None and gold_count > left:
            gold_block, gold_count = gold_block[:int(line_ends(gold_block)[left - 1]) + 1], left
        test_block, test_count = test.read_lines(gold_count)
        yield gold_block, gold_count, test_block, test_count
        if test_count < gold_count:
            return
        if left is not None:
            left -= gold_count


class SequentialRun:
    """One evaluation, line by line: reads, scores, prints each row, counts the totals and
    writes EVALB's report (with ``-d`` or ``-D``, the tables and traces between the rows).

    ``spmrl``: evalb_spmrl's own options (its -K and its summary), when ``params`` name its
    rules.
    """

    def __init__(self, params: EvalbParams, out: BinaryIO, err: BinaryIO, *,
                 spmrl: SpmrlOptions | None = None) -> None:
        self.params = params
        self.spmrl = spmrl if spmrl is not None or not params.spmrl else SpmrlOptions()
        #: -K: the gold lines scored at most (at least one), None for all
        self.limit = (None if self.spmrl is None or self.spmrl.max_lines is None
                      else max(self.spmrl.max_lines, 1))
        #: the gold lines read (C's Line, less one, after its loop)
        self.lines = 0
        self.out = out
        self.err = err
        self.budget = ErrorBudget(params.max_error, err)
        self.all_totals = Totals()
        self.cut_totals = Totals()
        self.longer: str | None = None
        self.first_unscored: int | None = None

    def run(self, gold_path: str | os.PathLike[str], test_path: str | os.PathLike[str]
            ) -> EvalbResult:
        """Score two files."""
        gold = open_lines(gold_path, "gold", self.params)
        try:
            test = open_lines(test_path, "test", self.params)
        except InputError:
            gold.close()
            raise
        return self._run(gold, test, os.fspath(gold_path), os.fspath(test_path))

    def run_streams(self, gold: BinaryIO, test: BinaryIO) -> EvalbResult:
        """Score two binary streams (e.g. io.BytesIO) as if they were files."""
        return self._run(line_reader(gold, "<gold>", self.params),
                         line_reader(test, "<test>", self.params), "<gold>", "<test>")

    def _run(self, gold: LineReader, test: LineReader, gold_name: str,
             test_name: str) -> EvalbResult:
        try:
            self.out.write(HEADER)
            killed = self._score(gold, test)
            if not killed and self.lines != self.limit:
                killed = self._check_test_longer(test)
        finally:
            gold.close()
            test.close()
        if not killed:
            cutoff = self.params.cutoff_len
            if self.spmrl is not None:
                self.out.write(spmrl_summary(self.spmrl, self.all_totals, self.cut_totals,
                                             cutoff, gold_name, test_name,
                                             fixed=self.params.rules == "spmrl-fixed"))
            else:
                self.out.write(summary(self.all_totals, self.cut_totals, cutoff))
        return self._result(killed)

    def _score(self, gold: LineReader, test: LineReader) -> bool:
        """Score every line pair; whether MAX_ERROR killed the run."""
        return self._score_lines(gold, test)

    def _result(self, killed: bool) -> EvalbResult:
        return EvalbResult(self.all_totals, self.cut_totals, killed,
                           errors=self.budget.count,
                           stopped_line=self.budget.line if killed else None,
                           longer=self.longer, first_unscored=self.first_unscored)

    def _score_lines(self, gold: LineReader, test: LineReader) -> bool:
        """Each line pair through the engine, in order (-d's tables after each row)."""
        engine = make_engine(self.params, self.budget, self.out)
        printed = _Printed(self)
        tables = self.params.debug >= EvalbDebug.TABLES
        for gold_block, gold_count, test_block, test_count in line_blocks(gold, test,
                                                                          self.limit):
            gold_lines, test_lines = split_lines(gold_block), split_lines(test_block)
            for index in range(gold_count):
                self.lines += 1
                if index >= test_count:
                    return self._gold_longer(gold_lines[index], self.lines)
                try:
                    engine.score_rows(gold_lines[index], test_lines[index], self.lines, printed)
                except EvalbKilled:
                    return True
                if tables:
                    engine.dump_last()
        return False

    def _count_row(self, row: SentenceScore) -> None:
        """Count one printed row in the totals (of its gold length's block too)."""
        if self.first_unscored is None and row.status != EvalbStatus.SCORED:
            self.first_unscored = row.line
        self.all_totals.add_row(row)
        if row.length <= self.params.cutoff_len:
            self.cut_totals.add_row(row)

    def _gold_longer(self, gold_line: bytes, line_no: int) -> bool:
        """EVALB reads the unmatched gold line (its read errors count) before complaining."""
        self.longer = "gold"
        engine = make_engine(self.params, self.budget, self.out)
        try:
            engine.start_line(line_no)
            engine.read_line(gold_line, line_no)
            self.budget.error(line_no, b"Number of lines unmatch (too many lines in gold file)")
        except EvalbKilled:
            return True
        return False

    def _check_test_longer(self, test: LineReader) -> bool:
        _, extra = test.read_lines(1)
        if extra == 0:
            return False
        self.longer = "test"
        line_no = self.lines + 1
        try:
            self.budget.error(line_no, b"Number of lines unmatch (too many lines in test file)")
        except EvalbKilled:
            return True
        return False


class _Printed:
    """The sequential path's rows: each printed and counted as the engine gives it (before
    the tables and traces that follow it)."""

    def __init__(self, run: SequentialRun) -> None:
        self.run = run

    def append(self, row: SentenceScore, /) -> None:
        self.run.out.write(sentence_line(*row))
        self.run._count_row(row)

