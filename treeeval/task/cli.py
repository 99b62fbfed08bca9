"""``treeeval task``: a shared task scored at once, its tables and the TIRA wrapper's output.

>>> options = parse_task_args(["--jobs", "2", "--table", "ranking", "gold", "systems"])
>>> options.jobs, options.tables, options.gold_dir
(2, ('ranking',), 'gold')
>>> parse_task_args(["--tira", "HIT", "out", "gold", "systems"]).tira
('HIT', 'out')
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Sequence

from ..arguments import (add_comparison, add_signature, add_strict, comparing, examples,
                         parse_command, whole_number)
from ..errors import InputError, UsageError
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.notices import Notices
from ..tables import render as render_table
from ..tables.comparison import metric_list
from ..tables.json_format import table_document
from ..ud.metrics import CONLL17_METRICS, CONLL18_METRICS
from ..ud.report import MAIN_METRICS
from .backends import backend_for, default_jobs
from .layout import LAYOUTS, Grid, find_grid, read_groups
from .report import TABLES, ScoredTask
from .runs import RunResult, score_grid
from .tira import PROTOTEXT, prototext, stdout_text

DESCRIPTION = """\
Score every team's run on every treebank of a shared task as treeeval ud scores a pair
(CoNLL 2018 rules, or --conll17), a missing or broken run counting 0 with a warning saying
why; write a table per treebank, each team's macro-average over all treebanks and over the
groups of --groups, and the ranking by LAS, MLAS and BLEX.  With --tira TEAM OUT_DIR, the
official CoNLL 2018 TIRA wrapper's evaluation.prototext and stdout for one team instead,
byte for byte.  docs/task.md is the organiser's guide."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The folders, the layout, the groups, the tables and their formats, the pool."""
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval task --layout folders gold/ systems/",
        "treeeval task --groups groups.txt --table ranking --format markdown gold/ systems/",
        "treeeval task --tira HIT-SCIR-18 out/ truth/ systems/")
    parser.add_argument("gold_dir", metavar="GOLD_DIR",
                        help="the gold files (TB.conllu), or metadata.json and the files it "
                             "names (the TIRA layout)")
    parser.add_argument("systems_dir", metavar="SYSTEMS_DIR",
                        help="one folder per team, holding its file per treebank")
    parser.add_argument("--conll17", action="store_true",
                        help="the CoNLL 2017 rules (no MLAS/BLEX; LAS alone is ranked)")
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
    add_comparison(parser, metrics_example="LAS;MLAS;BLEX",
                   stat_help="not yet: treeeval task does not test significance")
    add_signature(parser)
    add_strict(parser)
    setattr(groups, "needs", "a file name")


@dataclass
class TaskOptions:
    """The parsed command line of ``treeeval task``."""

    gold_dir: str
    systems_dir: str
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


def task_options(args: argparse.Namespace) -> TaskOptions:
    """The options of a parsed command line, checked."""
    given = comparing(args)
    if given.given:
        raise UsageError(f"{given.given[0]}: treeeval task does not test significance yet")
    options = TaskOptions(
        args.gold_dir, args.systems_dir, args.conll17, args.layout, args.groups,
        TABLES if args.table == "all" else (args.table,), args.json,
        None if args.jobs is None else whole_number(args.jobs, "--jobs", 1), args.scheduler,
        None if args.tira is None else tuple(args.tira), given.metrics, given.format,
        args.signature)
    if options.json and options.format:
        raise UsageError("--format cannot go with --json")
    if options.tira and (options.conll17 or options.json or options.format):
        raise UsageError("--tira writes the CoNLL 2018 wrapper's output: no --conll17, --json "
                         "or --format")
    if args.table == "groups" and not options.groups:
        raise UsageError("--table groups needs --groups FILE")
    _check_scheduler(options)
    return options


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
    grid = find_grid(options.gold_dir, options.systems_dir, options.layout)
    names = [treebank.name for treebank in grid.treebanks]
    groups = read_groups(options.groups, names) if options.groups else {}
    metrics = metric_list(options.metrics, CONLL17_METRICS if options.conll17
                          else CONLL18_METRICS)
    teams = _tira_team(grid, options.tira) if options.tira else grid.teams
    jobs = options.jobs or default_jobs(len(grid.treebanks))
    with backend_for(jobs, options.scheduler) as backend:
        results = score_grid(grid, conll17=options.conll17, backend=backend, teams=teams)
    _notice(grid, teams, results, args.notices)
    if options.tira:
        _write_tira(options.tira[1], [row[0] for row in results], out)
        return 0
    shown = task_signature(options, grid)
    task = ScoredTask(names, grid.teams, results, metrics, _ranked(metrics, options.conll17),
                      groups, shown if options.format not in (None, "text") else "")
    if options.json:
        document = envelope("task", shown, rules="conll17" if options.conll17 else "conll18",
                            layout=grid.layout, **task.document())
        out.write(json.dumps(document, indent=2, ensure_ascii=False).encode() + b"\n")
        return 0
    out.write(_tables_text(task, options).encode())
    if options.signature and options.format in (None, "text"):
        out.write(signature.line(shown))
    return 0


def _ranked(metrics: Sequence[str], conll17: bool) -> tuple[str, ...]:
    """The metrics ranked: the main ones (conll17: LAS) that ``--metrics`` kept, or all of
    them when it kept none.

    >>> _ranked(("UAS", "MLAS"), False), _ranked(("UAS",), False), _ranked(("LAS",), True)
    (('MLAS',), ('LAS', 'MLAS', 'BLEX'), ('LAS',))
    """
    main = MAIN_METRICS[:1] if conll17 else MAIN_METRICS
    return tuple(name for name in main if name in metrics) or main


def _tables_text(task: ScoredTask, options: TaskOptions) -> str:
    """The tables in their format: one after another, a blank line between them; ``json``:
    one JSON list of the tables' documents."""
    tables = task.tables(options.tables)
    if options.format == "json":
        return json.dumps([table_document(table) for table in tables], indent=2,
                          ensure_ascii=False) + "\n"
    return "\n".join(render_table(table, options.format or "text") for table in tables)


def _tira_team(grid: Grid, tira: tuple[str, str]) -> list[str]:
    team, out_dir = tira
    if team not in grid.teams:
        raise UsageError(f"--tira {team}: no such team folder in {grid.systems_dir} "
                         f"(teams: {', '.join(grid.teams)})")
    if not os.path.isdir(out_dir):
        raise UsageError(f"--tira {team} {out_dir}: {out_dir} is not a folder")
    return [team]


def _write_tira(out_dir: str, runs: list[RunResult], out: BinaryIO) -> None:
    """The wrapper's ``OUT_DIR/evaluation.prototext``, then its stdout, for a team's runs."""
    path = os.path.join(out_dir, PROTOTEXT)
    try:
        Path(path).write_text(prototext(runs), encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", path=path) from None
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


def task_signature(options: TaskOptions, grid: Grid) -> str:
    """The run's signature: the rules, the layout, the groups file and the metrics asked for
    (``--jobs`` and the tables shown change no number).

    >>> task_signature(TaskOptions("g", "s", metrics="LAS"), Grid("folders", [], [], "s"))
    'cmd:task|rules:conll18|layout:folders|metrics:LAS|version:0.1.0'
    """
    metrics = options.metrics and metric_list(
        options.metrics, CONLL17_METRICS if options.conll17 else CONLL18_METRICS)
    return signature.build("task", [
        ("rules", "conll17" if options.conll17 else "conll18"), ("layout", grid.layout),
        ("groups", Path(options.groups) if options.groups else None), ("metrics", metrics)])
