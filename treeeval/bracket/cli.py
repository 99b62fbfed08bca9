"""``treeeval bracket``: EVALB's command line, read left to right as EVALB reads it.

A parameter file given with ``-p`` takes effect where it stands: it overrides the
``-e``/``-c``/``-d`` options before it and is overridden by those after it.  Only the first
letter of a cluster counts (``-dD`` is ``-d``), as in EVALB.  Long options add what EVALB
lacks without changing its output.

>>> from treeeval.arguments import parse_command
>>> options = bracket_options(parse_command("bracket", ["-e", "3", "-p", "COLLINS.prm",
...                                                     "-c", "20", "-dD", "gold", "test"]))
>>> options.params.max_error, options.params.cutoff_len, options.params.debug, options.prms
(10, 20, 1, ['COLLINS.prm'])
"""

from __future__ import annotations

import argparse
import json
import os
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from ..arguments import (
    Comparing,
    add_comparison,
    add_signature,
    add_strict,
    check_comparing,
    comparing,
    examples,
    run_command,
    stat_plan,
    whole_number,
)
from ..errors import UsageError
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.inputs import input_file, shown
from ..policy.notices import Notice, Notices

if TYPE_CHECKING:
    from ..html import SystemSentences
    from ..tables import ComparisonTable
    from .label_scores import LabelCounts
    from .params import EvalbParams
    from .run import RunResult
    from .spans import BracketSpans

DESCRIPTION = """\
Score bracketed constituency trees in TEST against GOLD exactly as EVALB does.
Options are applied left to right, as EVALB applies them: a -p file overrides the
options before it, and the options after it override the file.  A gold file and several
test files give each system's report, headed by a line naming it, then their comparison
table; with --stat each system is tested against the baseline on every metric."""

#: the figures of ``--plot``, in the order they are drawn
FIGURES = ("f1_by_length", "label_f1")

#: input larger than this (gold bytes) is scored in two processes by default
PARALLEL_THRESHOLD = 16 << 20


