"""``Attachment``: MaltEval's and eval.pl's attachment scores, fed sentence by sentence.

>>> metric = Attachment("LAS;UAS")
>>> metric.update([("Rain", 2, "nsubj"), ("fell", 0, "root"), (".", 2, "punct")],
...               [("Rain", 2, "obj"), ("fell", 0, "root"), (".", 1, "punct")])
>>> scores = metric.compute()
>>> scores.tokens, scores.correct
(3, {'LAS': 1, 'UAS': 2, 'LA': 2})
>>> round(scores.score("UAS"), 2), scores.text("LAS")
(66.67, '0.333')
>>> metric.signature  # doctest: +ELLIPSIS
'cmd:dep|metric:LAS;UAS|group:Token|version:...'

The numbers are those of ``treeeval dep GOLD SYSTEM`` (and MaltEval 1.0) on the two files
these sentences make, one after the other with a blank line after each, with the same
settings: MaltEval's ``Metric`` (LAS by default; several values give each its count), its
Exclude parameters and sentence-length bounds (``ExcludeDeprels="punct"``,
``ExcludeUnicodePunc=1``, ``MaxSentenceLength=40`` ..., as MaltEval spells them, one value
each), treeeval's ``prm`` (the tokens whose gold POS tag a DELETE_LABEL line names are
left out), or eval.pl's report instead (``report="evalpl"``, ``"evalpl:p"`` to score
punctuation, ``"eval07"``, ``"eval07:p"``), each exactly as ``--report`` takes it:

>>> evalpl = Attachment(report="evalpl")
>>> evalpl.update("1\\tRain\\t_\\tN\\tN\\t_\\t2\\tnsubj\\t_\\t_\\n2\\tfell\\t_\\tV\\tV\\t_\\t0\\troot\\t_\\t_\\n"
...               "3\\t.\\t_\\t.\\t.\\t_\\t2\\tpunct\\t_\\t_",
...               [("Rain", 2, "obj"), ("fell", 0, "root"), (".", 1, "punct")])
>>> scores = evalpl.compute()
>>> scores.tokens, scores.words, scores.correct["LAS"], scores.text("LAS")
(2, 3, 1, '50.00')

``compute`` returns :class:`AttachmentScores`, not the file API's
:class:`~treeeval.dep.engine.Evaluation`, which holds a row per token (Token's table) and
the files' settings: every number of the Token table and of the comparison is a sum of
per-token outcomes, so whole-number counts carry it exactly from block to block and across
workers, and :meth:`AttachmentScores.score` and :meth:`AttachmentScores.text` give back the
file API's float and the reference's printed value from them.  The options that read a POS
tag (ExcludeCpostags, ExcludePostags, ``prm``) need sentences that have one: CoNLL text, a
TokenList, or ``(form, tag, head, deprel)`` rows.

A file's reading is decided by its first word line (``treeeval.policy.sniffing``): the
sentences of a side are read as CoNLL-U when the first sentence with a word is (a ``#``
comment before it, a multiword range or an empty node), else as CoNLL-X, as MaltEval reads
every file; a ``merge`` of counts read the other way is refused.  eval.pl reads CoNLL-X only,
so with ``report`` a comment line (a ``conllu.TokenList``'s metadata), a multiword range or
an empty node is an error, as it is for the file.  A sentence whose words differ from the
gold's is an error (MaltEval aborts), except for eval.pl, which scores it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..arrays import IntArray
from ..dep.compare import accuracy, compare_systems
from ..dep.engine import exclusions
from ..dep.evalpl.scoring import percent, read_evalpl
from ..dep.malteval_report import format_number
from ..dep.metrics import METRICS
from ..dep.options import split_values
from ..dep.reading import read_treebank
from ..dep.settings import DepSettings, signature_items, split_report
from ..errors import InputError, UsageError, nearest
from ..formats.malteval_xml import PARAMETERS
from ..formats.text import decode
from ..model.treebank import Treebank
from ..model.vocabulary import Vocabularies
from ..policy import signature
from ..policy.sniffing import first_word_line, sniff_kind
from ..wording import counted
from .base import StreamingMetric
from .located import located

#: the two sides, as errors name them
SIDES = ("gold", "predicted")
#: the name of the in-memory files in the settings (no file is read)
MEMORY = "<memory>"
#: MaltEval's parameters a keyword argument may set (Metric is the first argument; GroupBy
#: is Token, whose Row mean is the score)
OPTIONS = tuple(name for name in PARAMETERS if name not in ("Metric", "GroupBy"))
#: eval.pl's three scores, under MaltEval's names
EVALPL_METRICS = ("LAS", "UAS", "LA")
#: the reference each ``report`` variant names
REFERENCES = {None: "MaltEval", "evalpl": "eval.pl", "eval07": "eval07.pl"}


@dataclass(frozen=True)
class AttachmentScores:
    """The counts of :class:`Attachment`: ``tokens`` scored of the ``words`` given (MaltEval's
    Row count, after the Exclude parameters and ``prm``, which look at the parsed side; eval.pl's
    scoring tokens) in ``sentences``, and ``correct`` per metric: LAS, UAS and LA always, then
    the other ``metrics`` asked for.  ``reference`` is ``MaltEval``, ``eval.pl`` or
    ``eval07.pl``.

    >>> scores = AttachmentScores("MaltEval", ("LAS",), 2, 8, 7, {"LAS": 5, "UAS": 6, "LA": 6})
    >>> scores.score(), scores.text(), scores.text("UAS"), scores.text(pattern="0.00%")
    (71.42857142857143, '0.714', '0.857', '71.43%')
    """

    reference: str
    #: the Metric values (MaltEval's order of the command line); eval.pl's LAS, UAS, LA
    metrics: tuple[str, ...]
    sentences: int
    words: int
    tokens: int
    correct: Mapping[str, int] = field(default_factory=dict)

    def score(self, metric: str | None = None) -> float:
        """``metric`` (the first of :attr:`metrics` by default) in percent, as the file API
        gives it: MaltEval's ``100.0 * correct / tokens`` (``evaluate_dependencies(...)
        .systems[0].scores``), eval.pl's ``100 - errors * 100.0 / tokens``; NaN without a
        token."""
        correct = self.correct[metric or self.metrics[0]]
        if self.reference == "MaltEval" or not self.tokens:
            return accuracy(correct, self.tokens)
        return percent(self.tokens - correct, self.tokens)

    def text(self, metric: str | None = None, pattern: str | None = None) -> str:
        """``metric`` as the reference prints it: MaltEval's Row mean (``0.773``, ``-``
        without a token; ``pattern``: its ``--pattern``, a DecimalFormat pattern), eval.pl's
        percent with two decimals (``77.27``; eval.pl divides by zero without a scoring
        token: an InputError)."""
        metric = metric or self.metrics[0]
        if self.reference == "MaltEval":
            return format_number(self.correct[metric] / self.tokens if self.tokens
                                 else float("nan"), pattern)
        if pattern is not None:
            raise UsageError(f"{self.reference} prints its scores with two decimals: no pattern")
        if not self.tokens:
            raise InputError(f"no scoring tokens ({self.reference} would divide by zero)",
                             path="gold")
        return f"{self.score(metric):.2f}"


class Attachment(StreamingMetric[AttachmentScores]):
    """MaltEval's token scores (``metric``: one Metric value or several, ``"LAS;UAS"`` or a
    sequence; LAS by default), with its Exclude and sentence-length ``parameters`` and
    treeeval's ``prm``, or eval.pl's (``report``); see the module."""

    kind = "dependencies"

    def __init__(self, metric: str | Sequence[str] | None = None, *,
                 prm: str | os.PathLike[str] | None = None, report: str | None = None,
                 **parameters: str | int | Sequence[str]) -> None:
        given = {name: _one_value(name, value) for name, value in parameters.items()}
        metrics = _metrics(metric)
        if report is not None and (metric is not None or given or prm is not None):
            raise UsageError(f"{report.partition(':')[0]} has no Metric, Exclude parameter "
                             "or prm: its -p flag (report='evalpl:p') scores punctuation")
        self.settings = DepSettings((MEMORY,), (MEMORY,),
                                    {"Metric": metrics, **{k: (v,) for k, v in given.items()}},
                                    prm=None if prm is None else os.fspath(prm), report=report)
        self.metrics = EVALPL_METRICS if report is not None else metrics
        variant, flags = split_report(report) if report is not None else (None, "")
        self.reference = REFERENCES[variant]
        #: eval.pl scores punctuation with -p, eval07.pl without it
        self._punctuation = ("p" in flags) == (variant == "evalpl")
        self._signature = signature.build("dep", signature_items(self.settings))
        super().__init__()

    @property
    def signature(self) -> str:
        return self._signature

    def _start(self) -> None:
        self._words = self._tokens = 0
        self._correct: dict[str, int] = {}
        #: how each side's sentences are read: conllu, conllx, or None before the first word
        self._readings: list[str | None] = [None, None]

    def _score(self, gold: list[bytes], predicted: list[bytes], first: int,
               updates: list[int]) -> None:  # no rule of theirs holds update by update
        lines = dict(zip(SIDES, (gold, predicted)))
        with _in_memory(lines, first):
            data = {side: b"".join(texts) for side, texts in lines.items()}
            if self.reference == "MaltEval":
                words, tokens, correct = self._malteval(data, lines, first)
            else:
                words, tokens, correct = self._evalpl(data)
        self._words += words
        self._tokens += tokens
        for name, count in correct.items():
            self._correct[name] = self._correct.get(name, 0) + count

    def _malteval(self, data: dict[str, bytes], lines: dict[str, list[bytes]],
                  first: int) -> tuple[int, int, dict[str, int]]:
        """MaltEval's counts of one block, through the file API's own functions."""
        readings = [self._reading(index, side, data[side]) for index, side in enumerate(SIDES)]
        vocabulary = Vocabularies()
        gold, parsed = (read_treebank(side, vocabulary=vocabulary, data=data[side],
                                      conllu=reading == "conllu")
                        for side, reading in zip(SIDES, readings))
        _same_words(gold, parsed, lines, first)
        keep = exclusions(self.settings, self.settings.parameter_settings[0], gold).masks(
            gold, parsed)[1]
        system = compare_systems(MEMORY, gold, [(MEMORY, "conll", parsed)], method=None,
                                 keep=[keep], metrics=self.metrics).systems[0]
        self._readings = readings
        return len(gold), system.tokens, system.correct

    def _reading(self, index: int, side: str, data: bytes) -> str | None:
        """How ``side``'s sentences are read (decided by its first word line, as a file's)."""
        if self._readings[index] is not None:
            return self._readings[index]
        found = sniff_kind(side, data, names=False)
        if found == "brackets":
            number, line, _ = first_word_line(side, data) or (None, b"", False)
            raise InputError("a bracketed tree: Attachment reads CoNLL-X and CoNLL-U "
                             "sentences (Brackets scores trees)", path=side, line=number,
                             source_line=line.decode("utf-8", "replace"))
        return None if found == "empty" else "conllu" if found == "conllu" else "conllx"

    def _evalpl(self, data: dict[str, bytes]) -> tuple[int, int, dict[str, int]]:
        """eval.pl's counts of one block, read as eval.pl reads two files."""
        streams = []
        for side in SIDES:
            stream = io.StringIO(decode(data[side], side))
            stream.name = side
            streams.append(stream)
        variant = "eval" if self.reference == "eval.pl" else "eval07"
        corpus = read_evalpl(*streams, variant=variant)
        scoring = corpus.scoring(self._punctuation)
        for side in ("gold", "system"):  # a HEAD eval.pl dies on
            corpus.frame_nodes(scoring, side)
        scores = corpus.scores(self._punctuation)
        return len(scoring), scores.tokens, dict(zip(EVALPL_METRICS, (
            scores.labeled, scores.unlabeled, scores.label)))

    def _result(self) -> AttachmentScores:
        return AttachmentScores(self.reference, self.metrics, self.sentences, self._words,
                                self._tokens, {name: self._correct.get(name, 0)
                                               for name in self._names()})

    def _names(self) -> list[str]:
        """The metrics counted: LAS, UAS and LA, then the others asked for."""
        return list(dict.fromkeys([*EVALPL_METRICS, *self.metrics]))

    def _counts(self) -> dict[str, Any]:
        return {"words": self._words, "tokens": self._tokens,
                "correct": {name: self._correct.get(name, 0) for name in self._names()},
                "readings": list(self._readings)}

    def _add_counts(self, state: Mapping[str, Any], offset: int) -> None:
        readings = list(state["readings"])
        for index, (mine, theirs) in enumerate(zip(self._readings, readings)):
            if mine is not None and theirs is not None and mine != theirs:
                raise InputError(f"cannot merge: its {SIDES[index]} sentences were read as "
                                 f"{_NAMES[theirs]}, these as {_NAMES[mine]} (the first sentence "
                                 "of a file decides)", path="merge")
        self._readings = [mine or theirs for mine, theirs in zip(self._readings, readings)]
        self._words += int(state["words"])
        self._tokens += int(state["tokens"])
        for name, count in state["correct"].items():
            self._correct[name] = self._correct.get(name, 0) + int(count)


