"""Per-label bracket counts and scores of one system (``treeeval bracket --per-label``, the
browser's label table, the label figure), from the scorer's bracket columns
(``treeeval.bracket.spans``) in numpy.

Labels are as EVALB compares them and its debug output prints them: cut at the first ``-``
or ``=`` (``NP-SBJ`` is ``NP``).  A label's recall is its matched gold brackets over its gold
brackets, its precision its matched test brackets over its test brackets: a bracket matched
through EQ_LABEL (COLLINS.prm's ADVP and PRT) counts as matched under its own label, so a
label's matched gold and matched test counts may differ.  Only the sentences EVALB scores
count (no Error or Skip sentence), as in its totals.

>>> from treeeval.bracket.params import EvalbParams
>>> from treeeval.bracket.spans import bracket_spans
>>> spans = bracket_spans(b"(S (NP-SBJ (DT a) (NN b)) (VP (VB c) (NN d)))\\n",
...                       b"(S (NP (DT a) (NN b)) (NP (VB c) (NN d)))\\n", EvalbParams())
>>> counts = label_counts(spans)
>>> counts.labels, counts.gold.tolist(), counts.test.tolist(), counts.test_matched.tolist()
(['NP', 'S', 'VP'], [1, 1, 1], [2, 1, 0], [1, 1, 0])
>>> print(render_label_counts(counts), end="")
-- Per label (labels cut at - or =) --
Label        Gold   Test  Matched(gold)  Matched(test)  Recall  Precision  FMeasure
NP              1      2              1              1  100.00      50.00     66.67
S               1      1              1              1  100.00     100.00    100.00
VP              1      0              0              0    0.00       0.00      0.00
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..arrays import BoolArray, FloatArray, IntArray
from .counts import EvalbStatus
from .spans import BracketColumns, BracketSpans


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
        """Recall, precision and F1 per label, in percent (0 where a count is 0, as EVALB
        scores an empty total)."""
        recall = _percent(self.gold_matched, self.gold)
        precision = _percent(self.test_matched, self.test)
        total = recall + precision
        f1 = np.divide(2 * recall * precision, total, out=np.zeros_like(total),
                       where=total != 0)
        return recall, precision, f1

    def to_json(self) -> list[dict[str, object]]:
        """One object per label: its counts and scores (percent).

        >>> LabelCounts(["NP"], *(np.array([n]) for n in (2, 1, 1, 1))).to_json()
        ... # doctest: +NORMALIZE_WHITESPACE
        [{'label': 'NP', 'gold': 2, 'test': 1, 'matched_gold': 1, 'matched_test': 1,
          'recall': 50.0, 'precision': 100.0, 'fmeasure': 66.66666666666667}]
        """
        recall, precision, f1 = self.scores()
        return [{"label": label, "gold": int(gold), "test": int(test),
                 "matched_gold": int(gold_matched), "matched_test": int(test_matched),
                 "recall": float(r), "precision": float(p), "fmeasure": float(f)}
                for label, gold, test, gold_matched, test_matched, r, p, f in zip(
                    self.labels, self.gold, self.test, self.gold_matched, self.test_matched,
                    recall, precision, f1)]


def label_counts(spans: BracketSpans, scored: BoolArray | None = None) -> LabelCounts:
    """The brackets of the ``scored`` sentences (a mask; default: those EVALB scores, status
    SCORED) counted by label; labels without a gold or test bracket there are left out."""
    keep = spans.status == EvalbStatus.SCORED if scored is None else scored
    size = len(spans.labels)

    def count(side: BracketColumns) -> tuple[IntArray, IntArray]:
        mine = keep[side.sentence] if len(side.sentence) else np.zeros(0, dtype=bool)
        return (np.bincount(side.label[mine], minlength=size),
                np.bincount(side.label[mine & side.matched], minlength=size))

    (gold, gold_matched), (test, test_matched) = count(spans.gold), count(spans.test)
    names = [name.decode("latin-1") for name in spans.labels]
    shown = sorted((names[code], code) for code in np.flatnonzero(gold + test))
    codes = np.array([code for _, code in shown], dtype=np.int64)
    return LabelCounts([name for name, _ in shown], gold[codes], test[codes],
                       gold_matched[codes], test_matched[codes])


def render_label_counts(counts: LabelCounts) -> str:
    """The ``--per-label`` block of the text report: a heading, then one line per label."""
    recall, precision, f1 = counts.scores()
    width = max([len(label) for label in counts.labels] + [10])
    lines = ["-- Per label (labels cut at - or =) --",
             f"{'Label':<{width}} {'Gold':>6} {'Test':>6}  Matched(gold)  Matched(test)  "
             "Recall  Precision  FMeasure"]
    lines += [f"{label:<{width}} {g:>6} {t:>6} {gm:>14} {tm:>14} {r:>7.2f} {p:>10.2f} {f:>9.2f}"
              for label, g, t, gm, tm, r, p, f in zip(
                  counts.labels, counts.gold.tolist(), counts.test.tolist(),
                  counts.gold_matched.tolist(), counts.test_matched.tolist(), recall, precision,
                  f1)]
    return "".join(line + "\n" for line in lines)


def _percent(part: IntArray, whole: IntArray) -> FloatArray:
    return np.divide(100.0 * part, whole, out=np.zeros(len(whole)), where=whole != 0)