class InOrder(argparse.Action):
    """Records EVALB's options as (option, value) pairs in the order given (``args.evalb``),
    to be applied left to right once parsing is done."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        namespace.evalb = [*getattr(namespace, "evalb", []), (option_string, values)]


def evalb_clusters(argv: list[str]) -> list[str]:
    """EVALB reads only the first letter of ``-dD``, ``-Dx``...: the rest is dropped.

    >>> evalb_clusters(["-dD", "-D", "-Dd", "-c5", "gold"])
    ['-d', '-D', '-D', '-c5', 'gold']
    """
    return [arg[:2] if re.fullmatch(r"-[dD].+", arg) else arg for arg in argv]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """EVALB's options (recorded in order) and treeeval's long options."""
    parser.usage = ("%(prog)s [-d|-D] [-c N] [-e N] [-p PRM]... GOLD TEST [--json]\n"
                    "                        [--per-sentence FILE.jsonl] [--jobs N]"
                    " [--reference-engine] [--signature] [--strict]\n"
                    "                        [--per-label] [--plot FILE] [--html FILE]\n"
                    "       treeeval bracket [options] [--stat {bootstrap,ar,mcnemar} [--seed N]"
                    " [--resamples N]]\n"
                    "                        [--baseline SYS] [--metrics LIST] [--format F]"
                    " GOLD SYS1 SYS2 [...]")
    parser.description = DESCRIPTION
    parser.epilog = examples("treeeval bracket -p COLLINS.prm gold.txt test.txt",
                             "treeeval bracket -p COLLINS.prm gold.txt test.txt --json",
                             "treeeval bracket -p COLLINS.prm --stat ar --metrics "
                             "'recall;precision;fmeasure' --format latex gold.mrg a.mrg b.mrg")
    parser.rewrite = evalb_clusters  # type: ignore[attr-defined]
    parser.set_defaults(evalb=[])
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD TEST",
                        help="the gold file and one test file, or several (one per system)")
    evalb = parser.add_argument_group("EVALB's options, applied left to right")
    evalb.add_argument("-p", action=InOrder, type=input_file, metavar="PRM",
                       help="EVALB parameter file; a bundled one (COLLINS.prm, new.prm, "
                            "nk.prm, spmrl.prm) is found by name when no such file exists here")
    evalb.add_argument("-e", action=InOrder, metavar="N",
                       help="errors tolerated before the run is killed (MAX_ERROR)")
    evalb.add_argument("-c", action=InOrder, metavar="N",
                       help="length cut-off of the second summary block (CUTOFF_LEN)")
    evalb.add_argument("-d", action=InOrder, nargs=0, help="per-sentence tables")
    evalb.add_argument("-D", action=InOrder, nargs=0,
                       help="per-sentence tables with EVALB's tracing too")
    own = parser.add_argument_group("treeeval's options")
    own.add_argument("--json", action="store_true",
                     help="write the totals as JSON (schema treeeval/1) instead of the report")
    own.add_argument("--per-sentence", metavar="FILE.jsonl",
                     help="write one JSON object per sentence to FILE.jsonl (JSON Lines)")
    own.add_argument("--jobs", metavar="N",
                     help="score in N processes (default: 2 when the input is large)")
    own.add_argument("--reference-engine", action="store_true",
                     help="score every sentence with the exact per-sentence engine (slow)")
    own.add_argument("--per-label", action="store_true",
                     help="add per-label recall, precision, F1 and counts after each report "
                          "(labels cut at - or =, as EVALB compares them); in --json too")
    add_comparison(parser, metrics_example="recall;precision;fmeasure",
                   stat_help="test each system against the baseline on every metric: paired "
                             "bootstrap (95%% CIs) or approximate randomization over gold "
                             "sentences (Bikel's comparator); mcnemar applies to "
                             "complete_match only",
                   plot="bracket F1 by sentence length and by label",
                   html="the comparison table, the bracket figures and each system's "
                        "20 worst sentences by F1, gold and system trees side by side")
    add_signature(own)
    add_strict(own)


@dataclass
class BracketOptions:
    """The parsed command line of ``treeeval bracket``."""

    params: EvalbParams
    gold: str
    tests: list[str]
    json: bool = False
    per_sentence: str | None = None
    jobs: int | None = None
    reference_engine: bool = False
    signature: bool = False
    prm_messages: list[str] = field(default_factory=list)
    #: the -p names, in order (inputs of the run: never overwritten)
    prms: list[str] = field(default_factory=list)
    per_label: bool = False
    #: the options of several systems (``--stat``, ``--format``, ``--plot``, ``--html`` ...)
    comparing: Comparing = Comparing()

    @property
    def test(self) -> str:
        """The first (with one system, the) test file."""
        return self.tests[0]

    @property
    def systems(self) -> bool:
        """Whether several test files are compared."""
        return len(self.tests) > 1

    @property
    def drawing(self) -> bool:
        """Whether the run draws figures or writes the HTML report (which need the
        sentences and their brackets)."""
        return bool(self.comparing.plot or self.comparing.html)

    def names(self) -> list[str]:
        """The systems' short names (``treeeval.tables.comparison.system_names``)."""
        from ..tables.comparison import system_names

        return system_names(self.tests)

    def metric_names(self) -> tuple[str, ...]:
        """The metrics of the table: those of ``--metrics``, else the ``-- All --`` figures."""
        from ..tables.comparison import metric_list
        from .compare import METRICS, metric_names

        if self.comparing.metrics is None:
            return METRICS
        return metric_list(self.comparing.metrics, metric_names(self.params.cutoff_len))


def bracket_options(args: argparse.Namespace) -> BracketOptions:
    """Apply EVALB's options left to right; check the files, the numbers and the options of
    several systems."""
    params, messages, prms = evalb_params(args.evalb)
    if len(args.files) < 2:
        raise UsageError(f"expected GOLD and TEST files, got {len(args.files)} file argument(s)")
    jobs = None if args.jobs is None else whole_number(args.jobs, "--jobs", minimum=1)
    options = BracketOptions(params, args.files[0], args.files[1:], json=args.json,
                             per_sentence=args.per_sentence, jobs=jobs,
                             reference_engine=args.reference_engine, signature=args.signature,
                             prm_messages=messages, prms=prms, per_label=args.per_label)
    _comparison_options(args, options)
    return options


