"""``treeeval browse``: its command line (EVALB's options read left to right, as ``treeeval
bracket`` reads them).

>>> settings = parse_browse_args(["-p", "COLLINS.prm", "gold.mrg", "sys.mrg"])
>>> settings.gold, settings.systems, settings.prm_names
('gold.mrg', ('sys.mrg',), ('COLLINS.prm',))
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, BinaryIO

from ..arguments import InOrder, examples, parse_command
from ..bracket.settings import evalb_params
from ..disco.labels import FUNCTIONS, MORPHOLOGY
from ..errors import UsageError
from ..formats.disc_formats import DISC_FORMATS
from ..formats.prm import find_prm
from ..policy.inputs import input_file
from ..policy.sniffing import sniff_disco
from ..tui.lines import LineIndex
from ..tui.loading import BrowseSettings
from ..ud.enhanced_options import add_enhanced_arguments, enhanced_rules

if TYPE_CHECKING:
    from ..disco.run import DiscoSettings

DESCRIPTION = """\
Browse parse errors sentence by sentence in the terminal.  The format is sniffed from
GOLD: bracketed trees are scored as `treeeval bracket` scores them (EVALB), CoNLL-X,
MaltTab (.tab) and MaltXML (.xml) files as `treeeval dep` does (MaltEval), CoNLL-U
files as `treeeval ud` does (the CoNLL 2018 scorer; with --udeval or --iwpt20 that
scorer's rules, ELAS and EULAS, and `d` shows the enhanced graphs); with --heads bracketed
trees are converted to dependencies and browsed as such.  Export (#BOS), discbracket
(numbered leaves, 0=Der), Tiger XML and Alpino XML files, or any file with --fmt, are
discontinuous trees scored as `treeeval disco` scores them (PARAM: -p or a last file
ending in .prm).  With SYS2, SYS3... every
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
                    "                       [--enhancements DIGITS] GOLD [SYS [SYS2 ...]]\n"
                    "       %(prog)s [--fmt=F | --goldfmt=F --parsesfmt=F] [--functions=X] "
                    "[--morphology=X]\n"
                    "                       [--disconly] [--la] [--ted] GOLD SYS [SYS2 ...] "
                    "[PARAM | -p PARAM]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval browse -p COLLINS.prm wsj22.gld berkeley.tst",
        "treeeval browse --udeval gold.conllu parser1.conllu parser2.conllu",
        "treeeval browse gold.export parses.export proper.prm") + (
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
    disco = parser.add_argument_group("discontinuous trees (scored as treeeval disco)")
    disco.add_argument("--fmt", choices=DISC_FORMATS,
                       help="the format of every file (default: each file's by its content)")
    disco.add_argument("--goldfmt", choices=DISC_FORMATS, help="the format of GOLD")
    disco.add_argument("--parsesfmt", choices=DISC_FORMATS, help="the format of the systems")
    disco.add_argument("--functions", choices=FUNCTIONS,
                       help="function tags, as treeeval disco (default: remove)")
    disco.add_argument("--morphology", choices=MORPHOLOGY,
                       help="the export morphology column, as treeeval disco (default: no)")
    disco.add_argument("--disconly", action="store_true",
                       help="count discontinuous brackets only")
    disco.add_argument("--la", action="store_true", help="leaf-ancestor score per sentence")
    disco.add_argument("--ted", action="store_true", help="tree-edit distance per sentence")


#: the options of discontinuous trees, by their names on the command line
DISCO_OPTIONS = {"fmt": "--fmt", "goldfmt": "--goldfmt", "parsesfmt": "--parsesfmt",
                 "functions": "--functions", "morphology": "--morphology",
                 "disconly": "--disconly", "la": "--la", "ted": "--ted"}


def disco_settings(args: argparse.Namespace,
                   gold: LineIndex | None = None) -> DiscoSettings | None:
    """``treeeval disco``'s settings when GOLD holds discontinuous trees (``--fmt`` or
    ``--goldfmt`` given, or the content says export, discbracket, Tiger or Alpino: see
    ``policy.sniffing.sniff_disco``, on ``gold``: GOLD's bytes, read once), else None.
    PARAM is ``-p PARAM`` or a last file named ``*.prm`` (moved off ``args.files``); the
    systems' format is ``--parsesfmt``, else the first system's by its content, else
    gold's.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "g")
    >>> _ = open(path, "w").write("#BOS 1\\n#EOS 1\\n")
    >>> args = parse_command("browse", [path, path, "proper.prm"])
    >>> settings = disco_settings(args, LineIndex(path))
    >>> settings.goldfmt, settings.parsesfmt, os.path.basename(settings.param), args.files[1:]
    ('export', 'export', 'proper.prm', [...])
    """
    from ..disco.run import DiscoSettings

    given = [option for key, option in DISCO_OPTIONS.items() if getattr(args, key)]
    goldfmt = args.fmt or args.goldfmt or (sniff_disco(gold.path, gold.data) if gold else None)
    if goldfmt is None:
        if given:
            raise UsageError(f"{given[0]} is an option of discontinuous trees (export, "
                             "discbracket, Tiger, Alpino files or --fmt)")
        return None
    if args.files and args.files[-1].lower().endswith(".prm"):
        args.evalb = [*args.evalb, ("-p", args.files.pop())]
    other = [option for option, _ in args.evalb if option != "-p"]
    other += [option for option, on in (("--align", args.align), ("--spmrl", args.spmrl),
                                        ("-X", args.X), ("--heads", args.heads),
                                        ("--exclude-punct", args.exclude_punct)) if on]
    if other:
        raise UsageError(f"{other[0]} is not an option of discontinuous trees (scored as "
                         "treeeval disco)")
    params = [value for _, value in args.evalb]
    if len(params) > 1:
        raise UsageError("discontinuous trees take one parameter file (PARAM or -p PARAM)")
    systems = args.files[1:]
    parsesfmt = (args.fmt or args.parsesfmt or (sniff_disco(systems[0]) if systems else None)
                 or goldfmt)
    return DiscoSettings(args.files[0] if args.files else "", "",
                         str(find_prm(params[0])) if params else None,
                         goldfmt=goldfmt, parsesfmt=parsesfmt,
                         functions=args.functions or "remove",
                         morphology=args.morphology or "no", disconly=args.disconly,
                         la=args.la, ted=args.ted)


def browse_settings(args: argparse.Namespace) -> BrowseSettings:
    """The settings of a parsed command line: EVALB's options applied in order, GOLD and any
    number of systems (none: one file browsed without gold); for discontinuous trees
    ``treeeval disco``'s (:func:`disco_settings`).  GOLD is read here, once (its bytes
    are kept for the loading), when it is a file."""
    gold = LineIndex(args.files[0]) if args.files and os.path.isfile(args.files[0]) else None
    disco = disco_settings(args, gold)
    if disco is not None:
        if enhanced_rules(args) is not None:
            raise UsageError("--udeval and --iwpt20 score CoNLL-U files")
        if len(args.files) < 2:
            raise UsageError("discontinuous trees: expected GOLD SYS [SYS2 ...] [PARAM]")
        return BrowseSettings(args.files[0], tuple(args.files[1:]), disco=disco,
                              gold_lines=gold)
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
                          args.exclude_punct, enhanced_rules(args), gold_lines=gold)


def parse_browse_args(argv: Sequence[str]) -> BrowseSettings | None:
    """The settings of ``treeeval browse ARGV...``; None means help was printed."""
    args = parse_command("browse", argv)
    return None if args is None else browse_settings(args)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval browse``: load and score, then run the browser until it quits."""
    from ..tui.loading import browse

    browse(browse_settings(args))
    return 0
