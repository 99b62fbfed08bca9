"""evalb_spmrl, Djamé Seddah's EVALB of the SPMRL 2013/2014 shared tasks, sentence by
sentence (``treeeval bracket --spmrl``).

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

>>> import io
>>> from treeeval.bracket.params import EvalbParams
>>> out = io.BytesIO()
>>> run = SpmrlRun(EvalbParams(delete_label=[b"-NONE-"]), SpmrlOptions(compact=True), out,
...                io.BytesIO())
>>> run.run_bytes(b"( (S (NP#x (NN a)) (VP (VB b))))\\n", b"(S (NP (NN a) (VB b)))\\n",
...               "gold", "test")  # the unlabelled root is deleted: gold 3 brackets, 1 matched
0
>>> out.getvalue().decode().splitlines()[-1].split("\\t")[:4]
['F1:  40.00 %', 'Prec:  33.33 %', 'Rec:  50.00 %', 'POS: 100.00 %']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import BinaryIO

from .counts import EvalbStatus, Totals
from .params import EvalbParams
from .reference import (
    UNMATCHED,
    Bracket,
    ErrorBudget,
    EvalbKilled,
    ReadSide,
    ReferenceEngine,
    SentenceScore,
)
from .report import HEADER, SEPARATOR, _float, sentence_line, summary_block, total_line
from .spmrl_options import SpmrlOptions

#: the bytes evalb_spmrl's fgets reads at most as one line (its 50,000-byte buffer)
LINE_BYTES = 50_000 - 1
#: the status of an empty test line under -X (counted as valid)
UNPARSED = 3


def spmrl_label(label: bytes) -> bytes:
    """A label cut at its first '-', '=' or '#' (evalb_spmrl's modify_label).

    >>> spmrl_label(b"NP##gen=f|num=sg##"), spmrl_label(b"-LRB-"), spmrl_label(b"PP-LOC")
    (b'NP', b'', b'PP')
    """
    for position, char in enumerate(label):
        if char in (0x2D, 0x3D, 0x23):
            return label[:position]
    return label


class SpmrlEngine(ReferenceEngine):
    """EVALB's engine with evalb_spmrl's rules (the module's list)."""

    def __init__(self, params: EvalbParams, budget: ErrorBudget, out: BinaryIO,
                 emit: Callable[[SentenceScore], None]) -> None:
        super().__init__(params, budget, out)
        #: prints a row and adds it to the totals, as individual_result does, at once (a
        #: row printed before an error that kills the run stays printed)
        self.emit = emit
        self.delete_terminals: frozenset[bytes] = frozenset()
        self.cut_label = spmrl_label
        self.raw_delete = list(params.delete_label)
        cut = {spmrl_label(label) for label in self.raw_delete}
        self.deleted = cut.union(*(self.partners.get(label, ()) for label in cut))
        #: whether the DELETE_LABEL entries have been cut (the first comparison cuts them)
        self.cut_done = False

    def _cut_delete_labels(self) -> None:
        if self.raw_delete and not self.cut_done:
            self.cut_done = True
            self.delete = {spmrl_label(label) for label in self.raw_delete}

    def _massage(self, brackets: list[Bracket]) -> int:
        """EVALB's massaging, with the DELETE_LABEL entries cut by the first bracket it
        compares with them (nothing reads them between that bracket and the next line)."""
        if any(bracket.start != bracket.end for bracket in brackets):
            self._cut_delete_labels()
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
            self._cut_delete_labels()
            equal = self.partners.get(label, (label,))
            count += sum(1 for entry in self.raw_delete if spmrl_label(entry) not in equal)
        return count

    def score_line(self, gold_line: bytes, test_line: bytes, line_no: int,
                   count_unparsed: bool) -> None:
        """Emit the rows evalb_spmrl prints for one line pair (two for a one-word gold
        sentence whose test sentence has another length), then its -d tables."""
        self._status = EvalbStatus.SCORED
        gold = self.read_line(gold_line, line_no)
        test = self.read_line(test_line, line_no)
        self._last = (gold, test)
        self._calc(gold, test, line_no, count_unparsed)
        if self.params.debug >= 1:
            self.dump_last()

    def _calc(self, gold: ReadSide, test: ReadSide, line_no: int,
              count_unparsed: bool) -> None:
        length = gold.length

        def row(status: int, matched: int = 0, gold_count: int = 0, test_count: int = 0,
                crossing: int = 0, words: int = 0, correct: int = 0) -> SentenceScore:
            return SentenceScore(line_no, length, status, matched,  # type: ignore[arg-type]  # status 3 is evalb_spmrl's own
                                 gold_count, test_count, crossing, words, correct)

        if self.trace:
            self.out.write(b"\n")
        if not test.terminals:
            if count_unparsed:
                self.emit(row(UNPARSED, gold_count=self._gold_only(gold.brackets),
                              words=len(gold.terminals)))
            else:
                self.emit(row(EvalbStatus.SKIP))
            return
        if len(gold.terminals) != len(test.terminals):
            self._fix_quote(gold, test)
            if len(gold.terminals) != len(test.terminals):
                self.emit(row(self._status))
                if len(gold.terminals) > 1:
                    self._error(b"Length unmatch (%d|%d)" % (len(gold.terminals),
                                                             len(test.terminals)))
                    return
        for g, t in zip(gold.terminals, test.terminals):
            if not self.params.words_equal(g.word, t.word):
                self._error(b"Words unmatch (%s|%s)" % (g.word, t.word))
                self.emit(row(self._status))
                return
        for terminal in (*gold.terminals[:len(test.terminals)],
                         *test.terminals[:len(gold.terminals)]):
            terminal.label = spmrl_label(terminal.label)  # tags are compared cut, too
        gold_count, test_count, matched, crossing, correct = self._score_trees(gold, test)
        self.emit(row(self._status, matched, gold_count, test_count, crossing,
                      len(gold.terminals), correct))


def fgets_lines(data: bytes, size: int = LINE_BYTES) -> Iterator[bytes]:
    """The lines C's fgets reads with a buffer of ``size`` + 1 bytes: each up to and with
    its newline, a longer one in pieces of ``size`` bytes.

    >>> list(fgets_lines(b"abcdef\\ngh", 4))
    [b'abcd', b'ef\\n', b'gh']
    """
    start = 0
    while start < len(data):
        end = data.find(b"\n", start, start + size)
        stop = start + size if end < 0 else end + 1
        yield data[start:min(stop, len(data))]
        start = stop


class _Totals:
    """evalb_spmrl's individual_result: the -- All -- and the -- len<=N -- totals."""

    def __init__(self, cutoff: int) -> None:
        self.cutoff = cutoff
        self.all = Totals()
        self.cut = Totals()

    def add(self, row: SentenceScore) -> None:
        for totals, counted in ((self.all, True), (self.cut, row.length <= self.cutoff)):
            if not counted:
                continue
            totals.sentences += 1
            if row.status == EvalbStatus.ERROR:
                totals.error_sentences += 1
            elif row.status == EvalbStatus.SKIP:
                totals.skip_sentences += 1
            else:
                totals.gold += row.gold
                totals.test += row.test
                totals.matched += row.matched
                totals.complete += row.gold == row.test == row.matched
                totals.words += row.words
                totals.crossing += row.crossing
                totals.no_crossing += row.crossing == 0
                totals.le2_crossing += row.crossing <= 2
                totals.correct += row.correct


class SpmrlRun:
    """One evalb_spmrl run: its report on ``out``, its messages on ``err``."""

    def __init__(self, params: EvalbParams, options: SpmrlOptions, out: BinaryIO,
                 err: BinaryIO) -> None:
        self.params = params
        self.options = options
        self.out = out
        self.err = err

    def run_bytes(self, gold: bytes, test: bytes, gold_name: str, test_name: str) -> int:
        """Score two files' bytes (named as given on the command line): the exit status."""
        budget = ErrorBudget(self.params.max_error, self.err)
        totals = _Totals(self.params.cutoff_len)

        def emit(row: SentenceScore) -> None:
            totals.add(row)
            self.out.write(sentence_line(*row))

        engine = SpmrlEngine(self.params, budget, self.out, emit)
        self.out.write(HEADER)
        tests = fgets_lines(test)
        limit = self.options.max_lines
        stopped = False
        line_no = 1  # C's Line after its loop: one past the last gold line
        try:
            for gold_line in fgets_lines(gold):
                test_line = next(tests, None)
                if test_line is None:  # the gold line is read (traced, checked) first
                    engine.start_line(line_no)
                    engine.read_line(gold_line, line_no)
                    budget.error(line_no, b"Number of lines unmatch (too many lines in gold file)")
                    break
                engine.score_line(gold_line, test_line, line_no, self.options.count_unparsed)
                if limit is not None and line_no + 1 > limit:
                    stopped = True
                    break
                line_no += 1
            if not stopped and next(tests, None) is not None:
                budget.error(line_no, b"Number of lines unmatch (too many lines in test file)")
        except EvalbKilled:
            return 1
        self.out.write(self._summary(totals, gold_name, test_name))
        return 0

    def _summary(self, totals: _Totals, gold_name: str, test_name: str) -> bytes:
        options = self.options
        everything = totals.all
        if options.compact or options.compact_cutoff:
            shown = totals.cut if options.compact_cutoff else everything
            return compact_line(shown, test_name)
        title = (b"=== Summary: %s\tvs\t%s ===\n" % (gold_name.encode(), test_name.encode())
                 if options.names else b"=== Summary ===\n")
        if options.status is not None:
            write_status(options.status, everything)
        return b"".join([SEPARATOR, total_line(everything), title,
                         summary_block(everything, "All"),
                         summary_block(totals.cut, f"len<={totals.cutoff:d}")])


def compact_line(totals: Totals, test_name: str) -> bytes:
    """-L's (or -l's) one line; recall under "Prec:" and precision under "Rec:", as
    evalb_spmrl prints them."""
    return (b"F1: %s %%\tPrec: %s %%\tRec: %s %%\t" % (
        _float(totals.fmeasure()), _float(totals.recall()), _float(totals.precision()))
        + b"POS: %6.2f %%\tEX: %6.2f %%\tUnparsed: %6d\tSent: %6d\tfile: %s\n" % (
            totals.tagging_accuracy(), totals.complete_match(),
            totals.skip_sentences + totals.error_sentences, totals.sentences,
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
