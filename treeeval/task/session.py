"""A whole shared task scored (``treeeval task``): the grid found, every run scored on the
local cores or a Dask cluster, the tables, the JSON document, the TIRA wrapper's output,
Callin's statistics and the correlations with human judgments.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from ..bracket.compare import HEADERS
from ..errors import UsageError
from ..formats.prm import find_prm
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.notices import Notices
from ..policy.outputs import output_file
from ..tables import ComparisonTable
from ..tables import render as render_table
from ..tables.comparison import metric_list
from ..tables.json_format import table_document
from ..ud.settings import enhanced_json, signature_items
from .backends import backend_for, default_jobs
from .callin import CALLIN_METRICS, DEFAULT_METRICS, DEFAULT_METRICS_CONLL17, CallinStatistics, callin_statistics
from .formats import DEFAULT_PRM, format_metrics, ranked_metrics, task_metrics, with_params
from .judgments import JUDGMENT_METRICS, JudgmentCorrelation, correlate, judgment_files, read_judgments
from .layout import Grid, find_grid, read_groups
from .progress import progress_bar
from .report import TABLES, ScoredTask, judgment_table
from .run import TaskRun
from .runs import score_grid
from .settings import TaskSettings
from .significance import TaskStat
from .tira import PROTOTEXT, prototext, stdout_text


def run_task(options: TaskSettings, out: BinaryIO, err: BinaryIO, notices: Notices) -> int:
    """``treeeval task``: the exit status."""
    judged = _judgments(options)
    if options.gold_dir is None or options.systems_dir is None:
        shown = task_signature(options, None, judged)
        tables = [judgment_table(judged, shown if options.format not in (None, "text") else "")]
        _write_tables(tables, options, shown, out)
        return 0
    grid = with_params(find_grid(options.gold_dir, options.systems_dir, options.layout),
                       options.prm, options.dep_prm)
    names = [treebank.name for treebank in grid.treebanks]
    groups = read_groups(options.groups, names) if options.groups else {}
    has = [format_metrics(treebank.format, options.ud_metrics) for treebank in grid.treebanks]
    metrics = _task_metrics(options, grid)
    if options.tira and any(treebank.format != "ud" for treebank in grid.treebanks):
        raise UsageError("--tira writes the CoNLL 2018 wrapper's output: every treebank must "
                         "be CoNLL-U")
    teams = _tira_team(grid, options.tira) if options.tira else grid.teams
    jobs = options.jobs or default_jobs(len(grid.treebanks))
    main = _ranked(metrics, ranked_metrics(grid.treebanks, options.ud_metrics))
    testing = _testing(options, metrics, main)
    shown = task_signature(options, grid, judged)
    in_tables = shown if options.format not in (None, "text") else ""
    with backend_for(jobs, options.scheduler) as backend:
        with progress_bar(err, len(grid.treebanks) * len(teams)) as progress:
            results = score_grid(grid, conll17=options.conll17, backend=backend, teams=teams,
                                 testing=testing, callin=_callin_needed(options),
                                 progress=progress, enhanced=options.enhanced)
    statistics = _callin(options, grid, results, in_tables) \
        if options.callin and not options.tira else None
    _notice(grid, teams, results, notices)
    if options.tira:
        _write_tira(options.tira[1], [row[0] for row in results], out)
        return 0
    task = ScoredTask(names, grid.teams, results, metrics, main, groups, in_tables,
                      testing=testing, has=has,
                      languages=[treebank.language for treebank in grid.treebanks])
    if options.json:
        document = envelope("task", shown, rules=options.rules,
                            enhanced=enhanced_json(options.enhanced) if options.enhanced else None,
                            layout=grid.layout, **task.document(),
                            formats={tb.name: tb.format for tb in grid.treebanks})
        if statistics is not None:
            document["callin"] = statistics.document()
        if judged:
            document["judgments"] = [_judgment_json(item) for item in judged]
        out.write(json.dumps(document, indent=2, ensure_ascii=False).encode() + b"\n")
        return 0
    tables = statistics.tables() if statistics is not None else task.tables(_tables(options))
    if judged:
        tables.append(judgment_table(judged, in_tables))
    _write_tables(tables, options, shown, out)
    return 0


def _write_tables(tables: list[ComparisonTable], options: TaskSettings, shown: str,
                  out: BinaryIO) -> None:
    """The tables in their format, then (text) the signature when asked for."""
    out.write(_tables_text(tables, options.format).encode())
    if options.signature and options.format in (None, "text"):
        out.write(signature.line(shown))


def _callin(options: TaskSettings, grid: Grid, results: list[list[TaskRun]],
            in_tables: str) -> CallinStatistics:
    """Callin's statistics of the grid over the metrics of ``--metrics``."""
    return callin_statistics([treebank.name for treebank in grid.treebanks], results,
                             _callin_metrics(options), in_tables)


