"""The numbers of the bracket figures, from what ``treeeval.evaluate_brackets`` and the
scorer's bracket columns (``treeeval.bracket.spans``) return, for several systems at once.

>>> import tempfile, os
>>> from treeeval.bracket.api import evaluate_brackets
>>> folder = tempfile.mkdtemp()
>>> paths = [os.path.join(folder, name) for name in ("gold", "a", "b")]
>>> trees = [b"(S (NP (DT a) (NN b)) (VP (VB c)))\\n(S (A x) (B y))\\n",
...          b"(S (DT a) (X (NN b) (VB c)))\\n(S (A x) (B y))\\n",
...          b"(S (NP (DT a) (NN b)) (VP (VB c)))\\n(S (C (A x) (B y)))\\n"]
>>> for path, text in zip(paths, trees):
...     _ = open(path, "wb").write(text)
>>> runs = {name: evaluate_brackets(paths[0], path, params=None)
...         for name, path in zip(("a", "b"), paths[1:])}
>>> data = f1_by_length(runs, LengthBins((2,)))
>>> data.categories, [s.values.round(2).tolist() for s in data.panels[0].series]
(('1-2', '3+'), [[100.0, 40.0], [66.67, 100.0]])
>>> [round(s.overall, 2) for s in data.panels[0].series]
[57.14, 88.89]
>>> labels = label_f1({name: file_spans(paths[0], path, EvalbParams())
...                    for name, path in zip(("a", "b"), paths[1:])})
>>> labels.categories, [s.values.round(2).tolist() for s in labels.panels[0].series]
(('S', 'NP', 'VP'), [[100.0, 0.0, 0.0], [100.0, 100.0, 100.0]])
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import numpy as np

from ..bracket.counts import SentenceCounts
from ..bracket.label_scores import label_counts
from ..bracket.params import EvalbParams
from ..bracket.result import EvalbResult
from ..bracket.span_scoring import file_spans
from ..bracket.spans import BracketSpans
from ..bracket.totals import Totals, counted
from ..stats.rates import precision_recall_f1
from .model import LENGTH_BINS, FigureData, LengthBins, Panel, Series, pooled_f1_by_length

#: how the bracket figures count, for their notes
COUNTING = ("EVALB's counting: brackets of the sentences EVALB scores (no Error or Skip "
            "sentence), pooled over each bin")


def f1_by_length(runs: Mapping[str, EvalbResult], bins: LengthBins = LENGTH_BINS) -> FigureData:
    """Bracket F1 by gold sentence length (EVALB's length column), one series per system
    (``runs``: name -> ``evaluate_brackets``'s result, in the legend's order); each bin's F1
    pools the matched, gold and test brackets of its sentences, and the legend's overall F1
    is EVALB's (``-- All --``)."""
    columns = {}
    for name, run in runs.items():
        rows = _sentences(run)
        valid = counted(rows.status)
        columns[name] = (rows.length[valid], rows.matched[valid], rows.gold[valid],
                         rows.test[valid], run.all_totals.fmeasure())
    return pooled_f1_by_length(columns, bins, COUNTING)


def _sentences(run: EvalbResult) -> SentenceCounts:
    if run.sentences is None:
        raise ValueError("the run kept no per-sentence counts (use evaluate_brackets)")
    return run.sentences


def label_f1(spans: Mapping[str, BracketSpans], top: int = 12) -> FigureData:
    """Per-label bracket F1 of each system (``spans``: name -> its ``file_spans``), for the
    ``top`` labels most frequent in the gold brackets (of the first system's run), most
    frequent first.  Labels are as EVALB's debug output prints them (cut at ``-`` or ``=``);
    a label's precision is its matched test brackets over its test brackets, its recall its
    matched gold brackets over its gold brackets (a bracket matched through EQ_LABEL, e.g.
    COLLINS.prm's ADVP and PRT, counts as matched under its own label); the legend's overall
    F1 is EVALB's."""
    counts = {name: _label_counts(side) for name, side in spans.items()}
    first = next(iter(counts.values()), {})
    chosen = sorted((label for label in first if first[label][3]),
                    key=lambda label: (-first[label][3], label))[:top]
    series = []
    for name, table in counts.items():
        rows = np.array([table.get(label, (0, 0, 0, 0)) for label in chosen],
                        dtype=np.int64).reshape(-1, 4)
        _, _, f1 = precision_recall_f1(*rows.T)
        series.append(Series(name, f1, rows[:, 3], Totals.from_sentences(spans[name].counts)
                             .fmeasure()))
    return FigureData("Bracket F1 by label", "bars", "constituent label", "bracket F1 (%)",
                      tuple(chosen), (Panel("", tuple(series)),),
                      COUNTING + "; labels cut at - or =; a bar's support is its gold brackets")


def _label_counts(spans: BracketSpans) -> dict[str, tuple[int, int, int, int]]:
    """label -> (matched test, test, matched gold, gold) brackets of the scored sentences
    (``treeeval.bracket.label_scores.label_counts``)."""
    counts = label_counts(spans)
    return {label: (int(tm), int(t), int(gm), int(g)) for label, tm, t, gm, g in zip(
        counts.labels, counts.test_matched, counts.test, counts.gold_matched, counts.gold)}


def bracket_figures(gold: str | os.PathLike[str], systems: Sequence[str | os.PathLike[str]],
                    names: Sequence[str] | None = None,
                    params: EvalbParams | str | None = "COLLINS.prm") -> dict[str, FigureData]:
    """Both bracket figures of ``systems`` against ``gold`` (``names`` default to the file
    names): ``f1_by_length`` and ``label_f1``."""
    from ..bracket.api import evaluate_brackets
    from ..bracket.params import load_params

    evalb = params if isinstance(params, EvalbParams) else (
        EvalbParams() if params is None else load_params([params])[0])
    names = list(names) if names is not None else [os.path.basename(s) for s in systems]
    runs = {name: evaluate_brackets(gold, system, params=evalb)
            for name, system in zip(names, systems)}
    spans = {name: file_spans(gold, system, evalb) for name, system in zip(names, systems)}
    return {"f1_by_length": f1_by_length(runs), "label_f1": label_f1(spans)}
