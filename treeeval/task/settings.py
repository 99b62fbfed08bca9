"""What a ``treeeval task`` run does, as one frozen settings object, and what cannot go
together.

>>> settings = TaskSettings("gold", "systems", jobs=2, tables=("ranking",))
>>> settings.jobs, settings.tables, settings.rules
(2, ('ranking',), 'conll18')
>>> TaskSettings("gold", "systems", enhanced=EnhancedRules("iwpt20")).ud_metrics[9:12]
('LAS', 'ELAS', 'EULAS')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import UsageError
from ..stats.defaults import DEFAULT_RESAMPLES, DEFAULT_SEED
from ..ud.enhanced import EnhancedRules
from ..ud.settings import rule_metrics, rules_name


@dataclass(frozen=True)
class TaskSettings:
    """What a ``treeeval task`` run does: the folders and their layout, the rules (CoNLL
    2018, ``conll17``, or the ``enhanced`` rules of udeval or iwpt20_xud_eval.py: an
    IWPT-style task), the groups, the tables (None: all of them) and their format, the
    test, Callin's statistics and the judgments, the pool."""

    gold_dir: str | None
    systems_dir: str | None
    conll17: bool = False
    layout: str = "auto"
    groups: str | None = None
    tables: tuple[str, ...] | None = None
    json: bool = False
    jobs: int | None = None
    scheduler: str | None = None
    tira: tuple[str, str] | None = None
    metrics: str | None = None
    format: str | None = None
    signature: bool = False
    stat: str | None = None
    resamples: int = DEFAULT_RESAMPLES
    seed: int = DEFAULT_SEED
    callin: bool = False
    judgments: tuple[str, ...] = ()
    prm: tuple[str, ...] = ()
    dep_prm: str | None = None
    enhanced: EnhancedRules | None = None

    @property
    def rules(self) -> str:
        """Whose rules score the CoNLL-U runs: conll18, conll17, udeval or iwpt20."""
        return rules_name(self.conll17, self.enhanced)

    @property
    def ud_metrics(self) -> tuple[str, ...]:
        """The metrics of a CoNLL-U treebank under these rules, in their report's order."""
        return rule_metrics(self.conll17, self.enhanced)


def check_task(settings: TaskSettings, given: Sequence[str], table: str) -> None:
    """Refuse what cannot go together (``given``: the options of the test given, ``table``
    the ``--table`` asked)."""
    _check_stat(given, settings, table)
    _check_callin(settings, table)
    if settings.json and settings.format:
        raise UsageError("--format cannot go with --json")
    if settings.enhanced is not None and settings.conll17:
        raise UsageError(f"--conll17 cannot go with --{settings.enhanced.scorer}")
    if settings.tira and (settings.conll17 or settings.enhanced or settings.json
                          or settings.format):
        raise UsageError("--tira writes the CoNLL 2018 wrapper's output: no --conll17, "
                         "--udeval, --iwpt20, --json or --format")
    if table == "groups" and not settings.groups:
        raise UsageError("--table groups needs --groups FILE")
    _check_scheduler(settings)


def _check_stat(given: Sequence[str], settings: TaskSettings, table: str) -> None:
    """``--stat`` and its company: no ``--baseline`` (the best of each treebank is), the
    seed and the resamples only with a test, no test with ``--tira``."""
    if "--baseline" in given:
        raise UsageError("--baseline: treeeval task --stat tests each team against the best "
                         "team of each treebank")
    if settings.stat is None and (given or table == "clusters"):
        raise UsageError(f"{given[0] if given else '--table clusters'} needs --stat "
                         "bootstrap or --stat ar")
    if settings.stat and settings.tira:
        raise UsageError("--tira writes the CoNLL 2018 wrapper's output: no --stat")


def _check_callin(settings: TaskSettings, table: str) -> None:
    """The folders are needed but with ``--judgments`` alone; ``--callin`` and
    ``--judgments`` write their own tables (no ``--table`` or ``--tira``)."""
    if settings.systems_dir is None and not (settings.judgments and not settings.callin):
        raise UsageError("GOLD_DIR and SYSTEMS_DIR are needed (they may be left out only "
                         "with --judgments alone)")
    if (settings.callin or settings.judgments) and (settings.tira or table != "all"):
        raise UsageError("--callin and --judgments write their own tables: no --tira or "
                         "--table")
    if settings.json and settings.systems_dir is None:
        raise UsageError("--json needs GOLD_DIR and SYSTEMS_DIR (for the judgments alone: "
                         "--format json)")


def _check_scheduler(settings: TaskSettings) -> None:
    """``--scheduler`` goes without ``--jobs`` (the cluster has its workers), and with
    absolute folders: the workers read the files, wherever they run.

    >>> _check_scheduler(TaskSettings("/g", "/s", scheduler="tcp://h:8786"))
    >>> _check_scheduler(TaskSettings("g", "/s", scheduler="tcp://h:8786"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --scheduler: the workers read the files: ... (g is not)
    """
    if settings.scheduler is None:
        return
    if settings.jobs is not None:
        raise UsageError("--jobs cannot go with --scheduler (the cluster's workers score)")
    relative = [folder for folder in (settings.gold_dir, settings.systems_dir)
                if folder is not None and not os.path.isabs(folder)]
    if relative:
        raise UsageError("--scheduler: the workers read the files: give GOLD_DIR and "
                         f"SYSTEMS_DIR as absolute paths ({relative[0]} is not)")
