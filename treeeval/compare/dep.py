"""``treeeval dep``'s run: MaltEval's tables (or eval.pl's report, or the comparison as JSON or
as a table) of every parsed file against the gold file, written to standard output, a file
or a folder; with ``--plot`` and ``--html`` the figures and the report through the driver,
with :class:`DepSystems`, the dependency scorer's adapter.

The engine (:func:`treeeval.dep.engine.evaluate`) returns the evaluation as data and a
renderer formats it: MaltEval's header blocks and tables, the confusion blocks, McNemar's
block or treeeval's comparison (:mod:`treeeval.dep.malteval_render`), eval.pl's report for
``--report evalpl`` (:mod:`treeeval.dep.evalpl.report`), or the comparison as JSON.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, BinaryIO

import numpy as np

from ..dep.compare import DEFAULT_METRICS, ComparedSystems, SystemResult
from ..dep.engine import Evaluation, comparison_of, evaluate, load_files
from ..dep.grouping.registry import BUILTIN, Groupings
from ..dep.malteval_render import Sections, render_malteval
from ..dep.options import parse_dep_args  # noqa: F401 (the doctests parse)
from ..dep.settings import DepSettings, signature_items
from ..dep.sources import expand_files, run_inputs, sniff_format
from ..policy import signature
from ..policy.notices import Notices
from ..policy.outputs import output_file
from ..tables import ComparisonTable
from ..tables import render as render_table
from ..tables.comparison import baseline_index, system_names
from ..tables.model import Metric, Number
from ..tables.systems import NOTHING_TESTED
from . import driver
from .adapter import Systems

if TYPE_CHECKING:
    from ..figures.model import FigureData
    from ..html import SystemSentences
    from ..model.treebank import Treebank
    from ..stats import SentenceScores


class DepSystems(Systems):
    """The parsed files of a dep run against its gold file: the dependency scorer's adapter
    for the figures and the report (the comparison's systems, their worst sentences by LAS,
    the dependency figures).  The comparison is made when first needed (``--plot`` alone
    does not need it)."""

    command = "dep"
    reading = ("Words and HEADs are numbered as in the gold sentence (0: the root; _: no "
               "head); a sentence's LAS counts the tokens MaltEval scores (after the Exclude "
               "parameters and -p).")

    def __init__(self, settings: DepSettings, evaluation: Evaluation, groupings: Groupings) -> None:
        super().__init__(evaluation.gold_files[0], evaluation.parsed_files)
        self.inputs = list(run_inputs(settings))
        self.settings, self.evaluation, self.groupings = settings, evaluation, groupings
        self._files: tuple[Treebank, list[Treebank]] | None = None
        self._compared: ComparedSystems | None = None

    def files(self) -> tuple[Treebank, list[Treebank]]:
        """The gold and parsed treebanks, read again (once) for the report."""
        if self._files is None:
            self._files = load_files(self.settings, self.gold, self.paths)
        return self._files

    @property
    def compared(self) -> ComparedSystems:
        """The comparison of the run (made here from the files when the run made none)."""
        if self._compared is None:
            comparison = self.evaluation.comparison
            if comparison is None:
                gold, parsed = self.files()
                comparison = comparison_of(self.settings, self.gold, gold, self.paths, parsed)
            self._compared = ComparedSystems(comparison)
        return self._compared

    def offered(self) -> Sequence[str]:
        return self.compared.offered()

    def column(self, metric: str) -> Metric:
        return self.compared.column(metric)

    def value(self, system: int, metric: str) -> Number | None:
        return self.compared.value(system, metric)

    def sentence_scores(self, system: int, metric: str) -> SentenceScores:
        return self.compared.sentence_scores(system, metric)

    def sentences(self) -> int:
        return self.compared.sentences()

    def tested(self, stat: str, metrics: Sequence[str], asked: bool) -> tuple[str, ...]:
        return self.compared.tested(stat, metrics, asked)

    def figures(self) -> Mapping[str, FigureData]:
        return _figures(self.settings, self.evaluation, self.groupings)

    def worst(self, system: int, name: str) -> SystemSentences:
        gold, parsed = self.files()
        return _worst(name, self.compared.comparison.systems[system], gold, parsed[system])


def render_dep(settings: DepSettings, groupings: Groupings = BUILTIN) -> Sections:
    """The run's whole output as sections (:mod:`.malteval_render`): the engine's
    :class:`~.engine.Evaluation` of ``settings``, formatted as eval.pl's report, JSON or a
    comparison table when they ask, else as MaltEval's tables."""
    return render_evaluation(evaluate(settings, groupings))


def render_evaluation(evaluation: Evaluation) -> Sections:
    """An :class:`~.engine.Evaluation` as sections, formatted as its settings ask."""
    settings = evaluation.settings
    if settings.report is not None:
        from ..dep.evalpl.report import render_evalpl  # only for --report

        return render_evalpl(evaluation)
    if settings.json:
        return render_json(evaluation, dep_signature(settings))
    if settings.comparison.format is not None:
        return [("", render_table(_table(evaluation), settings.comparison.format))]
    return render_malteval(evaluation)


