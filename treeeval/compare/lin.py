"""``treeeval lin``'s run: one answer's report (Lin's error count per sentence, the totals,
the phrase scores of trees, the side-by-side tuples), or several answers, each answer's
report then their comparison table through the driver, with :class:`LinSystems`, the
adapter of Lin's evaluation.

The metrics are Lin's error count and error rate, and the phrase scores when both sides are
trees (:mod:`treeeval.lin.compare`); a test resamples the key's sentences; McNemar's test
takes the per-word metrics only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..errors import UsageError
from ..model.dependencies import UNKNOWN_HEAD
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.notices import Notices
from ..policy.sniffing import sniff
from ..tables.model import Metric, Number
from ..tables.settings import ComparisonSettings
from ..tables.systems import comparison_fields, comparison_table
from . import driver
from .adapter import Systems

if TYPE_CHECKING:
    from ..html.model import SystemSentences
    from ..lin.api import LinResult
    from ..lin.settings import LinSettings
    from ..stats import SentenceScores

#: how to read a sentence of the report
READING = ("Words and heads are numbered as in the key (0: the root; ?: unknown), after "
           "--ops; a word whose head is unknown in the key is not scored.")


class LinSystems(Systems):
    """Several answers scored against one key: the adapter of Lin's evaluation (the run's
    result in :attr:`result` once scored)."""

    command = "lin"
    reading = READING

    def __init__(self, settings: LinSettings, result: LinResult | None = None) -> None:
        super().__init__(settings.gold, settings.answers,
                         [settings.ops] if settings.ops else [])
        self.settings = settings
        self.result = result

    @property
    def scored(self) -> LinResult:
        if self.result is None:
            raise ValueError("the answers are not scored yet")
        return self.result

    def offered(self) -> Sequence[str]:
        from ..lin.compare import metric_names

        return metric_names(all(answer.phrases is not None for answer in self.scored.answers))

    def defaults(self, stat: str | None) -> Sequence[str]:
        """Every metric; with McNemar's test, the per-word ones (the others have no per-word
        outcome)."""
        from ..lin.compare import metrics_tested

        return metrics_tested(stat, self.offered(), asked=False)

    def column(self, metric: str) -> Metric:
        from ..lin.compare import PHRASE_METRICS, WORD_METRICS

        return next(column for column in WORD_METRICS + PHRASE_METRICS if column.name == metric)

    def value(self, system: int, metric: str) -> Number | None:
        return self.scored.answers[system].value(metric)

    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        return self.scored.answers[system].sentence_scores(metric)

    def sentences(self) -> int:
        return len(self.scored.answers[0].words)

    def tested(self, stat: str, metrics: Sequence[str], asked: bool) -> tuple[str, ...]:
        from ..lin.compare import metrics_tested

        return tuple(metrics_tested(stat, metrics, asked))

    def worst(self, system: int, name: str) -> SystemSentences:
        """An answer's sentences with the most errors (among equal counts the one with the
        most scored words first), each word's key and answer heads (after ``--ops``)."""
        from ..html import ArcRow, Arcs, Sentence, SystemSentences, worst_sentences
        from ..lin.ops import modify

        result = self.scored
        answer, scored = result.sides[system], result.answers[system]
        chosen = worst_sentences(-scored.errors.astype(float), sizes=scored.scored)
        sentences = []
        for index in chosen.tolist():
            key, given = result.keys[index], modify(result.operations, answer.sentences[index])
            arcs = Arcs([ArcRow(str(word), form, _head(gold_head), gold_label, _head(head),
                                label)
                         for word, (form, gold_head, gold_label, head, label) in enumerate(zip(
                             key.forms, key.heads, key.labels, given.heads, given.labels),
                             start=1)])
            where = f"key line {key.line}" if key.line else ""
            sentences.append(Sentence(index + 1, float(scored.errors[index]), arcs, where))
        return SystemSentences(name, "errors", sentences, counts=True)


def _head(head: int) -> str:
    """A head as the report shows it (``?``: unknown).

    >>> _head(0), _head(UNKNOWN_HEAD)
    ('0', '?')
    """
    return "?" if head == UNKNOWN_HEAD else str(head)


