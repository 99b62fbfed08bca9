"""evalb_spmrl, Djamé Seddah's EVALB of the SPMRL 2013/2014 shared tasks: its exact engine
and its summary (``treeeval bracket --spmrl``; ``EvalbRun`` drives the run, and the fast
kernel scores the lines both programs score alike under the rules of ``params.rules``).

What it does otherwise than EVALB (read from its source, nikitakit/self-attentive-parser @
bf5bbae, ``EVALB_SPMRL/evalb.c``, and run on test cases; docs/bracket.md):

- a label is cut at its first ``-``, ``=`` *or* ``#`` (``NP##gen=f##`` is ``NP``), and every
  label comparison cuts both sides first: tags too (``-LRB-``, ``-RRB-`` and ``-NONE-`` are
  all the empty tag), and the DELETE_LABEL entries themselves, for good, the first time a
  bracket is compared with them (so ``DELETE_LABEL -NONE-`` deletes every bracket whose cut
  label is empty, such as the unlabelled root of ``( (S ...))``);
- preterminals whose tag is in DELETE_LABEL are kept (in the length, the words and the tags);
- a test sentence of another length is first recorded as a valid sentence with nothing
  counted, then reported (``Length unmatch``) only when the gold sentence has more than one
  word: a one-word gold sentence goes on to be scored, and gets a second row;
- ``-X``: an empty test line is a sentence of status 3, counted as valid, whose gold
  brackets are over-counted (each counted bracket adds one more for every DELETE_LABEL its
  label is not);
- ``-K n`` scores the first n lines (at least one); ``-L``/``-l`` end with one line for all
  sentences or those within the cutoff (recall printed as "Prec:" and precision as "Rec:",
  as there); ``-V`` names the files in the summary's title; the run writes a ``status``
  file only on request (``status``: its path).

``--spmrl-fixed`` (``params.rules == "spmrl-fixed"``) keeps these rules and corrects the
defects: a length mismatch is an Error sentence only (one row, whatever the gold length,
the message before it as in EVALB), an unparsed sentence's gold brackets are counted as
EVALB's massaging counts them, and the compact line prints precision under "Prec:", recall
under "Rec:" and counts the unparsed sentences under "Unparsed:" with the Skip and Error
ones (``compact_line``).

>>> import io
>>> from treeeval.bracket.params import EvalbParams
>>> engine = SpmrlEngine(EvalbParams(delete_label=[b"-NONE-"], rules="spmrl"),
...                      ErrorBudget(10, io.BytesIO()))
>>> rows = []
>>> _ = engine.score_rows(b"( (S (NP#x (NN a)) (VP (VB b))))", b"(S (NP (NN a) (VB b)))", 1,
...                       rows)  # the unlabelled root is deleted: gold 3 brackets, 1 matched
>>> rows[0].gold, rows[0].test, rows[0].matched
(3, 2, 1)
>>> spmrl_summary(SpmrlOptions(compact=True), Totals(sentences=1, gold=3, test=2, matched=1),
...               Totals(), 40, "gold", "test").decode().split("\\t")[:3]
['F1:  40.00 %', 'Prec:  33.33 %', 'Rec:  50.00 %']
>>> fixed = SpmrlEngine(EvalbParams(rules="spmrl-fixed"), ErrorBudget(10, io.BytesIO()))
>>> rows = []
>>> _ = fixed.score_rows(b"(S (A a))", b"(S (A a) (B b))", 2, rows)  # one row: an Error
>>> [(row.line, row.status) for row in rows]
[(2, <EvalbStatus.ERROR: 1>)]
"""

from __future__ import annotations

import os
from typing import BinaryIO

from ..columnar.blocks import FgetsReader, LineReader
from .labels import spmrl_label
from .params import EvalbParams
from .reference import (
    UNMATCHED,
    BelowStack,
    Bracket,
    ErrorBudget,
    ReadSide,
    ReferenceEngine,
    Rows,
    SentenceScore,
)
from .report import _float, summary
from .spmrl_options import SpmrlOptions
from .totals import EvalbStatus, Totals

#: the bytes evalb_spmrl's fgets reads at most as one line (its 50,000-byte buffer)
LINE_BYTES = 50_000 - 1


