"""``treeeval dep``: MaltEval's command line and output (``-g GOLD -s PARSED [--flag value]...``).

The run reads the gold file and each parsed file, checks they hold the same text, and
prints for each parsed file MaltEval's header block and tables (:mod:`.tables`), then the
confusion blocks (``--confusion-matrix 1``, :mod:`.confusion`) and the McNemar block
(``--stat 1``).  ``--output`` sends it all to a file, or one file per parsed file (and
``stat.txt``) to a directory.
"""

from __future__ import annotations

import itertools
import os
from typing import BinaryIO, Sequence

import numpy as np

from ..errors import InputError, UsageError
from ..model.treebank import Treebank
from .confusion import render_confusion
from .evalpl_report import evalpl_report
from .groupings import TWO_SIDED
from .malteval_report import RULE, format_number, render_header, render_table
from .metrics import mcnemar_z, token_hits
from .options import DEP_USAGE, PARAMETERS, DepOptions, metric_order, parse_dep_args
from .punctuation import punctuation_forms
from .reading import check_same_text, read_treebank
from .tables import Table, average_tables, build_table, format_table

#: McNemar's z from which a difference is significant at p < 0.01 and p < 0.05
SIGNIFICANCE = (("p<0.01?", 2.58), ("p<0.05?", 1.96))
#: the output of a run: (parsed file the text belongs to, "" for the McNemar block or
#: "macro-average" for the average of cross-validation folds, text)
Sections = list[tuple[str, str]]
#: one value for each evaluation parameter given, other than Metric and GroupBy
Setting = dict[str, str]


def render_dep(options: DepOptions) -> Sections:
    """Evaluate and return MaltEval's whole output for ``options``, as sections: for each
    parsed file in turn, a header block and table per evaluation, the confusion blocks of
    ``--confusion-matrix 1``; then the McNemar block of ``--stat 1``.

    One GroupBy value gives one table per parsed file, with a column per metric and
    attribute (``accuracy / Metric:LAS``); several (or ``--merge-tables 0``) give one table
    per GroupBy value and metric, with plain attribute headers.  Several values of another
    parameter (``--ExcludeDeprels ";punct"``) repeat everything for each combination.
    Several gold files with as many parsed files are cross-validation folds: each fold is
    reported, then the macro-average of the folds' tables (:func:`average_tables`).
    """
    gold_files, parsed_files = sorted(options.gold), sorted(options.parsed)
    if len(gold_files) > 1 and len(gold_files) != len(parsed_files):
        raise UsageError(f"{len(gold_files)} gold files and {len(parsed_files)} parsed files: "
                         "cross-validation needs as many parsed files as gold files")
    folds = ([(gold_files[0], parsed_files)] if len(gold_files) == 1
             else [(g, [p]) for g, p in zip(gold_files, parsed_files)])
    metrics = metric_order(options)
    merged = len(options.groupby) == 1 and options.switch("merge-tables", True)
    if merged:
        tables = [(options.groupby[0], metrics)]
    else:
        tables = [(value, [metric]) for value in options.groupby for metric in metrics]
    sections: Sections = []

    def add(text: str, gold_path: str, path: str, value: str, metrics: list[str],
            setting: Setting, table: bool = True) -> None:
        if options.switch("header-info", True):
            # a merged table's header names the grouping without its format; a confusion
            # block's always shows the format
            shown = value.partition(":")[0] if merged and table else value
            header = render_header(options.arguments, gold_path, [path],
                                   {"Metric": metrics, "GroupBy": [shown], **{
                                       name: [v] for name, v in setting.items()}})
            text = (header[header.index(RULE):] if sections else header) + text
        sections.append((path, text))

    def show(table: Table) -> str:
        return format_table(table, options.formatting.get("pattern"),
                            tab=options.switch("tab", False),
                            row_header=options.switch("row-header", True),
                            blank=options.switch("header-info", True),
                            count_cut=options.formatting.get("details") == "1")

    built: list[list[Table]] = []
    for gold_path, paths in folds:
        gold = read_treebank(gold_path)
        parsed = [read_treebank(path) for path in paths]
        for path, treebank in zip(paths, parsed):
            check_same_text(gold, treebank, gold_path, path)
        for path, treebank in zip(paths, parsed):
            fold: list[Table] = []
            for setting in settings(options):
                for value, table_metrics in tables:
                    keep = _keep(setting, gold, treebank, value.partition(":")[0])
                    fold.append(build_table(gold, treebank, value, table_metrics,
                                            merged=merged, keep=keep, source=options.source,
                                            details=options.switch("details", False)))
                    add(show(fold[-1]), gold_path, path, value, table_metrics, setting)
                if options.switch("confusion-matrix", False):
                    for value in options.groupby:
                        add(_confusion(value, gold, treebank), gold_path, path, value,
                            metrics, setting, table=False)
            built.append(fold)
        if options.formatting.get("stat") == "1" and len(parsed) > 1:
            sections.append(("", _mcnemar(options, gold_path, paths, gold, parsed)))
    if len(folds) > 1:
        combinations = [(setting, value, table_metrics) for setting in settings(options)
                        for value, table_metrics in tables]
        for index, (setting, value, table_metrics) in enumerate(combinations):
            average = average_tables([fold[index] for fold in built])
            add(f"Macro-average of {len(folds)} cross-validation folds\n\n" + show(average),
                ", ".join(gold_files), ", ".join(parsed_files), value, table_metrics, setting)
            sections[-1] = ("macro-average", sections[-1][1])
    return sections


