"""Per-label bracket counts and scores of one system (``treeeval bracket --per-label``, the
browser's label table, the label figure), from the scorer's bracket columns
(``treeeval.bracket.spans``) in numpy.

Labels are as EVALB compares them and its debug output prints them: cut at the first ``-``
or ``=`` (``NP-SBJ`` is ``NP``).  A label's recall is its matched gold brackets over its gold
brackets, its precision its matched test brackets over its test brackets: a bracket matched
through EQ_LABEL (COLLINS.prm's ADVP and PRT) counts as matched under its own label, so a
label's matched gold and matched test counts may differ.  Only the sentences EVALB scores
count (no Error or Skip sentence), as in its totals.  A label's recall is undefined without
a gold bracket, its precision without a test bracket (:mod:`treeeval.stats.rates`: ``—`` in
the text, null in the JSON), and its F1 counts an undefined side as 0.

>>> from treeeval.bracket.params import EvalbParams
>>> from treeeval.bracket.span_scoring import bracket_spans
>>> spans = bracket_spans(b"(S (NP-SBJ (DT a) (NN b)) (VP (VB c) (NN d)))\\n",
...                       b"(S (NP (DT a) (NN b)) (NP (VB c) (NN d)))\\n", EvalbParams())
>>> counts = label_counts(spans)
>>> counts.labels, counts.gold.tolist(), counts.test.tolist(), counts.test_matched.tolist()
(['NP', 'S', 'VP'], [1, 1, 1], [2, 1, 0], [1, 1, 0])
>>> print(render_label_counts(counts).decode(), end="")
-- Per label (labels cut at - or =) --
Label        Gold   Test  Matched(gold)  Matched(test)  Recall  Precision  FMeasure
NP              1      2              1              1  100.00      50.00     66.67
S               1      1              1              1  100.00     100.00    100.00
VP              1      0              0              0    0.00          —      0.00
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..arrays import BoolArray, FloatArray, IntArray
from ..stats.rates import plain, precision_recall_f1, shown
from .spans import BracketColumns, BracketSpans
from .totals import counted


@dataclass
class LabelCounts:
    """One system's brackets by label (sorted by name): gold and test brackets, and how many
    of each are matched."""

    labels: list[str]
    gold: IntArray
    test: IntArray
    gold_matched: IntArray
    test_matched: IntArray

    def scores(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """Recall, precision and F1 per label, in percent (NaN where undefined:
        :func:`treeeval.stats.rates.precision_recall_f1`)."""
        precision, recall, f1 = precision_recall_f1(self.test_matched, self.test,
                                                    self.gold_matched, self.gold)
        return recall, precision, f1

    def to_json(self) -> list[dict[str, object]]:
        """One object per label: its counts and scores (percent; null where undefined).

        >>> LabelCounts(["NP", "X"], *(np.array(n) for n in ((2, 0), (1, 1), (1, 0), (1, 0))
        ...                           )).to_json()  # doctest: +NORMALIZE_WHITESPACE
        [{'label': 'NP', 'gold': 2, 'test': 1, 'matched_gold': 1, 'matched_test': 1,
          'recall': 50.0, 'precision': 100.0, 'fmeasure': 66.66666666666667},
         {'label': 'X', 'gold': 0, 'test': 1, 'matched_gold': 0, 'matched_test': 0,
          'recall': None, 'precision': 0.0, 'fmeasure': 0.0}]
        """
        recall, precision, f1 = self.scores()
        return [{"label": label, "gold": int(gold), "test": int(test),
                 "matched_gold": int(gold_matched), "matched_test": int(test_matched),
                 "recall": plain(r), "precision": plain(p), "fmeasure": plain(f)}
                for label, gold, test, gold_matched, test_matched, r, p, f in zip(
                    self.labels, self.gold, self.test, self.gold_matched, self.test_matched,
                    recall.tolist(), precision.tolist(), f1.tolist())]


def label_counts(spans: BracketSpans, scored: BoolArray | None = None) -> LabelCounts:
    """The brackets of the ``scored`` sentences (a mask; default: those whose numbers count
    in the totals, ``totals.counted``) counted by label; labels without a gold or test
    bracket there are left out."""
    keep = counted(spans.status) if scored is None else scored
    size = len(spans.labels)

    def count(side: BracketColumns) -> tuple[IntArray, IntArray]:
        mine = keep[side.sentence] if len(side.sentence) else np.zeros(0, dtype=bool)
        return (np.bincount(side.label[mine], minlength=size),
                np.bincount(side.label[mine & side.matched], minlength=size))

    (gold, gold_matched), (test, test_matched) = count(spans.gold), count(spans.test)
    names = [name.decode("latin-1") for name in spans.labels]
    listed = sorted((names[code], code) for code in np.flatnonzero(gold + test))
    codes = np.array([code for _, code in listed], dtype=np.int64)
    return LabelCounts([name for name, _ in listed], gold[codes], test[codes],
                       gold_matched[codes], test_matched[codes])


def render_label_counts(counts: LabelCounts) -> bytes:
    """The ``--per-label`` block of the text report: a heading, then one line per label,
    each label as the files spell it (its bytes) and the rest UTF-8 (an undefined rate is
    ``—``)."""
    recall, precision, f1 = counts.scores()
    width = max([len(label) for label in counts.labels] + [10])
    lines = [b"-- Per label (labels cut at - or =) --",
             f"{'Label':<{width}} {'Gold':>6} {'Test':>6}  Matched(gold)  Matched(test)  "
             "Recall  Precision  FMeasure".encode()]
    lines += [f"{label:<{width}}".encode("latin-1")
              + f" {g:>6} {t:>6} {gm:>14} {tm:>14} {shown(r):>7} {shown(p):>10} "
                f"{shown(f):>9}".encode()
              for label, g, t, gm, tm, r, p, f in zip(
                  counts.labels, counts.gold.tolist(), counts.test.tolist(),
                  counts.gold_matched.tolist(), counts.test_matched.tolist(), recall.tolist(),
                  precision.tolist(), f1.tolist())]
    return b"".join(line + b"\n" for line in lines)
