"""The user guide's example GroupBy plug-in (section 5), ``ArcDirectionAndDeprel``, in Python.

A token's key is its arc direction, as the built-in ArcDirection names it (``left``: the
head is to the left of the token; ``right``; ``to_root``: the head is 0; ``self``: the token
is its own head), then `` / ``, then its dependency label.  The grouping is two-sided like
ArcDirection: with a metric such as LAS it shows parseraccuracy and treebankaccuracy, and
with the grouping as its own metric precision and recall.

treeeval registers it under the entry point group ``treeeval.groupings``, so::

    treeeval dep --GroupBy ArcDirectionAndDeprel -g gold.conll -s parsed.conll

uses it; ``--plugin treeeval.dep.grouping.plugin_example:ArcDirectionAndDeprel`` loads it explicitly.

>>> from types import SimpleNamespace
>>> tb = SimpleNamespace(heads=np.array([2, 0, 2, 4]), positions=np.array([1, 2, 3, 4]),
...                      labels=np.array(["nsubj", "root", "obj", "dep"], dtype=object))
>>> ArcDirectionAndDeprel().keys(tb).tolist()
['right / nsubj', 'to_root / root', 'left / obj', 'self / dep']
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...arrays import ObjectArray
from .plugins import GroupingBase


class ArcDirectionAndDeprel(GroupingBase):
    """The arc direction and the dependency label of each token, e.g. ``left / obj``."""

    two_sided = True

    def keys(self, treebank: Any) -> ObjectArray:
        heads, positions = treebank.heads, treebank.positions
        direction = np.select([heads == 0, heads < positions, heads > positions],
                              ["to_root", "left", "right"], "self").astype(object)
        return direction + " / " + np.asarray(treebank.labels, dtype=object)
