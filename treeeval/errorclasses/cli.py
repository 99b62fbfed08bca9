"""``treeeval errors``: the parse error classes of Kummerfeld et al. (2012).

>>> options = parse_errors_args(["gold.mrg", "a.mrg", "b.mrg", "--json", "-p", "COLLINS.prm"])
>>> options.gold, options.tests, options.json, [p.name for p in options.prms]
('gold.mrg', ['a.mrg', 'b.mrg'], True, ['COLLINS.prm'])
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Sequence

from ..errors import UsageError

ERRORS_USAGE = """\
usage: treeeval errors GOLD TEST [TEST ...] [-p PRM]... [--json] [--per-sentence FILE.jsonl]

Classify the bracket errors of each TEST file against GOLD as Kummerfeld, Hall, Curran and
Klein's classifier does ("Parser Showdown at the Wall Street Corral", EMNLP 2012): the test
tree is repaired into the gold tree by the classifier's greedy search and each repair is
named (PP Attachment, Co-ordination, Unary, ...).  Trees are paired one per line, as the
classifier pairs them; both files need the same root label.

  -p PRM           EVALB parameter file: its DELETE_LABEL lines replace the classifier's
                   own deletion of -NONE- and punctuation (bundled files found by name)
  --json           write the classes as JSON (schema treeeval/1) instead of the report
  --per-sentence F write each sentence's repairs to F (JSON Lines, one line per system
                   and sentence)
  -h, --help       show this help
"""


@dataclass
class ErrorsOptions:
    """The parsed command line of ``treeeval errors``."""

    gold: str
    tests: list[str]
    prms: list[Path] = field(default_factory=list)
    json: bool = False
    per_sentence: str | None = None


def parse_errors_args(args: Sequence[str]) -> ErrorsOptions | None:
    """Parse the arguments of ``treeeval errors``; None means help was asked for."""
    from ..formats.prm import find_prm

    files: list[str] = []
    prms: list[Path] = []
    json_out, per_sentence = False, None
    queue = list(args)
    while queue:
        arg = queue.pop(0)
        if arg in ("-h", "--help"):
            return None
        if arg == "--json":
            json_out = True
        elif arg == "--per-sentence" or arg.startswith("--per-sentence="):
            per_sentence = _value(arg, queue)
        elif arg == "-p" or (arg.startswith("-p") and not arg.startswith("--")):
            prms.append(find_prm(arg[2:] or _value(arg, queue)))
        elif arg.startswith("-") and len(arg) > 1:
            raise UsageError(f"unknown option {arg} (see treeeval errors -h)")
        else:
            files.append(arg)
    if len(files) < 2:
        raise UsageError("expected GOLD and at least one TEST file, "
                         f"got {len(files)} file argument(s)")
    return ErrorsOptions(files[0], files[1:], prms, json_out, per_sentence)


def _value(arg: str, queue: list[str]) -> str:
    if "=" in arg and arg.startswith("--"):
        return arg.split("=", 1)[1]
    if not queue:
        raise UsageError(f"option {arg} needs a value")
    return queue.pop(0)


def run_errors(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval errors``: returns the exit status."""
    from ..bracket.params import load_params
    from ..formats.prm import find_prm
    from ..policy.outputs import output_file
    from .api import classify_errors
    from .report import errors_json, render, write_sentences

    options = parse_errors_args(args)
    if options is None:
        out.write(ERRORS_USAGE.encode())
        return 0
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
        out.write(json.dumps(errors_json(result, described), indent=2).encode() + b"\n")
    else:
        out.write(render(result).encode("utf-8"))
    return 0
