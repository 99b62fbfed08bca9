"""``UD``: the CoNLL 2018 (or 2017) UD scorer's numbers, fed sentence by sentence.

>>> def sentence(*rows):
...     return "".join("\\t".join(row.split()) + "\\n" for row in rows)
>>> metric = UD()
>>> metric.update(sentence("1 Dogs dog NOUN _ _ 2 nsubj _ _", "2 bark bark VERB _ _ 0 root _ _"),
...               [("Dogs", 2, "nsubj"), ("bark", 0, "root")])
>>> metric.update([sentence("1 Rain rain NOUN _ _ 2 nsubj _ _", "2 fell fall VERB _ _ 0 root _ _")],
...               [sentence("1 Ra _ _ _ _ 0 root _ _", "2 in _ _ _ _ 1 dep _ _",
...                         "3 fell _ _ _ _ 1 conj _ _")])
>>> result = metric.compute()
>>> result.scores["Words"], result.scores["LAS"].f1
(Score(correct=3, gold=4, system=5, aligned=None), 44.44444444444444)
>>> result.per_sentence["LAS"].tolist()
[[2, 2, 2, 2], [0, 2, 3, 1]]
>>> metric.signature  # doctest: +ELLIPSIS
'cmd:ud|rules:conll18|mroots:no|callin:no|version:...'

The result is the one ``evaluate_ud`` gives for the two files these sentences make (their
CoNLL-U lines one after the other, each sentence closed by a blank line), so
conll18_ud_eval.py's numbers, and ``signature`` is what ``treeeval ud GOLD SYSTEM
--signature`` prints for the same settings.  compute() returns its
:class:`~treeeval.ud.metrics.UDScores`: the scores and the per-sentence rows, not the words.

The rule of updates.  The scorers align the words of the whole files through their
characters, so a gold and a predicted sentence need not be cut alike: here the texts (the
FORMs of the tokens, spaces removed) of the gold and the predicted sentences of each
``update`` must be the same, and within an update the sentences may be cut differently
(give a system's own sentences in one update with the gold ones they cover).  An update
whose texts differ is an :class:`~treeeval.errors.InputError` naming the predicted sentence
where they part.  As the update boundaries are then word and sentence boundaries of both
files, the numbers are those of the whole files, with one subtlety the metric keeps too:
the scorers' walk may carry a word left over at the end of one update into a multiword
span that starts the next, and align it there (a system that cuts a gold token ``xc`` into
``x`` and ``c`` before a gold multiword token ``cd`` = ``c`` + ``d`` sees its ``c`` aligned
with the gold ``c`` of the next sentence).  Sentences are scored many at a time (see
:mod:`.base`; :func:`treeeval.ud.alignment.separable` tells where the walk can do this);
where two scored stretches meet (every
:attr:`~treeeval.metrics.base.StreamingMetric.flush_sentences` sentences, and at each
``merge``) the sentences that meet are scored again together, and the difference is added.

The state holds, per metric, one row of integer counts (correct, gold, system, aligned) per
gold sentence; with ``weights``, conll17's WeightedLAS terms word by word (each gold and
system word's weight, whether each gold word is aligned and right), because the scorer
adds them one by one and a float sum depends on its order; and the CoNLL-U text of the
first and the last sentences, for a later join.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..arrays import IntArray
from ..errors import InputError
from ..model.vocabulary import Vocabulary
from ..policy import signature
from ..ud.api import first_difference, read_weights, score_treebanks
from ..ud.enhanced import ENHANCED_METRICS, EnhancedReader, EnhancedRules
from ..ud.metrics import (
    WITHOUT_ALIGNED,
    UDScores,
    WeightedWords,
    aligned_pairs,
    scores_of_rows,
    weighted_words,
)
from ..ud.readers.layout import ReadOptions
from ..ud.readers.reading import read_ud
from ..ud.readers.scan import Interner
from ..ud.settings import signature_items
from ..ud.treebank import UDTreebank
from .base import StreamingMetric
from .located import located

#: the one metric whose counts are sums of floats, kept word by word
WEIGHTED = "WeightedLAS"
_BOM = b"\xef\xbb\xbf"


@dataclass
class _Ends:
    """The CoNLL-U lines of a stretch's first and last pieces (gold and predicted): a piece
    is a run of sentences that starts and ends where both sides start a sentence at the
    same character."""

    first_gold: bytes
    first_predicted: bytes
    last_gold: bytes
    last_predicted: bytes


@dataclass
class _Stretch:
    """Consecutive sentences scored: the integer metrics' rows (one per gold sentence), the
    WeightedLAS terms (with weights) and its ends."""

    rows: dict[str, IntArray]
    weighted: WeightedWords | None
    ends: _Ends

    @property
    def sentences(self) -> int:
        return len(self.rows["Tokens"])

    @property
    def gold_words(self) -> int:
        return int(self.rows["Words"][:, 1].sum())


@dataclass
class _Items:
    """The sentences given, as read in one block: the block's first line of each and the
    character where each starts (the last entry: the block's length in characters)."""

    first_line: IntArray
    char: IntArray


class UD(StreamingMetric[UDScores]):
    """conll18_ud_eval.py (``conll17``: conll17_ud_eval.py) on sentences given in memory:
    ``multiple_roots_okay`` accepts sentences with several roots, ``weights`` (conll17's
    ``-w``: a file, or a mapping DEPREL -> weight) adds WeightedLAS, ``enhanced`` (udeval's
    or iwpt20_xud_eval.py's rules) adds ELAS and EULAS, as for ``evaluate_ud``.
    The signature names a weights file by its name and hash, as ``treeeval ud -w`` does, and
    a mapping by the digest of its items."""

    kind = "dependencies"

    def __init__(self, *, conll17: bool = False, multiple_roots_okay: bool = False,
                 weights: Mapping[str, float] | str | os.PathLike[str] | None = None,
                 enhanced: EnhancedRules | None = None) -> None:
        self.conll17 = conll17
        self.multiple_roots_okay = multiple_roots_okay
        self.enhanced = enhanced
        self._options = (ReadOptions(conll17=conll17, multiple_roots_okay=multiple_roots_okay)
                         if enhanced is None else enhanced.read_options(multiple_roots_okay))
        named: signature.Value = None
        if isinstance(weights, (str, os.PathLike)):
            named = Path(weights)
            weights = read_weights(os.fspath(weights)).weights
        elif weights is not None:
            weights = dict(weights)
            named = signature.digest(weights)
        self.weights: dict[str, float] | None = weights
        self._signature = signature.build("ud", [
            *signature_items(conll17, multiple_roots_okay, named, enhanced), ("callin", False)])
        super().__init__()

    @property
    def signature(self) -> str:
        return self._signature

    def _start(self) -> None:
        rows, weighted = self._score_text(b"", b"")
        self._stretch = _Stretch(rows, weighted, _Ends(b"", b"", b"", b""))

    # -- scoring -------------------------------------------------------------------------
    def _score(self, gold: list[bytes], predicted: list[bytes], first: int,
               updates: list[int]) -> None:
        interner = Interner.of(Vocabulary(), Vocabulary(), self._options)
        gold, predicted = _plain(gold), _plain(predicted)
        gold_treebank, gold_items = self._read("gold", gold, first, interner)
        system, system_items = self._read("predicted", predicted, first, interner)
        starts = np.cumsum([0, *updates])
        _check_texts(gold_treebank, system, gold_items, system_items, starts, first)
        rows, weighted = self._score_treebanks(gold_treebank, system, interner)
        common = np.flatnonzero(gold_items.char[:-1] == system_items.char[:-1])
        first_end = int(common[1]) if len(common) > 1 else len(gold)
        last_start = int(common[-1])
        ends = _Ends(b"".join(gold[:first_end]), b"".join(predicted[:first_end]),
                     b"".join(gold[last_start:]), b"".join(predicted[last_start:]))
        self._join(_Stretch(rows, weighted, ends))

    def _read(self, side: str, items: list[bytes], first: int,
              interner: Interner) -> tuple[UDTreebank, _Items]:
        """Read one side's sentences as one file; a reader's error names the sentence."""
        data = b"".join(items)
        ends = np.cumsum(np.fromiter(map(len, items), np.int64, len(items)))
        newlines = np.flatnonzero(np.frombuffer(data, np.uint8) == ord("\n"))
        first_line = 1 + np.searchsorted(newlines, np.concatenate(([0], ends)))
        try:
            treebank = read_ud(side, self._options, interner.vocabulary, interner.forms, data,
                               interner)
        except InputError as error:
            raise located(error, side, first, items) from None
        sentence_item = np.searchsorted(first_line, treebank.sentence_line, "right") - 1
        first_sentence = np.searchsorted(sentence_item, np.arange(len(items)))
        starts = np.append(treebank.sentence_start, len(treebank.text))
        return treebank, _Items(first_line, np.append(starts[first_sentence], len(treebank.text)))

    def _score_text(self, gold: bytes, predicted: bytes) -> tuple[dict[str, IntArray],
                                                                  WeightedWords | None]:
        """The rows and WeightedLAS terms of a stretch given as CoNLL-U text (one already
        read once, whose texts agree)."""
        interner = Interner.of(Vocabulary(), Vocabulary(), self._options)
        gold_treebank, system = (read_ud(side, self._options, interner.vocabulary,
                                         interner.forms, data, interner)
                                 for side, data in (("gold", gold), ("predicted", predicted)))
        return self._score_treebanks(gold_treebank, system, interner)

    def _score_treebanks(self, gold: UDTreebank, system: UDTreebank, interner: Interner
                         ) -> tuple[dict[str, IntArray], WeightedWords | None]:
        reader = (None if self.enhanced is None else
                  EnhancedReader(interner.vocabulary, interner.deps, self.enhanced))
        result = score_treebanks(gold, system, conll17=self.conll17, enhanced=reader)
        weighted = None
        if self.weights is not None:
            weighted = weighted_words(gold, system,
                                      aligned_pairs(gold, system, result.gold_to_system),
                                      self.weights)
        return result.per_sentence, weighted

    def _join(self, right: _Stretch) -> None:
        """Append a stretch: the rows side by side, then the difference that scoring the
        pieces where they meet together makes (zero unless the scorers' walk carries words
        of the left piece into the right one)."""
        left = self._stretch
        if not right.sentences:
            return
        if not left.sentences:
            self._stretch = right
            return
        ends = left.ends
        joint, joint_weighted = self._score_text(ends.last_gold + right.ends.first_gold,
                                                 ends.last_predicted + right.ends.first_predicted)
        alone, alone_weighted = self._score_text(ends.last_gold, ends.last_predicted)
        after, after_weighted = self._score_text(right.ends.first_gold,
                                                 right.ends.first_predicted)
        at = left.sentences - len(alone["Tokens"])
        rows = {}
        for name, values in left.rows.items():
            rows[name] = np.concatenate((values, right.rows[name]))
            rows[name][at:at + len(joint[name])] += joint[name] - np.concatenate(
                (alone[name], after[name]))
        weighted = None
        if left.weighted is not None and right.weighted is not None:
            assert joint_weighted is not None and alone_weighted is not None
            assert after_weighted is not None  # there are weights
            weighted = WeightedWords.join([left.weighted, right.weighted])
            word = left.gold_words - len(alone_weighted.aligned)
            separate = WeightedWords.join([alone_weighted, after_weighted])
            for name in ("aligned", "correct"):
                joined, apart = getattr(joint_weighted, name), getattr(separate, name)
                changed = np.flatnonzero(joined != apart)
                getattr(weighted, name)[word + changed] = joined[changed]
        self._stretch = _Stretch(rows, weighted, _Ends(ends.first_gold, ends.first_predicted,
                                                       right.ends.last_gold,
                                                       right.ends.last_predicted))

    # -- results and state ---------------------------------------------------------------
    def _result(self) -> UDScores:
        stretch = self._stretch
        per_sentence: dict[str, Any] = {name: rows.copy() for name, rows in stretch.rows.items()}
        iwpt20 = self.enhanced is not None and self.enhanced.scorer == "iwpt20"
        scores = scores_of_rows(stretch.rows, WITHOUT_ALIGNED | (
            frozenset() if iwpt20 else frozenset(ENHANCED_METRICS)))
        if stretch.weighted is not None:
            words = stretch.rows["Words"]
            sentences = np.arange(stretch.sentences)
            scores[WEIGHTED], per_sentence[WEIGHTED] = stretch.weighted.score(
                np.repeat(sentences, words[:, 1]), np.repeat(sentences, words[:, 2]),
                stretch.sentences)
        return UDScores(scores, per_sentence, self.conll17)

    def _counts(self) -> dict[str, Any]:
        stretch = self._stretch
        ends = stretch.ends
        weighted = None if stretch.weighted is None else stretch.weighted.plain()
        return {"rows": {name: rows.tolist() for name, rows in stretch.rows.items()},
                "weighted": weighted,
                "ends": [text.decode() for text in (ends.first_gold, ends.first_predicted,
                                                    ends.last_gold, ends.last_predicted)]}

    def _add_counts(self, state: Mapping[str, Any], offset: int) -> None:
        rows = {name: np.array(values, dtype=np.int64).reshape(-1, 4)
                for name, values in state["rows"].items()}
        weighted = state["weighted"]
        self._join(_Stretch(rows, None if weighted is None else WeightedWords.from_plain(weighted),
                            _Ends(*(text.encode() for text in state["ends"]))))


def _plain(items: list[bytes]) -> list[bytes]:
    """The sentences with their line breaks made ``\\n`` (as the reader makes a file's) and a
    leading byte order mark dropped (the reader drops one where a file starts)."""
    data = b"".join(items)
    lengths = np.fromiter(map(len, items), np.int64, len(items))
    starts = (np.cumsum(lengths) - lengths)[lengths > 0]
    if b"\r" not in data and not (np.frombuffer(data, np.uint8)[starts] == _BOM[0]).any():
        return items
    return [item.removeprefix(_BOM).replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            for item in items]


def _check_texts(gold: UDTreebank, system: UDTreebank, gold_items: _Items,
                 system_items: _Items, starts: IntArray, first: int) -> None:
    """The rule of updates (see the module): the gold and predicted texts of every update
    (``starts``: the first sentence of each, then the end) are the same, or an InputError
    names the predicted sentence where the first update that differs parts, and its line."""
    if gold.text == system.text and np.array_equal(gold_items.char[starts],
                                                   system_items.char[starts]):
        return

    def texts(update: int) -> tuple[str, str]:
        start, end = starts[update], starts[update + 1]
        return (gold.text[gold_items.char[start]:gold_items.char[end]],
                system.text[system_items.char[start]:system_items.char[end]])

    update = next(update for update in range(len(starts) - 1)
                  if texts(update)[0] != texts(update)[1])
    gold_text, system_text = texts(update)
    at = first_difference(gold_text, system_text)
    where = int(system_items.char[starts[update]]) + at
    item = int(np.searchsorted(system_items.char, where, "right")) - 1
    item = max(int(starts[update]), min(item, int(starts[update + 1]) - 1))
    sentence = int(np.searchsorted(system.sentence_start, where, "right")) - 1
    line = None
    if sentence >= 0 and system.sentence_start[sentence] >= system_items.char[item]:
        line = int(system.sentence_line[sentence] - system_items.first_line[item]) + 1
    raise InputError("the gold and predicted sentences of an update must spell the same text "
                     "(the FORMs of their tokens, spaces removed); first 20 differing "
                     f"characters: gold '{gold_text[at:at + 20]}', predicted "
                     f"'{system_text[at:at + 20]}'", path="predicted", sentence=first + item,
                     line=line)
