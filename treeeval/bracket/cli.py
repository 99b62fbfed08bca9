"""``treeeval bracket``: EVALB's command line, read left to right as EVALB reads it.

A parameter file given with ``-p`` takes effect where it stands: it overrides the
``-e``/``-c``/``-d`` options before it and is overridden by those after it.  Only the first
letter of a cluster counts (``-dD`` is ``-d``), as in EVALB.  Long options add what EVALB
lacks without changing its output.

>>> from treeeval.arguments import parse_command
>>> options = bracket_options(parse_command("bracket", ["-e", "3", "-p", "COLLINS.prm",
...                                                     "-c", "20", "-dD", "gold", "test"]))
>>> options.params.max_error, options.params.cutoff_len, options.params.debug, options.prms
(10, 20, 1, ['COLLINS.prm'])
"""

from __future__ import annotations

import argparse
import json
import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO, Sequence

from ..arguments import add_signature, add_strict, examples, run_command, whole_number
from ..errors import UsageError
from ..policy.inputs import input_file
from ..policy import signature

if TYPE_CHECKING:
    from .params import EvalbParams

DESCRIPTION = """\
Score bracketed constituency trees in TEST against GOLD exactly as EVALB does.
Options are applied left to right, as EVALB applies them: a -p file overrides the
options before it, and the options after it override the file."""

#: input larger than this (gold bytes) is scored in two processes by default
PARALLEL_THRESHOLD = 16 << 20


class InOrder(argparse.Action):
    """Records EVALB's options as (option, value) pairs in the order given (``args.evalb``),
    to be applied left to right once parsing is done."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        namespace.evalb = [*getattr(namespace, "evalb", []), (option_string, values)]


def evalb_clusters(argv: list[str]) -> list[str]:
    """EVALB reads only the first letter of ``-dD``, ``-Dx``...: the rest is dropped.

    >>> evalb_clusters(["-dD", "-D", "-Dd", "-c5", "gold"])
    ['-d', '-D', '-D', '-c5', 'gold']
    """
    return [arg[:2] if re.fullmatch(r"-[dD].+", arg) else arg for arg in argv]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """EVALB's options (recorded in order) and treeeval's long options."""
    parser.usage = ("%(prog)s [-d|-D] [-c N] [-e N] [-p PRM]... GOLD TEST [--json]\n"
                    "                        [--per-sentence FILE.jsonl] [--jobs N]"
                    " [--reference-engine] [--signature] [--strict]")
    parser.description = DESCRIPTION
    parser.epilog = examples("treeeval bracket -p COLLINS.prm gold.txt test.txt",
                             "treeeval bracket -p new.prm -c 40 -d gold.mrg test.tst",
                             "treeeval bracket -p COLLINS.prm gold.txt test.txt --json")
    parser.rewrite = evalb_clusters  # type: ignore[attr-defined]
    parser.set_defaults(evalb=[])
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD TEST",
                        help="the gold and test files")
    evalb = parser.add_argument_group("EVALB's options, applied left to right")
    evalb.add_argument("-p", action=InOrder, type=input_file, metavar="PRM",
                       help="EVALB parameter file; a bundled one (COLLINS.prm, new.prm, "
                            "nk.prm, spmrl.prm) is found by name when no such file exists here")
    evalb.add_argument("-e", action=InOrder, metavar="N",
                       help="errors tolerated before the run is killed (MAX_ERROR)")
    evalb.add_argument("-c", action=InOrder, metavar="N",
                       help="length cut-off of the second summary block (CUTOFF_LEN)")
    evalb.add_argument("-d", action=InOrder, nargs=0, help="per-sentence tables")
    evalb.add_argument("-D", action=InOrder, nargs=0,
                       help="per-sentence tables with EVALB's tracing too")
    own = parser.add_argument_group("treeeval's options")
    own.add_argument("--json", action="store_true",
                     help="write the totals as JSON (schema treeeval/1) instead of the report")
    own.add_argument("--per-sentence", metavar="FILE.jsonl",
                     help="write one JSON object per sentence to FILE.jsonl (JSON Lines)")
    own.add_argument("--jobs", metavar="N",
                     help="score in N processes (default: 2 when the input is large)")
    own.add_argument("--reference-engine", action="store_true",
                     help="score every sentence with the exact per-sentence engine (slow)")
    add_signature(own)
    add_strict(own)


@dataclass
class BracketOptions:
    """The parsed command line of ``treeeval bracket``."""

    params: object
    gold: str
    test: str
    json: bool = False
    per_sentence: str | None = None
    jobs: int | None = None
    reference_engine: bool = False
    signature: bool = False
    prm_messages: list[str] = field(default_factory=list)
    #: the -p names, in order (inputs of the run: never overwritten)
    prms: list[str] = field(default_factory=list)


def bracket_options(args: argparse.Namespace) -> BracketOptions:
    """Apply EVALB's options left to right; check the files and the numbers."""
    params, messages, prms = evalb_params(args.evalb)
    if len(args.files) != 2:
        raise UsageError(f"expected GOLD and TEST files, got {len(args.files)} file argument(s)")
    jobs = None if args.jobs is None else whole_number(args.jobs, "--jobs", minimum=1)
    return BracketOptions(params, args.files[0], args.files[1], json=args.json,
                          per_sentence=args.per_sentence, jobs=jobs,
                          reference_engine=args.reference_engine, signature=args.signature,
                          prm_messages=messages, prms=prms)


