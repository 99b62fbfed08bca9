"""``treeeval ud GOLD SYS1 SYS2 ...``: several systems on one gold file, their comparison
table and, with ``--stat``, each system tested against the baseline on every metric asked.

Every metric of the table is the F1 score the scorer's report prints (percent); a test pairs
the gold sentences: each system's per-sentence counts (correct, gold, system) are resampled
and the F1 of each resample is that of the summed counts.

>>> from treeeval.ud.metrics import Score
>>> scores = [{"LAS": Score(3, 4, 4, 3)}, {"LAS": Score(4, 4, 4, 4)}]
>>> table = comparison_table("en", ["a", "b"], scores, ("LAS",), signature="cmd:ud")
>>> [row.values for row in table.rows]
[(75.0,), (100.0,)]
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from ..errors import UsageError
from ..stats import SentenceScores, compare_many
from ..stats.significance import DEFAULT_RESAMPLES, DEFAULT_SEED
from ..tables import ComparisonTable, Metric, Significance, SystemRow, corrected
from .metrics import Score

#: the tests ``--stat`` runs on UD metrics (McNemar needs per-token 0/1 outcomes, which an
#: F1 over gold and system words does not have)
UD_TESTS = ("bootstrap", "ar")


@dataclass(frozen=True)
class StatPlan:
    """``--stat``, ``--resamples``, ``--seed`` and the baseline's position among the systems."""

    stat: str
    resamples: int = DEFAULT_RESAMPLES
    seed: int = DEFAULT_SEED
    baseline: int = 0


def check_stat(stat: str) -> str:
    """A ``--stat`` a UD metric can be tested with, else a usage error naming those.

    >>> check_stat("mcnemar")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat mcnemar does not apply to the UD metrics (F1 over gold \
and system words, not per-token outcomes): use --stat bootstrap or --stat ar
    """
    if stat not in UD_TESTS:
        raise UsageError(f"--stat {stat} does not apply to the UD metrics (F1 over gold and "
                         "system words, not per-token outcomes): use --stat bootstrap or "
                         "--stat ar")
    return stat


def metric_list(spec: str | None, available: Sequence[str]) -> tuple[str, ...]:
    """The metrics of ``--metrics`` (separated by ``;`` or ``,``), in the report's order; all
    of ``available`` without the option.

    >>> metric_list("MLAS;LAS", ("UAS", "LAS", "MLAS")), metric_list(None, ("UAS",))
    (('LAS', 'MLAS'), ('UAS',))
    >>> metric_list("LAS;ELAS", ("UAS", "LAS"))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --metrics: unknown metric 'ELAS' (choose from UAS, LAS)
    """
    if spec is None:
        return tuple(available)
    asked = [name.strip() for name in spec.replace(",", ";").split(";") if name.strip()]
    for name in asked:
        if name not in available:
            raise UsageError(f"--metrics: unknown metric {name!r} (choose from "
                             f"{', '.join(available)})")
    if not asked:
        raise UsageError("--metrics: no metric named")
    return tuple(name for name in available if name in asked)


def system_names(paths: Sequence[str]) -> list[str]:
    """Short names of the systems' files: the file name without its extension, with as many
    parent folders as it takes to tell the files apart; when every file has the same name
    (one folder per system), the folders alone.

    >>> system_names(["out/a.conllu", "out/b.conllu"])
    ['a', 'b']
    >>> system_names(["x/HIT/en.conllu", "x/Turku/en.conllu"])
    ['HIT', 'Turku']
    >>> system_names(["x/HIT/en.conllu", "x/Turku/en.conllu", "y/HIT/en.conllu"])
    ['x/HIT', 'x/Turku', 'y/HIT']
    """
    parts = [os.path.splitext(os.path.normpath(path))[0].split(os.sep) for path in paths]
    if len({part[-1] for part in parts}) == 1 and all(len(part) > 1 for part in parts):
        parts = [part[:-1] for part in parts]
    for depth in range(1, max(map(len, parts)) + 1):
        names = ["/".join(part[-depth:]) for part in parts]
        if len(set(names)) == len(names):
            return names
    return list(paths)


def baseline_index(baseline: str | None, paths: Sequence[str], names: Sequence[str]) -> int:
    """The position of ``--baseline`` (a system's file as given, or its short name); the
    first system without the option.

    >>> baseline_index("b", ["a.conllu", "b.conllu"], ["a", "b"])
    1
    >>> baseline_index("c", ["a.conllu"], ["a"])
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --baseline c is none of the systems (a.conllu)
    """
    if baseline is None:
        return 0
    for index, (path, name) in enumerate(zip(paths, names)):
        if baseline in (path, name):
            return index
    raise UsageError(f"--baseline {baseline} is none of the systems ({', '.join(paths)})")


def sentence_scores(rows: np.ndarray) -> SentenceScores:
    """A metric's F1 counts per gold sentence, from its rows (correct, gold, system, aligned).

    >>> sentence_scores(np.array([[3, 4, 4, 3], [1, 1, 1, 1]])).score()
    80.0
    """
    return SentenceScores.f1(rows[:, 0], rows[:, 1], rows[:, 2])


def comparison_table(title: str, names: Sequence[str], scores: Sequence[Mapping[str, Score]],
                     metrics: Sequence[str], *, signature: str,
                     per_sentence: Sequence[Mapping[str, np.ndarray]] | None = None,
                     testing: StatPlan | None = None) -> ComparisonTable:
    """The table of the systems' F1 scores (percent), in order; with ``testing`` (and the
    per-sentence rows) every other system tested against the baseline on every metric, the
    p-values Holm-corrected over each metric's tests when there are more than two systems."""
    values = [tuple(100 * system[name].f1 for name in metrics) for system in scores]
    columns = tuple(Metric(name) for name in metrics)
    if testing is None or per_sentence is None:
        rows = tuple(SystemRow(name, row) for name, row in zip(names, values))
        return ComparisonTable(title, "ud", columns, rows, signature=signature)
    tested = [index for index in range(len(names)) if index != testing.baseline]
    counts = [{name: sentence_scores(rows[name]) for name in metrics} for rows in per_sentence]
    pairs = [(counts[index][name], counts[testing.baseline][name])
             for index in tested for name in metrics]
    results = iter(compare_many(pairs, testing.stat, resamples=testing.resamples,
                                seed=testing.seed))
    cells = {index: tuple(Significance.from_result(next(results)) for _ in metrics)
             for index in tested}
    rows = tuple(SystemRow(name, row, cells.get(index, ()), baseline=index == testing.baseline)
                 for index, (name, row) in enumerate(zip(names, values)))
    return corrected(ComparisonTable(title, "ud", columns, rows, signature=signature))
