"""``treeeval convert``: bracketed trees, or discontinuous ones (``--inputfmt``), to CoNLL-X
or CoNLL-U dependencies.

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
from ..conversion.settings import INPUT_FORMATS, ConvertSettings
from ..errors import UsageError
from ..formats.conll import FORMATS
from ..formats.headrules import DEFAULT_HEADS
from ..policy.inputs import input_file

DESCRIPTION = """\
Convert bracketed constituency trees (one a line, or multi-line .mrg) to dependencies
with a head table, following Lin's makeDeps (see docs/convert.md); or discontinuous trees
(Negra export, discbracket, Tiger XML, Alpino XML: --inputfmt) with discodop's head rules
(--headrules) or a head table, as discodop converts them."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The input, the head table, the labels, the format, ``-p`` and ``-o``."""
    parser.usage = ("%(prog)s [--inputfmt F [--inputenc E]] [--heads NAME|FILE | "
                    "--headrules FILE]\n"
                    "                        [--labels SCHEME] [--format conllx|conllu] "
                    "[-p PRM] [--strict] IN [-o OUT]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval convert --heads collins wsj_0001.mrg -o wsj_0001.conllx",
        "treeeval convert -p COLLINS.prm wsj_0001.mrg -o wsj_0001.conllx",
        "treeeval convert --inputfmt export --headrules negra.headrules --labels function "
        "--format conllu negra.export")
    parser.add_argument("files", nargs="*", type=input_file, metavar="IN",
                        help="bracketed trees (- for standard input), or discontinuous "
                             "ones in the --inputfmt format")
    parser.add_argument("--inputfmt", metavar="F", default="bracket",
                        help=f"the format of IN: {', '.join(INPUT_FORMATS)} (discodop's "
                             "names; default bracket: treeeval's reader of bracketed trees; "
                             "the others are discontinuous trees read as discodop reads them)")
    parser.add_argument("--inputenc", metavar="E", default="utf-8",
                        help="the encoding of discontinuous input (default utf-8; XML files "
                             "name their own)")
    parser.add_argument("--heads", metavar="NAME|FILE", type=input_file,
                        help=f"head table: {DEFAULT_HEADS} (default for bracketed trees), "
                             "modcollins, penn2malt, magerman, "
                             "semantic, semantic-copula (the copula as head), or a .heads "
                             "file of your own")
    parser.add_argument("--headrules", metavar="FILE", type=input_file,
                        help="discodop's head-rule file, for discontinuous input (an HD edge "
                             "label marks a head first)")
    parser.add_argument("--labels", metavar="SCHEME", default="none",
                        help="dependency labels: none (dep/root, "
                             "default), category (the dependent's category), function (with "
                             "function tags; for discontinuous input the edge label), triple "
                             "(parent/head/dependent)")
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
                               args.format, args.prm, args.output, args.inputfmt,
                               args.inputenc, args.headrules)
    if len(args.files) != 1:
        raise UsageError(f"expected one input file, got {len(args.files)}")
    return settings


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval convert``: the exit status."""
    from ..conversion.files import convert_file
    from ..disco.dependency_conversion import convert_discontinuous

    settings = convert_settings(args)
    convert = convert_discontinuous if settings.discontinuous else convert_file
    convert(settings, out, args.notices)
    return 0


def run_convert(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval convert ARGV...`` in process: the exit status."""
    return run_command("convert", argv, out, err)
