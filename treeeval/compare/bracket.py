"""``treeeval bracket``'s run: one system's EVALB report (with ``--json``, ``--per-label``,
``--signature``), or several systems, each system's report then their comparison table
through the driver, with :class:`BracketSystems`, the bracket scorer's adapter; with
``--per-label``, the per-label table after it (or alone, in ``--format``'s format).

The metrics are the figures of EVALB's summary blocks (:mod:`treeeval.bracket.compare`);
a test pairs the gold lines, each sentence's EVALB counts.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, BinaryIO

from ..bracket import compare as metrics
from ..bracket.settings import signature_items
from ..errors import UsageError
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.notices import Notice, Notices
from ..policy.processes import second_process_pays
from ..tables.settings import ComparisonSettings
from ..tables.systems import check as check_table
from ..tables.systems import comparison_fields, comparison_table
from . import driver
from .adapter import Systems

if TYPE_CHECKING:
    from ..bracket.counts import SentenceCounts
    from ..bracket.label_scores import LabelCounts
    from ..bracket.result import EvalbResult
    from ..bracket.settings import BracketSettings
    from ..bracket.spans import BracketSpans
    from ..figures.model import FigureData
    from ..html.model import SystemSentences
    from ..stats import SentenceScores
    from ..tables.model import ComparisonTable, Metric, Number

#: how to read a bracket sentence of the report
READING = ("A sentence is numbered as EVALB numbers it (its line in both files); its F1 is "
           "of its EVALB counts (Error and Skip sentences are left out). Trees are shown as "
           "the files hold them; a bracket the other tree lacks (label and words, labels cut "
           "at - or =) is marked.")


class BracketSystems(Systems):
    """Several test files scored by EVALB against one gold file: the adapter of the bracket
    scorer (its runs are appended to :attr:`results` as they are scored)."""

    command = "bracket"
    reading = READING

    def __init__(self, settings: BracketSettings) -> None:
        from ..formats.prm import find_prm

        super().__init__(settings.gold, settings.tests,
                         [find_prm(name) for name in settings.prms])
        self.settings = settings
        self.cutoff = settings.params.cutoff_len
        self.results: list[EvalbResult] = []
        self._rows: list[SentenceCounts] | None = None
        self._incomplete: dict[int, str] = {}

    def offered(self) -> Sequence[str]:
        return metrics.metric_names(self.cutoff)

    def defaults(self, stat: str | None) -> Sequence[str]:
        return metrics.METRICS

    def column(self, metric: str) -> Metric:
        from ..tables.model import Metric

        return Metric(metric, header=metrics.header(metric, self.cutoff,
                                                    bool(self.settings.params.labeled)))

    def value(self, system: int, metric: str) -> Number | None:
        return metrics.metric_value(self.results[system], metric, self.cutoff)

    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        if self._rows is None:
            self._rows = [_kept(result) for result in self.results]
        return metrics.metric_counts(self._rows[system], metric, self.cutoff)

    def sentences(self) -> int:
        return max((len(result.sentences.per_line()) for result in self.results
                    if result.sentences is not None), default=0)

    def incomplete(self, system: int) -> str:
        # asked by the table, the figures, the per-label table and --json: the files'
        # lines are counted once
        if system not in self._incomplete:
            self._incomplete[system] = metrics.incompleteness(self.results[system], self.gold,
                                                              self.paths[system])
        return self._incomplete[system]

    def tested(self, stat: str, chosen: Sequence[str], asked: bool) -> tuple[str, ...]:
        metrics.check_stat(stat, chosen, self.cutoff)
        return tuple(chosen)

    def spans(self, system: int) -> BracketSpans:
        """A system's brackets, those its run kept (under -d/-D, which keep none, from a
        second scoring of the files)."""
        from ..bracket.span_scoring import file_spans

        result = self.results[system]
        if result.brackets is not None:
            return result.brackets.spans()
        return file_spans(self.gold, self.paths[system], self.settings.params)

    def label_counts(self, system: int) -> LabelCounts:
        from ..bracket.label_scores import label_counts

        return label_counts(self.spans(system))

    def figures(self) -> Mapping[str, FigureData]:
        from ..figures import f1_by_length, label_f1

        return {"f1_by_length": f1_by_length(dict(zip(self.labels, self.results))),
                "label_f1": label_f1({name: self.spans(index)
                                      for index, name in enumerate(self.labels)})}

    def worst(self, system: int, name: str) -> SystemSentences:
        """A system's worst sentences by F1 of EVALB's per-sentence counts (Error and Skip
        sentences left out; among equal scores the longest first), with the lines of both
        files."""
        from ..bracket.sentence_rates import sentence_rates
        from ..formats.text import lines_at
        from ..html import Sentence, SystemSentences, Trees, worst_sentences

        rows = _kept(self.results[system])
        f1 = sentence_rates(rows)["f1"]
        chosen = worst_sentences(f1, sizes=rows.length)
        lines = rows.line[chosen].tolist()
        trees = zip(lines_at(self.gold, lines), lines_at(self.paths[system], lines))
        return SystemSentences(name, "F1", [
            Sentence(line, float(f1[index]), Trees(gold, test))
            for line, index, (gold, test) in zip(lines, chosen.tolist(), trees)])


def _kept(result: EvalbResult) -> SentenceCounts:
    """A run's sentences, one per line (``SentenceCounts.per_line``)."""
    if result.sentences is None:
        raise ValueError("a compared run must keep its sentences (keep_sentences=True)")
    return result.sentences.per_line()


