"""``treeeval dep``: MaltEval's command line and output (``-g GOLD -s PARSED [--flag value]...``).

The run reads the gold file and each parsed file, checks they hold the same text, and
prints for each parsed file MaltEval's header block and tables (:mod:`.tables`), then the
confusion blocks (``--confusion-matrix 1``, :mod:`.confusion`), MaltEval's McNemar block
(``--stat 1``) or treeeval's comparison with significance tests (``--stat bootstrap|ar|
mcnemar``, :mod:`.compare`).  ``--json`` prints the comparison as JSON instead, and
``--report evalpl`` eval.pl's report.  ``--output`` sends it all to a file, or one file per
parsed file (and ``stat.txt``) to a directory.
"""

from __future__ import annotations

import itertools
import json
import os
from typing import BinaryIO, Sequence

import numpy as np

from ..errors import InputError, UsageError
from ..formats.conll_columns import Vocabulary
from ..model.treebank import Treebank
from ..stats import METHODS
from .api import deleted_tokens, load_treebank
from .compare import Comparison, compare_systems, render_comparison
from .confusion import render_confusion
from .exclusions import Exclusions
from .groupings import find_grouping, register_plugin
from .malteval_report import RULE, format_number, render_header, render_table
from .metrics import mcnemar_z, token_hits
from .options import DEP_USAGE, PARAMETERS, DepOptions, metric_order, parse_dep_args
from .plugins import group_order, load_plugin
from .reading import check_same_text
from .sources import (EvaluationPlan, check_charset, expand_files, pair_files, sniff_format,
                      validate_tags)
from .tables import Table, average_tables, build_table, format_table, has_cut

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
    reported, then the macro-average of the folds' tables (:func:`average_tables`); with
    ``--micro-average 1`` the folds are pooled into one evaluation instead.
    """
    plan = file_plan(options)
    gold_files, parsed_files = list(plan.gold), list(plan.parsed)
    folds = ([(gold_files[0], parsed_files)] if plan.mode != "cross-validation"
             else [(g, [p]) for g, p in plan.pairs])
    pooled = plan.mode == "cross-validation" and options.switch("micro-average", False)
    if pooled:
        folds = [(", ".join(gold_files), [", ".join(parsed_files)])]
    metrics = metric_order(options)
    merged = (len(options.groupby) == 1 and options.switch("merge-tables", True)
              and not (len(metrics) > 1 and has_cut(options.groupby[0])))
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
        gold, parsed = pool_folds(options, plan) if pooled else load_files(options, gold_path,
                                                                            paths)
        for path, treebank in zip(paths, parsed):
            fold: list[Table] = []
            for setting in settings(options):
                excluded = exclusions(options, setting, gold)
                for value, table_metrics in tables:
                    fold.append(build_table(gold, treebank, value, table_metrics,
                                            merged=merged, source=options.source,
                                            exclusions=excluded,
                                            details=options.switch("details", False)))
                    add(show(fold[-1]), gold_path, path, value, table_metrics, setting)
                if options.switch("confusion-matrix", False):
                    for value in options.groupby:
                        add(_confusion(value, gold, treebank, excluded, options), gold_path,
                            path, value, metrics, setting, table=False)
            built.append(fold)
        if options.formatting.get("stat") == "1" and len(parsed) > 1:
            sections.append(("", _mcnemar(options, gold_path, paths, gold, parsed)))
        if options.formatting.get("stat") in METHODS:
            sections.append(("", render_comparison(_comparison(options, gold_path, gold, paths,
                                                               parsed))))
    if len(folds) > 1:
        combinations = [(setting, value, table_metrics) for setting in settings(options)
                        for value, table_metrics in tables]
        for index, (setting, value, table_metrics) in enumerate(combinations):
            average = average_tables([fold[index] for fold in built])
            add(f"Macro-average of {len(folds)} cross-validation folds\n\n" + show(average),
                ", ".join(gold_files), ", ".join(parsed_files), value, table_metrics, setting)
            sections[-1] = ("macro-average", sections[-1][1])
    return sections


def _comparison(options: DepOptions, gold_path: str, gold: Treebank, paths: list[str],
                parsed: list[Treebank]) -> Comparison:
    """Every parsed file against the gold file with treeeval's scores and tests."""
    setting = settings(options)
    if len(setting) > 1:
        raise UsageError(f"--stat {_method(options)} with several values of a parameter is "
                         "not supported")
    systems = [(path, sniff_format(path), treebank) for path, treebank in zip(paths, parsed)]
    converted = "brackets" in [kind for _, kind, _ in systems] + [sniff_format(gold_path)]
    return compare_systems(gold_path, gold, systems,
                           method=_method(options),
                           resamples=_number(options, "resamples", 10_000),
                           seed=_number(options, "seed", 1),
                           keep=_parser_side(options, setting[0], gold, parsed[0]),
                           heads=options.own.get("heads", "collins") if converted else None)