def _callin_needed(options: TaskSettings) -> bool:
    """Whether the runs need Callin's metrics: ``--callin`` with one of them among its
    metrics (not with ``--tira``, which writes the wrapper's output alone).

    >>> _callin_needed(TaskSettings("g", "s", metrics="LAS;MLAS", callin=True))
    False
    """
    return bool(options.callin and not options.tira
                and set(_callin_metrics(options)) & set(CALLIN_METRICS))


def _callin_metrics(options: TaskSettings) -> tuple[str, ...]:
    """The metrics of ``--callin``: those of ``--metrics`` (the CoNLL ones and Callin's),
    by default the main ones and Callin's.

    >>> _callin_metrics(TaskSettings("g", "s", metrics="CRec;LAS", callin=True))
    ('LAS', 'CRec')
    """
    if options.metrics is None:
        return DEFAULT_METRICS_CONLL17 if options.conll17 else DEFAULT_METRICS
    return metric_list(options.metrics, options.ud_metrics + CALLIN_METRICS)


def _judgments(options: TaskSettings) -> list[JudgmentCorrelation]:
    """The correlations of each file of ``--judgments`` with the metrics ``--metrics`` names
    among LAS, UAS, LA, CPrec, CRec (all of them when it names none)."""
    if not options.judgments:
        return []
    metrics = tuple(name for name in JUDGMENT_METRICS if options.metrics and name in
                    metric_list(options.metrics, _known_metrics(options)))
    return [correlate(read_judgments(path), metrics or JUDGMENT_METRICS)
            for path in judgment_files(options.judgments)]


def _known_metrics(options: TaskSettings, grid: Grid | None = None) -> tuple[str, ...]:
    """Every metric ``--metrics`` may name with these options (and the treebanks' formats
    of ``grid``)."""
    formats = options.ud_metrics if grid is None \
        else task_metrics(grid.treebanks, options.ud_metrics)
    scored = formats if options.systems_dir is not None else ()
    extra = CALLIN_METRICS if options.callin else ()
    judged = JUDGMENT_METRICS if options.judgments else ()
    return tuple(dict.fromkeys(scored + extra + judged))


def _judgment_json(item: JudgmentCorrelation) -> dict[str, object]:
    """One language's correlations in ``--json``."""
    return {"name": item.name, "path": item.path, "sentences": item.sentences,
            "annotators": item.annotators, "spearman": item.rho, "sentences_used": item.used}


def _task_metrics(options: TaskSettings, grid: Grid) -> tuple[str, ...]:
    """The metrics of the tables (those of the treebanks' formats): those ``--metrics``
    names (all when it names none of them, as when it names only Callin's).

    >>> _task_metrics(TaskSettings("g", "s", metrics="CRec", callin=True),
    ...               Grid("folders", [], [], "s"))[:3]
    ('Tokens', 'Sentences', 'Words')
    """
    known = task_metrics(grid.treebanks, options.ud_metrics) or options.ud_metrics
    if options.metrics is None:
        return known
    asked = metric_list(options.metrics, _known_metrics(options, grid), HEADERS)
    return tuple(name for name in known if name in asked) or known


def _testing(options: TaskSettings, metrics: tuple[str, ...],
             main: Sequence[str]) -> TaskStat | None:
    """The tests of ``--stat`` (None without it): on the metrics of the tables ``metrics``
    (those of ``--metrics``), by default the ranked ones ``main`` (each format's).

    >>> _testing(TaskSettings("g", "s", stat="ar"), ("UAS", "LAS", "MLAS", "BLEX", "fmeasure"),
    ...          ("LAS", "MLAS", "BLEX", "fmeasure")).metrics
    ('LAS', 'MLAS', 'BLEX', 'fmeasure')
    """
    if options.stat is None:
        return None
    chosen = metrics if options.metrics else _ranked(metrics, main)
    return TaskStat(options.stat, options.resamples, options.seed, tuple(chosen))


def _ranked(metrics: Sequence[str], main: Sequence[str]) -> tuple[str, ...]:
    """The metrics ranked: the ``main`` ones that ``--metrics`` kept, or all of them when it
    kept none.

    >>> from treeeval.ud.report import MAIN_METRICS
    >>> _ranked(("UAS", "MLAS"), MAIN_METRICS), _ranked(("UAS",), MAIN_METRICS)
    (('MLAS',), ('LAS', 'MLAS', 'BLEX'))
    """
    return tuple(name for name in main if name in metrics) or tuple(main)


def _tables(options: TaskSettings) -> tuple[str, ...]:
    """The tables of ``--table``: all of them by default, the one per language only in an
    IWPT-style task (``--udeval``, ``--iwpt20``).

    >>> "languages" in _tables(TaskSettings("g", "s")), _tables(TaskSettings("g", "s", tables=("ranking",)))
    (False, ('ranking',))
    """
    if options.tables is not None:
        return options.tables
    return tuple(kind for kind in TABLES if kind != "languages" or options.enhanced is not None)


