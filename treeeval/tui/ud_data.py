"""CoNLL-U files in the browser, scored as ``treeeval ud`` scores them (CoNLL 2018).

Everything comes from :func:`treeeval.ud.api.evaluate_ud`: the corpus table (``scores``),
the per-sentence rows (``per_sentence``: correct, gold, system, aligned per gold sentence)
and the word alignment.  The gold sentences are the rows; a system word belongs to the gold
sentence where its first character is (the rule of the ud per-sentence rows), and is shown
beside the gold word it is aligned with.  Per word, the heads are compared through the
alignment by the scorer's rule (both roots, or the system head aligned with the gold head);
a test checks that these marks add up to the scorer's per-sentence UAS and LAS counts.
Scored with the enhanced rules (``--udeval``, ``--iwpt20``), the list adds ELAS, EULAS and
the enhanced edges without a match, and a sentence has an enhanced view: the rows of
:mod:`treeeval.ud.enhanced_rows`, drawn by :mod:`.render_enhanced`.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> def write(name, rows):
...     path = os.path.join(folder, name)
...     with open(path, "w") as f:
...         _ = f.write("".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n")
...     return path
>>> fell = "2 fell fall VERB _ _ 0 root _ _"
>>> gold = write("g.conllu", ["1 Rain rain NOUN _ _ 2 nsubj _ _", fell])
>>> system = write("s.conllu", ["1 Rain rain NOUN _ _ 2 obj _ _", fell])
>>> corpus = load_ud(gold, system)
>>> corpus.values["las"].tolist(), corpus.values["uas"].tolist(), corpus.wrong.tolist()
([50.0], [100.0], [True])
"""

from __future__ import annotations

import numpy as np
from rich.text import Text

from ..arrays import BoolArray, FloatArray, IntArray
from ..policy.inputs import shown
from ..stats import rates
from ..ud.alignment import corresponding_heads
from ..ud.api import UDResult, evaluate_ud
from ..ud.enhanced import EnhancedRules
from ..ud.enhanced_rows import EnhancedRows
from ..ud.treebank import UDTreebank
from ..wording import counted
from .breakdown import BreakdownRow, BreakdownTable, confusion_rows, label_rows, length_bins, length_row
from .corpus import HeaderInfo
from .lines import LineIndex, as_lines, sentence_blocks
from .model import Column, TableCorpus
from .render_alignment import KINDS, AlignedWord, AlignmentRow, alignment_legend, alignment_lines
from .render_enhanced import enhanced_legend, enhanced_lines

#: the columns of the sentence list after ID: key, title, decimals, definition
UD_COLUMNS = (
    ("len", "Len", 0, "gold words (syntactic words) in the sentence"),
    ("sys", "Sys", 0, "system words in the sentence (those whose first character is in it)"),
    ("uas", "UAS", 2, "UAS F1 of the sentence, as the ud per-sentence rows give it: "
                      "2 * correct / (gold words + system words)"),
    ("las", "LAS", 2, "LAS F1 of the sentence: 2 * correct / (gold words + system words)"),
    ("errors", "Err", 0, "words with an error: gold words not LAS-correct + system words "
                         "aligned with no gold word"),
    ("head_errors", "HdErr", 0, "aligned words with a wrong head"),
    ("label_errors", "LbErr", 0, "aligned words with the right head and a wrong DEPREL"),
    ("unaligned", "Unal", 0, "words aligned with nothing: gold + system"),
)
#: the columns a pair scored with the enhanced rules (--udeval, --iwpt20) adds: key, title,
#: decimals, definition, and the column they follow
ENHANCED_COLUMNS = (
    ("elas", "ELAS", 2, "ELAS F1 of the sentence, as the ud per-sentence rows give it: "
                        "2 * correct / (gold edges + system edges)", "las"),
    ("eulas", "EULAS", 2, "EULAS F1 of the sentence (paths compared by the universal part "
                          "of each step)", "elas"),
    ("edge_errors", "EErr", 0, "enhanced edges without a match (ELAS): gold edges missed + "
                               "system edges wrong", "unaligned"),
)
#: the header's table: label and ratio of each line
HEADER_RATIOS = (("P", "precision"), ("R", "recall"), ("F1", "f1"),
                 ("AligndAcc", "aligned_accuracy"))


