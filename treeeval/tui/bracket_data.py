"""Bracket files in the browser: EVALB's per-sentence rows, trees and breakdowns.

Every number comes from ``treeeval.bracket.api.evaluate_brackets`` (the counts
``treeeval bracket`` prints); the per-label tables and filters from the same scorer's
bracket columns (``treeeval.bracket.spans``: every counted bracket with its label, span,
matched and crossing flags, vectorised, with EVALB's engine for the lines the fast path
hands back); the drawing from EVALB's per-sentence engine run on one line at a time
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

import math
import re
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np
from rich.text import Text

from ..bracket.api import evaluate_brackets
from ..bracket.counts import SentenceCounts, Totals
from ..bracket.params import EvalbParams
from ..bracket.reference import ReadSide
from ..bracket.run import RunResult
from ..bracket.spans import BracketColumns, BracketSpans, file_spans
from .model import (SUBSCRIPT, BreakdownRow, BreakdownTable, Column, HeaderInfo, LineIndex,
                    SentenceFilter, TableCorpus, label_rows, length_bins, length_row)
from .render_tree import (MATCHED, NOT_COUNTED, UNMATCHED, BracketDiff, bracket_legend,
                          diff_brackets, draw_tree, side_by_side)

#: (gold label, word) of a preterminal, for the sentence text
_PRETERMINAL = re.compile(rb"\(([^\s()]+)\s+([^\s()]+)\)")

#: the per-system columns: key, title, decimals, definition
SYSTEM_COLUMNS = (
    ("stat", "Stat", 0, "EVALB's status: 0 scored, 1 Error (not scored), 2 Skip (empty test)"),
    ("recall", "Recal", 2, "100 * matched / gold brackets"),
    ("prec", "Prec", 2, "100 * matched / test brackets"),
    ("f1", "F1", 2, "2PR / (P + R) of the sentence"),
    ("matched", "Match", 0, "brackets matched (span and label, EVALB's rules)"),
    ("gold", "Gold", 0, "gold brackets counted"),
    ("test", "Test", 0, "test brackets counted"),
    ("cross", "Cross", 0, "test brackets that cross a gold bracket"),
    ("words", "Words", 0, "words compared"),
    ("correct", "Corr", 0, "words with the gold part-of-speech tag"),
    ("tag", "Tag", 2, "100 * correct tags / words"),
)
#: the per-system columns shown when there are two systems
PAIR_COLUMNS = ("stat", "f1", "recall", "prec", "cross")


def params_summary(params: EvalbParams) -> str:
    """The parameters in force, on one line.

    >>> params_summary(EvalbParams(delete_label=[b"TOP", b","]))
    'LABELED 1 · CUTOFF_LEN 40 · MAX_ERROR 10 · DELETE_LABEL TOP ,'
    """
    parts = [f"LABELED {params.labeled}", f"CUTOFF_LEN {params.cutoff_len}",
             f"MAX_ERROR {params.max_error}"]
    for name, values in (("DELETE_LABEL", params.delete_label),
                         ("DELETE_LABEL_FOR_LENGTH", params.delete_label_for_length),
                         ("QUOTE_LABEL", params.quote_label)):
        if values:
            parts.append(f"{name} " + " ".join(v.decode("latin-1") for v in values))
    for name, pairs in (("EQ_LABEL", params.eq_label), ("EQ_WORD", params.eq_word)):
        if pairs:
            parts.append(f"{name} " + ", ".join(f"{a.decode('latin-1')}={b.decode('latin-1')}"
                                                for a, b in pairs))
    return " · ".join(parts)


#: how a ratio of the detail pane is shown (— when undefined)
RATIO = Column("ratio", "", 2)


def first_word_difference(gold: ReadSide, test: ReadSide) -> str:
    """Where the words of an Error sentence part: the first position whose words differ,
    or the words one side has beyond the other ('' when the words agree).

    >>> from treeeval.bracket.reference import Terminal
    >>> side = lambda *words: ReadSide(b"", [Terminal(w.encode(), b"NN") for w in words])
    >>> first_word_difference(side("a", "dog", "barks"), side("a", "cat", "barks"))
    "first different word: 2, gold 'dog', test 'cat'"
    >>> first_word_difference(side("a", "dog"), side("a", "dog", "barks", "."))
    "the test has 2 more words from word 3: 'barks' '.'"
    """
    gold_words = [terminal.word for terminal in gold.terminals]
    test_words = [terminal.word for terminal in test.terminals]
    for position, (left, right) in enumerate(zip(gold_words, test_words), 1):
        if left != right:
            return (f"first different word: {position}, gold {_shown(left)}, "
                    f"test {_shown(right)}")
    if len(gold_words) == len(test_words):
        return ""
    side, longer = ("gold", gold_words) if len(gold_words) > len(test_words) else ("test",
                                                                                  test_words)
    common = min(len(gold_words), len(test_words))
    extra = longer[common:]
    listed = " ".join(_shown(word) for word in extra[:5]) + (" ..." if len(extra) > 5 else "")
    words = "word" if len(extra) == 1 else "words"
    return f"the {side} has {len(extra)} more {words} from word {common + 1}: {listed}"


def _shown(word: bytes) -> str:
    return repr(word.decode("utf-8", "replace"))


def sentence_ratios(rows: SentenceCounts) -> dict[str, np.ndarray]:
    """Per sentence, the recall, precision, F1 and tag accuracy of
    ``treeeval.bracket.api.sentence_dict`` (0 where undefined), computed at once.

    >>> rows = SentenceCounts.empty()
    >>> rows.gold, rows.test, rows.matched = np.array([4, 0]), np.array([2, 0]), np.array([2, 0])
    >>> rows.words, rows.correct = np.array([5, 0]), np.array([4, 0])
    >>> ratios = sentence_ratios(rows)
    >>> ratios["recall"].tolist(), ratios["prec"].tolist(), ratios["f1"].tolist()
    ([50.0, 0.0], [100.0, 0.0], [66.66666666666667, 0.0])
    >>> ratios["tag"].tolist()
    [80.0, 0.0]
    """
    def percent_of(part: np.ndarray, whole: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(whole != 0, 100.0 * part / whole, 0.0)

    recall = percent_of(rows.matched, rows.gold)
    precision = percent_of(rows.matched, rows.test)
    both = precision + recall
    with np.errstate(divide="ignore", invalid="ignore"):
        f1 = np.where(both != 0, 2 * precision * recall / both, 0.0)
    return {"recall": recall, "prec": precision, "f1": f1,
            "tag": percent_of(rows.correct, rows.words)}


@dataclass
class LabelAnalysis:
    """One system's brackets over the whole corpus, by label."""

    labels: list[str]
    gold: np.ndarray
    test: np.ndarray
    gold_matched: np.ndarray
    test_matched: np.ndarray
    #: label -> sentences where a gold or test bracket with that label is unmatched
    wrong: dict[str, np.ndarray]
    #: (gold label, test label) -> sentences where a gold bracket has a test bracket of
    #: the same span but another label
    confusions: dict[tuple[str, str], np.ndarray]


