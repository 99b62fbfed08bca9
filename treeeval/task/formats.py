"""The runs of a CoNLL-X or bracketed treebank, scored as ``treeeval dep`` and ``treeeval
bracket`` score a pair, in the :class:`~.runs.RunResult` shape of the UD runs.

A treebank's format is its gold file's (:func:`~.layout.treebank_format`): CoNLL-U is scored
by :mod:`.runs` as ``treeeval ud`` scores it; CoNLL-X as ``treeeval dep GOLD SYSTEM``
(MaltEval's LAS, UAS and LA over every token, or without the tokens whose gold POS tag the
``--dep-prm`` file deletes, as ``treeeval dep -p PRM``); bracketed trees as ``treeeval
bracket -p PRM GOLD SYSTEM`` (EVALB's recall, precision, F-measure, complete match and
tagging accuracy of the ``-- All --`` block, COLLINS.prm unless ``-p`` names others).
Each metric is a :class:`~treeeval.ud.metrics.Score` whose F1 is the reference's rate:
an accuracy ``c / n`` is ``Score(c, n, n)``, EVALB's F-measure ``Score(matched, gold,
test)``.

>>> import tempfile
>>> from pathlib import Path
>>> root = Path(tempfile.mkdtemp())
>>> _ = (root / "g.mrg").write_text("(TOP (S (NP (NN a)) (VP (VB b))))\\n")
>>> _ = (root / "t.mrg").write_text("(TOP (S (NN a) (VP (VB b))))\\n")
>>> wsj = Treebank("wsj", str(root / "g.mrg"), "g.mrg", "bracket", ("COLLINS.prm",))
>>> results = score_formatted(wsj, [("a", str(root / "t.mrg")), ("b", str(root / "x.mrg"))])
>>> {name: round(value.f1, 4) for name, value in results[0].scores.items()}
{'recall': 0.6667, 'precision': 1.0, 'fmeasure': 0.8, 'complete_match': 0.0, 'tagging_accuracy': 1.0}
>>> results[1].failure.kind, results[1].failure.reason
('open', 'cannot open test file: No such file or directory')
"""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Callable, Sequence

import numpy as np

from ..bracket.api import run_bracket_files
from ..bracket.counts import Totals
from ..bracket.params import load_params
from ..dep.compare import SCORED, compare_systems
from ..dep.exclusions import deleted_tokens
from ..dep.reading import check_same_text, load_treebank
from ..errors import InputError
from ..model.treebank import Treebank as DepTreebank
from ..model.vocabulary import Vocabularies
from ..policy.sniffing import sniff_kind
from ..ud.metrics import CONLL17_METRICS, CONLL18_METRICS, Score
from ..ud.report import MAIN_METRICS
from .layout import Grid, Treebank
from .runs import Failure, RunResult

#: the metrics of a CoNLL-X treebank (MaltEval's, as ``treeeval dep`` compares them)
DEP_METRICS = SCORED
#: the metrics of a bracketed treebank (EVALB's, named as ``treeeval bracket --json``)
BRACKET_METRICS = ("recall", "precision", "fmeasure", "complete_match", "tagging_accuracy")
#: the metrics ranked for each format other than CoNLL-U
RANKED = {"dep": ("LAS",), "bracket": ("fmeasure",)}
#: the parameter file of a bracketed treebank when ``-p`` names none
DEFAULT_PRM = "COLLINS.prm"


def format_metrics(kind: str, conll17: bool = False) -> tuple[str, ...]:
    """The metrics of a treebank of format ``kind`` (``ud``, ``dep`` or ``bracket``).

    >>> format_metrics("dep"), format_metrics("ud", conll17=True)[-1]
    (('LAS', 'UAS', 'LA'), 'CLAS')
    """
    if kind == "ud":
        return CONLL17_METRICS if conll17 else CONLL18_METRICS
    return DEP_METRICS if kind == "dep" else BRACKET_METRICS


