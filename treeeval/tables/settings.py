"""What a user asks of a comparison, checked: the test, its resamples and seed, the baseline,
the metrics, the table's format and title, the figures and the HTML report (frozen settings,
built from a command line by :func:`treeeval.arguments.comparison_settings` or from Python
directly).

>>> settings = ComparisonSettings("ar", metrics="LAS;MLAS", format="latex", title="WSJ 23")
>>> settings.metrics, settings.given, settings.table_signature, settings.titled("wsj23")
(('LAS', 'MLAS'), ('--stat',), True, 'WSJ 23')
>>> ComparisonSettings(resamples=0)
Traceback (most recent call last):
...
treeeval.errors.UsageError: option --resamples needs a number of at least 1, got 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..stats.defaults import DEFAULT_RESAMPLES, DEFAULT_SEED, METHODS
from .rendering import FORMATS

if TYPE_CHECKING:
    from .comparison import StatPlan


def _metric_names(spec: str | Sequence[str] | None) -> tuple[str, ...] | None:
    """``--metrics``' names (separated by ``;`` or ``,``), or a sequence of names as given.

    >>> _metric_names("LAS, MLAS"), _metric_names(["Lin errors"]), _metric_names(None)
    (('LAS', 'MLAS'), ('Lin errors',), None)
    """
    if spec is None:
        return None
    names = spec.replace(",", ";").split(";") if isinstance(spec, str) else spec
    return tuple(name.strip() for name in names if name.strip())


@dataclass(frozen=True)
class ComparisonSettings:
    """The options of several systems on one gold file (``GOLD SYS1 SYS2 ...``), the same in
    every scoring command.

    ``stat`` is the test (None: nothing is tested); ``baseline`` a system's file as given or
    its short name (None: the first system); ``metrics`` the table's metrics (None: the
    command's own choice); ``format`` writes the table alone in that format; ``plot`` the
    files the figures are drawn into; ``html`` the report's file; ``signature`` whether the
    text table ends with the run's signature; ``title`` the table's title (None: the gold
    file's name; '' none).  ``given`` names the options of the test that were given (by
    default those not at their default value), for the usage errors that name them.
    """

    stat: str | None = None
    seed: int = DEFAULT_SEED
    resamples: int = DEFAULT_RESAMPLES
    baseline: str | None = None
    metrics: tuple[str, ...] | None = None
    format: str | None = None
    plot: tuple[str, ...] = ()
    html: str | None = None
    signature: bool = False
    given: tuple[str, ...] = field(default=())
    title: str | None = None

    def __init__(self, stat: str | None = None, seed: int = DEFAULT_SEED,
                 resamples: int = DEFAULT_RESAMPLES, baseline: str | None = None,
                 metrics: str | Sequence[str] | None = None, format: str | None = None,
                 plot: Sequence[str] = (), html: str | None = None, signature: bool = False,
                 given: Sequence[str] | None = None, title: str | None = None) -> None:
        values = {"stat": stat, "seed": seed, "resamples": resamples, "baseline": baseline,
                  "metrics": _metric_names(metrics), "format": format, "plot": tuple(plot),
                  "html": html, "signature": signature, "title": title,
                  "given": tuple(given) if given is not None else tuple(
                      f"--{name}" for name, value, default in (
                          ("stat", stat, None), ("seed", seed, DEFAULT_SEED),
                          ("resamples", resamples, DEFAULT_RESAMPLES),
                          ("baseline", baseline, None)) if value != default)}
        for name, value in values.items():
            object.__setattr__(self, name, value)
        if stat is not None and stat not in METHODS:
            raise UsageError(f"option --stat needs one of {', '.join(METHODS)}, got {stat!r}")
        if seed < 0:
            raise UsageError(f"option --seed needs a number of at least 0, got {seed}")
        if resamples < 1:
            raise UsageError(f"option --resamples needs a number of at least 1, got {resamples}")
        if format is not None and format not in FORMATS:
            raise UsageError(f"option --format needs one of {', '.join(FORMATS)}, got {format!r}")

    @property
    def drawing(self) -> bool:
        """Whether the run draws figures or writes the HTML report."""
        return bool(self.plot or self.html)

    @property
    def table_signature(self) -> bool:
        """Whether the table carries the run's signature: with ``--signature``, and always in
        a format other than text (a file that travels alone)."""
        return self.signature or self.format not in (None, "text")

    def titled(self, default: str) -> str:
        """The table's title: ``title`` when given, else ``default`` (the gold file's name).

        >>> ComparisonSettings().titled("wsj23"), ComparisonSettings(title="").titled("wsj23")
        ('wsj23', '')
        """
        return default if self.title is None else self.title

    def check(self, *, several: bool, json: bool, systems: str = "systems",
              synopsis: str = "GOLD SYS1 SYS2 [...]") -> None:
        """The misuses every command refuses alike: an option of the test with one system,
        ``--stat`` or ``--metrics`` with ``--json`` (the table is ``--format json``), and
        ``--metrics`` or ``--title`` with one system and no ``--format`` (no table to choose
        the columns of, or to name).

        >>> ComparisonSettings(metrics="LAS").check(several=False, json=False, systems="answers")
        Traceback (most recent call last):
        ...
        treeeval.errors.UsageError: --metrics chooses the comparison table's metrics: give \
several answers or --format
        >>> ComparisonSettings("ar").check(several=False, json=False)
        Traceback (most recent call last):
        ...
        treeeval.errors.UsageError: --stat needs several systems: GOLD SYS1 SYS2 [...]
        """
        if self.given and not several:
            raise UsageError(f"{self.given[0]} needs several {systems}: {synopsis}")
        if json and (self.stat or self.metrics is not None):
            raise UsageError(f"{'--stat' if self.stat else '--metrics'} makes the comparison "
                             "table: use --format json, not --json")
        if self.metrics is not None and not (several or self.format):
            raise UsageError("--metrics chooses the comparison table's metrics: give several "
                             f"{systems} or --format")
        if self.title is not None and json:
            raise UsageError("--title names the comparison table: use --format, not --json")
        if self.title is not None and not (several or self.format):
            raise UsageError(f"--title names the comparison table: give several {systems} or "
                             "--format")

    def chosen(self, available: Sequence[str], default: Sequence[str] | None = None,
               headers: Mapping[str, str] | None = None) -> tuple[str, ...]:
        """The table's metrics: those of ``--metrics`` among ``available`` (in their order;
        each named by its key or by its header in ``headers``, key -> header), else
        ``default`` (all of ``available`` when None).

        >>> ComparisonSettings(metrics="MLAS;LAS").chosen(("UAS", "LAS", "MLAS"))
        ('LAS', 'MLAS')
        >>> ComparisonSettings(metrics="F1").chosen(("recall", "fmeasure"),
        ...                                         headers={"fmeasure": "F1"})
        ('fmeasure',)
        """
        if self.metrics is None:
            return tuple(available if default is None else default)
        from .comparison import metric_list  # the tables' machinery: only when comparing

        return metric_list(";".join(self.metrics) if self.metrics else "", available, headers)

    def plan(self, paths: Sequence[str], names: Sequence[str] | None = None) -> StatPlan | None:
        """The test asked (None: none), against the baseline among the systems' ``paths``
        (their files as given; ``names`` their short names); a baseline that is none of the
        systems is refused, test or not.

        >>> ComparisonSettings("ar", baseline="b").plan(["a.conll", "b.conll"])
        StatPlan(stat='ar', resamples=10000, seed=1, baseline=1)
        >>> ComparisonSettings(baseline="c").plan(["a.conll", "b.conll"])
        Traceback (most recent call last):
        ...
        treeeval.errors.UsageError: --baseline c is none of the systems (a.conll, b.conll)
        """
        if self.stat is None and self.baseline is None:
            return None
        from .comparison import StatPlan, baseline_index, system_names

        shown = list(names) if names is not None else system_names(paths)
        baseline = baseline_index(self.baseline, paths, shown)
        return None if self.stat is None else StatPlan(self.stat, self.resamples, self.seed,
                                                       baseline)
