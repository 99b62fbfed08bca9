"""``treeeval ud`` against the UD team's current scorer, ``udeval`` (the ``udtools`` package,
a test dependency: CI installs it from the registry, so this oracle is live there too).

Its basic metrics are the CoNLL 2018 scorer's: with ``--no-enhanced`` (no ELAS and EULAS) it
prints conll18_ud_eval.py's report, so on every generated pair (test_ud.py's generator) that
``udeval`` scores, ``treeeval ud`` must print its stdout byte for byte in the default, ``-v``
and ``-c`` modes; a pair it refuses, treeeval refuses too (its messages are conll18's,
whose wording udeval's differ from in places: test_ud.py checks them against conll18).

``udeval`` reads DEPS even with ``--no-enhanced``, and crashes (an IndexError, no UDError)
on an enhanced head beyond the sentence, which the basic metrics never look at; such a pair
is scored (or refused) by ``udeval`` again with every DEPS field ``_``, and treeeval's report
on the pair as it is must be that one.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from harness import Run, assert_same, case_ids, case_random, require_data, run_treeeval
from oracles import udeval_command
from test_ud import write_pair

#: CI cases (the oracle is a Python program: about 0.2 s a case)
CI_CASES = 60


@pytest.mark.differential(oracle="udeval")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_udeval_basic_metrics(case: int, tmp_path: Path) -> None:
    command = udeval_command()
    require_data("ud")
    rng = case_random("udeval", case)
    options = rng.choice(([], ["-v"], ["-c"], ["--verbose"], ["--counts"]))
    gold, system = write_pair("conll18", rng, tmp_path, "gold.conllu", "system.conllu")
    reference = run_udeval(command, options, gold, system, tmp_path)
    if reference.status and b"UDError" not in reference.stderr:
        for name in (gold, system):
            without_deps(tmp_path / name, tmp_path / f"plain-{name}")
        reference = run_udeval(command, options, f"plain-{gold}", f"plain-{system}", tmp_path)
    ours = run_treeeval(["ud", *options, gold, system], tmp_path)
    if reference.status:
        assert ours.status == 1 and ours.stdout == b"", f"udeval case {case}: {reference.stderr[-500:]!r}"
        return
    assert_same(reference, ours, f"udeval case {case}",
                ["treeeval", "ud", *options, gold, system], tmp_path)


def run_udeval(command: str, options: list[str], gold: str, system: str, folder: Path) -> Run:
    completed = subprocess.run([command, "--no-enhanced", *options, gold, system],
                               cwd=folder, capture_output=True, timeout=300)
    return Run(completed.stdout, completed.stderr, completed.returncode)


def without_deps(source: Path, target: Path) -> None:
    """``source`` with the DEPS column of every word line ``_`` (lines kept as they are)."""
    lines = source.read_bytes().split(b"\n")
    for index, line in enumerate(lines):
        columns = line.split(b"\t")
        if len(columns) == 10 and not line.startswith(b"#"):
            columns[8] = b"_"
            lines[index] = b"\t".join(columns)
    target.write_bytes(b"\n".join(lines))
