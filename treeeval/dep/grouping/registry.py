"""The GroupBy registry: which grouping a GroupBy name stands for, in one run.

:class:`Groupings` knows the built-in groupings and the plug-ins of the run; ``--plugin``
makes a new registry for its run (:meth:`Groupings.with_plugins`), so nothing is left
behind for the next run in the same process.  Names it does not know are complex GroupBy
values (:mod:`.complex_groupby`) or plug-ins installed under the ``treeeval.groupings``
entry point (:mod:`.plugins`).

>>> BUILTIN.find("Deprel").two_sided, BUILTIN.find("Token")
(True, 'Token')
>>> mine = BUILTIN.with_plugins(["treeeval.dep.grouping.plugin_example:ArcDirectionAndDeprel"])
>>> mine.find("ArcDirectionAndDeprel").name, "ArcDirectionAndDeprel" in BUILTIN.plugins
('ArcDirectionAndDeprel', False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..refusals import ValueRefused
from .arc_groupings import ARC_GROUPINGS
from .plugins import Grouping, load_plugin
from .plugins import find_grouping as find_plugin
from .postprocessing import POSTPROCESSED
from .token_groupings import TOKEN_GROUPINGS

#: every built-in GroupBy value but those :func:`~.groupings.group` computes itself
GROUPINGS: Mapping[str, Any] = MappingProxyType(
    {grouping.name: grouping for grouping in TOKEN_GROUPINGS + ARC_GROUPINGS})
#: the groupings :func:`~.groupings.group` computes itself (:meth:`Groupings.find` returns
#: their names): Token, Sentence, and PreAndPost, Clustering and Clustering2 (MaltEval
#: 1.0's, not in the guide)
NAMED = ("Token", "Sentence", *POSTPROCESSED)
#: every GroupBy value of the user guide
GROUPBY_NAMES = ["Token", "Wordform", "Lemma", "Cpostag", "Postag", "Feats", "Deprel",
                 "Sentence", "RelationLength", "GroupedRelationLength", "SentenceLength",
                 "StartWordPosition", "EndWordPosition", "ArcDirection", "ArcDepth",
                 "BranchingFactor", "ArcProjectivity", "Frame"]
#: a grouping's "corresponding metric" (MaltEval's ``correspondingMetric``): a metric that is
#: a substring of it makes the grouping show precision, recall and fscore (as the grouping's
#: own name and ``self`` do), but only the whole string makes them the default columns; so
#: ``--Metric LA --GroupBy Deprel`` needs a format (MaltEval aborts on the default one)
CORRESPONDING_METRICS = {"Deprel": "LabelRight|LA", "ArcDirection": "DirectionRight",
                         "RelationLength": "HeadToChildDistanceRight",
                         "GroupedRelationLength": "GroupedHeadToChildDistanceRight"}
#: the metric ``self`` stands for under Token, Sentence and the accuracy groupings
#: (MaltEval prints its class name, BothRight, which is LAS)
ACCURACY_SELF_METRIC = "BothRight"


class Groupings:
    """The groupings one run knows: the built-ins, then its ``plugins`` (by name; a built-in
    of the same name wins, and the first plug-in of a name), then installed ones."""

    def __init__(self, plugins: Sequence[Grouping] = ()) -> None:
        found: dict[str, Grouping] = {}
        for plugin in plugins:
            if plugin.name not in GROUPBY_NAMES:
                found.setdefault(plugin.name, plugin)
        self.plugins: Mapping[str, Grouping] = MappingProxyType(found)

    def with_plugins(self, specs: Iterable[str]) -> Groupings:
        """A new registry with these groupings and the plug-ins ``MODULE:CLASS`` or
        ``FILE.py:CLASS`` of ``specs`` (loaded now; a failure is a UsageError)."""
        return Groupings([*self.plugins.values(), *(load_plugin(spec) for spec in specs)])

    def find(self, grouping: str | Any) -> Any:
        """The grouping object of a GroupBy name (Token, Sentence and the post-processing
        groupings are names only): a built-in, a plug-in of the run, a complex grouping, or
        one an installed distribution registers under the ``treeeval.groupings`` entry
        point; an object is returned as it is."""
        if not isinstance(grouping, str) or grouping in NAMED:
            return grouping
        known = self._named(grouping)
        if known is not None:
            return known
        from .complex_groupby import is_complex, parse_complex_groupby  # lark: only if needed

        if is_complex(grouping):
            complex_grouping = parse_complex_groupby(grouping)
            simple = self._named(complex_grouping.simple or "")
            return complex_grouping if simple is None else simple
        return find_plugin(grouping, {name: GROUPINGS.get(name, name) for name in GROUPBY_NAMES})

    def _named(self, name: str) -> Any:
        """The built-in or the run's plug-in called ``name`` (None: neither)."""
        return GROUPINGS[name] if name in GROUPINGS else self.plugins.get(name)

    def is_self_metric(self, grouping: str | Any, metric: str) -> bool:
        """Whether ``metric`` is the grouping's own metric (``self``, its name, or part of
        the metric it corresponds to), which makes a two-sided grouping show precision,
        recall and fscore.

        >>> BUILTIN.is_self_metric("Deprel", "LA"), BUILTIN.is_self_metric("Deprel", "LAS")
        (True, False)
        >>> BUILTIN.is_self_metric("ArcProjectivity", "self"), BUILTIN.is_self_metric("Cpostag", "self")
        (True, False)
        """
        found = self.find(grouping)
        if isinstance(found, str) or not found.two_sided:
            return False
        return (metric in ("self", found.name)
                or bool(metric) and metric in CORRESPONDING_METRICS.get(found.name, ""))

    def self_metric_name(self, grouping: str | Any) -> str:
        """The metric ``--Metric self`` stands for under ``grouping`` (MaltEval prints this
        name): the grouping's own name for a two-sided grouping and for PreAndPost, BothRight
        (LAS) otherwise.  Under Clustering and Clustering2 MaltEval aborts (it looks for a
        metric named SentenceAndToken).

        >>> BUILTIN.self_metric_name("Deprel"), BUILTIN.self_metric_name("Token")
        ('Deprel', 'BothRight')
        >>> BUILTIN.self_metric_name("Cpostag"), BUILTIN.self_metric_name("PreAndPost")
        ('BothRight', 'PreAndPost')
        >>> BUILTIN.self_metric_name("Clustering")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        treeeval.dep.refusals.ValueRefused: Metric self is not defined for GroupBy Clustering ...
        >>> BUILTIN.self_metric_name("Cpostag@-1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        treeeval.dep.refusals.ValueRefused: Metric self is not defined for the complex GroupBy ...
        """
        found = self.find(grouping)
        if found == "PreAndPost":
            return found
        if found in POSTPROCESSED:
            raise ValueRefused("Metric", f"Metric self is not defined for GroupBy {found} "
                                         "(MaltEval aborts)", "self")
        if isinstance(grouping, str) and _is_complex(grouping):  # no name is complex
            # MaltEval fails with a NullPointerException here (docs/differences.md)
            raise ValueRefused("Metric", "Metric self is not defined for the complex GroupBy "
                                         f"value {grouping}", "self")
        return found.name if not isinstance(found, str) and found.two_sided else ACCURACY_SELF_METRIC


def _is_complex(grouping: str) -> bool:
    from .complex_groupby import is_complex  # lark: only if needed

    return is_complex(grouping)


#: the built-in groupings and no plug-in (installed entry points are still found)
BUILTIN = Groupings()
