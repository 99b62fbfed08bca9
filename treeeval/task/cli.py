"""``treeeval task``: a shared task scored at once, its tables and the TIRA wrapper's output.

>>> options = parse_task_args(["--jobs", "2", "--table", "ranking", "gold", "systems"])
>>> options.jobs, options.tables, options.gold_dir
(2, ('ranking',), 'gold')
>>> parse_task_args(["--tira", "HIT", "out", "gold", "systems"]).tira
('HIT', 'out')
>>> options = parse_task_args(["--judgments", "plank/en", "--judgments", "plank/es"])
>>> options.judgments, options.gold_dir
(('plank/en', 'plank/es'), None)
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..arguments import add_comparison, add_signature, add_strict, comparing, examples, parse_command, whole_number
from ..errors import UsageError
from ..formats.prm import find_prm
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.notices import Notices
from ..policy.outputs import output_file
from ..stats.defaults import DEFAULT_RESAMPLES, DEFAULT_SEED
from ..tables import ComparisonTable
from ..tables import render as render_table
from ..tables.comparison import metric_list
from ..tables.json_format import table_document
from ..ud.compare import check_stat
from ..ud.metrics import CONLL17_METRICS, CONLL18_METRICS
from .backends import backend_for, default_jobs
from .callin import CALLIN_METRICS, DEFAULT_METRICS, DEFAULT_METRICS_CONLL17, CallinStatistics, callin_statistics
from .formats import DEFAULT_PRM, format_metrics, ranked_metrics, task_metrics, with_params
from .judgments import JUDGMENT_METRICS, JudgmentCorrelation, correlate, judgment_files, read_judgments
from .layout import LAYOUTS, Grid, find_grid, read_groups
from .progress import progress_bar
from .report import TABLES, ScoredTask, judgment_table
from .runs import RunResult, score_grid
from .significance import TaskStat
from .tira import PROTOTEXT, prototext, stdout_text

DESCRIPTION = """\
Score every team's run on every treebank of a shared task as treeeval ud scores a pair
(CoNLL 2018 rules, or --conll17), a missing or broken run counting 0 with a warning saying
why; write a table per treebank, each team's macro-average over all treebanks and over the
groups of --groups, and the ranking by LAS, MLAS and BLEX; with --stat, on each treebank
the teams not significantly different from the best.  CoNLL-X treebanks are scored as
treeeval dep scores a pair (LAS, UAS, LA), bracketed ones as treeeval bracket -p PRM (EVALB's
recall, precision, F-measure, complete match, tagging accuracy).  With --tira TEAM OUT_DIR,
the official CoNLL 2018 TIRA wrapper's evaluation.prototext and stdout for one team instead,
byte for byte.  With --callin, Callin's cross-treebank statistics instead of the tables
(correlations between the metrics across the treebanks, cumulative variance); with
--judgments, the Spearman correlation of the metrics with human judgments of parse quality
(Plank et al. 2015; GOLD_DIR and SYSTEMS_DIR may then be left out).  docs/task.md is the
organiser's guide."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The folders, the layout, the groups, the tables and their formats, the pool."""
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval task --layout folders --groups groups.txt --stat bootstrap --format markdown "
        "gold/ systems/",
        "treeeval task --tira HIT-SCIR-18 out/ truth/ systems/",
        "treeeval task --callin --metrics 'LAS;WLAS;CPrec;CRec;FFreq' gold/ systems/")
    parser.add_argument("gold_dir", metavar="GOLD_DIR", nargs="?",
                        help="the gold files (TB.conllu), or metadata.json and the files it "
                             "names (the TIRA layout)")
    parser.add_argument("systems_dir", metavar="SYSTEMS_DIR", nargs="?",
                        help="one folder per team, holding its file per treebank")
    parser.add_argument("--conll17", action="store_true",
                        help="the CoNLL 2017 rules (no MLAS/BLEX; LAS alone is ranked)")
    parser.add_argument("-p", action="append", metavar="PRM", dest="prm",
                        help="EVALB parameter file of the bracketed treebanks (repeatable, "
                             "applied in order; default COLLINS.prm; a bundled file is found "
                             "by name)")
    parser.add_argument("--dep-prm", metavar="PRM",
                        help="score the CoNLL-X treebanks without the tokens whose gold POS "
                             "tag this parameter file's DELETE_LABEL lines name, as treeeval "
                             "dep -p PRM (default: every token)")
    parser.add_argument("--layout", choices=LAYOUTS, default="auto",
                        help="folders (GOLD_DIR/TB.conllu) or tira (GOLD_DIR/metadata.json); "
                             "auto: tira when metadata.json exists (default)")
    groups = parser.add_argument("--groups", metavar="FILE",
                                 help="named groups of treebanks, a line each: GROUP TB1 TB2 "
                                      "... (each team's macro-average over each group)")
    parser.add_argument("--table", choices=("all",) + TABLES, default="all",
                        help="the tables to write (default all: treebanks, averages, groups, "
                             "ranking)")
    parser.add_argument("--json", action="store_true",
                        help="every run, average, group and ranking as one JSON document "
                             "(schema treeeval/schemas/task.json)")
    parser.add_argument("--jobs", metavar="N",
                        help="worker processes (default: the cores, at most one per treebank)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="score on the Dask cluster whose scheduler is at ADDRESS "
                             "(tcp://host:8786; pip install 'treeeval[cluster]'); the workers "
                             "read the files, so GOLD_DIR and SYSTEMS_DIR are absolute paths")
    parser.add_argument("--tira", nargs=2, metavar=("TEAM", "OUT_DIR"),
                        help="write the TIRA wrapper's OUT_DIR/evaluation.prototext and its "
                             "stdout for TEAM (conll18 rules)")
    parser.add_argument("--callin", action="store_true",
                        help="Callin's cross-treebank statistics instead of the tables: each "
                             "treebank's mean over its scored runs, the Pearson correlations "
                             "between the metrics across the treebanks, the cumulative "
                             "variance (metrics: the CoNLL ones and WLAS, CPrec, CRec, FPrec, "
                             "FRec, CFreq, FFreq)")
    judgments = parser.add_argument(
        "--judgments", metavar="PATH", action="append",
        help="human judgments as Plank et al. (2015) distribute them: an annotated.csv with "
             "gold.conll, parser1.conll and parser2.conll beside it, its folder, or a folder "
             "of such folders (repeatable): Spearman's rho of LAS, UAS, LA, CPrec and CRec "
             "with them, per sentence")
    add_comparison(parser, metrics_example="LAS;MLAS;BLEX",
                   stat_help="on each treebank, test each team against the best by each "
                             "metric of --metrics (default the ranked ones: CoNLL-U LAS, MLAS, "
                             "BLEX, conll17 LAS; CoNLL-X LAS; bracketed fmeasure), "
                             "the same --seed on every treebank, p-values Holm-corrected: "
                             "bootstrap or ar (docs/task.md)")
    add_signature(parser)
    add_strict(parser)
    groups.needs = "a file name"
    judgments.needs = "a file or folder name"


