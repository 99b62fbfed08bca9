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

import argparse
import itertools
import json
import math
import os
from pathlib import Path
from typing import BinaryIO, Sequence

import numpy as np

from ..arguments import run_command
from ..errors import InputError, UsageError
from ..model.vocabulary import Vocabularies
from ..model.treebank import Treebank
from ..policy import signature
from ..policy.outputs import output_file
from ..stats import METHODS
from .api import deleted_tokens, load_treebank
from .compare import Comparison, compare_systems, render_comparison
from .confusion import render_confusion
from .exclusions import Exclusions
from .groupings import TokenNumbering, find_grouping, register_plugin
from .combinations import Combination, combinations, parameter_values, varying_parameters
from .malteval_report import RULE, hash_order, parameter_lines, render_header
from .metrics import mcnemar_z
from .options import PARAMETERS, DepOptions, dep_options
from .options import add_arguments, parse_dep_args  # noqa: F401 (the command's options; doctests)
from .plugins import group_order, load_plugin
from .reading import check_same_text
from .sources import (EvaluationPlan, check_charset, expand_files, pair_files, sniff_format,
                      run_inputs, validate_tags)
from .tables import Table, build_table, fold_summary, format_table, merge_tables, mergeable

#: the gold and parsed file names MaltEval prints for ``--micro-average 1``
POOLED = ("concat_gs", "concat_parsed")
#: McNemar's z from which a difference is significant at p < 0.01 and p < 0.05
SIGNIFICANCE = (("p<0.01?", 2.58), ("p<0.05?", 1.96))
#: the output of a run: (parsed file the text belongs to, "" for the McNemar block or
#: "macro-average" for the average of cross-validation folds, text)
Sections = list[tuple[str, str]]
#: one value for each evaluation parameter given, other than Metric and GroupBy
Setting = dict[str, str]


def render_dep(options: DepOptions) -> Sections:
    """Evaluate and return MaltEval's whole output for ``options``, as sections: for each
    parsed file in turn, its tables with their header blocks and the confusion blocks of
    ``--confusion-matrix 1``; then the McNemar block of ``--stat 1``, or the summary of
    cross-validation folds.

    Every combination of parameter values is one evaluation (:mod:`.combinations`).  The
    tables of a parsed file merge into one, a column per evaluation and attribute
    (``accuracy / Metric:LAS``), when MaltEval's rule allows it (:func:`mergeable`: the
    same grouping and the same rows; always for a single evaluation) and ``--merge-tables``
    is not 0; otherwise each evaluation has its own header block and table.  Several gold
    files with as many parsed files are cross-validation folds: each fold is reported, then
    for each evaluation a table of the folds' Row means (:func:`fold_summary`); with
    ``--micro-average 1`` the folds are pooled into one evaluation instead.
    """
    plan = file_plan(options)
    gold_files, parsed_files = list(plan.gold), list(plan.parsed)
    folds = ([(gold_files[0], parsed_files)] if plan.mode != "cross-validation"
             else [(g, [p]) for g, p in plan.pairs])
    pooled = plan.mode == "cross-validation" and options.switch("micro-average", False)
    if pooled:  # MaltEval's names for the concatenated files
        folds = [(POOLED[0], [POOLED[1]])]
    chosen = combinations(options)
    values = parameter_values(options)
    varying = varying_parameters(options)
    # a merged table's header: the parameters with one value, GroupBy without its format
    single = {name: (value.partition(":")[0] if name == "GroupBy" else value)
              for name, value in chosen[0].values.items() if len(values[name]) == 1}
    details = options.switch("details", False) if "details" in options.formatting else None
    header_info = options.switch("header-info", True)
    sections: Sections = []

    def header(gold_path: str, path: str, shown: dict[str, str]) -> str:
        if not header_info:
            return ""
        text = render_header(options.arguments, gold_path, [path],
                             {name: [value] for name, value in shown.items()})
        return text[text.index(RULE):] if sections else text

    def show(table: Table) -> str:
        return format_table(table, options.formatting.get("pattern"),
                            tab=options.switch("tab", False),
                            row_header=options.switch("row-header", True),
                            header_info=header_info)

    built: list[list[Table]] = []
    numbering = TokenNumbering()
    for gold_path, paths in folds:
        gold, parsed = pool_folds(options, plan) if pooled else load_files(options, gold_path,
                                                                            paths)
        for path, treebank in zip(paths, parsed):
            tables = [build_table(gold, treebank, combination.groupby, combination.metric,
                                  details=details, source=options.source, numbering=numbering,
                                  exclusions=exclusions(options, combination.setting, gold))
                      for combination in chosen]
            first = len(sections)
            merged = options.switch("merge-tables", True) and mergeable(tables)
            if merged and len({str(table.groups[0]) for table in tables if len(table.groups)}) > 1:
                raise InputError("the tables of the evaluations cannot be merged: their first "
                                 "rows differ (MaltEval aborts: cannot merge DataContainer with "
                                 "different row headers); use --merge-tables 0", path=path)
            if merged:
                table = merge_tables(tables, [c.varying(varying) for c in chosen])
                sections.append((path, header(gold_path, path, single) + show(table)))
            for combination, table in zip(chosen, tables):
                if merged and not options.switch("confusion-matrix", False):
                    continue
                text = header(gold_path, path, combination.values)
                if not merged:
                    text += show(table)
                if options.switch("confusion-matrix", False):
                    text += _confusion(combination.groupby, gold, treebank,
                                       exclusions(options, combination.setting, gold), options,
                                       numbering)
                sections.append((path, text))
            # MaltEval prints its evaluations' warnings before the file's output
            sections[first] = (path, "".join(table.warning for table in tables)
                               + sections[first][1])
            built.append(tables)
        if options.formatting.get("stat") == "1" and len(gold_files) == 1 and len(parsed) > 1:
            sections.append(("", _mcnemar(options, gold_path, paths, chosen, built)))
        if options.formatting.get("stat") in METHODS:
            sections.append(("", render_comparison(_comparison(options, gold_path, gold, paths,
                                                               parsed))))
    if len(folds) > 1:
        for index in range(len(chosen)):
            summary = fold_summary([fold[index] for fold in built],
                                   listed=details if details is not None else True)
            text = _summary_header(header_info, ", ".join(gold_files), ", ".join(parsed_files))
            sections.append(("macro-average", text + show(summary)))
    return sections


