"""``treeeval dep``: MaltEval's command line and output (``-g GOLD -s PARSED [--flag value]...``).

Supported so far: one or more parsed files (one report each); ``-e`` evaluation files with
the Metric, GroupBy, ExcludeUnicodePunc and ExcludeDeprels parameters and ``formatting``
elements; ``--Metric`` (one or several, ``;``-separated); ``--GroupBy`` Token, Sentence,
Cpostag, Postag, Deprel, RelationLength, GroupedRelationLength, ArcDirection or Frame,
each with a format after ``:`` (``all``, attribute names, and a sort such as
``accuracy-20``, separated by ``|``), several of them ``;``-separated (separate tables);
``--details``, ``--pattern``, ``--tab``, ``--header-info`` and ``--row-header``;
``--ExcludeUnicodePunc 1`` (not with Sentence); ``--ExcludeDeprels A|B`` with GroupBy
Token; ``--stat 1`` (McNemar) with GroupBy Token.  Not yet: ArcProjectivity and the other
groupings of the guide, ``--confusion-matrix``, MinSentenceLength/MaxSentenceLength."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import BinaryIO, Sequence
from xml.etree import ElementTree

import numpy as np

from ..errors import InputError, UsageError
from .malteval_report import RULE, format_number, hash_order, render_header, render_table
from ..model.treebank import Treebank
from .confusion import render_confusion
from .groupings import TWO_SIDED, GroupTable, group
from .metrics import mcnemar_z, token_hits
from .reading import check_same_text, read_treebank
from .punctuation import punctuation_forms

DEP_USAGE = """\
usage: treeeval dep [-e FILE.xml] -g GOLD -s PARSED... [--Metric M[;M...]]
                    [--GroupBy G[:FORMAT][;G...]] [--details 0|1] [--pattern P]
                    [--tab 0|1] [--header-info 0|1] [--row-header 0|1]
                    [--ExcludeUnicodePunc 0|1] [--ExcludeDeprels A|B] [--stat 0|1]

Score CoNLL dependencies as MaltEval 1.0 does and print MaltEval's tables.

  -e FILE.xml      MaltEval evaluation file (parameters and formatting)
  -g GOLD          gold-standard CoNLL file
  -s PARSED...     parsed CoNLL file(s), each scored against GOLD in turn
  --Metric M       LAS (default), UAS, LA, AnyRight, AnyWrong, BothRight, BothWrong,
                   HeadRight, HeadWrong, LabelRight, LabelWrong, DirectionRight,
                   HeadToChildDistanceRight, GroupedHeadToChildDistanceRight
  --GroupBy G      Token (default), Sentence, Cpostag, Postag, Deprel, RelationLength,
                   GroupedRelationLength, ArcDirection, Frame; G:all shows all attributes,
                   G:all|accuracy-20 also sorts (descending) and keeps the first 20;
                   "G1;G2" prints one table per GroupBy value and metric
  --details 1      list every group (every token for Token)
  --pattern P      Java DecimalFormat pattern of the values, e.g. 0.0000 or 0.00%
  --tab 1          tab-separated cells
  --header-info 0  leave out the header block
  --row-header 0   leave out the row-header column
  --ExcludeUnicodePunc 1
                   leave out tokens whose FORM is all Unicode punctuation
  --ExcludeDeprels A|B
                   leave out tokens the parser labels A or B (GroupBy Token)
  --stat 1         McNemar's test of each pair of parsed files (GroupBy Token)
  -h, --help       show this help
"""

FLAGS = ("--Metric", "--GroupBy", "--details", "--pattern", "--tab", "--header-info",
         "--row-header", "--ExcludeUnicodePunc", "--ExcludeDeprels", "--stat",
         "--confusion-matrix", "--merge-tables", "--metric-order", "--output")
SWITCHES = ("--details", "--tab", "--header-info", "--row-header", "--ExcludeUnicodePunc",
            "--stat", "--confusion-matrix", "--merge-tables")
NOT_YET: tuple[str, ...] = ()
#: treeeval's own options: left out of the "Evaluation arguments:" echo of the header
OWN_FLAGS = ("--metric-order",)
#: evaluation-file parameters this command understands, by their flag
PARAMETERS = {"Metric": "--Metric", "GroupBy": "--GroupBy",
              "ExcludeUnicodePunc": "--ExcludeUnicodePunc", "ExcludeDeprels": "--ExcludeDeprels"}
#: McNemar's z from which a difference is significant at p < 0.01 and p < 0.05
SIGNIFICANCE = (("p<0.01?", 2.58), ("p<0.05?", 1.96))
#: a sort item of a GroupBy format: attribute, + or -, optional cut
SORT = re.compile(r"^(\w+)([+-])(\d*)$")


@dataclass
class DepOptions:
    """The parsed command line of ``treeeval dep``."""

    arguments: list[str]
    gold: str
    parsed: list[str]
    metrics: list[str] = field(default_factory=lambda: ["LAS"])
    #: the GroupBy values as given, each a grouping with an optional ``:format``
    groupby: list[str] = field(default_factory=lambda: ["Token"])
    values: dict[str, str] = field(default_factory=dict)
    #: the evaluation file (-e) the GroupBy formats came from, if any
    source: str | None = None

    def switch(self, flag: str, default: bool) -> bool:
        """A 0/1 flag's value."""
        return self.values.get(flag, "1" if default else "0") != "0"


