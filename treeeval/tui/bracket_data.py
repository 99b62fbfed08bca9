"""Bracket files in the browser: EVALB's per-sentence rows, trees and breakdowns.

Each file is read once (``lines.LineIndex``) and scanned once. Every number comes from
EVALB's run on those bytes (``score_lines``: ``EvalbRun``, the counts ``treeeval bracket``
prints, as ``evaluate_brackets`` gives them); the per-label tables and filters from the
bracket columns the same run kept from its scan (``treeeval.bracket.spans``: every counted
bracket with its label, span, matched and crossing flags, vectorised, with EVALB's engine
for the lines that fall back); the error classes from the same bytes; the
drawing from EVALB's per-sentence engine run on one line at a time
(``render_tree.diff_brackets``).

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> gold, test = os.path.join(folder, "gold"), os.path.join(folder, "test")
>>> _ = open(gold, "w").write("(S (NP (DT a) (NN b)) (VP (VB c)))\\n(S (A x) (B y))\\n")
>>> _ = open(test, "w").write("(S (DT a) (X (NN b) (VB c)))\\n(S (A x) (B y))\\n")
>>> corpus = load_brackets(gold, [test], EvalbParams())
>>> corpus.values["f1"].round(2).tolist(), corpus.wrong.tolist()
([40.0, 100.0], [True, False])
>>> corpus.header().scores[0]
'system: All R 50.00 P 66.67 F1 57.14 · len<=40 F1 57.14 · tags 100.00 · 2 sentences'
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence

import numpy as np
from rich.text import Text

from ..arrays import AnyArray, BoolArray, IntArray
from ..bracket.align import word_regions
from ..bracket.counts import SentenceCounts
from ..bracket.labels import spmrl_label
from ..bracket.params import EvalbParams
from ..bracket.result import EvalbResult
from ..bracket.run import EvalbRun
from ..bracket.sentence_rates import sentence_rates
from ..bracket.spans import BracketSpans, first_spans, per_line_spans
from ..bracket.totals import EvalbStatus, Totals
from ..errorclasses.api import SentenceRepairs, SystemErrors, classify_errors, line_repairs
from ..stats import rates
from ..wording import counted
from .bracket_columns import MANY_COLUMNS, PAIR_COLUMNS, RATE_COLUMNS, RATIO, SYSTEM_COLUMNS, params_summary
from .bracket_labels import LabelAnalysis, SentenceErrors, analyse_spans
from .bracket_repairs import class_table, first_word_difference, repair_lines
from .breakdown import BreakdownRow, BreakdownTable, label_rows, length_bins, length_row
from .corpus import HeaderInfo, file_lines, system_name
from .lines import LineIndex, as_lines
from .model import Column, SentenceFilter, TableCorpus, delta_columns, system_column
from .render_alignment import region_lines
from .render_tree import BracketDiff, bracket_legend, diff_brackets, draw_tree, side_by_side

#: (gold label, word) of a preterminal, for the sentence text
_PRETERMINAL = re.compile(rb"\(([^\s()]+)\s+([^\s()]+)\)")

class BracketCorpus(TableCorpus):
    """Gold and any number of system bracket files, each scored as ``treeeval bracket``
    does."""

    kind = "bracket"

    def __init__(self, gold: LineIndex, systems: list[LineIndex], params: EvalbParams,
                 runs: list[EvalbResult], prm_names: Sequence[str] = ()) -> None:
        self.gold_path = gold.path
        self.system_paths = [lines.path for lines in systems]
        self.params = params
        self.prm_names = list(prm_names)
        self.runs = runs
        # one row a line: evalb_spmrl's zero row before a scored one merged into it
        sentences = [(run.sentences or SentenceCounts.empty()).per_line() for run in runs]
        size = min(len(rows) for rows in sentences)
        self.rows = [rows.take(slice(0, size)) for rows in sentences]
        self.gold_lines = gold
        self.system_lines = systems
        self._spans: dict[int, BracketSpans] = {}
        self._analyses: dict[int, LabelAnalysis] = {}
        self._classes: list[SystemErrors] | None = None
        values, columns = self._columns()
        statuses = np.stack([rows.status for rows in self.rows])
        status = np.full(size, EvalbStatus.SCORED, dtype=np.int64)
        for worse in (EvalbStatus.UNPARSED, EvalbStatus.SKIP, EvalbStatus.ERROR):  # the worst wins
            status[(statuses == worse).any(axis=0)] = worse
        wrong = np.zeros(size, dtype=bool)
        for rows in self.rows:
            wrong |= ((rows.status != EvalbStatus.SCORED) | (rows.matched != rows.gold)
                      | (rows.matched != rows.test))
        super().__init__(columns, values, wrong, self.rows[0].length.copy(), status)

    def suffix(self, system: int) -> str:
        """The key suffix of a system's columns ('' with one system, else its number)."""
        return "" if len(self.rows) == 1 else str(system + 1)

    def _columns(self) -> tuple[dict[str, AnyArray], list[Column]]:
        first = self.rows[0]
        values: dict[str, AnyArray] = {"id": first.line.copy(), "len": first.length.copy()}
        columns = [Column("id", "ID", help="the sentence's line in both files"),
                   Column("len", "Len", help="gold length in words (EVALB's Len)")]
        by_key = {column[0]: column for column in SYSTEM_COLUMNS}
        shown = (list(SYSTEM_COLUMNS) if len(self.rows) == 1 else
                 [by_key[k] for k in (PAIR_COLUMNS if len(self.rows) == 2 else MANY_COLUMNS)])
        for system, rows in enumerate(self.rows):
            rates = sentence_rates(rows)
            raw = {"stat": rows.status, "matched": rows.matched, "gold": rows.gold,
                   "test": rows.test, "cross": rows.crossing, "words": rows.words,
                   "correct": rows.correct}
            suffix = self.suffix(system)
            for key, title, decimals, meaning in shown:
                if key in RATE_COLUMNS:  # undefined (—, sorted last): NaN
                    column = rates[RATE_COLUMNS[key]]
                else:
                    column = raw[key].astype(float)
                values[key + suffix] = column
                columns.append(system_column(key, title, decimals, meaning, suffix))
        columns += delta_columns(values, "f1", "F1", self._names())
        return values, columns

    # -- the header --------------------------------------------------------------------------
    def header(self) -> HeaderInfo:
        files = file_lines(self.gold_path, self.system_paths)
        prm = ", ".join(self.prm_names) or "none (EVALB's defaults)"
        parameters = [f"prm: {prm} · {params_summary(self.params)}"]
        scores, warnings = [], []
        for system, run in enumerate(self.runs):
            all_f1, cut_f1 = run.all_totals.fmeasure(), run.cut_totals.fmeasure()
            scores.append(
                f"{self._name(system)}: All R {run.all_totals.recall():.2f} "
                f"P {run.all_totals.precision():.2f} F1 {rates.shown(all_f1)} · "
                f"len<={self.params.cutoff_len} F1 {rates.shown(cut_f1)} · "
                f"tags {run.all_totals.tagging_accuracy():.2f} · "
                f"{counted(run.all_totals.sentences, 'sentence')}"
                + (f" ({run.all_totals.error_sentences} error, "
                   f"{run.all_totals.skip_sentences} skip)"
                   if run.all_totals.error_sentences or run.all_totals.skip_sentences else ""))
            if run.killed:
                warnings.append(f"{self._name(system)}: EVALB would stop here: more than "
                                f"MAX_ERROR {counted(self.params.max_error, 'error')}; "
                                f"shown: the {counted(len(run.sentences or []), 'sentence')} "
                                "before")
        return HeaderInfo(files, parameters, scores, warnings)

    def _name(self, system: int) -> str:
        return system_name(self.system_paths, system)

    def _names(self) -> list[str]:
        return [self._name(system) for system in range(len(self.system_paths))]

    # -- text, raw lines, detail ---------------------------------------------------------------
    def text(self, index: int) -> str:
        """The gold words of a sentence (``-NONE-`` elements left out)."""
        line = self.gold_lines.line(int(self.values["id"][index]))
        return " ".join(word.decode("utf-8", "replace")
                        for label, word in _PRETERMINAL.findall(line) if label != b"-NONE-")

    def diff(self, index: int, system: int = 0, crossing: bool = True) -> BracketDiff:
        """EVALB's engine run on one sentence of one system."""
        number = int(self.values["id"][index])
        return diff_brackets(self.gold_lines.line(number), self.system_lines[system].line(number),
                             self.params, number, crossing)

    def detail(self, index: int, width: int) -> list[Text]:
        """The detail pane: per system the scores, EVALB's messages and both trees side by
        side; then the legend and the raw lines with file and line number."""
        number = int(self.values["id"][index])
        cut = spmrl_label if self.params.spmrl else None
        out: list[Text] = []
        for system, rows in enumerate(self.rows):
            diff = self.diff(index, system)
            row = {column: int(getattr(rows, column)[index])
                   for column in ("status", "matched", "gold", "test", "crossing", "words",
                                  "correct")}
            title = Text(f"Sentence {index + 1} (line {number}) · {self._name(system)}: ",
                         style="bold")
            rates = sentence_rates(rows.take(slice(index, index + 1)))
            ratio = {key: RATIO.format(float(rates[RATE_COLUMNS[key]][0]))
                     for key in ("recall", "prec", "f1")}
            title.append(
                f"Stat {row['status']} · R {ratio['recall']} P {ratio['prec']} "
                f"F1 {ratio['f1']} · matched {row['matched']} of "
                f"gold {row['gold']} / test {row['test']} · crossing {row['crossing']} · "
                f"tags {row['correct']}/{row['words']}")
            out.append(title)
            for message in diff.messages:
                out.append(Text(f"EVALB: {message}", style="bold red"))
            if row["status"] == EvalbStatus.UNPARSED:
                out.append(Text(f"unparsed (-X): the test line is empty; evalb_spmrl counts "
                                f"{row['gold']} gold brackets for it (each bracket over a word "
                                "once, and once more for every DELETE_LABEL its label is not)",
                                style="yellow"))
            if diff.rows > 1:
                out.append(Text(f"evalb_spmrl prints {diff.rows} rows for this line: first "
                                "a row with nothing counted (the test sentence has another "
                                "length), then the row shown, which it scores",
                                style="yellow"))
            if row["status"] == EvalbStatus.ERROR:
                where = first_word_difference(diff.gold, diff.test)
                if where:
                    out.append(Text(where, style="red"))
            elif self.params.align and diff.messages:
                # scored by --align: EVALB rejected the words, the characters align them
                regions = word_regions(diff.gold_line, diff.test_line, self.params)
                if regions is not None:
                    out.extend(region_lines(regions))
            if diff.scored and (diff.score.matched, diff.score.crossing) != (
                    row["matched"], row["crossing"]):
                out.append(Text("note: the drawing below was scored on this line alone and "
                                "differs from the run's numbers", style="yellow"))
            gold_tree = draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold",
                                  diff.deleted_tags, cut)
            test_tree = draw_tree(diff.test_line, diff.test, diff.test_crossing, "test",
                                  diff.deleted_tags, cut)
            out.extend(side_by_side(gold_tree, test_tree, width,
                                    ("gold", self._name(system))))
            if row["status"] == EvalbStatus.SCORED and (row["matched"], row["matched"]) != (
                    row["gold"], row["test"]):
                out.extend(repair_lines(self.repairs(index, system)))
            out.append(Text())
        out.append(bracket_legend())
        out.append(Text())
        out.extend(self.raw(index))
        return out

    def raw(self, index: int) -> list[Text]:
        """The raw lines of the sentence, each after its file and line number."""
        number = int(self.values["id"][index])
        out = []
        for path, lines in [(self.gold_path, self.gold_lines)] + list(
                zip(self.system_paths, self.system_lines)):
            text = Text(f"{path}:{number}: ", style="dim")
            text.append(lines.line(number).decode("utf-8", "replace"))
            out.append(text)
        return out

    # -- label analysis, filters and the breakdown ----------------------------------------------
    def spans(self, system: int = 0) -> BracketSpans:
        """Every counted bracket of one system's sentences, as columns: those the run
        kept from its scan (``EvalbRun(keep_brackets=True)``, computed now from what the
        scan left), numbered by line, cut to the sentences shown."""
        if system not in self._spans:
            brackets = self.runs[system].brackets
            assert brackets is not None, "score_lines keeps the brackets"
            self._spans[system] = first_spans(per_line_spans(brackets.spans()), self.size)
        return self._spans[system]

    def analysis(self, system: int = 0) -> LabelAnalysis:
        """One system's brackets by label, over the scored sentences (computed once)."""
        if system not in self._analyses:
            self._analyses[system] = analyse_spans(self.spans(system),
                                                   self.rows[system].status == EvalbStatus.SCORED)
        return self._analyses[system]

    def sentence_errors(self, system: int, among: BoolArray | None = None,
                        ) -> dict[int, SentenceErrors]:
        """The wrong labels and the confusions of each sentence of ``among`` (a mask; None:
        all) that can hold any: a scored sentence whose brackets do not all match
        (``matched < gold`` or ``matched < test`` in the run's rows)."""
        rows = self.rows[system]
        candidates = (rows.status == EvalbStatus.SCORED) & ((rows.matched < rows.gold)
                                                            | (rows.matched < rows.test))
        if among is not None:
            candidates &= among
        analysis = self.analysis(system)
        found: dict[int, tuple[set[str], set[tuple[str, str]]]] = {
            index: (set(), set()) for index in np.flatnonzero(candidates).tolist()}
        for label, where in analysis.wrong.items():
            for index in where[candidates[where]].tolist():
                found[index][0].add(label)
        for pair, where in analysis.confusions.items():
            for index in where[candidates[where]].tolist():
                found[index][1].add(pair)
        return {index: SentenceErrors(frozenset(labels), frozenset(pairs))
                for index, (labels, pairs) in found.items()}

    def _mask(self, among: BoolArray | None,
              where: Callable[[LabelAnalysis], IntArray | None]) -> BoolArray:
        mask = np.zeros(self.size, dtype=bool)
        for system in range(len(self.rows)):
            found = where(self.analysis(system))
            if found is not None:
                mask[found] = True
        if among is not None:
            mask &= among
        return mask

    # -- error classes (Kummerfeld et al. 2012) ---------------------------------------------
    def _class_params(self) -> EvalbParams | None:
        """The deletions of the classes: the .prm file's when one was given (the classes
        then explain the brackets the list counts), else the classifier's own."""
        return self.params if self.prm_names else None

    def repairs(self, index: int, system: int = 0) -> SentenceRepairs:
        """The repairs of one sentence of one system (one sentence classified)."""
        number = int(self.values["id"][index])
        return line_repairs(number, self.gold_lines.line(number),
                            self.system_lines[system].line(number), self._class_params(),
                            self.params.spmrl)

    def error_classes(self) -> list[SystemErrors]:
        """Every sentence's repairs, per system (the whole corpus, classified once, from
        the bytes read at loading)."""
        if self._classes is None:
            self._classes = classify_errors(
                self.gold_lines.stream(), [lines.stream() for lines in self.system_lines],
                self._class_params(), self.params.spmrl).systems
        return self._classes

    def class_mask(self, name: str, among: BoolArray | None = None) -> BoolArray:
        """Sentences of ``among`` with a repair of the class ``name`` (any system; the name
        matched without regard to case, a prefix is enough: ``pp`` is PP Attachment)."""
        wanted = name.strip().lower()
        lines = [sentence.sentence for system in self.error_classes()
                 for sentence in system.sentences
                 if any(item.name.lower().startswith(wanted) for item in sentence.repairs)]
        mask = np.isin(self.values["id"], np.array(lines, dtype=np.int64))
        return mask & among if among is not None else mask

    def label_mask(self, label: str, among: BoolArray | None = None) -> BoolArray:
        """Sentences of ``among`` where a bracket labelled ``label`` is unmatched (any
        system), from the whole-corpus ``analysis``."""
        return self._mask(among, lambda analysis: analysis.wrong.get(label))

    def confusion_mask(self, gold: str, system_label: str,
                       among: BoolArray | None = None) -> BoolArray:
        return self._mask(among, lambda analysis: analysis.confusions.get((gold, system_label)))

    def breakdown(self) -> list[BreakdownTable]:
        """Per system: labels (P/R/F1), confusions, F1 by length and error classes."""
        tables = []
        for system, rows in enumerate(self.rows):
            name = self._name(system)
            analysis = self.analysis(system)
            tables.append(BreakdownTable(
                f"{name}: brackets by label", ["label", "gold", "test", "P", "R", "F1"],
                label_rows(analysis.labels, analysis.gold, analysis.test, analysis.gold_matched,
                           analysis.test_matched),
                "select a label: sentences where a bracket with it is missing or extra"))
            confusion = sorted(analysis.confusions.items(), key=lambda kv: (-len(kv[1]), kv[0]))
            tables.append(BreakdownTable(
                f"{name}: same span, other label (gold → test)", ["gold", "test", "sentences"],
                [BreakdownRow([g, t, str(len(where))], SentenceFilter(confusion=(g, t)))
                 for (g, t), where in confusion[:40]]))
            length_rows = []
            for low, high in length_bins(rows.length):
                mask = (rows.length >= low) & (rows.length <= high)
                totals = Totals.from_sentences(rows, mask)
                f1 = totals.fmeasure()
                length_rows.append(length_row(low, high, totals.sentences, rates.shown(f1), f1))
            tables.append(BreakdownTable(f"{name}: F1 by sentence length",
                                         ["length", "sentences", "F1"], length_rows))
            tables.append(class_table(name, self.error_classes()[system]))
        return tables


def load_brackets(gold: str | LineIndex, systems: Sequence[str | LineIndex],
                  params: EvalbParams, prm_names: Sequence[str] = ()) -> BracketCorpus:
    """Score each system against gold as ``treeeval bracket`` does (``EvalbRun`` on the
    bytes read, each file read once: paths are read now), then build the corpus."""
    gold_lines = as_lines(gold)
    system_lines = [as_lines(source) for source in systems]
    runs = [score_lines(gold_lines, lines, params) for lines in system_lines]
    return BracketCorpus(gold_lines, system_lines, params, runs, prm_names)


def score_lines(gold: LineIndex, test: LineIndex, params: EvalbParams) -> EvalbResult:
    """EVALB's run over two files already read (``evaluate_brackets`` without reading them
    again): the per-sentence rows, the brackets behind them (as columns, from the same
    scan), both summary blocks and whether MAX_ERROR stopped it."""
    run = EvalbRun(params, io.BytesIO(), io.BytesIO(), keep_sentences=True, keep_brackets=True)
    return run.run_streams(io.BytesIO(gold.data), io.BytesIO(test.data))
