"""Which files a ud run pairs, and one pair scored with the engine that suits what is asked.

``GOLD SYSTEM`` is one pair; ``GOLD SYS1 SYS2 ...`` one gold file and its systems;
``GOLD:SYSTEM ...`` several treebanks; ``GOLD_DIR SYSTEM_DIR`` the treebanks of two folders,
paired by file name (:func:`file_pairs`).  A pair is scored piece by piece, so that memory
stays flat, unless Callin's metrics, WeightedLAS or the words (for figures and the HTML
report) are asked, or the piece by piece path falls back (:mod:`treeeval.fallback`): then
it is read whole (:func:`score_pair`).

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> for name in ("gold.conllu", "sys.conllu"):
...     _ = open(os.path.join(folder, name), "w").write("1\\tRain\\train\\tNOUN\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n")
>>> gold, system = (os.path.join(folder, name) for name in ("gold.conllu", "sys.conllu"))
>>> file_pairs([gold, system]) == ([(gold, system)], False)
True
>>> file_pairs([f"{gold}:{system}"]) == ([(gold, system)], True)
True
>>> scored = score_pair(gold, system, conll17=False)
>>> scored.scores["LAS"].f1, scored.callin is None
(100.0, True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..arrays import IntArray
from ..errors import InputError, UsageError
from ..fallback import Fallback
from .api import UDResult, evaluate_ud
from .callin import CallinScores
from .enhanced import EnhancedRules
from .metrics import Score
from .relation_classes import load_relation_classes
from .stream import score_pieces
from .wde import load_weights as load_wde_weights


def file_pairs(files: Sequence[str]) -> tuple[list[tuple[str, str]], bool]:
    """The ``(gold, system)`` pairs of the file arguments, and whether they are several
    treebanks (pairs or folders) rather than one gold file and its systems."""
    if _folders(files):
        gold_dir, system_dir = files
        names = _conllu_names(gold_dir)
        if not names:
            raise UsageError(f"no .conllu files in {gold_dir}")
        return [(os.path.join(gold_dir, n), os.path.join(system_dir, n)) for n in names], True
    plain = len(files) == 2 or not any(os.path.isdir(f) for f in files)
    if len(files) >= 2 and plain and not any(_is_pair(f) for f in files):
        return [(files[0], system) for system in files[1:]], False
    if not files:
        raise UsageError("expected GOLD and SYSTEM files (see treeeval ud -h)")
    pairs = []
    for item in files:
        split = _is_pair(item)
        if not split:
            raise UsageError(f"expected GOLD:SYSTEM, got {item!r} (or give GOLD SYS1 [SYS2 ...])")
        pairs.append(split)
    return pairs, True


def unpaired(files: Sequence[str]) -> list[tuple[str, str]]:
    """``GOLD_DIR SYSTEM_DIR``: each system file no gold file pairs (not scored), with the
    gold folder: ``(system path, gold folder)``."""
    if not _folders(files):
        return []
    gold = set(_conllu_names(files[0]))
    return [(os.path.join(files[1], name), files[0]) for name in _conllu_names(files[1])
            if name not in gold]


def _conllu_names(folder: str) -> list[str]:
    """The ``.conllu`` files of a folder, sorted."""
    try:
        return sorted(n for n in os.listdir(folder) if n.endswith(".conllu"))
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=folder) from None


def _folders(files: Sequence[str]) -> bool:
    """Whether the files are GOLD_DIR SYSTEM_DIR (pairs by file name)."""
    return len(files) == 2 and all(os.path.isdir(f) for f in files)


def _is_pair(item: str) -> tuple[str, str] | None:
    """``GOLD:SYSTEM`` split at the first colon whose left part is a file."""
    if os.path.exists(item):
        return None
    for index, char in enumerate(item):
        if char == ":" and os.path.exists(item[:index]):
            return item[:index], item[index + 1:]
    return None


@dataclass
class CallinTables:
    """The relation classes and WLAS weights of ``--callin``, read once for every pair
    (None: the defaults), and the files they came from."""

    classes_source: str | None = None
    weights_source: str | None = None
    classes: dict[str, str] | None = None
    weights: dict[str, float] | None = None

    @classmethod
    def load(cls, classes: str | None, weights: str | None) -> CallinTables:
        tables = cls(classes, weights)
        if classes:
            tables.classes = load_relation_classes(classes)
        if weights:
            tables.weights = load_wde_weights(weights)
        return tables

    def score(self, result: UDResult) -> CallinScores:
        return result.callin(classes=self.classes, weights=self.weights,
                             classes_source=self.classes_source,
                             weights_source=self.weights_source)


@dataclass
class PairScores:
    """The scores of a pair, its per-sentence rows, and Callin's metrics with ``--callin``."""

    scores: dict[str, Score]
    callin: CallinScores | None = None
    per_sentence: dict[str, IntArray] = field(default_factory=dict)
    #: the whole result (the words of both files), kept when the words are asked for
    result: UDResult | None = None

    def whole(self) -> UDResult:
        """The whole result (only kept when the words were asked for)."""
        if self.result is None:
            raise ValueError("the pair was scored in pieces: its words were not kept")
        return self.result


def score_pair(gold: str, system: str, *, conll17: bool, multiple_roots_okay: bool = False,
               weights: dict[str, float] | None = None, callin: CallinTables | None = None,
               enhanced: EnhancedRules | None = None, per_sentence: bool = False,
               words: bool = False, read_ahead: bool = False) -> PairScores:
    """One pair's scores: piece by piece (memory flat; the per-sentence rows kept when
    ``per_sentence``; a large pair's files read by processes of their own with
    ``read_ahead``), unless Callin's metrics, ``weights`` or the ``words`` are asked, or
    the files do not cut into pieces: then read whole."""
    if callin is None and weights is None and not words:
        try:
            pieces = score_pieces(gold, system, conll17=conll17,
                                  multiple_roots_okay=multiple_roots_okay, enhanced=enhanced,
                                  per_sentence=per_sentence, read_ahead=read_ahead)
            return PairScores(pieces.scores, per_sentence=pieces.per_sentence)
        except Fallback:
            pass
    result = evaluate_ud(gold, system, conll17=conll17, weights=weights,
                         multiple_roots_okay=multiple_roots_okay, enhanced=enhanced)
    return PairScores(result.scores, callin.score(result) if callin else None,
                      result.per_sentence, result if words else None)
