"""``treeeval dep``: MaltEval's command line (``-g GOLD -s PARSED [--flag value]...``).

The arguments become :class:`~.options.DepOptions`; ``--plugin`` builds the run's GroupBy
registry (:class:`~.registry.Groupings`); the engine (:func:`~.engine.evaluate`) returns the
evaluation as data, and a renderer formats it: MaltEval's header blocks and tables, the
confusion blocks, McNemar's block or treeeval's comparison (:mod:`.malteval_render`),
eval.pl's report for ``--report evalpl`` (:mod:`.evalpl_report`), or the comparison as JSON
for ``--json``.  ``--output`` sends it all to a file, or one file per parsed file (and
``stat.txt``) to a directory.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import BinaryIO, Sequence

from ..arguments import run_command
from ..policy.outputs import output_file
from .engine import Evaluation, evaluate
from .malteval_render import Sections, render_malteval
from .options import DepOptions, dep_options
from .options import add_arguments, parse_dep_args  # noqa: F401 (the command's options; doctests)
from .registry import BUILTIN, Groupings
from .sources import run_inputs


def render_dep(options: DepOptions, groupings: Groupings = BUILTIN) -> Sections:
    """The run's whole output as sections (:mod:`.malteval_render`): the engine's
    :class:`~.engine.Evaluation` of ``options``, formatted as ``--report`` or ``--json`` ask,
    else as MaltEval's tables."""
    evaluation = evaluate(options, groupings)
    if "report" in options.own:
        from .evalpl_report import render_evalpl  # only for --report

        return render_evalpl(evaluation)
    if "json" in options.own:
        return render_json(evaluation)
    return render_malteval(evaluation)


def render_json(evaluation: Evaluation) -> Sections:
    """``--json``: the comparison of every parsed file with the gold file, as JSON."""
    assert evaluation.comparison is not None  # the engine makes one for --json
    return [("", json.dumps(evaluation.comparison.to_json(), indent=2) + "\n")]


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep``: returns the exit status (options: ``dep.options.add_arguments``)."""
    options = dep_options(args)
    sections = render_dep(options, BUILTIN.with_plugins(options.plugins))
    target = options.formatting.get("output", "STDOUT")
    if target == "STDOUT":
        out.write("".join(text for _, text in sections).encode("utf-8"))
    elif os.path.isdir(target):
        files: dict[str, list[str]] = {}
        for path, text in sections:
            name = os.path.basename(path) + ".txt" if path else "stat.txt"
            files.setdefault(name, []).append(text)
        for name, texts in files.items():
            _write(os.path.join(target, name), "".join(texts), options)
    else:
        _write(target, "".join(text for _, text in sections), options)
    return 0


def run_dep(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep ARGV...`` in process: the exit status."""
    return run_command("dep", argv, out, err)


def _write(path: str, text: str, options: DepOptions) -> None:
    """Write one output file (never an input of the run: treeeval.policy.outputs)."""
    with output_file(path, run_inputs(options)) as stream:
        stream.write(text)
