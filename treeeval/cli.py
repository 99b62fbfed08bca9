"""The ``treeeval`` command.  Argument parsing only: the work is done by the Python API.

``treeeval bracket`` reads EVALB's options strictly left to right, as EVALB does, so a
parameter file given with ``-p`` overrides the ``-e``/``-c``/``-d`` options before it and
is overridden by those after it.  Long options add what EVALB lacks without changing its
output.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from typing import BinaryIO, Sequence

from .errors import InputError, TreeevalError, UsageError

BRACKET_USAGE = """\
usage: treeeval bracket [-d|-D] [-c N] [-e N] [-p PRM]... GOLD TEST
                        [--json] [--per-sentence FILE.jsonl] [--jobs N] [--reference-engine]

Score bracketed constituency trees in TEST against GOLD exactly as EVALB does.
Options are applied left to right, as EVALB applies them: a -p file overrides the
options before it, and the options after it override the file.

  -p PRM           EVALB parameter file; a bundled one (COLLINS.prm, new.prm, nk.prm,
                   spmrl.prm) is found by name when no such file exists here
  -e N             errors tolerated before the run is killed (MAX_ERROR)
  -c N             length cut-off of the second summary block (CUTOFF_LEN)
  -d, -D           per-sentence tables (-D: with EVALB's tracing too)
  --json           write the totals as JSON (schema treeeval/1) instead of the report
  --per-sentence F write one JSON object per sentence to F (JSON Lines)
  --jobs N         score in N processes (default: 2 when the input is large)
  --reference-engine
                   score every sentence with the exact per-sentence engine (slow)
  -h, --help       show this help
"""

MAIN_USAGE = """\
usage: treeeval COMMAND [ARGS]

commands:
  bracket   score constituency trees as EVALB does (treeeval bracket -h)
  convert   convert constituency trees to CoNLL dependencies (treeeval convert -h)
  lin       Lin's (1995) dependency error count (treeeval lin -h)
  dep       score dependencies as MaltEval does (treeeval dep -h)
  wde       word dependency entropy of UD relations, WLAS weights (treeeval wde -h)
  ud        score CoNLL-U as the CoNLL 2018/2017 UD scorers do (treeeval ud -h)
  browse    browse parse errors sentence by sentence in the terminal (treeeval browse -h)
  errors    parse error classes of Kummerfeld et al. 2012 (treeeval errors -h)
"""

#: input larger than this (gold bytes) is scored in two processes by default
PARALLEL_THRESHOLD = 16 << 20


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
    prm_messages: list[str] = field(default_factory=list)
    #: the -p names, in order (inputs of the run: never overwritten)
    prms: list[str] = field(default_factory=list)


def parse_bracket_args(args: Sequence[str]) -> BracketOptions | None:
    """Parse EVALB-style arguments; None means help was printed."""
    from .bracket.params import EvalbParams, load_params

    params = EvalbParams()
    files: list[str] = []
    options: dict[str, object] = {}
    messages: list[str] = []
    prms: list[str] = []
    queue = list(args)
    while queue:
        arg = queue.pop(0)
        if arg in ("-h", "--help"):
            sys.stdout.write(BRACKET_USAGE)
            return None
        if arg == "--json":
            options["json"] = True
        elif arg == "--reference-engine":
            options["reference_engine"] = True
        elif arg.startswith("--per-sentence") or arg.startswith("--jobs"):
            name, value = _long_value(arg, queue)
            if name == "--jobs":
                options["jobs"] = _integer(value, name, minimum=1)
            else:
                options["per_sentence"] = value
        elif arg.startswith("--"):
            raise UsageError(f"unknown option {arg} (see treeeval bracket -h)")
        elif arg.startswith("-") and len(arg) > 1:
            letter, glued = arg[1], arg[2:]
            if letter in "dD":
                params.debug = 1 if letter == "d" else 2  # EVALB ignores the rest of the cluster
            elif letter in "cep":
                value = glued or (queue.pop(0) if queue else None)
                if value is None:
                    raise UsageError(f"option -{letter} needs a value")
                if letter == "p":
                    messages.extend(load_params([value], params)[1])
                    prms.append(value)
                elif letter == "c":
                    params.cutoff_len = _integer(value, "-c")
                else:
                    params.max_error = _integer(value, "-e")
            else:
                raise UsageError(f"unknown option -{letter} (see treeeval bracket -h)")
        else:
            files.append(arg)
    if len(files) != 2:
        raise UsageError(f"expected GOLD and TEST files, got {len(files)} file argument(s)")
    return BracketOptions(params, files[0], files[1], prm_messages=messages, prms=prms,
                          **options)  # type: ignore[arg-type]


def _long_value(arg: str, queue: list[str]) -> tuple[str, str]:
    if "=" in arg:
        name, value = arg.split("=", 1)
        return name, value
    if not queue:
        raise UsageError(f"option {arg} needs a value")
    return arg, queue.pop(0)


def _integer(value: str, option: str, minimum: int | None = None) -> int:
    try:
        number = int(value)
    except ValueError:
        raise UsageError(f"option {option} needs a whole number, got {value!r}") from None
    if minimum is not None and number < minimum:
        raise UsageError(f"option {option} needs a number of at least {minimum}, got {number}")
    return number


def run_bracket(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval bracket``: returns the exit status."""
    from .bracket.api import bracket_json, run_bracket_files

    options = parse_bracket_args(args)
    if options is None:
        return 0
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
    if options.json:
        document = bracket_json(result, options.gold, options.test, options.params)
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    return 1 if result.killed else 0


def _large(path: str) -> bool:
    try:
        return os.path.getsize(path) > PARALLEL_THRESHOLD
    except OSError:
        return False


def run_convert(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval convert`` (imported on use: nltk is not needed by ``treeeval bracket``)."""
    from .conversion.cli import run_convert as run

    return run(args, out, err)


def run_lin(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval lin``."""
    from .lin.cli import run_lin as run

    return run(args, out, err)


def run_dep(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep`` (MaltEval's metrics and tables)."""
    from .dep.cli import run_dep as run

    return run(args, out, err)


def run_ud(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval ud`` (the CoNLL 2018 and 2017 UD scorers)."""
    from .ud.cli import run_ud as run

    return run(args, out, err)


def run_wde(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval wde`` (Callin's word dependency entropy and WLAS weights)."""
    from .ud.wde import run_wde as run

    return run(args, out, err)


def run_browse(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval browse`` (the Textual error browser; Textual is imported only here)."""
    from .tui.cli import run_browse as run

    return run(args, out, err)


def run_errors(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval errors`` (Kummerfeld et al.'s parse error classes)."""
    from .errorclasses.cli import run_errors as run

    return run(args, out, err)


COMMANDS = {"bracket": run_bracket, "convert": run_convert, "lin": run_lin, "dep": run_dep,
            "wde": run_wde, "ud": run_ud, "browse": run_browse, "errors": run_errors}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``treeeval`` console script."""
    args = list(sys.argv[1:] if argv is None else argv)
    out, err = sys.stdout.buffer, sys.stderr.buffer
    try:
        if not args or args[0] in ("-h", "--help"):
            sys.stdout.write(MAIN_USAGE)
            return 0 if args else 2
        command = COMMANDS.get(args[0])
        if command is None:
            raise UsageError(f"unknown command {args[0]!r} (commands: {', '.join(COMMANDS)})")
        status = command(args[1:], out, err)
        out.flush()
        return status
    except TreeevalError as exc:
        out.flush()
        err.write(b"treeeval: error: " + str(exc).encode("utf-8", "replace") + b"\n")
        if isinstance(exc, InputError) and exc.context():
            err.write(exc.context().encode("utf-8", "replace") + b"\n")
        return exc.exit_status
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
