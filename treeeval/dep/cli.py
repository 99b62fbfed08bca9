"""``treeeval dep``: MaltEval's command line and output (``-g GOLD -s PARSED [--flag value]...``).

The run reads the gold file and each parsed file, checks they hold the same text, and
prints for each parsed file MaltEval's header block and tables (:mod:`.tables`), then the
confusion blocks (``--confusion-matrix 1``, :mod:`.confusion`) and the McNemar block
(``--stat 1``).  ``--output`` sends it all to a file, or one file per parsed file (and
``stat.txt``) to a directory.
"""

from __future__ import annotations

import os
from typing import BinaryIO, Sequence

import numpy as np

from ..errors import InputError, UsageError
from ..model.treebank import Treebank
from .confusion import render_confusion
from .groupings import TWO_SIDED
from .malteval_report import RULE, format_number, render_header, render_table
from .metrics import mcnemar_z, token_hits
from .options import DEP_USAGE, DepOptions, metric_order, parse_dep_args
from .punctuation import punctuation_forms
from .reading import check_same_text, read_treebank
from .tables import build_table, format_table

#: McNemar's z from which a difference is significant at p < 0.01 and p < 0.05
SIGNIFICANCE = (("p<0.01?", 2.58), ("p<0.05?", 1.96))
#: the output of a run: (parsed file the text belongs to, or "" for the McNemar block, text)
Sections = list[tuple[str, str]]


def render_dep(options: DepOptions) -> Sections:
    """Evaluate and return MaltEval's whole output for ``options``, as sections: the tables
    of each parsed file in turn (each after its own header block), the confusion blocks of
    ``--confusion-matrix 1`` and the McNemar block of ``--stat 1``.

    One GroupBy value gives one table per parsed file, with a column per metric and
    attribute (``accuracy / Metric:LAS``); several (or ``--merge-tables 0``) give one table
    per GroupBy value and metric, with plain attribute headers.
    """
    gold = read_treebank(options.gold)
    parsed = [read_treebank(path) for path in options.parsed]
    for path, treebank in zip(options.parsed, parsed):
        check_same_text(gold, treebank, options.gold, path)
    header_info = options.switch("--header-info", True)
    metrics = metric_order(options)
    merged = len(options.groupby) == 1 and options.switch("--merge-tables", True)
    if merged:
        tables = [(options.groupby[0], metrics)]
    else:
        tables = [(value, [metric]) for value in options.groupby for metric in metrics]
    sections: Sections = []

    def add(text: str, path: str, value: str, metrics: list[str]) -> None:
        if header_info:
            shown = value.partition(":")[0] if merged else value
            header = render_header(options.arguments, options.gold, [path],
                                   _parameters(options, shown, metrics))
            text = (header[header.index(RULE):] if sections else header) + text
        sections.append((path, text))

    for path, treebank in zip(options.parsed, parsed):
        for value, table_metrics in tables:
            keep = _keep(options, gold, treebank, value.partition(":")[0])
            table = build_table(gold, treebank, value, table_metrics, merged=merged,
                                details=options.switch("--details", False), keep=keep,
                                source=options.source)
            add(format_table(table, options.values.get("--pattern"),
                             tab=options.switch("--tab", False),
                             row_header=options.switch("--row-header", True),
                             blank=header_info), path, value, table_metrics)
        if options.switch("--confusion-matrix", False):
            for value in options.groupby:
                add(_confusion(value, gold, treebank), path, value, metrics)
    if options.switch("--stat", False) and len(parsed) > 1:
        sections.append(("", _mcnemar(options, gold, parsed)))
    return sections


def _confusion(value: str, gold: Treebank, parsed: Treebank) -> str:
    """The ``--confusion-matrix 1`` block of GroupBy ``value`` (keys of both sides)."""
    grouping = value.partition(":")[0]
    if grouping not in TWO_SIDED:
        raise UsageError(f"--confusion-matrix with GroupBy {grouping} is not supported "
                         f"(supported: {', '.join(TWO_SIDED)})")
    keys, key = TWO_SIDED[grouping]
    return render_confusion(grouping, keys(gold), keys(parsed),
                            lambda names: sorted(names, key=key) if key else sorted(names))


