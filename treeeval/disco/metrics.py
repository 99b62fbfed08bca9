"""``treeeval disco GOLD SYS1 SYS2 ...``: the metrics of the comparison table and of
``--json``, each system's value as its summary prints it, and its per-sentence counts for the
tests (the disco adapter, treeeval.compare.disco, gives them to the comparison driver).

The metrics are the figures of discodop's summary, by their ``--json`` keys: ``recall``,
``precision``, ``fmeasure`` (labelled brackets), ``disc_fmeasure`` (the F1 of the
discontinuous brackets alone, the "Disc F1" papers report: what ``--disconly`` prints as
its f-measure), ``exact_match``, ``pos_accuracy``, ``function_tags`` (F1, when the parses
carry function tags), and when asked ``leaf_ancestor`` (``--la``), ``tree_distance``
(``--ted``), ``dependencies`` (``--headrules``); each also of the sentences up to the
cutoff, suffixed with it (``fmeasure_40``).  A test pairs the gold sentences: each
sentence's counts (0 for a sentence a system did not score), each resample scored from the
summed counts as discodop scores the whole file (F1 = 2 matched / (gold + cand), the tree
distance 1 - distances / nodes, the leaf-ancestor score the mean over sentences).

>>> metric_names(40, la=True)[:9]
('recall', 'precision', 'fmeasure', 'disc_fmeasure', 'exact_match', 'pos_accuracy', \
'function_tags', 'leaf_ancestor', 'recall_40')
>>> header("disc_fmeasure_40", 40), header("fmeasure", 40, disc_only=True)
('Disc F1 (≤40)', 'Disc F1')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from .report import accuracy, f_measure, precision, recall

if TYPE_CHECKING:
    import numpy as np

    from ..stats import SentenceScores
    from .sentence_rows import SentenceRows
    from .totals import DiscoTotals

#: the figures of the summary every run has, by their ``--json`` keys
METRICS = ("recall", "precision", "fmeasure", "disc_fmeasure", "exact_match", "pos_accuracy",
           "function_tags")
#: the optional scores, each with the option that asks for it
OPTIONAL = (("leaf_ancestor", "la"), ("tree_distance", "ted"), ("dependencies", "dep"))
#: each figure's column header, as papers write it
HEADERS = {"recall": "LR", "precision": "LP", "fmeasure": "F1", "disc_fmeasure": "Disc F1",
           "exact_match": "EX", "pos_accuracy": "POS", "function_tags": "Func F1",
           "leaf_ancestor": "LA", "tree_distance": "TED", "dependencies": "Dep"}
#: the one metric with an outcome per sentence (McNemar's test's)
MCNEMAR_METRICS = ("exact_match",)

#: a figure's value from a column of the summary
_VALUES: dict[str, Callable[[DiscoTotals], Decimal]] = {
    "recall": lambda t: recall(t.gold_brackets.matched, t.gold_brackets.gold),
    "precision": lambda t: precision(t.gold_brackets.matched, t.gold_brackets.cand),
    "fmeasure": lambda t: f_measure(t.gold_brackets.matched, t.gold_brackets.gold,
                                    t.gold_brackets.cand),
    "disc_fmeasure": lambda t: f_measure(t.disc_matched, t.gold_disc, t.cand_disc),
    "exact_match": lambda t: accuracy(t.exact, t.sentences),
    "pos_accuracy": lambda t: accuracy(t.pos_correct, t.pos_total),
    "function_tags": lambda t: f_measure(t.functions.matched, t.functions.gold,
                                         t.functions.cand),
    "leaf_ancestor": lambda t: t.la_sum / t.la_count if t.la_count else Decimal("NaN"),
    "tree_distance": lambda t: 1 - t.dice_noms / t.dice_denoms,
    "dependencies": lambda t: accuracy(t.dep_correct, t.dep_total),
}


def metric_names(cutoff: int, la: bool = False, ted: bool = False, dep: bool = False,
                 disc_only: bool = False) -> tuple[str, ...]:
    """Every metric ``--metrics`` may name: the summary's, the optional scores asked, then
    the same suffixed with the cutoff.  Under ``--disconly`` every bracket is
    discontinuous, so ``disc_fmeasure`` (then ``fmeasure``) is not offered."""
    asked = {"la": la, "ted": ted, "dep": dep}
    names = tuple(name for name in METRICS if not (disc_only and name == "disc_fmeasure"))
    names += tuple(name for name, option in OPTIONAL if asked[option])
    return names + tuple(f"{name}_{cutoff}" for name in names)


def defaults(names: tuple[str, ...], cutoff: int, functions: bool) -> tuple[str, ...]:
    """The table's metrics without ``--metrics``: those of all sentences, function tags
    only when the labels keep them (``functions``: ``--functions`` other than remove).

    >>> defaults(metric_names(40), 40, functions=False)
    ('recall', 'precision', 'fmeasure', 'disc_fmeasure', 'exact_match', 'pos_accuracy')
    """
    return tuple(name for name in names if not split(name, cutoff)[1]
                 and (functions or name != "function_tags"))


def split(name: str, cutoff: int) -> tuple[str, bool]:
    """A metric's figure and whether it is the cutoff column's.

    >>> split("fmeasure_40", 40), split("recall", 40)
    (('fmeasure', True), ('recall', False))
    """
    suffix = f"_{cutoff}"
    if name not in _VALUES and name.endswith(suffix):
        return name[:-len(suffix)], True
    return name, False


def header(name: str, cutoff: int, disc_only: bool = False) -> str:
    """A metric's column header (``F1``, ``LR (≤40)``); under ``--disconly`` the bracket
    scores are the discontinuous brackets' (``Disc F1``)."""
    figure, cut = split(name, cutoff)
    shown = HEADERS[figure]
    if disc_only and figure in ("recall", "precision", "fmeasure"):
        shown = "Disc " + shown
    return f"{shown} (≤{cutoff})" if cut else shown


