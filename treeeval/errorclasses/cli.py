"""``treeeval errors``: the parse error classes of Kummerfeld et al. (2012).

>>> from treeeval.arguments import parse_command
>>> args = parse_command("errors", ["gold.mrg", "a.mrg", "b.mrg", "--json", "-p", "COLLINS.prm"])
>>> options = errors_options(args)
>>> options.gold, options.tests, options.json, [p.name for p in options.prms]
('gold.mrg', ['a.mrg', 'b.mrg'], True, ['COLLINS.prm'])
"""

from __future__ import annotations

import argparse
import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..arguments import Comparing, add_comparison, add_signature, add_strict, comparing, examples, stat_plan
from ..errors import UsageError
from ..policy import signature
from ..policy.inputs import input_file
from ..tables.comparison import StatPlan, metric_list, signature_fields, system_names

if TYPE_CHECKING:
    from ..bracket.params import EvalbParams
    from ..html import SystemSentences
    from ..policy.notices import Notices
    from ..tables import ComparisonTable
    from .api import ErrorsResult, Repair, SystemErrors

DESCRIPTION = """\
Classify the bracket errors of each TEST file against GOLD as Kummerfeld, Hall, Curran and
Klein's classifier does ("Parser Showdown at the Wall Street Corral", EMNLP 2012): the test
tree is repaired into the gold tree by the classifier's greedy search and each repair is
named (PP Attachment, Co-ordination, Unary, ...).  Trees are paired one per line, as the
classifier pairs them; both files need the same root label.  With --stat, --metrics or
--format the systems' comparison table (counts, lower is better) follows the report (or,
with --format, stands alone); --stat tests each system against the baseline over the
sentences, on all the bracket errors unless --metrics names the classes to test."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files, ``-p``, ``--json`` and ``--per-sentence``."""
    parser.usage = ("%(prog)s GOLD TEST [TEST ...] [-p PRM]... [--json]"
                    " [--per-sentence FILE.jsonl] [--signature]\n"
                    "       treeeval errors [options] [--stat {bootstrap,ar} [--seed N] "
                    "[--resamples N]]\n"
                    "                       [--baseline SYS] [--metrics LIST] [--format F] "
                    "[--html FILE]\n                       GOLD TEST1 TEST2 [...]")
    parser.description = DESCRIPTION
    parser.epilog = examples("treeeval errors gold.mrg berkeley.mrg",
                             "treeeval errors gold.mrg berkeley.mrg --per-sentence repairs.jsonl",
                             "treeeval errors gold.mrg a.mrg b.mrg --stat ar --metrics "
                             "'PP Attachment;bracket errors' --format latex")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD TEST",
                        help="the gold file, then one or more test files")
    parser.add_argument("-p", dest="prms", action="append", default=[], type=input_file,
                        metavar="PRM",
                        help="EVALB parameter file: its DELETE_LABEL lines replace the "
                             "classifier's own deletion of -NONE- and punctuation (bundled "
                             "files found by name)")
    parser.add_argument("--json", action="store_true",
                        help="write the classes as JSON (schema treeeval/1) instead of the "
                             "report")
    parser.add_argument("--per-sentence", metavar="FILE.jsonl",
                        help="write each sentence's repairs to FILE.jsonl (JSON Lines, one "
                             "line per system and sentence)")
    add_comparison(parser, metrics_example="PP Attachment;bracket errors",
                   stat_help="test each system against the baseline over the sentences: "
                             "paired bootstrap (95%% CIs) or approximate randomization of "
                             "the per-sentence counts (mcnemar does not apply: a count has no "
                             "per-word outcome)",
                   html="the comparison table and each system's 20 sentences with the "
                        "most bracket errors, gold and system trees side by side")
    add_signature(parser)
    add_strict(parser)


@dataclass
class ErrorsOptions:
    """The parsed command line of ``treeeval errors``."""

    gold: str
    tests: list[str]
    prms: list[Path] = field(default_factory=list)
    json: bool = False
    per_sentence: str | None = None
    signature: bool = False
    comparing: Comparing = field(default_factory=Comparing)

    @property
    def table(self) -> bool:
        """Whether the comparison table is written (asked by one of its options)."""
        given = self.comparing
        return bool(given.given or given.metrics or given.format)

    @property
    def inputs(self) -> list[str | Path]:
        """Every file the run reads (what ``--per-sentence`` and ``--html`` never write
        over)."""
        return [self.gold, *self.tests, *self.prms]