@dataclass
class TaskOptions:
    """The parsed command line of ``treeeval task``."""

    gold_dir: str | None
    systems_dir: str | None
    conll17: bool = False
    layout: str = "auto"
    groups: str | None = None
    tables: tuple[str, ...] = TABLES
    json: bool = False
    jobs: int | None = None
    scheduler: str | None = None
    tira: tuple[str, str] | None = None
    metrics: str | None = None
    format: str | None = None
    signature: bool = False
    stat: str | None = None
    resamples: int = DEFAULT_RESAMPLES
    seed: int = DEFAULT_SEED
    callin: bool = False
    judgments: tuple[str, ...] = ()
    prm: tuple[str, ...] = ()
    dep_prm: str | None = None


def task_options(args: argparse.Namespace) -> TaskOptions:
    """The options of a parsed command line, checked."""
    given = comparing(args)
    options = TaskOptions(
        args.gold_dir, args.systems_dir, args.conll17, args.layout, args.groups,
        TABLES if args.table == "all" else (args.table,), args.json,
        None if args.jobs is None else whole_number(args.jobs, "--jobs", 1), args.scheduler,
        None if args.tira is None else tuple(args.tira), given.metrics, given.format,
        args.signature, given.stat and check_stat(given.stat), given.resamples, given.seed,
        args.callin, tuple(args.judgments or ()), tuple(args.prm or ()), args.dep_prm)
    _check_stat(given.given, options, args.table)
    _check_callin(options, args.table)
    if options.json and options.format:
        raise UsageError("--format cannot go with --json")
    if options.tira and (options.conll17 or options.json or options.format):
        raise UsageError("--tira writes the CoNLL 2018 wrapper's output: no --conll17, --json "
                         "or --format")
    if args.table == "groups" and not options.groups:
        raise UsageError("--table groups needs --groups FILE")
    _check_scheduler(options)
    return options


