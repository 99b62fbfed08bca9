"""MaltEval's GroupBy values: sorting tokens into groups and computing each group's columns.

>>> gold = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 2], ["nsubj", "root", "punct"])])
>>> parsed = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 1], ["dobj", "root", "punct"])])
>>> table = group("Token", token_hits("LAS", gold, parsed), gold, parsed)
>>> table.summary["accuracy"]
(0.3333333333333333, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..errors import UsageError
from ..model.dependencies import DependencySentence
from ..model.treebank import Treebank
from .metrics import token_hits


@dataclass
class GroupTable:
    """The result of one GroupBy: per-group columns and, for some groupings, a summary.

    ``columns`` maps an attribute to one value per group (NaN where undefined);
    ``summary`` maps an attribute to its (Row mean, Row count).
    """

    name: str
    groups: list[str]
    columns: dict[str, np.ndarray]
    default: list[str]
    summary: dict[str, tuple[float, int]] = field(default_factory=dict)
    counts: set[str] = field(default_factory=set)


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        defined = denominator > 0
        return np.where(defined, numerator / np.where(defined, denominator, 1), np.nan)


def _codes(*sides: np.ndarray, key: Callable[[str], object] | None = None
           ) -> tuple[list[str], list[np.ndarray]]:
    """Sorted group names (Java String order unless ``key``) and each side's group codes."""
    names, inverse = np.unique(np.concatenate([side.astype(str) for side in sides]),
                               return_inverse=True)
    order = sorted(range(len(names)), key=lambda i: key(names[i]) if key else names[i])
    rank = np.empty(len(names), dtype=np.int64)
    rank[order] = np.arange(len(names))
    codes = rank[inverse.reshape(-1)]
    bounds = np.cumsum([0] + [len(side) for side in sides])
    return [str(names[i]) for i in order], [codes[a:b] for a, b in zip(bounds[:-1], bounds[1:])]


def _relation_length(tb: Treebank) -> np.ndarray:
    return np.where(tb.heads == 0, -1, np.abs(tb.heads - tb.positions))


def _grouped_relation_length(tb: Treebank) -> np.ndarray:
    distance = np.abs(tb.heads - tb.positions)
    return np.select([tb.heads == 0, distance >= 7, distance >= 3],
                     ["to_root", "7-...", "3-6"], distance.astype(str)).astype(object)


def _arc_direction(tb: Treebank) -> np.ndarray:
    return np.select([tb.heads == 0, tb.heads < tb.positions], ["to_root", "left"],
                     "right").astype(object)


def _frame(tb: Treebank) -> np.ndarray:
    """Each token's frame: its dependents' labels and its own (``*label*``) in word order,
    each followed by a space, e.g. ``nsubj *root* dobj punct ``.

    >>> s = DependencySentence(["It", "rains", "."], ["X"] * 3, [2, 0, 2], ["nsubj", "root", "p"])
    >>> _frame(Treebank.from_sentences([s])).tolist()
    ['*nsubj* ', 'nsubj *root* p ', '*p* ']
    """
    n = len(tb)
    starts = np.repeat(np.cumsum(tb.sizes) - tb.sizes, tb.sizes)
    dependents = np.flatnonzero(tb.heads > 0)
    owner = np.concatenate([np.arange(n), starts[dependents] + tb.heads[dependents] - 1])
    position = np.concatenate([tb.positions, tb.positions[dependents]])
    text = np.concatenate([np.array(["*"] * n, dtype=object) + tb.labels + "* ",
                           tb.labels[dependents] + " "])
    order = np.lexsort((position, owner))
    first = np.r_[True, owner[order][1:] != owner[order][:-1]]
    joined = "".join((np.where(first, "\n", "").astype(object) + text[order]).tolist())
    return np.array(joined.split("\n")[1:], dtype=object)


#: groupings with a gold side and a parser side: token values and the order of the groups
TWO_SIDED: dict[str, tuple[Callable[[Treebank], np.ndarray], Callable[[str], object] | None]] = {
    "Deprel": (lambda tb: tb.labels, None),
    "RelationLength": (_relation_length, int),
    "GroupedRelationLength": (_grouped_relation_length, None),
    "ArcDirection": (_arc_direction, None),
    "Frame": (_frame, None),
}


#: metrics that measure a two-sided grouping itself: precision, recall and F-score instead
SELF_METRICS = {"Deprel": ("LA", "LabelRight")}