def _tables_text(tables: list[ComparisonTable], fmt: str | None) -> str:
    """The tables in their format: one after another, a blank line between them; ``json``:
    one JSON list of the tables' documents."""
    if fmt == "json":
        return json.dumps([table_document(table) for table in tables], indent=2,
                          ensure_ascii=False) + "\n"
    return "\n".join(render_table(table, fmt or "text") for table in tables)


def _tira_team(grid: Grid, tira: tuple[str, str]) -> list[str]:
    team, out_dir = tira
    if team not in grid.teams:
        raise UsageError(f"--tira {team}: no such team folder in {grid.systems_dir} "
                         f"(teams: {', '.join(grid.teams)})")
    if not os.path.isdir(out_dir):
        raise UsageError(f"--tira {team} {out_dir}: {out_dir} is not a folder")
    return [team]


def _write_tira(out_dir: str, runs: list[TaskRun], out: BinaryIO) -> None:
    """The wrapper's ``OUT_DIR/evaluation.prototext`` (written whole or not at all, never
    over a run), then its stdout, for a team's runs."""
    with output_file(os.path.join(out_dir, PROTOTEXT), [run.path for run in runs]) as stream:
        stream.write(prototext(runs))
    out.write(stdout_text(runs).encode())


def _notice(grid: Grid, teams: Sequence[str], results: list[list[TaskRun]],
            notices: Notices) -> None:
    """A warning for each run that counts 0 (once per treebank whose gold file cannot be
    read) and for each file of a team's folder that is no treebank's run."""
    for treebank, row in zip(grid.treebanks, results):
        gold = next((run.failure for run in row if run.failure and run.failure.kind == "gold"),
                    None)
        if gold is not None:
            notices.add(f"every run on {treebank.name} counts 0: {gold.reason}",
                        path=gold.path, line=gold.line)
            continue
        for run in row:
            if run.failure is not None:
                notices.add(f"the run of {run.team} on {treebank.name} counts 0: "
                            f"{run.failure.reason}", path=run.failure.path,
                            line=run.failure.line)
    for team in teams:
        for path in grid.unpaired(team):
            notices.add("no treebank of the task has this file: not scored", path=path)


def task_signature(options: TaskSettings, grid: Grid | None,
                   judged: Sequence[JudgmentCorrelation] = ()) -> str:
    """The run's signature: the rules (with ``--udeval`` or ``--iwpt20`` the enhanced fields
    of :func:`treeeval.ud.settings.signature_items`), the layout, the groups file, the metrics
    asked for, ``--callin``, the judgment files, with ``--stat`` the test, its resamples and
    seed, and, when the task has bracketed or CoNLL-X treebanks, the parameter files of
    ``-p`` and ``--dep-prm`` (``--jobs`` and the tables shown change no number).

    >>> from .layout import TaskTreebank
    >>> en = TaskTreebank("en", "g/en.conllu", "en.conllu")
    >>> task_signature(TaskSettings("g", "s", metrics="LAS"), Grid("folders", [en], [], "s"))
    'cmd:task|rules:conll18|layout:folders|metrics:LAS|version:0.1.0'
    >>> task_signature(TaskSettings("g", "s", stat="ar", seed=3), Grid("folders", [], [], "s"))
    'cmd:task|rules:conll18|layout:folders|stat:ar|resamples:10000|seed:3|version:0.1.0'
    >>> task_signature(TaskSettings("g", "s", metrics="LAS;CRec", callin=True), None)
    'cmd:task|rules:conll18|metrics:LAS;CRec|callin:yes|version:0.1.0'
    >>> from treeeval.ud.enhanced import EnhancedRules
    >>> task_signature(TaskSettings("g", "s", enhanced=EnhancedRules("iwpt20", enhancements="4")),
    ...                Grid("folders", [en], [], "s"))
    'cmd:task|rules:iwpt20|enhanced:yes|off:4|emptynodes:refused|layout:folders|version:0.1.0'
    """
    metrics = options.metrics and metric_list(options.metrics, _known_metrics(options, grid), HEADERS)
    formats = {treebank.format for treebank in grid.treebanks} if grid else set()
    return signature.build("task", [
        # the task scores no sentence with several roots: no --multiple-roots-okay
        *(item for item in signature_items(options.conll17, False, enhanced=options.enhanced)
          if item[0] != "mroots"),
        ("layout", grid.layout if grid else None),
        ("groups", Path(options.groups) if options.groups else None), ("metrics", metrics),
        ("callin", options.callin or None),
        ("judgments", [Path(item.path) for item in judged] or None),
        ("prm", [Path(find_prm(name)) for name in options.prm or (DEFAULT_PRM,)]
         if "bracket" in formats else None),
        ("dep-prm", Path(find_prm(options.dep_prm))
         if options.dep_prm and "dep" in formats else None)]
        + ([("stat", options.stat), ("resamples", options.resamples), ("seed", options.seed)]
           if options.stat else []))
