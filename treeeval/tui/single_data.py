"""One file browsed without gold, as MaltEval's viewer shows a file: the sentences and
their trees, no scores.

Bracketed trees are one sentence a line (as EVALB reads them); CoNLL-X, MaltTab and MaltXML
files are read as ``treeeval dep`` reads them; CoNLL-U files are cut at blank lines.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "trees.mrg")
>>> _ = open(path, "w").write("(S (NP (DT a) (-NONE- *)) (VP (VB b)))\\n(S (X y))\\n")
>>> corpus = load_single(path)
>>> corpus.values["len"].tolist(), corpus.text(0), [t.plain for t in corpus.detail(1, 80)][:2]
([2.0, 1.0], 'a b', ['Sentence 2 (line 2)', 'S'])
"""

from __future__ import annotations

import re

import numpy as np
from rich.text import Text

from ..arrays import IntArray
from ..policy.sniffing import sniff
from ..wording import counted
from .breakdown import BreakdownTable
from .corpus import HeaderInfo
from .lines import LineIndex, as_lines, sentence_blocks, sentence_ranges
from .model import Column, TableCorpus
from .render_tree import outline

#: a preterminal other than an empty element: its word is group 1
_WORD = re.compile(rb"\((?!-NONE-\s)[^\s()]+\s+([^\s()]+)\)")
#: a CoNLL-U word line (an integer ID): its FORM is group 1
_CONLLU_WORD = re.compile(rb"^\d+\t([^\t\n]*)", re.MULTILINE)


class SingleCorpus(TableCorpus):
    """The sentences of one file: ID, length and text; the detail pane draws the tree
    (brackets) or shows the sentence's lines."""

    kind = "single"

    def __init__(self, lines: LineIndex, kind: str, ranges: tuple[IntArray, IntArray],
                 lengths: IntArray, texts: list[str]) -> None:
        self.lines = lines
        self.format = kind
        #: each sentence's lines: the first and one past the last
        self.first, self.stop = ranges
        self._sentence_texts = texts
        size = len(lengths)
        values = {"id": self.first[:size].astype(float), "len": lengths.astype(float)}
        columns = [Column("id", "ID", help="the sentence's first line in the file"),
                   Column("len", "Len", help="words in the sentence")]
        super().__init__(columns, values, np.zeros(size, dtype=bool), lengths.copy(),
                         np.zeros(size, dtype=np.int64))

    def header(self) -> HeaderInfo:
        return HeaderInfo([f"file: {self.lines.path}"], ["no gold file: the sentences only, "
                                                           "no scores"],
                          [counted(self.size, "sentence")])

    def text(self, index: int) -> str:
        return self._sentence_texts[index]

    def detail(self, index: int, width: int) -> list[Text]:
        first, stop = int(self.first[index]), int(self.stop[index])
        out = [Text(f"Sentence {index + 1} (line {first})", style="bold")]
        if self.format == "bracket":
            out += outline(self.lines.line(first))
        out.append(Text())
        return out + self.lines.numbered(first, stop)

    def breakdown(self) -> list[BreakdownTable]:
        return []


def load_single(source: str | LineIndex) -> SingleCorpus:
    """One file of any format the browser reads, without gold (read once: a path is read
    now)."""
    lines = as_lines(source)
    kind = sniff(lines.path, "browse", lines.data)
    if kind == "bracket":
        starts = np.arange(1, len(lines) + 2, dtype=np.int64)
        where = [(match.start(), match.group(1).decode("utf-8", "replace"))
                 for match in _WORD.finditer(lines.data)]
        return SingleCorpus(lines, kind, (starts[:-1], starts[1:]),
                            *_by_block(lines, starts, where))
    if kind == "conllu":
        starts = sentence_blocks(lines)
        where = [(match.start(), match.group(1).decode("utf-8", "replace"))
                 for match in _CONLLU_WORD.finditer(lines.data)]
        return SingleCorpus(lines, kind, (starts[:-1], starts[1:]),
                            *_by_block(lines, starts, where))
    from ..dep.reading import load_treebank

    bank = load_treebank(lines.path, data=lines.data)
    ranges = sentence_ranges(lines, len(bank.sizes), bank.sentence_line)
    offsets = np.concatenate(([0], np.cumsum(bank.sizes))).astype(np.int64)
    forms = [str(form) for form in bank.forms]
    texts = [" ".join(forms[offsets[k]:offsets[k + 1]]) for k in range(len(bank.sizes))]
    return SingleCorpus(lines, kind, ranges, bank.sizes.astype(np.int64), texts)


def _by_block(lines: LineIndex, starts: IntArray,
              words: list[tuple[int, str]]) -> tuple[IntArray, list[str]]:
    """The words found at byte offsets, gathered by the blocks of lines ``starts``."""
    sentences = len(starts) - 1
    line_of = np.searchsorted(lines.ends, np.array([at for at, _ in words], dtype=np.int64))
    block = np.searchsorted(starts, line_of + 1, side="right") - 1
    lengths = np.bincount(block, minlength=sentences)[:sentences].astype(np.int64)
    texts: list[list[str]] = [[] for _ in range(sentences)]
    for sentence, (_, word) in zip(block.tolist(), words):
        texts[sentence].append(word)
    return lengths, [" ".join(text) for text in texts]
