"""The ``treeeval`` command: one argparse tree (``treeeval.arguments``) and its dispatcher.

Each command's options and work are in its own module (``treeeval.arguments.COMMANDS``);
this module turns a command line into an exit status and every error into one line,
``treeeval: error: ...`` (exit status 2 for usage, 1 for bad input).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from . import collector
from .arguments import build_parser, parse, run_parsed
from .errors import InputError, TreeevalError


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``treeeval`` console script (it tunes the process's garbage
    collector for a command: ``treeeval.collector.for_a_command``)."""
    collector.for_a_command()
    args = list(sys.argv[1:] if argv is None else argv)
    out, err = sys.stdout.buffer, sys.stderr.buffer
    try:
        if not args:
            sys.stdout.write(build_parser([]).format_help())
            return 2
        parsed = parse(args)
        if parsed is None:
            return 0
        name, namespace = parsed
        return run_parsed(name, namespace, out, err)
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