def check(settings: LinSettings, comparison: ComparisonSettings) -> None:
    """Refuse, before anything is read, what cannot go together.

    >>> from treeeval.lin.settings import LinSettings
    >>> check(LinSettings("key", ("a",)), ComparisonSettings("ar"))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat needs several answers: GOLD ANSWER1 ANSWER2 [...]
    """
    if comparison.given and not settings.several:
        raise UsageError(f"{comparison.given[0]} needs several answers: GOLD ANSWER1 ANSWER2 "
                         "[...]")
    if settings.json and comparison.format:
        raise UsageError("--format cannot go with --json")
    comparison.check(several=settings.several, json=settings.json, systems="answers")
    if comparison.format and settings.tuples:
        raise UsageError("--format writes the comparison table alone: it cannot go with "
                         "--tuples")
    driver.check_targets(comparison, LinSystems(settings).inputs)


def run(settings: LinSettings, comparison: ComparisonSettings, out: BinaryIO, err: BinaryIO,
        notices: Notices) -> int:
    """``treeeval lin``: the exit status."""
    from ..lin.api import evaluate_lin, report

    check(settings, comparison)
    result = evaluate_lin(settings.gold, settings.answers, heads=settings.heads,
                          ops=settings.ops, tuples=settings.tuples)
    for notice in result.warnings:
        notices.add(notice.message, path=notice.path)
    systems = LinSystems(settings, result)
    table = None
    if settings.json:
        out.write(json.dumps(lin_json(systems, comparison), indent=2).encode() + b"\n")
    elif comparison.format or settings.several:
        table = comparison_table(systems, comparison, notices,
                                 lin_signature(systems, comparison))
        if not comparison.format:
            for header, answer in zip(driver.system_headers(systems), result.answers):
                out.write(header + report(answer).encode())
        driver.write_table(table, comparison, out)
    else:
        out.write(report(result.answers[0]).encode())
        if settings.signature:
            out.write(signature.line(lin_signature(systems, comparison)))
    driver.figures_and_report(systems, comparison, notices,
                              lambda: lin_signature(systems, comparison), table)
    return 0


def lin_signature(systems: LinSystems, comparison: ComparisonSettings) -> str:
    """The run's signature: the head table when an input is converted from trees (a
    bundled table or a file, with its hash) and the ``--ops`` file; with several answers
    the metrics of ``--metrics`` and the test (the driver's fields).

    >>> import pathlib, tempfile
    >>> from treeeval.lin.api import evaluate_lin
    >>> from treeeval.lin.settings import LinSettings
    >>> key = pathlib.Path(tempfile.mkdtemp()) / "key.lin"
    >>> _ = key.write_text("Rain N < fell\\nfell V *\\n")
    >>> lin_signature(LinSystems(LinSettings(str(key), (str(key),))), ComparisonSettings())
    'cmd:lin|ops:none|version:0.1.0'
    >>> answer = key.with_name("answer.lin")
    >>> _ = answer.write_text("Rain N ?\\nfell V *\\n")
    >>> settings = LinSettings(str(key), (str(key), str(answer)))
    >>> systems = LinSystems(settings, evaluate_lin(str(key), [str(key), str(answer)]))
    >>> lin_signature(systems, ComparisonSettings("ar"))
    'cmd:lin|ops:none|stat:ar|resamples:10000|seed:1|baseline:key|version:0.1.0'
    """
    from ..lin.settings import signature_items

    settings = systems.settings
    paths = (settings.gold, *settings.answers)
    trees = any(sniff(path, "lin") == "brackets" for path in paths if Path(path).exists())
    compared = settings.several or comparison.format is not None
    return signature.build("lin", [
        *signature_items(settings.heads if trees else None, settings.ops),
        *(comparison_fields(systems, comparison) if compared else [])])


def lin_json(systems: LinSystems, comparison: ComparisonSettings) -> dict[str, object]:
    """The ``--json`` document (schemas/lin.json): per answer its totals (rates in percent)
    and its sentences."""
    from ..lin.api import lin_answers_json

    settings = systems.settings
    return envelope("lin", lin_signature(systems, comparison), gold=settings.gold,
                    ops=settings.ops,
                    answers=lin_answers_json(settings.answers, systems.scored.answers))
