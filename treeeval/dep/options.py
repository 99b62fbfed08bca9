"""The command line of ``treeeval dep``: MaltEval's flags and its evaluation files (``-e``),
read into a :class:`~.settings.DepSettings`.

>>> s = parse_dep_args(["-g", "g.conll", "-s", "p.conll", "--GroupBy", "Deprel:all"])
>>> s.gold, s.parsed, s.group_by, s.details
(('g.conll',), ('p.conll',), ('Deprel:all',), None)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ..arguments import comparison_settings, parse_command
from ..errors import UsageError
from ..formats.malteval_xml import PARAMETERS, Origins, read_evaluation_file
from ..stats.defaults import METHODS
from .refusals import ValueRefused
from .settings import (
    DepSettings,
    blaming,
    check_files,
    check_metric_order,
    check_parameters,
    check_pattern,
)

#: the formatting arguments whose value is 0 or 1, by the settings' name of each
SWITCHES = {"micro-average": "micro_average", "header-info": "header_info",
            "row-header": "row_header", "details": "details", "tab": "tab",
            "confusion-matrix": "confusion_matrix", "merge-tables": "merge_tables"}
#: the values ``--stat`` takes: MaltEval's 0 and 1, and treeeval's tests
STAT_VALUES = ("0", "1", "mcnemar", "bootstrap", "ar")
#: treeeval's own options that take a value
OWN = ("--metric-order", "--heads", "-p", "--plugin", "--report", "--seed", "--resamples",
       "--charset", "--postag", "--deprel", "--baseline", "--metrics", "--format", "--plot",
       "--html", "--title")
#: treeeval's own options that change a number: the header's echo names them (MaltEval's
#: options are echoed as MaltEval echoes them)
ECHOED_OWN = ("--heads", "-p", "--charset", "--plugin", "--seed", "--resamples",
              "--baseline", "--metrics")
#: treeeval's own options without a value
OWN_SWITCHES = ("--json", "--signature")
#: treeeval's own options of the run (not of the comparison), by the settings' name of each
OWN_SETTINGS = {"heads": "heads", "p": "prm", "charset": "charset", "postag": "postag",
                "deprel": "deprel", "report": "report", "metric-order": "metric_order"}


def dep_settings(args: argparse.Namespace) -> DepSettings:
    """The settings of a parsed command line, with MaltEval's rules checked on the flags in
    the order given; ``GOLD PARSED...`` is ``-g GOLD -s PARSED...``; flags after ``-e``
    override the evaluation file's values; a large parsed file is read ahead.

    >>> from treeeval.arguments import parse_command
    >>> s = dep_settings(parse_command("dep", ["-g", "g.conll", "-s", "p.conll", "--Metric",
    ...     "LAS;UAS", "--ExcludeDeprels", ";punct|dep", "--heads", "modcollins"]))
    >>> s.gold, s.parsed, s.metrics, s.group_by, s.parameters["ExcludeDeprels"], s.heads
    (('g.conll',), ('p.conll',), ('LAS', 'UAS'), ('Token',), ('', 'punct|dep'), 'modcollins')
    >>> s.arguments  # the header's echo: every option that changes a number
    ('-g', 'g.conll', '-s', 'p.conll', '--Metric', 'LAS;UAS', '--ExcludeDeprels', ';punct|dep', '--heads', 'modcollins')
    >>> dep_settings(parse_command("dep", ["g", "p1", "p2", "--Metric", "UAS"])).arguments
    ('-g', 'g', '-s', 'p1', 'p2', '--Metric', 'UAS')
    """
    gold: list[str] = []
    parsed: list[str] = []
    parameters: dict[str, list[str]] = {}
    formatting: dict[str, str] = {}
    own: dict[str, str] = {}
    plugins: list[str] = []
    plots: list[str] = []
    source: str | None = None
    origins: Origins = {}
    echoed: list[str] = []
    malteval: list[str] = []  # MaltEval's flags, whose place MaltEval's rules check
    for flag, value in args.given:
        if flag not in OWN and flag not in OWN_SWITCHES:
            _check_place(flag, malteval)
            malteval.append(flag)
        if flag in ("-g", "-s"):
            (gold if flag == "-g" else parsed).extend(value)
            echoed += [flag, *value]
        elif flag in OWN_SWITCHES:
            own[flag.lstrip("-")] = "1"
        elif flag == "-v":
            raise UsageError("MaltEval's tree viewer (-v 1) is `treeeval browse GOLD PARSED` here")
        elif flag == "-e":
            echoed += [flag, value]
            source = value
            found = read_evaluation_file(value)
            parameters.update(found.parameters)
            formatting.update(found.formatting)
            origins = found.origins
        elif flag == "--plugin":
            plugins.append(value)
            echoed += [flag, value]
        elif flag == "--plot":
            plots.append(value)
        elif flag in OWN:
            own[flag.lstrip("-")] = value
            echoed += [flag, value] if flag in ECHOED_OWN else []
        else:
            echoed += [flag, value]
            origins = {key: place for key, place in origins.items()
                       if key[0] != flag[2:]}  # the flag overrides the file
            if flag[2:] in PARAMETERS:
                parameters[flag[2:]] = split_values(flag[2:], value)
            else:
                formatting[flag[2:]] = value
    if args.files:
        gold, parsed = _positional(gold, parsed, echoed, args.files)
    # MaltEval's own values are refused before the comparison's options are read (a bad
    # --seed), as the command line has always told them; DepSettings checks them again, for
    # settings built from Python
    with blaming(source, origins):
        formatted = formatting_values(formatting)
        check_parameters(parameters)
    if "metric-order" in own:
        check_metric_order(own["metric-order"])
    check_files(gold, parsed)
    stat = formatting.get("stat")
    comparison = comparison_settings(argparse.Namespace(
        stat=stat if stat in METHODS else None,
        **{name: own.get(name) for name in ("seed", "resamples", "baseline", "metrics",
                                            "format")},
        plot=plots, html=own.get("html"), title=own.get("title")))
    chosen: dict[str, Any] = {name: own[flag] for flag, name in OWN_SETTINGS.items()
                              if flag in own}
    return DepSettings(tuple(gold), tuple(parsed),
                       {name: tuple(values) for name, values in parameters.items()},
                       **formatted, **chosen, plugins=tuple(plugins), json="json" in own,
                       signature="signature" in own, read_ahead=True, comparison=comparison,
                       evaluation_file=source, origins=origins, arguments=tuple(echoed))


def formatting_values(formatting: dict[str, str]) -> dict[str, Any]:
    """MaltEval's formatting arguments as the settings' values, each checked in the order
    given (:class:`~.refusals.ValueRefused` for a value MaltEval would not accept); ``stat``
    gives MaltEval's McNemar table (``1``; its tests are the comparison's) and ``output``
    ``STDOUT`` standard output.

    >>> formatting_values({"details": "1", "stat": "1", "output": "STDOUT", "pattern": "0.00"})
    {'details': True, 'malteval_stat': True, 'output': None, 'pattern': '0.00'}
    >>> formatting_values({"tab": "2"})
    Traceback (most recent call last):
    ...
    treeeval.dep.refusals.ValueRefused: option --tab needs 0 or 1, got '2'
    """
    values: dict[str, Any] = {}
    for name, value in formatting.items():
        if name in SWITCHES:
            if value not in ("0", "1"):
                raise ValueRefused(name, f"option --{name} needs 0 or 1, got {value!r}")
            values[SWITCHES[name]] = value == "1"
        elif name == "stat":
            if value not in STAT_VALUES:
                raise ValueRefused(name, f"option --stat needs one of {', '.join(STAT_VALUES)}, "
                                         f"got {value!r}")
            values["malteval_stat"] = value == "1"
        elif name == "pattern":
            check_pattern(value)
            values["pattern"] = value
        else:  # output
            values["output"] = None if value == "STDOUT" else value
    return values


def _positional(gold: list[str], parsed: list[str], echoed: list[str],
                files: list[str]) -> tuple[list[str], list[str]]:
    """``GOLD PARSED...``: as ``-g GOLD -s PARSED...`` given first (after ``-e``)."""
    if gold or parsed:
        raise UsageError("give the files as GOLD PARSED... or with -g and -s, not both")
    if len(files) < 2:
        raise UsageError(f"expected GOLD and PARSED files, got {len(files)} file argument(s)")
    start = 2 if echoed[:1] == ["-e"] else 0
    echoed[start:start] = ["-g", files[0], "-s", *files[1:]]
    return files[:1], files[1:]


def parse_dep_args(argv: Sequence[str]) -> DepSettings | None:
    """The settings of MaltEval-style arguments; None means help was printed.

    >>> s = parse_dep_args(["-g", "g.conll", "-s", "p.conll", "--stat", "ar", "--seed", "7"])
    >>> s.gold, s.parsed, s.malteval_stat, s.comparison.stat, s.comparison.seed
    (('g.conll',), ('p.conll',), False, 'ar', 7)
    """
    args = parse_command("dep", argv)
    return None if args is None else dep_settings(args)


def _check_place(flag: str, echoed: list[str]) -> None:
    """MaltEval's rules for where its flags go: each at most once, ``-e`` first.

    >>> _check_place("--details", ["-g", "g", "--details", "1"])
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: option --details is given twice (MaltEval aborts on it)
    """
    if flag in echoed:
        raise UsageError(f"option {flag} is given twice (MaltEval aborts on it)")
    if flag == "-e" and echoed:
        raise UsageError("-e must come before MaltEval's other flags (MaltEval aborts otherwise)")


def split_values(name: str, value: str) -> list[str]:
    """A parameter's values from the command line: ``;`` separates them.

    Empty Metric and GroupBy values are dropped, and so are empty values at the end (Java's
    ``split``).  A value's ``:format`` is kept for GroupBy only: MaltEval cuts it off any
    other parameter's value, so ``--ExcludeDeprels acl:relcl`` excludes ``acl``.  A complex
    GroupBy value separates its groups with ``#`` (``Cpostag@-1#Wordform@0``), as the
    MaltEval jar does, because ``;`` separates GroupBy values here (see
    :mod:`treeeval.dep.grouping.complex_groupby`).

    >>> split_values("ExcludeDeprels", ";punct"), split_values("GroupBy", "Token;Deprel:all")
    (['', 'punct'], ['Token', 'Deprel:all'])
    >>> split_values("ExcludeDeprels", "punct;;"), split_values("ExcludeDeprels", "acl:relcl")
    (['punct'], ['acl'])
    """
    values = value.split(";")
    if name in ("Metric", "GroupBy"):
        return [v for v in values if v]
    while len(values) > 1 and not values[-1]:
        values.pop()
    return [v.partition(":")[0] for v in values]
