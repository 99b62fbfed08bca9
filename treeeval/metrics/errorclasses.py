"""``ErrorClasses``: Kummerfeld et al.'s (2012) parse error classes, fed tree by tree.

>>> metric = ErrorClasses()
>>> metric.update("(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (NN it)))))",
...               "(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man) (PP (IN with) (NP (NN it))))))")
>>> metric.update(["(S (NP (NN Rain)) (VP (VBD fell)))"], [None])
>>> result = metric.compute()
>>> [(c.name, c.count, c.brackets) for c in result.systems[0].classes]
[('PP Attachment', 1, 2)]
>>> [sentence.status for sentence in result.systems[0].sentences]
['ok', 'empty']
>>> metric.state()["classes"]
{'PP Attachment': [1, 2]}
>>> metric.signature  # doctest: +ELLIPSIS
'cmd:errors|prm:none|del:builtin|version:...'

The result is the one ``treeeval.classify_errors`` gives for the two files these trees make,
one per line (gold ``gold``, one system ``predicted``), and ``treeeval errors`` prints its
table (``treeeval.errorclasses.report.render``).  A prediction that is None (no parse) or a
blank string is a line without a tree, which the classifier skips.  ``params`` (EVALB
parameters, as ``-p``) replaces the classifier's deletion of -NONE- and punctuation with
their DELETE_LABEL lines.

The state is plain data: each sentence's repairs as ``--per-sentence`` writes them (a few
numbers and labels per repair: the search is what costs, not keeping its outcome), the lines
holding a tree on each side, and, for a look at a worker's progress, the tally per class
(count and bracket errors), which a merge recomputes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from ..bracket.params import GivenParams, prm_names
from ..collector import frozen_after
from ..errorclasses.api import (
    ErrorsResult,
    SentenceRepairs,
    SystemErrors,
    classify_system,
    evalb_params,
    read_golds,
    reading_rules,
)
from ..errorclasses.partial import gold_notices, test_notices
from ..errorclasses.settings import signature_items
from ..errors import InputError
from ..formats.prm import find_prm
from ..policy import signature
from .base import StreamingMetric
from .located import located

#: the names of the two sides, as the result names the files
SIDES = ("gold", "predicted")


class ErrorClasses(StreamingMetric[ErrorsResult]):
    """The error classes of the predicted trees against the gold ones; ``params`` a .prm
    name or path (bundled ones found by name), a list of them applied in order, an
    EvalbParams, or None for the classifier's own deletions."""

    kind = "brackets"

    def __init__(self, params: GivenParams = None) -> None:
        self.params = evalb_params(params)
        self._signature = signature.build("errors", signature_items(
            [find_prm(name) for name in prm_names(params)], self.params))
        #: the deleter, and whether labels lose their features (params under evalb_spmrl's rules)
        self._delete, self._spmrl = reading_rules(self.params, False)
        super().__init__()

    @property
    def signature(self) -> str:
        return self._signature

    def _start(self) -> None:
        self._sentences: list[SentenceRepairs] = []
        #: the sentences whose gold, and whose predicted, line holds a tree
        self._trees = [0, 0]

    def _score(self, gold: list[bytes], predicted: list[bytes], first: int,
               updates: list[int]) -> None:  # no rule of theirs holds update by update
        streams = []
        for side, lines in zip(SIDES, (gold, predicted)):
            stream = io.BytesIO(b"".join(lines))
            stream.name = side
            streams.append(stream)
        try:  # as classify_errors: the gold trees out of the collector's way (a third faster)
            with frozen_after(lambda: read_golds(streams[0], self._delete, self._spmrl)) as golds:
                sentences, trees = classify_system(golds, streams[1], self._delete,
                                                  self._spmrl)
        except InputError as exc:
            side = "predicted" if exc.path == "predicted" else "gold"  # the stream it read
            raise located(exc, side, first, predicted if side == "predicted" else gold) from None
        for sentence in sentences:
            sentence.sentence += first
        self._sentences += sentences
        self._trees[0] += sum(tree is not None for tree, _ in golds)
        self._trees[1] += trees

    def _result(self) -> ErrorsResult:
        count = len(self._sentences)
        gold, test = SIDES
        system = SystemErrors(test, list(self._sentences), count,
                              test_notices(gold, count, self._trees[0], test, count,
                                           self._trees[1]))
        return ErrorsResult(gold, [system], count, gold_notices(gold, self._trees[0]))

    def _counts(self) -> dict[str, Any]:
        tally = SystemErrors(SIDES[1], self._sentences).tally()
        return {"per_sentence": [sentence.to_dict() for sentence in self._sentences],
                "trees": list(self._trees),
                "classes": {name: list(counts) for name, counts in sorted(tally.items())}}

    def _add_counts(self, state: Mapping[str, Any], offset: int) -> None:
        for number, document in enumerate(state["per_sentence"], start=offset + 1):
            sentence = SentenceRepairs.from_dict(document)
            sentence.sentence = number
            self._sentences.append(sentence)
        self._trees = [mine + theirs for mine, theirs in zip(self._trees, state["trees"])]