def errors_options(args: argparse.Namespace) -> ErrorsOptions:
    """The options of a parsed command line: a gold file and at least one test file.

    >>> from treeeval.arguments import parse_command
    >>> errors_options(parse_command("errors", ["g", "a", "b", "--stat", "mcnemar"]))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat mcnemar does not apply to error counts (no per-word \
outcome): use --stat bootstrap or --stat ar
    """
    from ..formats.prm import find_prm

    if len(args.files) < 2:
        raise UsageError("expected GOLD and at least one TEST file, "
                         f"got {len(args.files)} file argument(s)")
    given = comparing(args)
    if given.stat == "mcnemar":
        raise UsageError("--stat mcnemar does not apply to error counts (no per-word outcome): "
                         "use --stat bootstrap or --stat ar")
    if given.given and len(args.files) < 3:
        raise UsageError(f"{given.given[0]} needs several systems: GOLD TEST1 TEST2 [...]")
    if args.json and (given.format or given.stat or given.metrics):
        option = "--format" if given.format else "--stat" if given.stat else "--metrics"
        raise UsageError(f"{option} makes the comparison table: use --format json, not "
                         "--json")
    options = ErrorsOptions(args.files[0], args.files[1:], [find_prm(p) for p in args.prms],
                            args.json, args.per_sentence, args.signature, given)
    if given.html:
        from ..policy.outputs import check_output

        check_output(given.html, options.inputs)
    return options


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval errors``: returns the exit status."""
    from ..bracket.params import load_params
    from ..policy.outputs import output_file
    from ..tables import render as render_table
    from .api import classify_errors
    from .report import errors_json, render, write_sentences

    options = errors_options(args)
    params = None
    if options.prms:
        params, messages = load_params(options.prms)
        for message in messages:
            err.write(message.encode("latin-1") + b"\n")
    with contextlib.ExitStack() as stack:
        sink = None
        if options.per_sentence:
            sink = stack.enter_context(output_file(options.per_sentence, options.inputs))
        result = classify_errors(options.gold, options.tests, params=params)
        if sink is not None:
            write_sentences(result, sink)
    table = None
    if options.json:
        described = None if params is None else {
            "delete_label": [label.decode("latin-1") for label in params.delete_label]}
        document = errors_json(result, described, errors_signature(options, params))
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    elif options.comparing.format:
        table = _comparison(options, params, result, args.notices,
                            shown=options.signature or options.comparing.format != "text")
        out.write(render_table(table, options.comparing.format).encode("utf-8"))
    elif options.table:
        out.write(render(result).encode("utf-8") + b"\n")
        table = _comparison(options, params, result, args.notices, shown=options.signature)
        out.write(render_table(table, "text").encode("utf-8"))
    else:
        out.write(render(result).encode("utf-8"))
        if options.signature:
            out.write(signature.line(errors_signature(options, params)))
    if options.comparing.html:
        _report(options, params, result, table, args.notices)
    return 0


def _report(options: ErrorsOptions, params: EvalbParams | None, result: ErrorsResult,
            table: ComparisonTable | None, notices: Notices) -> None:
    """``--html FILE``: the comparison table (``table``, or the one made here; without its
    signature, which heads the page), each system's sentences with the most bracket errors
    and the run's notices so far, as warnings."""
    from dataclasses import replace

    from ..html import Report, write_html

    table = replace(table or _comparison(options, params, result, notices, shown=False),
                    signature="")
    worst = [_worst(options, name, system)
             for name, system in zip(system_names(options.tests), result.systems)]
    write_html(Report(f"treeeval errors: {Path(options.gold).stem}", "errors",
                      errors_signature(options, params, result), (table,), (), worst,
                      [f"warning: {notice.text()}" for notice in notices.shown()], READING),
               options.comparing.html, options.inputs)


#: how to read a sentence of the report
READING = ("A sentence is numbered by its line in both files, its trees shown as the files "
           "hold them; its heading names the classes of its repairs. A bracket the other "
           "tree lacks (label and words, labels cut at - or =) is marked; the classifier "
           "compares the trees after deleting -NONE- and punctuation (or -p's labels).")


