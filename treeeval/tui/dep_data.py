"""Dependency files in the browser: per-sentence attachment scores, word rows, breakdowns.

The hits are those of ``treeeval dep`` (``treeeval.dep.metrics.token_hits`` on treebanks
read by ``treeeval.dep.reading.read_treebank``): LAS, UAS and LA per token, summed per
sentence with ``bincount``.  With ``exclude_punct`` the tokens whose FORM is all Unicode
punctuation are left out, as MaltEval's ExcludeUnicodePunc does.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> gold, system = os.path.join(folder, "gold.conll"), os.path.join(folder, "sys.conll")
>>> row = "{}\\t{}\\t_\\tX\\tX\\t_\\t{}\\t{}\\t_\\t_\\n"
>>> _ = open(gold, "w").write(row.format(1, "Rain", 2, "nsubj") + row.format(2, "fell", 0, "root"))
>>> _ = open(system, "w").write(row.format(1, "Rain", 2, "obj") + row.format(2, "fell", 0, "root"))
>>> corpus = load_dependencies(gold, [system])
>>> corpus.values["las"].tolist(), corpus.values["uas"].tolist(), corpus.wrong.tolist()
([50.0], [100.0], [True])
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from rich.text import Text

from ..arrays import BoolArray, FloatArray, IntArray
from ..dep.metrics import token_hits
from ..dep.punctuation import punctuation_forms
from ..dep.reading import load_treebank
from ..errors import InputError
from ..model.treebank import Treebank
from ..stats import rates
from ..wording import counted
from .breakdown import BreakdownTable, confusion_rows, label_rows, length_bins, length_row
from .corpus import HeaderInfo, file_lines, system_name
from .lines import LineIndex, as_lines, sentence_ranges
from .model import Column, TableCorpus, delta_columns, system_column
from .render_deps import dependency_diff, dependency_legend

#: per-system columns: key, title, decimals, definition
SYSTEM_COLUMNS = (
    ("las", "LAS", 2, "100 * tokens with the right head and label / tokens scored"),
    ("uas", "UAS", 2, "100 * tokens with the right head / tokens scored"),
    ("la", "LA", 2, "100 * tokens with the right label / tokens scored"),
    ("errors", "Err", 0, "tokens scored with a wrong head or label (LAS misses)"),
    ("head_errors", "HdErr", 0, "tokens scored with a wrong head"),
    ("label_errors", "LbErr", 0, "tokens scored with a wrong label"),
)
PAIR_COLUMNS = ("las", "uas", "errors")


class DepCorpus(TableCorpus):
    """A gold CoNLL-X file and one or two system files, scored as ``treeeval dep`` does."""

    kind = "dep"

    def __init__(self, gold_lines: LineIndex, system_lines: list[LineIndex], gold: Treebank,
                 systems: list[Treebank], exclude_punct: bool = False,
                 source_note: str = "") -> None:
        self.gold_path = gold_lines.path
        self.system_paths = [lines.path for lines in system_lines]
        self.gold = gold
        self.systems = systems
        self.exclude_punct = exclude_punct
        self.source_note = source_note
        self.scored = (~punctuation_forms(gold.forms) if exclude_punct
                       else np.ones(len(gold), dtype=bool))
        self.hits = [{metric: token_hits(metric, gold, system) for metric in ("LAS", "UAS", "LA")}
                     for system in systems]
        self.offsets = np.concatenate(([0], np.cumsum(gold.sizes))).astype(np.int64)
        self.gold_lines = gold_lines
        self.system_lines = system_lines
        size = len(gold.sizes)
        #: per file, each sentence's lines (first, stop), from where its reader says it starts
        self.ranges = [sentence_ranges(lines, size, bank.sentence_line)
                       for lines, bank in zip([gold_lines] + system_lines, [gold] + systems)]
        values: dict[str, FloatArray] = {"id": np.arange(1, size + 1, dtype=float),
                                         "len": gold.sizes.astype(float)}
        columns = [Column("id", "ID", help="sentence number in the files"),
                   Column("len", "Len", help="words in the sentence")]
        wrong = np.zeros(size, dtype=bool)
        shown = [c for c in SYSTEM_COLUMNS if len(systems) == 1 or c[0] in PAIR_COLUMNS]
        scored_per_sentence = self._per_sentence(self.scored)
        for k, hits in enumerate(self.hits):
            suffix = self.suffix(k)
            counts = {
                "las": self._per_sentence(hits["LAS"] & self.scored),
                "uas": self._per_sentence(hits["UAS"] & self.scored),
                "la": self._per_sentence(hits["LA"] & self.scored),
            }
            with np.errstate(divide="ignore", invalid="ignore"):
                column_values = {
                    key: np.where(scored_per_sentence > 0,
                                  100.0 * counts[key] / scored_per_sentence, np.nan)
                    for key in counts}
            column_values["errors"] = scored_per_sentence - counts["las"]
            column_values["head_errors"] = scored_per_sentence - counts["uas"]
            column_values["label_errors"] = scored_per_sentence - counts["la"]
            wrong |= column_values["errors"] > 0
            for key, title, decimals, meaning in shown:
                values[key + suffix] = column_values[key].astype(float)
                columns.append(system_column(key, title, decimals, meaning, suffix))
        columns += delta_columns(values, "las", "LAS",
                                 [self._name(k) for k in range(len(systems))])
        super().__init__(columns, values, wrong, gold.sizes.copy(), np.zeros(size, dtype=np.int64))

    def _per_sentence(self, mask: BoolArray) -> IntArray:
        return np.bincount(self.gold.sentence[mask], minlength=len(self.gold.sizes))

    def suffix(self, system: int) -> str:
        return "" if len(self.systems) == 1 else str(system + 1)

    def _name(self, system: int) -> str:
        return system_name(self.system_paths, system)

    # -- the header ----------------------------------------------------------------------------
    def header(self) -> HeaderInfo:
        files = file_lines(self.gold_path, self.system_paths)
        policy = ("punctuation excluded (FORM all Unicode punctuation, MaltEval's "
                  "ExcludeUnicodePunc 1)" if self.exclude_punct
                  else "punctuation included (MaltEval's default)")
        parameters = [f"scored as treeeval dep (MaltEval): {policy}"]
        if self.source_note:
            parameters.append(self.source_note)
        total = int(self.scored.sum())
        scores = []
        for k, hits in enumerate(self.hits):
            parts = []
            for metric in ("LAS", "UAS", "LA"):
                right = int((hits[metric] & self.scored).sum())
                value = float(rates.percent(right, total))
                parts.append(f"{metric} {rates.shown(value)}"
                             f" ({right}/{total})")
            scores.append(f"{self._name(k)}: " + " · ".join(parts)
                          + f" · {counted(len(self.gold.sizes), 'sentence')}")
        return HeaderInfo(files, parameters, scores)

    # -- text, detail, raw lines ---------------------------------------------------------------
    def _tokens(self, index: int) -> slice:
        return slice(int(self.offsets[index]), int(self.offsets[index + 1]))

    def text(self, index: int) -> str:
        return " ".join(str(form) for form in self.gold.forms[self._tokens(index)])

    def detail(self, index: int, width: int) -> list[Text]:
        tokens = self._tokens(index)
        out: list[Text] = []
        for k, system in enumerate(self.systems):
            suffix = self.suffix(k)
            title = Text(f"Sentence {index + 1} · {self._name(k)}: ", style="bold")
            title.append(f"LAS {rates.shown(self.values['las' + suffix][index])} "
                         f"UAS {rates.shown(self.values['uas' + suffix][index])} · "
                         f"{counted(int(self.values['errors' + suffix][index]), 'error')}")
            out.append(title)
            out.extend(dependency_diff(
                [str(form) for form in self.gold.forms[tokens]],
                self.gold.heads[tokens].tolist(), [str(x) for x in self.gold.labels[tokens]],
                system.heads[tokens].tolist(), [str(x) for x in system.labels[tokens]],
                self.scored[tokens].tolist() if self.exclude_punct else None))
            out.append(Text())
        out.append(dependency_legend())
        out.append(Text())
        out.extend(self.raw(index))
        return out

    def raw(self, index: int) -> list[Text]:
        """The sentence's lines in each file, after file name and line number."""
        out = []
        for lines, (first, stop) in zip([self.gold_lines] + self.system_lines, self.ranges):
            if index < len(first):
                out += lines.numbered(int(first[index]), int(stop[index]))
        return out

    # -- filters and breakdown -------------------------------------------------------------------
    def _token_wrong(self, k: int) -> BoolArray:
        return ~self.hits[k]["LAS"] & self.scored

    def label_mask(self, label: str, among: BoolArray | None = None) -> BoolArray:
        """Every sentence is answered for (``among`` is not needed: one numpy pass)."""
        mask = np.zeros(self.size, dtype=bool)
        for k, system in enumerate(self.systems):
            tokens = self._token_wrong(k) & ((self.gold.labels == label) | (system.labels == label))
            mask[self.gold.sentence[tokens]] = True
        return mask

    def confusion_mask(self, gold: str, system_label: str,
                       among: BoolArray | None = None) -> BoolArray:
        mask = np.zeros(self.size, dtype=bool)
        for system in self.systems:
            tokens = (self.gold.labels == gold) & (system.labels == system_label) & self.scored
            mask[self.gold.sentence[tokens]] = True
        return mask

    def breakdown(self) -> list[BreakdownTable]:
        tables = []
        for k, system in enumerate(self.systems):
            name = self._name(k)
            right = self.hits[k]["LAS"] & self.scored
            gold_labels = self.gold.labels[self.scored].astype(str)
            sys_labels = system.labels[self.scored].astype(str)
            labels, inverse = np.unique(np.concatenate([gold_labels, sys_labels]),
                                        return_inverse=True)
            gold_codes, sys_codes = inverse[:len(gold_labels)], inverse[len(gold_labels):]
            hit = right[self.scored]
            size = len(labels)
            tables.append(BreakdownTable(
                f"{name}: by deprel (a token is right when head and label are: LAS)",
                ["deprel", "gold", "system", "P", "R", "F1"],
                label_rows([str(label) for label in labels],
                           np.bincount(gold_codes, minlength=size),
                           np.bincount(sys_codes, minlength=size),
                           np.bincount(gold_codes, weights=hit, minlength=size).astype(np.int64),
                           np.bincount(sys_codes, weights=hit, minlength=size).astype(np.int64)),
                "select a deprel: sentences where a token with it (gold or system) is wrong"))
            tables.append(BreakdownTable(
                f"{name}: label confusions (gold → system)", ["gold", "system", "tokens"],
                confusion_rows(labels, gold_codes, sys_codes)))
            per_sentence_right = self._per_sentence(right)
            per_sentence_scored = self._per_sentence(self.scored)
            length_rows = []
            for low, high in length_bins(self.gold.sizes):
                mask = (self.gold.sizes >= low) & (self.gold.sizes <= high)
                scored = int(per_sentence_scored[mask].sum())
                las = 100.0 * int(per_sentence_right[mask].sum()) / scored if scored else math.nan
                length_rows.append(length_row(low, high, int(mask.sum()), rates.shown(las), las))
            tables.append(BreakdownTable(f"{name}: LAS by sentence length",
                                         ["length", "sentences", "LAS"], length_rows))
        return tables


