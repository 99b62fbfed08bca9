"""``treeeval convert``: bracketed trees to CoNLL-X or CoNLL-U dependencies.

>>> import io
>>> run_convert(["--labels", "nope", "x.mrg"], io.BytesIO(), io.BytesIO())
Traceback (most recent call last):
...
treeeval.errors.UsageError: unknown label scheme 'nope' (schemes: none, category, function, triple)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import add_strict, examples, run_command
from ..conversion.settings import ConvertSettings
from ..errors import UsageError
from ..formats.conll import FORMATS
from ..formats.headrules import DEFAULT_HEADS
from ..policy.inputs import input_file

DESCRIPTION = """\
Convert bracketed constituency trees (one a line, or multi-line .mrg) to dependencies
with a head table, following Lin's makeDeps (see docs/convert.md)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The input, the head table, the labels, the format, ``-p`` and ``-o``."""
    parser.usage = ("%(prog)s [--heads NAME|FILE] [--labels SCHEME] [--format conllx|conllu]\n"
                    "                        [-p PRM] [--strict] IN [-o OUT]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval convert --heads collins wsj_0001.mrg -o wsj_0001.conllx",
        "treeeval convert --heads penn2malt --labels function --format conllu wsj_0001.mrg",
        "treeeval convert -p COLLINS.prm wsj_0001.mrg -o wsj_0001.conllx")
    parser.add_argument("files", nargs="*", type=input_file, metavar="IN",
                        help="bracketed trees (- for standard input)")
    parser.add_argument("--heads", metavar="NAME|FILE", default=DEFAULT_HEADS, type=input_file,
                        help="head table: collins (default), modcollins, penn2malt, magerman, "
                             "semantic, semantic-copula (the copula as head), or a .heads "
                             "file of your own")
    parser.add_argument("--labels", metavar="SCHEME", default="none",
                        help="dependency labels: none (dep/root, "
                             "default), category (the dependent's category), function (with "
                             "function tags), triple (parent/head/dependent)")
    parser.add_argument("--format", metavar="F", default="conllx",
                        help=f"{' or '.join(FORMATS)} (default conllx); CoNLL-U gets # sent_id "
                             "and # text comments, the Penn tag in XPOS and no UPOS")
    parser.add_argument("-p", dest="prm", metavar="PRM", type=input_file,
                        help="delete what EVALB's DELETE_LABEL lines of PRM delete (punctuation "
                             "tags with their words, wrapper phrases) before converting")
    parser.add_argument("-o", dest="output", metavar="OUT",
                        help="write to OUT instead of standard output")
    add_strict(parser, "a phrase category with no head rule (the table's * rule used)",
               "a line of the -p file EVALB ignores")


def convert_settings(args: argparse.Namespace) -> ConvertSettings:
    """The settings of a parsed command line: one input."""
    settings = ConvertSettings(args.files[0] if args.files else "", args.heads, args.labels,
                               args.format, args.prm, args.output)
    if len(args.files) != 1:
        raise UsageError(f"expected one input file, got {len(args.files)}")
    return settings


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval convert``: the exit status."""
    from ..conversion.files import convert_file

    convert_file(convert_settings(args), out, args.notices)
    return 0


def run_convert(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval convert ARGV...`` in process: the exit status."""
    return run_command("convert", argv, out, err)