def parse_dep_args(args: Sequence[str]) -> DepOptions | None:
    """Parse MaltEval-style arguments; None means help was printed.

    >>> o = parse_dep_args(["-g", "g.conll", "-s", "p.conll", "--Metric", "LAS;UAS"])
    >>> o.gold, o.parsed, o.metrics, o.groupby
    ('g.conll', ['p.conll'], ['LAS', 'UAS'], ['Token'])
    """
    queue = list(args)
    source = None
    files: dict[str, list[str]] = {}
    values: dict[str, str] = {}
    while queue:
        flag = queue.pop(0)
        if flag in ("-h", "--help"):
            return None
        if flag in NOT_YET:
            raise UsageError(f"option {flag} is not supported yet")
        if flag == "-e":
            if not queue:
                raise UsageError("option -e needs a value")
            source = queue.pop(0)
            values.update(read_evaluation_file(source))
            continue
        if flag in ("-g", "-s"):
            taken = files.setdefault(flag, [])
            while queue and not queue[0].startswith("-"):
                taken.append(queue.pop(0))
            continue
        if flag not in FLAGS:
            raise UsageError(f"unknown option {flag} (see treeeval dep -h)")
        if not queue:
            raise UsageError(f"option {flag} needs a value")
        value = queue.pop(0)
        if flag in SWITCHES and value not in ("0", "1"):
            raise UsageError(f"option {flag} needs 0 or 1, got {value!r}")
        values[flag] = value
    gold, parsed = files.get("-g", []), files.get("-s", [])
    if len(gold) != 1 or not parsed:
        raise UsageError("expected one gold file (-g) and at least one parsed file (-s)")
    if ";" in values.get("--ExcludeDeprels", ""):
        raise UsageError("several ExcludeDeprels values are not supported yet")
    groupby = [g for g in values.pop("--GroupBy", "Token").split(";") if g]
    metrics = [m for m in values.pop("--Metric", "LAS").split(";") if m]
    echoed = [a for i, a in enumerate(args)
              if a not in OWN_FLAGS and (i == 0 or args[i - 1] not in OWN_FLAGS)]
    return DepOptions(echoed, gold[0], parsed, metrics or ["LAS"], groupby or ["Token"],
                      values, source)


def read_evaluation_file(path: str) -> dict[str, str]:
    """The settings of a MaltEval evaluation file (``-e``), as flag -> command-line value.

    Values of a parameter are joined with ``;`` as on the command line; a GroupBy value's
    ``format`` follows a colon; ``<formatting argument="A" format="F"/>`` sets ``--A``.
    """
    try:
        root = ElementTree.parse(path).getroot()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    except ElementTree.ParseError as exc:
        line, column = exc.position
        raise InputError(f"not well-formed XML ({exc})", path=path, line=line,
                         column=column + 1) from None
    values: dict[str, str] = {}
    for parameter in root.iter("parameter"):
        name = parameter.get("name", "")
        if name not in PARAMETERS:
            raise UsageError(f"{path}: parameter {name!r} is not supported yet")
        items = [(value.text or "").strip() + (f":{value.get('format')}" if value.get("format")
                                               else "") for value in parameter.iter("value")]
        values[PARAMETERS[name]] = ";".join(items)
    for formatting in root.iter("formatting"):
        values["--" + formatting.get("argument", "")] = formatting.get("format", "")
    return values


def _selection(table: GroupTable, spec: str, source: str | None
               ) -> tuple[list[str], tuple[str, bool, int] | None]:
    """The attributes to show and the sort (attribute, descending, cut; cut 0 = all)."""
    chosen: list[str] = []
    sort = None
    for item in filter(None, spec.split("|")):
        match = SORT.match(item)
        if match:
            name, direction, cut = match.groups()
            sort = (name, direction == "-", int(cut or 0))
            item = name
        names = list(table.columns) if item == "all" else [item]
        for name in names:
            if name not in table.columns:
                message = (f"{name!r} is not an attribute of GroupBy {table.name} "
                           f"(attributes: {', '.join(table.columns)})")
                raise InputError(message, path=source) if source else UsageError(message)
            if name not in chosen:
                chosen.append(name)
    return chosen or list(table.default), sort