def task_metrics(treebanks: Sequence[Treebank], conll17: bool = False) -> tuple[str, ...]:
    """Every metric of a task's treebanks: each format's in turn (a name once: LAS and UAS
    of CoNLL-U and CoNLL-X treebanks are one metric).

    >>> task_metrics([Treebank("wsj", "wsj.mrg", "wsj.mrg", "bracket"),
    ...               Treebank("da", "da.conll", "da.conll", "dep")])
    ('LAS', 'UAS', 'LA', 'recall', 'precision', 'fmeasure', 'complete_match', 'tagging_accuracy')
    """
    kinds = {treebank.format for treebank in treebanks}
    return tuple(dict.fromkeys(name for kind in ("ud", "dep", "bracket") if kind in kinds
                               for name in format_metrics(kind, conll17)))


def ranked_metrics(treebanks: Sequence[Treebank], conll17: bool = False) -> tuple[str, ...]:
    """The main metrics of a task's formats, ranked: CoNLL-U's LAS, MLAS and BLEX (conll17:
    LAS), CoNLL-X's LAS, bracketed trees' F-measure.

    >>> ranked_metrics([Treebank("wsj", "wsj.mrg", "wsj.mrg", "bracket"),
    ...                 Treebank("da", "da.conll", "da.conll", "dep")])
    ('LAS', 'fmeasure')
    """
    kinds = {treebank.format for treebank in treebanks}
    main = {"ud": MAIN_METRICS[:1] if conll17 else MAIN_METRICS, **RANKED}
    return tuple(dict.fromkeys(name for kind in ("ud", "dep", "bracket") if kind in kinds
                               for name in main[kind]))


def with_params(grid: Grid, prm: Sequence[str], dep_prm: str | None) -> Grid:
    """The grid with each treebank's parameter files: ``prm`` (EVALB's, default
    COLLINS.prm) for the bracketed ones, ``dep_prm`` for the CoNLL-X ones; the files are
    read here, so that a bad one is an error before any run is scored.

    >>> grid = with_params(Grid("folders", [Treebank("w", "w.mrg", "w.mrg", "bracket")], [],
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


def score_formatted(treebank: Treebank, runs: Sequence[tuple[str, str]]) -> list[RunResult]:
    """Each ``(team, path)`` run of a CoNLL-X (``dep``) or bracketed (``bracket``)
    treebank scored against its gold file (see the module)."""
    scorer: Callable[[Treebank, Sequence[tuple[str, str]]], list[RunResult]] = (
        _score_dep if treebank.format == "dep" else _score_bracket)
    return scorer(treebank, runs)


def _failed(treebank: Treebank, runs: Sequence[tuple[str, str]],
            failure: Failure) -> list[RunResult]:
    """Every run failed the same way (the gold file could not be read)."""
    return [RunResult(team, treebank.name, path, failure=failure) for team, path in runs]


def _score_dep(treebank: Treebank, runs: Sequence[tuple[str, str]]) -> list[RunResult]:
    """The runs of a CoNLL-X treebank: the gold file is read once."""
    vocabulary = Vocabularies()
    try:
        gold = load_treebank(treebank.gold, vocabulary=vocabulary)
    except InputError as exc:
        return _failed(treebank, runs, Failure("gold", exc.message, exc.path or treebank.gold,
                                               exc.line))
    if not len(gold.sizes):
        return _failed(treebank, runs, Failure("gold", "the gold file holds no sentence",
                                               treebank.gold))
    dropped = deleted_tokens(gold, treebank.params[0]) if treebank.params else None
    keep = None if dropped is None else ~dropped
    return [_dep_run(treebank, gold, vocabulary, keep, team, path) for team, path in runs]


def _dep_run(treebank: Treebank, gold: DepTreebank, vocabulary: Vocabularies,
             keep: np.ndarray | None, team: str, path: str) -> RunResult:
    """One run of a CoNLL-X treebank: MaltEval's LAS, UAS and LA on the gold's tokens."""
    try:
        parsed = load_treebank(path, vocabulary=vocabulary)
        if not len(parsed.sizes):
            raise _Failed(Failure("empty", "the system file holds no sentence", path))
        check_same_text(gold, parsed, treebank.gold, path)
    except InputError as exc:
        kind = "open" if exc.message.startswith("cannot") else (
            "text" if "the same text" in exc.message else "format")
        return RunResult(team, treebank.name, path,
                         failure=Failure(kind, exc.message, exc.path or path, exc.line))
    except _Failed as failed:
        return RunResult(team, treebank.name, path, failure=failed.failure)
    system = compare_systems(treebank.gold, gold, [(path, "conll", parsed)], method=None,
                             keep=keep, metrics=DEP_METRICS).systems[0]
    return RunResult(team, treebank.name, path, scores={
        metric: Score(system.correct[metric], system.tokens, system.tokens)
        for metric in DEP_METRICS})


class _Failed(Exception):
    """A run found broken while it was read."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.reason)
        self.failure = failure


