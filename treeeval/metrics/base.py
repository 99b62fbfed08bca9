"""The lifecycle every streaming metric shares: ``update``, ``compute``, ``reset``,
``state`` and ``merge``, and its ``signature``.

``update(gold, predicted)`` takes one sentence or a batch of them, in any form of
:mod:`treeeval.formats.sentences`, and only encodes them as the lines of the file the
scorer reads: the scoring itself is done on many sentences at once (every
:attr:`StreamingMetric.flush_sentences` sentences, and at ``compute``/``state``/``merge``), so that
an update costs no per-token Python loop.  A wrong sentence is an
:class:`~treeeval.errors.InputError` naming its side and its index among all the sentences
given since the last ``reset`` (``predicted[41]: ...``).

``state()`` is plain data (whole numbers, lists and strings: JSON can carry it, and
``torch.distributed.all_gather_object`` too), and ``merge(other)`` appends another
metric's sentences, or another worker's ``state()``, after this metric's: ``update`` on
each worker followed by ``merge`` in the workers' order gives the numbers of one pass over
all the sentences, bit for bit.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Self, TypeVar

from ..errors import InputError
from ..formats.sentences import batch, encode_batch

#: what ``compute`` returns
Result = TypeVar("Result")


class StreamingMetric(ABC, Generic[Result]):
    """A scorer fed sentence by sentence; see the module."""

    #: the kind of sentence it reads (``brackets`` or ``dependencies``): the class's, or an
    #: instance's when its settings decide (``Lin(heads=None)`` reads dependencies)
    kind: str
    #: how many sentences wait, encoded, before they are scored together
    flush_sentences: ClassVar[int] = 4096

    def __init__(self) -> None:
        self.reset()

    @property
    @abstractmethod
    def signature(self) -> str:
        """The signature of the numbers (the command line's ``--signature``)."""

    def reset(self) -> None:
        """Forget every sentence given so far."""
        self._gold: list[bytes] = []
        self._predicted: list[bytes] = []
        #: how many of the waiting sentences each update gave, in order
        self._updates: list[int] = []
        #: how many sentences were given since the last reset (scored or waiting)
        self.sentences = 0
        self._start()

    def update(self, gold: object, predicted: object) -> None:
        """Add one sentence (``gold`` and ``predicted`` each one sentence) or a batch (two
        sequences of the same length)."""
        golds, predicteds = batch(gold, predicted, self.kind)
        gold_lines = encode_batch(self.kind, golds, "gold", self.sentences)
        predicted_lines = encode_batch(self.kind, predicteds, "predicted", self.sentences)
        self._gold += gold_lines
        self._predicted += predicted_lines
        if gold_lines:
            self._updates.append(len(gold_lines))
        self.sentences += len(gold_lines)
        if len(self._gold) >= self.flush_sentences:
            self._flush()

    def compute(self) -> Result:
        """The result of every sentence given, the file API's result object."""
        self._flush()
        return self._result()

    def state(self) -> dict[str, Any]:
        """This metric's counts as plain data (see the module)."""
        self._flush()
        return {"metric": type(self).__name__, "signature": self.signature,
                "sentences": self.sentences, **self._counts()}

    def merge(self, other: StreamingMetric[Result] | Mapping[str, Any]) -> Self:
        """Append ``other``'s sentences (a metric or its ``state()``) after this one's."""
        state = other.state() if isinstance(other, StreamingMetric) else other
        if state.get("metric") != type(self).__name__ or state.get("signature") != self.signature:
            raise InputError(f"cannot merge {state.get('metric')} ({state.get('signature')}) "
                             f"into {type(self).__name__} ({self.signature}): the settings "
                             "differ", path="merge")
        self._flush()
        self._add_counts(state, self.sentences)
        self.sentences += int(state["sentences"])
        return self

    def _flush(self) -> None:
        """Score the sentences waiting (they are dropped if one is wrong)."""
        if not self._gold:
            return
        gold, predicted, updates = self._gold, self._predicted, self._updates
        self._gold, self._predicted, self._updates = [], [], []
        self._score(gold, predicted, self.sentences - len(gold), updates)

    # -- what each metric defines --------------------------------------------------------
    @abstractmethod
    def _start(self) -> None:
        """Set the counts to those of no sentence."""

    @abstractmethod
    def _score(self, gold: list[bytes], predicted: list[bytes], first: int,
               updates: list[int]) -> None:
        """Score sentences (each one's lines in the file format, line break included);
        ``first`` is the index of the first among all given, ``updates`` how many of them
        each update gave, in order (for a rule that holds update by update)."""

    @abstractmethod
    def _result(self) -> Result:
        """The result of the sentences scored."""

    @abstractmethod
    def _counts(self) -> dict[str, Any]:
        """The counts of the sentences scored, as plain data."""

    @abstractmethod
    def _add_counts(self, state: Mapping[str, Any], offset: int) -> None:
        """Append the counts of ``state``, whose first sentence is sentence ``offset``."""
