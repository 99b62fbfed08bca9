"""``treeeval bracket``: EVALB's command line, read left to right as EVALB reads it.

A parameter file given with ``-p`` takes effect where it stands: it overrides the
``-e``/``-c``/``-d`` options before it and is overridden by those after it.  Only the first
letter of a cluster counts (``-dD`` is ``-d``), as in EVALB.  Long options add what EVALB
lacks without changing its output.

>>> from treeeval.arguments import parse_command
>>> settings = bracket_settings(parse_command("bracket", ["-e", "3", "-p", "COLLINS.prm",
...                                                       "-c", "20", "-dD", "gold", "test"]))
>>> settings.params.max_error, settings.params.cutoff_len, settings.params.debug, settings.prms
(10, 20, <EvalbDebug.TABLES: 1>, ('COLLINS.prm',))
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import (
    INCOMPLETE_CHECK,
    NOTHING_TESTED_CHECK,
    InOrder,
    add_comparison,
    add_signature,
    add_strict,
    examples,
    run_command,
    whole_number,
)
from ..bracket.params import c_int
from ..bracket.settings import BracketSettings, evalb_clusters, evalb_params
from ..bracket.spmrl_options import SpmrlOptions
from ..errors import UsageError
from ..policy.inputs import input_file

DESCRIPTION = """\
Score bracketed constituency trees in TEST against GOLD exactly as EVALB does.
Options are applied left to right, as EVALB applies them: a -p file overrides the
options before it, and the options after it override the file.  A gold file and several
test files give each system's report, headed by a line naming it, then their comparison
table; with --stat each system is tested against the baseline on every metric."""


def add_evalb_options(parser: argparse.ArgumentParser) -> None:
    """EVALB's options, recorded in order (``treeeval bracket`` and ``treeeval browse``)."""
    parser.rewrite = evalb_clusters  # type: ignore[attr-defined]  # treeeval's Parser has it
    parser.set_defaults(evalb=[])
    evalb = parser.add_argument_group("EVALB's options, applied left to right")
    evalb.add_argument("-p", action=InOrder, type=input_file, metavar="PRM",
                       help="EVALB parameter file; a bundled one (COLLINS.prm, new.prm, nk.prm, "
                            "spmrl.prm, spmrl_hebrew.prm) is found by name when no such file "
                            "exists here")
    evalb.add_argument("-e", action=InOrder, metavar="N",
                       help="errors tolerated before the run is killed (MAX_ERROR)")
    evalb.add_argument("-c", action=InOrder, metavar="N",
                       help="length cut-off of the second summary block (CUTOFF_LEN)")
    evalb.add_argument("-d", action=InOrder, nargs=0, help="per-sentence tables")
    evalb.add_argument("-D", action=InOrder, nargs=0,
                       help="per-sentence tables with EVALB's tracing too")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """EVALB's options (recorded in order) and treeeval's long options."""
    parser.usage = ("%(prog)s [-d|-D] [-c N] [-e N] [-p PRM]... GOLD TEST [--json]\n"
                    "                        [--per-sentence FILE.jsonl] [--jobs N]"
                    " [--reference-engine] [--align] [--signature] [--strict] [--quiet]\n"
                    "                        [--per-label] [--plot FILE] [--html FILE]\n"
                    "       treeeval bracket [options] [--stat {bootstrap,ar,mcnemar} [--seed N]"
                    " [--resamples N]]\n"
                    "                        [--baseline SYS] [--metrics LIST] [--format F]"
                    " [--title TEXT]\n                        GOLD SYS1 SYS2 [...]")
    parser.description = DESCRIPTION
    parser.epilog = examples("treeeval bracket -p COLLINS.prm gold.txt test.txt",
                             "treeeval bracket -p COLLINS.prm --stat ar --metrics "
                             "'LR;LP;F1' --format latex gold.mrg a.mrg b.mrg",
                             "treeeval bracket -p COLLINS.prm --per-label --format latex "
                             "gold.mrg a.mrg b.mrg")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD TEST",
                        help="the gold file and one test file, or several (one per system)")
    add_evalb_options(parser)
    spmrl = parser.add_argument_group("evalb_spmrl (the SPMRL 2013/2014 shared tasks' EVALB)")
    spmrl.add_argument("--spmrl", action="store_true",
                       help="score as evalb_spmrl does: labels and tags cut at - = #, "
                            "punctuation kept, its options below (docs/bracket.md)")
    spmrl.add_argument("--spmrl-fixed", action="store_true",
                       help="evalb_spmrl's rules and options with its defects corrected "
                            "(docs/differences.md): given instead of --spmrl, or with it")
    spmrl.add_argument("-K", metavar="N", help="--spmrl: score the first N lines only")
    spmrl.add_argument("-X", action="store_true",
                       help="--spmrl: an empty test line is an unparsed sentence (status 3)")
    spmrl.add_argument("-L", action="store_true",
                       help="--spmrl: one summary line for all sentences")
    spmrl.add_argument("-l", action="store_true",
                       help="--spmrl: one summary line for the sentences within the cutoff")
    spmrl.add_argument("-V", action="store_true",
                       help="--spmrl: name the files in the summary's title")
    spmrl.add_argument("--spmrl-status", metavar="FILE",
                       help="--spmrl: write evalb_spmrl's status file there (it writes "
                            "'status' in the working directory on every run)")
    own = parser.add_argument_group("treeeval's options")
    own.add_argument("--json", action="store_true",
                     help="write the totals as JSON (schema treeeval/1) instead of the report")
    own.add_argument("--per-sentence", metavar="FILE.jsonl",
                     help="write one JSON object per sentence to FILE.jsonl (JSON Lines)")
    own.add_argument("--jobs", metavar="N",
                     help="score in N processes (default: 2 when the input is large)")
    own.add_argument("--align", action="store_true",
                     help="score a sentence whose test words differ from the gold's (EVALB's "
                          "Length or Words unmatch) through the characters, when both trees "
                          "have the same text (docs/bracket.md)")
    own.add_argument("--reference-engine", action="store_true",
                     help="score every sentence with the exact per-sentence engine (slow)")
    own.add_argument("--per-label", action="store_true",
                     help="add per-label recall, precision, F1 and counts after each report "
                          "(labels cut at - or =, as EVALB compares them); in --json too; "
                          "with several systems, the table of each label's F1 after the "
                          "comparison table (with --format, alone in that format)")
    add_comparison(parser, metrics_example="LR;LP;F1",
                   stat_help="test each system against the baseline on every metric: paired "
                             "bootstrap (95%% CIs) or approximate randomization over gold "
                             "sentences (Bikel's comparator); mcnemar applies to "
                             "EX (complete_match) only",
                   plot="bracket F1 by sentence length and by label",
                   html="the comparison table, the bracket figures and each system's "
                        "20 worst sentences by F1, gold and system trees side by side",
                   title=True)
    own.add_argument("--quiet", action="store_true",
                     help="leave out EVALB's own messages on stderr (Length unmatch, ...); "
                          "treeeval's warnings stay")
    add_signature(own)
    add_strict(own, "a file in another format (CoNLL, XML, gzip data) or with no tree",
               "files of different lengths", "MAX_ERROR reached",
               "a root label that costs a bracket in most sentences",
               "EVALB's Error and Skip sentences, said only under --strict",
               NOTHING_TESTED_CHECK, INCOMPLETE_CHECK)


