"""A test oracle of the browser: the per-label analysis of bracket files counted a second
way, from what EVALB's per-sentence engine leaves on each bracket (``render_tree.diff_brackets``),
to check ``treeeval.tui.bracket_labels.analyse_spans``.

>>> from treeeval.bracket.params import EvalbParams
>>> d = diff_brackets(b"(S (NP (DT a) (NN b)) (VP (VB c) (NN d)))",
...                   b"(S (NP (DT a) (NN b)) (NP (VB c) (NN d)))", EvalbParams(), 1)
>>> analysis = analyse_labels([d])
>>> analysis.labels, analysis.gold.tolist(), analysis.gold_matched.tolist()
(['NP', 'S', 'VP'], [1, 1, 1], [1, 1, 0])
>>> sorted(analysis.confusions)
[('VP', 'NP')]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from treeeval.tui.bracket_labels import LabelAnalysis
from treeeval.tui.render_tree import MATCHED, NOT_COUNTED, UNMATCHED, BracketDiff, diff_brackets

__all__ = ["analyse_labels", "diff_brackets"]


def analyse_labels(diffs: Sequence[BracketDiff | None]) -> LabelAnalysis:
    """Count the brackets of each label and where they went wrong (``None``: skipped), from
    what EVALB's engine left on them: the definition ``analyse_spans`` computes in numpy.
    """
    counts: dict[str, list[int]] = {}
    wrong: dict[str, set[int]] = {}
    confusions: dict[tuple[str, str], set[int]] = {}
    for index, diff in enumerate(diffs):
        if diff is None or not diff.scored:
            continue
        for role, side in ((0, diff.gold), (1, diff.test)):
            for bracket in side.brackets:
                if bracket.result == NOT_COUNTED:
                    continue
                label = bracket.label.decode("latin-1")
                row = counts.setdefault(label, [0, 0, 0, 0])
                row[role] += 1
                if bracket.result == MATCHED:
                    row[2 + role] += 1
                else:
                    wrong.setdefault(label, set()).add(index)
        spare = [t for t in diff.test.brackets if t.result == UNMATCHED]
        for g in diff.gold.brackets:
            if g.result != UNMATCHED:
                continue
            same = next((t for t in spare if (t.start, t.end) == (g.start, g.end)), None)
            if same is not None:
                pair = (g.label.decode("latin-1"), same.label.decode("latin-1"))
                confusions.setdefault(pair, set()).add(index)
    labels = sorted(counts)
    table = np.array([counts[label] for label in labels], dtype=np.int64).reshape(-1, 4)
    return LabelAnalysis(labels, table[:, 0], table[:, 1], table[:, 2], table[:, 3],
                         {k: np.array(sorted(v)) for k, v in wrong.items()},
                         {k: np.array(sorted(v)) for k, v in confusions.items()})