def check(settings: BracketSettings, comparison: ComparisonSettings) -> None:
    """Refuse, before anything is scored, what cannot go together (and a test the metrics
    cannot take, a baseline that is none of the systems, an unknown metric)."""
    comparison.check(several=settings.several, json=settings.json)
    if comparison.format and settings.json:
        raise UsageError("--format cannot go with --json (--format writes the comparison table "
                         "alone)")
    asked = [*comparison.given, *(["--metrics"] if comparison.metrics is not None else [])]
    if comparison.format and settings.per_label and asked:
        raise UsageError(f"{asked[0]} goes with the comparison table: --per-label --format "
                         "writes the per-label table, F1 by label, alone")
    systems = BracketSystems(settings)
    driver.check_targets(comparison, systems.inputs)
    if settings.several or comparison.format:
        check_table(systems, comparison)



def run(settings: BracketSettings, comparison: ComparisonSettings, out: BinaryIO,
        err: BinaryIO, notices: Notices) -> int:
    """``treeeval bracket``: the exit status (1 when MAX_ERROR killed a run).  With several
    systems, EVALB's messages about each system come on ``err`` after a line naming it (the
    line that heads its report); ``quiet`` leaves them out."""
    check(settings, comparison)
    if not settings.quiet:
        for message in settings.prm_messages:
            err.write(message.encode("latin-1") + b"\n")
    systems = BracketSystems(settings)
    compared = settings.several or comparison.format is not None
    headers = driver.system_headers(systems) if compared else []
    run_notes = []
    for index, test in enumerate(settings.tests):
        if compared and not (settings.json or comparison.format):
            out.write(headers[index])
        held = io.BytesIO() if settings.several or settings.quiet else None
        result, notes = _score(settings, comparison, test, out, err if held is None else held,
                               notices)
        if held is not None and not settings.quiet and held.getvalue():
            err.write(headers[index] + held.getvalue())  # whose messages they are
        systems.results.append(result)
        run_notes.append(notes)
        if settings.per_label and compared and not (settings.json or comparison.format):
            out.write(b"\n" + _per_label_text(systems, index))
    table = labels = None
    if settings.json:
        document = (_several_json(systems, comparison, run_notes) if compared
                    else _system_json(systems, comparison, 0, run_notes[0]))
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    elif compared:
        table = comparison_table(systems, comparison, notices,
                                 bracket_signature(systems, comparison))
        labels = _label_table(systems, comparison) if settings.per_label else None
        if labels is None or not comparison.format:
            driver.write_table(table, comparison, out)
        if labels is not None:
            driver.write_table(labels, comparison, out)
    else:
        if settings.per_label:
            out.write(b"\n" + _per_label_text(systems, 0))
        if settings.signature:
            out.write(signature.line(bracket_signature(systems, comparison)))
    driver.figures_and_report(systems, comparison, notices,
                              lambda: bracket_signature(systems, comparison), table,
                              () if labels is None else (labels,))
    return 1 if any(result.killed for result in systems.results) else 0


