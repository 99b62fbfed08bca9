"""``treeeval errors``' run: the error classes of every test file (one report, a column group
per system), and with ``--stat``, ``--metrics`` or ``--format`` the systems' comparison table
through the driver, with :class:`ErrorsSystems`, the error classifier's adapter.

The metrics are the classes in the report's order, then all the repairs and all the bracket
errors (counts, lower is better); a test resamples the gold sentences, on all the bracket
errors unless ``--metrics`` names what to test.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, BinaryIO

from ..arrays import IntArray
from ..errors import UsageError
from ..policy import signature
from ..policy.notices import Notices
from ..stats import SentenceScores
from ..tables.model import Metric, Number
from ..tables.settings import ComparisonSettings
from ..tables.systems import comparison_fields, comparison_table
from . import driver
from .adapter import Systems

if TYPE_CHECKING:
    from ..bracket.params import EvalbParams
    from ..errorclasses.api import ErrorsResult, Repair
    from ..errorclasses.settings import ErrorsSettings
    from ..html.model import SystemSentences

#: how to read a sentence of the report
READING = ("A sentence is numbered by its line in both files, its trees shown as the files "
           "hold them; its heading names the classes of its repairs. A bracket the other "
           "tree lacks (label and words, labels cut at - or =) is marked; the classifier "
           "compares the trees after deleting -NONE- and punctuation (or -p's labels).")


class ErrorsSystems(Systems):
    """Several test files' error classes against one gold file: the classifier's adapter
    (the classes in :attr:`result` once classified)."""

    command = "errors"
    reading = READING

    def __init__(self, settings: ErrorsSettings, result: ErrorsResult | None = None) -> None:
        super().__init__(settings.gold, settings.tests, settings.prms)
        self.settings = settings
        self.result = result

    @property
    def classified(self) -> ErrorsResult:
        if self.result is None:
            raise ValueError("the systems are not classified yet")
        return self.result

    def offered(self) -> Sequence[str]:
        from ..errorclasses.report import metric_names

        return metric_names(self.classified)

    def column(self, metric: str) -> Metric:
        return Metric(metric, "count", higher_is_better=False)

    def _counts(self, system: int, metric: str) -> IntArray:
        from ..errorclasses.report import sentence_counts

        return sentence_counts(self.classified.systems[system], metric, self.sentences())

    def value(self, system: int, metric: str) -> Number | None:
        return int(self._counts(system, metric).sum())

    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        return SentenceScores.total(self._counts(system, metric))

    def sentences(self) -> int:
        return max(len(system.sentences) for system in self.classified.systems)

    def incomplete(self, system: int) -> str:
        """A test file with fewer sentences than the gold file leaves the rest unclassified:
        its errors there count nothing (lower is better, so it would look best)."""
        result = self.classified
        found, gold = result.systems[system].file_sentences(), result.gold_sentences()
        return f"{found:,} of {gold:,} sentences" if found < gold else ""

    def tested(self, stat: str, metrics: Sequence[str], asked: bool) -> tuple[str, ...]:
        from ..errorclasses.report import BRACKET_ERRORS

        return tuple(metrics) if asked else (BRACKET_ERRORS,)

    def worst(self, system: int, name: str) -> SystemSentences:
        """A system's sentences with the most bracket errors (those the classifier repaired;
        among equal counts the one with the most repairs first), each headed by the classes
        of its repairs."""
        import numpy as np

        from ..formats.text import lines_at
        from ..html import Sentence, SystemSentences, Trees, worst_sentences

        errors = self.classified.systems[system]
        counts = np.array([-sentence.errors if sentence.status == "ok" else np.nan
                           for sentence in errors.sentences])
        chosen = [errors.sentences[index] for index in worst_sentences(
            counts, sizes=np.array([len(sentence.repairs) for sentence in errors.sentences]))]
        numbers = [sentence.sentence for sentence in chosen]
        trees = zip(lines_at(self.gold, numbers), lines_at(errors.test, numbers))
        return SystemSentences(name, "bracket errors", [
            Sentence(sentence.sentence, float(sentence.errors), Trees(gold, test),
                     _classes(sentence.repairs))
            for sentence, (gold, test) in zip(chosen, trees)], counts=True)


def _classes(repairs: list[Repair]) -> str:
    """The classes of a sentence's repairs, the most frequent first, each with its count.

    >>> from treeeval.errorclasses.api import Repair
    >>> _classes([Repair("Unary", "add", 1, (0, 2), "NP"), Repair("PP Attachment", "move", 2,
    ...           (1, 2), "PP"), Repair("PP Attachment", "move", 2, (3, 4), "PP")])
    'PP Attachment ×2, Unary'
    """
    from collections import Counter

    return ", ".join(f"{name} ×{count}" if count > 1 else name
                     for name, count in Counter(repair.name for repair in repairs).most_common())


def table_asked(comparison: ComparisonSettings) -> bool:
    """Whether the comparison table is written (asked by one of its options)."""
    return bool(comparison.given or comparison.metrics is not None or comparison.format)


def check(settings: ErrorsSettings, comparison: ComparisonSettings) -> None:
    """Refuse, before anything is classified, what cannot go together (and a baseline
    that is none of the systems).

    >>> from treeeval.errorclasses.settings import ErrorsSettings
    >>> check(ErrorsSettings("g", ("a", "b")), ComparisonSettings("mcnemar"))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat mcnemar does not apply to error counts (no per-word \
outcome): use --stat bootstrap or --stat ar
    """
    if comparison.stat == "mcnemar":
        raise UsageError("--stat mcnemar does not apply to error counts (no per-word outcome): "
                         "use --stat bootstrap or --stat ar")
    if comparison.given and not settings.several:
        raise UsageError(f"{comparison.given[0]} needs several systems: GOLD TEST1 TEST2 [...]")
    if settings.json and (comparison.format or comparison.stat or comparison.metrics is not None):
        option = ("--format" if comparison.format else "--stat" if comparison.stat
                  else "--metrics")
        raise UsageError(f"{option} makes the comparison table: use --format json, not --json")
    comparison.plan(settings.tests)  # a baseline that is none of the systems
    driver.check_targets(comparison, settings.inputs)


def run(settings: ErrorsSettings, comparison: ComparisonSettings, out: BinaryIO, err: BinaryIO,
        notices: Notices) -> int:
    """``treeeval errors``: the exit status."""
    from ..bracket.params import load_params
    from ..errorclasses.api import classify_errors
    from ..errorclasses.report import errors_json, render, write_sentences
    from ..policy.outputs import output_file

    check(settings, comparison)
    params = None
    if settings.prms:
        params, messages = load_params(settings.prms)
        for message in messages:
            err.write(message.encode("latin-1") + b"\n")
    with contextlib.ExitStack() as stack:
        sink = None
        if settings.per_sentence:
            sink = stack.enter_context(output_file(settings.per_sentence, settings.inputs))
        result = classify_errors(settings.gold, list(settings.tests), params=params,
                                 spmrl=settings.spmrl)
        notices.extend(result.all_notices())
        if sink is not None:
            write_sentences(result, sink)
    systems = ErrorsSystems(settings, result)
    def sign() -> str:  # asked only by the outputs that show it
        return errors_signature(systems, comparison, params)

    table = None
    if settings.json:
        described: dict[str, object] | None = None if params is None else {
            "delete_label": [label.decode("latin-1") for label in params.delete_label]}
        out.write(json.dumps(errors_json(result, described, sign()), indent=2).encode() + b"\n")
    elif table_asked(comparison):
        if not comparison.format:
            out.write(render(result).encode("utf-8"))
        table = comparison_table(systems, comparison, notices, sign())
        driver.write_table(table, comparison, out)
    else:
        out.write(render(result).encode("utf-8"))
        if settings.signature:
            out.write(signature.line(sign()))
    driver.figures_and_report(systems, comparison, notices, sign, table)
    return 0


def errors_signature(systems: ErrorsSystems, comparison: ComparisonSettings,
                     params: EvalbParams | None) -> str:
    """The run's signature: the ``-p`` files and the hash of the deletions they make (their
    DELETE_LABEL and EQ_LABEL lines; ``del:builtin``: the classifier's own deletion of
    -NONE- and punctuation); with the comparison table, its metrics and test (the driver's
    fields).

    >>> from treeeval.errorclasses.settings import ErrorsSettings
    >>> errors_signature(ErrorsSystems(ErrorsSettings("g", ("t",))), ComparisonSettings(), None)
    'cmd:errors|prm:none|del:builtin|version:0.1.0'
    """
    from ..errorclasses.settings import signature_items

    return signature.build("errors", [*signature_items(systems.settings.prms, params,
                                                      systems.settings.spmrl),
                                      *comparison_fields(systems, comparison)])
