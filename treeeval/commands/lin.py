"""``treeeval lin GOLD ANSWER [ANSWER ...]``: Lin's error count, tuple tables, phrase scores
and, for several answers, their comparison table.

Each input is read as bracketed trees, CoNLL-X/CoNLL-U or Lin tuples (anything else), as
the decision table of every command decides (``treeeval.policy.sniffing``).  Trees are
converted with ``--heads``; the operations of ``--ops`` are applied to both sides before
scoring.

>>> import io, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "key").write_text("Rain N < fell\\nfell V *\\n")
>>> _ = (folder / "answer").write_text("Rain N ?\\nfell V *\\n")
>>> out = io.BytesIO()
>>> run_lin([str(folder / "key"), str(folder / "answer")], out, io.BytesIO())
0
>>> print(out.getvalue().decode(), end="")
Sent  Words  Scored  Errors
   1      2       2       1
total: 1 error in 2 scored words (2 words, 1 sentence)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import NOTHING_TESTED_CHECK, add_comparison, add_signature, add_strict, examples, run_command
from ..errors import UsageError
from ..formats.headrules import DEFAULT_HEADS
from ..lin.ops import bundled_ops
from ..lin.settings import LinSettings
from ..policy.inputs import input_file

DESCRIPTION = """\
Lin's (1995) dependency-based evaluation: per sentence and in total, the words whose head
in ANSWER differs from GOLD (an unknown head '?' in ANSWER is an error; a word whose head
is unknown in GOLD is not scored).  GOLD and ANSWER are Lin tuple files, CoNLL files or
bracketed trees; when both are trees, section 2's phrase scores are reported too.  Several
answers give each answer's report and their comparison table, with --stat each answer
tested against the baseline over the sentences."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files, ``--heads``, ``--ops``, ``--tuples``, ``--json`` and the options of several
    answers."""
    parser.usage = ("%(prog)s GOLD ANSWER [--heads NAME|FILE] [--ops NAME|FILE] [--tuples] "
                    "[--json] [--signature]\n"
                    "       treeeval lin [options] [--stat {bootstrap,ar,mcnemar} [--seed N] "
                    "[--resamples N]]\n"
                    "                    [--baseline SYS] [--metrics LIST] [--format F] "
                    "[--title TEXT] [--html FILE]\n                    GOLD ANSWER1 ANSWER2 "
                    "[...]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval lin gold.mrg answer.conllx --heads collins",
        "treeeval lin gold.mrg answer.mrg --ops ptb-no-pp --tuples",
        "treeeval lin --stat ar --format latex key.conll a.conll b.conll")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD ANSWER",
                        help="Lin tuple files, CoNLL files or bracketed trees: the key, then "
                             "one or more answers")
    parser.add_argument("--heads", metavar="NAME|FILE", default=DEFAULT_HEADS, type=input_file,
                        help=f"head table for converting trees (default: {DEFAULT_HEADS})")
    parser.add_argument("--ops", metavar="NAME|FILE", type=input_file,
                        help="Lin's modify operations, applied to both sides before scoring: "
                             f"a bundled file ({', '.join(bundled_ops())}) or your own")
    parser.add_argument("--tuples", action="store_true",
                        help="print the tuples of GOLD and ANSWER side by side with an error "
                             "column")
    parser.add_argument("--json", action="store_true",
                        help="write the scores as JSON (schema treeeval/1)")
    add_comparison(parser, metrics_example="errors;error rate",
                   stat_help="test each answer against the baseline: paired bootstrap (95%% "
                             "CIs) or approximate randomization over sentences, or McNemar's "
                             "test over the scored words (errors and error rate only)",
                   html="the comparison table and each answer's 20 worst sentences by "
                        "errors, gold and answer heads side by side",
                   title=True)
    add_signature(parser)
    add_strict(parser, "a phrase category of the trees with no head rule (the table's "
                       "default used)", NOTHING_TESTED_CHECK)


def lin_settings(args: argparse.Namespace) -> LinSettings:
    """The settings of a parsed command line: a key and at least one answer."""
    if len(args.files) < 2:
        raise UsageError(f"expected GOLD and ANSWER files, got {len(args.files)} file argument(s)")
    return LinSettings(args.files[0], tuple(args.files[1:]), args.heads, args.ops, args.tuples,
                       args.json, args.signature)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval lin``: the exit status."""
    from ..arguments import comparison_settings
    from ..compare import lin

    return lin.run(lin_settings(args), comparison_settings(args), out, err, args.notices)


def run_lin(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval lin ARGV...`` in process: the exit status."""
    return run_command("lin", argv, out, err)
