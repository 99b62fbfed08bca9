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
from pathlib import Path
from typing import BinaryIO, Sequence

from ..arguments import run_command
from ..policy import signature
from ..policy.outputs import output_file
from ..stats import METHODS
from .engine import Evaluation, evaluate, stat_method, whole_option
from .malteval_render import Sections, render_malteval
from .options import DepOptions, dep_options
from .options import add_arguments, parse_dep_args  # noqa: F401 (the command's options; doctests)
from .registry import BUILTIN, Groupings
from .sources import expand_files, run_inputs, sniff_format


def render_dep(options: DepOptions, groupings: Groupings = BUILTIN) -> Sections:
    """The run's whole output as sections (:mod:`.malteval_render`): the engine's
    :class:`~.engine.Evaluation` of ``options``, formatted as ``--report`` or ``--json`` ask,
    else as MaltEval's tables."""
    return render_evaluation(evaluate(options, groupings))


def render_evaluation(evaluation: Evaluation) -> Sections:
    """An :class:`~.engine.Evaluation` as sections, formatted as its options ask."""
    options = evaluation.settings
    if "report" in options.own:
        from .evalpl_report import render_evalpl  # only for --report

        return render_evalpl(evaluation)
    if "json" in options.own:
        return render_json(evaluation, dep_signature(options))
    return render_malteval(evaluation)


def render_json(evaluation: Evaluation, run_signature: str) -> Sections:
    """``--json``: the comparison of every parsed file with the gold file, as JSON."""
    assert evaluation.comparison is not None  # the engine makes one for --json
    document = evaluation.comparison.to_json(run_signature)
    return [("", json.dumps(document, indent=2) + "\n")]


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep``: returns the exit status (options: ``dep.options.add_arguments``)."""
    options = dep_options(args)
    with options.blaming_file():
        evaluation = evaluate(options, BUILTIN.with_plugins(options.plugins))
        sections = render_evaluation(evaluation)
    for path in evaluation.empty:
        args.notices.add("holds no sentence: nothing was scored", path=path)
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
    if "signature" in options.own and "json" not in options.own:
        out.write(signature.line(dep_signature(options)))
    return 0


#: the signature's key of each MaltEval evaluation parameter, in the signature's order
SIGNATURE_KEYS = {"Metric": "metric", "GroupBy": "group", "MinSentenceLength": "minlen",
                  "MaxSentenceLength": "maxlen", "ExcludeWordforms": "xform",
                  "ExcludeLemmas": "xlemma", "ExcludeCpostags": "xcpos",
                  "ExcludePostags": "xpos", "ExcludeFeats": "xfeats",
                  "ExcludeDeprels": "xdeprel", "ExcludePdeprels": "xpdeprel",
                  "ExcludeUnicodePunc": "xupunc"}


def dep_signature(options: DepOptions) -> str:
    """The run's signature (docs/dep.md): eval.pl's ``--report``, or MaltEval's evaluation
    parameters (Metric and GroupBy always; the others when given, on the command line or
    in the ``-e`` file, whose hash is named too), the head table when bracketed input is
    converted, the ``-p`` file, ``--charset``, plug-ins, ``--micro-average 1`` and
    treeeval's test with its resamples and seed.  Formatting (``--details``, ``--pattern``,
    ``--output``...) changes no number.

    >>> import pathlib, tempfile
    >>> gold = pathlib.Path(tempfile.mkdtemp()) / "gold.conll"
    >>> _ = gold.write_text("1\\tRain\\t_\\tN\\tN\\t_\\t0\\troot\\t_\\t_\\n\\n")
    >>> dep_signature(parse_dep_args([str(gold), str(gold), "--Metric", "LAS;UAS",
    ...                               "--ExcludeDeprels", "punct|dep", "--details", "1"]))
    'cmd:dep|metric:LAS;UAS|group:Token|xdeprel:punct%7Cdep|version:0.1.0'
    """
    from ..formats.headrules import find_heads
    from ..formats.prm import find_prm

    own = options.own
    if "report" in own:
        return signature.build("dep", [("report", own["report"])])
    json_only = "json" in own
    shown = {**options.parameters, "Metric": options.metrics, "GroupBy": options.groupby}
    if json_only:  # its scores are always LAS, UAS and LA, by token
        del shown["Metric"], shown["GroupBy"]
    items: list[tuple[str, signature.Value]] = [
        (key, shown.get(name)) for name, key in SIGNATURE_KEYS.items()]
    files = expand_files([*options.gold, *options.parsed])
    converted = any(sniff_format(path) == "brackets" for path in files)
    stat = (stat_method(options) if json_only or options.formatting.get("stat") in METHODS
            else None)
    resampled = stat in ("bootstrap", "ar")
    items += [("eval", Path(options.source) if options.source else None),
              ("heads", find_heads(own.get("heads", "collins")) if converted else None),
              ("prm", find_prm(own["p"]) if "p" in own else None),
              ("charset", own.get("charset")), ("plugin", options.plugins or None),
              ("micro", True if options.switch("micro-average", False) else None),
              ("stat", stat),
              ("resamples", whole_option(options, "resamples", 10_000) if resampled else None),
              ("seed", whole_option(options, "seed", 1) if resampled else None)]
    return signature.build("dep", items)


def run_dep(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep ARGV...`` in process: the exit status."""
    return run_command("dep", argv, out, err)


def _write(path: str, text: str, options: DepOptions) -> None:
    """Write one output file (never an input of the run: treeeval.policy.outputs)."""
    with output_file(path, run_inputs(options)) as stream:
        stream.write(text)
