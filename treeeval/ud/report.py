"""The reports of ``treeeval ud``: the CoNLL scorers' text (byte for byte) and JSON.

>>> from treeeval.ud.metrics import Score
>>> scores = {"LAS": Score(3, 4, 4, 3), "MLAS": Score(2, 3, 3, 2), "BLEX": Score(1, 3, 3, 2)}
>>> print(render(scores, "default"), end="")
LAS F1 Score: 75.00
MLAS Score: 66.67
BLEX Score: 33.33
>>> print(render({"Words": Score(4, 4, 5), "UPOS": Score(3, 4, 5, 4)}, "verbose"), end="")
Metric     | Precision |    Recall |  F1 Score | AligndAcc
-----------+-----------+-----------+-----------+-----------
Words      |     80.00 |    100.00 |     88.89 |
UPOS       |     60.00 |     75.00 |     66.67 |     75.00
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..wording import counted
from .metrics import Score, f1_fraction

RULE = "-----------+-----------+-----------+-----------+-----------"
#: the metrics of the default report, with their labels
DEFAULT_LINES = (("LAS", "LAS F1 Score"), ("MLAS", "MLAS Score"), ("BLEX", "BLEX Score"))
#: the lines the enhanced scorers add to it
ENHANCED_LINES = (("ELAS", "ELAS F1 Score"), ("EULAS", "EULAS F1 Score"))
#: the metrics the shared tasks averaged over treebanks
MAIN_METRICS = ("LAS", "MLAS", "BLEX")


def default_lines(rules: str, metrics: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The lines of a scorer's default report (``rules``: conll18, conll17, udeval, iwpt20)
    as (metric, label), where the report's ``metrics`` hold ELAS and EULAS or not (udeval's
    ``--no-enhanced``).

    >>> [name for name, _ in default_lines("iwpt20", ["LAS", "ELAS", "EULAS"])]
    ['LAS', 'ELAS', 'EULAS', 'MLAS', 'BLEX']
    """
    if rules == "conll17":
        return DEFAULT_LINES[:1]
    enhanced = ENHANCED_LINES if "ELAS" in metrics else ()
    if rules == "iwpt20":
        return DEFAULT_LINES[:1] + enhanced + DEFAULT_LINES[1:]
    return DEFAULT_LINES + enhanced


def render(scores: Mapping[str, Score], mode: str = "default", rules: str = "conll18") -> str:
    """The scorer's output for one pair (``mode``: default, verbose or counts; ``rules``:
    whose report, :func:`default_lines`), with the final newline ``print`` adds; the rows
    of the verbose and counts tables are those of ``scores``, in its order."""
    conll17 = rules == "conll17"
    if mode == "default":
        lines = [f"{label}: {scores[name].f1:.2f}"
                 for name, label in default_lines(rules, list(scores))]
    elif mode == "counts":
        lines = ["Metric     | Correct   |      Gold | Predicted | Aligned", RULE]
        for name, value in scores.items():
            aligned = value.aligned or (value.correct if name == "Words" else "")
            lines.append(f"{name:11}|{value.correct:10} |{value.gold:10} |{value.system:10} "
                         f"|{aligned:10}")
    else:
        header = "Metrics    " if conll17 else "Metric     "
        lines = [header + "| Precision |    Recall |  F1 Score | AligndAcc", RULE]
        for name, value in scores.items():
            accuracy = value.aligned_accuracy
            shown_accuracy = "" if accuracy is None else f"{accuracy:10.2f}"
            lines.append(f"{name:11}|{value.precision:10.2f} |{value.recall:10.2f} "
                         f"|{value.f1:10.2f} |{shown_accuracy}")
    return "\n".join(lines) + "\n"


def macro_average(results: Sequence[Mapping[str, Score] | None],
                  metrics: Sequence[str]) -> dict[str, float]:
    """The mean F1 of each metric over treebanks, a fraction (the mean of the scorers'
    fractions, :func:`~.metrics.f1_fraction`, as the CoNLL shared tasks averaged them; the
    report and the JSON show 100 times it); a failed treebank (None) counts as 0, as in the
    shared tasks.

    >>> macro_average([{"LAS": Score(1, 2, 2, 2)}, None], ["LAS"])
    {'LAS': 0.25}
    """
    if not results:
        return {name: 0.0 for name in metrics}
    return {name: sum(f1_fraction(r[name]) if r is not None else 0.0 for r in results) / len(results)
            for name in metrics}


def render_macro(average: Mapping[str, float], mode: str, treebanks: int, failed: int,
                 rules: str = "conll18") -> str:
    """The macro-average block printed after the treebanks of a multi-pair run.

    >>> print(render_macro({"LAS": 0.5, "MLAS": 0.25, "BLEX": 0.125}, "default", 2, 1), end="")
    Macro-average over 2 treebanks (1 failed, counted as 0):
    LAS F1 Score: 50.00
    MLAS Score: 25.00
    BLEX Score: 12.50
    """
    failures = f" ({failed} failed, counted as 0)" if failed else ""
    lines = [f"Macro-average over {counted(treebanks, 'treebank')}{failures}:"]
    if mode == "default":
        lines += [f"{label}: {100 * average[name]:.2f}"
                  for name, label in default_lines(rules, list(average))]
    else:
        lines += ["Metric     |  F1 Score", "-----------+-----------"]
        lines += [f"{name:11}|{100 * value:10.2f}" for name, value in average.items()]
    return "\n".join(lines) + "\n"


def score_json(value: Score) -> dict[str, float | None]:
    """One metric as JSON: the four counts and the four rates (in percent, as the reports
    print them); a value that is not a finite number (a WeightedLAS with an ``inf`` weight)
    is null, as JSON has no NaN.

    >>> score_json(Score(1, 2, 2))["f1"], score_json(Score(math.inf, 2, 2))["f1"]
    (50.0, None)
    """
    counts = {"correct": value.correct, "gold": value.gold, "system": value.system,
              "aligned": value.aligned}
    ratios = {"precision": value.precision, "recall": value.recall, "f1": value.f1,
              "aligned_accuracy": value.aligned_accuracy}
    return {**{name: json_number(number) for name, number in counts.items()},
            **{name: json_number(number) for name, number in ratios.items()}}


def percent(ratio: float | None) -> float | None:
    """A ratio (a fraction) as JSON writes it: in percent, null when undefined or not finite.

    >>> percent(0.8625), percent(None), percent(float("inf"))
    (86.25, None, None)
    """
    return None if ratio is None else json_number(100 * ratio)


def json_number(value: float | None) -> float | None:
    """A number as JSON can hold it: null for one that is not finite.

    >>> json_number(2), json_number(float("nan")), json_number(None)
    (2, None, None)
    """
    return None if isinstance(value, float) and not math.isfinite(value) else value
