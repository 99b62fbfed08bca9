"""The runs of a CoNLL-X or bracketed treebank, scored as ``treeeval dep`` and ``treeeval
bracket`` score a pair: for each treebank a scorer of its runs (:func:`treebank_scorer`),
whose scores and failures :mod:`.runs` turns into results (:class:`~.run.TaskRun`), as
for the UD runs.

A treebank's format is its gold file's (:func:`~.layout.treebank_format`): CoNLL-U is scored
by :mod:`.runs` as ``treeeval ud`` scores it; CoNLL-X as ``treeeval dep GOLD SYSTEM``
(MaltEval's LAS, UAS and LA over every token, or without the tokens whose gold POS tag the
``--dep-prm`` file deletes, as ``treeeval dep -p PRM``); bracketed trees as ``treeeval
bracket -p PRM GOLD SYSTEM`` (EVALB's recall, precision, F-measure, complete match and
tagging accuracy of the ``-- All --`` block, COLLINS.prm unless ``-p`` names others).
Each metric is a :class:`~treeeval.ud.metrics.Score` whose F1 is the reference's rate:
an accuracy ``c / n`` is ``Score(c, n, n)``, EVALB's F-measure ``Score(matched, gold,
test)``.  For ``--stat`` a scorer also gives the per-sentence counts of the tested metrics,
those ``treeeval dep --stat`` and ``treeeval bracket --stat`` test
(:func:`treeeval.dep.sentence_scores.dependency_scores`,
:func:`treeeval.bracket.compare.metric_counts`).

>>> import tempfile
>>> from pathlib import Path
>>> root = Path(tempfile.mkdtemp())
>>> _ = (root / "g.mrg").write_text("(TOP (S (NP (NN a)) (VP (VB b))))\\n")
>>> _ = (root / "t.mrg").write_text("(TOP (S (NN a) (VP (VB b))))\\n")
>>> scorer = treebank_scorer(TaskTreebank("wsj", str(root / "g.mrg"), "g.mrg", "bracket",
...                                    ("COLLINS.prm",)))
>>> scores, sentences = scorer(str(root / "t.mrg"))
>>> {name: round(value.f1, 2) for name, value in scores.items()}, sentences
({'recall': 66.67, 'precision': 100.0, 'fmeasure': 80.0, 'complete_match': 0.0, 'tagging_accuracy': 100.0}, {})
>>> scorer(str(root / "x.mrg"))
Traceback (most recent call last):
...
treeeval.task.formats.RunFailed: ('open', 'cannot open test file: No such file or directory', '...x.mrg', None)
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..bracket.api import run_bracket_files
from ..bracket.compare import metric_counts
from ..bracket.params import EvalbParams, load_params
from ..bracket.totals import Totals
from ..dep.compare import SCORED, accuracy, compare_systems
from ..dep.exclusions import deleted_tokens
from ..dep.reading import check_same_text, load_treebank
from ..errors import InputError
from ..model.treebank import Treebank as DepTreebank
from ..model.vocabulary import Vocabularies
from ..policy.sniffing import sniff_kind
from ..stats import SentenceScores
from ..ud.metrics import CONLL18_METRICS, Score
from ..ud.report import MAIN_METRICS
from .layout import Grid, TaskTreebank

if TYPE_CHECKING:
    from ..arrays import BoolArray

#: the metrics of a CoNLL-X treebank (MaltEval's, as ``treeeval dep`` compares them)
DEP_METRICS = SCORED
#: the metrics of a bracketed treebank (EVALB's, named as ``treeeval bracket --json``)
BRACKET_METRICS = ("recall", "precision", "fmeasure", "complete_match", "tagging_accuracy")
#: the metrics ranked in an IWPT-style task (``--udeval``, ``--iwpt20``), the first the
#: IWPT 2020 and 2021 shared tasks' main metric
IWPT_RANKED = ("ELAS", "EULAS", "LAS")
#: the metrics ranked for each format other than CoNLL-U
RANKED = {"dep": ("LAS",), "bracket": ("fmeasure",)}
#: the parameter file of a bracketed treebank when ``-p`` names none
DEFAULT_PRM = "COLLINS.prm"


def format_metrics(kind: str, ud: Sequence[str] = CONLL18_METRICS) -> tuple[str, ...]:
    """The metrics of a treebank of format ``kind`` (``ud``, ``dep`` or ``bracket``); those
    of a CoNLL-U treebank are ``ud``, its rules' (:func:`treeeval.ud.settings.rule_metrics`).

    >>> from treeeval.ud.metrics import CONLL17_METRICS
    >>> format_metrics("dep"), format_metrics("ud", CONLL17_METRICS)[-1]
    (('LAS', 'UAS', 'LA'), 'CLAS')
    """
    if kind == "ud":
        return tuple(ud)
    return DEP_METRICS if kind == "dep" else BRACKET_METRICS


def task_metrics(treebanks: Sequence[TaskTreebank],
                 ud: Sequence[str] = CONLL18_METRICS) -> tuple[str, ...]:
    """Every metric of a task's treebanks: each format's in turn (a name once: LAS and UAS
    of CoNLL-U and CoNLL-X treebanks are one metric; ``ud``: the CoNLL-U metrics).

    >>> task_metrics([TaskTreebank("wsj", "wsj.mrg", "wsj.mrg", "bracket"),
    ...               TaskTreebank("da", "da.conll", "da.conll", "dep")])
    ('LAS', 'UAS', 'LA', 'recall', 'precision', 'fmeasure', 'complete_match', 'tagging_accuracy')
    """
    kinds = {treebank.format for treebank in treebanks}
    return tuple(dict.fromkeys(name for kind in ("ud", "dep", "bracket") if kind in kinds
                               for name in format_metrics(kind, ud)))


def ranked_metrics(treebanks: Sequence[TaskTreebank],
                   ud: Sequence[str] = CONLL18_METRICS) -> tuple[str, ...]:
    """The main metrics of a task's formats, ranked: CoNLL-U's (``ud``: the metrics of its
    rules) ELAS, EULAS and LAS when ELAS is scored (an IWPT-style task), else LAS, MLAS and
    BLEX (conll17: LAS); CoNLL-X's LAS, bracketed trees' F-measure.

    >>> ranked_metrics([TaskTreebank("wsj", "wsj.mrg", "wsj.mrg", "bracket"),
    ...                 TaskTreebank("da", "da.conll", "da.conll", "dep")])
    ('LAS', 'fmeasure')
    >>> ranked_metrics([TaskTreebank("cs", "cs.conllu", "cs.conllu")], CONLL18_METRICS + ("ELAS", "EULAS"))
    ('ELAS', 'EULAS', 'LAS')
    """
    kinds = {treebank.format for treebank in treebanks}
    main = {"ud": IWPT_RANKED if "ELAS" in ud else
            tuple(name for name in MAIN_METRICS if name in ud), **RANKED}
    return tuple(dict.fromkeys(name for kind in ("ud", "dep", "bracket") if kind in kinds
                               for name in main[kind]))


def with_params(grid: Grid, prm: Sequence[str], dep_prm: str | None) -> Grid:
    """The grid with each treebank's parameter files: ``prm`` (EVALB's, default
    COLLINS.prm) for the bracketed ones, ``dep_prm`` for the CoNLL-X ones; the files are
    read here, so that a bad one is an error before any run is scored.

    >>> grid = with_params(Grid("folders", [TaskTreebank("w", "w.mrg", "w.mrg", "bracket")], [],
    ...                         "s"), [], None)
    >>> grid.treebanks[0].params
    ('COLLINS.prm',)
    """
    kinds = {treebank.format for treebank in grid.treebanks}
    params = {"bracket": tuple(prm) or (DEFAULT_PRM,), "dep": (dep_prm,) if dep_prm else ()}
    for kind, names in params.items():
        if kind in kinds and names:
            load_params(names)
    return replace(grid, treebanks=[replace(treebank, params=params.get(treebank.format, ()))
                                    for treebank in grid.treebanks])


#: a treebank's scorer of one run: the system file's path in, the run's scores and the
#: per-sentence counts of the tested metrics out (or :class:`RunFailed`)
RunScorer = Callable[[str], tuple[dict[str, Score], dict[str, SentenceScores]]]


class RunFailed(Exception):
    """A run that cannot be scored, with the fields of a :class:`~.run.Failure` (kind,
    reason, path, line) as its ``args``; kind ``gold``: no run of the treebank can be."""

    def __init__(self, kind: str, reason: str, path: str, line: int | None = None) -> None:
        super().__init__(kind, reason, path, line)


def treebank_scorer(treebank: TaskTreebank, tested: Sequence[str] = ()) -> RunScorer:
    """The scorer of the runs of a CoNLL-X (``dep``) or bracketed (``bracket``) treebank
    against its gold file (see the module), with the per-sentence counts of the metrics
    ``tested``; raises :class:`RunFailed` (``gold``) when the gold file cannot be read."""
    if treebank.format == "dep":
        return _dep_scorer(treebank, tested)
    return _bracket_scorer(treebank, tested)


def _dep_scorer(treebank: TaskTreebank, tested: Sequence[str]) -> RunScorer:
    """The gold file of a CoNLL-X treebank read once, and the scorer of its runs."""
    vocabulary = Vocabularies()
    try:
        gold = load_treebank(treebank.gold, vocabulary=vocabulary)
    except InputError as exc:
        raise RunFailed("gold", exc.message, exc.path or treebank.gold, exc.line) from None
    if not len(gold.sizes):
        raise RunFailed("gold", "the gold file holds no sentence", treebank.gold)
    keep = ~deleted_tokens(gold, treebank.params[0]) if treebank.params else None
    return lambda path: _dep_run(treebank.gold, gold, vocabulary, keep, path, tested)


def _dep_run(gold_path: str, gold: DepTreebank, vocabulary: Vocabularies,
             keep: BoolArray | None, path: str,
             tested: Sequence[str]) -> tuple[dict[str, Score], dict[str, SentenceScores]]:
    """One run of a CoNLL-X treebank: MaltEval's LAS, UAS and LA on the gold's tokens, and
    the per-sentence counts of the ``tested`` ones."""
    try:
        parsed = load_treebank(path, vocabulary=vocabulary)
        if not len(parsed.sizes):
            raise RunFailed("empty", "the system file holds no sentence", path)
        check_same_text(gold, parsed, gold_path, path)
    except InputError as exc:
        kind = "open" if exc.message.startswith("cannot") else (
            "text" if "the same text" in exc.message else "format")
        raise RunFailed(kind, exc.message, exc.path or path, exc.line) from None
    system = compare_systems(gold_path, gold, [(path, "conll", parsed)], method=None,
                             keep=keep, metrics=DEP_METRICS).systems[0]
    return ({metric: Score(system.correct[metric], system.tokens, system.tokens)
             for metric in DEP_METRICS}, {metric: system.sentences[metric] for metric in tested})


def _bracket_scorer(treebank: TaskTreebank, tested: Sequence[str]) -> RunScorer:
    """The scorer of the runs of a bracketed treebank, each read with the gold file as
    EVALB reads a pair."""
    params = load_params(treebank.params)[0]
    try:
        with open(treebank.gold, "rb"):
            pass
    except OSError as exc:
        raise RunFailed("gold", f"cannot open gold file: {exc.strerror}",
                        treebank.gold) from None
    return lambda path: _bracket_run(treebank.gold, params, path, tested)


def _bracket_run(gold: str, params: EvalbParams, path: str,
                 tested: Sequence[str]) -> tuple[dict[str, Score], dict[str, SentenceScores]]:
    """One run of a bracketed treebank: EVALB's rates of the ``-- All --`` block, and the
    per-sentence counts of the ``tested`` ones."""
    try:
        run = run_bracket_files(gold, path, params, io.BytesIO(), io.BytesIO(),
                                keep_sentences=bool(tested))
    except InputError as exc:
        raise RunFailed("open", exc.message, exc.path or path, exc.line) from None
    _check_bracket_run(run.killed, run.longer, run.stopped_line, path)
    if not tested:
        return bracket_scores(run.all_totals), {}
    assert run.sentences is not None  # kept: keep_sentences was set
    return bracket_scores(run.all_totals), {
        metric: metric_counts(run.sentences, metric, params.cutoff_len) for metric in tested}


def _check_bracket_run(killed: bool, longer: str | None, line: int | None, path: str) -> None:
    """Raise :class:`RunFailed` when EVALB's run of a system file does not count: MAX_ERROR
    stopped it, the file holds no tree, or it has more or fewer lines (trees) than the gold
    file.

    >>> _check_bracket_run(False, "test", None, "a.mrg")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    treeeval.task.formats.RunFailed: ('text', 'the system file has more lines ... than the gold file', 'a.mrg', None)
    >>> _check_bracket_run(False, None, None, "a.mrg")
    """
    if killed:
        raise RunFailed("format", "EVALB stopped: more errors than MAX_ERROR", path, line)
    if longer == "gold" and sniff_kind(path, names=False) == "empty":
        raise RunFailed("empty", "the system file holds no tree", path)
    if longer is not None:
        fewer = "fewer" if longer == "gold" else "more"
        raise RunFailed("text", f"the system file has {fewer} lines (trees) than the gold "
                        "file", path)


def bracket_scores(totals: Totals) -> dict[str, Score]:
    """EVALB's rates of a summary block as Scores (the F-measure 0 where EVALB's is NaN).

    >>> scores = bracket_scores(Totals(sentences=2, gold=4, test=5, matched=3, complete=1,
    ...                                words=6, correct=5))
    >>> [round(value.f1, 2) for value in scores.values()]
    [75.0, 60.0, 66.67, 50.0, 83.33]
    """
    valid = totals.valid
    return {"recall": Score(totals.matched, totals.gold, totals.gold),
            "precision": Score(totals.matched, totals.test, totals.test),
            "fmeasure": Score(totals.matched, totals.gold, totals.test),
            "complete_match": Score(totals.complete, valid, valid),
            "tagging_accuracy": Score(totals.correct, totals.words, totals.words)}


def percents(kind: str, metric: str, value: Score) -> tuple[float, float, float]:
    """A metric's precision, recall and F1 in percent, each computed as the single command
    of the treebank's format computes it, so that the task's rates are bit-identical to
    ``treeeval ud --json`` (``100 * ratio``), ``treeeval dep --json`` (MaltEval's
    :func:`~treeeval.dep.compare.accuracy`) and ``treeeval bracket --json`` (EVALB's
    :class:`~treeeval.bracket.totals.Totals`, the F-measure from P and R); a rate that is
    undefined there (NaN) is 0 here, as a failed run counts.

    >>> percents("bracket", "fmeasure", Score(1, 1, 2)), Score(1, 1, 2).f1
    ((50.0, 100.0, 66.66666666666667), 66.66666666666666)
    >>> percents("dep", "LAS", Score(1, 3, 3))
    (33.333333333333336, 33.333333333333336, 33.333333333333336)
    """
    if kind == "ud":
        return value.precision, value.recall, value.f1
    if kind == "dep":
        rate = accuracy(int(value.correct), int(value.gold))
        return (rate,) * 3 if not math.isnan(rate) else (0.0,) * 3
    totals = _bracket_totals(metric, value)
    rate = getattr(totals, metric)()
    pair = (totals.precision(), totals.recall()) if metric == "fmeasure" else (rate, rate)
    return (*pair, 0.0 if math.isnan(rate) else rate)


def _bracket_totals(metric: str, value: Score) -> Totals:
    """The counts of EVALB's block that a metric of :func:`bracket_scores` holds.

    >>> _bracket_totals("complete_match", Score(1, 2, 2)).complete_match()
    50.0
    """
    correct, gold, system = int(value.correct), int(value.gold), int(value.system)
    if metric == "complete_match":
        return Totals(sentences=gold, complete=correct)
    if metric == "tagging_accuracy":
        return Totals(words=gold, correct=correct)
    return Totals(gold=gold, test=system, matched=correct)