def _check_stat(given: Sequence[str], options: TaskOptions, table: str) -> None:
    """``--stat`` and its company: no ``--baseline`` (the best of each treebank is), the
    seed and the resamples only with a test, no test with ``--tira``."""
    if "--baseline" in given:
        raise UsageError("--baseline: treeeval task --stat tests each team against the best "
                         "team of each treebank")
    if options.stat is None and (given or table == "clusters"):
        raise UsageError(f"{given[0] if given else '--table clusters'} needs --stat "
                         "bootstrap or --stat ar")
    if options.stat and options.tira:
        raise UsageError("--tira writes the CoNLL 2018 wrapper's output: no --stat")


def _check_callin(options: TaskOptions, table: str) -> None:
    """The folders are needed but with ``--judgments`` alone; ``--callin`` and
    ``--judgments`` write their own tables (no ``--table`` or ``--tira``)."""
    if options.systems_dir is None and not (options.judgments and not options.callin):
        raise UsageError("GOLD_DIR and SYSTEMS_DIR are needed (they may be left out only "
                         "with --judgments alone)")
    if (options.callin or options.judgments) and (options.tira or table != "all"):
        raise UsageError("--callin and --judgments write their own tables: no --tira or "
                         "--table")
    if options.json and options.systems_dir is None:
        raise UsageError("--json needs GOLD_DIR and SYSTEMS_DIR (for the judgments alone: "
                         "--format json)")


def _check_scheduler(options: TaskOptions) -> None:
    """``--scheduler`` goes without ``--jobs`` (the cluster has its workers), and with
    absolute folders: the workers read the files, wherever they run.

    >>> _check_scheduler(TaskOptions("/g", "/s", scheduler="tcp://h:8786"))
    >>> _check_scheduler(TaskOptions("g", "/s", scheduler="tcp://h:8786"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --scheduler: the workers read the files: ... (g is not)
    """
    if options.scheduler is None:
        return
    if options.jobs is not None:
        raise UsageError("--jobs cannot go with --scheduler (the cluster's workers score)")
    relative = [folder for folder in (options.gold_dir, options.systems_dir)
                if not os.path.isabs(folder)]
    if relative:
        raise UsageError("--scheduler: the workers read the files: give GOLD_DIR and "
                         f"SYSTEMS_DIR as absolute paths ({relative[0]} is not)")


