"""Several CoNLL-U systems against one gold file: each pair scored and aligned as
``treeeval ud`` does (one ``UDCorpus`` per system), shown side by side.

The rows are the gold sentences (the same for every system); per system LAS, UAS and Err
(marked ₁ ₂ ₃ …), then ΔLAS of each system against the first (``model.delta_columns``).

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> def write(name, rows):
...     path = os.path.join(folder, name)
...     with open(path, "w") as f:
...         _ = f.write("".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n")
...     return path
>>> fell = "2 fell fall VERB _ _ 0 root _ _"
>>> gold = write("g.conllu", ["1 Rain rain NOUN _ _ 2 nsubj _ _", fell])
>>> one = write("s1.conllu", ["1 Rain rain NOUN _ _ 2 obj _ _", fell])
>>> corpus = load_ud_systems(gold, [one, gold])
>>> [column.title for column in corpus.columns]
['ID', 'Len', 'LAS₁', 'UAS₁', 'Err₁', 'LAS₂', 'UAS₂', 'Err₂', 'ΔLAS']
>>> corpus.values["delta"].tolist(), corpus.wrong.tolist()
([50.0], [True])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rich.text import Text

from ..arrays import BoolArray
from ..ud.enhanced import EnhancedRules
from .breakdown import BreakdownTable
from .corpus import HeaderInfo, file_lines, system_name
from .lines import LineIndex, as_lines
from .model import Column, TableCorpus, delta_columns, system_column
from .render_alignment import alignment_legend
from .render_enhanced import enhanced_legend
from .ud_data import ENHANCED_COLUMNS, UD_COLUMNS, UDCorpus, load_ud

#: the per-system columns of several systems (and those of pairs scored with the enhanced
#: rules)
SYSTEM_KEYS = ("las", "uas", "errors")
ENHANCED_KEYS = ("elas", "eulas")
#: the scores of each system's header line
HEADER_METRICS = ("Words", "UAS", "LAS", "CLAS", "MLAS", "BLEX", "ELAS", "EULAS")


class UDSystemsCorpus(TableCorpus):
    """One ``UDCorpus`` per system, as one sentence list."""

    kind = "ud"

    def __init__(self, parts: list[UDCorpus]) -> None:
        self.parts = parts
        first = parts[0]
        self.gold_path = first.gold_path
        by_key = {key: (title, decimals, meaning) for key, title, decimals, meaning in UD_COLUMNS}
        by_key.update((key, (title, decimals, meaning))
                      for key, title, decimals, meaning, _ in ENHANCED_COLUMNS)
        values = {"id": first.values["id"], "len": first.values["len"]}
        columns = [Column("id", "ID", help="gold sentence number"),
                   Column("len", "Len", 0, by_key["len"][2])]
        wrong = np.zeros(first.size, dtype=bool)
        for system, part in enumerate(parts):
            suffix = str(system + 1)
            for key in SYSTEM_KEYS + (ENHANCED_KEYS if self.enhanced_scored else ()):
                values[key + suffix] = part.values[key]
                columns.append(system_column(key, *by_key[key], suffix))
            wrong |= part.wrong
        columns += delta_columns(values, "las", "LAS",
                                 [self._name(system) for system in range(len(parts))])
        super().__init__(columns, values, wrong, first.length.copy(),
                         np.zeros(first.size, dtype=np.int64))

    @property
    def enhanced_scored(self) -> bool:
        """Whether every pair's enhanced graphs were scored (the enhanced view exists)."""
        return all(part.enhanced_scored for part in self.parts)

    def _name(self, system: int) -> str:
        return system_name([part.system_path for part in self.parts], system)

    def header(self) -> HeaderInfo:
        first = self.parts[0].header()
        scores = []
        for system, part in enumerate(self.parts):
            table = part.result.scores
            scores.append(f"{self._name(system)}: " + " · ".join(
                f"{name} F1 {table[name].f1:.2f}" for name in HEADER_METRICS
                if name in table))
        return HeaderInfo(file_lines(self.gold_path, [p.system_path for p in self.parts]),
                          first.parameters, scores)

    def text(self, index: int) -> str:
        return self.parts[0].text(index)

    def detail(self, index: int, width: int) -> list[Text]:
        """Each system's alignment in turn, the legend, then the gold lines and each
        system's lines."""
        out: list[Text] = []
        for system, part in enumerate(self.parts):
            out += part.alignment_detail(index, self._name(system)) + [Text()]
        return out + [alignment_legend(), Text()] + self._raw(index)

    def enhanced_detail(self, index: int, width: int) -> list[Text]:
        """Each system's enhanced graph in turn, the legend, then the gold lines and each
        system's lines."""
        out: list[Text] = []
        for system, part in enumerate(self.parts):
            out += part.enhanced_part(index, self._name(system)) + [Text()]
        return out + [enhanced_legend(), Text()] + self._raw(index)

    def _raw(self, index: int) -> list[Text]:
        """The gold lines of sentence ``index``, then each system's."""
        out = self.parts[0].gold_raw(index)
        for part in self.parts:
            out += part.system_raw(index)
        return out

    def label_mask(self, label: str, among: BoolArray | None = None) -> BoolArray:
        """Sentences where a word with DEPREL ``label`` is wrong in any system."""
        return np.logical_or.reduce([part.label_mask(label, among) for part in self.parts])

    def confusion_mask(self, gold: str, system: str,
                       among: BoolArray | None = None) -> BoolArray:
        return np.logical_or.reduce([part.confusion_mask(gold, system, among)
                                     for part in self.parts])

    def breakdown(self) -> list[BreakdownTable]:
        """Each system's tables, titled with its name."""
        return [BreakdownTable(f"{self._name(system)}: {table.title}", table.headers,
                               table.rows, table.note)
                for system, part in enumerate(self.parts) for table in part.breakdown()]


def load_ud_systems(gold: str | LineIndex, systems: Sequence[str | LineIndex],
                    enhanced: EnhancedRules | None = None) -> UDSystemsCorpus:
    """Score each system against gold with ``evaluate_ud`` (one ``UDCorpus`` each; each
    file read once, a path now), with the enhanced rules ``enhanced`` if given."""
    gold_lines = as_lines(gold)
    return UDSystemsCorpus([load_ud(gold_lines, system, enhanced) for system in systems])