def analyse_labels(diffs: Sequence[BracketDiff | None]) -> LabelAnalysis:
    """Count the brackets of each label and where they went wrong (``None``: skipped), from
    what EVALB's engine left on them: the definition ``analyse_spans`` computes in numpy.

    >>> d = diff_brackets(b"(S (NP (DT a) (NN b)) (VP (VB c) (NN d)))",
    ...                   b"(S (NP (DT a) (NN b)) (NP (VB c) (NN d)))", EvalbParams(), 1)
    >>> analysis = analyse_labels([d])
    >>> analysis.labels, analysis.gold.tolist(), analysis.gold_matched.tolist()
    (['NP', 'S', 'VP'], [1, 1, 1], [1, 1, 0])
    >>> sorted(analysis.confusions)
    [('VP', 'NP')]
    """
    counts: dict[str, list[int]] = {}
    wrong: dict[str, set[int]] = {}
    confusions: dict[tuple[str, str], set[int]] = {}
    for index, diff in enumerate(diffs):
        if diff is None or not diff.scored:
            continue
        for role, side in ((0, diff.gold), (1, diff.test)):
            for bracket in side.brackets:
                if bracket.result == NOT_COUNTED:
                    continue
                label = bracket.label.decode("latin-1")
                row = counts.setdefault(label, [0, 0, 0, 0])
                row[role] += 1
                if bracket.result == MATCHED:
                    row[2 + role] += 1
                else:
                    wrong.setdefault(label, set()).add(index)
        spare = [t for t in diff.test.brackets if t.result == UNMATCHED]
        for g in diff.gold.brackets:
            if g.result != UNMATCHED:
                continue
            same = next((t for t in spare if (t.start, t.end) == (g.start, g.end)), None)
            if same is not None:
                pair = (g.label.decode("latin-1"), same.label.decode("latin-1"))
                confusions.setdefault(pair, set()).add(index)
    labels = sorted(counts)
    table = np.array([counts[label] for label in labels], dtype=np.int64).reshape(-1, 4)
    return LabelAnalysis(labels, table[:, 0], table[:, 1], table[:, 2], table[:, 3],
                         {k: np.array(sorted(v)) for k, v in wrong.items()},
                         {k: np.array(sorted(v)) for k, v in confusions.items()})