def _summary_header(header_info: bool, gold: str, parsed: str) -> str:
    """The header block of a cross-validation summary (it never repeats the arguments)."""
    if not header_info:
        return ""
    return "\n".join([RULE, f"Gold:   {gold}", f"Parsed: {parsed}", RULE, "Mean:", "", RULE,
                      "", ""])


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
    document = comparison.to_json(dep_signature(options))
    return [("", json.dumps(document, indent=2) + "\n")]


def file_plan(options: DepOptions) -> EvaluationPlan:
    """The gold and parsed files (directories expanded, sorted) and how they pair up."""
    return pair_files(expand_files(options.gold), expand_files(options.parsed))


def pool_folds(options: DepOptions, plan: EvaluationPlan) -> tuple[Treebank, list[Treebank]]:
    """``--micro-average 1``: the gold files as one treebank and the parsed files as one,
    each fold checked for the same text first."""
    vocabulary = Vocabularies()
    folds = [load_files(options, gold, [parsed], vocabulary) for gold, parsed in plan.pairs]
    return (Treebank.concatenate([gold for gold, _ in folds]),
            [Treebank.concatenate([parsed[0] for _, parsed in folds])])


def load_files(options: DepOptions, gold_path: str, paths: list[str],
               vocabulary: Vocabularies | None = None) -> tuple[Treebank, list[Treebank]]:
    """Read the gold file and the parsed files in any format, check the tags against
    ``--postag``/``--deprel`` and check that every file holds the gold's text."""
    charset = check_charset(options.own.get("charset", "utf-8"))
    heads = options.own.get("heads", "collins")
    vocabulary = vocabulary if vocabulary is not None else Vocabularies()
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
               excluded: Exclusions | None = None, options: DepOptions | None = None,
               numbering: TokenNumbering | None = None) -> str:
    """The ``--confusion-matrix 1`` block of GroupBy ``value`` (keys of both sides), over the
    tokens ``excluded`` leaves in.  Token's keys are the tokens' numbers (those of its table:
    ``numbering``, the run's, else 1, 2, ... through the tokens left in), Sentence's the
    sentences' numbers in the file and PreAndPost's the sentence's number and the word's
    index, the same on both sides, so their tables are empty, as MaltEval's are; a complex
    grouping's blocks are named by its :attr:`~.complex_groupby.ComplexGroupBy.confusion_name`.
    ``options`` gives ``--pattern``, ``--tab``, ``--row-header``, ``--header-info`` and
    ``--details``."""
    name = value.partition(":")[0]
    layout = {"pattern": options.formatting.get("pattern"), "tab": options.switch("tab", False),
              "row_header": options.switch("row-header", True),
              "header": options.switch("header-info", True),
              "details": options.formatting.get("details") != "0"} if options else {}
    keep = excluded.masks(gold, parsed) if excluded else None
    grouping = find_grouping(name)
    if isinstance(grouping, str):
        if grouping == "Token":
            listed = keep[0] | keep[1] if keep else np.ones(len(gold), bool)
            numbers = np.zeros(len(listed), dtype=np.int64)
            numbers[listed] = (numbering or TokenNumbering()).number(gold, listed)
            keys = numbers.astype(str)
        elif grouping == "Sentence":
            keys = (gold.sentence + 1).astype(str)
        else:  # PreAndPost, Clustering(2): MaltEval's SentenceAndToken keys, "%09d_%09d"
            keys = np.char.add(np.char.add(np.char.zfill((gold.sentence + 1).astype(str), 9),
                                           "_"), np.char.zfill((gold.positions - 1).astype(str), 9))
        return render_confusion(name, keys, keys,
                                lambda names: sorted(names, key=lambda key: int(key.replace("_", ""))),
                                keep, **layout)
    caption = getattr(grouping, "confusion_name", getattr(grouping, "name", name))
    return render_confusion(caption, grouping.keys(gold),
                            grouping.keys(parsed), lambda names: group_order(grouping, names),
                            keep, **layout)