_NAMES = {"conllu": "CoNLL-U", "conllx": "CoNLL-X"}


def _metrics(metric: str | Sequence[str] | None) -> tuple[str, ...]:
    """The Metric values, checked: MaltEval's token metrics (LAS, UAS, LA, AnyRight ...).

    >>> _metrics("LAS;UAS"), _metrics(["LA"]), _metrics(None)
    (('LAS', 'UAS'), ('LA',), ('LAS',))
    >>> _metrics("XAS")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: unknown Metric 'XAS' (Attachment scores MaltEval's token \
metrics: LAS, UAS, LA, AnyRight, AnyWrong, BothWrong, HeadWrong, LabelWrong, DirectionRight, \
HeadToChildDistanceRight, GroupedHeadToChildDistanceRight, BothRight, HeadRight, LabelRight)
    """
    if metric is None:
        return ("LAS",)
    values = (split_values("Metric", metric) if isinstance(metric, str)
              else [str(value) for value in metric])
    for value in values:
        if value not in METRICS:
            raise UsageError(f"unknown Metric {value!r} (Attachment scores MaltEval's token "
                             f"metrics: {', '.join(METRICS)})")
    if not values:
        raise UsageError("no Metric given")
    return tuple(values)


def _one_value(name: str, value: str | int | Sequence[str]) -> str:
    """A parameter's value as the command line gives it: a string (MaltEval's cut of a
    ``:format`` included), a whole number (``MaxSentenceLength=40``, ``ExcludeUnicodePunc=1``
    or True) or a sequence of values to exclude (joined by ``|``); one value only.

    >>> _one_value("ExcludeDeprels", ["punct", "dep"]), _one_value("ExcludeUnicodePunc", True)
    ('punct|dep', '1')
    >>> _one_value("ExcludeDeprels", "punct;dep")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: ExcludeDeprels: one value (Attachment scores one evaluation), \
got 'punct;dep'
    >>> _one_value("ExcludeDeprel", "punct")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: unknown parameter 'ExcludeDeprel' (did you mean ExcludeDeprels?)
    """
    if name not in OPTIONS:
        near = nearest(name, OPTIONS)
        hint = f"did you mean {near[0]}?" if near else f"parameters: {', '.join(OPTIONS)}"
        raise UsageError(f"unknown parameter {name!r} ({hint})")
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if not isinstance(value, str):
        return "|".join(value)
    values = split_values(name, value)
    if len(values) != 1:
        raise UsageError(f"{name}: one value (Attachment scores one evaluation), got {value!r}")
    return values[0]