def _score(settings: BracketSettings, comparison: ComparisonSettings, test: str,
           out: BinaryIO, err: BinaryIO, notices: Notices) -> tuple[EvalbResult, list[Notice]]:
    """One system's run: EVALB's report on ``out`` (nothing with --json or --format), its
    messages on ``err``, its notices added (and returned); the sentences and brackets kept
    when --stat, --per-label, --plot or --html need them."""
    from ..bracket.partial import run_notices

    quiet = settings.json or comparison.format is not None
    report = open(os.devnull, "wb") if quiet else out  # noqa: SIM115 (closed below)
    try:
        result = (_score_in_turn(settings, test, report, err) if _small(settings, comparison, test)
                  else _score_in_blocks(settings, comparison, test, report, err))
    finally:
        if report is not out:
            report.close()
    run_notes = run_notices(result, settings.gold, test, settings.params)
    for notice in run_notes:
        notices.add(notice.message, path=notice.path, line=notice.line,
                    strict_only=notice.strict_only)
    return result, run_notes


def _small(settings: BracketSettings, comparison: ComparisonSettings, test: str) -> bool:
    """Whether a run is scored line by line, without numpy: two small files
    (:func:`treeeval.bracket.sequential.small`) of which the run keeps nothing (no test,
    figure, per-label table or ``--per-sentence`` file), scored with the default engine
    (``--jobs`` and ``--reference-engine`` ask for the block path's) and without
    ``--align`` (which scores through the blocks' characters)."""
    from ..bracket.sequential import small

    return (settings.jobs is None and not settings.reference_engine and not settings.per_label
            and settings.per_sentence is None and not settings.params.align
            and comparison.stat is None and not comparison.drawing
            and small(settings.gold, test))


def _score_in_turn(settings: BracketSettings, test: str, out: BinaryIO,
                   err: BinaryIO) -> EvalbResult:
    """A small run, line by line (:class:`treeeval.bracket.sequential.SequentialRun`)."""
    from ..bracket.sequential import SequentialRun

    return SequentialRun(settings.params, out, err, spmrl=settings.spmrl).run(settings.gold,
                                                                             test)


def _score_in_blocks(settings: BracketSettings, comparison: ComparisonSettings, test: str,
                     out: BinaryIO, err: BinaryIO) -> EvalbResult:
    """A run through the block path (:func:`treeeval.bracket.api.run_bracket_files`), on
    two processes when a second one pays, keeping what the comparison and the figures
    need."""
    from ..bracket.api import run_bracket_files

    jobs = settings.jobs
    if jobs is None:
        jobs = 2 if second_process_pays(settings.gold) else 1
    return run_bracket_files(
        settings.gold, test, settings.params, out, err, jobs=jobs,
        use_fast=not settings.reference_engine, per_sentence=settings.per_sentence,
        keep_sentences=comparison.stat is not None or comparison.drawing,
        keep_brackets=settings.per_label or comparison.drawing, prms=settings.prms,
        spmrl=settings.spmrl)