def parse_task_args(argv: Sequence[str]) -> TaskOptions | None:
    """Parse the arguments of ``treeeval task``; None means help was printed."""
    args = parse_command("task", argv)
    return None if args is None else task_options(args)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval task``: returns the exit status."""
    options = task_options(args)
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
    has = [format_metrics(treebank.format, options.conll17) for treebank in grid.treebanks]
    metrics = _task_metrics(options, grid)
    if options.tira and any(treebank.format != "ud" for treebank in grid.treebanks):
        raise UsageError("--tira writes the CoNLL 2018 wrapper's output: every treebank must "
                         "be CoNLL-U")
    teams = _tira_team(grid, options.tira) if options.tira else grid.teams
    jobs = options.jobs or default_jobs(len(grid.treebanks))
    main = _ranked(metrics, ranked_metrics(grid.treebanks, options.conll17))
    testing = _testing(options, metrics, main)
    shown = task_signature(options, grid, judged)
    in_tables = shown if options.format not in (None, "text") else ""
    with backend_for(jobs, options.scheduler) as backend:
        with progress_bar(err, len(grid.treebanks) * len(teams)) as progress:
            results = score_grid(grid, conll17=options.conll17, backend=backend, teams=teams,
                                 testing=testing, callin=_callin_needed(options),
                                 progress=progress)
    statistics = _callin(options, grid, results, in_tables) \
        if options.callin and not options.tira else None
    _notice(grid, teams, results, args.notices)
    if options.tira:
        _write_tira(options.tira[1], [row[0] for row in results], out)
        return 0
    task = ScoredTask(names, grid.teams, results, metrics, main, groups, in_tables,
                      testing=testing, has=has)
    if options.json:
        document = envelope("task", shown, rules="conll17" if options.conll17 else "conll18",
                            layout=grid.layout, **task.document(),
                            formats={tb.name: tb.format for tb in grid.treebanks})
        if statistics is not None:
            document["callin"] = statistics.document()
        if judged:
            document["judgments"] = [_judgment_json(item) for item in judged]
        out.write(json.dumps(document, indent=2, ensure_ascii=False).encode() + b"\n")
        return 0
    tables = statistics.tables() if statistics is not None else task.tables(options.tables)
    if judged:
        tables.append(judgment_table(judged, in_tables))
    _write_tables(tables, options, shown, out)
    return 0


def _write_tables(tables: list[ComparisonTable], options: TaskOptions, shown: str,
                  out: BinaryIO) -> None:
    """The tables in their format, then (text) the signature when asked for."""
    out.write(_tables_text(tables, options.format).encode())
    if options.signature and options.format in (None, "text"):
        out.write(signature.line(shown))


def _callin(options: TaskOptions, grid: Grid, results: list[list[RunResult]],
            in_tables: str) -> CallinStatistics:
    """Callin's statistics of the grid over the metrics of ``--metrics``."""
    return callin_statistics([treebank.name for treebank in grid.treebanks], results,
                             _callin_metrics(options), in_tables)


def _callin_needed(options: TaskOptions) -> bool:
    """Whether the runs need Callin's metrics: ``--callin`` with one of them among its
    metrics (not with ``--tira``, which writes the wrapper's output alone).

    >>> _callin_needed(TaskOptions("g", "s", metrics="LAS;MLAS", callin=True))
    False
    """
    return bool(options.callin and not options.tira
                and set(_callin_metrics(options)) & set(CALLIN_METRICS))


def _callin_metrics(options: TaskOptions) -> tuple[str, ...]:
    """The metrics of ``--callin``: those of ``--metrics`` (the CoNLL ones and Callin's),
    by default the main ones and Callin's.

    >>> _callin_metrics(TaskOptions("g", "s", metrics="CRec;LAS", callin=True))
    ('LAS', 'CRec')
    """
    conll = CONLL17_METRICS if options.conll17 else CONLL18_METRICS
    if options.metrics is None:
        return DEFAULT_METRICS_CONLL17 if options.conll17 else DEFAULT_METRICS
    return metric_list(options.metrics, tuple(conll) + CALLIN_METRICS)


def _judgments(options: TaskOptions) -> list[JudgmentCorrelation]:
    """The correlations of each file of ``--judgments`` with the metrics ``--metrics`` names
    among LAS, UAS, LA, CPrec, CRec (all of them when it names none)."""
    if not options.judgments:
        return []
    metrics = tuple(name for name in JUDGMENT_METRICS if options.metrics and name in
                    metric_list(options.metrics, _known_metrics(options)))
    return [correlate(read_judgments(path), metrics or JUDGMENT_METRICS)
            for path in judgment_files(options.judgments)]