def _table(evaluation: Evaluation) -> ComparisonTable:
    """The comparison table in its format, with the signature unless the format is text
    without ``signature``."""
    settings = evaluation.settings
    assert evaluation.comparison is not None  # the engine makes one for a table format
    shown = settings.signature or settings.comparison.format != "text"
    return evaluation.comparison.table(dep_signature(settings) if shown else "",
                                       settings.comparison.title)


def check_outputs(settings: DepSettings) -> None:
    """What the settings cannot tell before the run: several gold files in a directory with
    the options of several systems (:meth:`~treeeval.dep.settings.DepSettings.check_one_gold`),
    a figure's suffix there is no format of, and an HTML report that is an input or in no
    folder.

    >>> import os, tempfile
    >>> gold = os.path.join(tempfile.mkdtemp(), "gold.conll")
    >>> _ = open(gold, "w").write("")
    >>> check_outputs(parse_dep_args([gold, "p", "--plot", "f.gif"]))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: cannot write a figure as .gif (choose from .png, .svg, .pdf)
    """
    comparison = settings.comparison
    if comparison.drawing or comparison.format is not None or comparison.baseline is not None \
            or comparison.metrics is not None:
        settings.check_one_gold(len(expand_files(settings.gold)))
    driver.check_targets(comparison, run_inputs(settings))


def render_json(evaluation: Evaluation, run_signature: str) -> Sections:
    """``--json``: the comparison of every parsed file with the gold file, as JSON."""
    assert evaluation.comparison is not None  # the engine makes one for --json
    document = evaluation.comparison.to_json(run_signature)
    return [("", json.dumps(document, indent=2) + "\n")]


def run(settings: DepSettings, out: BinaryIO, err: BinaryIO, notices: Notices) -> int:
    """``treeeval dep``: the exit status."""
    check_outputs(settings)
    groupings = BUILTIN.with_plugins(settings.plugins)
    with settings.blaming_file():
        evaluation = evaluate(settings, groupings)
        sections = render_evaluation(evaluation)
    for path in evaluation.empty:
        notices.add("holds no sentence: nothing was scored", path=path)
    comparison = evaluation.comparison
    if comparison and comparison.method and len(comparison.systems) > 1 \
            and not comparison.sentences:
        notices.add(NOTHING_TESTED, path=comparison.gold)
    target = settings.output
    if target is None:
        out.write("".join(text for _, text in sections).encode("utf-8"))
    elif os.path.isdir(target):
        files: dict[str, list[str]] = {}
        for path, text in sections:
            name = os.path.basename(path) + ".txt" if path else "stat.txt"
            files.setdefault(name, []).append(text)
        for name, texts in files.items():
            _write(os.path.join(target, name), "".join(texts), settings)
    else:
        _write(target, "".join(text for _, text in sections), settings)
    comparison_settings = settings.comparison
    if settings.signature and not settings.json and comparison_settings.format is None:
        out.write(signature.line(dep_signature(settings)))
    if comparison_settings.drawing:
        systems = DepSystems(settings, evaluation, groupings)
        table = systems.compared.comparison.table(title=comparison_settings.title) \
            if comparison_settings.html else None
        driver.figures_and_report(systems, comparison_settings, notices,
                                  lambda: dep_signature(settings), table)
    return 0


def _worst(name: str, system: SystemResult, gold: Treebank, parsed: Treebank
           ) -> SystemSentences:
    """A system's worst sentences by LAS (among equal scores the one with the most scored
    tokens first), every gold word with both analyses."""
    from ..html import ArcRow, Arcs, Sentence, SystemSentences, worst_sentences
    from ..stats.rates import percent

    counts = system.sentences["LAS"]
    scores = percent(counts.numerator, counts.denominator)
    starts = np.cumsum(gold.sizes) - gold.sizes
    lines = gold.sentence_line
    sentences = []
    for index in worst_sentences(scores, sizes=counts.denominator).tolist():
        tokens = slice(int(starts[index]), int(starts[index] + gold.sizes[index]))
        arcs = Arcs([ArcRow(*map(str, row)) for row in zip(
            gold.positions[tokens], gold.forms[tokens], _heads(gold.heads[tokens]),
            gold.labels[tokens], _heads(parsed.heads[tokens]), parsed.labels[tokens])])
        where = f"gold line {int(lines[index])}" if lines is not None and lines[index] else ""
        sentences.append(Sentence(index + 1, float(scores[index]), arcs, where))
    return SystemSentences(name, "LAS", sentences)


def _heads(heads: np.ndarray) -> list[str]:
    """HEADs as the files write them (``_`` for none).

    >>> _heads(np.array([0, 2, -1]))
    ['0', '2', '_']
    """
    return ["_" if head < 0 else str(head) for head in heads.tolist()]