def _score_bracket(treebank: Treebank, runs: Sequence[tuple[str, str]]) -> list[RunResult]:
    """The runs of a bracketed treebank, each read with the gold file as EVALB reads a
    pair."""
    params = load_params(treebank.params)[0]
    try:
        with open(treebank.gold, "rb"):
            pass
    except OSError as exc:
        return _failed(treebank, runs, Failure("gold", f"cannot open gold file: {exc.strerror}",
                                               treebank.gold))
    results = []
    for team, path in runs:
        try:
            run = run_bracket_files(treebank.gold, path, params, io.BytesIO(), io.BytesIO())
        except InputError as exc:
            results.append(RunResult(team, treebank.name, path, failure=Failure(
                "open", exc.message, exc.path or path, exc.line)))
            continue
        failure = _bracket_failure(run.killed, run.longer, run.stopped_line, path)
        results.append(RunResult(team, treebank.name, path, failure=failure) if failure
                       else RunResult(team, treebank.name, path,
                                      scores=bracket_scores(run.all_totals)))
    return results


def _bracket_failure(killed: bool, longer: str | None, line: int | None,
                     path: str) -> Failure | None:
    """Why EVALB's run of a system file does not count: MAX_ERROR stopped it, the file
    holds no tree, or it has more or fewer lines (trees) than the gold file.

    >>> _bracket_failure(False, "test", None, "a.mrg").reason
    'the system file has more lines (trees) than the gold file'
    >>> _bracket_failure(False, None, None, "a.mrg") is None
    True
    """
    if killed:
        return Failure("format", "EVALB stopped: more errors than MAX_ERROR", path, line)
    if longer is None:
        return None
    if longer == "gold" and sniff_kind(path, names=False) == "empty":
        return Failure("empty", "the system file holds no tree", path)
    fewer = "fewer" if longer == "gold" else "more"
    return Failure("text", f"the system file has {fewer} lines (trees) than the gold file",
                   path)


def bracket_scores(totals: Totals) -> dict[str, Score]:
    """EVALB's rates of a summary block as Scores (the F-measure 0 where EVALB's is NaN).

    >>> scores = bracket_scores(Totals(sentences=2, gold=4, test=5, matched=3, complete=1,
    ...                                words=6, correct=5))
    >>> [round(100 * value.f1, 2) for value in scores.values()]
    [75.0, 60.0, 66.67, 50.0, 83.33]
    """
    valid = totals.valid
    return {"recall": Score(totals.matched, totals.gold, totals.gold),
            "precision": Score(totals.matched, totals.test, totals.test),
            "fmeasure": Score(totals.matched, totals.gold, totals.test),
            "complete_match": Score(totals.complete, valid, valid),
            "tagging_accuracy": Score(totals.correct, totals.words, totals.words)}