class SpmrlEngine(ReferenceEngine):
    """EVALB's engine with evalb_spmrl's rules (the module's list)."""

    def __init__(self, params: EvalbParams, budget: ErrorBudget,
                 debug_out: BinaryIO | None = None, below: BelowStack | None = None) -> None:
        super().__init__(params, budget, debug_out, below)
        self.delete_terminals: frozenset[bytes] = frozenset()
        self.cut_label = spmrl_label
        self.raw_delete = list(params.delete_label)
        cut = {spmrl_label(label) for label in self.raw_delete}
        self.deleted = cut.union(*(self.partners.get(label, ()) for label in cut))
        self._rows: Rows = []
        #: ``--spmrl-fixed``: the defects corrected (the module's list)
        self.fixed = params.rules == "spmrl-fixed"

    def cut_delete_labels(self) -> None:
        """Cut the DELETE_LABEL entries (as the first comparison with them does); the quote
        repair may read them before (``read_uncut``: a block scored without knowing that
        the lines before it cut them is scored again, EvalbRun)."""
        if self.raw_delete and not self.cut_done:
            self.cut_done = True
            self.delete = {spmrl_label(label) for label in self.raw_delete}

    def _fix_quote(self, gold: ReadSide, test: ReadSide) -> None:
        if self.raw_delete and not self.cut_done:
            self.read_uncut = True
        super()._fix_quote(gold, test)

    def _massage(self, brackets: list[Bracket]) -> int:
        """EVALB's massaging, with the DELETE_LABEL entries cut by the first bracket it
        compares with them (nothing reads them between that bracket and the next line)."""
        if any(bracket.start != bracket.end for bracket in brackets):
            self.cut_delete_labels()
        return super()._massage(brackets)

    def _gold_only(self, brackets: list[Bracket]) -> int:
        """-X's count of an unparsed sentence's gold brackets: each bracket that spans a
        word counts 1, and 1 more for every DELETE_LABEL its label does not equal."""
        count = 0
        for bracket in brackets:
            bracket.result = UNMATCHED  # every one, as its -d table shows (labels uncut)
            if bracket.start == bracket.end:
                continue
            count += 1
            label = spmrl_label(bracket.label)
            self.cut_delete_labels()
            equal = self.partners.get(label, (label,))
            count += sum(1 for entry in self.raw_delete if spmrl_label(entry) not in equal)
        return count

    def score_rows(self, gold_line: bytes, test_line: bytes, line_no: int,
                   rows: Rows) -> tuple[ReadSide, ReadSide]:
        """Append the rows evalb_spmrl prints for one line pair to ``rows``, each as it
        prints it (two for a one-word gold sentence whose test sentence has another
        length); the two sides read."""
        self._status = EvalbStatus.SCORED
        gold = self.read_line(gold_line, line_no)
        test = self.read_line(test_line, line_no)
        self._last = (gold, test)
        self._rows = rows
        self._calc(gold, test, line_no)
        return gold, test

    def _calc(self, gold: ReadSide, test: ReadSide, line_no: int) -> None:
        length = gold.length

        def row(status: EvalbStatus, matched: int = 0, gold_count: int = 0,
                test_count: int = 0, crossing: int = 0, words: int = 0,
                correct: int = 0) -> SentenceScore:
            return SentenceScore(line_no, length, status, matched, gold_count, test_count,
                                 crossing, words, correct)

        emit = self._rows.append
        if self.trace:
            self.out.write(b"\n")
        if not test.terminals:
            if self.params.unparsed:
                gold_count = (self._massage(gold.brackets) if self.fixed
                              else self._gold_only(gold.brackets))
                emit(row(EvalbStatus.UNPARSED, gold_count=gold_count, words=len(gold.terminals)))
            else:
                emit(row(EvalbStatus.SKIP))
            return
        if len(gold.terminals) != len(test.terminals):
            self._fix_quote(gold, test)
            if len(gold.terminals) != len(test.terminals):
                if not self.fixed:
                    emit(row(self._status))  # recorded as a valid sentence first
                if self.fixed or len(gold.terminals) > 1:
                    self._error(b"Length unmatch (%d|%d)" % (len(gold.terminals),
                                                             len(test.terminals)))
                    if self.fixed:
                        emit(row(self._status))  # EVALB's: an Error sentence, one row
                    return
        for g, t in zip(gold.terminals, test.terminals):
            if not self.params.words_equal(g.word, t.word):
                self._error(b"Words unmatch (%s|%s)" % (g.word, t.word))
                emit(row(self._status))
                return
        for terminal in (*gold.terminals[:len(test.terminals)],
                         *test.terminals[:len(gold.terminals)]):
            terminal.label = spmrl_label(terminal.label)  # tags are compared cut, too
        gold_count, test_count, matched, crossing, correct = self._score_trees(gold, test)
        emit(row(self._status, matched, gold_count, test_count, crossing,
                 len(gold.terminals), correct))