def _same_words(gold: Treebank, parsed: Treebank, lines: dict[str, list[bytes]],
                first: int) -> None:
    """MaltEval's rule: both sides hold the same sentences and FORMs; else an InputError
    naming the predicted sentence where they part (``lines``: each side's sentences)."""
    found = _empty_sentence(gold, parsed, lines) or _other_words(gold, parsed, lines)
    if found is not None:
        index, problem = found
        raise InputError(f"{problem} (MaltEval scores the same words on both sides; treeeval "
                         "ud aligns different tokenisations)", path="predicted",
                         sentence=first + index)


def _empty_sentence(gold: Treebank, parsed: Treebank,
                    lines: dict[str, list[bytes]]) -> tuple[int, str] | None:
    """The first sentence given without a word on one side and with words on the other (its
    index among ``lines``, and what is wrong), if any: then the treebanks' sentences are not
    the same sentences given."""
    count = len(lines["gold"])
    if len(gold.sizes) == count == len(parsed.sizes):
        return None
    given = _sentences_of(lines["gold"], gold), _sentences_of(lines["predicted"], parsed)
    common = min(map(len, given))
    differ = np.flatnonzero(given[0][:common] != given[1][:common])
    at = int(differ[0]) if len(differ) else common
    if at < len(given[0]) and (at == len(given[1]) or given[0][at] < given[1][at]):
        return int(given[0][at]), f"no word, but gold has {counted(int(gold.sizes[at]), 'word')}"
    if at < len(given[1]):
        return int(given[1][at]), f"{counted(int(parsed.sizes[at]), 'word')}, but gold has none"
    return None


