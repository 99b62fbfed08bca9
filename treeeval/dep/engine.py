"""The MaltEval engine: a run of ``treeeval dep`` as data.

:func:`evaluate` reads the gold file and each parsed file, checks they hold the same text,
and returns an :class:`Evaluation`: for each parsed file the table of every evaluation (one
combination of parameter values, :mod:`.combinations`) and, when MaltEval merges them, the
merged table; the confusion tables of ``--confusion-matrix 1``; the McNemar z values of
``--stat 1``; treeeval's comparison with significance tests (``--stat bootstrap|ar|mcnemar``,
:mod:`.compare`); the summaries of cross-validation folds; and for ``--report evalpl`` the
corpora eval.pl scores.  Nothing here is text: the MaltEval renderer
(:mod:`.malteval_render`), the eval.pl renderer (:mod:`.evalpl.report`) and ``--json``
format the object.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> for name, labels in (("gold.conll", ("nsubj", "root")), ("parsed.conll", ("dobj", "root"))):
...     _ = open(os.path.join(folder, name), "w").write(
...         f"1\\tRain\\t_\\tN\\tN\\t_\\t2\\t{labels[0]}\\t_\\t_\\n"
...         f"2\\tfell\\t_\\tV\\tV\\t_\\t0\\t{labels[1]}\\t_\\t_\\n\\n")
>>> from .options import parse_dep_args
>>> result = evaluate(parse_dep_args(["-g", os.path.join(folder, "gold.conll"),
...                                   "-s", os.path.join(folder, "parsed.conll"),
...                                   "--GroupBy", "Deprel"]))
>>> table = result.tables[0]
>>> table.title, table.headers, list(table.groups), [c.tolist() for c in table.columns]
('Deprel', ['parseraccuracy', 'treebankaccuracy'], ['dobj', 'nsubj', 'root'], [[0.0, nan, 100.0], [nan, 0.0, 100.0]])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..arrays import BoolArray
from ..errors import InputError
from ..model.treebank import Treebank
from ..model.vocabulary import Vocabularies
from ..stats import SignificanceResult
from ..tables.comparison import baseline_index, system_names
from .combinations import Combination, combinations, varying_parameters
from .compare import Comparison, SystemResult, compare_systems
from .confusion import ConfusionTable, confusion_table
from .exclusions import Exclusions, deleted_tokens
from .grouping.plugins import group_order
from .grouping.registry import BUILTIN, Groupings
from .grouping.token_tables import TokenNumbering
from .metrics import mcnemar_z
from .percent_tables import in_percent
from .read_ahead import read_ahead
from .reading import check_same_text, load_treebank
from .settings import DepSettings, Setting
from .sources import EvaluationPlan, expand_files, pair_files, sniff_format, validate_tags
from .tables import Table, build_table, fold_summary, merge_tables, mergeable

if TYPE_CHECKING:
    from .evalpl.scoring import EvalplCorpus

#: the gold and parsed file names MaltEval prints for ``--micro-average 1``
POOLED = ("concat_gs", "concat_parsed")


@dataclass
class FileEvaluation:
    """One parsed file against its gold file: a table per evaluation, in MaltEval's order;
    ``merged``: the one table MaltEval prints instead when it merges them; ``confusions``:
    one per evaluation with ``--confusion-matrix 1``."""

    gold: str
    parsed: str
    combinations: list[Combination]
    tables: list[Table]
    merged: Table | None = None
    confusions: list[ConfusionTable] = field(default_factory=list)


@dataclass
class McNemarBlock:
    """McNemar's z of one attribute of one evaluation: ``z[i][j]`` for parsed files i < j
    (NaN elsewhere; a pair MaltEval computes no z for moves the row's later cells left)."""

    values: dict[str, str]
    attribute: str
    z: list[list[float]]


@dataclass
class McNemar:
    """``--stat 1``: McNemar's test of every pair of parsed files, a block per evaluation and
    attribute whose cells are all 0 or 1."""

    gold: str
    parsed: list[str]
    blocks: list[McNemarBlock]


@dataclass
class Fold:
    """The parsed files of one gold file (all of them, or one cross-validation fold), then
    McNemar's test (``--stat 1``) and treeeval's comparison (``--stat METHOD``)."""

    gold: str
    files: list[FileEvaluation]
    mcnemar: McNemar | None = None
    comparison: Comparison | None = None


@dataclass
class Evaluation:
    """A run of ``treeeval dep`` as data: its ``settings`` (:class:`~.settings.DepSettings`),
    the ``combinations`` evaluated, each ``fold``, the cross-validation ``summaries`` (one
    per evaluation: each fold's Row mean) and, for eval.pl's report, the ``evalpl`` corpora
    by parsed file."""

    settings: DepSettings
    combinations: list[Combination] = field(default_factory=list)
    folds: list[Fold] = field(default_factory=list)
    summaries: list[Table] = field(default_factory=list)
    gold_files: list[str] = field(default_factory=list)
    parsed_files: list[str] = field(default_factory=list)
    evalpl: list[tuple[str, EvalplCorpus]] = field(default_factory=list)
    #: the input files that hold no sentence, so that nothing of them was scored
    empty: list[str] = field(default_factory=list)

    def note_empty(self, paths: Sequence[str], treebanks: Sequence[Treebank]) -> None:
        """Record which of ``paths`` (read as ``treebanks``) hold no sentence."""
        empty = [path for path, treebank in zip(paths, treebanks) if not len(treebank.sizes)]
        self.empty = list(dict.fromkeys(self.empty + empty))

    def selected(self, metric: str, groupby: str) -> Evaluation:
        """The evaluation of one Metric and GroupBy value alone: every parsed file with its
        table of that combination only (a run of several combinations, one of each).

        >>> import os, tempfile
        >>> from .options import parse_dep_args
        >>> gold = os.path.join(tempfile.mkdtemp(), "gold.conll")
        >>> _ = open(gold, "w").write("1\\tRain\\t_\\tN\\tN\\t_\\t0\\troot\\t_\\t_\\n\\n")
        >>> run = evaluate(parse_dep_args([gold, gold, "--Metric", "LAS;UAS", "--GroupBy",
        ...                                "Deprel;Token", "--merge-tables", "0"]))
        >>> [table.title for table in run.selected("UAS", "Deprel").tables]
        ['Deprel']
        """
        index = next(k for k, combination in enumerate(self.combinations)
                     if (combination.metric, combination.groupby) == (metric, groupby))
        folds = [Fold(fold.gold, [FileEvaluation(file.gold, file.parsed,
                                                 [file.combinations[index]],
                                                 [file.tables[index]]) for file in fold.files])
                 for fold in self.folds]
        return Evaluation(self.settings, [self.combinations[index]], folds,
                          gold_files=self.gold_files, parsed_files=self.parsed_files)

    @property
    def files(self) -> list[FileEvaluation]:
        """Every parsed file's evaluation, fold after fold."""
        return [file for fold in self.folds for file in fold.files]

    @property
    def tables(self) -> list[Table]:
        """Every table as data, its rates in percent (:func:`~.percent_tables.in_percent`;
        ``folds`` and ``summaries`` keep MaltEval's fractions, which its report prints):
        each parsed file's evaluations in turn, then the summaries."""
        return [in_percent(table)
                for table in [table for file in self.files for table in file.tables]
                + self.summaries]

    @property
    def comparison(self) -> Comparison | None:
        """Treeeval's comparison of the parsed files (the first fold's), if one was made."""
        return next((fold.comparison for fold in self.folds if fold.comparison), None)

    @property
    def systems(self) -> list[SystemResult]:
        """The comparison's systems (:class:`~.compare.SystemResult`)."""
        return self.comparison.systems if self.comparison else []

    @property
    def tests(self) -> list[SignificanceResult]:
        """The comparison's significance tests."""
        return self.comparison.tests if self.comparison else []


def evaluate(settings: DepSettings, groupings: Groupings = BUILTIN) -> Evaluation:
    """Evaluate the run ``settings`` describes, with the GroupBy names of ``groupings``.

    Every combination of parameter values is one evaluation.  The tables of a parsed file
    merge into one, a column per evaluation and attribute (``accuracy / Metric:LAS``), when
    MaltEval's rule allows it (:func:`mergeable`: the same grouping and the same rows;
    always for a single evaluation) and ``merge_tables`` is on.  Several gold files
    with as many parsed files are cross-validation folds: each fold is evaluated, then for
    each evaluation a table of the folds' Row means (:func:`fold_summary`); with
    ``micro_average`` the folds are pooled into one evaluation instead.
    eval.pl's ``report`` reads eval.pl's corpora and ``json`` makes only the comparison.
    """
    if settings.report is not None:
        return _evalpl(settings)
    if settings.json:
        return _json(settings)
    plan = file_plan(settings)
    result = Evaluation(settings, combinations(settings, groupings), gold_files=list(plan.gold),
                        parsed_files=list(plan.parsed))
    folds = ([(result.gold_files[0], result.parsed_files)] if plan.mode != "cross-validation"
             else [(g, [p]) for g, p in plan.pairs])
    pooled = plan.mode == "cross-validation" and settings.micro_average
    if pooled:  # MaltEval's names for the concatenated files
        folds = [(POOLED[0], [POOLED[1]])]
    numbering = TokenNumbering()
    for gold_path, paths in folds:
        if pooled:
            gold, parsed = pool_folds(settings, plan)
        else:
            gold, parsed = load_files(settings, gold_path, paths)
            result.note_empty([gold_path, *paths], [gold, *parsed])
        fold = Fold(gold_path, [_file(settings, groupings, result.combinations, gold_path, path,
                                      gold, treebank, numbering)
                                for path, treebank in zip(paths, parsed)])
        if settings.malteval_stat and len(result.gold_files) == 1 and len(parsed) > 1:
            fold.mcnemar = _mcnemar(gold_path, paths, result.combinations,
                                    [file.tables for file in fold.files])
        if settings.compared:
            fold.comparison = comparison_of(settings, gold_path, gold, paths, parsed)
        result.folds.append(fold)
    if len(folds) > 1:
        for index in range(len(result.combinations)):
            result.summaries.append(fold_summary(
                [file.tables[index] for file in result.files],
                listed=settings.details if settings.details is not None else True))
    return result


def _file(settings: DepSettings, groupings: Groupings, chosen: list[Combination],
          gold_path: str, path: str, gold: Treebank, parsed: Treebank,
          numbering: TokenNumbering) -> FileEvaluation:
    """Every evaluation of one parsed file: its tables, merged when MaltEval merges them,
    and its confusion tables."""
    tables = [build_table(gold, parsed, combination.groupby, combination.metric,
                          details=settings.details,
                          numbering=numbering, groupings=groupings,
                          exclusions=exclusions(settings, combination.setting, gold))
              for combination in chosen]
    result = FileEvaluation(gold_path, path, chosen, tables)
    if settings.merge_tables and mergeable(tables):
        if len({str(table.groups[0]) for table in tables if len(table.groups)}) > 1:
            raise InputError("the tables of the evaluations cannot be merged: their first "
                             "rows differ (MaltEval aborts: cannot merge DataContainer with "
                             "different row headers); use --merge-tables 0", path=path)
        result.merged = merge_tables(tables, [c.varying(varying_parameters(settings))
                                              for c in chosen])
    if settings.confusion_matrix:
        result.confusions = [confusion(combination.groupby, gold, parsed,
                                       exclusions(settings, combination.setting, gold),
                                       numbering, groupings) for combination in chosen]
    return result


def confusion(value: str, gold: Treebank, parsed: Treebank, excluded: Exclusions | None = None,
              numbering: TokenNumbering | None = None,
              groupings: Groupings = BUILTIN) -> ConfusionTable:
    """The confusions of GroupBy ``value`` over the tokens ``excluded`` leaves in.
    Token's keys are the tokens' numbers (those of its table: ``numbering``, the run's, else
    1, 2, ... through the tokens left in), Sentence's the sentences' numbers in the file and
    PreAndPost's the sentence's number and the word's index, the same on both sides, so
    their tables are empty, as MaltEval's are; a complex grouping's blocks are named by its
    :attr:`~.complex_groupby.ComplexGroupBy.confusion_name`."""
    name = value.partition(":")[0]
    keep = excluded.masks(gold, parsed) if excluded else None
    grouping = groupings.find(name)
    if isinstance(grouping, str):
        if grouping == "Token":
            listed = keep[0] | keep[1] if keep else np.ones(len(gold), bool)
            numbers = np.zeros(len(listed), dtype=np.int64)
            numbers[listed] = (numbering or TokenNumbering()).number(gold, listed)
            keys = numbers.astype(str)
        elif grouping == "Sentence":
            keys = (gold.sentence + 1).astype(str)
        else:  # PreAndPost, Clustering(2): MaltEval's SentenceAndToken keys, "%09d_%09d"
            keys = np.char.add(np.char.add(np.char.zfill((gold.sentence + 1).astype(str), 9),
                                           "_"), np.char.zfill((gold.positions - 1).astype(str), 9))
        return confusion_table(name, keys, keys,
                               lambda names: sorted(names, key=lambda key: int(key.replace("_", ""))),
                               keep)
    caption = getattr(grouping, "confusion_name", getattr(grouping, "name", name))
    return confusion_table(caption, grouping.keys(gold), grouping.keys(parsed),
                           lambda names: group_order(grouping, names), keep)


def _mcnemar(gold_path: str, parsed_paths: list[str], chosen: list[Combination],
             built: list[list[Table]]) -> McNemar:
    """McNemar's z for each pair of parsed files, for every column of every evaluation whose
    cells are all 0 or 1 whole numbers in the first parsed file's table (Token's accuracy,
    Sentence's exactmatch, ``is...`` and ``has...``, a counter that never exceeds 1), over
    the rows the tables show.  Blocks of the same evaluation and attribute (a format naming
    it twice) are one block.  A pair whose other table's column is not 0/1, or has other
    rows, has no z and no cell: the row's later cells move left, and the row ends with
    NaN; z is -∞ when the two files never disagree."""
    blocks: dict[tuple[tuple[tuple[str, str], ...], str], McNemarBlock] = {}
    for index, combination in enumerate(chosen):
        tables = [per_file[index] for per_file in built]
        for column, attribute in enumerate(tables[0].headers):
            if not _zero_one(tables[0], column):
                continue
            key = (tuple(sorted(combination.values.items())), attribute)
            block = blocks.setdefault(key, McNemarBlock(combination.values, attribute, []))
            for j in range(len(tables)):
                cells = [math.nan if j >= k else _pair_z(tables[j], tables[k], column)
                         for k in range(len(tables))]
                kept = [cell for cell in cells if cell is not None]
                block.z.append(kept + [math.nan] * (len(cells) - len(kept)))
    return McNemar(gold_path, parsed_paths, list(blocks.values()))


def _zero_one(table: Table, column: int) -> bool:
    """Are the column's cells all whole numbers 0 or 1 (MaltEval's ``getColumnAsBoolean``)?
    A column without rows is, whatever its kind."""
    values = table.columns[column]
    return len(values) == 0 or table.counts[column] and bool(np.isin(values, (0, 1)).all())


def _pair_z(first: Table, second: Table, column: int) -> float | None:
    """McNemar's z of one column in two tables (None: MaltEval computes none)."""
    if not (_zero_one(first, column) and _zero_one(second, column)) or len(first.groups) != len(
            second.groups):
        return None
    z = mcnemar_z(first.columns[column] == 1, second.columns[column] == 1)
    return -math.inf if math.isnan(z) else z  # MaltEval divides -1 by 0


def comparison_of(settings: DepSettings, gold_path: str, gold: Treebank, paths: list[str],
                  parsed: list[Treebank]) -> Comparison:
    """Every parsed file against the gold file with treeeval's scores and tests, in the
    order given."""
    plan = settings.comparison
    systems = [(path, sniff_format(path), treebank) for path, treebank in zip(paths, parsed)]
    converted = "brackets" in [kind for _, kind, _ in systems] + [sniff_format(gold_path)]
    baseline = None if plan.baseline is None else baseline_index(
        plan.baseline, paths, system_names(paths))
    if plan.format is not None and baseline is None:
        baseline = 0  # the table tests against a baseline: the first system by default
    setting = settings.parameter_settings[0]
    return compare_systems(gold_path, gold, systems,
                           method=settings.test, resamples=plan.resamples,
                           seed=plan.seed, metrics=settings.compared_metrics(),
                           baseline=baseline,
                           keep=[_parser_side(settings, setting, gold, one) for one in parsed],
                           heads=settings.heads if converted else None)


def _json(settings: DepSettings) -> Evaluation:
    """``json``: only the comparison of every parsed file with the gold file."""
    plan = file_plan(settings)
    gold_path, paths = plan.gold[0], list(plan.parsed)
    gold, parsed = load_files(settings, gold_path, paths)
    result = Evaluation(settings, folds=[Fold(gold_path, [], comparison=comparison_of(
        settings, gold_path, gold, paths, parsed))], gold_files=[gold_path], parsed_files=paths)
    result.note_empty([gold_path, *paths], [gold, *parsed])
    return result


def _evalpl(settings: DepSettings) -> Evaluation:
    """eval.pl's ``report``: each parsed file read with the gold file as eval.pl reads them."""
    from .evalpl.scoring import read_evalpl  # only for --report

    variant = "eval" if settings.report_variant == "evalpl" else "eval07"
    result = Evaluation(settings, gold_files=list(settings.gold),
                        parsed_files=list(file_plan(settings).parsed))
    for path in result.parsed_files:
        corpus = read_evalpl(settings.gold[0], path, variant=variant)
        corpus.scored("p" in settings.report_flags, variant)
        result.evalpl.append((path, corpus))
    return result


def file_plan(settings: DepSettings) -> EvaluationPlan:
    """The gold and parsed files (directories expanded, sorted) and how they pair up."""
    return pair_files(expand_files(settings.gold), expand_files(settings.parsed))


def pool_folds(settings: DepSettings, plan: EvaluationPlan) -> tuple[Treebank, list[Treebank]]:
    """``--micro-average 1``: the gold files as one treebank and the parsed files as one,
    each fold checked for the same text first."""
    vocabulary = Vocabularies()
    folds = [load_files(settings, gold, [parsed], vocabulary) for gold, parsed in plan.pairs]
    return (Treebank.concatenate([gold for gold, _ in folds]),
            [Treebank.concatenate([parsed[0] for _, parsed in folds])])


def load_files(settings: DepSettings, gold_path: str, paths: list[str],
               vocabulary: Vocabularies | None = None) -> tuple[Treebank, list[Treebank]]:
    """Read the gold file and the parsed files in any format, check the tags against the
    ``postag`` and ``deprel`` files and check that every file holds the gold's text."""
    charset = settings.encoding
    vocabulary = vocabulary if vocabulary is not None else Vocabularies()
    loaded: list[Treebank] = []
    # a large parsed file is read in a second process while the gold file is read
    ahead = read_ahead(paths[0], charset) if paths and settings.read_ahead else None
    try:
        for path in [gold_path, *paths]:
            treebank = ahead.treebank(vocabulary) if ahead is not None and len(loaded) == 1 else None
            if treebank is None:
                treebank = load_treebank(path, charset=charset, heads=settings.heads,
                                         vocabulary=vocabulary)
            if settings.postag is not None or settings.deprel is not None:
                validate_tags(treebank, path, settings.postag, settings.deprel, charset=charset)
            loaded.append(treebank)
    finally:
        if ahead is not None:
            ahead.close()
    for path, treebank in zip(paths, loaded[1:]):
        check_same_text(loaded[0], treebank, gold_path, path)
    return loaded[0], loaded[1:]


def exclusions(settings: DepSettings, setting: Setting, gold: Treebank) -> Exclusions:
    """The Exclude parameters of one evaluation, and the tokens the ``prm`` file leaves out."""
    result = Exclusions.from_parameters(setting)
    if settings.prm is not None:
        result.dropped = deleted_tokens(gold, settings.prm)
    return result


def _parser_side(settings: DepSettings, setting: Setting, gold: Treebank,
                 parsed: Treebank) -> BoolArray | None:
    """The tokens of ``parsed`` that count (None: all): MaltEval's exclusions look at the
    parser's side, so each system's scores are those of its own report."""
    keep = exclusions(settings, setting, gold).masks(gold, parsed)[1]
    return None if keep.all() else keep