def _comparison_options(args: argparse.Namespace, options: BracketOptions) -> None:
    """``--stat`` and its company only with several systems (``--format``, ``--metrics``
    with ``--format`` and ``--plot`` also with one), and what cannot go together."""
    given = comparing(args)
    if given.given and not options.systems:
        raise UsageError(f"{given.given[0]} needs several systems: GOLD SYS1 SYS2 [...]")
    check_comparing(given, several=options.systems, json=options.json)
    if given.format and (options.json or options.per_label):
        raise UsageError(f"--format cannot go with {'--json' if options.json else '--per-label'}"
                         " (--format writes the comparison table alone)")
    if options.per_sentence and options.systems:
        raise UsageError("--per-sentence writes one system's sentences: give one TEST file")
    if given.plot:
        from ..figures import figure_format

        for path in given.plot:
            figure_format(path)
    options.comparing = given
    if given.html:
        from ..formats.prm import find_prm
        from ..policy.outputs import check_output

        check_output(given.html, [options.gold, *options.tests,
                                  *(find_prm(name) for name in options.prms)])
    if options.systems or options.comparing.format:
        from ..tables.comparison import baseline_index
        from .compare import check_stat

        metrics = options.metric_names()
        if options.comparing.stat is not None:
            check_stat(options.comparing.stat, metrics, options.params.cutoff_len)
        baseline_index(options.comparing.baseline, options.tests, options.names())


