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

Built-in groupings follow the plug-in protocol of :mod:`.plugins` (``name``,
``two_sided``, ``keys(treebank)``, ``order(keys)``, ``default_attributes``) and add a fast
``categories(treebank)``: integer codes and their names.  :data:`GROUPINGS` maps each name to
its grouping; :func:`group` also takes a plug-in object, and complex values such as
``Cpostag@-1#Wordform`` (:mod:`.complex_groupby`).

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

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from ..errors import InputError, UsageError
from ..model.dependencies import DependencySentence
from ..model.treebank import Treebank
from .aggregate import row_mean
from .exclusions import Exclusions
from .metrics import token_hits
from .plugins import find_grouping as find_plugin
from .plugins import group_order, grouping_keys, java_string_order
from .trees import arc_depths, has_cycle, is_connected, is_projective, projective_arcs

#: the attributes of Sentence, in MaltEval's ``all`` order
SENTENCE_ATTRIBUTES = ["accuracy", "exactmatch", "correctcounter", "includedtokenscount",
                       "sentencelength", "isparserconnected", "istreebankconnected",
                       "hasparsercycle", "hastreebankcycle", "isparserprojective",
                       "istreebankprojective", "id"]
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
#: MaltEval 1.0's groupings that post-process a table of one row per token (its
#: SentenceAndToken grouping, keyed by sentence and position): a format names the attributes
#: of that table, and the first one decides which tokens are right (its value is 1)
POSTPROCESSED = ("PreAndPost", "Clustering", "Clustering2")
#: the attributes of the per-token table a post-processing grouping reads
TOKEN_TABLE_ATTRIBUTES = ("accuracy", "counter", "correctcounter")


@dataclass
class GroupTable:
    """The result of one GroupBy: per-group columns and, for some groupings, a summary.

    ``columns`` maps an attribute to one value per group (NaN where undefined);
    ``summary`` maps an attribute to its (Row mean, Row count); without ``aggregated`` the
    table has no Row mean at all, not even for a cross-validation summary (PreAndPost's,
    which MaltEval builds anew after the evaluation).  ``attributes``, when given, are the
    names a format may use although the table has only ``columns`` (Clustering shows its
    one accuracy column whatever the format names); ``warning`` is a line MaltEval prints
    on stdout while it evaluates.
    """

    name: str
    groups: Sequence[str]
    columns: dict[str, np.ndarray]
    default: list[str]
    summary: dict[str, tuple[float, int]] = field(default_factory=dict)
    counts: set[str] = field(default_factory=set)
    aggregated: bool = True
    attributes: Sequence[str] = ()
    warning: str = ""


Categories = tuple[np.ndarray, list[str]]


@dataclass(frozen=True)
class BuiltinGrouping:
    """A built-in GroupBy value: ``categories`` gives each token's key as a code and the
    names of the codes; ``numeric`` keys are ordered as numbers (MaltEval's Integer keys)."""

    name: str
    two_sided: bool
    categories: Callable[[Treebank], Categories]
    numeric: bool = False

    @property
    def default_attributes(self) -> list[str]:
        return ["parseraccuracy", "treebankaccuracy"] if self.two_sided else ["accuracy"]

    def keys(self, treebank: Treebank) -> np.ndarray:
        """One str key per token (the plug-in protocol of :mod:`.plugins`)."""
        codes, names = self.categories(treebank)
        return np.array(names, dtype=object)[codes] if len(names) else np.zeros(0, object)

    def order(self, keys: Iterable[str]) -> list[str]:
        """The distinct keys in MaltEval's order."""
        if self.numeric:
            return sorted(set(keys), key=int)
        return java_string_order(keys)


def _column(column: str) -> Callable[[Treebank], Categories]:
    def categories(tb: Treebank) -> Categories:
        return tb.codes[column].astype(np.int64), tb.vocabulary.strings(column).tolist()
    return categories


def _numbers(values: Callable[[Treebank], np.ndarray]) -> Callable[[Treebank], Categories]:
    def categories(tb: Treebank) -> Categories:
        numbers = np.asarray(values(tb), dtype=np.int64)
        if len(numbers) == 0:
            return numbers, []
        low = int(numbers.min())
        return numbers - low, [str(low + i) for i in range(int(numbers.max()) - low + 1)]
    return categories


