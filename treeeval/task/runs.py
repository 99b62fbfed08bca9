"""Every run of a task scored as ``treeeval ud`` scores a pair, on one of the backends.

A run is a team's file for a treebank.  One unit of work is one treebank: its gold file is
read once, then each team's run is read, checked and scored against it (the words of both
in one vocabulary, as :func:`treeeval.ud.api.evaluate_ud` reads a pair).  A run that cannot
be scored *fails* and counts 0, as the shared task counted it; its :class:`Failure` says
why, in the categories of the official TIRA wrapper (:data:`FAILURES`).

>>> import tempfile
>>> from pathlib import Path
>>> row = "{}\\t{}\\t_\\tX\\t_\\t_\\t{}\\t{}\\t_\\t_\\n"
>>> root = Path(tempfile.mkdtemp())
>>> gold = root / "en.conllu"
>>> _ = gold.write_text(row.format(1, "a", 0, "root") + row.format(2, "b", 1, "obj") + "\\n")
>>> _ = (root / "cycle.conllu").write_text(gold.read_text().replace("\\t0\\troot", "\\t2\\troot"))
>>> results = score_treebank(TaskTreebank("en", str(gold), "en.conllu"),
...     [("ok", str(gold)), ("none", str(root / "x.conllu")), ("bad", str(root / "cycle.conllu"))])
>>> [(r.team, r.scores["LAS"].f1 if r.scores else r.failure.kind) for r in results]
[('ok', 100.0), ('none', 'open'), ('bad', 'cycle')]
>>> results[2].failure.reason
'There is a cycle in a sentence'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import InputError
from ..model.vocabulary import Vocabulary
from ..ud.api import score_treebanks
from ..ud.enhanced import EnhancedReader, EnhancedRules
from ..ud.format_error import UDFormatError
from ..ud.readers.layout import ReadOptions
from ..ud.readers.reading import read_ud
from ..ud.readers.scan import Interner
from ..ud.treebank import UDTreebank
from .backends import Backend, InProcess, Progress
from .callin import TreebankCallin
from .formats import RunFailed, RunScorer, format_metrics, treebank_scorer
from .layout import Grid, TaskTreebank
from .run import Failure, TaskRun
from .significance import TaskStat, runs_with_tests


def score_grid(grid: Grid, *, conll17: bool = False, backend: Backend | None = None,
               teams: Sequence[str] | None = None, testing: TaskStat | None = None,
               callin: bool = False, progress: Callable[[int], None] | None = None,
               enhanced: EnhancedRules | None = None) -> list[list[TaskRun]]:
    """Every run of ``teams`` (default: every team of the grid): one list per treebank, in
    the grid's order, each with one result per team in the order given, with ``testing``
    each treebank's tests, with ``callin`` Callin's metrics and with ``enhanced`` the
    CoNLL-U runs scored by the rules of udeval or iwpt20_xud_eval.py (:func:`score_treebank`).
    ``backend`` scores the treebanks (default: in this process); the results do not depend
    on it.  ``progress`` is called with the number of runs of each treebank done, as they
    are done.  The backend starts the treebanks of the largest gold files first (the
    critical path)."""
    chosen = list(grid.teams if teams is None else teams)
    work = [(treebank, [(team, grid.system_path(team, treebank)) for team in chosen], conll17,
             testing, callin, enhanced) for treebank in grid.treebanks]
    done: Progress | None = None if progress is None else (lambda _: progress(len(chosen)))
    cost = [_file_size(treebank.gold) for treebank in grid.treebanks]
    return (backend or InProcess()).map(_score_item, work, done, cost)


def _file_size(path: str) -> int:
    """The size of a gold file in bytes, the cost of scoring its treebank (0 when it cannot
    be read: its runs fail at once).

    >>> _file_size("/nonexistent/gold.conllu")
    0
    """
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _score_item(item: tuple[TaskTreebank, list[tuple[str, str]], bool, TaskStat | None, bool,
                             EnhancedRules | None]) -> list[TaskRun]:
    """:func:`score_treebank` on one unit of work (a backend's map passes one argument)."""
    return score_treebank(*item)


def score_treebank(treebank: TaskTreebank, runs: Sequence[tuple[str, str]],
                   conll17: bool = False, testing: TaskStat | None = None,
                   callin: bool = False, enhanced: EnhancedRules | None = None) -> list[TaskRun]:
    """Each ``(team, path)`` run of a treebank scored against its gold file, read once (a
    CoNLL-X or bracketed treebank by its :func:`.formats.treebank_scorer`); with ``testing``,
    each scored run tested against the best (:func:`.significance.runs_with_tests`); with
    ``callin``, each scored CoNLL-U run's Callin metrics (:class:`.callin.TreebankCallin`,
    in the same pass: the run is read and aligned once); with ``enhanced``, DEPS read and
    ELAS and EULAS scored as udeval or iwpt20_xud_eval.py score them (a gold file whose DEPS
    or empty nodes the scorer refuses fails every run, a run's fails the run).  The gold
    file and every run are read with one :class:`~treeeval.ud.readers.scan.Interner` and
    one :class:`~treeeval.ud.enhanced.EnhancedReader`, as :func:`treeeval.ud.api.evaluate_ud`
    reads a pair."""
    if treebank.format != "ud":
        return _score_formatted(treebank, runs, testing)
    options = (ReadOptions(conll17=conll17) if enhanced is None
               else enhanced.read_options(multiple_roots_okay=False))
    vocabulary = Vocabulary()
    interner = Interner.of(vocabulary, Vocabulary(), options)
    reader = None if enhanced is None else EnhancedReader(vocabulary, interner.deps, enhanced)
    try:
        gold = read_ud(treebank.gold, options, vocabulary, interner.forms, None, interner)
        if reader is not None:
            reader.edges(gold)
    except InputError as exc:
        failure = Failure("gold", exc.message, exc.path or treebank.gold, exc.line)
        return [TaskRun(team, treebank.name, path, failure=failure) for team, path in runs]
    scorer = _UDRuns(gold, options, interner, reader, conll17,
                     () if testing is None else tuple(testing.metrics),
                     TreebankCallin() if callin else None)
    scored = [scorer(team, treebank.name, path) for team, path in runs]
    return scored if testing is None else runs_with_tests(scored, testing)


def _score_formatted(treebank: TaskTreebank, runs: Sequence[tuple[str, str]],
                     testing: TaskStat | None = None) -> list[TaskRun]:
    """The runs of a CoNLL-X or bracketed treebank (:func:`.formats.treebank_scorer`), with
    ``testing`` tested as the CoNLL-U runs are (on the per-sentence counts of the metrics
    of ``testing`` the treebank has)."""
    metrics = () if testing is None else tuple(
        name for name in testing.metrics if name in format_metrics(treebank.format))
    try:
        scorer = treebank_scorer(treebank, metrics)
    except RunFailed as exc:
        return [TaskRun(team, treebank.name, path, failure=Failure(*exc.args),
                          format=treebank.format) for team, path in runs]
    scored = [_formatted_run(scorer, team, treebank, path) for team, path in runs]
    return scored if testing is None else runs_with_tests(scored, testing)


def _formatted_run(scorer: RunScorer, team: str, treebank: TaskTreebank, path: str) -> TaskRun:
    """One run scored by a :func:`.formats.treebank_scorer`, or why it fails."""
    try:
        scores, sentences = scorer(path)
    except RunFailed as exc:
        return TaskRun(team, treebank.name, path, failure=Failure(*exc.args),
                         format=treebank.format)
    return TaskRun(team, treebank.name, path, scores=scores, per_sentence=sentences or None,
                     format=treebank.format)


@dataclass(frozen=True)
class _UDRuns:
    """The runs of a CoNLL-U treebank scored against its ``gold`` file, each read with the
    gold's ``options`` and ``interner`` (and its DEPS by the gold's ``reader``), with the
    per-sentence rows of the metrics the tests need kept (``rows``: none without tests; the
    others' rows would hold a large treebank's memory for nothing), and Callin's metrics
    when ``callin``."""

    gold: UDTreebank
    options: ReadOptions
    interner: Interner
    reader: EnhancedReader | None
    conll17: bool
    rows: tuple[str, ...]
    callin: TreebankCallin | None

    def __call__(self, team: str, treebank: str, path: str) -> TaskRun:
        """One run scored, or why it fails."""
        gold = self.gold
        try:
            system = read_ud(path, self.options, gold.vocabulary, gold.forms, None,
                             self.interner)
            if self.reader is not None:  # the scorers read DEPS before they compare texts
                self.reader.edges(system)
        except InputError as exc:
            return TaskRun(team, treebank, path, failure=_read_failure(exc, path))
        if not system.text:
            failure = Failure("empty", "the system file holds no word", path)
            return TaskRun(team, treebank, path, failure=failure)
        try:
            scored = score_treebanks(gold, system, conll17=self.conll17, enhanced=self.reader)
        except UDFormatError as exc:
            failure = Failure("text", exc.message, path, exc.line, len(system.text),
                              len(gold.text))
            return TaskRun(team, treebank, path, failure=failure)
        values = None if self.callin is None else self.callin(scored)
        rows = {name: scored.per_sentence[name] for name in self.rows
                if name in scored.per_sentence}
        return TaskRun(team, treebank, path, scores=scored.scores,
                       per_sentence=rows if self.rows else None, callin=values)


def _read_failure(exc: InputError, path: str) -> Failure:
    """The failure of a run the reader refused: the scorer's format errors (a cycle apart)
    are its ``UDError``s; a file it cannot open or decode is another kind.

    >>> _read_failure(InputError("cannot read: No such file", path="a"), "a").kind
    'open'
    >>> _read_failure(UDFormatError("HEAD cannot be negative", path="a", line=3), "a").line
    3
    """
    message = exc.message
    if not isinstance(exc, UDFormatError) or message.startswith("cannot decode"):
        kind = "open"
    elif message.startswith("There is a cycle"):
        kind = "cycle"
    else:
        kind = "format"
    return Failure(kind, message, exc.path or path, exc.line)