def _other_words(gold: Treebank, parsed: Treebank,
                 lines: dict[str, list[bytes]]) -> tuple[int, str] | None:
    """The first sentence whose words differ in number or FORM (its index among ``lines``,
    and what is wrong), if any, the sentences of the two sides being the same."""
    lengths = np.flatnonzero(gold.sizes != parsed.sizes)
    if len(lengths):
        at = int(lengths[0])
        problem = (f"{counted(int(parsed.sizes[at]), 'word')}, but gold has "
                   f"{gold.sizes[at]}")
    else:
        differ = np.flatnonzero(~gold.equal("form", parsed))
        if not len(differ):
            return None
        token = int(differ[0])
        at = int(parsed.sentence[token])
        problem = (f"word {parsed.positions[token]}: FORM {str(parsed.forms[token])!r}, but "
                   f"gold has {str(gold.forms[token])!r}")
    return int(_sentences_of(lines["predicted"], parsed)[at]), problem


def _sentences_of(texts: list[bytes], treebank: Treebank) -> IntArray:
    """The index in ``texts`` of each sentence of ``treebank``, read from their concatenation.

    >>> from treeeval.model.dependencies import DependencySentence
    >>> tb = Treebank.from_sentences([DependencySentence(["a"], ["X"], [0], ["r"], line=4)])
    >>> _sentences_of([b"1\\ta\\n\\n", b"\\n", b"1\\ta\\n\\n"], tb).tolist()
    [2]
    """
    assert treebank.sentence_line is not None  # read from one text
    ends = np.cumsum([text.count(b"\n") for text in texts])
    return np.searchsorted(ends, treebank.sentence_line - 1, side="right")


@contextmanager
def _in_memory(lines: dict[str, list[bytes]], first: int) -> Iterator[None]:
    """Turn an InputError at a line of a side's concatenated sentences into one naming the
    side, the sentence (``first`` is the index of the first) and its line within it."""
    try:
        yield
    except InputError as error:
        side = error.path or ""
        if side not in lines or error.line is None or error.sentence is not None:
            raise
        raise located(error, side, first, lines[side]) from None
