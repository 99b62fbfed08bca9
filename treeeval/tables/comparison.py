"""Several systems on one gold standard: their names, the baseline, the metrics asked for,
and the comparison table every scoring command builds from them.

One home for what ``bracket``, ``dep``, ``ud``, ``lin`` and ``errors`` share when they take
``GOLD SYS1 SYS2 ...``: the short names of the systems' files (:func:`system_names`), the
position of ``--baseline`` (:func:`baseline_index`), the metrics of ``--metrics``
(:func:`metric_list`), ``--stat`` with its resamples and seed (:class:`StatPlan`), and
:func:`build_table`, which tests each system against the baseline on every metric
(:func:`treeeval.stats.compare_many`) and corrects the p-values when there are more than two
systems.

>>> from treeeval.stats import SentenceScores
>>> a = SentenceScores.ratio([9, 9, 8, 9], [10, 10, 10, 10])
>>> b = SentenceScores.ratio([8, 9, 7, 8], [10, 10, 10, 10])
>>> table = build_table("dev", "dep", ["a", "b"], (Metric("LAS"),), [(87.5,), (80.0,)],
...                          per_sentence=[[a], [b]], testing=StatPlan("ar", 200))
>>> [(row.name, row.values, row.baseline) for row in table.rows]
[('a', (87.5,), True), ('b', (80.0,), False)]
>>> round(table.rows[1].significance[0].p_value, 3)
0.303
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import UsageError
from ..policy.inputs import plain_name, shown
from ..policy.signature import Value
from ..stats import SentenceScores, compare_many
from ..stats.defaults import DEFAULT_RESAMPLES, DEFAULT_SEED
from .model import ComparisonTable, Metric, Number, Significance, SystemRow, corrected


@dataclass(frozen=True)
class StatPlan:
    """``--stat``, ``--resamples``, ``--seed`` and the baseline's position among the systems."""

    stat: str
    resamples: int = DEFAULT_RESAMPLES
    seed: int = DEFAULT_SEED
    baseline: int = 0


