"""``treeeval browse``: its command line (EVALB's options read left to right, as ``treeeval
bracket`` reads them).

>>> settings = parse_browse_args(["-p", "COLLINS.prm", "gold.mrg", "sys.mrg"])
>>> settings.gold, settings.systems, settings.prm_names
('gold.mrg', ('sys.mrg',), ('COLLINS.prm',))
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import InOrder, examples, parse_command
from ..bracket.settings import evalb_params
from ..errors import UsageError
from ..policy.inputs import input_file
from ..tui.loading import BrowseSettings
from ..ud.enhanced_options import add_enhanced_arguments, enhanced_rules

DESCRIPTION = """\
Browse parse errors sentence by sentence in the terminal.  The format is sniffed from
GOLD: bracketed trees are scored as `treeeval bracket` scores them (EVALB), CoNLL-X,
MaltTab (.tab) and MaltXML (.xml) files as `treeeval dep` does (MaltEval), CoNLL-U
files as `treeeval ud` does (the CoNLL 2018 scorer; with --udeval or --iwpt20 that
scorer's rules, ELAS and EULAS, and `d` shows the enhanced graphs); with --heads bracketed
trees are converted to dependencies and browsed as such.  With SYS2, SYS3... every
system is compared to GOLD, one set of columns each (marked ₁ ₂ ₃...).  With one FILE
and no system, its sentences and trees are shown without scores, as MaltEval's viewer
shows a file."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """EVALB's ``-p``/``-e``/``-c`` (left to right), ``--align``, ``--spmrl`` and its ``-X``,
    ``--heads``, ``--exclude-punct``."""
    parser.usage = ("%(prog)s [-p PRM]... [-e N] [-c N] [--align | --spmrl [-X]]\n"
                    "                       [--heads NAME|FILE] [--exclude-punct]\n"
                    "                       [--udeval [--no-enhanced] [--no-empty-nodes VALUE] "
                    "| --iwpt20]\n"
                    "                       [--enhancements DIGITS] GOLD [SYS [SYS2 ...]]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval browse -p COLLINS.prm wsj22.gld berkeley.tst",
        "treeeval browse --udeval gold.conllu parser1.conllu parser2.conllu",
        "treeeval browse wsj22.gld") + (
        "\nKeys: ? or F1 in the browser lists them all; q quits.\n")
    parser.set_defaults(evalb=[])
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD SYS",
                        help="the gold file and any number "
                        "of systems (none: browse one file without scores)")
    parser.add_argument("-p", action=InOrder, type=input_file, metavar="PRM",
                        help="EVALB parameter file (brackets), applied left to right as in "
                             "treeeval bracket; a bundled one is found by name")
    parser.add_argument("-e", action=InOrder, metavar="N", help="EVALB's MAX_ERROR")
    parser.add_argument("-c", action=InOrder, metavar="N",
                        help="EVALB's CUTOFF_LEN (second summary block)")
    parser.add_argument("--align", action="store_true",
                        help="brackets: score a sentence whose test words differ from the "
                             "gold's through the characters, as treeeval bracket --align; "
                             "its detail shows how the words align")
    parser.add_argument("--spmrl", action="store_true",
                        help="brackets: score as treeeval bracket --spmrl (evalb_spmrl: labels "
                             "and tags cut at - = #, no word deleted); a line it gives two "
                             "rows is shown once, with its scored row")
    parser.add_argument("-X", action="store_true",
                        help="--spmrl: an empty test line is an unparsed sentence (status 3)")
    parser.add_argument("--heads", metavar="NAME", type=input_file,
                        help="browse bracket files as dependencies, converted with this head "
                             "table")
    parser.add_argument("--exclude-punct", action="store_true",
                        help="leave out tokens whose FORM is all Unicode punctuation "
                             "(dependencies; MaltEval's ExcludeUnicodePunc 1)")
    add_enhanced_arguments(parser)


def browse_settings(args: argparse.Namespace) -> BrowseSettings:
    """The settings of a parsed command line: EVALB's options applied in order, GOLD and any
    number of systems (none: one file browsed without gold)."""
    params, _, names = evalb_params(args.evalb)
    params.align = args.align
    if args.X and not args.spmrl:
        raise UsageError("-X is an option of --spmrl")
    if args.spmrl:
        if args.align:
            raise UsageError("--align applies EVALB's rules: it cannot be given with --spmrl")
        params.rules, params.unparsed = "spmrl", args.X
    if params.align and params.label_classes() is None:
        raise UsageError("--align needs EQ_LABEL pairs that form classes (A B and B C "
                         "need A C too)")
    if not args.files:
        raise UsageError("expected GOLD [SYS [SYS2 ...]], got no file")
    return BrowseSettings(args.files[0], tuple(args.files[1:]), params, tuple(names), args.heads,
                          args.exclude_punct, enhanced_rules(args))


def parse_browse_args(argv: Sequence[str]) -> BrowseSettings | None:
    """The settings of ``treeeval browse ARGV...``; None means help was printed."""
    args = parse_command("browse", argv)
    return None if args is None else browse_settings(args)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval browse``: load and score, then run the browser until it quits."""
    from ..tui.loading import browse

    browse(browse_settings(args))
    return 0
