"""``Brackets``: EVALB's numbers, fed tree by tree.

>>> metric = Brackets("COLLINS.prm")
>>> metric.update("(TOP (S (NP (DT a) (NN b)) (VP (VB c))))", "(TOP (S (DT a) (X (NN b) (VB c))))")
>>> metric.update(["(S (NP (NN Rain)) (VP (VBD fell)))"], [None])
>>> result = metric.compute()
>>> result.all_totals.matched, result.all_totals.gold, result.all_totals.skip_sentences
(1, 3, 1)
>>> round(result.all_totals.fmeasure(), 2), result.sentences.status.tolist()
(40.0, [0, 2])
>>> metric.signature  # doctest: +ELLIPSIS
'cmd:bracket|prm:COLLINS.prm#...|lab:1|cut:40|maxerr:10|params:...|version:...'

The result is the one ``evaluate_brackets`` gives for the two files these trees make, one
per line, and ``treeeval bracket -p COLLINS.prm`` (C EVALB) prints its numbers.  Everything
EVALB carries from line to line is carried here from update to update and across a
``merge``: its error count, with the sentence where MAX_ERROR kills the run (the result is
then ``killed``, and later sentences are not scored), and the memory below its stack that
a surplus ``)`` reads (a line whose numbers depend on it is kept in the state and scored
again when a merge puts other sentences before it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from ..bracket.counts import SentenceCounts
from ..bracket.params import GivenParams, given_params, prm_names
from ..bracket.report import report
from ..bracket.result import EvalbResult
from ..bracket.run import FirstRead, score_block
from ..bracket.settings import signature_items
from ..bracket.totals import COLUMNS, EvalbStatus, Totals
from ..policy import signature
from .base import StreamingMetric


class Brackets(StreamingMetric[EvalbResult]):
    """EVALB with ``params`` (a .prm name or path, bundled ones found by name, a list of
    them applied in order, an EvalbParams, or None for EVALB's defaults), then EVALB's
    ``-c`` and ``-e`` as ``cutoff_len`` and ``max_error``."""

    kind = "brackets"

    def __init__(self, params: GivenParams = "COLLINS.prm", *, cutoff_len: int | None = None,
                 max_error: int | None = None) -> None:
        given = given_params(params)
        # a copy: the caller's EvalbParams is never changed
        self.params = replace(given, cutoff_len=given.cutoff_len if cutoff_len is None else cutoff_len,
                              max_error=given.max_error if max_error is None else max_error)
        self._signature = signature.build("bracket", signature_items(self.params,
                                                                     prm_names(params)))
        self._use_fast = self.params.label_classes() is not None
        super().__init__()

    @property
    def signature(self) -> str:
        return self._signature

    def _start(self) -> None:
        self._rows: list[SentenceCounts] = []
        #: per sentence with Error messages: (index, messages, whether it loops forever)
        self._errors: list[tuple[int, int, bool]] = []
        self._error_count = 0
        #: the index of the sentence MAX_ERROR killed the run at
        self._stopped: int | None = None
        self._memory: dict[int, int] = {}
        self._first_reads: list[FirstRead] = []

    def _score(self, gold: list[bytes], predicted: list[bytes], first: int,
               updates: list[int]) -> None:  # EVALB reads line by line: updates do not matter
        if self._stopped is not None:
            return
        block = score_block(b"".join(gold), b"".join(predicted), first + 1, self.params,
                            self._use_fast, self._memory)
        self._first_reads += [FirstRead(first + read.index, read.slots - self._memory.keys(),
                                        read.memory, read.gold, read.test)
                              for read in block.first_reads if read.slots - self._memory.keys()]
        self._memory.update(block.below.written)
        self._append(block.rows, [(first + line.index, len(line.messages), line.forever)
                                  for line in block.messages], first)

    def _append(self, rows: SentenceCounts, errors: list[tuple[int, int, bool]], first: int) -> None:
        """Add scored rows (sentence ``first`` on) and their errors, replayed against
        MAX_ERROR as EVALB meets them: the run dies inside the error past the budget."""
        for index, messages, forever in errors:
            self._errors.append((index, messages, forever))
            normal = messages - forever
            room = max(0, self.params.max_error + 1 - self._error_count)
            if normal > room:
                self._error_count += room + 1
            else:
                self._error_count += normal
                if not forever:
                    continue
                self._error_count = max(self._error_count, self.params.max_error + 1) + 1
            self._stopped = index
            self._rows.append(rows.take(slice(0, index - first)))
            return
        self._rows.append(rows)

    def _result(self) -> EvalbResult:
        rows = SentenceCounts.concatenate(self._rows)
        unscored = np.flatnonzero(rows.status != EvalbStatus.SCORED)
        return EvalbResult(Totals.from_sentences(rows),
                           Totals.from_sentences(rows, rows.length <= self.params.cutoff_len),
                           self._stopped is not None, rows, errors=self._error_count,
                           stopped_line=None if self._stopped is None else self._stopped + 1,
                           first_unscored=int(rows.line[unscored[0]]) if unscored.size else None)

    def report(self) -> bytes:
        """EVALB's standard output for every sentence given, byte for byte (its Error
        messages, which EVALB prints on stderr, are not kept: ``result.errors`` counts them).
        """
        result = self.compute()
        assert result.sentences is not None
        return report(result.sentences, result.all_totals, result.cut_totals,
                      self.params.cutoff_len, result.killed)

    def _counts(self) -> dict[str, Any]:
        rows = SentenceCounts.concatenate(self._rows)
        return {"rows": {column: getattr(rows, column).tolist() for column in COLUMNS[1:]},
                "errors": [list(error) for error in self._errors],
                "error_count": self._error_count, "stopped": self._stopped,
                "memory": sorted(self._memory.items()),
                "first_reads": [[read.index, sorted(read.slots), sorted(read.memory.items()),
                                 read.gold.decode("latin-1"), read.test.decode("latin-1")]
                                for read in self._first_reads]}

    def _add_counts(self, state: Mapping[str, Any], offset: int) -> None:
        if self._stopped is not None:
            return
        count = len(state["rows"]["length"])
        rows = SentenceCounts(np.arange(offset + 1, offset + count + 1, dtype=np.int64),
                              *(np.array(state["rows"][column], dtype=np.int64)
                                for column in COLUMNS[1:]))
        errors = {index + offset: (index + offset, messages, bool(forever))
                  for index, messages, forever in state["errors"]}
        for index, slots, memory, gold, test in state["first_reads"]:
            before = {**self._memory, **dict(memory)}
            read = FirstRead(index + offset, set(slots) - self._memory.keys(), before,
                             gold.encode("latin-1"), test.encode("latin-1"))
            if index < count and any(self._memory.get(slot, 0) for slot in slots):
                self._rescore(read, rows, errors, offset)
            if read.slots:
                self._first_reads.append(read)
        self._memory.update(dict(state["memory"]))
        self._append(rows, sorted(errors.values()), offset)

    def _rescore(self, read: FirstRead, rows: SentenceCounts,
                 errors: dict[int, tuple[int, int, bool]], offset: int) -> None:
        """Score again a line that read the memory below the stack as zeros, now that the
        sentences before it are known."""
        block = score_block(read.gold + b"\n", read.test + b"\n", read.index + 1, self.params,
                            self._use_fast, read.memory)
        rows.set_row(read.index - offset, list(block.rows.rows()[0].values()))
        errors.pop(read.index, None)
        for line in block.messages:
            errors[read.index] = (read.index, len(line.messages), line.forever)
