"""The command line of ``treeeval dep``: MaltEval's flags and its evaluation files (``-e``).

>>> o = parse_dep_args(["-g", "g.conll", "-s", "p.conll", "--GroupBy", "Deprel:all"])
>>> o.gold, o.parsed, o.groupby, o.switch("details", False)
(['g.conll'], ['p.conll'], ['Deprel:all'], False)
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..arguments import comparison_settings, parse_command
from ..errors import InputError, UsageError
from ..formats.malteval_xml import PARAMETERS, Origins, kind, read_evaluation_file
from .decimal_format import parse_pattern
from .refusals import ValueRefused

if TYPE_CHECKING:
    from ..tables.settings import ComparisonSettings
#: formatting arguments whose value is 0 or 1
SWITCHES = ("micro-average", "header-info", "row-header", "details", "tab",
            "confusion-matrix", "merge-tables")
#: the values ``--stat`` takes: MaltEval's 0 and 1, and treeeval's tests
STAT_VALUES = ("0", "1", "mcnemar", "bootstrap", "ar")
#: treeeval's own options that take a value
OWN = ("--metric-order", "--heads", "-p", "--plugin", "--report", "--seed", "--resamples",
       "--charset", "--postag", "--deprel", "--baseline", "--metrics", "--format", "--plot",
       "--html")
#: treeeval's own options that change a number: the header's echo names them (MaltEval's
#: options are echoed as MaltEval echoes them)
ECHOED_OWN = ("--heads", "-p", "--charset", "--plugin", "--seed", "--resamples",
              "--baseline", "--metrics")
#: treeeval's own options without a value
OWN_SWITCHES = ("--json", "--signature")


@dataclass
class DepOptions:
    """The parsed command line of ``treeeval dep``.

    ``parameters`` maps an evaluation parameter to its values (a list: several values are
    evaluated in turn), ``formatting`` a formatting argument to its value and ``own`` one
    of treeeval's options (without its dashes) to its value.
    """

    arguments: list[str]
    gold: list[str]
    parsed: list[str]
    parameters: dict[str, list[str]] = field(default_factory=dict)
    formatting: dict[str, str] = field(default_factory=dict)
    own: dict[str, str] = field(default_factory=dict)
    plugins: list[str] = field(default_factory=list)
    #: the files of ``--plot``
    plots: list[str] = field(default_factory=list)
    #: the evaluation file (-e) the settings came from, if any
    source: str | None = None
    #: where the evaluation file sets each parameter or formatting argument that no flag
    #: overrides, and each of its values: (name, None) or (name, value) -> (line, column)
    origins: Origins = field(default_factory=dict)

    @property
    def metrics(self) -> list[str]:
        """The Metric values (LAS by default)."""
        return self.parameters.get("Metric") or ["LAS"]

    @property
    def groupby(self) -> list[str]:
        """The GroupBy values, each with its ``:format`` if it has one (Token by default)."""
        return self.parameters.get("GroupBy") or ["Token"]

    def switch(self, name: str, default: bool) -> bool:
        """A 0/1 formatting argument's value."""
        return self.formatting.get(name, "1" if default else "0") != "0"

    def comparing(self) -> ComparisonSettings:
        """The options of several systems (:func:`treeeval.arguments.comparison_settings`): the test
        of ``--stat mcnemar|bootstrap|ar`` (None for MaltEval's ``--stat 0|1``), ``--seed``,
        ``--resamples``, ``--baseline``, ``--metrics``, ``--format`` and ``--plot``, checked.

        >>> o = parse_dep_args(["g", "p1", "p2", "--stat", "ar", "--seed", "7"])
        >>> o.comparing().stat, o.comparing().seed, o.comparing().given
        ('ar', 7, ('--stat', '--seed'))
        """
        stat = self.formatting.get("stat")
        return comparison_settings(argparse.Namespace(
            stat=stat if stat in STAT_VALUES[2:] else None,
            **{name: self.own.get(name) for name in ("seed", "resamples", "baseline",
                                                     "metrics", "format")},
            plot=self.plots, html=self.own.get("html")))

    @contextmanager
    def blaming_file(self) -> Iterator[None]:
        """Turn a :class:`ValueRefused` raised inside into an InputError at the value's place
        in the evaluation file, when the value came from there (else it stays a usage error).

        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "eval.xml")
        >>> _ = open(path, "w").write('<evaluation>\\n <formatting argument="details" '
        ...                           'format="7"/>\\n</evaluation>')
        >>> parse_dep_args(["-e", path, "-g", "g", "-s", "p"])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        treeeval.errors.InputError: .../eval.xml:2:2: formatting argument details needs 0 or 1...
        """
        try:
            yield
        except ValueRefused as exc:
            place = next((where for (name, value), where in self.origins.items()
                          if name == exc.option and value is not None
                          and exc.value in (value, value.partition(":")[0])),
                         self.origins.get((exc.option, None)))
            if place is None:
                raise
            message = str(exc).replace(f"option --{exc.option} ", f"{kind(exc.option)} "
                                       f"{exc.option} ")
            raise InputError(message, path=self.source, line=place[0],
                             column=place[1]) from None


