"""Streaming metrics for training loops: the reference tools' exact numbers on sentences
held in memory, one class per scorer, each with ``update``, ``compute``, ``reset``,
``state``, ``merge`` and ``signature`` (:mod:`.base`; docs/api.md).

>>> from treeeval.metrics import Brackets
>>> metric = Brackets("COLLINS.prm")
>>> metric.update(["(S (NP (NN Rain)) (VP (VBD fell)))"], ["(S (NP (NN Rain)) (VP (VBD fell)))"])
>>> metric.compute().all_totals.fmeasure()
100.0
"""

from __future__ import annotations

from ..lazy import lazy_members

__all__ = ["Attachment", "Brackets", "ErrorClasses", "Lin", "StreamingMetric", "UD"]

__getattr__, __dir__ = lazy_members(__name__, {
    "Attachment": ".attachment",
    "Brackets": ".brackets",
    "ErrorClasses": ".errorclasses",
    "Lin": ".lin",
    "StreamingMetric": ".base",
    "UD": ".ud",
})