def _mcnemar(options: DepOptions, gold_path: str, parsed_paths: list[str],
             chosen: list[Combination], built: list[list[Table]]) -> str:
    """The ``--stat 1`` block: McNemar's z for each pair of parsed files, for every column
    of every evaluation whose cells are all 0 or 1 whole numbers in the first parsed file's
    table (Token's accuracy, Sentence's exactmatch, ``is...`` and ``has...``, a counter
    that never exceeds 1), over the rows the tables show.

    The blocks are keyed by the evaluation's parameter lines and the attribute, and come in
    the ``HashMap`` order of those keys.  A pair whose other table's column is not 0/1, or
    has other rows, has no z and no cell: the row's later cells move left, and the row ends
    with ``-``; z is -∞ when the two files never disagree.
    """
    header_info = options.switch("header-info", True)
    details = options.switch("details", False) if "details" in options.formatting else None
    names = [f"<{i}>" for i in range(1, len(parsed_paths) + 1)]
    rows = [f"{name} ({path})" for name, path in zip(names, parsed_paths)]
    blocks: dict[str, list[list[float]]] = {}
    for index, combination in enumerate(chosen):
        tables = [per_file[index] for per_file in built]
        for column, attribute in enumerate(tables[0].headers):
            if not _zero_one(tables[0], column):
                continue
            key = "".join(line + "\n" for line in parameter_lines(combination.values))
            block = blocks.setdefault(f"{key}\nAttribute: {attribute}\n", [])
            for j in range(len(tables)):
                # a pair without z adds no cell: the row's later cells move left
                cells = [math.nan if j >= k else _pair_z(tables[j], tables[k], column)
                         for k in range(len(tables))]
                kept = [cell for cell in cells if cell is not None]
                block.append(kept + [math.nan] * (len(cells) - len(kept)))
    text = ""
    if header_info:
        text = "\n".join([RULE, f"Gold:   {gold_path}", "Parsed: " + ", ".join(parsed_paths),
                          RULE, "McNemar's statistical significance test", "", RULE, "", ""])

    def show(title: str, values: list[list[float]], count: bool) -> str:
        grid = np.array(values, dtype=float).reshape(len(values), len(names))
        table = Table(title, names, rows * (len(values) // len(rows)), list(grid.T),
                      [count] * len(names), [(math.nan, 0)] * len(names), False,
                      details if details is not None else True)
        return format_table(table, options.formatting.get("pattern"),
                            tab=options.switch("tab", False),
                            row_header=options.switch("row-header", True),
                            header_info=header_info)

    for key in hash_order(list(blocks)):
        z = blocks[key]
        text += key + show("McNemar: z-value", z, False)
        for title, bound in SIGNIFICANCE:
            text += show(f"McNemar: {title}", [[float(v >= bound) if v == v else v for v in row]
                                               for row in z], True)
        text += RULE + "\n\n"
    return text


def _zero_one(table: Table, column: int) -> bool:
    """Are the column's cells all whole numbers 0 or 1 (MaltEval's ``getColumnAsBoolean``)?
    A column without rows is, whatever its kind."""
    values = table.columns[column]
    return len(values) == 0 or table.counts[column] and bool(np.isin(values, (0, 1)).all())


def _pair_z(first: Table, second: Table, column: int) -> float | None:
    """McNemar's z of one column in two tables (None: MaltEval computes none)."""
    if not (_zero_one(first, column) and _zero_one(second, column)) or len(first.groups) != len(
            second.groups):
        return None
    z = mcnemar_z(first.columns[column] == 1, second.columns[column] == 1)
    return -math.inf if math.isnan(z) else z  # MaltEval divides -1 by 0


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


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep``: returns the exit status (options: ``dep.options.add_arguments``)."""
    options = dep_options(args)
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
    stat = _method(options) if json_only or options.formatting.get("stat") in METHODS else None
    resampled = stat in ("bootstrap", "ar")
    items += [("eval", Path(options.source) if options.source else None),
              ("heads", find_heads(own.get("heads", "collins")) if converted else None),
              ("prm", find_prm(own["p"]) if "p" in own else None),
              ("charset", own.get("charset")), ("plugin", options.plugins or None),
              ("micro", True if options.switch("micro-average", False) else None),
              ("stat", stat),
              ("resamples", _number(options, "resamples", 10_000) if resampled else None),
              ("seed", _number(options, "seed", 1) if resampled else None)]
    return signature.build("dep", items)


def run_dep(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep ARGV...`` in process: the exit status."""
    return run_command("dep", argv, out, err)


def _write(path: str, text: str, options: DepOptions) -> None:
    """Write one output file (never an input of the run: treeeval.policy.outputs)."""
    with output_file(path, run_inputs(options)) as stream:
        stream.write(text)
