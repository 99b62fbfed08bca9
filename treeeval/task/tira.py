"""The official CoNLL 2018 TIRA wrapper's output for one team: ``evaluation.prototext`` (the
total F1 of every metric over the treebanks, then each treebank's status and F1s) and the
stdout lines (each treebank's LAS, MLAS and BLEX and its status), byte for byte.

>>> from treeeval.ud.metrics import CONLL18_METRICS, Score
>>> ok = TaskRun("t", "en_ewt", "t/en.conllu",
...                {name: Score(7, 8, 8) for name in CONLL18_METRICS})
>>> failed = TaskRun("t", "fi_tdt", "t/fi.conllu", failure=Failure("open", "cannot read", "f"))
>>> print(stdout_text([ok, failed]), end="")  # doctest: +ELLIPSIS
en_ewt        LAS= 87.50% MLAS= 87.50% BLEX= 87.50% (OK: Result F1 scores rounded to 5% are ...)
fi_tdt        LAS=  0.00% MLAS=  0.00% BLEX=  0.00% (Error: Cannot open generated CoNLL-U file)
>>> status(ok)
'OK: Result F1 scores rounded to 5% are LAS=90% MLAS=90% BLEX=90%'
>>> print(prototext([ok, failed]).splitlines()[1])
  key: "total-Tokens-F1"
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ud.metrics import CONLL18_METRICS, f1_fraction
from ..ud.report import MAIN_METRICS
from .run import Failure, TaskRun

#: the status of a failed run, by the kind of its failure
STATUS = {
    "gold": "Error: Cannot load gold file",
    "open": "Error: Cannot open generated CoNLL-U file",
    "cycle": "Error: There is a cycle in generated CoNLL-U file",
    "format": "Error: There is a format error (tabs, ID values, etc) in generated CoNLL-U file",
    "empty": "Error: The system file is empty",
}
#: the output file of the wrapper, in OUT_DIR
PROTOTEXT = "evaluation.prototext"


def rounded_to_5(f1: float) -> float:
    """An F1 rounded to a multiple of 5% as the wrapper rounds it (half to even, in floats).

    >>> rounded_to_5(0.874999), rounded_to_5(0.875001), rounded_to_5(0.925)
    (0.85, 0.9, 0.9)
    """
    return round(f1 * 100. / 5.) * 5. / 100.


def status(run: TaskRun) -> str:
    """The wrapper's status of a run.

    >>> status(TaskRun("t", "x", "p", failure=Failure("text", "", "p", None, 90, 100)))[-55:]
    'characters, which is approximately 90% of the gold file'
    >>> status(TaskRun("t", "x", "p", failure=Failure("text", "", "p", None, 5, 0)))[-47:]
    'system file has 5 nonspace characters (no gold)'
    """
    if run.failure is not None:
        return STATUS.get(run.failure.kind) or _text_status(run.failure)
    assert run.scores is not None
    shown = " ".join(f"{name}={100 * rounded_to_5(f1_fraction(run.scores[name])):.0f}%"
                     for name in MAIN_METRICS)
    return f"OK: Result F1 scores rounded to 5% are {shown}"


def _text_status(failure: Failure) -> str:
    """A run whose text differs from the gold text; the wrapper itself stops on an empty
    gold file (docs/differences.md), which treeeval says instead of a percentage."""
    head = ("Error: The concatenation of tokens in gold file and in system file differ, "
            f"system file has {failure.system_characters} nonspace characters")
    if not failure.gold_characters:
        return head + " (no gold)"
    share = int(100 * failure.system_characters / failure.gold_characters)
    return f"{head}, which is approximately {share}% of the gold file"


def _measures(runs: Sequence[TaskRun]) -> list[tuple[str, str]]:
    """The wrapper's (key, value) pairs: the totals over every treebank (a failed run adding
    nothing to the sum, every treebank counting in the mean), then each treebank's."""
    scored = [run for run in runs if run.scores is not None]
    totals = [(f"total-{name}-F1", f"{100 * sum(run.f1(name) for run in scored) / len(runs):.2f}")
              for name in CONLL18_METRICS]
    each: list[tuple[str, str]] = []
    for run in runs:
        each.append((f"{run.treebank}-Status", status(run)))
        if run.scores is not None:
            each += [(f"{run.treebank}-{name}-F1", f"{100 * run.f1(name):.2f}")
                     for name in CONLL18_METRICS]
    return totals + each


def prototext(runs: Sequence[TaskRun]) -> str:
    """``evaluation.prototext`` of a team's runs (one per treebank, the metadata's order)."""
    return "".join(f'measure{{\n  key: "{key}"\n  value: "{value}"\n}}\n'
                   for key, value in _measures(runs))


def stdout_text(runs: Sequence[TaskRun]) -> str:
    """The wrapper's stdout: a line per treebank (a repeated treebank name shows the F1s of
    its last scored run, as the wrapper's tables keyed by name do)."""
    scored = {run.treebank: run for run in runs if run.scores is not None}
    lines = []
    for run in runs:
        last = scored.get(run.treebank)
        las, mlas, blex = (100 * last.f1(name) if last else 0.0 for name in MAIN_METRICS)
        lines.append(f"{run.treebank:13} LAS={las:6.2f}% MLAS={mlas:6.2f}% BLEX={blex:6.2f}% "
                     f"({status(run)})")
    return "".join(line + "\n" for line in lines)