def f1_percent(rows: IntArray) -> FloatArray:
    """100 * F1 of per-sentence (correct, gold, system, aligned) rows; NaN where both
    counts are 0.

    >>> f1_percent(np.array([[1, 2, 2, 2], [0, 0, 0, 0]])).tolist()
    [50.0, nan]
    """
    total = rows[:, 1] + rows[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(total > 0, 200.0 * rows[:, 0] / total, np.nan)


class UDCorpus(TableCorpus):
    """A gold and a system CoNLL-U file, scored and aligned as ``treeeval ud`` does."""

    kind = "ud"

    def __init__(self, gold_lines: LineIndex, system_lines: LineIndex, result: UDResult,
                 rules: EnhancedRules | None = None) -> None:
        self.gold_path, self.system_path = gold_lines.path, system_lines.path
        self.result = result
        #: the enhanced rules that scored the pair (None: the CoNLL 2018 scorer's)
        self.rules = rules
        gold, system = result.gold, result.system
        self.system_to_gold = result.system_to_gold
        self.gold_sentence = gold.word_sentences()
        #: the gold sentence of each system word: that of the gold word it is aligned with,
        #: else the one its first character is in
        self.system_row = np.where(self.system_to_gold >= 0,
                                   self.gold_sentence[np.maximum(self.system_to_gold, 0)],
                                   gold.sentences_at(system.word_start))
        self.system_sentence = np.searchsorted(system.sentence_offsets, np.arange(system.words),
                                               side="right") - 1
        self.kinds, self.system_right = self._word_kinds()
        extra = np.flatnonzero(self.system_to_gold < 0)
        self.extra_words, self.extra_rows = extra, self.system_row[extra]
        self.gold_lines, self.system_lines = gold_lines, system_lines
        self.gold_blocks = sentence_blocks(self.gold_lines)
        self.system_blocks = sentence_blocks(self.system_lines)
        self._forms = (np.array(gold.forms.strings, dtype=object),
                       np.array(system.forms.strings, dtype=object))

        rows = result.per_sentence
        words, uas, las = rows["Words"], rows["UAS"], rows["LAS"]
        values = {
            "id": np.arange(1, gold.sentences + 1, dtype=float),
            "len": las[:, 1].astype(float), "sys": las[:, 2].astype(float),
            "uas": f1_percent(uas), "las": f1_percent(las),
            "errors": (las[:, 1] - las[:, 0] + las[:, 2] - words[:, 0]).astype(float),
            "head_errors": (uas[:, 3] - uas[:, 0]).astype(float),
            "label_errors": (uas[:, 0] - las[:, 0]).astype(float),
            "unaligned": (words[:, 1] + words[:, 2] - 2 * words[:, 0]).astype(float),
        }
        columns = [Column("id", "ID", help="gold sentence number")] + [
            Column(key, title, decimals, meaning) for key, title, decimals, meaning in UD_COLUMNS]
        #: the enhanced graphs' rows (None: DEPS not scored)
        self.enhanced = None if result.enhanced is None else EnhancedRows(result)
        wrong = values["errors"] > 0
        if self.enhanced is not None:
            values.update(elas=f1_percent(rows["ELAS"]), eulas=f1_percent(rows["EULAS"]),
                          edge_errors=self.enhanced.errors().astype(float))
            for key, title, decimals, meaning, after in ENHANCED_COLUMNS:
                at = next(k for k, column in enumerate(columns) if column.key == after)
                columns.insert(at + 1, Column(key, title, decimals, meaning))
            wrong |= values["edge_errors"] > 0
        super().__init__(columns, values, wrong, las[:, 1].copy(),
                         np.zeros(gold.sentences, dtype=np.int64))

    @property
    def enhanced_scored(self) -> bool:
        """Whether the pair's enhanced graphs were scored (the enhanced view exists)."""
        return self.enhanced is not None

    def _word_kinds(self) -> tuple[IntArray, BoolArray]:
        """Per gold word its kind (an index into ``KINDS``), and per system word whether
        it is LAS-correct, by the scorer's rule for corresponding heads."""
        result, gold, system = self.result, self.result.gold, self.result.system
        to_system = result.gold_to_system
        aligned = to_system >= 0
        system_word = np.maximum(to_system, 0)
        mapped = corresponding_heads(system.head[system_word], self.system_to_gold)
        head_right = aligned & (gold.head == mapped)
        label_right = aligned & (gold.deprel == system.deprel[system_word])
        kinds = np.where(~aligned, 3, np.where(~head_right, 2, np.where(label_right, 0, 1)))
        system_right = np.zeros(system.words, dtype=bool)
        system_right[to_system[kinds == 0]] = True
        return kinds, system_right

    # -- the header ----------------------------------------------------------------------------
    def header(self) -> HeaderInfo:
        files = [f"gold: {shown(self.gold_path)}", f"system: {shown(self.system_path)}"]
        parameters = [f"scored as treeeval ud ({self._scorer()}): words aligned through the "
                      "characters; rows are the gold sentences"]
        scores = self.result.scores
        widths = {name: max(len(name), 6) for name in scores}
        lines = [" " * 9 + " ".join(f"{name:>{widths[name]}}" for name in scores)]
        for label, ratio in HEADER_RATIOS:
            cells = []
            for name, score in scores.items():
                value = getattr(score, ratio)
                cells.append(f"{'' if value is None else f'{value:.2f}':>{widths[name]}}")
            lines.append(f"{label:<9}" + " ".join(cells))
        return HeaderInfo(files, parameters, lines)

    def _scorer(self) -> str:
        """Whose rules scored the pair, and the enhancements switched off."""
        rules = self.rules
        if rules is None:
            return "CoNLL 2018 scorer"
        name = {"udeval": "udeval", "iwpt20": "iwpt20_xud_eval.py"}[rules.scorer]
        off = "".join(sorted(rules.switched_off))
        return f"{name}{'' if rules.scored else ', no ELAS/EULAS'}" + (
            f", enhancements {off} off" if off else "")

    # -- text, detail, raw lines ---------------------------------------------------------------
    def _words(self, index: int) -> IntArray:
        offsets = self.result.gold.sentence_offsets
        return np.arange(int(offsets[index]), int(offsets[index + 1]))

    def text(self, index: int) -> str:
        gold = self.result.gold
        return " ".join(self._forms[0][gold.form[self._words(index)]].tolist())

    def alignment_rows(self, index: int) -> list[AlignmentRow]:
        """The rows of the alignment table of gold sentence ``index``."""
        gold, system = self.result.gold, self.result.system
        to_system = self.result.gold_to_system
        words = self._words(index)
        first, last = np.searchsorted(self.extra_rows, [index, index + 1])
        extra = self.extra_words[first:last]
        order = sorted([(int(gold.word_start[g]), 0, int(g)) for g in words]
                       + [(int(system.word_start[w]), 1, int(w)) for w in extra])
        rows = []
        previous_sentence = -1
        for _, side, word in order:
            if side == 0:
                system_word = int(to_system[word])
                kind = KINDS[int(self.kinds[word])]
            else:
                system_word, kind = word, "extra"
            gold_word = self._gold_word(word, index) if side == 0 else None
            system_cell = self._system_word(system_word, index) if system_word >= 0 else None
            sentence = int(self.system_sentence[system_word]) if system_word >= 0 else -1
            rows.append(AlignmentRow(
                gold_word, kind, system_cell,
                self._token(gold, word, index) if side == 0 else "",
                self._token(system, system_word, None) if system_word >= 0 else "",
                sentence >= 0 and previous_sentence >= 0 and sentence != previous_sentence))
            if sentence >= 0:
                previous_sentence = sentence
        return rows

    def _gold_word(self, word: int, index: int) -> AlignedWord:
        gold = self.result.gold
        first = int(gold.sentence_offsets[index])
        head = int(gold.head[word])
        return AlignedWord(str(word - first + 1), str(self._forms[0][gold.form[word]]),
                           "0" if head < 0 else str(head - first + 1),
                           str(self.result.gold.vocabulary.strings[gold.deprel[word]]))

    def _system_word(self, word: int, index: int) -> AlignedWord:
        system = self.result.system
        sentence = int(self.system_sentence[word])
        head = int(system.head[word])
        if head < 0:
            shown = "0"
        elif self.system_to_gold[head] >= 0:
            shown = self._gold_id(int(self.system_to_gold[head]), index)
        else:
            shown = f"?{head - int(system.sentence_offsets[self.system_sentence[head]]) + 1}"
        return AlignedWord(str(word - int(system.sentence_offsets[sentence]) + 1),
                           str(self._forms[1][system.form[word]]), shown,
                           str(system.vocabulary.strings[system.deprel[word]]))

    def _gold_id(self, word: int, index: int) -> str:
        """A gold word's ID, with its sentence number when it is not in sentence ``index``."""
        sentence = int(self.gold_sentence[word])
        number = word - int(self.result.gold.sentence_offsets[sentence]) + 1
        return str(number) if sentence == index else f"s{sentence + 1}:{number}"

    def _token(self, treebank: UDTreebank, word: int, index: int | None) -> str:
        """``"ID-ID TEXT"`` when ``word`` starts a multiword token, else ''."""
        if not treebank.word_mwt[word]:
            return ""
        start, end = int(treebank.word_start[word]), int(treebank.word_end[word])
        if word > 0 and treebank.word_mwt[word - 1] and treebank.word_start[word - 1] == start:
            return ""
        last = word
        while (last + 1 < treebank.words and treebank.word_mwt[last + 1]
               and treebank.word_start[last + 1] == start):
            last += 1
        sentence = (index if index is not None
                    else int(np.searchsorted(treebank.sentence_offsets, word, "right") - 1))
        first_word = int(treebank.sentence_offsets[sentence])
        base = treebank.char_base
        return (f"{word - first_word + 1}-{last - first_word + 1} "
                f"{treebank.text[start - base:end - base]}")

    def detail(self, index: int, width: int) -> list[Text]:
        out = self.alignment_detail(index, "")
        out.append(Text())
        out.append(alignment_legend())
        out.append(Text())
        out.extend(self.raw(index))
        return out

    def alignment_detail(self, index: int, name: str) -> list[Text]:
        """The title line of sentence ``index`` (after ``name``, the system's name, when
        there are several) and its alignment rows."""
        values = self.values
        title = self._title(index, name)
        title.append(f"UAS {rates.shown(values['uas'][index])} "
                     f"LAS {rates.shown(values['las'][index])} ")
        if self.enhanced is not None:
            title.append(f"ELAS {rates.shown(values['elas'][index])} "
                         f"EULAS {rates.shown(values['eulas'][index])} ")
        title.append(f"(F1) · {int(values['len'][index])} gold / "
                     f"{counted(int(values['sys'][index]), 'system word')} · "
                     f"{counted(int(values['errors'][index]), 'error')} · "
                     f"{int(values['unaligned'][index])} unaligned")
        return [title] + alignment_lines(self.alignment_rows(index))

    def enhanced_detail(self, index: int, width: int) -> list[Text]:
        """The enhanced view of sentence ``index``: its enhanced graph, the legend and the
        raw lines (the pair must be scored with the enhanced rules)."""
        return self.enhanced_part(index, "") + [Text(), enhanced_legend(), Text(),
                                                *self.raw(index)]

    def enhanced_part(self, index: int, name: str) -> list[Text]:
        """The title line of sentence ``index`` (after ``name``, the system's name, when
        there are several) with its ELAS and EULAS, and its enhanced graph, gold beside
        system."""
        if self.enhanced is None:
            raise ValueError("the pair was scored without the enhanced rules")
        values, rows = self.values, self.result.per_sentence["ELAS"][index]
        sentence = self.enhanced.sentence(index)
        title = self._title(index, name)
        title.append(f"ELAS {rates.shown(values['elas'][index])} "
                     f"EULAS {rates.shown(values['eulas'][index])} (F1) · "
                     f"{int(rows[1])} gold / {counted(int(rows[2]), 'system edge')} · "
                     f"{sentence.missed} missed · {sentence.wrong} wrong")
        return [title] + enhanced_lines(sentence)

    def _title(self, index: int, name: str) -> Text:
        """The start of a sentence's title line: its number, and the system's name when
        there are several."""
        return Text(f"Sentence {index + 1} · " + (f"{name}: " if name else ""), style="bold")

    def raw(self, index: int) -> list[Text]:
        """The gold sentence's lines, then those of the system sentences its words are in,
        each after the file name and line number."""
        return self.gold_raw(index) + self.system_raw(index)

    def gold_raw(self, index: int) -> list[Text]:
        """The gold sentence's lines, after the file name and line number."""
        return _block_lines(self.gold_lines, self.gold_blocks,
                            [int(self.result.gold.sentence_line[index])])

    def system_raw(self, index: int) -> list[Text]:
        """The lines of the system sentences the words of gold sentence ``index`` are in."""
        system = self.result.system
        words = self._words(index)
        first, last = np.searchsorted(self.extra_rows, [index, index + 1])
        system_words = np.concatenate([self.result.gold_to_system[words],
                                       self.extra_words[first:last]])
        sentences = np.unique(self.system_sentence[system_words[system_words >= 0]])
        return _block_lines(self.system_lines, self.system_blocks,
                            [int(system.sentence_line[s]) for s in sentences])

    # -- filters and breakdown -------------------------------------------------------------------
    def label_mask(self, label: str, among: BoolArray | None = None) -> BoolArray:
        """Every sentence is answered for (``among`` is not needed: one numpy pass)."""
        gold, system = self.result.gold, self.result.system
        mask = np.zeros(self.size, dtype=bool)
        code = gold.vocabulary.get(label, -1)  # the shared vocabulary's id (-1: never used)
        gold_wrong = (self.kinds != 0) & (gold.deprel == code)
        system_wrong = ~self.system_right & (system.deprel == code)
        mask[self.gold_sentence[gold_wrong]] = True
        mask[self.system_row[system_wrong]] = True
        return mask

    def confusion_mask(self, gold_label: str, system_label: str,
                       among: BoolArray | None = None) -> BoolArray:
        gold, system = self.result.gold, self.result.system
        gold_code, system_code = (gold.vocabulary.get(label, -1)
                                  for label in (gold_label, system_label))
        to_system = self.result.gold_to_system
        aligned = np.flatnonzero(to_system >= 0)
        pairs = aligned[(gold.deprel[aligned] == gold_code)
                        & (system.deprel[to_system[aligned]] == system_code)]
        mask = np.zeros(self.size, dtype=bool)
        mask[self.gold_sentence[pairs]] = True
        return mask

    def breakdown(self) -> list[BreakdownTable]:
        gold, system = self.result.gold, self.result.system
        scores = self.result.scores
        tables = [BreakdownTable(
            "CoNLL 2018 scores (treeeval ud -v)", ["metric", "P", "R", "F1", "AligndAcc"],
            [BreakdownRow([name, rates.shown(s.precision), rates.shown(s.recall),
                           rates.shown(s.f1), "" if s.aligned_accuracy is None
                           else rates.shown(s.aligned_accuracy)],
                          None, s.f1 / 100)
             for name, s in scores.items()])]
        size = len(gold.vocabulary.strings)
        gold_count = np.bincount(gold.deprel, minlength=size)
        system_count = np.bincount(system.deprel, minlength=size)
        right = np.bincount(gold.deprel[self.kinds == 0], minlength=size)
        used = np.flatnonzero((gold_count > 0) | (system_count > 0))
        labels = [str(gold.vocabulary.strings[k]) for k in used]
        tables.append(BreakdownTable(
            "by universal deprel (a word is right when aligned, with head and label right: LAS)",
            ["deprel", "gold", "system", "P", "R", "F1"],
            label_rows(labels, gold_count[used], system_count[used], right[used], right[used]),
            "select a deprel: sentences where a word with it (gold or system) is wrong"))
        to_system = self.result.gold_to_system
        aligned = np.flatnonzero(to_system >= 0)
        tables.append(BreakdownTable(
            "label confusions of aligned words (gold → system)", ["gold", "system", "words"],
            confusion_rows(gold.vocabulary.strings, gold.deprel[aligned],
                           system.deprel[to_system[aligned]])))
        las = self.result.per_sentence["LAS"]
        length_rows = []
        for low, high in length_bins(self.length):
            chosen = (self.length >= low) & (self.length <= high)
            total = las[chosen].sum(axis=0)
            f1 = f1_percent(total[None, :])[0]
            length_rows.append(length_row(low, high, int(chosen.sum()), rates.shown(f1), f1))
        tables.append(BreakdownTable("LAS F1 by sentence length (gold words)",
                                     ["length", "sentences", "LAS"], length_rows))
        return tables


def _block_lines(lines: LineIndex, blocks: IntArray, first_lines: list[int]) -> list[Text]:
    """The non-blank lines of the blank-line separated blocks holding ``first_lines``."""
    out = []
    for first_line in first_lines:
        block = int(np.searchsorted(blocks, first_line, side="right")) - 1
        if 0 <= block < len(blocks) - 1:
            out += lines.numbered(int(blocks[block]), int(blocks[block + 1]))
    return out


def load_ud(gold: str | LineIndex, system: str | LineIndex,
            enhanced: EnhancedRules | None = None) -> UDCorpus:
    """Score a CoNLL-U pair with ``evaluate_ud`` (bad input: the ud error, file and line),
    on the bytes read (a path is read now); ``enhanced``: the rules of ``--udeval`` or
    ``--iwpt20``, which read DEPS and score ELAS and EULAS."""
    gold_lines, system_lines = as_lines(gold), as_lines(system)
    return UDCorpus(gold_lines, system_lines,
                    evaluate_ud(gold_lines.path, system_lines.path, enhanced=enhanced,
                                gold_data=gold_lines.data, system_data=system_lines.data),
                    enhanced)