def _labelled(names: list[str], codes: Callable[[Treebank], np.ndarray]
              ) -> Callable[[Treebank], Categories]:
    def categories(tb: Treebank) -> Categories:
        return np.asarray(codes(tb), dtype=np.int64), names
    return categories


def _relation_length(tb: Treebank) -> np.ndarray:
    return np.where(tb.heads == 0, -1, np.abs(tb.heads - tb.positions))


def _grouped_relation_length(tb: Treebank) -> np.ndarray:
    """1 for lengths 0 (a token that is its own head) and 1, then 2, 3-6, 7-... and
    to_root, as MaltEval groups them."""
    distance = np.abs(tb.heads - tb.positions)
    return np.select([tb.heads == 0, distance >= 7, distance >= 3, distance == 2],
                     [4, 3, 2, 1], 0)


def _arc_direction(tb: Treebank) -> np.ndarray:
    """left (head before the token), right, to_root or self (the token is its own head)."""
    return np.select([tb.heads == 0, tb.heads == tb.positions, tb.heads < tb.positions],
                     [2, 3, 0], 1)


def _branching_factor(tb: Treebank) -> np.ndarray:
    """How many dependents each token has."""
    dependents = tb.heads > 0
    return np.bincount(tb.starts[dependents] + tb.heads[dependents] - 1, minlength=len(tb))


def _frame_categories(tb: Treebank) -> Categories:
    """Each token's frame: its dependents' labels and its own (``*label*``) in word order,
    each followed by a space, e.g. ``nsubj *root* dobj punct ``; a token that is its own
    head is one of its dependents and gets no ``*label*``.

    A frame is a sequence of (label, is the token itself); the sequences are numbered one
    item at a time (a prefix's number with the next item), and only one token of each
    distinct frame has its text built.

    >>> s = DependencySentence(["It", "rains", "."], ["X"] * 3, [2, 0, 2], ["nsubj", "root", "p"])
    >>> t = DependencySentence(["Go", "!"], ["X"] * 2, [0, 2], ["root", "p"])
    >>> codes, names = _frame_categories(Treebank.from_sentences([s, t]))
    >>> [names[c] for c in codes]
    ['*nsubj* ', 'nsubj *root* p ', '*p* ', '*root* ', 'p ']
    """
    n = len(tb)
    if n == 0:
        return np.zeros(0, dtype=np.int64), []
    labels = tb.codes["deprel"].astype(np.int64)
    dependents = np.flatnonzero(tb.heads > 0)
    # a token that is its own head is listed once, as its own dependent (MaltEval's getFrame)
    own = np.flatnonzero(tb.heads != tb.positions)
    owner = np.concatenate([own, tb.starts[dependents] + tb.heads[dependents] - 1])
    position = np.concatenate([tb.positions[own], tb.positions[dependents]])
    item = np.concatenate([labels[own] * 2 + 1, labels[dependents] * 2])
    order = np.lexsort((position, owner))
    owner, item = owner[order], item[order]
    length = np.bincount(owner, minlength=n)
    first = np.cumsum(length) - length
    kinds = int(item.max()) + 1
    code = np.zeros(n, dtype=np.int64)
    for k in range(int(length.max())):
        rows = np.flatnonzero(length > k)
        _, numbered = np.unique(code[rows] * kinds + item[first[rows] + k], return_inverse=True)
        code[rows] = numbered.reshape(-1)
    distinct, firsts, codes = np.unique(length * (n + 1) + code, return_index=True,
                                        return_inverse=True)
    strings = tb.vocabulary.strings("deprel")
    names = []
    for token in firsts.tolist():
        items = item[first[token]:first[token] + length[token]].tolist()
        names.append("".join(f"*{strings[i >> 1]}* " if i & 1 else f"{strings[i >> 1]} "
                             for i in items))
    return codes.reshape(-1).astype(np.int64), names


