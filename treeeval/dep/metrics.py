"""MaltEval's Metric and GroupBy values, computed with numpy over whole corpora.

A Metric turns each token into a hit (True) or a miss by comparing the parser's HEAD and
DEPREL with the gold ones; a GroupBy value sorts tokens into groups and says which
attributes (columns) each group has.  Everything is computed on flat arrays: one entry per
token, in file order.

>>> gold = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 2], ["nsubj", "root", "punct"])])
>>> parsed = Treebank.from_sentences([DependencySentence(
...     ["Rain", "fell", "."], ["NOUN", "VERB", "PUNCT"], [2, 0, 1], ["dobj", "root", "punct"])])
>>> token_hits("LAS", gold, parsed).tolist(), token_hits("UAS", gold, parsed).tolist()
([False, True, False], [True, True, False])
>>> table = group("Token", token_hits("LAS", gold, parsed), gold, parsed)
>>> table.summary["accuracy"]
(0.3333333333333333, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

import numpy as np

from ..errors import InputError, UsageError
from ..formats.conll import read_conll
from ..model.dependencies import DependencySentence


@dataclass
class Treebank:
    """One CoNLL file as flat token arrays (``sentence[i]`` is token i's sentence index)."""

    forms: np.ndarray
    cpostags: np.ndarray
    postags: np.ndarray
    heads: np.ndarray
    labels: np.ndarray
    positions: np.ndarray
    sentence: np.ndarray
    sizes: np.ndarray

    @classmethod
    def from_sentences(cls, sentences: Iterable[DependencySentence]) -> Treebank:
        """Flatten sentences (``extra["postag"]`` is used for POSTAG when present).

        >>> s = DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["root", "dep"])
        >>> Treebank.from_sentences([s, s]).positions.tolist()
        [1, 2, 1, 2]
        """
        sentences = list(sentences)
        sizes = np.array([len(s) for s in sentences], dtype=np.int64)

        def flat(values: Iterable[str]) -> np.ndarray:
            return np.array(list(values), dtype=object)

        starts = np.repeat(np.cumsum(sizes) - sizes, sizes)
        return cls(
            forms=flat(f for s in sentences for f in s.forms),
            cpostags=flat(t for s in sentences for t in s.tags),
            postags=flat(t for s in sentences for t in s.extra.get("postag", s.tags)),
            heads=np.array([h for s in sentences for h in s.heads], dtype=np.int64),
            labels=flat(label for s in sentences for label in s.labels),
            positions=np.arange(int(sizes.sum()), dtype=np.int64) - starts + 1,
            sentence=np.repeat(np.arange(len(sentences)), sizes),
            sizes=sizes,
        )

    def __len__(self) -> int:
        return len(self.heads)

    def subset(self, keep: np.ndarray) -> Treebank:
        """The tokens where ``keep`` is True; positions and heads keep their values.

        >>> s = DependencySentence(["a", "b"], ["X", "Y"], [0, 1], ["root", "dep"])
        >>> Treebank.from_sentences([s, s]).subset(np.array([1, 0, 0, 1], bool)).sizes.tolist()
        [1, 1]
        """
        return Treebank(self.forms[keep], self.cpostags[keep], self.postags[keep],
                        self.heads[keep], self.labels[keep], self.positions[keep],
                        self.sentence[keep],
                        np.bincount(self.sentence[keep], minlength=len(self.sizes)))


def read_treebank(path: str) -> Treebank:
    """Read a CoNLL file as MaltEval does: comment and multiword lines abort the run."""
    sentences = list(read_conll(path))
    for sentence in sentences:
        comments = sentence.extra.get("comments") or []
        if comments:
            raise InputError("an attribute is missing (MaltEval does not read CoNLL-U "
                             "comment lines; strip them first)", path=path,
                             line=sentence.line - len(comments), column=1, source_line=comments[0])
        for kind in ("ranges", "empty_nodes"):
            if sentence.extra.get(kind):
                raise InputError("an attribute is missing (MaltEval does not read CoNLL-U "
                                 "multiword or empty-node lines; strip them first)", path=path,
                                 line=sentence.line, source_line=sentence.extra[kind][0])
    _check_pheads(sentences, path)
    return Treebank.from_sentences(sentences)


def _check_pheads(sentences: list[DependencySentence], path: str) -> None:
    """MaltEval aborts unless every PHEAD (column 9) is ``_`` or a whole number."""
    pheads = np.array([v for s in sentences for v in s.extra.get("col9", [])], dtype=str)
    bad = np.flatnonzero((pheads != "_") & ~np.char.isdigit(pheads))
    if len(bad):
        sizes = np.array([len(s) for s in sentences])
        index = int(np.searchsorted(np.cumsum(sizes), bad[0], side="right"))
        line = sentences[index].line + int(bad[0] - (np.cumsum(sizes)[index] - sizes[index]))
        raise InputError(f"PHEAD must be _ or a whole number, found {str(pheads[bad[0]])!r}",
                         path=path, line=line)


def check_same_text(gold: Treebank, parsed: Treebank, gold_path: str, parsed_path: str) -> None:
    """Abort as MaltEval does unless both files hold the same sentences and FORMs."""
    problem = None
    if len(gold.sizes) != len(parsed.sizes):
        problem = "different number of sentences"
    elif not np.array_equal(gold.sizes, parsed.sizes):
        problem = "different sentence lengths"
    elif not np.array_equal(gold.forms, parsed.forms):
        problem = "different word forms"
    if problem:
        raise InputError(f"the data file '{parsed_path}' and treebank '{gold_path}' do not "
                         f"contain the same text; {problem}", path=parsed_path)


def _direction(tb: Treebank) -> np.ndarray:
    return np.where(tb.heads == 0, 0, np.sign(tb.heads - tb.positions))


def _distance(tb: Treebank) -> np.ndarray:
    return np.where(tb.heads == 0, 0, np.abs(tb.heads - tb.positions))


def _grouped_distance(tb: Treebank) -> np.ndarray:
    distance = _distance(tb)
    return np.select([distance >= 7, distance >= 3], [7, 3], distance)


def _heads(g: Treebank, p: Treebank) -> np.ndarray:
    return g.heads == p.heads


def _labels(g: Treebank, p: Treebank) -> np.ndarray:
    return g.labels == p.labels


#: MaltEval's Metric values: (gold, parsed) -> one hit per token
METRICS: dict[str, Callable[[Treebank, Treebank], np.ndarray]] = {
    "LAS": lambda g, p: _heads(g, p) & _labels(g, p),
    "UAS": _heads,
    "LA": _labels,
    "AnyRight": lambda g, p: _heads(g, p) | _labels(g, p),
    "AnyWrong": lambda g, p: ~(_heads(g, p) & _labels(g, p)),
    "BothWrong": lambda g, p: ~_heads(g, p) & ~_labels(g, p),
    "HeadWrong": lambda g, p: ~_heads(g, p),
    "LabelWrong": lambda g, p: ~_labels(g, p),
    "DirectionRight": lambda g, p: _direction(g) == _direction(p),
    "HeadToChildDistanceRight": lambda g, p: _distance(g) == _distance(p),
    "GroupedHeadToChildDistanceRight": lambda g, p: _grouped_distance(g) == _grouped_distance(p),
}
METRICS["BothRight"] = METRICS["LAS"]
METRICS["HeadRight"] = METRICS["UAS"]
METRICS["LabelRight"] = METRICS["LA"]


def token_hits(metric: str, gold: Treebank, parsed: Treebank) -> np.ndarray:
    """One boolean per token: does the parsed token count as a hit under ``metric``?

    >>> g = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [0, 1], ["r", "d"])])
    >>> p = Treebank.from_sentences([DependencySentence(["a", "b"], ["X"] * 2, [2, 1], ["r", "x"])])
    >>> token_hits("BothWrong", g, p).tolist(), token_hits("DirectionRight", g, p).tolist()
    ([False, False], [False, True])
    """
    try:
        compute = METRICS[metric]
    except KeyError:
        raise UsageError(f"unknown or unsupported Metric {metric!r} "
                         f"(supported: {', '.join(METRICS)})") from None
    return np.asarray(compute(gold, parsed), dtype=bool)


def mcnemar_z(first: np.ndarray, second: np.ndarray) -> float:
    """MaltEval's McNemar statistic of two parsers' per-token hits: (|b - c| - 1) / sqrt(b + c).

    b counts tokens only the first parser gets right, c those only the second gets right;
    the value has no sign, and is NaN when the parsers never disagree.

    >>> mcnemar_z(np.array([1, 1, 1, 1, 0], bool), np.array([0, 0, 0, 1, 1], bool))
    0.5
    """
    b = int(np.count_nonzero(first & ~second))
    c = int(np.count_nonzero(~first & second))
    return (abs(b - c) - 1) / (b + c) ** 0.5 if b + c else float("nan")


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
