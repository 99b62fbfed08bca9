"""The Python API of dependency scoring: any input format in, one comparison out.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> gold = os.path.join(folder, "gold.mrg")
>>> _ = open(gold, "w").write("(TOP (S (NP (NN Rain)) (VP (VBD fell)) (. .)))\\n")
>>> system = os.path.join(folder, "parser.conll")
>>> _ = open(system, "w").write("1\\tRain\\t_\\tNN\\tNN\\t_\\t2\\tdep\\t_\\t_\\n"
...                              "2\\tfell\\t_\\tVBD\\tVBD\\t_\\t0\\troot\\t_\\t_\\n"
...                              "3\\t.\\t_\\t.\\t.\\t_\\t1\\tdep\\t_\\t_\\n\\n")
>>> result = evaluate_dependencies(gold, [gold, system], resamples=100)
>>> [(s.format, s.correct["UAS"], s.tokens, s.lin_errors) for s in result.systems]
[('brackets', 3, 3, 0), ('conll', 2, 3, 1)]
"""

from __future__ import annotations

import os
from typing import Sequence

import numpy as np

from ..bracket.params import load_params
from ..model.vocabulary import Vocabularies
from ..model.treebank import Treebank
from .compare import Comparison, compare_systems
from .reading import check_same_text, read_treebank
from .sources import read_sentences, sniff_format


def load_treebank(path: str | os.PathLike[str], *, charset: str = "utf-8",
                  heads: str | os.PathLike[str] = "collins",
                  vocabulary: Vocabularies | None = None) -> Treebank:
    """Any input ``treeeval dep`` reads, as a Treebank: CoNLL-X/U with MaltEval's checks,
    MaltTab, MaltXML, or bracketed trees converted with the head table ``heads``.

    Files read with one ``vocabulary`` share their string codes, so comparing them is
    comparing integers.
    """
    path = os.fspath(path)
    kind = sniff_format(path)
    if kind == "conll":
        return read_treebank(path, charset=charset, vocabulary=vocabulary)
    return Treebank.from_sentences(read_sentences(path, charset=charset, heads=heads,
                                                  format=kind), vocabulary=vocabulary)


def deleted_tokens(gold: Treebank, prm: str | os.PathLike[str]) -> np.ndarray:
    """The tokens EVALB's DELETE_LABEL lines of ``prm`` delete, by their gold POS tag.

    Tags are compared as EVALB compares them, exactly and as bytes; the same tokens are
    left out for every system, so a parser that tags a comma differently is still scored
    on the same words.
    """
    params, _ = load_params([prm])
    labels = set(params.delete_label)
    codes = gold.codes["cpostag"]  # first: it may read the column's vocabulary
    deleted = np.array([tag.encode("utf-8", "surrogateescape") in labels
                        for tag in gold.vocabulary.strings("cpostag").tolist()], dtype=bool)
    return deleted[codes] if len(deleted) else np.zeros(len(codes), dtype=bool)


def evaluate_dependencies(gold: str | os.PathLike[str],
                          systems: Sequence[str | os.PathLike[str]], *,
                          heads: str | os.PathLike[str] = "collins",
                          prm: str | os.PathLike[str] | None = None, charset: str = "utf-8",
                          stat: str = "bootstrap", resamples: int = 10_000,
                          seed: int | None = 1) -> Comparison:
    """Score each system file against ``gold`` on the same tokens: LAS, UAS, LA and Lin's
    error count per system, and the significance test ``stat`` (``bootstrap``, ``ar`` or
    ``mcnemar``) of every pair of systems.

    Any file may be bracketed trees (converted with ``heads``) or dependencies (CoNLL-X/U,
    MaltTab, MaltXML), so a constituency parser and a dependency parser can be compared on
    one gold standard.  With ``prm``, the tokens whose gold POS tag its DELETE_LABEL lines
    name (punctuation, in COLLINS.prm) are left out of every score.
    """
    gold_path = os.fspath(gold)
    vocabulary = Vocabularies()
    gold_treebank = load_treebank(gold_path, charset=charset, heads=heads, vocabulary=vocabulary)
    loaded = []
    for system in systems:
        path = os.fspath(system)
        treebank = load_treebank(path, charset=charset, heads=heads, vocabulary=vocabulary)
        check_same_text(gold_treebank, treebank, gold_path, path)
        loaded.append((path, sniff_format(path), treebank))
    converted = any(kind == "brackets" for _, kind, _ in loaded) or sniff_format(
        gold_path) == "brackets"
    keep = None if prm is None else ~deleted_tokens(gold_treebank, prm)
    return compare_systems(gold_path, gold_treebank, loaded, method=stat, resamples=resamples,
                           seed=seed, keep=keep, heads=os.fspath(heads) if converted else None)
