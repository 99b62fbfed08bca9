"""What a ``treeeval dep`` run does, as one frozen settings object: the gold and parsed files,
MaltEval's evaluation parameters and formatting arguments, treeeval's own options and the
comparison of the systems, each value typed and checked, each default here.  Built from a
command line or an evaluation file (:mod:`.options`) or from Python; the engine reads its
attributes and never sees a flag.

>>> settings = DepSettings(("gold.conll",), ("a.conll", "b.conll"),
...                        {"Metric": ("LAS", "UAS"), "ExcludeDeprels": ("", "punct")})
>>> settings.metrics, settings.group_by, settings.merge_tables, settings.encoding
(('LAS', 'UAS'), ('Token',), True, 'utf-8')
>>> settings.parameter_settings
[{'ExcludeDeprels': ''}, {'ExcludeDeprels': 'punct'}]
>>> DepSettings(("gold.conll",), ("a.conll", "b.conll"), {"ExcludeDeprels": ("", "punct")},
...             comparison=ComparisonSettings("ar"))
Traceback (most recent call last):
...
treeeval.errors.UsageError: comparing the systems (--stat, --json, --format) with several \
values of a parameter is not supported
"""

from __future__ import annotations

import codecs
import itertools
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from ..errors import InputError, UsageError
from ..formats.headrules import DEFAULT_HEADS
from ..formats.malteval_xml import PARAMETERS, kind
from ..policy import signature
from ..tables.settings import ComparisonSettings
from .decimal_format import parse_pattern
from .refusals import ValueRefused

#: one value of each evaluation parameter given, other than Metric and GroupBy
Setting = dict[str, str]
#: where an evaluation file sets a parameter or formatting argument, and each of its values:
#: (name, None) or (name, value) -> (line, column)
Places = Mapping[tuple[str, str | None], tuple[int, int]]
#: the orders of several Metric values: MaltEval's (hash map) order, the default, or the one
#: given on the command line
METRIC_ORDERS = ("malteval", "given")
#: the variants of ``--report``, and the flags that may follow one after a colon
REPORTS, REPORT_FLAGS = ("evalpl", "eval07"), "qpb"
#: the signature's key of each MaltEval evaluation parameter, in the signature's order
SIGNATURE_KEYS = {"Metric": "metric", "GroupBy": "group", "MinSentenceLength": "minlen",
                  "MaxSentenceLength": "maxlen", "ExcludeWordforms": "xform",
                  "ExcludeLemmas": "xlemma", "ExcludeCpostags": "xcpos",
                  "ExcludePostags": "xpos", "ExcludeFeats": "xfeats",
                  "ExcludeDeprels": "xdeprel", "ExcludePdeprels": "xpdeprel",
                  "ExcludeUnicodePunc": "xupunc"}


