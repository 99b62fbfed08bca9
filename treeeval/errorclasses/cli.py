"""``treeeval errors``: the parse error classes of Kummerfeld et al. (2012).

>>> from treeeval.arguments import parse_command
>>> args = parse_command("errors", ["gold.mrg", "a.mrg", "b.mrg", "--json", "-p", "COLLINS.prm"])
>>> options = errors_options(args)
>>> options.gold, options.tests, options.json, [p.name for p in options.prms]
('gold.mrg', ['a.mrg', 'b.mrg'], True, ['COLLINS.prm'])
"""

from __future__ import annotations

import argparse
import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..arguments import add_signature, add_strict, examples
from ..errors import UsageError
from ..policy.inputs import input_file
from ..policy import signature

if TYPE_CHECKING:
    from ..bracket.params import EvalbParams

DESCRIPTION = """\
Classify the bracket errors of each TEST file against GOLD as Kummerfeld, Hall, Curran and
Klein's classifier does ("Parser Showdown at the Wall Street Corral", EMNLP 2012): the test
tree is repaired into the gold tree by the classifier's greedy search and each repair is
named (PP Attachment, Co-ordination, Unary, ...).  Trees are paired one per line, as the
classifier pairs them; both files need the same root label."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files, ``-p``, ``--json`` and ``--per-sentence``."""
    parser.usage = ("%(prog)s GOLD TEST [TEST ...] [-p PRM]... [--json]"
                    " [--per-sentence FILE.jsonl] [--signature]")
    parser.description = DESCRIPTION
    parser.epilog = examples("treeeval errors gold.mrg berkeley.mrg",
                             "treeeval errors gold.mrg parser1.mrg parser2.mrg --json",
                             "treeeval errors gold.mrg berkeley.mrg --per-sentence repairs.jsonl")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD TEST",
                        help="the gold file, then "
                        "one or more test files")
    parser.add_argument("-p", dest="prms", action="append", default=[], type=input_file,
                        metavar="PRM",
                        help="EVALB parameter file: its DELETE_LABEL lines replace the "
                             "classifier's own deletion of -NONE- and punctuation (bundled "
                             "files found by name)")
    parser.add_argument("--json", action="store_true",
                        help="write the classes as JSON (schema treeeval/1) instead of the "
                             "report")
    parser.add_argument("--per-sentence", metavar="FILE.jsonl",
                        help="write each sentence's repairs to FILE.jsonl (JSON Lines, one "
                             "line per system and sentence)")
    add_signature(parser)
    add_strict(parser)


@dataclass
class ErrorsOptions:
    """The parsed command line of ``treeeval errors``."""

    gold: str
    tests: list[str]
    prms: list[Path] = field(default_factory=list)
    json: bool = False
    per_sentence: str | None = None
    signature: bool = False


def errors_options(args: argparse.Namespace) -> ErrorsOptions:
    """The options of a parsed command line: a gold file and at least one test file."""
    from ..formats.prm import find_prm

    if len(args.files) < 2:
        raise UsageError("expected GOLD and at least one TEST file, "
                         f"got {len(args.files)} file argument(s)")
    return ErrorsOptions(args.files[0], args.files[1:], [find_prm(p) for p in args.prms],
                         args.json, args.per_sentence, args.signature)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval errors``: returns the exit status."""
    from ..bracket.params import load_params
    from ..formats.prm import find_prm
    from ..policy.outputs import output_file
    from .api import classify_errors
    from .report import errors_json, render, write_sentences

    options = errors_options(args)
    params = None
    if options.prms:
        params, messages = load_params(options.prms)
        for message in messages:
            err.write(message.encode("latin-1") + b"\n")
    with contextlib.ExitStack() as stack:
        sink = None
        if options.per_sentence:
            inputs = [options.gold, *options.tests, *(find_prm(prm) for prm in options.prms)]
            sink = stack.enter_context(output_file(options.per_sentence, inputs))
        result = classify_errors(options.gold, options.tests, params=params)
        if sink is not None:
            write_sentences(result, sink)
    if options.json:
        described = None if params is None else {
            "delete_label": [label.decode("latin-1") for label in params.delete_label]}
        document = errors_json(result, described, errors_signature(options, params))
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    else:
        out.write(render(result).encode("utf-8"))
        if options.signature:
            out.write(signature.line(errors_signature(options, params)))
    return 0


def errors_signature(options: ErrorsOptions, params: EvalbParams | None) -> str:
    """The run's signature: the ``-p`` files and the hash of the deletions they make (their
    DELETE_LABEL and EQ_LABEL lines; ``del:builtin``: the classifier's own deletion of
    -NONE- and punctuation).

    >>> from treeeval.arguments import parse_command
    >>> errors_signature(errors_options(parse_command("errors", ["g", "t"])), None)
    'cmd:errors|prm:none|del:builtin|version:0.1.0'
    """
    settings = None if params is None else params.to_dict()
    deleted = "builtin" if settings is None else signature.digest(
        {key: settings[key] for key in ("delete_label", "eq_label")})
    return signature.build("errors", [("prm", options.prms or "none"), ("del", deleted)])