def evalb_params(given: list[tuple[str, object]]) -> tuple[EvalbParams, list[str], list[str]]:
    """EVALB's options applied left to right: the parameters, the messages of the ``-p``
    files (EVALB prints them on stderr) and the ``-p`` names in order.

    >>> params, messages, prms = evalb_params([("-c", "10"), ("-p", "COLLINS.prm"), ("-D", [])])
    >>> params.cutoff_len, params.debug, prms
    (40, 2, ['COLLINS.prm'])
    """
    from .params import EvalbParams, c_int, load_params

    params = EvalbParams()
    messages: list[str] = []
    prms: list[str] = []
    for option, value in given:
        if option == "-p":
            messages.extend(load_params([str(value)], params)[1])
            prms.append(str(value))
        elif option in ("-c", "-e"):
            number = c_int(whole_number(str(value), option))
            if option == "-c":
                params.cutoff_len = number
            else:
                params.max_error = number
        else:
            params.debug = 1 if option == "-d" else 2
    return params, messages, prms


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval bracket``: returns the exit status."""
    options = bracket_options(args)
    for message in options.prm_messages:
        err.write(message.encode("latin-1") + b"\n")
    if options.systems or options.comparing.format:
        return _run_systems(options, out, err, args.notices)
    result, notes = _score(options, options.test, out, err, args.notices)
    if options.json:
        document = _system_json(options, options.test, result, notes)
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    else:
        if options.per_label:
            out.write(b"\n" + _per_label_text(options, options.test, result))
        if options.signature:
            out.write(signature.line(bracket_signature(options)))
    _figures_and_report(options, [result], None, args.notices)
    return 1 if result.killed else 0


def _score(options: BracketOptions, test: str, out: BinaryIO, err: BinaryIO,
           notices: Notices) -> tuple[RunResult, list[Notice]]:
    """One system's run: EVALB's report on ``out`` (nothing with --json or --format), its
    messages on ``err``, its notices added (and returned); the sentences and brackets kept
    when --stat, --per-label or --plot need them."""
    from .api import run_bracket_files
    from .partial import run_notices

    jobs = options.jobs
    if jobs is None:
        jobs = 2 if _large(options.gold) and (os.cpu_count() or 1) > 1 else 1
    quiet = options.json or options.comparing.format is not None
    report = open(os.devnull, "wb") if quiet else out
    try:
        result = run_bracket_files(
            options.gold, test, options.params, report, err, jobs=jobs,
            use_fast=not options.reference_engine, per_sentence=options.per_sentence,
            keep_sentences=options.comparing.stat is not None or options.drawing,
            keep_brackets=options.per_label or options.drawing, prms=options.prms)
    finally:
        if report is not out:
            report.close()
    run_notes = run_notices(result, options.gold, test, options.params)
    for notice in run_notes:
        notices.add(notice.message, path=notice.path, line=notice.line,
                    strict_only=notice.strict_only)
    return result, run_notes


def _run_systems(options: BracketOptions, out: BinaryIO, err: BinaryIO,
                 notices: Notices) -> int:
    """GOLD SYS1 SYS2 ...: each system's report headed by ``=== NAME: GOLD TEST`` (and its
    per-label block), then the comparison table as text; with ``--format`` the table alone;
    with ``--json`` one document listing the systems."""
    results, notes, table = [], [], None
    for name, test in zip(options.names(), options.tests):
        if not (options.json or options.comparing.format):
            out.write(f"=== {name}: {shown(options.gold)} {shown(test)}\n".encode())
        result, run_notes = _score(options, test, out, err, notices)
        results.append(result)
        notes.append(run_notes)
        if options.per_label and not options.json:
            out.write(b"\n" + _per_label_text(options, test, result))
    if options.json:
        document = _envelope(options, systems=[
            {"name": name, **_system_fields(options, test, result, run_notes)}
            for name, test, result, run_notes in zip(options.names(), options.tests, results,
                                                      notes)])
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    else:
        from ..tables import render

        table = _comparison(options, results, notices)
        if options.comparing.format:
            out.write(render(table, options.comparing.format).encode())
        else:
            out.write(b"\n" + render(table, "text").encode())
    _figures_and_report(options, results, table, notices)
    return 1 if any(result.killed for result in results) else 0


def _comparison(options: BracketOptions, results: list[RunResult],
                notices: Notices) -> ComparisonTable:
    """The comparison table of the systems (and their tests with ``--stat``, unless the gold
    file has no sentence to pair: then a notice); its signature shown in text only with
    ``--signature``."""
    from .compare import comparison_table

    testing = stat_plan(options.comparing, options.tests, options.names())
    if testing is not None and not any(r.sentences is not None and len(r.sentences)
                                       for r in results):
        notices.add("the gold file holds no sentence: --stat tests nothing", path=options.gold)
        testing = None
    shown = bracket_signature(options) if options.signature or options.comparing.format not in (
        None, "text") else ""
    return comparison_table(os.path.splitext(os.path.basename(options.gold))[0],
                            options.names(), results, options.metric_names(),
                            options.params.cutoff_len, signature=shown,
                            testing=testing)


def _envelope(options: BracketOptions, **fields: object) -> dict[str, object]:
    from .counts import COLUMNS

    return envelope("bracket", bracket_signature(options), gold=options.gold,
                    params=options.params.to_dict(), **fields,
                    columns=list(COLUMNS))


def _system_fields(options: BracketOptions, test: str, result: RunResult,
                   notes: list[Notice]) -> dict[str, object]:
    """A system's part of the ``--json`` document: its file, whether MAX_ERROR killed the run,
    both blocks, its notices and, with ``--per-label``, its labels."""
    fields: dict[str, object] = {
        "test": test, "killed": result.killed, "all": result.all_totals.to_dict(),
        "cutoff": result.cut_totals.to_dict(),
        "notices": [asdict(notice) for notice in notes]}
    if options.per_label:
        fields["per_label"] = _label_counts(options, test, result).to_json()
    return fields


def _system_json(options: BracketOptions, test: str, result: RunResult,
                 notes: list[Notice]) -> dict[str, object]:
    """The one-system ``--json`` document (the API's ``bracket_json``, with ``per_label``
    when asked)."""
    from .api import bracket_json

    document = bracket_json(result, options.gold, test, options.params,
                            bracket_signature(options), notes)
    if options.per_label:
        document["per_label"] = _label_counts(options, test, result).to_json()
    return document


def _spans(options: BracketOptions, test: str, result: RunResult) -> BracketSpans:
    """A system's brackets, those its run kept (under -d/-D, which keep none, from a second
    scoring of the files)."""
    from .spans import file_spans

    if result.brackets is not None:
        return result.brackets.spans()
    return file_spans(options.gold, test, options.params)


def _label_counts(options: BracketOptions, test: str, result: RunResult) -> LabelCounts:
    from .label_scores import label_counts

    return label_counts(_spans(options, test, result))


def _per_label_text(options: BracketOptions, test: str, result: RunResult) -> bytes:
    from .label_scores import render_label_counts

    return render_label_counts(_label_counts(options, test, result)).encode("latin-1")


def _figures_and_report(options: BracketOptions, results: list[RunResult],
                        table: ComparisonTable | None, notices: Notices) -> None:
    """``--plot FILE``: F1 by sentence length and by label of every system, from its run;
    ``--html FILE``: the report (``table``, or the comparison table made here, without its
    signature, which heads the page; the figures; each system's worst sentences by F1; the
    run's notices so far, as warnings)."""
    if not options.drawing:
        return
    from ..figures import draw, f1_by_length, label_f1, plot_paths

    names = options.names()
    spans = {name: _spans(options, test, result)
             for name, test, result in zip(names, options.tests, results)}
    figures = {"f1_by_length": f1_by_length(dict(zip(names, results))),
               "label_f1": label_f1(spans)}
    for path in options.comparing.plot:
        for figure, target in plot_paths(path, FIGURES).items():
            draw(figures[figure], target)
    if options.comparing.html:
        from dataclasses import replace

        from ..formats.prm import find_prm
        from ..html import Report, write_html

        table = replace(table or _comparison(options, results, notices), signature="")
        worst = [_worst(options, name, test, result)
                 for name, test, result in zip(names, options.tests, results)]
        write_html(Report(f"treeeval bracket: {table.title}", "bracket",
                          bracket_signature(options), (table,), tuple(figures.values()), worst,
                          [f"warning: {notice.text()}" for notice in notices.shown()],
                          READING),
                   options.comparing.html, [options.gold, *options.tests,
                                  *(find_prm(name) for name in options.prms)])


#: how to read a bracket sentence of the report
READING = ("A sentence is numbered as EVALB numbers it (its line in both files); its F1 is "
           "of its EVALB counts (Error and Skip sentences are left out). Trees are shown as "
           "the files hold them; a bracket the other tree lacks (label and words, labels cut "
           "at - or =) is marked.")


def _worst(options: BracketOptions, name: str, test: str, result: RunResult) -> SystemSentences:
    """A system's worst sentences by F1 of EVALB's per-sentence counts (among equal scores
    the longest first), with the lines of both files."""
    import numpy as np

    from ..figures.model import precision_recall_f1
    from ..formats.text import lines_at
    from ..html import Sentence, SystemSentences, Trees, worst_sentences

    rows = result.sentences
    assert rows is not None  # kept for --html
    f1 = precision_recall_f1(rows.matched, rows.test, rows.matched, rows.gold)[2]
    chosen = worst_sentences(np.where(rows.status == 0, f1, np.nan), sizes=rows.length)
    lines = rows.line[chosen].tolist()
    trees = zip(lines_at(options.gold, lines), lines_at(test, lines))
    return SystemSentences(name, "F1", [
        Sentence(line, float(f1[index]), Trees(gold, system))
        for line, index, (gold, system) in zip(lines, chosen.tolist(), trees)])


def bracket_signature(options: BracketOptions) -> str:
    """The run's signature: the ``-p`` files, the settings EVALB counts with and the hash
    of the whole effective parameter set (``-d``, ``--jobs`` and the engine change no
    number).

    >>> from treeeval.arguments import parse_command
    >>> bracket_signature(bracket_options(parse_command("bracket", ["-c", "20", "g", "t"])))
    'cmd:bracket|prm:none|lab:1|cut:20|maxerr:10|params:2a70abb8|version:0.1.0'

    With several systems it names the metrics asked for and the test: ``--stat``, its
    resamples and seed, and the baseline.

    >>> bracket_signature(bracket_options(parse_command("bracket", [
    ...     "--stat", "ar", "--metrics", "fmeasure", "g", "a.mrg", "b.mrg"])))
    'cmd:bracket|prm:none|lab:1|cut:40|maxerr:10|params:fd8da9c4|metrics:fmeasure|stat:ar|\
resamples:10000|seed:1|baseline:a|version:0.1.0'
    """
    from ..formats.prm import find_prm

    params = options.params
    return signature.build("bracket", [
        ("prm", [find_prm(name) for name in options.prms] or "none"),
        ("lab", params.labeled), ("cut", params.cutoff_len), ("maxerr", params.max_error),
        ("params", signature.digest(params.to_dict())), *_comparison_signature(options)])


def _comparison_signature(options: BracketOptions) -> list[tuple[str, object]]:
    """The signature's fields of a comparison table: the metrics asked for, the test, its
    resamples and seed, and the baseline by its short name (none when nothing is tested)."""
    if not (options.systems or options.comparing.format):
        return []
    from ..tables.comparison import signature_fields

    return signature_fields(options.comparing.metrics and options.metric_names(),
                            stat_plan(options.comparing, options.tests, options.names()),
                            options.names())


def run_bracket(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval bracket ARGV...`` in process: the exit status."""
    return run_command("bracket", argv, out, err)


def _large(path: str) -> bool:
    try:
        return os.path.getsize(path) > PARALLEL_THRESHOLD
    except OSError:
        return False