#: every built-in GroupBy value but Token and Sentence, then the plug-ins found (find_grouping)
GROUPINGS: dict[str, Any] = {
    grouping.name: grouping for grouping in [
        BuiltinGrouping("Wordform", False, _column("form")),
        BuiltinGrouping("Lemma", False, _column("lemma")),
        BuiltinGrouping("Cpostag", False, _column("cpostag")),
        BuiltinGrouping("Postag", False, _column("postag")),
        BuiltinGrouping("Feats", False, _column("feats")),
        BuiltinGrouping("Deprel", True, _column("deprel")),
        BuiltinGrouping("RelationLength", True, _numbers(_relation_length), numeric=True),
        BuiltinGrouping("GroupedRelationLength", True, _labelled(
            ["1", "2", "3-6", "7-...", "to_root"], _grouped_relation_length)),
        BuiltinGrouping("SentenceLength", False,
                        _numbers(lambda tb: np.repeat(tb.sizes, tb.sizes)), numeric=True),
        # MaltEval's keys are 0-based word indices (the guide says the first word is 1)
        BuiltinGrouping("StartWordPosition", False, _numbers(lambda tb: tb.positions - 1),
                        numeric=True),
        BuiltinGrouping("EndWordPosition", False, _numbers(
            lambda tb: np.repeat(tb.sizes, tb.sizes) - tb.positions), numeric=True),
        # not in the guide, listed by MaltEval 1.0's --help: 1 + floor(14 * position / length)
        BuiltinGrouping("RelativeWordPosition", False, _numbers(
            lambda tb: 1 + 14 * tb.positions // np.repeat(tb.sizes, tb.sizes)), numeric=True),
        BuiltinGrouping("ArcDirection", True, _labelled(["left", "right", "to_root", "self"],
                                                        _arc_direction)),
        BuiltinGrouping("ArcDepth", True, _numbers(lambda tb: arc_depths(tb)),
                        numeric=True),
        BuiltinGrouping("BranchingFactor", True, _numbers(_branching_factor), numeric=True),
        BuiltinGrouping("ArcProjectivity", True, _labelled(
            ["Non-proj", "Proj"], lambda tb: projective_arcs(tb).astype(np.int64))),
        BuiltinGrouping("Frame", True, _frame_categories),
    ]
}
#: every GroupBy value of the user guide
#: the groupings :func:`group` computes itself (find_grouping returns their names): Token,
#: Sentence, and PreAndPost, Clustering and Clustering2 (MaltEval 1.0's, not in the guide)
NAMED = ("Token", "Sentence", "PreAndPost", "Clustering", "Clustering2")
GROUPBY_NAMES = ["Token", "Wordform", "Lemma", "Cpostag", "Postag", "Feats", "Deprel",
                 "Sentence", "RelationLength", "GroupedRelationLength", "SentenceLength",
                 "StartWordPosition", "EndWordPosition", "ArcDirection", "ArcDepth",
                 "BranchingFactor", "ArcProjectivity", "Frame"]


def find_grouping(grouping: str | Any) -> Any:
    """The grouping object of a GroupBy name (Token and Sentence are names only): a built-in,
    a complex grouping, a plug-in given with ``--plugin`` (:func:`register_plugin`), or one
    an installed distribution registers under the ``treeeval.groupings`` entry point."""
    if not isinstance(grouping, str) or grouping in NAMED:
        return grouping
    if grouping in GROUPINGS:
        return GROUPINGS[grouping]
    from .complex_groupby import is_complex, parse_complex_groupby  # lark: only when needed

    if is_complex(grouping):
        complex_grouping = parse_complex_groupby(grouping)
        return GROUPINGS.get(complex_grouping.simple or "", complex_grouping)
    found = find_plugin(grouping, {name: GROUPINGS.get(name, name) for name in GROUPBY_NAMES})
    GROUPINGS[grouping] = found
    return found


def register_plugin(plugin: Any) -> None:
    """Make a ``--plugin`` grouping known by its name; a built-in of the same name wins."""
    if plugin.name not in GROUPBY_NAMES:
        GROUPINGS.setdefault(plugin.name, plugin)


def is_self_metric(grouping: str | Any, metric: str) -> bool:
    """Whether ``metric`` is the grouping's own metric (``self``, its name, or part of the
    metric it corresponds to), which makes a two-sided grouping show precision, recall and
    fscore.

    >>> is_self_metric("Deprel", "LA"), is_self_metric("Deprel", "LAS")
    (True, False)
    >>> is_self_metric("ArcProjectivity", "self"), is_self_metric("Cpostag", "self")
    (True, False)
    """
    found = find_grouping(grouping)
    if isinstance(found, str) or not found.two_sided:
        return False
    return (metric in ("self", found.name)
            or bool(metric) and metric in CORRESPONDING_METRICS.get(found.name, ""))


def self_metric_name(grouping: str | Any) -> str:
    """The metric ``--Metric self`` stands for under ``grouping`` (MaltEval prints this name):
    the grouping's own name for a two-sided grouping and for PreAndPost, BothRight (LAS)
    otherwise.  Under Clustering and Clustering2 MaltEval aborts (it looks for a metric
    named SentenceAndToken).

    >>> self_metric_name("Deprel"), self_metric_name("Token"), self_metric_name("Cpostag")
    ('Deprel', 'BothRight', 'BothRight')
    >>> self_metric_name("PreAndPost")
    'PreAndPost'
    >>> self_metric_name("Clustering")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: Metric self is not defined for GroupBy Clustering (MaltEval aborts)
    >>> self_metric_name("Cpostag@-1")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: Metric self is not defined for the complex GroupBy value Cpostag@-1
    """
    found = find_grouping(grouping)
    if found == "PreAndPost":
        return found
    if found in POSTPROCESSED:
        raise UsageError(f"Metric self is not defined for GroupBy {found} (MaltEval aborts)")
    if isinstance(grouping, str) and grouping not in GROUPBY_NAMES and grouping not in GROUPINGS:
        # MaltEval fails with a NullPointerException here (docs/differences.md)
        raise UsageError(f"Metric self is not defined for the complex GroupBy value {grouping}")
    return found.name if not isinstance(found, str) and found.two_sided else ACCURACY_SELF_METRIC


def grouping_hits(grouping: str | Any, metric: str, gold: Treebank,
                  parsed: Treebank) -> np.ndarray:
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
    found = find_grouping(grouping)
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
                     ) -> tuple[tuple[np.ndarray, np.ndarray], list[str]]:
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

    def translate(codes: np.ndarray, side_names: list[str], used: np.ndarray) -> np.ndarray:
        table = np.array([rank[name] if used[i] else -1 for i, name in enumerate(side_names)],
                         dtype=np.int64)
        return table[codes] if len(table) else codes

    return (translate(gold_codes, gold_names, used_gold),
            translate(parsed_codes, parsed_names, used_parsed)), names


def _factorize(keys: np.ndarray) -> tuple[list[str], np.ndarray]:
    if len(keys) == 0:
        return [], np.zeros(0, dtype=np.int64)
    names, codes = np.unique(keys.astype(str), return_inverse=True)
    return names.tolist(), codes.reshape(-1).astype(np.int64)


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        defined = denominator > 0
        return np.where(defined, numerator / np.where(defined, denominator, 1), np.nan)


def _count(codes: np.ndarray, keep: np.ndarray | None, size: int) -> np.ndarray:
    return np.bincount(codes if keep is None else codes[keep], minlength=size)


def _summary(columns: dict[str, np.ndarray]) -> dict[str, tuple[float, int]]:
    """MaltEval's Row mean and Row count: the mean and number of the defined values."""
    return {name: row_mean(values) for name, values in columns.items()}


def group(grouping: str | Any, hits: np.ndarray, gold: Treebank, parsed: Treebank,
          metric: str = "LAS", *, exclusions: Exclusions | None = None,
          numbering: TokenNumbering | None = None,
          attributes: Sequence[str] = ()) -> GroupTable:
    """Group the per-token hits as MaltEval's GroupBy ``grouping`` does.

    ``grouping`` is a GroupBy name or a grouping object (a plug-in); ``metric`` decides
    whether a two-sided grouping shows precision and recall (see :func:`is_self_metric`).
    With ``exclusions`` the tokens they leave out on the gold side are left out of the gold
    counts, those they leave out on the parsed side out of the parsed counts (MaltEval's
    sides; for Token and the accuracy groupings the accuracy is the parsed side's).
    ``numbering`` names Token's rows across the evaluations of a run (:class:`TokenNumbering`).
    ``attributes`` are those the GroupBy format names (``all`` included): PreAndPost,
    Clustering and Clustering2 read the first (:func:`token_table_right`).

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
    found = find_grouping(grouping)
    if found == "Token":
        bounds = exclusions.in_bounds(gold) if exclusions else None
        return _token(hits, gold, bounds, gold_keep, parsed_keep, numbering)
    if found == "Sentence":
        return _sentence(hits, gold, parsed, gold_keep, parsed_keep)
    if found in POSTPROCESSED:
        return _postprocess(found, attributes, hits, gold, gold_keep, parsed_keep)
    (gold_codes, parsed_codes), names = _side_categories(found, gold, parsed)
    size = len(names)
    gold_hits = hits if gold_keep is None else hits & gold_keep
    parsed_hits = hits if parsed_keep is None else hits & parsed_keep
    treebank_counter = _count(gold_codes, gold_keep, size)
    parser_counter = _count(parsed_codes, parsed_keep, size)
    treebank_correct = _count(gold_codes, gold_hits, size)
    parser_correct = _count(parsed_codes, parsed_hits, size)
    rows = np.flatnonzero((treebank_counter > 0) | (parser_counter > 0))
    names = [names[i] for i in rows]
    treebank_counter, parser_counter = treebank_counter[rows], parser_counter[rows]
    treebank_correct, parser_correct = treebank_correct[rows], parser_correct[rows]
    if not found.two_sided:
        columns = {"accuracy": _ratio(parser_correct, parser_counter),
                   "counter": treebank_counter, "correctcounter": treebank_correct}
        default = list(getattr(found, "default_attributes", None) or ["accuracy"])
        return GroupTable(found.name, names, columns, default,
                          counts={"counter", "correctcounter"})
    default = list(getattr(found, "default_attributes", None)
                   or ["parseraccuracy", "treebankaccuracy"])
    if is_self_metric(found, metric):
        precision = _ratio(parser_correct, parser_counter)
        recall = _ratio(treebank_correct, treebank_counter)
        columns = {"precision": precision, "recall": recall,
                   "fscore": _ratio(2 * precision * recall, precision + recall),
                   "parsercounter": parser_counter, "treebankcounter": treebank_counter,
                   "correctcounter": treebank_correct}
        if metric in ("self", found.name, CORRESPONDING_METRICS.get(found.name)):
            default = ["precision", "recall", "fscore"]
        return GroupTable(found.name, names, columns, default,
                          counts={name for name in columns if name.endswith("counter")})
    columns = {
        "parseraccuracy": _ratio(parser_correct, parser_counter),
        "treebankaccuracy": _ratio(treebank_correct, treebank_counter),
        "parsercounter": parser_counter, "treebankcounter": treebank_counter,
        "parsercorrectcounter": parser_correct, "treebankcorrectcounter": treebank_correct,
    }
    return GroupTable(found.name, names, columns, default,
                      counts={name for name in columns if name.endswith("counter")})


def _token(hits: np.ndarray, gold: Treebank, bounds: np.ndarray | None,
           gold_keep: np.ndarray | None, parsed_keep: np.ndarray | None,
           numbering: TokenNumbering | None) -> GroupTable:
    """One row per token left in on either side (Row mean: accuracy), named by MaltEval's
    token number (:class:`TokenNumbering`) and in that order.  A token's accuracy is a whole
    number (MaltEval divides two ints), so it is a count column: printed ``1``, not formatted
    with ``--pattern``; ``counter`` and ``correctcounter`` count the gold side."""
    n = len(hits)
    bounds = np.ones(n, bool) if bounds is None else bounds
    gold_keep = bounds if gold_keep is None else gold_keep
    parsed_keep = bounds if parsed_keep is None else parsed_keep
    listed = gold_keep | parsed_keep
    numbers = (numbering if numbering is not None else TokenNumbering()).number(gold, listed)
    order = np.argsort(numbers, kind="stable")
    rows = np.flatnonzero(listed)[order]
    columns = {"accuracy": np.where(parsed_keep, hits, np.nan)[rows].astype(float),
               "counter": gold_keep[rows].astype(float),
               "correctcounter": (gold_keep & hits)[rows].astype(float)}
    numbers = numbers[order]
    names: Sequence[str] = (TokenNumbers(len(rows)) if len(rows) == 0 or (
        numbers[0] == 1 and numbers[-1] == len(rows)) else list(map(str, numbers.tolist())))
    return GroupTable("Token", names, columns, ["accuracy"], summary=_summary(columns),
                      counts=set(columns))


class TokenNumbering:
    """MaltEval's Token keys: a token (sentence number, word position) gets the next number
    the first time an evaluation visits it (left in on either side, within the length
    bounds), and keeps it for every later evaluation of the run, other parsed files and
    cross-validation folds included (the folds' sentences share numbers by position).

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
    >>> numbering = TokenNumbering()
    >>> numbering.number(tb, np.array([False, True])).tolist(), numbering.number(tb, np.array([True, True])).tolist()
    ([1], [2, 1])
    """

    def __init__(self) -> None:
        self.keys = np.zeros(0, dtype=np.int64)
        self.numbers = np.zeros(0, dtype=np.int64)

    def number(self, tb: Treebank, visited: np.ndarray) -> np.ndarray:
        """The numbers of the visited tokens (in token order), new ones numbered first."""
        keys = ((tb.sentence.astype(np.int64) << 32) | tb.positions.astype(np.int64))[visited]
        where = np.searchsorted(self.keys, keys)
        known = where < len(self.keys)
        known[known] = self.keys[where[known]] == keys[known]
        numbers = np.zeros(len(keys), dtype=np.int64)
        numbers[known] = self.numbers[where[known]]
        fresh = np.flatnonzero(~known)
        numbers[fresh] = len(self.keys) + 1 + np.arange(len(fresh))
        if len(fresh):
            merged_keys = np.concatenate([self.keys, keys[fresh]])
            order = np.argsort(merged_keys, kind="stable")
            self.keys = merged_keys[order]
            self.numbers = np.concatenate([self.numbers, numbers[fresh]])[order]
        return numbers


class TokenNumbers(Sequence[str]):
    """The names of the rows of a Token table, ``"1"`` to ``str(count)``, made when used.

    >>> names = TokenNumbers(3)
    >>> len(names), names[-1], names[:2], names == ["1", "2", "3"]
    (3, '3', ['1', '2'], True)
    """

    def __init__(self, count: int) -> None:
        self.numbers = range(1, count + 1)

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        if isinstance(index, slice):
            return list(map(str, self.numbers[index]))
        return str(self.numbers[index])

    def __iter__(self) -> Iterator[str]:
        return map(str, self.numbers)

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented


def token_table_right(attributes: Sequence[str], hits: np.ndarray,
                      gold_keep: np.ndarray | None, parsed_keep: np.ndarray | None
                      ) -> tuple[np.ndarray, np.ndarray]:
    """The tokens MaltEval's post-processing groupings list (left in on either side) and
    which of them are right: those whose value in the first attribute the format names
    (``all``: accuracy, counter, correctcounter) is 1.  ``accuracy`` is the parsed side's
    hit, ``counter`` says the token is left in on the gold side (so every such token is
    right), ``correctcounter`` the gold side's hit.

    >>> hits, gold_keep, parsed_keep = (np.array([True, False, True]),
    ...                                 np.array([True, True, False]), np.array([True, True, True]))
    >>> [token_table_right(a, hits, gold_keep, parsed_keep)[1].tolist()
    ...  for a in (["accuracy"], ["counter", "accuracy"], ["correctcounter"], ["all"])]
    [[True, False, True], [True, True, False], [True, False, False], [True, False, True]]
    """
    every = np.ones(len(hits), bool)
    gold_keep = every if gold_keep is None else gold_keep
    parsed_keep = every if parsed_keep is None else parsed_keep
    first = "accuracy" if not attributes or "all" in attributes else attributes[0]
    right = {"counter": gold_keep, "correctcounter": hits & gold_keep}.get(
        first, hits & parsed_keep)
    return gold_keep | parsed_keep, right


def _postprocess(name: str, attributes: Sequence[str], hits: np.ndarray, gold: Treebank,
                 gold_keep: np.ndarray | None, parsed_keep: np.ndarray | None) -> GroupTable:
    """The table of PreAndPost, Clustering or Clustering2 (``name``) for a format naming
    ``attributes``: they accept the per-token table's attributes; without ``accuracy``
    PreAndPost and Clustering2 warn (MaltEval prints the warning on stdout)."""
    listed, right = token_table_right(attributes, hits, gold_keep, parsed_keep)
    table = {"PreAndPost": _pre_and_post, "Clustering": _clustering,
             "Clustering2": _clustering2}[name](listed, right, gold)
    named = list(TOKEN_TABLE_ATTRIBUTES) if not attributes or "all" in attributes else attributes
    if name != "Clustering" and "accuracy" not in named:
        table.warning = 'Warning: attribute "accuracy" should be specified.\n'
    return table


def _pre_and_post(listed: np.ndarray, right: np.ndarray, gold: Treebank) -> GroupTable:
    """MaltEval 1.0's PreAndPost (not in the guide): the ``listed`` tokens, in file order; in
    each sentence those up to and including the first wrong one (not ``right``) are
    ``First``, the others ``Follow``.  The table's rows are First and Follow, under the
    heading ``Type``.

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b", "c"], ["X"] * 3, [0, 1, 1],
    ...                                                  ["r", "d", "d"])])
    >>> table = _pre_and_post(np.ones(3, bool), np.array([True, False, True]), tb)
    >>> table.groups, {k: v.tolist() for k, v in table.columns.items()}
    (['First', 'Follow'], {'accuracy': [0.5, 1.0], 'counter': [2, 1], 'correctcounter': [1, 1]})
    """
    wrong = (listed & ~right).astype(np.int64)
    before = np.cumsum(wrong) - wrong  # wrong tokens before each token in the file...
    follow = before - (before[gold.starts] if len(before) else before) > 0  # ...in its sentence
    counter = np.array([np.sum(listed & ~follow), np.sum(listed & follow)])
    correct = np.array([np.sum(right & listed & ~follow), np.sum(right & listed & follow)])
    with np.errstate(invalid="ignore", divide="ignore"):
        accuracy = correct / counter
    return GroupTable("Type", ["First", "Follow"],
                      {"accuracy": accuracy, "counter": counter, "correctcounter": correct},
                      ["accuracy"], counts={"counter", "correctcounter"}, aggregated=False)


def _clustering(listed: np.ndarray, right: np.ndarray, gold: Treebank) -> GroupTable:
    """MaltEval 1.0's Clustering (not in the guide): for each offset d from -10 to 10, how
    often the token d places away (among the ``listed`` tokens, in the same sentence) of a
    ``right`` token is right too, as a float ratio (MaltEval divides floats); ``-`` where
    there is no such token.

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b", "c"], ["X"] * 3, [0, 1, 1],
    ...                                                  ["r", "d", "d"])])
    >>> table = _clustering(np.ones(3, bool), np.array([True, False, True]), tb)
    >>> [(g, v) for g, v in zip(table.groups, table.columns["accuracy"].tolist()) if v == v]
    [('-2', 1.0), ('-1', 0.0), ('1', 0.0), ('2', 1.0)]
    """
    listed = np.flatnonzero(listed)
    right = right[listed]
    sentence = gold.sentence[listed]
    offsets = range(-10, 11)
    ratios = []
    for offset in offsets:  # 21 vectorised passes; offset 0 has no pairs
        here = np.arange(max(0, -offset), len(listed) - max(0, offset))
        there = here + offset
        pairs = right[here] & (sentence[here] == sentence[there]) & (offset != 0)
        with np.errstate(invalid="ignore", divide="ignore"):
            ratios.append(float(np.float32(np.sum(pairs & right[there]))
                                / np.float32(np.sum(pairs))))
    return GroupTable("Relative token position", [str(offset) for offset in offsets],
                      {"accuracy": np.array(ratios)}, ["accuracy"], aggregated=False,
                      attributes=TOKEN_TABLE_ATTRIBUTES)


def _clustering2(listed: np.ndarray, right: np.ndarray, gold: Treebank) -> GroupTable:
    """MaltEval 1.0's Clustering2 (not in the guide): the distances from one right token to
    the next in a sentence.  Going through the ``listed`` tokens, each token is k places after
    its anchor (the last right token before it in its sentence, else the place before the
    sentence's first token; the file's first token is only an anchor): it counts for k, and
    for k's right ones if it is right.  Rows: the distances that occur.  With no token left
    in, an error (MaltEval aborts).

    >>> tb = Treebank.from_sentences([DependencySentence(["a", "b", "c"], ["X"] * 3, [0, 1, 1],
    ...                                                  ["r", "d", "d"])] * 2)
    >>> table = _clustering2(np.ones(6, bool), np.array([True, False, True, False, True, True]),
    ...                      tb)
    >>> table.groups, {k: v.tolist() for k, v in table.columns.items()}
    (['1', '2'], {'accuracy': [0.3333333333333333, 1.0], 'counter': [3, 2], 'correctcounter': [1, 2]})
    """
    listed = np.flatnonzero(listed)
    if not len(listed):  # MaltEval aborts too (an array index out of range)
        raise InputError("GroupBy Clustering2 needs at least one token left in")
    right = right[listed]
    sentence = gold.sentence[listed]
    rows = np.arange(len(listed))
    starts = np.searchsorted(sentence, sentence)  # each row's sentence's first row
    anchors = np.where(right | (rows == 0), rows, -1)
    before = np.maximum.accumulate(np.concatenate([[-1], anchors]))[:-1]
    distance = (rows - np.maximum(before, starts - 1))[1:]
    total = np.bincount(distance, minlength=1)
    correct = np.bincount(distance, weights=right[1:], minlength=len(total)).astype(np.int64)
    keys = np.flatnonzero(total)
    with np.errstate(invalid="ignore", divide="ignore"):
        accuracy = correct[keys] / total[keys]
    return GroupTable("Relative token position", [str(k) for k in keys.tolist()],
                      {"accuracy": accuracy, "counter": total[keys],
                       "correctcounter": correct[keys]}, ["accuracy"],
                      counts={"counter", "correctcounter"}, aggregated=False)


def _sentence(hits: np.ndarray, gold: Treebank, parsed: Treebank,
              gold_keep: np.ndarray | None, parsed_keep: np.ndarray | None) -> GroupTable:
    """One row per sentence with a token left in on either side; ``id`` is the sentence's
    number (MaltEval's sentence id, 1-based through the file)."""
    count = len(gold.sizes)

    def per_sentence(weights: np.ndarray | None, keep: np.ndarray | None) -> np.ndarray:
        mask = weights if keep is None else (keep if weights is None else weights & keep)
        if mask is None:
            return gold.sizes.copy()
        return np.bincount(gold.sentence, weights=mask, minlength=count).astype(np.int64)

    parser_counter = per_sentence(None, parsed_keep)
    parser_correct = per_sentence(hits, parsed_keep)
    treebank_counter = per_sentence(None, gold_keep)
    treebank_correct = per_sentence(hits, gold_keep)
    rows = np.flatnonzero((parser_counter > 0) | (treebank_counter > 0))
    trees = {"isparserconnected": is_connected(parsed),
             "istreebankconnected": is_connected(gold),
             "hasparsercycle": has_cycle(parsed), "hastreebankcycle": has_cycle(gold),
             "isparserprojective": is_projective(parsed),
             "istreebankprojective": is_projective(gold)}
    columns = {"accuracy": _ratio(parser_correct, parser_counter),
               "exactmatch": (parser_correct == parser_counter).astype(float),
               "correctcounter": treebank_correct.astype(float),
               "includedtokenscount": treebank_counter.astype(float),
               "sentencelength": gold.sizes.astype(float),
               **{name: values.astype(float) for name, values in trees.items()},
               "id": np.arange(1, count + 1, dtype=float)}
    columns = {name: values[rows] for name, values in columns.items()}
    return GroupTable("Sentence", [str(i + 1) for i in rows.tolist()], columns,
                      ["accuracy", "exactmatch", "sentencelength"], summary=_summary(columns),
                      counts=set(SENTENCE_ATTRIBUTES) - {"accuracy"})