def render_evalpl(options: DepOptions) -> Sections:
    """``--report evalpl[:FLAGS]`` or ``eval07[:FLAGS]``: eval.pl's (or eval07.pl's) report of
    each parsed file instead of MaltEval's tables; FLAGS are eval.pl's q, p and b.
    """
    variant, _, flags = options.own["report"].partition(":")
    if variant not in ("evalpl", "eval07") or set(flags) - set("qpb"):
        raise UsageError(f"--report needs evalpl or eval07, optionally followed by :FLAGS "
                         f"from q, p and b (e.g. evalpl:qp), got {options.own['report']!r}")
    if len(options.gold) > 1:
        raise UsageError("--report evalpl takes one gold file")
    return [(path, evalpl_report(options.gold[0], path, punct="p" in flags,
                                 quiet="q" in flags, evalb="b" in flags,
                                 variant="eval" if variant == "evalpl" else "eval07"))
            for path in sorted(options.parsed)]


def settings(options: DepOptions) -> list[Setting]:
    """Every combination of the values of the parameters other than Metric and GroupBy.

    >>> settings(parse_dep_args(["-g", "g", "-s", "p", "--ExcludeDeprels", ";punct",
    ...                          "--MaxSentenceLength", "10;40"]))  # doctest: +NORMALIZE_WHITESPACE
    [{'MaxSentenceLength': '10', 'ExcludeDeprels': ''},
     {'MaxSentenceLength': '10', 'ExcludeDeprels': 'punct'},
     {'MaxSentenceLength': '40', 'ExcludeDeprels': ''},
     {'MaxSentenceLength': '40', 'ExcludeDeprels': 'punct'}]
    """
    names = [name for name in PARAMETERS if name not in ("Metric", "GroupBy")
             and name in options.parameters]
    return [dict(zip(names, values)) for values in itertools.product(
        *(list(dict.fromkeys(options.parameters[name])) for name in names))]


def _confusion(value: str, gold: Treebank, parsed: Treebank) -> str:
    """The ``--confusion-matrix 1`` block of GroupBy ``value`` (keys of both sides)."""
    grouping = value.partition(":")[0]
    if grouping not in TWO_SIDED:
        raise UsageError(f"--confusion-matrix with GroupBy {grouping} is not supported "
                         f"(supported: {', '.join(TWO_SIDED)})")
    keys, key = TWO_SIDED[grouping]
    return render_confusion(grouping, keys(gold), keys(parsed),
                            lambda names: sorted(names, key=key) if key else sorted(names))


def _mcnemar(options: DepOptions, gold_path: str, parsed_paths: list[str], gold: Treebank,
             parsed: list[Treebank]) -> str:
    """The ``--stat 1`` block: McNemar's z of each pair of parsed files, per metric."""
    if len(options.groupby) != 1 or options.groupby[0].partition(":")[0] != "Token":
        raise UsageError(f"--stat with GroupBy {';'.join(options.groupby)} is not supported yet")
    pattern = options.formatting.get("pattern")
    setting = settings(options)
    if len(setting) > 1:
        raise UsageError("--stat 1 with several values of a parameter is not supported")
    keep = _keep(setting[0], gold, parsed[0], "Token")
    names = [f"<{i}>" for i in range(1, len(parsed) + 1)]
    rows = [f"{name} ({path})" for name, path in zip(names, parsed_paths)]
    lines = [RULE, f"Gold:   {gold_path}", "Parsed: " + ", ".join(parsed_paths), RULE,
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


def _keep(setting: Setting, gold: Treebank, parsed: Treebank,
          grouping: str) -> np.ndarray | None:
    """Which tokens the Exclude options leave in (None: all of them).

    ExcludeDeprels tests the parser's DEPREL (MaltEval's behaviour with GroupBy Token).
    """
    keep = np.ones(len(gold), dtype=bool)
    for name in setting:
        if name not in ("ExcludeUnicodePunc", "ExcludeDeprels"):
            raise UsageError(f"--{name} is not supported yet")
    if setting.get("ExcludeUnicodePunc", "0") != "0":
        keep &= ~punctuation_forms(gold.forms)
        if grouping == "Sentence":
            raise UsageError("ExcludeUnicodePunc with GroupBy Sentence is not supported yet")
    labels = [label for label in setting.get("ExcludeDeprels", "").split("|") if label]
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
    sections = render_evalpl(options) if "report" in options.own else render_dep(options)
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


def _write(path: str, text: str, options: DepOptions) -> None:
    """Write one output file; an input file is never overwritten."""
    inputs = [*options.gold, *options.parsed] + ([options.source] if options.source else [])
    if any(os.path.exists(name) and os.path.samefile(name, path) for name in inputs
           if os.path.exists(path)):
        raise UsageError(f"{path} is an input file; it is never written")
    try:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", path=path) from None