def evalb_params(given: list[tuple[str, object]]) -> tuple[EvalbParams, list[str], list[str]]:
    """EVALB's options applied left to right: the parameters, the messages of the ``-p``
    files (EVALB prints them on stderr) and the ``-p`` names in order.

    >>> params, messages, prms = evalb_params([("-c", "10"), ("-p", "COLLINS.prm"), ("-D", [])])
    >>> params.cutoff_len, params.debug, prms
    (40, 2, ['COLLINS.prm'])
    """
    from .params import EvalbParams, c_int, load_params

    params = EvalbParams()
    messages: list[str] = []
    prms: list[str] = []
    for option, value in given:
        if option == "-p":
            messages.extend(load_params([str(value)], params)[1])
            prms.append(str(value))
        elif option in ("-c", "-e"):
            number = c_int(whole_number(str(value), option))
            if option == "-c":
                params.cutoff_len = number
            else:
                params.max_error = number
        else:
            params.debug = 1 if option == "-d" else 2
    return params, messages, prms


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval bracket``: returns the exit status."""
    from .api import bracket_json, run_bracket_files
    from .partial import run_notices

    options = bracket_options(args)
    for message in options.prm_messages:
        err.write(message.encode("latin-1") + b"\n")
    jobs = options.jobs
    if jobs is None:
        jobs = 2 if _large(options.gold) and (os.cpu_count() or 1) > 1 else 1
    report = open(os.devnull, "wb") if options.json else out
    try:
        result = run_bracket_files(
            options.gold, options.test, options.params, report, err, jobs=jobs,
            use_fast=not options.reference_engine, per_sentence=options.per_sentence,
            prms=options.prms,
        )
    finally:
        if report is not out:
            report.close()
    notices = run_notices(result, options.gold, options.test, options.params)
    for notice in notices:
        args.notices.add(notice.message, path=notice.path, line=notice.line,
                         strict_only=notice.strict_only)
    if options.json:
        document = bracket_json(result, options.gold, options.test, options.params,
                                bracket_signature(options), notices)
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    elif options.signature:
        out.write(signature.line(bracket_signature(options)))
    return 1 if result.killed else 0


def bracket_signature(options: BracketOptions) -> str:
    """The run's signature: the ``-p`` files, the settings EVALB counts with and the hash
    of the whole effective parameter set (``-d``, ``--jobs`` and the engine change no
    number).

    >>> from treeeval.arguments import parse_command
    >>> bracket_signature(bracket_options(parse_command("bracket", ["-c", "20", "g", "t"])))
    'cmd:bracket|prm:none|lab:1|cut:20|maxerr:10|params:2a70abb8|version:0.1.0'
    """
    from ..formats.prm import find_prm

    params: EvalbParams = options.params  # type: ignore[assignment]
    return signature.build("bracket", [
        ("prm", [find_prm(name) for name in options.prms] or "none"),
        ("lab", params.labeled), ("cut", params.cutoff_len), ("maxerr", params.max_error),
        ("params", signature.digest(params.to_dict()))])


def run_bracket(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval bracket ARGV...`` in process: the exit status."""
    return run_command("bracket", argv, out, err)


def _large(path: str) -> bool:
    try:
        return os.path.getsize(path) > PARALLEL_THRESHOLD
    except OSError:
        return False