def metric_list(spec: str | None, available: Sequence[str],
                headers: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The metrics of ``--metrics`` (separated by ``;`` or ``,``), by their keys, in the
    report's order; all of ``available`` without the option.  A metric is named by its key
    or by its column's header (``headers``: key -> header), so that the names a table shows
    and the keys of its data both work, and the same metrics give the same keys.

    >>> metric_list("MLAS;LAS", ("UAS", "LAS", "MLAS")), metric_list(None, ("UAS",))
    (('LAS', 'MLAS'), ('UAS',))
    >>> metric_list("F1;recall", ("recall", "fmeasure"), {"recall": "LR", "fmeasure": "F1"})
    ('recall', 'fmeasure')
    >>> metric_list("LAS;ELAS", ("UAS", "LAS"))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --metrics: unknown metric 'ELAS' (choose from UAS, LAS)
    >>> metric_list("F2", ("recall", "fmeasure"), {"recall": "LR", "fmeasure": "F1"})
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --metrics: unknown metric 'F2' (choose from LR (recall), \
F1 (fmeasure))
    """
    if spec is None:
        return tuple(available)
    shown = {key: (headers or {}).get(key, key) for key in available}
    keys = {**{header: key for key, header in shown.items()}, **{key: key for key in available}}
    asked = [name.strip() for name in spec.replace(",", ";").split(";") if name.strip()]
    for name in asked:
        if name not in keys:
            raise UsageError(f"--metrics: unknown metric {name!r} (choose from "
                             + ", ".join(header if header == key else f"{header} ({key})"
                                         for key, header in shown.items()) + ")")
    if not asked:
        raise UsageError("--metrics: no metric named")
    chosen = {keys[name] for name in asked}
    return tuple(name for name in available if name in chosen)


def system_names(paths: Sequence[str]) -> list[str]:
    """Short names of the systems' files: the file name without its extension, with as many
    parent folders as it takes to tell the files apart; when every file has the same name
    (one folder per system), the folders alone.  A file is named as the user gave it, a
    compressed one without its compression's suffix (treeeval.policy.inputs.plain_name).

    >>> system_names(["out/a.conllu", "out/b.conllu"])
    ['a', 'b']
    >>> system_names(["x/HIT/en.conllu", "x/Turku/en.conllu"])
    ['HIT', 'Turku']
    >>> system_names(["x/HIT/en.conllu", "x/Turku/en.conllu", "y/HIT/en.conllu"])
    ['x/HIT', 'x/Turku', 'y/HIT']

    A file given more than once (a sanity check against itself) is told apart by its
    position among the systems:

    >>> system_names(["out/a.conllu", "out/b.conllu", "out/a.conllu"])
    ['out/a.conllu #1', 'out/b.conllu', 'out/a.conllu #3']
    """
    parts = [os.path.splitext(os.path.normpath(plain_name(path)))[0].split(os.sep)
             for path in paths]
    if len({part[-1] for part in parts}) == 1 and all(len(part) > 1 for part in parts):
        parts = [part[:-1] for part in parts]
    for depth in range(1, max(map(len, parts)) + 1):
        names = ["/".join(part[-depth:]) for part in parts]
        if len(set(names)) == len(names):
            return names
    given = [shown(path) for path in paths]
    return [f"{name} #{place}" if given.count(name) > 1 else name
            for place, name in enumerate(given, 1)]


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
    given = [shown(path) for path in paths]
    for index, (path, name) in enumerate(zip(given, names)):
        if baseline in (path, name):
            return index
    raise UsageError(f"--baseline {baseline} is none of the systems ({', '.join(given)})")


def signature_fields(metrics: Sequence[str] | None, testing: StatPlan | None,
                     names: Sequence[str]) -> list[tuple[str, Value]]:
    """The signature's fields (:func:`treeeval.policy.signature.build`) of a comparison: the
    metrics of ``--metrics`` (None: not given), and when something is tested the test, its
    resamples and seed (not McNemar's: it draws nothing) and the baseline by its short name.

    >>> signature_fields(("errors",), StatPlan("ar", 500, 3, 1), ["a", "b"])
    [('metrics', ('errors',)), ('stat', 'ar'), ('resamples', 500), ('seed', 3), ('baseline', 'b')]
    >>> signature_fields(None, StatPlan("mcnemar"), ["a", "b"])
    [('metrics', None), ('stat', 'mcnemar'), ('baseline', 'a')]
    """
    fields: list[tuple[str, Value]] = [("metrics", tuple(metrics) if metrics else None)]
    if testing is None:
        return fields
    fields.append(("stat", testing.stat))
    if testing.stat != "mcnemar":
        fields += [("resamples", testing.resamples), ("seed", testing.seed)]
    return fields + [("baseline", names[testing.baseline])]


def build_table(title: str, command: str, names: Sequence[str],
                metrics: Sequence[Metric], values: Sequence[Sequence[Number | None]], *,
                signature: str = "", notes: Sequence[str] = (),
                per_sentence: Sequence[Sequence[SentenceScores | None]] | None = None,
                testing: StatPlan | None = None,
                tested: Sequence[str] | None = None,
                incomplete: Sequence[str] = ()) -> ComparisonTable:
    """The systems' scores (one row of ``values`` per system, one value per metric, in the
    command line's order); with ``testing`` and ``per_sentence`` (each system's
    :class:`~treeeval.stats.SentenceScores` per metric) every other system tested against the
    baseline on every metric (or on the metrics named in ``tested``; the others' cells stay
    None), the p-values Holm-corrected over each metric's tests when there are more than two
    systems.  ``incomplete`` says, per system, why and how much of the gold its scores
    leave out ('' when nothing): such a system is never the best of a column and never
    tested, nor is any system tested against an incomplete baseline (the row's
    ``untested`` says why; its ``per_sentence`` may be None).

    >>> from treeeval.stats import SentenceScores
    >>> counts = [[SentenceScores.total([k, 1]), SentenceScores.total([2, k])] for k in (0, 3)]
    >>> table = build_table("t", "errors", ["a", "b"], (Metric("x", "count", False),
    ...                          Metric("y", "count", False)), [(1, 2), (4, 5)],
    ...                          per_sentence=counts, testing=StatPlan("ar", 99), tested=["y"])
    >>> [cell is None for cell in table.rows[1].significance]
    [True, False]
    """
    why = list(incomplete) or [""] * len(names)
    if testing is None or per_sentence is None:
        rows = tuple(SystemRow(name, tuple(row), incomplete=reason)
                     for name, row, reason in zip(names, values, why))
        return ComparisonTable(title, command, tuple(metrics), rows, notes=tuple(notes),
                               signature=signature)
    columns = [column for column, metric in enumerate(metrics)
               if tested is None or metric.name in tested]
    base = testing.baseline
    untested = {index: untested_reason(why[index], names[base], why[base])
                for index in range(len(names)) if index != base}
    others = [index for index, reason in untested.items() if not reason]
    pairs = [(_scores(per_sentence, index, column), _scores(per_sentence, base, column))
             for index in others for column in columns]
    results = iter(compare_many(pairs, testing.stat, resamples=testing.resamples,
                                seed=testing.seed))
    cells = {index: {column: Significance.from_result(next(results)) for column in columns}
             for index in others}
    rows = tuple(SystemRow(name, tuple(row),
                           tuple(cells[index].get(column) for column in range(len(metrics)))
                           if index in cells else (),
                           baseline=index == base, incomplete=why[index],
                           untested=untested.get(index, ""))
                 for index, (name, row) in enumerate(zip(names, values)))
    return corrected(ComparisonTable(title, command, tuple(metrics), rows, notes=tuple(notes),
                                     signature=signature))


def untested_reason(incomplete: str, baseline: str, baseline_incomplete: str) -> str:
    """Why a system is not tested against the baseline ('' when it is): it is incomplete,
    or the baseline is (both say why and how much is missing).

    >>> untested_reason("100 of 1,700 sentences", "top", "")
    'it is incomplete (100 of 1,700 sentences)'
    >>> untested_reason("", "top", "stopped by MAX_ERROR at sentence 882 of 2,416")
    'the baseline top is incomplete (stopped by MAX_ERROR at sentence 882 of 2,416)'
    >>> untested_reason("", "top", "")
    ''
    """
    if incomplete:
        return f"it is incomplete ({incomplete})"
    if baseline_incomplete:
        return f"the baseline {baseline} is incomplete ({baseline_incomplete})"
    return ""


def _scores(per_sentence: Sequence[Sequence[SentenceScores | None]], system: int,
            column: int) -> SentenceScores:
    scores = per_sentence[system][column]
    if scores is None:
        raise ValueError(f"system {system} is tested without its per-sentence scores")
    return scores
