"""``treeeval convert``: bracketed trees to CoNLL-X or CoNLL-U dependencies.

>>> import io
>>> run_convert(["--labels", "nope", "x.mrg"], io.BytesIO(), io.BytesIO())
Traceback (most recent call last):
...
treeeval.errors.UsageError: unknown label scheme 'nope' (schemes: none, category, function, triple)
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Sequence
from typing import BinaryIO

from ..arguments import examples, run_command
from ..errors import InputError, UsageError
from ..policy.inputs import input_file, shown

DESCRIPTION = """\
Convert bracketed constituency trees (one a line, or multi-line .mrg) to dependencies
with a head table, following Lin's makeDeps (see docs/convert.md)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The input, the head table, the labels, the format, ``-p`` and ``-o``."""
    from ..formats.conll import FORMATS

    parser.usage = ("%(prog)s [--heads NAME|FILE] [--labels SCHEME] [--format conllx|conllu]\n"
                    "                        [-p PRM] IN [-o OUT]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval convert --heads collins wsj_0001.mrg -o wsj_0001.conllx",
        "treeeval convert --heads penn2malt --labels function --format conllu wsj_0001.mrg",
        "treeeval convert -p COLLINS.prm wsj_0001.mrg -o wsj_0001.conllx")
    parser.add_argument("files", nargs="*", type=input_file, metavar="IN",
                        help="bracketed trees (- for standard input)")
    parser.add_argument("--heads", metavar="NAME|FILE", default="collins", type=input_file,
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


def convert_options(args: argparse.Namespace) -> argparse.Namespace:
    """Check the scheme, the format and that there is one input; ``args.input`` is set."""
    from ..formats.conll import FORMATS
    from . import SCHEMES

    if args.labels not in SCHEMES:
        raise UsageError(f"unknown label scheme {args.labels!r} (schemes: {', '.join(SCHEMES)})")
    if args.format not in FORMATS:
        raise UsageError(f"unknown format {args.format!r} (formats: {', '.join(FORMATS)})")
    if len(args.files) != 1:
        raise UsageError(f"expected one input file, got {len(args.files)}")
    args.input = args.files[0]
    return args


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """Run ``treeeval convert``; errors are raised as TreeevalError for cli.main to print."""
    options = convert_options(args)
    from ..bracket.params import load_params
    from ..formats.brackets import read_trees, tree_start_line
    from ..formats.conll import write_conll
    from ..formats.headrules import find_heads
    from ..formats.prm import find_prm
    from ..policy.outputs import output_file
    from . import ConversionError, Converter
    from .conllu import as_conllu
    from .deletion import delete_labels

    converter = Converter(options.heads, options.labels)
    trees = read_trees(options.input)
    if options.prm:
        params, messages = load_params([options.prm])
        for message in messages:
            err.write(f"treeeval: warning: {shown(options.prm)}: {message}\n".encode())
        trees = (delete_labels(tree, params) for tree in trees)
    sentences = converter.sentences(trees)
    if options.format == "conllu":
        sentences = as_conllu(sentences)
    output = options.output
    with contextlib.ExitStack() as stack:
        target = out
        if output:
            inputs = [options.input, find_heads(options.heads),
                      find_prm(options.prm) if options.prm else None]
            target = stack.enter_context(output_file(output, inputs, binary=True))
        try:
            write_conll(sentences, target, options.format)
        except ConversionError as exc:
            line = tree_start_line(options.input, exc.sentence)
            raise InputError(str(exc), path=options.input, line=line or None) from None
    for category, count in sorted(converter.unknown.items()):
        err.write(f"treeeval: warning: no head rule for {category} ({count} times); "
                  "used the table's * rule\n".encode())
    return 0


def run_convert(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval convert ARGV...`` in process: the exit status."""
    return run_command("convert", argv, out, err)