def _two_sided(grouping: str, hits: np.ndarray, gold: Treebank, parsed: Treebank,
               metric: str) -> GroupTable:
    values, key = TWO_SIDED[grouping]
    names, (gold_codes, parsed_codes) = _codes(values(gold), values(parsed), key=key)
    size = len(names)
    parser_counter = np.bincount(parsed_codes, minlength=size)
    treebank_counter = np.bincount(gold_codes, minlength=size)
    parser_correct = np.bincount(parsed_codes, weights=hits, minlength=size).astype(np.int64)
    treebank_correct = np.bincount(gold_codes, weights=hits, minlength=size).astype(np.int64)
    if metric in SELF_METRICS.get(grouping, ()):
        precision = _ratio(parser_correct, parser_counter)
        recall = _ratio(treebank_correct, treebank_counter)
        self_columns = {
            "precision": precision, "recall": recall,
            "fscore": _ratio(2 * precision * recall, precision + recall),
            "parsercounter": parser_counter, "treebankcounter": treebank_counter,
            "correctcounter": parser_correct,
        }
        return GroupTable(grouping, names, self_columns, ["precision", "recall"],
                          counts={name for name in self_columns if name.endswith("counter")})
    columns = {
        "parseraccuracy": _ratio(parser_correct, parser_counter),
        "treebankaccuracy": _ratio(treebank_correct, treebank_counter),
        "parsercounter": parser_counter, "treebankcounter": treebank_counter,
        "parsercorrectcounter": parser_correct, "treebankcorrectcounter": treebank_correct,
    }
    return GroupTable(grouping, names, columns, ["parseraccuracy", "treebankaccuracy"],
                      counts={name for name in columns if name.endswith("counter")})


def group(grouping: str, hits: np.ndarray, gold: Treebank, parsed: Treebank,
          metric: str = "LAS") -> GroupTable:
    """Group the per-token hits as MaltEval's GroupBy ``grouping`` does.

    Supported: Token, Sentence, Cpostag, Postag and the two-sided Deprel, RelationLength,
    GroupedRelationLength, ArcDirection and Frame (grouped by the parser's and by the gold
    analysis in turn); ``metric`` matters only for a metric in SELF_METRICS (LA with Deprel),
    which gets precision, recall and fscore.

    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "r"])])
    >>> table = group("Deprel", token_hits("LAS", g, p), g, p)
    >>> columns = table.columns
    >>> table.groups, columns["parseraccuracy"].tolist(), columns["treebankaccuracy"].tolist()
    (['d', 'r'], [nan, 0.5], [0.0, 1.0])
    """
    hits = hits.astype(np.int64)
    if grouping == "Token":
        n = len(hits)
        return GroupTable("Token", [str(i) for i in range(1, n + 1)],
                          {"accuracy": hits.astype(float)}, ["accuracy"],
                          summary={"accuracy": (float(hits.mean()) if n else float("nan"), n)})
    if grouping == "Sentence":
        sizes = gold.sizes
        correct = np.bincount(gold.sentence, weights=hits, minlength=len(sizes))
        columns = {"accuracy": _ratio(correct, sizes),
                   "exactmatch": (correct == sizes).astype(float),
                   "sentencelength": sizes.astype(float)}
        summary = {name: (float(np.nanmean(values)), len(sizes))
                   for name, values in columns.items()}
        return GroupTable("Sentence", [str(i) for i in range(1, len(sizes) + 1)], columns,
                          list(columns), summary=summary)
    if grouping in ("Cpostag", "Postag"):
        tags = gold.cpostags if grouping == "Cpostag" else gold.postags
        names, (codes,) = _codes(tags)
        counter = np.bincount(codes, minlength=len(names))
        correct = np.bincount(codes, weights=hits, minlength=len(names)).astype(np.int64)
        return GroupTable(grouping, names, {"accuracy": _ratio(correct, counter),
                                            "counter": counter, "correctcounter": correct},
                          ["accuracy"], counts={"counter", "correctcounter"})
    if grouping in TWO_SIDED:
        return _two_sided(grouping, hits, gold, parsed, metric)
    raise UsageError(f"GroupBy {grouping!r} is not supported yet (supported: Token, "
                     f"Sentence, Cpostag, Postag, {', '.join(TWO_SIDED)})")