def _worst(options: ErrorsOptions, name: str, system: SystemErrors) -> SystemSentences:
    """A system's sentences with the most bracket errors (those the classifier repaired;
    among equal counts the one with the most repairs first), each headed by the classes of
    its repairs."""
    import numpy as np

    from ..formats.text import lines_at
    from ..html import Sentence, SystemSentences, Trees, worst_sentences

    errors = np.array([-sentence.errors if sentence.status == "ok" else np.nan
                       for sentence in system.sentences])
    chosen = [system.sentences[index] for index in worst_sentences(
        errors, sizes=np.array([len(sentence.repairs) for sentence in system.sentences]))]
    numbers = [sentence.sentence for sentence in chosen]
    trees = zip(lines_at(options.gold, numbers), lines_at(system.test, numbers))
    return SystemSentences(name, "bracket errors", [
        Sentence(sentence.sentence, float(sentence.errors), Trees(gold, test),
                 _classes(sentence.repairs))
        for sentence, (gold, test) in zip(chosen, trees)], counts=True)


def _classes(repairs: list[Repair]) -> str:
    """The classes of a sentence's repairs, the most frequent first, each with its count.

    >>> from .api import Repair
    >>> _classes([Repair("Unary", "add", 1, (0, 2), "NP"), Repair("PP Attachment", "move", 2,
    ...           (1, 2), "PP"), Repair("PP Attachment", "move", 2, (3, 4), "PP")])
    'PP Attachment ×2, Unary'
    """
    from collections import Counter

    return ", ".join(f"{name} ×{count}" if count > 1 else name
                     for name, count in Counter(repair.name for repair in repairs).most_common())


def _plan(options: ErrorsOptions, notices: Notices | None = None,
          sentences: int | None = None) -> StatPlan | None:
    """The test of ``--stat`` (None: none asked, or no sentence to test over: then a
    notice)."""
    plan = stat_plan(options.comparing, options.tests, system_names(options.tests))
    if plan is not None and sentences == 0 and notices is not None:
        notices.add("no sentence is paired: --stat tests nothing", path=options.gold)
        return None
    return plan


def _comparison(options: ErrorsOptions, params: EvalbParams | None, result: ErrorsResult,
                notices: Notices, *, shown: bool) -> ComparisonTable:
    """The systems' comparison table: the metrics of ``--metrics`` (all without it), tested
    with ``--stat``: those asked, or all the bracket errors; its signature when ``shown``."""
    from .report import BRACKET_ERRORS, comparison, metric_names

    metrics = metric_list(options.comparing.metrics, metric_names(result))
    tested = metrics if options.comparing.metrics else (BRACKET_ERRORS,)
    return comparison(result, system_names(options.tests), metrics,
                      signature=errors_signature(options, params, result) if shown else "",
                      testing=_plan(options, notices, max(len(system.sentences)
                                                          for system in result.systems)),
                      tested=tested)


def errors_signature(options: ErrorsOptions, params: EvalbParams | None,
                     result: ErrorsResult | None = None) -> str:
    """The run's signature: the ``-p`` files and the hash of the deletions they make (their
    DELETE_LABEL and EQ_LABEL lines; ``del:builtin``: the classifier's own deletion of
    -NONE- and punctuation); with the comparison table, the metrics of ``--metrics`` and the
    test (``--stat``, its resamples and seed, the baseline).

    >>> from treeeval.arguments import parse_command
    >>> errors_signature(errors_options(parse_command("errors", ["g", "t"])), None)
    'cmd:errors|prm:none|del:builtin|version:0.1.0'
    """
    settings = None if params is None else params.to_dict()
    deleted = "builtin" if settings is None else signature.digest(
        {key: settings[key] for key in ("delete_label", "eq_label")})
    asked = None
    if options.comparing.metrics and result is not None:
        from .report import metric_names

        asked = metric_list(options.comparing.metrics, metric_names(result))
    return signature.build("errors", [
        ("prm", options.prms or "none"), ("del", deleted),
        *signature_fields(asked, _plan(options), system_names(options.tests))])
