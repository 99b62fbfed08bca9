"""Reading CoNLL files into a Treebank as MaltEval does, and MaltEval's checks on them.

MaltEval aborts on a PHEAD that is not ``_`` or a whole number, and unless the gold and the
parsed file hold the same text (sentences, lengths and FORMs).
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from ..formats.conll import read_conll
from ..model.dependencies import DependencySentence
from ..model.treebank import Treebank


def read_treebank(path: str) -> Treebank:
    """Read a CoNLL file as MaltEval does: comment and multiword lines abort the run."""
    sentences = list(read_conll(path))
    for sentence in sentences:
        comments = sentence.extra.get("comments") or []
        if comments:
            raise InputError("an attribute is missing (MaltEval does not read CoNLL-U "
                             "comment lines; strip them first)", path=path,
                             line=sentence.line - len(comments), column=1, source_line=comments[0])
        for kind in ("ranges", "empty_nodes"):
            if sentence.extra.get(kind):
                raise InputError("an attribute is missing (MaltEval does not read CoNLL-U "
                                 "multiword or empty-node lines; strip them first)", path=path,
                                 line=sentence.line, source_line=sentence.extra[kind][0])
    _check_pheads(sentences, path)
    return Treebank.from_sentences(sentences)


def _check_pheads(sentences: list[DependencySentence], path: str) -> None:
    """MaltEval aborts unless every PHEAD (column 9) is ``_`` or a whole number."""
    pheads = np.array([v for s in sentences for v in s.extra.get("col9", [])], dtype=str)
    bad = np.flatnonzero((pheads != "_") & ~np.char.isdigit(pheads))
    if len(bad):
        sizes = np.array([len(s) for s in sentences])
        index = int(np.searchsorted(np.cumsum(sizes), bad[0], side="right"))
        line = sentences[index].line + int(bad[0] - (np.cumsum(sizes)[index] - sizes[index]))
        raise InputError(f"PHEAD must be _ or a whole number, found {str(pheads[bad[0]])!r}",
                         path=path, line=line)


def check_same_text(gold: Treebank, parsed: Treebank, gold_path: str, parsed_path: str) -> None:
    """Abort as MaltEval does unless both files hold the same sentences and FORMs."""
    problem = None
    if len(gold.sizes) != len(parsed.sizes):
        problem = "different number of sentences"
    elif not np.array_equal(gold.sizes, parsed.sizes):
        problem = "different sentence lengths"
    elif not np.array_equal(gold.forms, parsed.forms):
        problem = "different word forms"
    if problem:
        raise InputError(f"the data file '{parsed_path}' and treebank '{gold_path}' do not "
                         f"contain the same text; {problem}", path=parsed_path)
