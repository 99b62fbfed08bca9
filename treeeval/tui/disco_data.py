"""Discontinuous trees in the browser (export, discbracket, bracket, Tiger XML, Alpino XML),
scored as ``treeeval disco`` scores them.

The files are read by ``treeeval disco``'s readers (``disco.run.read_sentences``: its
formats, ``--functions`` and ``--morphology``), and each parse is compared with the gold
sentence of its key by the scorer itself (``disco.pairs.compare``, through
:func:`.disc_marks.score_pair`, which compares copies and keeps the trees as read for the
drawing).  The rows are the first system's parses in their order (the sentences ``treeeval
disco`` scores for it); every other system must parse the same sentences.  Each row's
numbers are those of the pair's ``PairResult``: ``treeeval disco --verbose``'s line
(recall, precision, matched, gold and candidate brackets, words and correct tags, LA), and
the header's those of its summary (``DiscoTotals``, the same sums).

>>> import tempfile, os
>>> from treeeval.disco.run import DiscoSettings
>>> folder = tempfile.mkdtemp()
>>> gold, test = os.path.join(folder, "gold.dbr"), os.path.join(folder, "test.dbr")
>>> _ = open(gold, "w").write("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))\\n")
>>> _ = open(test, "w").write("(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))\\n")
>>> corpus = load_disco(DiscoSettings(gold, "", fmt="discbracket"), [test])
>>> corpus.values["recall"].tolist(), corpus.values["prec"].round(2).tolist()
([50.0], [33.33])
>>> corpus.header().scores[0]
'system: All R 50.00 P 33.33 F1 40.00 · exact 0.00 · POS 75.00 · 1 sentence'
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import numpy as np
from rich.text import Text

from ..arrays import AnyArray, BoolArray
from ..bracket.reference import MATCHED, UNMATCHED
from ..disco.pairs import Bracket, OptionalScores, PairResult
from ..disco.params import DiscoParams, read_params
from ..disco.report import accuracy, f_measure, precision, recall, score
from ..disco.run import DiscoSettings, read_sentences
from ..disco.totals import Breakdowns, DiscoTotals
from ..errors import InputError
from ..formats.prm import bundled_prm_dir
from ..model.disc_trees import DiscSentence
from ..stats import rates
from ..wording import counted
from .breakdown import BreakdownTable, label_rows, length_bins, length_row
from .corpus import HeaderInfo, file_lines, system_name
from .disc_marks import ScoredPair, disc_marks, kept_words, score_pair
from .model import Column, TableCorpus, delta_columns, system_column
from .render_disc_tree import (
    Ranges,
    Side,
    disc_legend,
    draw_disc_outline,
    draw_disc_tree,
    span_text,
)
from .render_tree import FATES, side_by_side

#: the per-system columns: key, title, decimals, definition
DISCO_COLUMNS = (
    ("recall", "Recal", 2, "100 * matched / gold brackets (treeeval disco --verbose's Recall)"),
    ("prec", "Prec", 2, "100 * matched / candidate brackets (its Precis)"),
    ("f1", "F1", 2, "2 * matched / (gold + candidate brackets): the F1 of recall and "
                    "precision, 0 when nothing matched"),
    ("exact", "Ex", 0, "1 when the candidate brackets are the gold ones (multisets), as "
                       "the summary's exact match counts them"),
    ("matched", "Match", 0, "brackets matched: (label, set of words), as multisets"),
    ("gold", "Gold", 0, "gold brackets counted"),
    ("cand", "Cand", 0, "candidate brackets counted"),
    ("words", "Words", 0, "words whose tags are compared (those the parameters keep)"),
    ("correct", "Corr", 0, "words with the gold tag"),
    ("pos", "POS", 2, "100 * correct tags / words"),
)
#: the optional columns: key, title, decimals, definition
LA_COLUMN = ("la", "LA", 2, "leaf-ancestor score of the sentence, percent (--la)")
TED_COLUMN = ("ted", "TED", 0, "tree-edit distance of the sentence: edits (--ted)")
#: the per-system columns shown with two systems, and with three or more
PAIR_COLUMNS = ("f1", "exact", "recall", "prec")
MANY_COLUMNS = ("f1", "exact")
#: the two drawings of the detail pane, in the order ``v`` cycles through them
DRAWINGS = ("outline", "branches")


def _percent(value: Decimal) -> float:
    return float(100 * value) if value.is_finite() else float("nan")


def f1_percent(matched: int, gold: int, cand: int) -> float:
    """100 * 2 * matched / (gold + cand): the F1 of recall and precision, 0 when nothing
    matched (where discodop's harmonic mean gives NaN), NaN without brackets.

    >>> f1_percent(1, 2, 3), f1_percent(0, 2, 3), f1_percent(0, 0, 0)
    (40.0, 0.0, nan)
    """
    return 200 * matched / (gold + cand) if gold + cand else float("nan")


def pair_row(pair: PairResult) -> dict[str, float]:
    """A sentence's numbers from its ``PairResult`` (NaN where undefined).

    >>> from treeeval.formats.discbracket import parse_discbracket
    >>> from treeeval.disco.pairs import compare
    >>> gold = parse_discbracket("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))", 1)
    >>> parse = parse_discbracket("(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))", 1)
    >>> row = pair_row(compare("1", gold, parse, DiscoParams()))
    >>> row["matched"], row["gold"], row["cand"], row["f1"], row["correct"]
    (1.0, 2.0, 3.0, 40.0, 3.0)
    """
    gold, cand = pair.gold_brackets, pair.cand_brackets
    matched = sum(min(n, cand[b]) for b, n in gold.items() if b in cand)
    ngold, ncand = sum(gold.values()), sum(cand.values())
    words = len(pair.gold_pos)
    correct = sum(1 for g, c in zip(pair.gold_pos, pair.cand_pos) if g == c)
    return {"recall": _percent(recall(matched, ngold)),
            "prec": _percent(precision(matched, ncand)),
            "f1": f1_percent(matched, ngold, ncand),
            "exact": float(gold == cand), "matched": float(matched), "gold": float(ngold),
            "cand": float(ncand), "words": float(words), "correct": float(correct),
            "pos": 100 * correct / words if words else float("nan"),
            "la": _percent(pair.leaf_ancestor), "ted": float(pair.tree_distance)}


def _wrong_labels(pair: PairResult) -> tuple[set[str], set[tuple[str, str]]]:
    """The labels of the brackets one side has more of than the other, and the (gold,
    candidate) label pairs of the word sets both sides bracket with other labels."""
    gold, cand = pair.gold_brackets, pair.cand_brackets
    gold_only = {b for b, n in gold.items() if n > cand.get(b, 0)}
    cand_only = {b for b, n in cand.items() if n > gold.get(b, 0)}
    labels = {label for label, _ in gold_only | cand_only}
    by_bits: dict[int, set[str]] = defaultdict(set)
    for label, bits in gold_only:
        by_bits[bits].add(label)
    confusions = {(g, label) for label, bits in cand_only for g in by_bits.get(bits, ())
                  if g != label}
    return labels, confusions


class DiscoCorpus(TableCorpus):
    """Gold and any number of systems of discontinuous trees, each scored as ``treeeval
    disco`` scores it."""

    kind = "disco"

    def __init__(self, settings: DiscoSettings, system_paths: Sequence[str],
                 params: DiscoParams, gold: list[DiscSentence],
                 systems: list[list[DiscSentence]], results: list[list[PairResult]]) -> None:
        self.settings = settings
        self.gold_path = settings.gold
        self.system_paths = list(system_paths)
        self.params = params
        self.la = bool(params.numbers["LA"] | settings.la)
        self.ted = bool(params.numbers["TED"] | settings.ted)
        self.gold_sentences = gold
        self.system_sentences = systems
        self.results = results
        self.drawing = DRAWINGS[0]
        size = len(gold)
        self.keys = [sentence.key for sentence in gold]
        self._numbered = all(key.isdigit() for key in self.keys)
        lengths = np.array([pair.length for pair in results[0]], dtype=np.int64)
        values: dict[str, AnyArray] = {
            "id": (np.array([int(key) for key in self.keys], dtype=float) if self._numbered
                   else np.arange(1, size + 1, dtype=float)),
            "len": lengths.astype(float)}
        columns = [Column("id", "Key" if self._numbered else "#",
                          help="the sentence's key (#BOS number, line)" if self._numbered
                          else "the sentence's place in the list (its key begins the text)"),
                   Column("len", "Len", help="gold length in words (DELETE_LABEL_FOR_LENGTH "
                                             "left out), treeeval disco's Length")]
        shown = list(DISCO_COLUMNS) + ([LA_COLUMN] if self.la else []) + (
            [TED_COLUMN] if self.ted else [])
        if len(results) > 1:
            wanted = PAIR_COLUMNS if len(results) == 2 else MANY_COLUMNS
            shown = [column for column in shown if column[0] in wanted]
        wrong = np.zeros(size, dtype=bool)
        self.label_rows: list[dict[str, set[int]]] = []
        self.confusion_rows: list[dict[tuple[str, str], set[int]]] = []
        for system, pairs in enumerate(results):
            rows = [pair_row(pair) for pair in pairs]
            suffix = "" if len(results) == 1 else str(system + 1)
            for key, title, decimals, meaning in shown:
                values[key + suffix] = np.array([row[key] for row in rows], dtype=float)
                columns.append(system_column(key, title, decimals, meaning, suffix))
            wrong |= np.array([row["exact"] == 0 for row in rows], dtype=bool)
            labels: dict[str, set[int]] = defaultdict(set)
            confusions: dict[tuple[str, str], set[int]] = defaultdict(set)
            for index, pair in enumerate(pairs):
                found, pairs_found = _wrong_labels(pair)
                for label in found:
                    labels[label].add(index)
                for confusion in pairs_found:
                    confusions[confusion].add(index)
            self.label_rows.append(labels)
            self.confusion_rows.append(confusions)
        columns += delta_columns(values, "f1", "F1", self._names())
        super().__init__(columns, values, wrong, lengths)

    def _name(self, system: int) -> str:
        return system_name(self.system_paths, system)

    def _names(self) -> list[str]:
        return [self._name(system) for system in range(len(self.system_paths))]

    # -- the header ---------------------------------------------------------------------------
    def header(self) -> HeaderInfo:
        files = file_lines(self.gold_path, self.system_paths)
        param = self.settings.param
        if param is not None and Path(param).parent == bundled_prm_dir():
            param = Path(param).name  # a bundled file, by the name that finds it
        options = [f"fmt: {self._formats()}", f"functions {self.settings.functions}",
                   f"morphology {self.settings.morphology}"]
        if self.settings.disconly:
            options.append("disconly")
        parameters = [f"prm: {param or 'none'} · CUTOFF_LEN {self.params.cutoff_len} · "
                      f"LABELED {self.params.numbers['LABELED']}"
                      + (" · DELETE_LABEL " + " ".join(self.params.delete_label)
                         if self.params.delete_label else ""),
                      " · ".join(options)]
        scores = []
        for system, pairs in enumerate(self.results):
            totals, upto = DiscoTotals(self.settings.disconly), DiscoTotals(self.settings.disconly)
            for pair in pairs:
                totals.add(pair)
                if pair.length <= self.params.cutoff_len:
                    upto.add(pair)
            scores.append(summary_line(self._name(system), totals, upto,
                                       self.params.cutoff_len, self.la, self.ted))

        return HeaderInfo(files, parameters, scores)

    def _formats(self) -> str:
        gold, parses = self.settings.goldfmt, self.settings.parsesfmt
        return gold if gold == parses else f"{gold} (gold), {parses} (systems)"

    # -- text and detail ----------------------------------------------------------------------
    def text(self, index: int) -> str:
        """The gold words of a sentence (its key first when keys are not numbers)."""
        words = " ".join(self.gold_sentences[index].words)
        return words if self._numbered else f"{self.keys[index]}: {words}"

    def scored(self, index: int, system: int = 0) -> ScoredPair:
        """The sentence compared again by the scorer, on copies (the trees kept as read)."""
        return score_pair(self.keys[index], self.gold_sentences[index],
                          self.system_sentences[system][index], self.params,
                          self.settings.disconly, OptionalScores(self.la, self.ted),
                          (self.gold_path, self.system_paths[system]))

    def toggle_drawing(self) -> str:
        """Switch the detail pane's drawing (outline, branches); the one now shown."""
        self.drawing = DRAWINGS[(DRAWINGS.index(self.drawing) + 1) % len(DRAWINGS)]
        return self.drawing

    def detail(self, index: int, width: int) -> list[Text]:
        """Per system: the scores, both trees drawn (``drawing``: the outline side by side,
        or the crossing branches one above the other), with their marks, and the brackets
        matched, only in gold and only in the system; then the legend and where the
        sentence is in the files."""
        out: list[Text] = []
        for system in range(len(self.system_paths)):
            pair = self.scored(index, system)
            row = pair_row(pair.result)
            title = Text(f"Sentence {index + 1} (key {self.keys[index]}) · "
                         f"{self._name(system)}: ", style="bold")
            title.append(
                f"R {_cell(row['recall'])} P {_cell(row['prec'])} F1 {_cell(row['f1'])} · "
                f"matched {int(row['matched'])} of gold {int(row['gold'])} / cand "
                f"{int(row['cand'])} · exact {int(row['exact'])} · tags "
                f"{int(row['correct'])}/{int(row['words'])}"
                + (f" · LA {_cell(row['la'])}" if self.la else "")
                + (f" · TED {int(row['ted'])}" if self.ted else ""))
            out.append(title)
            gold_marks, cand_marks = disc_marks(pair)
            names = ("gold", self._name(system))
            if self.drawing == "outline":
                out.extend(side_by_side(draw_disc_outline(pair.gold, gold_marks, "gold"),
                                        draw_disc_outline(pair.cand, cand_marks, "test"),
                                        width, names))
            else:
                roles: tuple[Side, Side] = ("gold", "test")
                for name, sentence, marks, role in zip(names, (pair.gold, pair.cand),
                                                       (gold_marks, cand_marks), roles):
                    out.append(Text(name, style="bold"))
                    out.extend(draw_disc_tree(sentence, marks, role))
            out.extend(bracket_lines(pair))
            out.append(Text())
        out.append(disc_legend())
        out.append(Text(f"v: {'crossing branches' if self.drawing == 'outline' else 'outline'}",
                        style="dim"))
        out.append(Text())
        gold = self.gold_sentences[index]
        out.append(Text(f"{self.gold_path}:{gold.line}: sentence {gold.key}", style="dim"))
        for path, sentences in zip(self.system_paths, self.system_sentences):
            out.append(Text(f"{path}:{sentences[index].line}: sentence {sentences[index].key}",
                            style="dim"))
        return out

    # -- filters and the breakdown ------------------------------------------------------------
    def _mask(self, among: BoolArray | None,
              found: Callable[[int], set[int] | None]) -> BoolArray:
        mask = np.zeros(self.size, dtype=bool)
        for system in range(len(self.results)):
            where = found(system)
            if where:
                mask[sorted(where)] = True
        return mask & among if among is not None else mask

    def label_mask(self, label: str, among: BoolArray | None = None) -> BoolArray:
        """Sentences where a bracket labelled ``label`` is missing or extra (any system)."""
        return self._mask(among, lambda system: self.label_rows[system].get(label))

    def confusion_mask(self, gold: str, system_label: str,
                       among: BoolArray | None = None) -> BoolArray:
        """Sentences where a gold bracket's words are bracketed with another label."""
        return self._mask(among, lambda system: self.confusion_rows[system].get(
            (gold, system_label)))

    def breakdown(self) -> list[BreakdownTable]:
        """Per system: the categories (treeeval disco's Category Statistics: gold, cand,
        P, R, F1 per label) and F1 by sentence length."""
        tables = []
        for system, pairs in enumerate(self.results):
            name = self._name(system)
            tables_of = Breakdowns()
            for pair in pairs:
                tables_of.add(pair)
            labels = sorted(tables_of.categories)
            tallies = [tables_of.categories[label] for label in labels]
            matched = np.array([t.matched for t in tallies], dtype=np.int64)
            tables.append(BreakdownTable(
                f"{name}: brackets by label", ["label", "gold", "cand", "P", "R", "F1"],
                label_rows(labels, np.array([t.gold for t in tallies], dtype=np.int64),
                           np.array([t.cand for t in tallies], dtype=np.int64), matched, matched),
                "select a label: sentences where a bracket with it is missing or extra"))
            length_rows = []
            for low, high in length_bins(self.length):
                totals = DiscoTotals(self.settings.disconly)
                for pair in pairs:
                    if low <= pair.length <= high:
                        totals.add(pair)
                brackets = totals.gold_brackets
                value = f1_percent(brackets.matched, brackets.gold, brackets.cand)
                length_rows.append(length_row(low, high, totals.sentences,
                                              rates.shown(value), value))
            tables.append(BreakdownTable(f"{name}: F1 by sentence length",
                                         ["length", "sentences", "F1"], length_rows))
        return tables


def summary_line(name: str, totals: DiscoTotals, upto: DiscoTotals, cutoff: int, la: bool,
                 ted: bool) -> str:
    """A system's line of the header: ``treeeval disco``'s summary, figure for figure (its
    ``score`` of the same sums; the len<=N F1 only when a sentence is longer)."""
    brackets = totals.gold_brackets
    line = (f"{name}: All R {score(lambda: recall(brackets.matched, brackets.gold)).strip()} "
            f"P {score(lambda: precision(brackets.matched, brackets.cand)).strip()} "
            f"F1 {_f1(totals)}")
    if totals.longest > cutoff:
        line += f" · len<={cutoff} F1 {_f1(upto)}"
    line += (f" · exact {score(lambda: Decimal(totals.exact) / totals.sentences).strip()}"
             f" · POS {score(lambda: accuracy(totals.pos_correct, totals.pos_total)).strip()}")
    if la:
        line += f" · LA {score(lambda: totals.la_sum / totals.la_count).strip()}"
    if ted:
        line += f" · TED {score(lambda: 1 - totals.dice_noms / totals.dice_denoms).strip()}"
    return line + f" · {counted(totals.sentences, 'sentence')}"


def _f1(totals: DiscoTotals) -> str:
    brackets = totals.gold_brackets
    return score(lambda: f_measure(brackets.matched, brackets.gold, brackets.cand)).strip()


def _cell(value: float) -> str:
    return Column("ratio", "", 2).format(value)


def _words(sentence: DiscSentence, ranges: Ranges) -> str:
    return " … ".join(" ".join(sentence.words[start:end + 1]) for start, end in ranges)


def bracket_lines(pair: ScoredPair) -> list[Text]:
    """The sentence's brackets, matched, only in gold (``-``) and only in the system
    (``+``): label, words counted from 1 in the sentence as read (gaps as in the outline)
    and those words; a bracket counted twice is listed twice.

    >>> from treeeval.formats.discbracket import parse_discbracket
    >>> gold = parse_discbracket("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))", 1)
    >>> parse = parse_discbracket("(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))", 1)
    >>> for line in bracket_lines(score_pair("1", gold, parse, DiscoParams())):
    ...     print(line.plain)
    brackets: 1 matched, 1 only in gold, 2 only in the system
    ✓ S [1-4] a b c d
    - VP [2,4] b … d
    + VP [2] b
    + X [3-4] c d
    """
    result = pair.result
    original = kept_words(pair)
    gold, cand = result.gold_brackets, result.cand_brackets
    matched = gold & cand
    groups: list[tuple[tuple[str, str], Counter[Bracket]]] = [
        (FATES["gold", MATCHED], matched), (FATES["gold", UNMATCHED], gold - matched),
        (FATES["test", UNMATCHED], cand - matched)]
    sizes = [sum(counts.values()) for _, counts in groups]
    out = [Text(f"brackets: {sizes[0]} matched, {sizes[1]} only in gold, {sizes[2]} only in "
                "the system", style="bold")]
    for (mark, style), counts in groups:
        for (label, bits), count in sorted(counts.items(), key=lambda item: (
                _first(item[0][1]), -item[0][1].bit_count(), item[0][0])):
            ranges = _ranges([original[i] for i in range(bits.bit_length()) if bits >> i & 1])
            for _ in range(count):
                line = Text(mark, style=style)
                line.append(f" {label or '(unlabelled)'} [{span_text(ranges)}] "
                            f"{_words(pair.gold, ranges)}")
                out.append(line)
    return out


def _first(bits: int) -> int:
    return (bits & -bits).bit_length()


def _ranges(words: list[int]) -> Ranges:
    """Sorted word numbers as inclusive ranges.

    >>> _ranges([0, 1, 4])
    ((0, 1), (4, 4))
    """
    ranges: list[tuple[int, int]] = []
    for word in words:
        if ranges and word == ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], word)
        else:
            ranges.append((word, word))
    return tuple(ranges)