def make_engine(params: EvalbParams, budget: ErrorBudget, debug_out: BinaryIO | None = None,
                below: BelowStack | None = None) -> ReferenceEngine:
    """The exact engine of the rules ``params`` name: EVALB's, or evalb_spmrl's."""
    return (SpmrlEngine if params.spmrl else ReferenceEngine)(params, budget, debug_out, below)


def line_reader(handle: BinaryIO, path: str, params: EvalbParams) -> LineReader:
    """A reader of a stream's lines as the rules' program reads them: evalb_spmrl's fgets
    cuts a line of LINE_BYTES bytes or more into pieces (EVALB's lines are read whole)."""
    return FgetsReader(handle, path, LINE_BYTES) if params.spmrl else LineReader(handle, path)


def open_lines(path: str | os.PathLike[str], what: str, params: EvalbParams) -> LineReader:
    """``line_reader`` of a file (InputError when it cannot be opened)."""
    reader = LineReader.open(path, what)
    return line_reader(reader.handle, reader.path, params)


def spmrl_summary(options: SpmrlOptions, everything: Totals, within: Totals, cutoff: int,
                  gold_name: str, test_name: str, fixed: bool = False) -> bytes:
    """What evalb_spmrl prints after its table: -L's (or -l's) one line, or EVALB's summary
    (titled with the files' names under -V); the ``status`` file is written on request.
    ``fixed``: ``--spmrl-fixed``'s compact line (``compact_line``)."""
    if options.compact or options.compact_cutoff:
        return compact_line(within if options.compact_cutoff else everything, test_name, fixed)
    if options.status is not None:
        write_status(options.status, everything)
    title = (b"=== Summary: %s\tvs\t%s ===\n" % (gold_name.encode(), test_name.encode())
             if options.names else b"=== Summary ===\n")
    return summary(everything, within, cutoff, title)


def compact_line(totals: Totals, test_name: str, fixed: bool = False) -> bytes:
    """-L's (or -l's) one line.  evalb_spmrl prints recall under "Prec:" and precision
    under "Rec:", and counts under "Unparsed:" the Skip and Error sentences only (none of
    -X's unparsed ones); ``fixed`` (``--spmrl-fixed``) prints each figure under its name
    and counts -X's unparsed sentences too.

    >>> totals = Totals(sentences=3, error_sentences=1, gold=4, test=2, matched=2,
    ...                 unparsed_sentences=1)
    >>> [compact_line(totals, "t", fixed).decode().split("\\t")[k] for fixed in (False, True)
    ...  for k in (1, 2, 5)]
    ['Prec:  50.00 %', 'Rec: 100.00 %', 'Unparsed:      1', 'Prec: 100.00 %', 'Rec:  50.00 %', 'Unparsed:      2']
    """
    first, second = ((totals.precision(), totals.recall()) if fixed
                     else (totals.recall(), totals.precision()))
    unparsed = totals.skip_sentences + totals.error_sentences
    if fixed:
        unparsed += totals.unparsed_sentences
    return (b"F1: %s %%\tPrec: %s %%\tRec: %s %%\t" % (
        _float(totals.fmeasure()), _float(first), _float(second))
        + b"POS: %6.2f %%\tEX: %6.2f %%\tUnparsed: %6d\tSent: %6d\tfile: %s\n" % (
            totals.tagging_accuracy(), totals.complete_match(), unparsed, totals.sentences,
            test_name.encode()))


def write_status(path: str, totals: Totals) -> None:
    """The ``status`` file evalb_spmrl writes (only on request here)."""
    f = totals.fmeasure()

    def shown(value: float) -> bytes:
        return _float(value).strip()

    text = b"---\nF1: %s\nLP: %s\nLR: %s\nPOS: %.2f\nerrorRate: %s\n" % (
        shown(f), b"%.2f" % totals.precision(), b"%.2f" % totals.recall(),
        totals.tagging_accuracy(), shown(100 - f))
    with open(path, "wb") as stream:
        stream.write(text)
