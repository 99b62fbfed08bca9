"""``treeeval task``: a shared task scored at once, its tables and the TIRA wrapper's output.

>>> settings = parse_task_args(["--jobs", "2", "--table", "ranking", "gold", "systems"])
>>> settings.jobs, settings.tables, settings.gold_dir
(2, ('ranking',), 'gold')
>>> parse_task_args(["--iwpt20", "--enhancements", "6", "gold", "systems"]).enhanced
EnhancedRules(scorer='iwpt20', scored=True, enhancements='6', no_empty_nodes=False)
>>> parse_task_args(["--tira", "HIT", "out", "gold", "systems"]).tira
('HIT', 'out')
>>> settings = parse_task_args(["--judgments", "plank/en", "--judgments", "plank/es"])
>>> settings.judgments, settings.gold_dir
(('plank/en', 'plank/es'), None)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import add_comparison, add_signature, add_strict, examples, needs, parse_command, whole_number
from ..task.layout import LAYOUTS
from ..task.report import TABLES
from ..task.settings import TaskSettings, check_task
from ..ud.enhanced_options import add_enhanced_arguments, enhanced_rules

DESCRIPTION = """\
Score every team's run on every treebank of a shared task as treeeval ud scores a pair
(CoNLL 2018 rules, or --conll17), a missing or broken run counting 0 with a warning saying
why; write a table per treebank, each team's macro-average over all treebanks and over the
groups of --groups, and the ranking by LAS, MLAS and BLEX; with --stat, on each treebank
the teams not significantly different from the best.  With --udeval or --iwpt20 (an
IWPT-style task), every CoNLL-U run is scored by the rules of udeval or iwpt20_xud_eval.py,
with ELAS and EULAS: the ranking is by ELAS, then EULAS and LAS, and a table gives each
team's ELAS per language and over the languages.  CoNLL-X treebanks are scored as
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
    add_enhanced_arguments(parser)
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
                             "ranking, clusters with --stat, languages with --udeval or "
                             "--iwpt20)")
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
    add_strict(parser, "a run that cannot be scored and counts 0 (every run of a treebank "
                       "whose gold file cannot be read)",
               "a file of a team's folder that is no treebank's run")
    needs(groups, "a file name")
    needs(judgments, "a file or folder name")


def task_settings(args: argparse.Namespace) -> TaskSettings:
    """The settings of a parsed command line, checked."""
    from ..arguments import comparison_settings
    from ..ud.compare import check_stat

    given = comparison_settings(args)
    settings = TaskSettings(
        args.gold_dir, args.systems_dir, args.conll17, args.layout, args.groups,
        None if args.table == "all" else (args.table,), args.json,
        None if args.jobs is None else whole_number(args.jobs, "--jobs", 1), args.scheduler,
        None if args.tira is None else tuple(args.tira), args.metrics, given.format,
        args.signature, given.stat and check_stat(given.stat), given.resamples, given.seed,
        args.callin, tuple(args.judgments or ()), tuple(args.prm or ()), args.dep_prm,
        enhanced_rules(args))
    check_task(settings, given.given, args.table)
    return settings


def parse_task_args(argv: Sequence[str]) -> TaskSettings | None:
    """The settings of ``treeeval task ARGV...``; None means help was printed."""
    args = parse_command("task", argv)
    return None if args is None else task_settings(args)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval task``: the exit status."""
    from ..task.session import run_task

    return run_task(task_settings(args), out, err, args.notices)