def bracket_settings(args: argparse.Namespace) -> BracketSettings:
    """The settings of a parsed command line (EVALB's options applied in order)."""
    params, messages, prms = evalb_params(args.evalb)
    if args.spmrl or args.spmrl_fixed:
        params.rules = "spmrl-fixed" if args.spmrl_fixed else "spmrl"
        params.unparsed = args.X
    if len(args.files) < 2:
        raise UsageError(f"expected GOLD and TEST files, got {len(args.files)} file argument(s)")
    params.align = args.align
    return BracketSettings(
        args.files[0], tuple(args.files[1:]), params, tuple(prms), tuple(messages),
        json=args.json, per_sentence=args.per_sentence,
        jobs=None if args.jobs is None else whole_number(args.jobs, "--jobs", minimum=1),
        reference_engine=args.reference_engine, signature=args.signature,
        per_label=args.per_label, quiet=args.quiet, spmrl=_spmrl_options(args))


def _spmrl_options(args: argparse.Namespace) -> SpmrlOptions | None:
    """evalb_spmrl's options (None without ``--spmrl`` or ``--spmrl-fixed``; one of them
    alone is an error).

    >>> from treeeval.arguments import parse_command
    >>> _spmrl_options(parse_command("bracket", ["--spmrl", "-K", "-1", "-L", "g", "t"]))
    SpmrlOptions(max_lines=None, compact=True, compact_cutoff=False, names=False, status=None)
    """
    given = [name for name, value in (("-K", args.K is not None), ("-X", args.X), ("-L", args.L),
                                      ("-l", args.l), ("-V", args.V),
                                      ("--spmrl-status", args.spmrl_status is not None))
             if value]
    if not (args.spmrl or args.spmrl_fixed):
        if given:
            raise UsageError(f"{given[0]} is an option of --spmrl (and --spmrl-fixed)")
        return None
    lines = None if args.K is None else c_int(whole_number(args.K, "-K", minimum=None))
    return SpmrlOptions(None if lines == -1 else lines, args.L, args.l, args.V,
                        args.spmrl_status)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval bracket``: the exit status."""
    from ..arguments import comparison_settings
    from ..compare import bracket

    return bracket.run(bracket_settings(args), comparison_settings(args), out, err, args.notices)


def run_bracket(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval bracket ARGV...`` in process: the exit status."""
    return run_command("bracket", argv, out, err)