def _label_table(systems: BracketSystems, comparison: ComparisonSettings) -> ComparisonTable:
    """The per-label table of the systems (:func:`treeeval.bracket.compare.label_table`):
    titled ``TITLE: F1 by label`` (TITLE: the comparison table's), or by ``--title`` when
    ``--format`` writes it alone, with the run's signature then (in text, with
    ``--signature``)."""
    alone = comparison.format is not None
    title = comparison.titled(systems.title)
    count = range(len(systems.paths))
    return metrics.label_table(
        title if alone and comparison.title is not None
        else f"{title}: F1 by label" if title else "F1 by label",
        systems.names, [systems.label_counts(index) for index in count],
        [systems.incomplete(index) for index in count],
        bracket_signature(systems, comparison) if alone and comparison.table_signature else "")


def _per_label_text(systems: BracketSystems, index: int) -> bytes:
    from ..bracket.label_scores import render_label_counts

    return render_label_counts(systems.label_counts(index))


def _several_json(systems: BracketSystems, comparison: ComparisonSettings,
                  notes: Sequence[list[Notice]]) -> dict[str, object]:
    """The ``--json`` document of several systems: each system's file, whether MAX_ERROR
    killed its run, why it is incomplete (None when it is not), both blocks, its notices
    and, with ``--per-label``, its labels."""
    from ..bracket.totals import COLUMNS

    entries = []
    for index, (name, test, result) in enumerate(zip(systems.names, systems.paths,
                                                     systems.results)):
        fields: dict[str, object] = {
            "name": name, "test": test, "killed": result.killed,
            "incomplete": systems.incomplete(index) or None,
            "all": result.all_totals.to_dict(), "cutoff": result.cut_totals.to_dict(),
            "notices": [asdict(notice) for notice in notes[index]]}
        if systems.settings.per_label:
            fields["per_label"] = systems.label_counts(index).to_json()
        entries.append(fields)
    return envelope("bracket", bracket_signature(systems, comparison), gold=systems.gold,
                    params=systems.settings.params.to_dict(), systems=entries,
                    columns=list(COLUMNS))


def _system_json(systems: BracketSystems, comparison: ComparisonSettings, index: int,
                 notes: list[Notice]) -> dict[str, object]:
    """The one-system ``--json`` document (the API's ``bracket_json``, with ``per_label``
    when asked)."""
    from ..bracket.api import bracket_json

    document = bracket_json(systems.results[index], systems.gold, systems.paths[index],
                            systems.settings.params, bracket_signature(systems, comparison),
                            notes)
    if systems.settings.per_label:
        document["per_label"] = systems.label_counts(index).to_json()
    return document


def bracket_signature(systems: BracketSystems, comparison: ComparisonSettings) -> str:
    """The run's signature: the ``-p`` files, the settings EVALB counts with and the hash
    of the whole effective parameter set (``-d``, ``--jobs`` and the engine change no
    number); with a comparison table, its metrics and test (the driver's fields).

    >>> from treeeval.bracket.settings import BracketSettings, evalb_params
    >>> params = evalb_params([("-c", "20")])[0]
    >>> bracket_signature(BracketSystems(BracketSettings("g", ("t",), params)), ComparisonSettings())
    'cmd:bracket|prm:none|lab:1|cut:20|maxerr:10|params:2a70abb8|version:0.1.0'
    >>> systems = BracketSystems(BracketSettings("g", ("a.mrg", "b.mrg"), evalb_params([])[0]))
    >>> bracket_signature(systems, ComparisonSettings("ar", metrics="fmeasure"))
    'cmd:bracket|prm:none|lab:1|cut:40|maxerr:10|params:fd8da9c4|metrics:fmeasure|stat:ar|\
resamples:10000|seed:1|baseline:a|version:0.1.0'
    """
    settings = systems.settings
    compared = settings.several or comparison.format is not None
    return signature.build("bracket", [
        *signature_items(settings.params, settings.prms),
        *(comparison_fields(systems, comparison) if compared else [])])
