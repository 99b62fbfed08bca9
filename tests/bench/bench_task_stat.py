"""Time ``treeeval task --stat``: the CoNLL 2018 sample, and a synthetic big treebank.

Run from the repository: ``python tests/bench/bench_task_stat.py [--teams 26]
[--sentences 2077] [--resamples 10000] [--repeat 3]``.  Two grids, each command in a fresh
process (``python -m treeeval``), best of ``--repeat``, with the peak memory of the largest
process (the workers' included):

* ../shared/data/ud/conll2018 (5 treebanks x 7 teams, 11 runs missing): ``--json`` without
  a test, then ``--stat bootstrap`` and ``--stat ar`` (LAS, MLAS and BLEX), ``--jobs 1`` and 2;
* one treebank of ``--sentences`` sentences (en_ewt's gold, its first sentences repeated to
  make up the number) and ``--teams`` synthetic teams (the gold with a few percent of FEATS,
  DEPRELs, UPOS and lemmas changed, as tests/bench/bench_ud_compare.py makes them):
  the cost of one treebank's unit of work, ``--jobs 1``.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from bench_ud_compare import gold_text, perturbed  # noqa: E402

SAMPLE = ROOT.parent / "shared" / "data" / "ud" / "conll2018"


def timed(args: list[str], cwd: Path, repeat: int) -> tuple[float, float, float]:
    """The best wall time of ``python -m treeeval ARGS``, the least CPU time (user and
    system, the workers' included: less sensitive to the load of a shared machine) and the
    peak memory (MB) of the largest process so far."""
    wall, cpu = float("inf"), float("inf")
    for _ in range(repeat):
        used = _cpu()
        start = time.perf_counter()
        ran = subprocess.run([sys.executable, "-m", "treeeval", *args], cwd=cwd,
                             capture_output=True, env={"PYTHONPATH": str(ROOT)})
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, _cpu() - used)
        assert ran.returncode == 0, ran.stderr.decode()
    return wall, cpu, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def synthetic(folder: Path, teams: int, sentences: int) -> None:
    """gold/big.conllu and systems/teamNN/big.conllu under ``folder``."""
    rng = np.random.default_rng(1)
    gold = gold_text(sentences)
    (folder / "gold").mkdir()
    (folder / "gold" / "big.conllu").write_text(gold, encoding="utf-8")
    for k in range(teams):
        (folder / "systems" / f"team{k:02d}").mkdir(parents=True)
        (folder / "systems" / f"team{k:02d}" / "big.conllu").write_text(
            perturbed(gold, rng, 0.02 + 0.002 * k), encoding="utf-8")


def report(title: str, cwd: Path, runs: list[tuple[str, list[str]]], repeat: int) -> None:
    print(title)
    for label, args in runs:
        wall, cpu, memory = timed(["task", "--layout", "folders", "--json", *args, "gold",
                                   "systems"], cwd, repeat)
        print(f"  {label:36}{wall:7.2f} s wall {cpu:7.2f} s CPU {memory:5.0f} MB (peak so far)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=26)
    parser.add_argument("--sentences", type=int, default=2077)
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    resamples = ["--resamples", str(options.resamples)]
    report("CoNLL 2018 sample: 5 treebanks x 7 teams", SAMPLE, [
        (f"{name}, --jobs {jobs}", ["--jobs", str(jobs), *stat])
        for name, stat in (("no test", []), ("--stat bootstrap", ["--stat", "bootstrap",
                                                                   *resamples]),
                           ("--stat ar", ["--stat", "ar", *resamples]))
        for jobs in (1, 2)], options.repeat)
    folder = Path(tempfile.mkdtemp())
    synthetic(folder, options.teams, options.sentences)
    report(f"1 treebank of {options.sentences} sentences x {options.teams} teams", folder, [
        (name, ["--jobs", "1", *stat]) for name, stat in (
            ("no test", []), ("--stat bootstrap", ["--stat", "bootstrap", *resamples]),
            ("--stat ar", ["--stat", "ar", *resamples]))], options.repeat)


if __name__ == "__main__":
    main()