def _method(options: DepOptions) -> str:
    """The test of the comparison: ``--stat``'s, or the paired bootstrap (``--json`` alone,
    or with MaltEval's ``--stat 1``)."""
    stat = options.formatting.get("stat", "bootstrap")
    return stat if stat in METHODS else "bootstrap"


def _number(options: DepOptions, name: str, default: int) -> int:
    value = options.own.get(name, str(default))
    if not value.isdigit():
        raise UsageError(f"option --{name} needs a whole number, got {value!r}")
    return int(value)


def render_json(options: DepOptions) -> Sections:
    """``--json``: the comparison of every parsed file with the gold file, as JSON."""
    if len(options.gold) > 1:
        raise UsageError("--json takes one gold file")
    plan = file_plan(options)
    gold_path, paths = plan.gold[0], list(plan.parsed)
    gold, parsed = load_files(options, gold_path, paths)
    comparison = _comparison(options, gold_path, gold, paths, parsed)
    return [("", json.dumps(comparison.to_json(), indent=2) + "\n")]


def file_plan(options: DepOptions) -> EvaluationPlan:
    """The gold and parsed files (directories expanded, sorted) and how they pair up."""
    return pair_files(expand_files(options.gold), expand_files(options.parsed))


def pool_folds(options: DepOptions, plan: EvaluationPlan) -> tuple[Treebank, list[Treebank]]:
    """``--micro-average 1``: the gold files as one treebank and the parsed files as one,
    each fold checked for the same text first."""
    vocabulary = Vocabulary()
    folds = [load_files(options, gold, [parsed], vocabulary) for gold, parsed in plan.pairs]
    return (Treebank.concatenate([gold for gold, _ in folds]),
            [Treebank.concatenate([parsed[0] for _, parsed in folds])])


def load_files(options: DepOptions, gold_path: str, paths: list[str],
               vocabulary: Vocabulary | None = None) -> tuple[Treebank, list[Treebank]]:
    """Read the gold file and the parsed files in any format, check the tags against
    ``--postag``/``--deprel`` and check that every file holds the gold's text."""
    charset = check_charset(options.own.get("charset", "utf-8"))
    heads = options.own.get("heads", "collins")
    vocabulary = vocabulary if vocabulary is not None else Vocabulary()
    loaded = []
    for path in [gold_path, *paths]:
        treebank = load_treebank(path, charset=charset, heads=heads, vocabulary=vocabulary)
        if "postag" in options.own or "deprel" in options.own:
            validate_tags(treebank, path, options.own.get("postag"), options.own.get("deprel"),
                          charset=charset)
        loaded.append(treebank)
    for path, treebank in zip(paths, loaded[1:]):
        check_same_text(loaded[0], treebank, gold_path, path)
    return loaded[0], loaded[1:]


