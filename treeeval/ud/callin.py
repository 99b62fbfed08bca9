"""Callin's (2016) content/function metrics for Universal Dependencies.

Callin, "A typological perspective on evaluation for Universal Dependencies", divides the
universal relations into *function* relations (a relation that links a word with a function
word: aux, case, det, ...), *content* relations (a relation whose head is the root, or that
links two content words: nsubj, nmod, ...) and *other* (punct, dep, list, ...: nothing can
be assumed about what they link).  The table is the data file ``relation_classes.tsv``;
a relation missing from it counts as other.  On a gold and a system treebank this module
computes, with the paper's names:

* **content precision, recall** (and F1): labelled attachment scored on content relations
  only: correct = aligned gold words of a content relation whose system head corresponds
  and whose system relation is the same; precision = correct / system words labelled with a
  content relation, recall = correct / gold words of a content relation;
* **function precision and recall**, the same on function relations;
* the **content and function frequency ratios**: the share of gold words of each class;
* **WLAS**, the weighted labelled attachment score: each gold word weighs the averaged word
  dependency entropy (see ``wde.py``) of its gold relation, 0.5 for a relation the weights
  do not list; WLAS = weight of the correctly attached and labelled words / weight of all
  gold words;
* **cascading errors**: of the words whose relation is wrong (labelled: wrong head or
  relation; unlabelled: wrong head), of each class, how many have a correct *parent
  relation*.  As in the paper, the parent is the head the system gave the word, not the gold
  head; a word the system attaches to the root has no parent relation, so it counts as
  having no correct one (as in the author's published numbers, which this reproduces);
* the **standardised type/token ratio** (STTR) of the gold forms: the mean type/token ratio
  of consecutive chunks of 1,000 words.

Choices the paper leaves open (documented in docs/ud.md): relations are compared by their
universal part (the label up to ``:``), as the paper removes subtypes and as the CoNLL 2018
scorer does; a word is classed by its gold relation (precision counts system words by their
own relation); heads correspond as in the CoNLL 2018 scorer (two roots, or a system head
aligned with the gold head), so words the alignment leaves out count as wrong; STTR uses
the forms as written and drops the last, incomplete chunk (a text shorter than one chunk
has no STTR).

Inputs are flat numpy arrays over all the words of one treebank: heads are indices into the
same flat array (-1 for the root), and ``aligned[i]`` is the system word aligned with gold
word ``i`` (-1 for none); with gold tokenisation ``aligned`` is ``arange``.

>>> import numpy as np
>>> gold = ["nsubj", "root", "det", "obj"]
>>> scores = callin_scores(gold, [1, -1, 3, 1], ["nsubj", "root", "det", "nmod"],
...                        [1, -1, 3, 1], np.arange(4))
>>> round(scores.content_recall, 2), scores.function_precision, scores.content_ratio
(66.67, 100.0, 75.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TypeAlias

import numpy as np

from ..arrays import AnyArray, BoolArray, IntArray
from ..stats.rates import UNDEFINED
from ..wording import counted
from .alignment import corresponding_heads, invert
from .relation_classes import CLASSES, load_relation_classes, relation_class_codes
from .report import json_number
from .wde import MISSING_WDE, count_relation_codes, encode_relations, word_dependency_entropy

#: the words of one STTR chunk
STTR_CHUNK = 1000
#: the two ways a relation can be wrong in the cascading-errors table
CASCADE_MODES = ("labelled", "unlabelled")

#: a column of labels, heads or indices: a sequence or an array (of str, or of int)
ArrayLike: TypeAlias = Sequence | AnyArray


def standardised_ttr(forms: ArrayLike, chunk: int = STTR_CHUNK) -> tuple[float | None, int]:
    """Mean type/token ratio of consecutive chunks of ``chunk`` words, and the chunk count.

    >>> standardised_ttr(["a", "b", "a", "a", "c", "d", "x"], chunk=3)
    (0.8333333333333334, 2)
    """
    array = np.asarray(forms, dtype=str)
    chunks = array.size // chunk
    if chunks == 0:
        return None, 0
    _, codes = np.unique(array[:chunks * chunk], return_inverse=True)
    rows = np.sort(codes.reshape(chunks, chunk), axis=1)
    types = (np.diff(rows, axis=1) != 0).sum(axis=1) + 1
    return float(types.mean() / chunk), chunks


def _rate(part: float, whole: float) -> float | None:
    """``part`` in percent of ``whole`` (100 times the fraction), None over nothing."""
    return 100 * (part / whole) if whole else None


@dataclass
class ClassCounts:
    """Labelled attachment counts of one relation class, and their rates in percent."""

    gold: int
    system: int
    correct: int

    @property
    def precision(self) -> float | None:
        return _rate(self.correct, self.system)

    @property
    def recall(self) -> float | None:
        return _rate(self.correct, self.gold)

    @property
    def f1(self) -> float | None:
        return _rate(2 * self.correct, self.gold + self.system)


@dataclass
class CascadeCounts:
    """Wrong relations of one class, and how many of them have a system parent whose own
    relation is correct (``ratio``: in percent of the wrong ones)."""

    wrong: int
    parent_correct: int

    @property
    def ratio(self) -> float | None:
        return _rate(self.parent_correct, self.wrong)


@dataclass
class CallinScores:
    """Counts of Callin's metrics for one gold/system pair, with the derived values: the
    rates (precision, recall, F1, the frequency ratios, WLAS, the cascading ratios) in
    percent, None where undefined; STTR, a type/token ratio, is a ratio (0-1) as printed."""

    gold_words: int
    system_words: int
    classes: dict[str, ClassCounts]
    #: class -> "labelled"/"unlabelled" -> counts
    cascading: dict[str, dict[str, CascadeCounts]]
    weighted_correct: float | None
    weighted_total: float | None
    #: where the WLAS weights came from (a file name, or "gold" for the gold file's own WDE)
    weights_source: str | None
    sttr: float | None
    sttr_chunks: int
    #: the relation-classes file used (None: the paper's table, ``relation_classes.tsv``)
    classes_source: str | None = None

    @property
    def content_precision(self) -> float | None:
        return self.classes["content"].precision

    @property
    def content_recall(self) -> float | None:
        return self.classes["content"].recall

    @property
    def content_f1(self) -> float | None:
        return self.classes["content"].f1

    @property
    def function_precision(self) -> float | None:
        return self.classes["function"].precision

    @property
    def function_recall(self) -> float | None:
        return self.classes["function"].recall

    @property
    def content_ratio(self) -> float | None:
        return _rate(self.classes["content"].gold, self.gold_words)

    @property
    def function_ratio(self) -> float | None:
        return _rate(self.classes["function"].gold, self.gold_words)

    @property
    def wlas(self) -> float | None:
        if self.weighted_total is None or self.weighted_correct is None:
            return None
        return _rate(self.weighted_correct, self.weighted_total)

    def to_json(self) -> dict[str, object]:
        """Counts and derived values as plain JSON types (None where undefined), the rates
        in percent as the report prints them (STTR, a ratio it prints as one, stays one)."""
        document: dict[str, object] = asdict(self)
        document["classes"] = {
            name: {**asdict(counts), "precision": json_number(counts.precision),
                   "recall": json_number(counts.recall), "f1": json_number(counts.f1),
                   "ratio": json_number(_rate(counts.gold, self.gold_words))}
            for name, counts in self.classes.items()}
        document["cascading"] = {
            name: {mode: {**asdict(cascade), "ratio": json_number(cascade.ratio)}
                   for mode, cascade in modes.items()}
            for name, modes in self.cascading.items()}
        document["wlas"] = json_number(self.wlas)
        return document


def callin_scores(gold_deprel: ArrayLike, gold_head: ArrayLike, sys_deprel: ArrayLike,
                  sys_head: ArrayLike, aligned: ArrayLike, *,
                  classes: Mapping[str, str] | None = None,
                  weights: Mapping[str, float] | None = None,
                  weights_source: str | None = None,
                  gold_form: ArrayLike | None = None,
                  classes_source: str | None = None) -> CallinScores:
    """Score one treebank.  Labels may carry subtypes (only the part before ``:`` counts).

    ``classes`` (relation -> class, e.g. ``load_relation_classes(path)``) default to the
    paper's table.  ``weights`` (relation -> WLAS weight, e.g. ``wde.load_weights(path)``)
    default to the word dependency entropy of the gold treebank itself when ``gold_form`` is
    given; without either, WLAS is None.  STTR needs ``gold_form``.  ``weights_source`` and
    ``classes_source`` name the files the tables came from, for the report.
    """
    table = load_relation_classes() if classes is None else classes
    gold_names, gold_rel = encode_relations(gold_deprel)
    sys_names, sys_rel = encode_relations(sys_deprel)
    # one numbering of the relations of both sides
    names = np.union1d(gold_names, sys_names)
    gold_rel = np.searchsorted(names, gold_names)[gold_rel]
    sys_rel = np.searchsorted(names, sys_names)[sys_rel]
    alignment = np.asarray(aligned, dtype=np.int64)
    parent_gold, correct = _attachment(np.asarray(gold_head, dtype=np.int64),
                                       np.asarray(sys_head, dtype=np.int64), alignment,
                                       gold_rel, sys_rel)

    name_class = relation_class_codes(names, table)
    gold_class, sys_class = name_class[gold_rel], name_class[sys_rel]
    gold_counts = np.bincount(gold_class, minlength=len(CLASSES))
    sys_counts = np.bincount(sys_class, minlength=len(CLASSES))
    las_counts = np.bincount(gold_class[correct["labelled"]], minlength=len(CLASSES))
    class_counts = {name: ClassCounts(int(gold_counts[i]), int(sys_counts[i]),
                                      int(las_counts[i])) for i, name in enumerate(CLASSES)}

    cascading: dict[str, dict[str, CascadeCounts]] = {}
    for index, name in enumerate(CLASSES[:2]):
        cascading[name] = {}
        for mode in CASCADE_MODES:
            wrong = (alignment >= 0) & ~correct[mode] & (gold_class == index)
            parents = parent_gold[wrong]
            good = (parents >= 0) & correct[mode][np.maximum(parents, 0)]
            cascading[name][mode] = CascadeCounts(int(wrong.sum()), int(good.sum()))

    if weights is None and gold_form is not None:
        weights = word_dependency_entropy(
            count_relation_codes(names, gold_rel, np.asarray(gold_form, dtype=str)))
        weights_source = "gold"
    weighted_correct = weighted_total = None
    if weights is not None:
        per_name = np.array([weights.get(name, MISSING_WDE) for name in names.tolist()],
                            dtype=np.float64)
        word_weights = per_name[gold_rel]
        weighted_total = float(word_weights.sum())
        weighted_correct = float(word_weights[correct["labelled"]].sum())
    sttr, chunks = (None, 0) if gold_form is None else standardised_ttr(gold_form)
    return CallinScores(gold_rel.size, sys_rel.size, class_counts, cascading, weighted_correct,
                        weighted_total, weights_source, sttr, chunks, classes_source)


def _attachment(gold_heads: IntArray, sys_heads: IntArray, alignment: IntArray,
                gold_rel: IntArray, sys_rel: IntArray) -> tuple[IntArray, dict[str, BoolArray]]:
    """For each gold word: the gold word its system head corresponds to (negative for a
    system root, an unaligned head or an unaligned word), and whether its head ("unlabelled") and
    head and relation ("labelled") are correct."""
    n_gold, n_sys = gold_rel.size, sys_rel.size
    if not (gold_heads.size == alignment.size == n_gold and sys_heads.size == n_sys):
        raise ValueError("gold arrays (deprel, head, aligned) and system arrays (deprel, head) "
                         "must each have one value per word")
    for heads, size, side in ((gold_heads, n_gold, "gold"), (sys_heads, n_sys, "system"),
                              (alignment, n_sys, "aligned")):
        if heads.size and (heads.min() < -1 or heads.max() >= size):
            raise ValueError(f"{side} indices must lie in -1..{size - 1}")
    has = alignment >= 0
    # the gold word the system head of each gold word corresponds to: -1 root, -2 when
    # that head is not aligned, -3 when the gold word itself is not aligned
    parent_gold = np.full(n_gold, -3, dtype=np.int64)
    parent_gold[has] = corresponding_heads(sys_heads[alignment[has]], invert(alignment, n_sys))
    head_correct = parent_gold == gold_heads
    label_correct = np.zeros(n_gold, dtype=bool)
    label_correct[has] = sys_rel[alignment[has]] == gold_rel[has]
    return parent_gold, {"unlabelled": head_correct, "labelled": head_correct & label_correct}


def _percent(value: float | None) -> str:
    return f"{UNDEFINED:>10}" if value is None else f"{value:10.2f}"


def render_callin(scores: CallinScores) -> str:
    """A readable table of the scores (percentages; ``—`` where undefined), to follow the
    CoNLL 2018 table.

    >>> import numpy as np
    >>> scores = callin_scores(["nsubj", "root", "det", "obj"], [1, -1, 3, 1],
    ...                        ["nsubj", "root", "det", "nmod"], [1, -1, 3, 1], np.arange(4))
    >>> print(render_callin(scores))
    Callin     |      Gold |    System |   Correct | Precision |    Recall |  F1 Score | Frequency
    -----------+-----------+-----------+-----------+-----------+-----------+-----------+-----------
    Content    |         3 |         3 |         2 |     66.67 |     66.67 |     66.67 |     75.00
    Function   |         1 |         1 |         1 |    100.00 |    100.00 |    100.00 |     25.00
    Other      |         0 |         0 |         0 |         — |         — |         — |      0.00
    WLAS       |         — (no weights)
    Cascading  |  Labelled |     Wrong |Unlabelled |     Wrong
    Content    |    100.00 |         1 |         — |         0
    Function   |         — |         0 |         — |         0
    STTR       |         — (needs 1000 gold words with forms)
    """
    rule = "-----------+" + "+".join(["-" * 11] * 7)
    titles = ("Gold", "System", "Correct", "Precision", "Recall", "F1 Score", "Frequency")
    lines = [f"{'Callin':11}|" + " |".join(f"{title:>10}" for title in titles), rule]
    for name in CLASSES:
        counts = scores.classes[name]
        ratio = _rate(counts.gold, scores.gold_words)
        lines.append(f"{name.capitalize():11}|{counts.gold:10} |{counts.system:10} |"
                     f"{counts.correct:10} |{_percent(counts.precision)} |"
                     f"{_percent(counts.recall)} |{_percent(counts.f1)} |{_percent(ratio)}")
    wlas = scores.wlas
    if wlas is None:
        reason = "no weights" if scores.weighted_total is None else "the gold words weigh 0"
        lines.append(f"{'WLAS':11}|{_percent(None)} ({reason})")
    else:
        source = scores.weights_source or "given"
        source = "WDE of the gold file" if source == "gold" else source
        lines.append(f"{'WLAS':11}|{_percent(wlas)} (weights: {source})")
    cascade_titles = ("Labelled", "Wrong", "Unlabelled", "Wrong")
    lines.append(f"{'Cascading':11}|" + " |".join(f"{title:>10}" for title in cascade_titles))
    for name in CLASSES[:2]:
        labelled, unlabelled = (scores.cascading[name][mode] for mode in CASCADE_MODES)
        lines.append(f"{name.capitalize():11}|{_percent(labelled.ratio)} |{labelled.wrong:10} |"
                     f"{_percent(unlabelled.ratio)} |{unlabelled.wrong:10}")
    if scores.sttr is None:
        lines.append(f"{'STTR':11}|{UNDEFINED:>10} (needs {STTR_CHUNK} gold words with forms)")
    else:
        lines.append(f"{'STTR':11}|{scores.sttr:10.4f} ({counted(scores.sttr_chunks, 'chunk')} "
                     f"of {STTR_CHUNK} words)")
    if scores.classes_source is not None:
        lines.append(f"{'Classes':11}| {scores.classes_source}")
    return "\n".join(lines)