@dataclass(frozen=True)
class DepSettings:
    """One dep run.

    The files: ``gold`` (several: cross-validation folds) and ``parsed``.  MaltEval's
    evaluation ``parameters``, each name given (by a flag or the evaluation file) with its
    values, in the order MaltEval puts them into its table (:mod:`.combinations`); GroupBy
    values keep their ``:format``.  MaltEval's formatting arguments: ``details`` (None: not
    given, each table's own default), ``header_info``, ``row_header``, ``tab``, ``pattern``
    (a DecimalFormat pattern; None: MaltEval's default), ``output`` (a file, or a folder
    with one file per parsed file; None: standard output), ``malteval_stat`` (MaltEval's
    ``--stat 1``: McNemar's z of every pair of parsed files), ``confusion_matrix``,
    ``merge_tables`` and ``micro_average``.  Treeeval's own: the head table ``heads`` that
    converts bracketed input, the EVALB parameter file ``prm`` whose DELETE_LABEL rules drop
    tokens, the ``charset`` of CoNLL and MaltTab files (None: not given, UTF-8), the
    ``postag`` and ``deprel`` files of valid tags, GroupBy ``plugins``, eval.pl's ``report``
    (``evalpl`` or ``eval07``, optionally with ``:FLAGS``) instead of MaltEval's tables, the
    ``metric_order`` of several Metric values (``malteval``: MaltEval's, ``given``: as
    given), ``json`` and ``signature``, and ``read_ahead``: a large parsed file read in a
    second process while the gold file is read (:mod:`.read_ahead`; the command line's
    choice, off for settings built from Python, which may run in a process that must not
    fork); ``comparison``,
    the comparison of the systems (its test, resamples, seed, baseline, metrics, table
    format, figures and HTML report).  Where the settings come from: the
    ``evaluation_file`` and the ``origins`` of its values that no flag overrides (a value it
    holds that cannot be used is blamed there), and the ``arguments`` the header block
    repeats (the command line's).
    """

    gold: tuple[str, ...]
    parsed: tuple[str, ...]
    parameters: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    details: bool | None = None
    header_info: bool = True
    row_header: bool = True
    tab: bool = False
    pattern: str | None = None
    output: str | None = None
    malteval_stat: bool = False
    confusion_matrix: bool = False
    merge_tables: bool = True
    micro_average: bool = False
    heads: str = DEFAULT_HEADS
    prm: str | None = None
    charset: str | None = None
    postag: str | None = None
    deprel: str | None = None
    plugins: tuple[str, ...] = ()
    report: str | None = None
    metric_order: str = "malteval"
    json: bool = False
    signature: bool = False
    read_ahead: bool = False
    comparison: ComparisonSettings = field(default_factory=ComparisonSettings)
    evaluation_file: str | None = None
    origins: Places = field(default_factory=dict, hash=False)
    arguments: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("gold", "parsed", "plugins", "arguments"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        object.__setattr__(self, "parameters", MappingProxyType(
            {name: tuple(values) for name, values in self.parameters.items()}))
        object.__setattr__(self, "origins", MappingProxyType(dict(self.origins)))
        with self.blaming_file():
            self._check()

    def _check(self) -> None:
        """Refuse what the run cannot do, in the order the command line's rules are told."""
        unknown = [name for name in self.parameters if name not in PARAMETERS]
        if unknown:
            raise ValueError(f"unknown evaluation parameter {unknown[0]!r} (parameters: "
                             f"{', '.join(PARAMETERS)})")
        check_pattern(self.pattern)
        check_parameters(self.parameters)
        check_metric_order(self.metric_order)
        check_files(self.gold, self.parsed)
        self._check_comparison()
        if self.report is not None:
            split_report(self.report)
            if len(self.gold) > 1:
                raise UsageError("--report evalpl takes one gold file")
            return
        if self.json and len(self.gold) > 1:
            raise UsageError("--json takes one gold file")
        if not self.json and self.evaluation_file is not None and "Metric" not in self.parameters:
            raise ValueRefused("Metric", "the evaluation file sets no Metric (nor does "
                                         "--Metric): MaltEval fails on such an evaluation (a "
                                         "NullPointerException)")
        if self.charset is not None:
            check_charset(self.charset)
        if self.compared:
            if len(self.parameter_settings) > 1:
                raise UsageError("comparing the systems (--stat, --json, --format) with several "
                                 "values of a parameter is not supported")
            self.compared_metrics()

    def _check_comparison(self) -> None:
        """The options of several systems where they do not apply: ``--baseline`` and
        ``--metrics`` without a comparison, ``--format`` with ``--json`` or ``--report``,
        ``--baseline`` with ``--json`` (the table's baseline: ``--format json``), ``--plot``
        or ``--html`` with ``--report``, any of them with several gold files, and ``--plot``
        or ``--html`` with several values of an Exclude or sentence-length parameter (the
        figures count the tokens of one evaluation).

        >>> DepSettings(("g",), ("p1", "p2"), comparison=ComparisonSettings(baseline="p2"))
        Traceback (most recent call last):
        ...
        treeeval.errors.UsageError: --baseline needs a comparison: --stat mcnemar|bootstrap|ar, --format or --json
        """
        comparison = self.comparison
        given = {"format": comparison.format is not None, "json": self.json,
                 "report": self.report is not None, "baseline": comparison.baseline is not None,
                 "metrics": comparison.metrics is not None, "plot": bool(comparison.plot),
                 "html": comparison.html is not None}
        for name in ("baseline", "metrics"):
            if given[name] and not self.compared:
                raise UsageError(f"--{name} needs a comparison: --stat mcnemar|bootstrap|ar, "
                                 "--format or --json")
        for first, second in (("format", "json"), ("format", "report"), ("baseline", "json"),
                              ("plot", "report"), ("html", "report")):
            if given[first] and given[second]:
                hint = "; --format json writes the table" if second == "json" else ""
                raise UsageError(f"--{first} cannot go with --{second}{hint}")
        self.check_one_gold(len(self.gold))
        drawn = ("--html compares the systems" if given["html"] else
                 "--plot draws the figures of one evaluation" if given["plot"] else "")
        if drawn and len(self.parameter_settings) > 1:
            raise UsageError(f"{drawn}: give one value of each parameter other than Metric and "
                             "GroupBy")

    def check_one_gold(self, files: int) -> None:
        """Refuse ``--format``, ``--baseline``, ``--metrics``, ``--html`` or ``--plot`` with
        several gold files (``files``: how many: as given, or with directories expanded).

        >>> DepSettings(("g",), ("p",), comparison=ComparisonSettings(plot=["f.png"])
        ...             ).check_one_gold(2)
        Traceback (most recent call last):
        ...
        treeeval.errors.UsageError: --plot takes one gold file
        """
        comparison = self.comparison
        several = [f"--{name}" for name, value in (
            ("format", comparison.format), ("baseline", comparison.baseline),
            ("metrics", comparison.metrics), ("html", comparison.html)) if value is not None]
        if (several or comparison.plot) and files > 1:
            raise UsageError(f"{(several or ['--plot'])[0]} takes one gold file")

    @contextmanager
    def blaming_file(self) -> Iterator[None]:
        """Turn a :class:`~.refusals.ValueRefused` raised inside into an InputError at the
        value's place in the evaluation file, when the value came from there (else it stays
        a usage error): :func:`blaming`."""
        with blaming(self.evaluation_file, self.origins):
            yield

    @property
    def metrics(self) -> tuple[str, ...]:
        """The Metric values (LAS by default)."""
        return self.parameters.get("Metric") or ("LAS",)

    @property
    def group_by(self) -> tuple[str, ...]:
        """The GroupBy values, each with its ``:format`` if it has one (Token by default)."""
        return self.parameters.get("GroupBy") or ("Token",)

    @property
    def parameter_settings(self) -> list[Setting]:
        """Every combination of the values of the parameters other than Metric and GroupBy.

        >>> DepSettings(("g",), ("p",), {"ExcludeDeprels": ("", "punct"),
        ...             "MaxSentenceLength": ("10", "40")}).parameter_settings
        ... # doctest: +NORMALIZE_WHITESPACE
        [{'MaxSentenceLength': '10', 'ExcludeDeprels': ''},
         {'MaxSentenceLength': '10', 'ExcludeDeprels': 'punct'},
         {'MaxSentenceLength': '40', 'ExcludeDeprels': ''},
         {'MaxSentenceLength': '40', 'ExcludeDeprels': 'punct'}]
        """
        names = [name for name in PARAMETERS if name not in ("Metric", "GroupBy")
                 and name in self.parameters]
        return [dict(zip(names, values)) for values in itertools.product(
            *(list(dict.fromkeys(self.parameters[name])) for name in names))]

    @property
    def encoding(self) -> str:
        """The encoding of CoNLL and MaltTab files: ``charset``, UTF-8 by default."""
        return self.charset or "utf-8"

    @property
    def report_variant(self) -> str | None:
        """eval.pl's variant of ``report`` (``evalpl`` or ``eval07``; None: MaltEval's tables).

        >>> DepSettings(("g",), ("p",), report="evalpl:qp").report_variant
        'evalpl'
        """
        return None if self.report is None else split_report(self.report)[0]

    @property
    def report_flags(self) -> str:
        """eval.pl's flags of ``report``: q (quiet), p (punctuation counts), b (EVALB's table).

        >>> DepSettings(("g",), ("p",), report="eval07:pb").report_flags
        'pb'
        """
        return "" if self.report is None else split_report(self.report)[1]

    @property
    def compared(self) -> bool:
        """Does the run compare its systems: a test (``--stat mcnemar|bootstrap|ar``),
        ``json`` or a table format?"""
        return self.comparison.stat is not None or self.json or self.comparison.format is not None

    @property
    def test(self) -> str | None:
        """The test of the comparison: the comparison's (``--stat mcnemar|bootstrap|ar``),
        McNemar's for ``json`` with MaltEval's ``--stat 1`` (its McNemar tables are not
        printed then), or None: no test was asked for (``json`` and a table format alone
        give the scores without tests).

        >>> DepSettings(("g",), ("p", "q"), json=True).test is None
        True
        >>> DepSettings(("g",), ("p", "q"), json=True, malteval_stat=True).test
        'mcnemar'
        """
        if self.comparison.stat is None and self.json and self.malteval_stat:
            return "mcnemar"
        return self.comparison.stat

    def compared_metrics(self) -> tuple[str, ...]:
        """The metrics the comparison shows and tests (:func:`.compare.chosen_metrics`): the
        comparison's metrics, else the Metric values when given, else LAS, UAS, LA and Lin
        errors.

        >>> DepSettings(("g",), ("p", "q"), {"Metric": ("UAS",)}, json=True).compared_metrics()
        ('UAS',)
        """
        from .compare import chosen_metrics  # numpy and the tests: only for a comparison

        metrics = self.comparison.metrics
        return chosen_metrics(None if metrics is None else ";".join(metrics),
                              self.parameters.get("Metric") or None)


def signature_items(settings: DepSettings, *,
                    converted: bool = False) -> list[tuple[str, signature.Value]]:
    """The signature's fields of the settings of a dep run, but its comparison (docs/dep.md,
    "The signature"): eval.pl's ``report`` alone, or MaltEval's evaluation parameters
    (Metric and GroupBy always, the others when given), the ``-e`` file, the head table when
    bracketed input is ``converted``, the ``prm`` file, the charset when given, plug-ins and
    the micro-average.  The one home of these fields for ``treeeval dep --signature`` and
    :class:`treeeval.metrics.Attachment`.

    >>> settings = DepSettings(("g",), ("p",), {"ExcludeDeprels": ("punct|dep",)})
    >>> signature.build("dep", signature_items(settings))
    'cmd:dep|metric:LAS|group:Token|xdeprel:punct%7Cdep|version:0.1.0'
    >>> signature_items(DepSettings(("g",), ("p",), report="evalpl:p"))
    [('report', 'evalpl:p')]
    """
    from ..formats.headrules import find_heads
    from ..formats.prm import find_prm

    if settings.report is not None:
        return [("report", settings.report)]
    shown = {**settings.parameters, "Metric": settings.metrics, "GroupBy": settings.group_by}
    if settings.json:  # no MaltEval table: its metrics are those compared (metrics:)
        del shown["Metric"], shown["GroupBy"]
    items: list[tuple[str, signature.Value]] = [
        (key, shown.get(name)) for name, key in SIGNATURE_KEYS.items()]
    return items + [
        ("eval", Path(settings.evaluation_file) if settings.evaluation_file else None),
        ("heads", find_heads(settings.heads) if converted else None),
        ("prm", find_prm(settings.prm) if settings.prm is not None else None),
        ("charset", settings.charset), ("plugin", list(settings.plugins) or None),
        ("micro", True if settings.micro_average else None)]


@contextmanager
def blaming(evaluation_file: str | None, origins: Places) -> Iterator[None]:
    """Turn a :class:`~.refusals.ValueRefused` raised inside into an InputError at the value's
    place in ``evaluation_file`` (``origins``: where it sets each name and value), when the
    value came from there (else it stays a usage error).

    >>> with blaming("eval.xml", {("details", None): (2, 2)}):
    ...     raise ValueRefused("details", "option --details needs 0 or 1, got '7'")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: eval.xml:2:2: formatting argument details needs 0 or 1, got '7'
    """
    try:
        yield
    except ValueRefused as exc:
        place = next((where for (name, value), where in origins.items()
                      if name == exc.option and value is not None
                      and exc.value in (value, value.partition(":")[0])),
                     origins.get((exc.option, None)))
        if place is None:
            raise
        message = str(exc).replace(f"option --{exc.option} ", f"{kind(exc.option)} "
                                   f"{exc.option} ")
        raise InputError(message, path=evaluation_file, line=place[0],
                         column=place[1]) from None


def split_report(report: str) -> tuple[str, str]:
    """``--report VARIANT[:FLAGS]``: eval.pl's variant and its flags, checked.

    >>> split_report("evalpl"), split_report("eval07:qb")
    (('evalpl', ''), ('eval07', 'qb'))
    >>> split_report("evalpl:x")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --report needs evalpl or eval07, optionally followed by \
:FLAGS from q, p and b (e.g. evalpl:qp), got 'evalpl:x'
    """
    variant, _, flags = report.partition(":")
    if variant not in REPORTS or set(flags) - set(REPORT_FLAGS):
        raise UsageError(f"--report needs evalpl or eval07, optionally followed by :FLAGS "
                         f"from q, p and b (e.g. evalpl:qp), got {report!r}")
    return variant, flags


def check_pattern(pattern: str | None) -> None:
    """Refuse a ``--pattern`` that is no DecimalFormat pattern.

    >>> check_pattern("0.00%"), check_pattern(None)
    (None, None)
    >>> check_pattern("0.0.0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    treeeval.dep.refusals.ValueRefused: option --pattern '0.0.0': ...
    """
    if pattern is None:
        return
    try:
        parse_pattern(pattern)
    except ValueError as exc:
        raise ValueRefused("pattern", f"option --pattern {pattern!r}: {exc}") from None


def check_parameters(parameters: Mapping[str, Sequence[str]]) -> None:
    """Refuse sentence-length bounds that are not whole numbers and ExcludeUnicodePunc values
    other than 0 and 1.

    >>> check_parameters({"MaxSentenceLength": ["40", "ten"]})
    Traceback (most recent call last):
    ...
    treeeval.dep.refusals.ValueRefused: option --MaxSentenceLength needs a whole number, got 'ten'
    """
    for name in ("MinSentenceLength", "MaxSentenceLength"):
        for value in parameters.get(name, ()):
            if not value.isdigit():
                raise ValueRefused(name, f"option --{name} needs a whole number, got {value!r}",
                                   value)
    for value in parameters.get("ExcludeUnicodePunc", ()):
        if value not in ("0", "1"):
            raise ValueRefused("ExcludeUnicodePunc", "option --ExcludeUnicodePunc needs 0 or 1",
                               value)


def check_metric_order(order: str) -> None:
    """Refuse an order of several Metric values other than ``given`` and ``malteval``.

    >>> check_metric_order("random")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: option --metric-order needs malteval or given, got 'random'
    """
    if order not in METRIC_ORDERS:
        raise UsageError(f"option --metric-order needs malteval or given, got {order!r}")


def check_files(gold: Sequence[str], parsed: Sequence[str]) -> None:
    """Refuse a run without gold files or without parsed files.

    >>> check_files(["g.conll"], [])
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: expected gold file(s) (-g) and parsed file(s) (-s)
    """
    if not gold or not parsed:
        raise UsageError("expected gold file(s) (-g) and parsed file(s) (-s)")


def check_charset(name: str) -> str:
    """``--charset NAME``: the name back if Python knows the encoding, else a UsageError.

    >>> check_charset("ISO-8859-1")
    'ISO-8859-1'
    >>> check_charset("klingon")
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: unknown character set 'klingon' (--charset)
    """
    try:
        codecs.lookup(name)
    except LookupError:
        raise UsageError(f"unknown character set {name!r} (--charset)") from None
    return name
