"""``treeeval ud``: the command line of the CoNLL 2018 (and 2017) UD scorers.

>>> settings = parse_ud_args(["-v", "--callin-weights", "w.tsv", "gold.conllu", "sys.conllu"])
>>> settings.mode, settings.callin, settings.callin_weights, settings.pairs
('verbose', True, 'w.tsv', (('gold.conllu', 'sys.conllu'),))
>>> settings = parse_ud_args(["g.conllu", "a.conllu", "b.conllu"])
>>> settings.pairs, settings.systems
((('g.conllu', 'a.conllu'), ('g.conllu', 'b.conllu')), True)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import (
    NOTHING_TESTED_CHECK,
    add_comparison,
    add_signature,
    add_strict,
    examples,
    needs,
    parse_command,
    run_command,
)
from ..policy.inputs import input_file, input_pair
from ..ud.enhanced_options import add_enhanced_arguments, enhanced_rules
from ..ud.pairs import file_pairs
from ..ud.settings import UDSettings

DESCRIPTION = """\
Score a CoNLL-U file against gold as the CoNLL 2018 UD shared task scorer does (same
output, byte for byte).  Several pairs (or two folders, paired by file name) give one report
per treebank and the macro-average, a failed treebank counting as 0 (with --format, one
table of the treebanks and their macro-average).  A gold file and several system files give
each system's report and their comparison table, with --stat each system tested against
the baseline on every metric."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The scorers' options, treeeval's and the files (a pair, pairs or two folders)."""
    parser.usage = """%(prog)s [-v | -c] [--conll17 [-w WEIGHTS]] [--multiple-roots-okay] [--json]
                   [--udeval [--no-enhanced] [--no-empty-nodes VALUE] | --iwpt20]
                   [--enhancements DIGITS]
                   [--callin [--callin-weights FILE] [--callin-classes FILE]] [--signature]
                   GOLD SYSTEM
       treeeval ud [options] [--stat {bootstrap,ar} [--seed N] [--resamples N]]
                   [--baseline SYS] [--metrics LIST] [--format F] [--title TEXT]
                   [--plot FILE] [--html FILE] GOLD SYS1 [SYS2 ...]
       treeeval ud [options] [--format F [--metrics LIST] [--title TEXT]]
                   GOLD:SYSTEM [GOLD:SYSTEM ...]
       treeeval ud [options] [--format F [--metrics LIST] [--title TEXT]] GOLD_DIR SYSTEM_DIR"""
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval ud -v gold/en_ewt.conllu system/en_ewt.conllu",
        "treeeval ud --stat bootstrap --metrics 'LAS;MLAS' --format latex --html report.html "
        "gold.conllu a.conllu b.conllu c.conllu",
        "treeeval ud gold/en.conllu:sys/en.conllu gold/fi.conllu:sys/fi.conllu")
    parser.add_argument("files", nargs="*", type=input_pair, metavar="GOLD SYSTEM",
                        help="a gold and a system file, a gold file and several system files, "
                             "GOLD:SYSTEM pairs or two folders")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="every metric: precision, recall, F1 and aligned accuracy")
    parser.add_argument("-c", "--counts", action="store_true",
                        help="every metric as counts: correct, gold, predicted, aligned")
    parser.add_argument("--conll17", action="store_true",
                        help="the CoNLL 2017 rules and report (no MLAS/BLEX, literal "
                             "Feats/Lemmas)")
    files = [parser.add_argument("-w", "--weights", metavar="FILE", type=input_file,
                                 help="conll17 only: add WeightedLAS with these DEPREL weights "
                                      "(implies -v)")]
    parser.add_argument("--multiple-roots-okay", action="store_true",
                        help="score sentences with several roots (the reference scorers "
                             "refuse)")
    add_enhanced_arguments(parser)
    parser.add_argument("--json", action="store_true",
                        help="write the scores as JSON (schema treeeval/1)")
    parser.add_argument("--callin", action="store_true",
                        help="add Callin's content/function metrics, WLAS and STTR (docs/ud.md)")
    files.append(parser.add_argument(
        "--callin-weights", metavar="FILE", type=input_file,
        help="WLAS weights (relation<TAB>weight, as treeeval wde -o writes); default: the word "
             "dependency entropy of the gold file itself"))
    files.append(parser.add_argument(
        "--callin-classes", metavar="FILE", type=input_file,
        help="relation classes (relation<TAB>function|content|other); default: the table of "
             "Callin's paper"))
    add_comparison(parser, metrics_example="LAS;MLAS;BLEX",
                   stat_help="test each system against the baseline on every metric: paired "
                             "bootstrap (95%% CIs) or approximate randomization over gold "
                             "sentences (mcnemar does not apply to F1 metrics)",
                   plot="the UD figures (LAS, MLAS and BLEX F1 by sentence length; LAS F1 "
                        "by dependency label)",
                   html="the comparison table, the UD figures and each system's "
                        "20 worst sentences by LAS, gold and system side by side",
                   title=True)
    add_signature(parser)
    add_strict(parser, "a gold or system file with no word",
               "a -w weight that is not a finite number",
               "a system file of SYSTEM_DIR with no gold file of its name", NOTHING_TESTED_CHECK)
    for action in files:
        needs(action, "a file name")


def ud_settings(args: argparse.Namespace) -> UDSettings:
    """The settings of a parsed command line, with its pairs of files (a large pair read
    by processes of their own)."""
    pairs, several = file_pairs(args.files)
    return UDSettings(tuple(pairs), "counts" if args.counts else "verbose" if args.verbose
                      else "default", args.conll17, args.weights, args.multiple_roots_okay,
                      args.json, args.callin, args.callin_weights, args.callin_classes, several,
                      args.signature, enhanced_rules(args), read_ahead=True)


def parse_ud_args(argv: Sequence[str]) -> UDSettings | None:
    """The settings of ``treeeval ud ARGV...``; None means help was printed."""
    args = parse_command("ud", argv)
    return None if args is None else ud_settings(args)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval ud``: the exit status."""
    from ..arguments import comparison_settings
    from ..compare import ud

    return ud.run(ud_settings(args), comparison_settings(args), args.files, out, err,
                  args.notices)


def run_ud(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval ud ARGV...`` in process: the exit status."""
    return run_command("ud", argv, out, err)