def _mcnemar(options: DepOptions, gold: Treebank, parsed: list[Treebank]) -> str:
    """The ``--stat 1`` block: McNemar's z of each pair of parsed files, per metric."""
    if len(options.groupby) != 1 or options.groupby[0].partition(":")[0] != "Token":
        raise UsageError(f"--stat with GroupBy {';'.join(options.groupby)} is not supported yet")
    pattern = options.values.get("--pattern")
    keep = _keep(options, gold, parsed[0], "Token")
    names = [f"<{i}>" for i in range(1, len(parsed) + 1)]
    rows = [f"{name} ({path})" for name, path in zip(names, options.parsed)]
    lines = [RULE, f"Gold:   {options.gold}", "Parsed: " + ", ".join(options.parsed), RULE,
             "McNemar's statistical significance test", ""]
    text = "\n".join(lines) + "\n"
    for metric in metric_order(options):
        hits = [token_hits(metric, gold, treebank) for treebank in parsed]
        if keep is not None:
            hits = [h[keep] for h in hits]
        z = np.array([[mcnemar_z(a, b) for b in hits] for a in hits])
        upper = np.triu(np.ones(z.shape, dtype=bool), 1)

        def cells(values: list[str], i: int) -> list[str]:
            return [value if upper[i, j] else "-" for j, value in enumerate(values)]

        text += "\n".join([RULE, "", f"GroupBy-> {options.groupby[0]}", f"Metric-> {metric}",
                           "", "Attribute: accuracy", ""])
        text += render_table(names, "McNemar: z-value", [], [
            (row, cells([format_number(v, pattern) for v in z[i]], i))
            for i, row in enumerate(rows)])
        for title, bound in SIGNIFICANCE:
            text += render_table(names, f"McNemar: {title}", [], [
                (row, cells([str(int(v >= bound)) for v in z[i]], i))
                for i, row in enumerate(rows)])
    return text + RULE + "\n\n"


def _parameters(options: DepOptions, groupby: str, metrics: list[str]) -> dict[str, list[str]]:
    """The evaluation parameters a header block lists, by MaltEval's name."""
    parameters = {"Metric": metrics, "GroupBy": [groupby]}
    for flag in ("--ExcludeUnicodePunc", "--ExcludeDeprels"):
        if flag in options.values:
            parameters[flag[2:]] = [options.values[flag]]
    return parameters


def _keep(options: DepOptions, gold: Treebank, parsed: Treebank,
          grouping: str) -> np.ndarray | None:
    """Which tokens the Exclude options leave in (None: all of them).

    ExcludeDeprels tests the parser's DEPREL (MaltEval's behaviour with GroupBy Token).
    """
    keep = np.ones(len(gold), dtype=bool)
    if options.switch("--ExcludeUnicodePunc", False):
        keep &= ~punctuation_forms(gold.forms)
        if grouping == "Sentence":
            raise UsageError("ExcludeUnicodePunc with GroupBy Sentence is not supported yet")
    labels = [label for label in options.values.get("--ExcludeDeprels", "").split("|") if label]
    if labels:
        keep &= ~np.isin(parsed.labels, np.array(labels, dtype=object))
        if grouping != "Token":
            raise UsageError("ExcludeDeprels is supported with GroupBy Token only (not yet: "
                             f"{grouping})")
    return None if keep.all() else keep


def run_dep(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep``: returns the exit status."""
    options = parse_dep_args(args)
    if options is None:
        out.write(DEP_USAGE.encode())
        return 0
    sections = render_dep(options)
    target = options.values.get("--output", "STDOUT")
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


def _write(path: str, text: str, options: DepOptions) -> None:
    """Write one output file; an input file is never overwritten."""
    inputs = [options.gold, *options.parsed] + ([options.source] if options.source else [])
    if any(os.path.exists(name) and os.path.samefile(name, path) for name in inputs
           if os.path.exists(path)):
        raise UsageError(f"{path} is an input file; it is never written")
    try:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", path=path) from None
