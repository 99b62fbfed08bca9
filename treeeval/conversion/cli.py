"""``treeeval convert``: bracketed trees to CoNLL-X or CoNLL-U dependencies.

>>> import io
>>> run_convert(["--labels", "nope", "x.mrg"], io.BytesIO(), io.BytesIO())
Traceback (most recent call last):
...
treeeval.errors.UsageError: unknown label scheme 'nope' (schemes: none, category, function, triple)
"""

from __future__ import annotations

import contextlib
import sys
from typing import BinaryIO, Sequence

from ..errors import InputError, UsageError

CONVERT_USAGE = """\
usage: treeeval convert [--heads NAME|FILE] [--labels SCHEME] [--format conllx|conllu]
                        [-p PRM] IN [-o OUT]

Convert bracketed constituency trees (one a line, or multi-line .mrg) to dependencies
with a head table, following Lin's makeDeps (see docs/convert.md).

  --heads NAME|FILE  head table: collins (default), modcollins, penn2malt, magerman,
                     semantic, semantic-copula (the copula as head), or a .heads
                     file of your own
  --labels SCHEME    dependency labels: none (dep/root, default), category (the
                     dependent's category), function (with function tags), triple
                     (parent/head/dependent)
  --format F         conllx (default) or conllu
  -p PRM             delete what EVALB's DELETE_LABEL lines of PRM delete (punctuation
                     tags with their words, wrapper phrases) before converting
  -o OUT             write to OUT instead of standard output
  -h, --help         show this help
"""

_VALUED = {"--heads": "heads", "--labels": "labels", "--format": "format", "-o": "output",
           "-p": "prm"}


def parse_convert_args(args: Sequence[str]) -> dict[str, str] | None:
    """The options of ``treeeval convert`` by name; None when help was asked for."""
    from . import SCHEMES
    from ..formats.conll import FORMATS

    options = {"heads": "collins", "labels": "none", "format": "conllx"}
    files: list[str] = []
    queue = list(args)
    while queue:
        arg = queue.pop(0)
        if arg in ("-h", "--help"):
            return None
        name, _, glued = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in _VALUED:
            value = glued or (queue.pop(0) if queue else "")
            if not value:
                raise UsageError(f"option {name} needs a value")
            options[_VALUED[name]] = value
        elif arg.startswith("-") and arg != "-":
            raise UsageError(f"unknown option {arg} (see treeeval convert -h)")
        else:
            files.append(arg)
    if options["labels"] not in SCHEMES:
        raise UsageError(f"unknown label scheme {options['labels']!r} "
                         f"(schemes: {', '.join(SCHEMES)})")
    if options["format"] not in FORMATS:
        raise UsageError(f"unknown format {options['format']!r} (formats: {', '.join(FORMATS)})")
    if len(files) != 1:
        raise UsageError(f"expected one input file, got {len(files)}")
    options["input"] = files[0]
    return options


def run_convert(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """Run ``treeeval convert``; errors are raised as TreeevalError for cli.main to print."""
    options = parse_convert_args(args)
    if options is None:
        sys.stdout.write(CONVERT_USAGE)
        return 0
    from . import ConversionError, Converter
    from .deletion import delete_labels
    from ..bracket.params import load_params
    from ..formats.brackets import read_trees, tree_start_line
    from ..formats.conll import write_conll
    from ..formats.headrules import find_heads
    from ..formats.prm import find_prm
    from ..policy.outputs import output_file

    converter = Converter(options["heads"], options["labels"])
    source = sys.stdin.buffer if options["input"] == "-" else options["input"]
    trees = read_trees(source)
    if "prm" in options:
        params, messages = load_params([options["prm"]])
        for message in messages:
            err.write(f"treeeval: warning: {options['prm']}: {message}\n".encode())
        trees = (delete_labels(tree, params) for tree in trees)
    sentences = converter.sentences(trees)
    output = options.get("output")
    with contextlib.ExitStack() as stack:
        target = out
        if output:
            inputs = [options["input"], find_heads(options["heads"]),
                      find_prm(options["prm"]) if "prm" in options else None]
            target = stack.enter_context(output_file(output, inputs, binary=True))
        try:
            write_conll(sentences, target, options["format"])
        except ConversionError as exc:
            path = options["input"]
            line = tree_start_line(path, exc.sentence) if path != "-" else 0
            raise InputError(str(exc), path=path, line=line or None) from None
    for category, count in sorted(converter.unknown.items()):
        err.write(f"treeeval: warning: no head rule for {category} ({count} times); "
                  "used the table's * rule\n".encode())
    return 0
