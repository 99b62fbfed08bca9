"""``treeeval disco``'s run: one system's discodop report (with ``--json``, ``--signature``),
or several systems, each system's report then their comparison table through the driver,
with :class:`DiscoSystems`, the disco scorer's adapter.

The metrics are the figures of discodop's summary (:mod:`treeeval.disco.metrics`); a test
pairs the gold sentences, each system's per-sentence counts.  A system whose parses leave
gold sentences out, or whose run stopped at a located error (said on stderr after the line
naming it; the exit status is then 1), is incomplete: marked, never best, never tested.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, BinaryIO

from ..disco import metrics
from ..disco.run import DiscoCrash, DiscoRun, DiscoSettings, count_gold, in_effect, run_disco
from ..disco.signature_items import signature_items
from ..errors import InputError, UsageError
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.notices import Notices
from ..tables.settings import ComparisonSettings
from ..tables.systems import check as check_table
from ..tables.systems import comparison_fields, comparison_table
from . import driver
from .adapter import Systems

if TYPE_CHECKING:
    from ..disco.sentence_rows import SentenceRows
    from ..figures.model import FigureData
    from ..stats import SentenceScores
    from ..tables.model import Metric, Number


@dataclass(frozen=True)
class DiscoCommand:
    """A ``treeeval disco`` command line: discodop's settings (``base``, its ``parses``
    the first system's), the systems' files, and treeeval's own options."""

    base: DiscoSettings
    systems: tuple[str, ...]
    json: bool = False
    signature: bool = False

    @property
    def several(self) -> bool:
        return len(self.systems) > 1


class DiscoSystems(Systems):
    """Several parses files scored by discodop's rules against one gold file: the adapter
    of the disco scorer (each system's run in :attr:`runs`, with the error that stopped
    it, if any, in :attr:`errors`)."""

    command = "disco"

    def __init__(self, command: DiscoCommand) -> None:
        base = command.base
        super().__init__(base.gold, command.systems,
                         [path for path in (base.param, base.headrules) if path])
        self.settings = base
        self.runs: list[DiscoRun] = []
        self.errors: list[str] = []
        self._gold_sentences: int | None = None
        _, self.cutoff, *asked = in_effect(base)
        self.asked = tuple(bool(flag) for flag in asked)

    def system(self, index: int) -> DiscoSettings:
        """The settings of system ``index``'s run."""
        return replace(self.settings, parses=self.paths[index])

    def offered(self) -> Sequence[str]:
        la, ted, dep = self.asked
        return metrics.metric_names(self.cutoff, la, ted, dep, self.settings.disconly)

    def defaults(self, stat: str | None) -> Sequence[str]:
        return metrics.defaults(tuple(self.offered()), self.cutoff,
                                self.settings.functions != "remove")

    def column(self, metric: str) -> Metric:
        from ..tables.model import Metric

        return Metric(metric, header=metrics.header(metric, self.cutoff,
                                                    self.settings.disconly))

    def value(self, system: int, metric: str) -> Number | None:
        figure, cut = metrics.split(metric, self.cutoff)
        run = self.runs[system]
        return metrics.value(run.upto if cut else run.totals, figure)

    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        return metrics.sentence_scores(self._rows(system), metric, self.cutoff,
                                       self.sentences())

    def _rows(self, system: int) -> SentenceRows:
        rows = self.runs[system].rows
        if rows is None:
            raise ValueError("a compared run must keep its rows (DiscoRun(rows=...))")
        return rows

    def sentences(self) -> int:
        if self._gold_sentences is None:
            counted = [run.gold_sentences for run in self.runs if run.gold_sentences is not None]
            self._gold_sentences = counted[0] if counted else count_gold(self.settings)
        return self._gold_sentences

    def incomplete(self, system: int) -> str:
        run = self.runs[system]
        if self.errors[system]:
            return (f"stopped by an error after {run.scored:,} of {self.sentences():,} "
                    "sentences")
        if run.scored < self.sentences():
            return f"{run.scored:,} of {self.sentences():,} sentences"
        return ""

    def tested(self, stat: str, chosen: Sequence[str], asked: bool) -> tuple[str, ...]:
        if stat == "mcnemar":
            others = [name for name in chosen
                      if metrics.split(name, self.cutoff)[0] not in metrics.MCNEMAR_METRICS]
            if others:
                raise UsageError("--stat mcnemar applies to exact_match only (one outcome per "
                                 f"sentence), not to {', '.join(others)}: use --stat bootstrap "
                                 "or --stat ar, or --metrics exact_match")
        return tuple(chosen)

    def figures(self) -> Mapping[str, FigureData]:
        from ..figures.disco_data import SystemBrackets, disco_f1_by_length, disco_label_f1

        brackets = {}
        for index, name in enumerate(self.labels):
            rows, run = self._rows(index), self.runs[index]
            brackets[name] = SystemBrackets(
                rows.column("length"), rows.column("matched"), rows.column("gold_brackets"),
                rows.column("cand"), {label: (tally.matched, tally.cand, tally.gold)
                                      for label, tally in run.tables.categories.items()},
                metrics.value(run.totals, "fmeasure"))
        return {"f1_by_length": disco_f1_by_length(brackets),
                "label_f1": disco_label_f1(brackets)}


