"""MaltEval's GroupBy values: sorting tokens into groups and computing each group's columns.

MaltEval counts every grouping the same way.  Each token gets a key from the gold
analysis and a key from the parsed one; a token left in on the gold side (see
:mod:`.exclusions`) counts in its gold group (``treebankcounter``, and
``treebankcorrectcounter`` when it is a hit), a token left in on the parsed side counts in
its parsed group (``parsercounter``, ``parsercorrectcounter``).  The groups are the keys
seen on either side, in Java order (String order, or numeric order for numeric keys).
What a table shows depends on the kind of grouping:

* accuracy groupings (Wordform, Lemma, Cpostag, Postag, Feats, SentenceLength,
  StartWordPosition, EndWordPosition): ``accuracy`` = parsercorrectcounter /
  parsercounter, ``counter`` = treebankcounter, ``correctcounter`` = treebankcorrectcounter;
* two-sided groupings (Deprel, RelationLength, GroupedRelationLength, ArcDirection,
  ArcDepth, BranchingFactor, ArcProjectivity, Frame): parseraccuracy, treebankaccuracy and
  the four counters; under the grouping's own metric (``self``, the grouping's name, or
  the metric it corresponds to, e.g. LA for Deprel) precision, recall and fscore instead
  (see :data:`SELF_METRICS`);
* Token (one row per token) and Sentence (one row per sentence, with the attributes of
  the sentence's trees) have a Row mean and a Row count.

Built-in groupings (:mod:`.token_groupings`, :mod:`.arc_groupings`) follow the plug-in
protocol of :mod:`.plugins` (``name``, ``two_sided``, ``keys(treebank)``, ``order(keys)``,
``default_attributes``) and add a fast ``categories(treebank)``: integer codes and their
names.  A run's :class:`~.registry.Groupings` maps each name to its grouping; :func:`group`
also takes a plug-in object, and complex values such as ``Cpostag@-1#Wordform``
(:mod:`.complex_groupby`).  Token and Sentence are in :mod:`.token_tables`, PreAndPost and
the Clustering groupings in :mod:`.postprocessing`.

>>> gold = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 2], ["nsubj", "root", "punct"])])
>>> parsed = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 1], ["dobj", "root", "punct"])])
>>> table = group("Token", token_hits("LAS", gold, parsed), gold, parsed)
>>> table.summary["accuracy"]
(0.3333333333333333, 3)
>>> table = group("Deprel", token_hits("LAS", gold, parsed), gold, parsed)
>>> table.groups, table.columns["treebankcounter"].tolist()
(['dobj', 'nsubj', 'punct', 'root'], [0, 1, 1, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...arrays import BoolArray, IntArray, ObjectArray
from ...model.dependencies import DependencySentence  # noqa: F401 (its doctests build sentences)
from ...model.treebank import Treebank
from ..exclusions import Exclusions
from ..metrics import token_hits
from .group_table import GroupTable, count, ratio
from .plugins import group_order, grouping_keys
from .postprocessing import POSTPROCESSED, postprocess
from .registry import BUILTIN, CORRESPONDING_METRICS, Groupings
from .token_tables import TokenNumbering, sentence_table, token_table


def grouping_hits(grouping: str | Any, metric: str, gold: Treebank, parsed: Treebank,
                  groupings: Groupings = BUILTIN) -> BoolArray:
    """The per-token hits of ``metric`` under ``grouping``: the metric's own, except that the
    grouping's own metric (``self`` or the grouping's name) is a hit where the gold and the
    parsed keys agree; for Token, Sentence and accuracy groupings ``self`` means LAS, for
    PreAndPost every token is a hit (its keys, sentence and position, always agree).

    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [2, 0], ["d", "r"])])
    >>> grouping_hits("ArcDirection", "self", g, p).tolist()
    [False, False]
    >>> grouping_hits("GroupedRelationLength", "self", g, p).tolist()
    [False, False]
    >>> grouping_hits("PreAndPost", "PreAndPost", g, p).tolist()
    [True, True]
    """
    found = groupings.find(grouping)
    name = found if isinstance(found, str) else found.name
    if metric not in ("self", name):
        return token_hits(metric, gold, parsed)
    if found == "PreAndPost":
        return np.ones(len(gold.heads), dtype=bool)
    if isinstance(found, str) or not found.two_sided:
        return token_hits("LAS", gold, parsed)
    (gold_codes, parsed_codes), _ = _side_categories(found, gold, parsed)
    return gold_codes == parsed_codes


def _side_categories(grouping: Any, gold: Treebank, parsed: Treebank
                     ) -> tuple[tuple[IntArray, IntArray], list[str]]:
    """Both sides' key codes in one code space, numbered in the grouping's display order."""
    categories = getattr(grouping, "categories", None)
    if categories is not None:
        (gold_codes, gold_names), (parsed_codes, parsed_names) = categories(gold), categories(
            parsed)
    else:  # a plug-in or a complex grouping: str keys, checked
        gold_names, gold_codes = _factorize(grouping_keys(grouping, gold))
        parsed_names, parsed_codes = _factorize(grouping_keys(grouping, parsed))
    used_gold = np.bincount(gold_codes, minlength=len(gold_names)) > 0
    used_parsed = np.bincount(parsed_codes, minlength=len(parsed_names)) > 0
    present = {gold_names[i] for i in np.flatnonzero(used_gold)}
    present.update(parsed_names[i] for i in np.flatnonzero(used_parsed))
    names = group_order(grouping, present)
    rank = {name: i for i, name in enumerate(names)}

    def translate(codes: IntArray, side_names: list[str], used: BoolArray) -> IntArray:
        table = np.array([rank[name] if used[i] else -1 for i, name in enumerate(side_names)],
                         dtype=np.int64)
        return table[codes] if len(table) else codes

    return (translate(gold_codes, gold_names, used_gold),
            translate(parsed_codes, parsed_names, used_parsed)), names


def _factorize(keys: ObjectArray) -> tuple[list[str], IntArray]:
    if len(keys) == 0:
        return [], np.zeros(0, dtype=np.int64)
    names, codes = np.unique(keys.astype(str), return_inverse=True)
    return names.tolist(), codes.reshape(-1).astype(np.int64)


def group(grouping: str | Any, hits: BoolArray, gold: Treebank, parsed: Treebank,
          metric: str = "LAS", *, exclusions: Exclusions | None = None,
          numbering: TokenNumbering | None = None,
          attributes: Sequence[str] = (), groupings: Groupings = BUILTIN) -> GroupTable:
    """Group the per-token hits as MaltEval's GroupBy ``grouping`` does.

    ``grouping`` is a GroupBy name or a grouping object (a plug-in); ``metric`` decides
    whether a two-sided grouping shows precision and recall (see
    :meth:`~.registry.Groupings.is_self_metric`); ``groupings`` is the run's registry.
    With ``exclusions`` the tokens they leave out on the gold side are left out of the gold
    counts, those they leave out on the parsed side out of the parsed counts (MaltEval's
    sides; for Token and the accuracy groupings the accuracy is the parsed side's).
    ``numbering`` names Token's rows across the evaluations of a run (:class:`TokenNumbering`).
    ``attributes`` are those the GroupBy format names (``all`` included): PreAndPost,
    Clustering and Clustering2 read the first (:func:`~.postprocessing.token_table_right`).

    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "r"])])
    >>> table = group("Deprel", token_hits("LAS", g, p), g, p)
    >>> columns = table.columns
    >>> table.groups, columns["parseraccuracy"].tolist(), columns["treebankaccuracy"].tolist()
    (['d', 'r'], [nan, 0.5], [0.0, 1.0])
    >>> table = group("Deprel", token_hits("LAS", g, p), g, p,
    ...               exclusions=Exclusions(values={"deprel": {"d"}}))
    >>> table.groups, table.columns["parsercounter"].tolist()
    (['r'], [2])
    """
    hits = np.asarray(hits, dtype=bool)
    gold_keep, parsed_keep = exclusions.masks(gold, parsed) if exclusions else (None, None)
    found = groupings.find(grouping)
    if found == "Token":
        bounds = exclusions.in_bounds(gold) if exclusions else None
        return token_table(hits, gold, bounds, gold_keep, parsed_keep, numbering)
    if found == "Sentence":
        return sentence_table(hits, gold, parsed, gold_keep, parsed_keep)
    if found in POSTPROCESSED:
        return postprocess(found, attributes, hits, gold, gold_keep, parsed_keep)
    (gold_codes, parsed_codes), names = _side_categories(found, gold, parsed)
    size = len(names)
    gold_hits = hits if gold_keep is None else hits & gold_keep
    parsed_hits = hits if parsed_keep is None else hits & parsed_keep
    treebank_counter = count(gold_codes, gold_keep, size)
    parser_counter = count(parsed_codes, parsed_keep, size)
    treebank_correct = count(gold_codes, gold_hits, size)
    parser_correct = count(parsed_codes, parsed_hits, size)
    rows = np.flatnonzero((treebank_counter > 0) | (parser_counter > 0))
    names = [names[i] for i in rows]
    treebank_counter, parser_counter = treebank_counter[rows], parser_counter[rows]
    treebank_correct, parser_correct = treebank_correct[rows], parser_correct[rows]
    if not found.two_sided:
        columns = {"accuracy": ratio(parser_correct, parser_counter),
                   "counter": treebank_counter, "correctcounter": treebank_correct}
        default = list(getattr(found, "default_attributes", None) or ["accuracy"])
        return GroupTable(found.name, names, columns, default,
                          counts={"counter", "correctcounter"})
    default = list(getattr(found, "default_attributes", None)
                   or ["parseraccuracy", "treebankaccuracy"])
    if groupings.is_self_metric(found, metric):
        precision = ratio(parser_correct, parser_counter)
        recall = ratio(treebank_correct, treebank_counter)
        columns = {"precision": precision, "recall": recall,
                   "fscore": ratio(2 * precision * recall, precision + recall),
                   "parsercounter": parser_counter, "treebankcounter": treebank_counter,
                   "correctcounter": treebank_correct}
        if metric in ("self", found.name, CORRESPONDING_METRICS.get(found.name)):
            default = ["precision", "recall", "fscore"]
        return GroupTable(found.name, names, columns, default,
                          counts={name for name in columns if name.endswith("counter")})
    columns = {
        "parseraccuracy": ratio(parser_correct, parser_counter),
        "treebankaccuracy": ratio(treebank_correct, treebank_counter),
        "parsercounter": parser_counter, "treebankcounter": treebank_counter,
        "parsercorrectcounter": parser_correct, "treebankcorrectcounter": treebank_correct,
    }
    return GroupTable(found.name, names, columns, default,
                      counts={name for name in columns if name.endswith("counter")})