def dep_options(args: argparse.Namespace) -> DepOptions:
    """The options of a parsed command line, with MaltEval's rules checked on the flags in
    the order given; ``GOLD PARSED...`` is ``-g GOLD -s PARSED...``.

    >>> from treeeval.arguments import parse_command
    >>> o = dep_options(parse_command("dep", ["-g", "g.conll", "-s", "p.conll", "--Metric",
    ...     "LAS;UAS", "--ExcludeDeprels", ";punct|dep", "--heads", "modcollins"]))
    >>> o.gold, o.parsed, o.metrics, o.groupby, o.parameters["ExcludeDeprels"], o.own
    (['g.conll'], ['p.conll'], ['LAS', 'UAS'], ['Token'], ['', 'punct|dep'], {'heads': 'modcollins'})
    >>> o.arguments  # the header's echo: every option that changes a number
    ['-g', 'g.conll', '-s', 'p.conll', '--Metric', 'LAS;UAS', '--ExcludeDeprels', ';punct|dep', '--heads', 'modcollins']
    >>> dep_options(parse_command("dep", ["g", "p1", "p2", "--Metric", "UAS"])).arguments
    ['-g', 'g', '-s', 'p1', 'p2', '--Metric', 'UAS']
    """
    options = DepOptions([], [], [])
    echoed: list[str] = []
    malteval: list[str] = []  # MaltEval's flags, whose place MaltEval's rules check
    for flag, value in args.given:
        if flag not in OWN and flag not in OWN_SWITCHES:
            _check_place(flag, malteval)
            malteval.append(flag)
        if flag in ("-g", "-s"):
            taken = options.gold if flag == "-g" else options.parsed
            taken.extend(value)
            echoed += [flag, *value]
        elif flag in OWN_SWITCHES:
            options.own[flag.lstrip("-")] = "1"
        elif flag == "-v":
            raise UsageError("MaltEval's tree viewer (-v 1) is `treeeval browse GOLD PARSED` here")
        elif flag == "-e":
            echoed += [flag, value]
            options.source = value
            found = read_evaluation_file(value)
            options.parameters.update(found.parameters)
            options.formatting.update(found.formatting)
            options.origins = found.origins
        elif flag == "--plugin":
            options.plugins.append(value)
            echoed += [flag, value]
        elif flag == "--plot":
            options.plots.append(value)
        elif flag in OWN:
            options.own[flag.lstrip("-")] = value
            echoed += [flag, value] if flag in ECHOED_OWN else []
        else:
            echoed += [flag, value]
            options.origins = {key: place for key, place in options.origins.items()
                               if key[0] != flag[2:]}  # the flag overrides the file
            if flag[2:] in PARAMETERS:
                options.parameters[flag[2:]] = split_values(flag[2:], value)
            else:
                options.formatting[flag[2:]] = value
    if args.files:
        _positional(options, echoed, args.files)
    with options.blaming_file():
        check_values(options)
    if not options.gold or not options.parsed:
        raise UsageError("expected gold file(s) (-g) and parsed file(s) (-s)")
    options.arguments = echoed
    return options


def _positional(options: DepOptions, echoed: list[str], files: list[str]) -> None:
    """``GOLD PARSED...``: as ``-g GOLD -s PARSED...`` given first (after ``-e``)."""
    if options.gold or options.parsed:
        raise UsageError("give the files as GOLD PARSED... or with -g and -s, not both")
    if len(files) < 2:
        raise UsageError(f"expected GOLD and PARSED files, got {len(files)} file argument(s)")
    options.gold, options.parsed = files[:1], files[1:]
    start = 2 if echoed[:1] == ["-e"] else 0
    echoed[start:start] = ["-g", files[0], "-s", *files[1:]]


def parse_dep_args(argv: Sequence[str]) -> DepOptions | None:
    """Parse MaltEval-style arguments; None means help was printed.

    >>> o = parse_dep_args(["-g", "g.conll", "-s", "p.conll", "--GroupBy", "Deprel:all"])
    >>> o.gold, o.parsed, o.groupby
    (['g.conll'], ['p.conll'], ['Deprel:all'])
    """
    args = parse_command("dep", argv)
    return None if args is None else dep_options(args)


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


def check_values(options: DepOptions) -> None:
    """Refuse (:class:`ValueRefused`) formatting values MaltEval would not accept, and
    sentence-length bounds that are not whole numbers."""
    for name, value in options.formatting.items():
        if name in SWITCHES and value not in ("0", "1"):
            raise ValueRefused(name, f"option --{name} needs 0 or 1, got {value!r}")
        if name == "stat" and value not in STAT_VALUES:
            raise ValueRefused(name, f"option --stat needs one of {', '.join(STAT_VALUES)}, "
                                     f"got {value!r}")
        if name == "pattern":
            try:
                parse_pattern(value)
            except ValueError as exc:
                raise ValueRefused(name, f"option --pattern {value!r}: {exc}") from None
    for name in ("MinSentenceLength", "MaxSentenceLength"):
        for value in options.parameters.get(name, []):
            if not value.isdigit():
                raise ValueRefused(name, f"option --{name} needs a whole number, got {value!r}",
                                   value)
    for value in options.parameters.get("ExcludeUnicodePunc", []):
        if value not in ("0", "1"):
            raise ValueRefused("ExcludeUnicodePunc", "option --ExcludeUnicodePunc needs 0 or 1",
                               value)
    order = options.own.get("metric-order", "given")
    if order not in ("given", "malteval"):
        raise UsageError(f"option --metric-order needs given or malteval, got {order!r}")