def load_disco(settings: DiscoSettings, systems: Sequence[str]) -> DiscoCorpus:
    """Read gold and each system as ``treeeval disco`` reads them (``settings``: its
    options; ``settings.parses`` is not read, each of ``systems`` is), compare each parse
    with the gold sentence of its key, and build the corpus.  A parse whose key gold lacks
    is an error, as in ``treeeval disco``; so is a system that does not parse the first
    system's sentences."""
    params = read_params(settings.param)
    goldfmt = settings.fmt or settings.goldfmt
    parsesfmt = settings.fmt or settings.parsesfmt
    settings = replace(settings, goldfmt=goldfmt, parsesfmt=parsesfmt, fmt=None)
    gold = {sentence.key: sentence
            for sentence in read_sentences(settings.gold, goldfmt, settings.goldenc, settings)}
    if not gold:
        raise InputError("no trees in the gold file", path=settings.gold)
    parsed = [list(read_sentences(path, parsesfmt, settings.parsesenc, settings))
              for path in systems]
    keys = [sentence.key for sentence in parsed[0]]
    if not keys:
        raise InputError("no trees in the parses file", path=systems[0])
    for path, sentences in zip(systems, parsed):
        for sentence in sentences:
            if sentence.key not in gold:
                raise InputError(f"sentence {sentence.key} is not in the gold file "
                                 f"{settings.gold}", path=path, line=sentence.line or None)
    ordered = [parsed[0]] + [_ordered(path, sentences, keys, systems[0])
                             for path, sentences in zip(systems[1:], parsed[1:])]
    gold_rows = [gold[key] for key in keys]
    la = bool(params.numbers["LA"] | settings.la)
    ted = bool(params.numbers["TED"] | settings.ted)
    results = [[score_pair(key, gold[key], sentence, params, settings.disconly,
                           OptionalScores(la, ted), (settings.gold, path)).result
                for key, sentence in zip(keys, sentences)]
               for path, sentences in zip(systems, ordered)]
    return DiscoCorpus(settings, systems, params, gold_rows, ordered, results)


def _ordered(path: str, sentences: list[DiscSentence], keys: list[str],
             first: str) -> list[DiscSentence]:
    """A further system's parses in the first system's order; an error if it parses
    other sentences."""
    by_key = {sentence.key: sentence for sentence in sentences}
    missing = [key for key in keys if key not in by_key]
    extra = [sentence for sentence in sentences if sentence.key not in set(keys)]
    if missing:
        raise InputError(f"sentence {missing[0]} is parsed by {first} but not here (every "
                         "system must parse the same sentences)", path=path)
    if extra:
        raise InputError(f"sentence {extra[0].key} is not parsed by {first} (every system "
                         "must parse the same sentences)", path=path,
                         line=extra[0].line or None)
    return [by_key[key] for key in keys]