def _known_metrics(options: TaskOptions, grid: Grid | None = None) -> tuple[str, ...]:
    """Every metric ``--metrics`` may name with these options (and the treebanks' formats
    of ``grid``)."""
    formats = tuple(CONLL17_METRICS if options.conll17 else CONLL18_METRICS) if grid is None \
        else task_metrics(grid.treebanks, options.conll17)
    scored = formats if options.systems_dir is not None else ()
    extra = CALLIN_METRICS if options.callin else ()
    judged = JUDGMENT_METRICS if options.judgments else ()
    return tuple(dict.fromkeys(scored + extra + judged))


def _judgment_json(item: JudgmentCorrelation) -> dict[str, object]:
    """One language's correlations in ``--json``."""
    return {"name": item.name, "path": item.path, "sentences": item.sentences,
            "annotators": item.annotators, "spearman": item.rho, "sentences_used": item.used}


def _task_metrics(options: TaskOptions, grid: Grid) -> tuple[str, ...]:
    """The metrics of the tables (those of the treebanks' formats): those ``--metrics``
    names (all when it names none of them, as when it names only Callin's).

    >>> _task_metrics(TaskOptions("g", "s", metrics="CRec", callin=True),
    ...               Grid("folders", [], [], "s"))[:3]
    ('Tokens', 'Sentences', 'Words')
    """
    known = task_metrics(grid.treebanks, options.conll17) or tuple(
        CONLL17_METRICS if options.conll17 else CONLL18_METRICS)
    if options.metrics is None:
        return known
    asked = metric_list(options.metrics, _known_metrics(options, grid))
    return tuple(name for name in known if name in asked) or known


def _testing(options: TaskOptions, metrics: tuple[str, ...],
             main: Sequence[str]) -> TaskStat | None:
    """The tests of ``--stat`` (None without it): on the metrics of the tables ``metrics``
    (those of ``--metrics``), by default the ranked ones ``main`` (each format's).

    >>> _testing(TaskOptions("g", "s", stat="ar"), ("UAS", "LAS", "MLAS", "BLEX", "fmeasure"),
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


def _write_tira(out_dir: str, runs: list[RunResult], out: BinaryIO) -> None:
    """The wrapper's ``OUT_DIR/evaluation.prototext`` (written whole or not at all, never
    over a run), then its stdout, for a team's runs."""
    with output_file(os.path.join(out_dir, PROTOTEXT), [run.path for run in runs]) as stream:
        stream.write(prototext(runs))
    out.write(stdout_text(runs).encode())


def _notice(grid: Grid, teams: Sequence[str], results: list[list[RunResult]],
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


def task_signature(options: TaskOptions, grid: Grid | None,
                   judged: Sequence[JudgmentCorrelation] = ()) -> str:
    """The run's signature: the rules, the layout, the groups file, the metrics asked for,
    ``--callin``, the judgment files, with ``--stat`` the test, its resamples and seed, and,
    when the task has bracketed or CoNLL-X treebanks, the parameter files of ``-p`` and
    ``--dep-prm`` (``--jobs`` and the tables shown change no number).

    >>> from .layout import Treebank
    >>> en = Treebank("en", "g/en.conllu", "en.conllu")
    >>> task_signature(TaskOptions("g", "s", metrics="LAS"), Grid("folders", [en], [], "s"))
    'cmd:task|rules:conll18|layout:folders|metrics:LAS|version:0.1.0'
    >>> task_signature(TaskOptions("g", "s", stat="ar", seed=3), Grid("folders", [], [], "s"))
    'cmd:task|rules:conll18|layout:folders|stat:ar|resamples:10000|seed:3|version:0.1.0'
    >>> task_signature(TaskOptions("g", "s", metrics="LAS;CRec", callin=True), None)
    'cmd:task|rules:conll18|metrics:LAS;CRec|callin:yes|version:0.1.0'
    """
    metrics = options.metrics and metric_list(options.metrics, _known_metrics(options, grid))
    formats = {treebank.format for treebank in grid.treebanks} if grid else set()
    return signature.build("task", [
        ("rules", "conll17" if options.conll17 else "conll18"),
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