def _sentence_rows() -> SentenceRows:
    """Rows for the tests and figures (numpy's: not imported for a plain report)."""
    from ..disco.sentence_rows import SentenceRows

    return SentenceRows()


def check(command: DiscoCommand, comparison: ComparisonSettings) -> None:
    """Refuse, before anything is scored, what cannot go together."""
    synopsis = "GOLD SYS1 SYS2 [...] --param PARAM (or --param none)"
    comparison.check(several=command.several, json=command.json, systems="parses files",
                     synopsis=synopsis)
    if comparison.format and command.json:
        raise UsageError("--format cannot go with --json (--format writes the comparison table "
                         "alone)")
    if (command.json or comparison.format or comparison.drawing or command.several) and (
            command.base.verbose or command.base.debug):
        raise UsageError("--verbose and --debug go with one system's report, not with several "
                         "systems, --json, --format or --plot")
    systems = DiscoSystems(command)
    driver.check_targets(comparison, systems.inputs, ["f1_by_length", "label_f1"])
    if command.several or comparison.format:
        check_table(systems, comparison)


def run(command: DiscoCommand, comparison: ComparisonSettings, out: BinaryIO, err: BinaryIO,
        notices: Notices) -> int:
    """``treeeval disco``: the exit status (1 when an error stopped a system's run)."""
    check(command, comparison)
    systems = DiscoSystems(command)
    compared = command.several or comparison.format is not None
    quiet = command.json or comparison.format is not None
    keep = comparison.stat is not None or comparison.drawing
    headers = driver.system_headers(systems) if compared else []
    status = 0
    for index in range(len(systems.paths)):
        if compared and not quiet:
            out.write(headers[index])
        result = DiscoRun(rows=_sentence_rows() if keep else None)
        report = io.BytesIO() if quiet else out
        error = ""
        try:
            status = max(status, run_disco(systems.system(index), report, result))
        except (InputError, DiscoCrash) as exc:
            if not compared:
                raise
            error = str(exc)
            context = exc.context() if isinstance(exc, InputError) else ""
            out.flush()
            err.write(headers[index] + b"treeeval: error: " + error.encode("utf-8", "replace")
                      + b"\n" + (context.encode("utf-8", "replace") + b"\n" if context else b""))
            status = 1
        systems.runs.append(result)
        systems.errors.append(error)
    table = None
    if command.json:
        out.write(json.dumps(disco_json(systems, comparison), indent=2).encode() + b"\n")
    elif compared:
        table = comparison_table(systems, comparison, notices,
                                 disco_signature(systems, comparison))
        driver.write_table(table, comparison, out)
    elif command.signature:
        out.write(signature.line(disco_signature(systems, comparison)))
    driver.figures_and_report(systems, comparison, notices,
                              lambda: disco_signature(systems, comparison), table)
    return status


def disco_json(systems: DiscoSystems, comparison: ComparisonSettings) -> dict[str, object]:
    """The ``--json`` document (schema treeeval/schemas/disco.json): the gold file, the
    parameter file, the cutoff, and per system its file, the error that stopped its run,
    why it is incomplete (None when neither) and both summary columns (``all``, and
    ``cutoff``: the sentences up to the cutoff)."""
    names = tuple(name for name in systems.offered()
                  if not metrics.split(name, systems.cutoff)[1])
    entries = []
    for index, (name, path) in enumerate(zip(systems.names, systems.paths)):
        run = systems.runs[index]
        entries.append({
            "name": name, "parses": path, "error": systems.errors[index] or None,
            "incomplete": systems.incomplete(index) or None,
            "all": metrics.summary_json(run.totals, names),
            "cutoff": metrics.summary_json(run.upto, names)})
    base = systems.settings
    return envelope("disco", disco_signature(systems, comparison), gold=systems.gold,
                    param=base.param, cutoff=systems.cutoff, disconly=base.disconly,
                    gold_sentences=systems.sentences(), systems=entries)


def disco_signature(systems: DiscoSystems, comparison: ComparisonSettings) -> str:
    """The run's signature: the settings that change a number
    (:mod:`treeeval.disco.signature_items`) and, with a comparison table, its metrics and
    test (the driver's fields).

    >>> one = DiscoCommand(DiscoSettings("g", "p", cutofflen=20), ("p",))
    >>> disco_signature(DiscoSystems(one), ComparisonSettings())
    'cmd:disco|prm:none|cut:20|goldfmt:export|parsesfmt:export|goldenc:utf8|parsesenc:utf8|\
functions:remove|morphology:no|disconly:no|la:no|ted:no|version:0.1.0'
    """
    compared = len(systems.paths) > 1 or comparison.format is not None
    return signature.build("disco", [
        *signature_items(systems.settings),
        *(comparison_fields(systems, comparison) if compared else [])])

