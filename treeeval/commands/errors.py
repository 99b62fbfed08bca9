"""``treeeval errors``: the parse error classes of Kummerfeld et al. (2012).

>>> from treeeval.arguments import parse_command
>>> settings = errors_settings(parse_command("errors", ["gold.mrg", "a.mrg", "b.mrg", "--json",
...                                                     "-p", "COLLINS.prm"]))
>>> settings.gold, settings.tests, settings.json, [p.name for p in settings.prms]
('gold.mrg', ('a.mrg', 'b.mrg'), True, ['COLLINS.prm'])
"""

from __future__ import annotations

import argparse
from typing import BinaryIO

from ..arguments import INCOMPLETE_CHECK, NOTHING_TESTED_CHECK, add_comparison, add_signature, add_strict, examples
from ..errorclasses.settings import ErrorsSettings
from ..errors import UsageError
from ..policy.inputs import input_file

DESCRIPTION = """\
Classify the bracket errors of each TEST file against GOLD as Kummerfeld, Hall, Curran and
Klein's classifier does ("Parser Showdown at the Wall Street Corral", EMNLP 2012): the test
tree is repaired into the gold tree by the classifier's greedy search and each repair is
named (PP Attachment, Co-ordination, Unary, ...).  Trees are paired one per line, as the
classifier pairs them; both files need the same root label.  With --stat, --metrics or
--format the systems' comparison table (counts, lower is better) follows the report (or,
with --format, stands alone); --stat tests each system against the baseline over the
sentences, on all the bracket errors unless --metrics names the classes to test."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files, ``-p``, ``--spmrl``, ``--json`` and ``--per-sentence``."""
    parser.usage = ("%(prog)s GOLD TEST [TEST ...] [-p PRM]... [--json]"
                    " [--per-sentence FILE.jsonl] [--spmrl] [--signature]\n"
                    "       treeeval errors [options] [--stat {bootstrap,ar} [--seed N] "
                    "[--resamples N]]\n"
                    "                       [--baseline SYS] [--metrics LIST] [--format F] "
                    "[--html FILE]\n                       GOLD TEST1 TEST2 [...]")
    parser.description = DESCRIPTION
    parser.epilog = examples("treeeval errors gold.mrg berkeley.mrg",
                             "treeeval errors gold.mrg berkeley.mrg --per-sentence repairs.jsonl",
                             "treeeval errors gold.mrg a.mrg b.mrg --stat ar --metrics "
                             "'PP Attachment;bracket errors' --format latex")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD TEST",
                        help="the gold file, then one or more test files")
    parser.add_argument("-p", dest="prms", action="append", default=[], type=input_file,
                        metavar="PRM",
                        help="EVALB parameter file: its DELETE_LABEL lines replace the "
                             "classifier's own deletion of -NONE- and punctuation (bundled "
                             "files found by name)")
    parser.add_argument("--spmrl", action="store_true",
                        help="read labels as evalb_spmrl does (SPMRL 2013/2014): every label "
                             "and tag without its features (what follows its first #: "
                             "NP##gen=f## is NP); with -p, its deletions made under "
                             "evalb_spmrl's rules (labels cut at - = #, no word deleted)")
    parser.add_argument("--json", action="store_true",
                        help="write the classes as JSON (schema treeeval/1) instead of the "
                             "report")
    parser.add_argument("--per-sentence", metavar="FILE.jsonl",
                        help="write each sentence's repairs to FILE.jsonl (JSON Lines, one "
                             "line per system and sentence)")
    add_comparison(parser, metrics_example="PP Attachment;bracket errors",
                   stat_help="test each system against the baseline over the sentences: "
                             "paired bootstrap (95%% CIs) or approximate randomization of "
                             "the per-sentence counts (mcnemar does not apply: a count has no "
                             "per-word outcome)",
                   html="the comparison table and each system's 20 sentences with the "
                        "most bracket errors, gold and system trees side by side",
                   title=True)
    add_signature(parser)
    add_strict(parser, "a test file shorter or longer than the gold file",
               "a file with no tree", NOTHING_TESTED_CHECK, INCOMPLETE_CHECK)


def errors_settings(args: argparse.Namespace) -> ErrorsSettings:
    """The settings of a parsed command line: a gold file and at least one test file."""
    from ..formats.prm import find_prm

    if len(args.files) < 2:
        raise UsageError("expected GOLD and at least one TEST file, "
                         f"got {len(args.files)} file argument(s)")
    return ErrorsSettings(args.files[0], tuple(args.files[1:]),
                          tuple(find_prm(p) for p in args.prms), args.json, args.per_sentence,
                          args.signature, args.spmrl)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval errors``: the exit status."""
    from ..arguments import comparison_settings
    from ..compare import errors

    return errors.run(errors_settings(args), comparison_settings(args), out, err, args.notices)