def analyse_spans(spans: BracketSpans, scored: np.ndarray) -> LabelAnalysis:
    """``analyse_labels`` over the bracket columns of the ``scored`` sentences (a mask):
    labels are those the engine leaves (cut at ``-`` or ``=``); a confusion pairs each
    unmatched gold bracket with the first unmatched test bracket of its span.

    >>> from treeeval.bracket.spans import bracket_spans
    >>> spans = bracket_spans(b"(S (NP (DT a) (NN b)) (VP (VB c) (NN d)))\\n",
    ...                       b"(S (NP (DT a) (NN b)) (NP (VB c) (NN d)))\\n", EvalbParams())
    >>> analysis = analyse_spans(spans, np.array([True]))
    >>> analysis.labels, analysis.gold.tolist(), analysis.gold_matched.tolist()
    (['NP', 'S', 'VP'], [1, 1, 1], [1, 1, 0])
    >>> {pair: where.tolist() for pair, where in analysis.confusions.items()}
    {('VP', 'NP'): [0]}
    """
    names = [name.decode("latin-1") for name in spans.labels]
    gold, test = (_scored_rows(side, scored) for side in (spans.gold, spans.test))
    size = len(names)
    table = np.stack([np.bincount(gold.label, minlength=size),
                      np.bincount(test.label, minlength=size),
                      np.bincount(gold.label[gold.matched], minlength=size),
                      np.bincount(test.label[test.matched], minlength=size)], axis=1)
    shown = sorted((names[code], code) for code in np.flatnonzero(table[:, 0] + table[:, 1]))
    rows = table[[code for _, code in shown]].reshape(-1, 4)
    wrong_label = np.concatenate([side.label[~side.matched] for side in (gold, test)])
    wrong_sentence = np.concatenate([side.sentence[~side.matched] for side in (gold, test)])
    wrong = _group(wrong_sentence, wrong_label, lambda code: names[code])
    # EVALB's engine may leave an end of -1 on a line that does not close a bracket
    width = max([int(side.start.max()) for side in (gold, test) if len(side.start)]
                + [int(side.end.max()) for side in (gold, test) if len(side.end)], default=0) + 2
    gold_loose, test_loose = (_loose(side, width) for side in (gold, test))
    # test brackets by span, each span's brackets in reading order: the first is found
    order = np.lexsort((test_loose[1], test_loose[0]))
    keys = test_loose[0][order]
    first = np.minimum(keys.searchsorted(gold_loose[0]), max(len(keys) - 1, 0))
    found = (keys[first] == gold_loose[0]) if len(keys) else np.zeros(len(first), dtype=bool)
    pair = gold_loose[2][found] * size + test_loose[2][order][first[found]]
    confusions = _group(gold_loose[3][found], pair,
                        lambda code: (names[code // size], names[code % size]))
    return LabelAnalysis([name for name, _ in shown], rows[:, 0], rows[:, 1], rows[:, 2],
                         rows[:, 3], wrong, confusions)


def _scored_rows(side: BracketColumns, scored: np.ndarray) -> BracketColumns:
    keep = scored.take(side.sentence)
    return BracketColumns(*(getattr(side, name).compress(keep)
                            for name in BracketColumns.__dataclass_fields__))


def _loose(side: BracketColumns,
           width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The unmatched brackets: span keys (sentence, start + 1, end + 1 in base ``width``),
    positions, labels and sentences."""
    loose = ~side.matched
    start, end, sentence = side.start[loose], side.end[loose], side.sentence[loose]
    span = (sentence * width + start + 1) * width + end + 1
    return span, side.position[loose], side.label[loose], sentence


def _group(sentences: np.ndarray, codes: np.ndarray,
           name: Callable[[int], object]) -> dict:
    """{name(code): sorted distinct sentences with that code}."""
    width = int(sentences.max(initial=0)) + 1
    pairs = np.unique(codes * width + sentences)
    codes, sentences = np.divmod(pairs, width)
    cuts = np.flatnonzero(np.diff(codes)) + 1
    return {name(int(code)): group for code, group in zip(codes[np.r_[0, cuts]] if len(codes)
                                                           else [], np.split(sentences, cuts))}


@dataclass(frozen=True)
class SentenceErrors:
    """One sentence of one system: the labels of its unmatched brackets, and its (gold
    label, test label) pairs of unmatched brackets with the same span."""

    labels: frozenset[str]
    confusions: frozenset[tuple[str, str]]


class BracketCorpus(TableCorpus):
    """Gold and one or two system bracket files, scored as ``treeeval bracket`` does."""

    kind = "bracket"

    def __init__(self, gold: str, systems: list[str], params: EvalbParams,
                 runs: list[RunResult], prm_names: Sequence[str] = ()) -> None:
        self.gold_path = gold
        self.system_paths = systems
        self.params = params
        self.prm_names = list(prm_names)
        self.runs = runs
        sentences = [run.sentences or SentenceCounts.empty() for run in runs]
        size = min(len(rows) for rows in sentences)
        self.rows = [rows.take(slice(0, size)) for rows in sentences]
        self.gold_lines = LineIndex(gold)
        self.system_lines = [LineIndex(path) for path in systems]
        self._spans: dict[int, BracketSpans] = {}
        self._analyses: dict[int, LabelAnalysis] = {}
        values, columns = self._columns()
        statuses = np.stack([rows.status for rows in self.rows])
        status = np.where((statuses == 1).any(axis=0), 1,
                          np.where((statuses == 2).any(axis=0), 2, 0))
        wrong = np.zeros(size, dtype=bool)
        for rows in self.rows:
            wrong |= (rows.status != 0) | (rows.matched != rows.gold) | (rows.matched != rows.test)
        super().__init__(columns, values, wrong, self.rows[0].length.copy(), status)

    def suffix(self, system: int) -> str:
        """The key suffix of a system's columns ('' with one system, '1' or '2' with two)."""
        return "" if len(self.rows) == 1 else str(system + 1)

    def _columns(self) -> tuple[dict[str, np.ndarray], list[Column]]:
        first = self.rows[0]
        values: dict[str, np.ndarray] = {"id": first.line.copy(), "len": first.length.copy()}
        columns = [Column("id", "ID", help="the sentence's line in both files"),
                   Column("len", "Len", help="gold length in words (EVALB's Len)")]
        by_key = {column[0]: column for column in SYSTEM_COLUMNS}
        shown = list(SYSTEM_COLUMNS) if len(self.rows) == 1 else [by_key[k] for k in PAIR_COLUMNS]
        for system, rows in enumerate(self.rows):
            computed = sentence_ratios(rows)
            raw = {"stat": rows.status, "matched": rows.matched, "gold": rows.gold,
                   "test": rows.test, "cross": rows.crossing, "words": rows.words,
                   "correct": rows.correct}
            suffix = self.suffix(system)
            for key, title, decimals, meaning in shown:
                if key in computed:  # undefined (—, sorted last) for Error and Skip
                    column = np.where(rows.status == 0, computed[key], np.nan)
                else:
                    column = raw[key].astype(float)
                values[key + suffix] = column
                columns.append(Column(key + suffix, title + SUBSCRIPT.get(suffix, suffix), decimals,
                                      meaning))
        if len(self.rows) == 2:
            values["delta"] = values["f1" + "2"] - values["f1" + "1"]
            columns.append(Column("delta", "ΔF1", 2, "F1 of system 2 minus F1 of system 1"))
        return values, columns

    # -- the header --------------------------------------------------------------------------
    def header(self) -> HeaderInfo:
        files = [f"gold: {self.gold_path}"]
        for system, path in enumerate(self.system_paths):
            files.append(f"{self._name(system)}: {path}")
        prm = ", ".join(self.prm_names) or "none (EVALB's defaults)"
        parameters = [f"prm: {prm} · {params_summary(self.params)}"]
        scores, warnings = [], []
        for system, run in enumerate(self.runs):
            all_f1, cut_f1 = run.all_totals.fmeasure(), run.cut_totals.fmeasure()
            scores.append(
                f"{self._name(system)}: All R {run.all_totals.recall():.2f} "
                f"P {run.all_totals.precision():.2f} F1 {_f1(all_f1)} · "
                f"len<={self.params.cutoff_len} F1 {_f1(cut_f1)} · "
                f"tags {run.all_totals.tagging_accuracy():.2f} · "
                f"{run.all_totals.sentences} sentences"
                + (f" ({run.all_totals.error_sentences} error, "
                   f"{run.all_totals.skip_sentences} skip)"
                   if run.all_totals.error_sentences or run.all_totals.skip_sentences else ""))
            if run.killed:
                warnings.append(f"{self._name(system)}: EVALB would stop here: more than "
                                f"MAX_ERROR {self.params.max_error} errors; only the "
                                f"{len(run.sentences or [])} sentences before are shown")
        return HeaderInfo(files, parameters, scores, warnings)

    def _name(self, system: int) -> str:
        return "system" if len(self.rows) == 1 else f"system {system + 1}"

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
        deleted = frozenset(self.params.delete_label)
        out: list[Text] = []
        for system, rows in enumerate(self.rows):
            diff = self.diff(index, system)
            row = {column: int(getattr(rows, column)[index])
                   for column in ("status", "matched", "gold", "test", "crossing", "words",
                                  "correct")}
            suffix = self.suffix(system)
            title = Text(f"Sentence {index + 1} (line {number}) · {self._name(system)}: ",
                         style="bold")
            ratio = {key: RATIO.format(float(self.values[key + suffix][index]))
                     for key in ("recall", "prec", "f1")}
            title.append(
                f"Stat {row['status']} · R {ratio['recall']} P {ratio['prec']} "
                f"F1 {ratio['f1']} · matched {row['matched']} of "
                f"gold {row['gold']} / test {row['test']} · crossing {row['crossing']} · "
                f"tags {row['correct']}/{row['words']}")
            out.append(title)
            for message in diff.messages:
                out.append(Text(f"EVALB: {message}", style="bold red"))
            if row["status"] == 1:
                where = first_word_difference(diff.gold, diff.test)
                if where:
                    out.append(Text(where, style="red"))
            if diff.scored and (diff.score.matched, diff.score.crossing) != (
                    row["matched"], row["crossing"]):
                out.append(Text("note: the drawing below was scored on this line alone and "
                                "differs from the run's numbers", style="yellow"))
            gold_tree = draw_tree(diff.gold_line, diff.gold, diff.gold_crossing, "gold", deleted)
            test_tree = draw_tree(diff.test_line, diff.test, diff.test_crossing, "test", deleted)
            out.extend(side_by_side(gold_tree, test_tree, width,
                                    ("gold", self._name(system))))
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
        """Every counted bracket of one system's sentences, as columns (computed once)."""
        if system not in self._spans:
            self._spans[system] = file_spans(self.gold_path, self.system_paths[system],
                                             self.params, lines=self.size)
        return self._spans[system]

    def analysis(self, system: int = 0) -> LabelAnalysis:
        """One system's brackets by label, over the scored sentences (computed once)."""
        if system not in self._analyses:
            self._analyses[system] = analyse_spans(self.spans(system),
                                                   self.rows[system].status == 0)
        return self._analyses[system]

    def sentence_errors(self, system: int, among: np.ndarray | None = None,
                        ) -> dict[int, SentenceErrors]:
        """The wrong labels and the confusions of each sentence of ``among`` (a mask; None:
        all) that can hold any: a scored sentence whose brackets do not all match
        (``matched < gold`` or ``matched < test`` in the run's rows)."""
        rows = self.rows[system]
        candidates = (rows.status == 0) & ((rows.matched < rows.gold)
                                           | (rows.matched < rows.test))
        if among is not None:
            candidates &= among
        analysis = self.analysis(system)
        found: dict[int, tuple[set[str], set[tuple[str, str]]]] = {
            index: (set(), set()) for index in np.flatnonzero(candidates).tolist()}
        for role, groups in enumerate((analysis.wrong, analysis.confusions)):
            for key, where in groups.items():
                for index in where[candidates[where]].tolist():
                    found[index][role].add(key)  # type: ignore[arg-type]
        return {index: SentenceErrors(frozenset(labels), frozenset(pairs))
                for index, (labels, pairs) in found.items()}

    def _mask(self, among: np.ndarray | None,
              where: Callable[[LabelAnalysis], np.ndarray | None]) -> np.ndarray:
        mask = np.zeros(self.size, dtype=bool)
        for system in range(len(self.rows)):
            found = where(self.analysis(system))
            if found is not None:
                mask[found] = True
        if among is not None:
            mask &= among
        return mask

    def label_mask(self, label: str, among: np.ndarray | None = None) -> np.ndarray:
        """Sentences of ``among`` where a bracket labelled ``label`` is unmatched (any
        system), from the whole-corpus ``analysis``."""
        return self._mask(among, lambda analysis: analysis.wrong.get(label))

    def confusion_mask(self, gold: str, system_label: str,
                       among: np.ndarray | None = None) -> np.ndarray:
        return self._mask(among, lambda analysis: analysis.confusions.get((gold, system_label)))

    def breakdown(self) -> list[BreakdownTable]:
        """Per system: labels (P/R/F1), confusions, and F1 by sentence length."""
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
                length_rows.append(length_row(low, high, totals.sentences, _f1(f1), f1))
            tables.append(BreakdownTable(f"{name}: F1 by sentence length",
                                         ["length", "sentences", "F1"], length_rows))
        return tables


def _f1(value: float) -> str:
    """An F-measure as EVALB prints it (``-nan`` when undefined)."""
    return "-nan" if math.isnan(value) else f"{value:.2f}"


def load_brackets(gold: str, systems: list[str], params: EvalbParams,
                  prm_names: Sequence[str] = ()) -> BracketCorpus:
    """Score each system against gold with ``evaluate_brackets`` and build the corpus."""
    runs = [evaluate_brackets(gold, path, params=params) for path in systems]
    return BracketCorpus(gold, systems, params, runs, prm_names)
