"""``treeeval dep``: MaltEval's command line (``-g GOLD -s PARSED [--flag value]...``), every
flag recorded in the order given, so that MaltEval's rules on order and repetition can be
checked when the settings are built (:func:`treeeval.dep.options.dep_settings`); ``GOLD
PARSED...`` is ``-g GOLD -s PARSED...``.

>>> from treeeval.arguments import parse_command
>>> settings = dep_settings(parse_command("dep", ["-g", "g.conll", "-s", "p.conll", "--GroupBy", "Deprel:all"]))
>>> settings.gold, settings.parsed, settings.group_by
(('g.conll',), ('p.conll',), ('Deprel:all',))
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, BinaryIO

from ..arguments import NOTHING_TESTED_CHECK, add_signature, add_strict, examples, run_command
from ..dep.options import OWN, dep_settings
from ..formats.headrules import DEFAULT_HEADS
from ..formats.malteval_xml import FORMATTING, PARAMETERS
from ..policy.inputs import input_file
from ..tables.rendering import FORMATS as TABLE_FORMATS

DESCRIPTION = """\
Score dependencies as MaltEval 1.0 does and print MaltEval's tables.  GOLD and PARSED are
CoNLL-X/CoNLL-U, MaltTab (.tab), MaltXML (.xml) or bracketed trees (.mrg, .tst, .gld or
sniffed), which are converted to dependencies with --heads and -p; or directories.
`treeeval dep GOLD PARSED...` is `treeeval dep -g GOLD -s PARSED...`.  MaltEval's rules
hold: each of its flags at most once, -e before the others."""

#: the help of MaltEval's evaluation parameters
PARAMETER_HELP = {
    "Metric": "LAS (default), UAS, LA, AnyRight, AnyWrong, BothRight, BothWrong, HeadRight, "
              "HeadWrong, LabelRight, LabelWrong, DirectionRight, HeadToChildDistanceRight, "
              "GroupedHeadToChildDistanceRight, self",
    "GroupBy": "Token (default), Wordform, Lemma, Cpostag, Postag, Feats, Deprel, Sentence, "
               "RelationLength, GroupedRelationLength, SentenceLength, StartWordPosition, "
               "EndWordPosition, ArcDirection, ArcDepth, BranchingFactor, ArcProjectivity, "
               "Frame, a complex grouping such as Cpostag@-1#Wordform@0, or a plug-in; "
               "G:FORMAT selects, sorts and cuts columns, e.g. Deprel:all|recall-10; also "
               "MaltEval 1.0's undocumented RelativeWordPosition, PreAndPost, Clustering and "
               "Clustering2",
    "MinSentenceLength": "evaluate only sentences of N words or more (0: no bound)",
    "MaxSentenceLength": "evaluate only sentences of N words or fewer (0: no bound)",
    "ExcludeUnicodePunc": "1: leave out tokens whose FORM is all Unicode punctuation "
                          "(eval.pl's rule)",
}
#: the help of MaltEval's formatting arguments
FORMATTING_HELP = {
    "details": "1: list every group (every token for Token)",
    "header-info": "0: leave out the header blocks",
    "row-header": "0: leave out row headers",
    "tab": "1: tab-separated cells",
    "pattern": "DecimalFormat pattern, e.g. 0.00%%",
    "output": "write to a file, or to one file per parsed file in a directory",
    "stat": "1: McNemar's test of each pair of parsed files, as MaltEval prints it; "
            "mcnemar, bootstrap, ar: treeeval's tests, with p-values and 95%% confidence "
            "intervals (--resamples N, default 10000; --seed N, default 1)",
    "confusion-matrix": "1: confusion table (and matrix) of the GroupBy values",
    "merge-tables": "0: one table per metric instead of one column per metric",
    "micro-average": "1: cross-validation: pool the folds instead of averaging them",
}
#: the help of treeeval's own options that take a value
OWN_HELP = {
    "--heads": ("NAME|FILE", f"head table for bracketed input (default {DEFAULT_HEADS})"),
    "-p": ("PRM", "EVALB parameter file whose DELETE_LABEL rules drop tokens before "
                  "conversion"),
    "--report": ("evalpl[:FLAGS]|eval07[:FLAGS]",
                 "eval.pl's report instead of MaltEval's tables (FLAGS: q, p, b)"),
    "--metric-order": ("malteval|given", "the order of several metrics' columns and tables: "
                                         "MaltEval's (a Java hash map's: --Metric "
                                         "'LAS;UAS;LA' gives LA, UAS, LAS), the default, or "
                                         "given: the command line's"),
    "--plugin": ("MODULE:CLASS", "load a GroupBy plug-in (also found through the "
                                 "treeeval.groupings entry point)"),
    "--resamples": ("N", "resamples of --stat bootstrap and ar (default 10000)"),
    "--seed": ("N", "seed of --stat bootstrap and ar (default 1)"),
    "--charset": ("NAME", "encoding of CoNLL and MaltTab files (default UTF-8)"),
    "--postag": ("FILE", "valid POSTAG values, one a line: any other value is an error"),
    "--deprel": ("FILE", "valid DEPREL values, one a line: any other value is an error"),
    "--baseline": ("SYS", "test each other system against this one (its file or short "
                          "name) in the comparison table, Holm-corrected with more than two "
                          "systems (default: every pair, as <1> - <2>)"),
    "--metrics": ("LIST", "the compared metrics, e.g. 'LAS;UAS;Lin errors' (default: the "
                          "--Metric values, else LAS, UAS, LA and Lin errors)"),
    "--format": ("|".join(TABLE_FORMATS), "write the comparison table alone in this format"),
    "--title": ("TEXT", "the comparison table's title, instead of the gold file's name"),
    "--plot": ("FILE", "draw LAS and UAS by dependency length, by distance to the root and "
                       "by sentence length, and LAS F1 by label, of every system, into FILE "
                       "(.png, .svg or .pdf; dev.png: dev.by_arc_length.png ...); repeatable"),
    "--html": ("FILE", "write one self-contained HTML page to FILE: the comparison table, the "
                       "dependency figures and each system's 20 worst sentences by LAS, gold "
                       "and system arcs side by side"),
}

class InSequence(argparse.Action):
    """Records every flag of ``treeeval dep`` as (flag, value) in the order given
    (``args.given``): MaltEval's rules on order and repetition are checked on it."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        namespace.given = [*namespace.given, (option_string, values)]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Every MaltEval spelling and treeeval's own options, recorded in order."""
    parser.usage = ("%(prog)s [-e FILE.xml] -g GOLD... -s PARSED... [MaltEval flags] "
                    "[treeeval flags] [--signature]\n       treeeval dep [flags] GOLD PARSED...")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        'treeeval dep -g gold.conll -s parser1.conll parser2.conll --Metric "LAS;UAS" --stat 1',
        "treeeval dep -e eval.xml -g gold.conll -s parser.conll",
        "treeeval dep wsj22.gld berkeley.tst mst.conll --heads collins --stat ar --baseline "
        "berkeley --metrics 'LAS;Lin errors' --format latex --plot dev.pdf")
    parser.set_defaults(given=[])
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD PARSED",
                        help="the gold file, then the parsed files (instead of -g and -s)")
    files = parser.add_argument_group("files")
    files.add_argument("-e", action=InSequence, type=input_file, metavar="FILE.xml",
                       help="MaltEval evaluation file (parameters and formatting); flags "
                            "override it")
    files.add_argument("-g", action=InSequence, nargs="+", type=input_file, metavar="GOLD",
                       help="gold file(s); several gold files with as many parsed files: "
                            "cross-validation")
    files.add_argument("-s", action=InSequence, nargs="+", type=input_file, metavar="PARSED",
                       help="parsed file(s), each scored against GOLD in turn, in the order "
                            "given (a directory's files are sorted)")
    files.add_argument("-v", action=InSequence, nargs="?", help=argparse.SUPPRESS)
    evaluation = parser.add_argument_group(
        "evaluation parameters", "several values separated by ';': every combination is "
                                 "evaluated")
    for name in PARAMETERS:
        evaluation.add_argument(f"--{name}", action=InSequence, metavar="V",
                                help=PARAMETER_HELP.get(name, "leave out tokens with one of "
                                                              "the values V (A|B|...)"))
    formatting = parser.add_argument_group("formatting (MaltEval's)")
    for name in FORMATTING:
        formatting.add_argument(f"--{name}", action=InSequence, metavar="V",
                                help=FORMATTING_HELP[name])
    own = parser.add_argument_group("treeeval's own")
    for flag in OWN:
        metavar, text = OWN_HELP[flag]
        own.add_argument(flag, action=InSequence, metavar=metavar, help=text,
                         type=input_file if flag in ("--heads", "-p", "--postag", "--deprel")
                         else str)
    own.add_argument("--json", action=InSequence, nargs=0,
                     help="the scores as JSON (schema treeeval/1)")
    add_signature(own, action=InSequence, nargs=0)
    add_strict(own, "a gold or parsed file with no sentence", NOTHING_TESTED_CHECK)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep``: the exit status."""
    from ..compare import dep

    return dep.run(dep_settings(args), out, err, args.notices)


def run_dep(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep ARGV...`` in process: the exit status."""
    return run_command("dep", argv, out, err)