def render_evalpl(options: DepOptions) -> Sections:
    """``--report evalpl[:FLAGS]`` or ``eval07[:FLAGS]``: eval.pl's (or eval07.pl's) report of
    each parsed file instead of MaltEval's tables; FLAGS are eval.pl's q, p and b.
    """
    from .evalpl_report import evalpl_report  # only for --report

    variant, _, flags = options.own["report"].partition(":")
    if variant not in ("evalpl", "eval07") or set(flags) - set("qpb"):
        raise UsageError(f"--report needs evalpl or eval07, optionally followed by :FLAGS "
                         f"from q, p and b (e.g. evalpl:qp), got {options.own['report']!r}")
    if len(options.gold) > 1:
        raise UsageError("--report evalpl takes one gold file")
    return [(path, evalpl_report(options.gold[0], path, punct="p" in flags,
                                 quiet="q" in flags, evalb="b" in flags,
                                 variant="eval" if variant == "evalpl" else "eval07"))
            for path in file_plan(options).parsed]


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


def _confusion(value: str, gold: Treebank, parsed: Treebank,
               excluded: Exclusions | None = None, options: DepOptions | None = None) -> str:
    """The ``--confusion-matrix 1`` block of GroupBy ``value`` (keys of both sides), over the
    tokens ``excluded`` leaves in.  Token's keys are the tokens' numbers (1, 2, ... through
    the tokens left in) and Sentence's the sentences' numbers in the file, the same on both
    sides, so their tables are empty, as MaltEval's are; a complex grouping's blocks are
    named by its :attr:`~.complex_groupby.ComplexGroupBy.confusion_name`.  ``options`` gives
    ``--pattern``, ``--tab`` and ``--row-header``."""
    name = value.partition(":")[0]
    layout = {"pattern": options.formatting.get("pattern"), "tab": options.switch("tab", False),
              "row_header": options.switch("row-header", True)} if options else {}
    keep = excluded.masks(gold, parsed) if excluded else None
    grouping = find_grouping(name)
    if isinstance(grouping, str):
        if grouping == "Token":
            listed = keep[0] | keep[1] if keep else np.ones(len(gold), bool)
            keys = np.cumsum(listed).astype(str)
        else:
            keys = (gold.sentence + 1).astype(str)
        return render_confusion(name, keys, keys, lambda names: sorted(names, key=int), keep,
                                **layout)
    return render_confusion(getattr(grouping, "confusion_name", name), grouping.keys(gold),
                            grouping.keys(parsed), lambda names: group_order(grouping, names),
                            keep, **layout)


def _mcnemar(options: DepOptions, gold_path: str, parsed_paths: list[str], gold: Treebank,
             parsed: list[Treebank]) -> str:
    """The ``--stat 1`` block: McNemar's z of each pair of parsed files, per metric."""
    if len(options.groupby) != 1 or options.groupby[0].partition(":")[0] != "Token":
        raise UsageError(f"--stat with GroupBy {';'.join(options.groupby)} is not supported yet")
    pattern = options.formatting.get("pattern")
    setting = settings(options)
    if len(setting) > 1:
        raise UsageError("--stat 1 with several values of a parameter is not supported")
    keep = _parser_side(options, setting[0], gold, parsed[0])
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


def exclusions(options: DepOptions, setting: Setting, gold: Treebank) -> Exclusions:
    """The Exclude parameters of one evaluation, and the tokens ``-p PRM`` leaves out."""
    result = Exclusions.from_parameters(setting)
    if "p" in options.own:
        result.dropped = deleted_tokens(gold, options.own["p"])
    return result


def _parser_side(options: DepOptions, setting: Setting, gold: Treebank,
                 parsed: Treebank) -> np.ndarray | None:
    """The tokens that count for per-token tests (None: all): MaltEval tests the parser's
    side, and the first parsed file's for all of them."""
    keep = exclusions(options, setting, gold).masks(gold, parsed)[1]
    return None if keep.all() else keep


def run_dep(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep``: returns the exit status."""
    options = parse_dep_args(args)
    if options is None:
        out.write(DEP_USAGE.encode())
        return 0
    for spec in options.plugins:
        register_plugin(load_plugin(spec))
    if "report" in options.own:
        sections = render_evalpl(options)
    elif "json" in options.own:
        sections = render_json(options)
    else:
        sections = render_dep(options)
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