def _figures(settings: DepSettings, evaluation: Evaluation,
             groupings: Groupings) -> dict[str, FigureData]:
    """The dependency figures of every parsed file, in order, against the gold file
    (:func:`treeeval.figures.dependency_data.figures_of`), from one more evaluation of the
    same files (:func:`figure_settings`: LAS and UAS, each grouping the figures need with all
    its counters, and the run's own exclusions), made only for ``--plot`` and ``--html``."""
    from ..figures.dependency_data import figures_of

    systems = evaluation.parsed_files
    grouped = evaluate(figure_settings(settings, evaluation), groupings)
    return figures_of(lambda grouping, metrics: {
        metric: grouped.selected(metric, f"{grouping}:all") for metric in metrics},
        system_names(systems))


def figure_settings(settings: DepSettings, evaluation: Evaluation) -> DepSettings:
    """The run's settings for the evaluation of its figures: its files, its evaluation
    parameters (the Exclude and sentence-length parameters, from the command line or ``-e``),
    the head table, the ``prm`` file, the charset, the tag files and the plug-ins, with LAS
    and UAS grouped by every grouping of the figures and nothing else (no test, no output),
    so that each figure pools the tokens the run's tables count.

    >>> s = parse_dep_args(["g", "s", "--ExcludeDeprels", "punct", "-p", "COLLINS.prm",
    ...                     "--stat", "ar", "--details", "1"])
    >>> f = figure_settings(s, Evaluation(s, gold_files=["g"], parsed_files=["s"]))
    >>> f.parameters["ExcludeDeprels"], f.metrics, f.prm, f.merge_tables, f.details, f.compared
    (('punct',), ('LAS', 'UAS'), 'COLLINS.prm', False, None, False)
    """
    from ..figures.dependency_data import GROUPINGS

    parameters = {**settings.parameters, "Metric": ("LAS", "UAS"),
                  "GroupBy": tuple(f"{name}:all" for name in GROUPINGS.values())}
    return DepSettings(tuple(evaluation.gold_files[:1]), tuple(evaluation.parsed_files),
                       parameters, merge_tables=False, heads=settings.heads, prm=settings.prm,
                       charset=settings.charset, postag=settings.postag,
                       deprel=settings.deprel, plugins=settings.plugins,
                       evaluation_file=settings.evaluation_file, origins=settings.origins,
                       arguments=settings.arguments)


def dep_signature(settings: DepSettings) -> str:
    """The run's signature (docs/dep.md): eval.pl's report, or MaltEval's evaluation
    parameters (Metric and GroupBy always; the others when given, on the command line or
    in the ``-e`` file, whose hash is named too), the head table when bracketed input is
    converted, the ``prm`` file, the charset when given, plug-ins, the micro-average and
    treeeval's test with its resamples and seed.  Formatting (details, pattern, output...)
    changes no number.

    >>> import pathlib, tempfile
    >>> gold = pathlib.Path(tempfile.mkdtemp()) / "gold.conll"
    >>> _ = gold.write_text("1\\tRain\\t_\\tN\\tN\\t_\\t0\\troot\\t_\\t_\\n\\n")
    >>> dep_signature(parse_dep_args([str(gold), str(gold), "--Metric", "LAS;UAS",
    ...                               "--ExcludeDeprels", "punct|dep", "--details", "1"]))
    'cmd:dep|metric:LAS;UAS|group:Token|xdeprel:punct%7Cdep|version:0.1.0'
    """
    if settings.report is not None:
        return signature.build("dep", signature_items(settings))
    files = expand_files([*settings.gold, *settings.parsed])
    converted = any(sniff_format(path) == "brackets" for path in files)
    return signature.build("dep", [*signature_items(settings, converted=converted),
                                   *_comparison_signature(settings, files)])


def _comparison_signature(settings: DepSettings,
                          files: list[str]) -> list[tuple[str, signature.Value]]:
    """The signature's fields of the comparison: the metrics compared when they are not
    the default four, the test, its resamples and seed (bootstrap and ar) and the baseline
    (the short name of the system the others are tested against; none: every pair)."""
    if not settings.compared:
        return []
    metrics = settings.compared_metrics()
    stat = settings.test
    plan = settings.comparison
    resampled = stat in ("bootstrap", "ar")
    baseline = None
    if stat is not None and (plan.baseline is not None or plan.format is not None):
        parsed = files[len(expand_files(settings.gold)):]
        names = system_names(parsed)
        baseline = names[baseline_index(plan.baseline, parsed, names)]
    return [("metrics", ";".join(metrics) if metrics != DEFAULT_METRICS else None),
            ("stat", stat), ("resamples", plan.resamples if resampled else None),
            ("seed", plan.seed if resampled else None), ("baseline", baseline)]


def _write(path: str, text: str, settings: DepSettings) -> None:
    """Write one output file (never an input of the run: treeeval.policy.outputs)."""
    with output_file(path, run_inputs(settings)) as stream:
        stream.write(text)