def check_same_text(gold: Treebank, system: Treebank, system_path: str) -> None:
    """Refuse, as ``treeeval dep`` does, a system file whose words differ from gold."""
    problem = None
    if len(gold.sizes) != len(system.sizes):
        problem = f"{counted(len(system.sizes), 'sentence')}, gold has {len(gold.sizes)}"
    elif not np.array_equal(gold.sizes, system.sizes):
        first = int(np.flatnonzero(gold.sizes != system.sizes)[0])
        problem = f"sentence {first + 1} has {counted(int(system.sizes[first]), 'word')}, gold has " \
                  f"{gold.sizes[first]}"
    elif not np.array_equal(gold.forms, system.forms):
        token = int(np.flatnonzero(gold.forms != system.forms)[0])
        problem = (f"sentence {gold.sentence[token] + 1}, word {gold.positions[token]}: "
                   f"{system.forms[token]!r}, gold has {gold.forms[token]!r}")
    if problem:
        raise InputError(f"not the same text as the gold file: {problem}", path=system_path)


def load_dependencies(gold: str | LineIndex, systems: Sequence[str | LineIndex],
                      exclude_punct: bool = False, heads: str | None = None) -> DepCorpus:
    """Read gold and system files (CoNLL-X, MaltTab, MaltXML as ``treeeval dep`` reads them,
    or bracketed trees converted with the head table ``heads``) and score them; each file
    is read once (a path is read now), the readers work on the bytes read."""
    gold_lines, system_lines = as_lines(gold), [as_lines(source) for source in systems]
    if heads is None:
        banks = [load_treebank(lines.path, data=lines.data)
                 for lines in [gold_lines] + system_lines]
        note = ""
    else:
        banks = [_converted(lines, heads) for lines in [gold_lines] + system_lines]
        note = f"bracket files converted to dependencies with head table {heads} (no labels)"
    for lines, bank in zip(system_lines, banks[1:]):
        check_same_text(banks[0], bank, lines.path)
    return DepCorpus(gold_lines, system_lines, banks[0], banks[1:], exclude_punct, note)


def _converted(lines: LineIndex, heads: str) -> Treebank:
    from ..conversion import Converter
    from ..formats.brackets import read_trees

    converter = Converter(heads)
    return Treebank.from_sentences(converter.sentences(read_trees(lines.stream())))