def _order(values: np.ndarray, descending: bool, cut: int) -> np.ndarray:
    """Row order for a sort: stable, undefined (NaN) values first, then cut."""
    values = values.astype(float)
    key = np.where(np.isnan(values), -np.inf, -values if descending else values)
    order = np.argsort(key, kind="stable")
    return order[:cut] if cut else order


def render_dep(options: DepOptions) -> str:
    """Evaluate and return MaltEval's whole output for ``options``: the tables of each parsed
    file in turn (each after its own header block), the confusion blocks of
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
    reports: list[str] = []

    def add(text: str, path: str, value: str, metrics: list[str]) -> None:
        if header_info:
            shown = value.partition(":")[0] if merged else value
            header = render_header(options.arguments, options.gold, [path],
                                   _parameters(options, shown, metrics))
            text = (header[header.index(RULE):] if reports else header) + text
        reports.append(text)

    for path, treebank in zip(options.parsed, parsed):
        for value, table_metrics in tables:
            add(_report(options, gold, treebank, value, table_metrics, merged), path, value,
                table_metrics)
        if options.switch("--confusion-matrix", False):
            for value in options.groupby:
                add(_confusion(value, gold, treebank), path, value, metrics)
    if options.switch("--stat", False) and len(parsed) > 1:
        reports.append(_mcnemar(options, gold, parsed))
    return "".join(reports)


def metric_order(options: DepOptions) -> list[str]:
    """The metrics in the order their columns and tables are printed: as given on the
    command line, or with ``--metric-order malteval`` in MaltEval's ``HashMap`` order.

    >>> metric_order(parse_dep_args(["-g", "g", "-s", "p", "--Metric", "LAS;UAS;LA"]))
    ['LAS', 'UAS', 'LA']
    >>> metric_order(parse_dep_args(["-g", "g", "-s", "p", "--Metric", "LAS;UAS;LA",
    ...                              "--metric-order", "malteval"]))
    ['LA', 'UAS', 'LAS']
    """
    unique = list(dict.fromkeys(options.metrics))
    return hash_order(unique) if options.values.get("--metric-order") == "malteval" else unique


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


def _report(options: DepOptions, gold: Treebank, parsed: Treebank, value: str,
            metrics: list[str], merged: bool) -> str:
    """The table of one parsed file for GroupBy ``value`` and ``metrics``."""
    grouping, _, spec = value.partition(":")
    pattern = options.values.get("--pattern")
    details = options.switch("--details", False)
    keep = _keep(options, gold, parsed, grouping)
    gold_kept, parsed_kept = (gold, parsed) if keep is None else (gold.subset(keep),
                                                                  parsed.subset(keep))
    several = len(metrics) > 1
    headers: list[str] = []
    means: list[str] = []
    counts: list[str] = []
    cells: list[list[str]] = []
    groups: list[str] = []
    for metric in metrics:
        hits = token_hits(metric, gold, parsed)
        table = group(grouping, hits if keep is None else hits[keep], gold_kept, parsed_kept,
                      metric)
        chosen, sort = _selection(table, spec, options.source)
        order = np.arange(len(table.groups))
        if sort:
            order = _order(table.columns[sort[0]], sort[1], sort[2])
        groups = [table.groups[i] for i in order]
        for name in chosen:
            if merged:
                headers.append(f"{name} / " + (f"Metric:{metric}" if several else ""))
            else:
                headers.append(name)
            column = table.columns[name][order]
            if name in table.counts:
                cells.append([str(int(v)) for v in column])
            else:
                cells.append([format_number(float(v), pattern) for v in column])
            if table.summary:
                mean, count = table.summary[name]
                means.append(format_number(mean, pattern))
                counts.append(str(count))
    summary = [("Row mean", means), ("Row count", counts)] if means else []
    listed = details or grouping not in ("Token", "Sentence")
    rows = [(name, [column[i] for column in cells])
            for i, name in enumerate(groups)] if listed else []
    return render_table(headers, grouping, summary, rows,
                        tab=options.switch("--tab", False),
                        row_header=options.switch("--row-header", True),
                        blank=options.switch("--header-info", True))


def run_dep(args: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval dep``: returns the exit status."""
    options = parse_dep_args(args)
    if options is None:
        out.write(DEP_USAGE.encode())
        return 0
    out.write(render_dep(options).encode("utf-8"))
    return 0