def value(totals: DiscoTotals, figure: str) -> float | None:
    """A figure of a summary column in percent, as discodop computes it (None where it
    prints ``nan`` or ``0DIV!``, and for function tags when no parse has one, where it
    prints no line).

    >>> from treeeval.disco.totals import DiscoTotals
    >>> totals = DiscoTotals(False)
    >>> totals.gold_brackets.gold, totals.gold_brackets.cand, totals.gold_brackets.matched = 4, 5, 3
    >>> value(totals, "recall"), round(value(totals, "fmeasure"), 4), value(totals, "exact_match")
    (75.0, 66.6667, None)
    """
    if figure == "function_tags" and not totals.functions.cand:
        return None
    try:
        result = float(100 * _VALUES[figure](totals))
    except (ZeroDivisionError, InvalidOperation):
        return None
    return None if math.isnan(result) else result


def sentence_scores(rows: SentenceRows, name: str, cutoff: int,
                    sentences: int) -> SentenceScores:
    """A metric's counts by gold sentence (``sentences`` of them; a sentence the run did
    not score, or longer than the cutoff for a cutoff metric, counts 0; a leaf-ancestor
    score of NaN, a sentence without words, counts 0).  Exact match keeps its 0/1 outcome
    per sentence for McNemar's test."""
    import numpy as np  # only the paired tests need it: not imported for one system's report

    from ..stats import SentenceScores

    figure, cut = split(name, cutoff)
    upto = cutoff if cut else None

    def column(key: str) -> np.ndarray:
        return rows.paired(key, sentences, upto)

    if figure == "recall":
        return SentenceScores.ratio(column("matched"), column("gold_brackets"))
    if figure == "precision":
        return SentenceScores.ratio(column("matched"), column("cand"))
    if figure == "fmeasure":
        return SentenceScores.f1(column("matched"), column("gold_brackets"), column("cand"))
    if figure == "disc_fmeasure":
        return SentenceScores.f1(column("disc_matched"), column("disc_gold"),
                                 column("disc_cand"))
    if figure == "exact_match":
        exact = column("exact")
        return SentenceScores(exact, column("counted"), hits=exact)
    if figure == "pos_accuracy":
        return SentenceScores.ratio(column("pos_correct"), column("pos_total"))
    if figure == "function_tags":
        return SentenceScores.f1(column("func_matched"), column("func_gold"),
                                 column("func_cand"))
    if figure == "leaf_ancestor":
        return SentenceScores.ratio(np.nan_to_num(column("la")), column("scored"))
    if figure == "tree_distance":
        distance, nodes = np.nan_to_num(column("ted_distance")), np.nan_to_num(
            column("ted_denominator"))
        return SentenceScores.ratio(nodes - distance, nodes)
    return SentenceScores.ratio(column("dep_correct"), column("dep_total"))


def summary_json(totals: DiscoTotals, names: tuple[str, ...]) -> dict[str, object]:
    """A summary column as ``--json`` writes it: its counts, then each figure of ``names``
    (those of all sentences) in percent (null where discodop prints ``nan``, ``0DIV!`` or
    nothing).

    >>> from treeeval.disco.totals import DiscoTotals
    >>> summary_json(DiscoTotals(False), ("recall",))["recall"] is None
    True
    """
    block: dict[str, object] = {
        "sentences": totals.sentences, "longest": totals.longest,
        "gold_brackets": totals.gold_brackets.gold, "cand_brackets": totals.gold_brackets.cand,
        "matched_brackets": totals.gold_brackets.matched, "gold_disc": totals.gold_disc,
        "cand_disc": totals.cand_disc, "matched_disc": totals.disc_matched,
        "exact": totals.exact, "pos_correct": totals.pos_correct,
        "pos_total": totals.pos_total}
    block.update((name, value(totals, name)) for name in names)
    return block
