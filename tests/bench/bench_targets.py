"""Issue 30's speed targets, each a ratio against the reference program timed in the same run.

    python tests/bench/bench_targets.py [--before DIR] [--repeat 3] [--only NAME]

Each path runs its reference program (through ../shared/oracles/oracle), treeeval from this
checkout and, with ``--before``, treeeval from another checkout (``git worktree add DIR
COMMIT``), in turn, ``--repeat`` times, each a fresh process; the best wall time and the
peak memory (max RSS of that process, from ``wait4``) of each are printed with the ratios
against the reference and the target's bar.  treeeval runs as ``python -m treeeval`` with
the checkout first on the path and its bytecode cached, as an installed copy's is.  The
outputs of every treeeval run must equal the reference's, byte for byte (``same``).

| path | reference | bar (time / memory) |
|---|---|---|
| bracket WSJ 23 x50, COLLINS.prm | C EVALB (-O2) | 0.35x |
| dep UD 1.2 English, 25k tokens (LAS by Token, MaltEval's default) | MaltEval | 0.25x |
| dep the same x20 (500k tokens) | MaltEval | 0.1x / 0.1x |
| ud -v Czech PUD x20 | conll18_ud_eval.py | 0.04x / 0.1x |
| ``--help``; a one-pair bracket run | ``python -c pass`` | 30 ms; 100 ms |

The start-up bars are absolute: the issue's machine starts python in 11 ms, this one in
18 to 31 ms (as loaded), so the interpreter's own time is printed beside them.  The CoNLL 2018 grid has
its own script, tests/bench/bench_task_grid.py (minutes a run).  Needs ../shared; a reference
program that is not installed (tests/oracles.py's runner exits 127) skips its row.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "tests"))

from oracles import MISSING, oracle_command  # noqa: E402

#: GNU time, when the machine has it: a process's peak memory counts the memory of the
#: process that started it (Linux records the parent's peak at exec), so a small C program
#: starts each command rather than this script
GNU_TIME = shutil.which("time", path="/usr/bin")


@dataclass
class Path30:
    """One row: the reference's command, treeeval's arguments and the bars."""

    name: str
    reference: list[str]
    treeeval: list[str]
    time_bar: float  #: a ratio, or seconds when ``absolute``
    memory_bar: float | None = None
    absolute: bool = False
    compare: bool = True  #: the outputs must be byte-identical


@dataclass
class Best:
    wall: float = float("inf")
    rss_mb: float = 0.0
    outputs: set[str] = field(default_factory=set)  #: sha256 of each run's stdout


def _repeated(source: Path, copies: int, target: Path) -> Path:
    data = source.read_bytes()
    with target.open("wb") as out:
        for _ in range(copies):
            out.write(data)
    return target


def paths(folder: Path) -> list[Path30]:
    """The rows, their files under ../shared or written to ``folder``."""
    wsj23 = DATA / "evalb" / "wsj23"
    prm = str(DATA / "evalb" / "prm" / "COLLINS.prm")
    gold50 = _repeated(wsj23 / "wsj23.auto.clean.gld", 50, folder / "wsj23x50.gld")
    test50 = _repeated(wsj23 / "wsj23.berkeley_MLE.top.tst", 50, folder / "wsj23x50.tst")
    ud12 = DATA / "conllx" / "udeval-maltparser-ud1.2"
    dep_gold = ud12 / "gold" / "English.gold.conllx"
    dep_system = ud12 / "maltopt_output_1-2" / "English.conllx"
    dep_gold20 = _repeated(dep_gold, 20, folder / "dep20.gold.conllx")
    dep_system20 = _repeated(dep_system, 20, folder / "dep20.conllx")
    pud = DATA / "ud" / "udtools-cs_pud"
    ud_gold = _repeated(pud / "cs_pud-gold.conllu", 20, folder / "pud20-gold.conllu")
    ud_system = _repeated(pud / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu", 20,
                          folder / "pud20-system.conllu")
    lines = (DATA / "evalb" / "wsj22" / "wsj22.auto.clean.gld").read_bytes().splitlines(True)
    tests = (DATA / "evalb" / "wsj22" / "wsj22.berkeley_MLE.top.tst").read_bytes()
    (folder / "one.gld").write_bytes(lines[0])
    (folder / "one.tst").write_bytes(tests.splitlines(True)[0])
    python = [sys.executable, "-c", "pass"]
    return [
        Path30("bracket WSJ 23 x50",
               oracle_command("evalb", ["-p", prm, "-e", "1000000", str(gold50), str(test50)]),
               ["bracket", "-p", prm, "-e", "1000000", str(gold50), str(test50)], 0.35),
        Path30("dep 25k tokens", oracle_command("malteval", ["-g", str(dep_gold), "-s",
                                                          str(dep_system)]),
               ["dep", "-g", str(dep_gold), "-s", str(dep_system)], 0.25),
        Path30("dep 500k tokens, GroupBy Deprel",
               oracle_command("malteval", ["-g", str(dep_gold20), "-s", str(dep_system20),
                                           "--GroupBy", "Deprel"]),
               ["dep", "-g", str(dep_gold20), "-s", str(dep_system20), "--GroupBy", "Deprel"],
               0.1, 0.1),
        Path30("ud -v Czech PUD x20", oracle_command("conll18", ["-v", str(ud_gold),
                                                                  str(ud_system)]),
               ["ud", "-v", str(ud_gold), str(ud_system)], 0.04, 0.1),
        Path30("treeeval --help", python, ["--help"], 0.030, absolute=True, compare=False),
        Path30("bracket, one pair", python,
               ["bracket", "-p", prm, str(folder / "one.gld"), str(folder / "one.tst")],
               0.100, absolute=True, compare=False),
    ]


def run(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, str, int]:
    """Wall seconds, peak memory (MB) of the process, the sha256 of its stdout and its exit
    status."""
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as peak:
        timed = [GNU_TIME, "-q", "-f", "%M", "-o", peak.name, *command] if GNU_TIME else command
        start = time.perf_counter()
        process = subprocess.Popen(timed, stdout=out, stderr=subprocess.DEVNULL, env=env,
                                   cwd=cwd)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        kb = int(peak.read().split()[-1]) if GNU_TIME else usage.ru_maxrss
        out.seek(0)
        digest = hashlib.file_digest(out, "sha256").hexdigest()
        return wall, kb / 1024, digest, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout of the code before")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", help="run only the rows whose name contains this")
    options = parser.parse_args()
    if not DATA.exists():
        sys.exit(f"shared data not found at {DATA}")
    env = {name: value for name, value in os.environ.items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    checkouts = {"after": ROOT}
    if options.before:
        checkouts = {"before": options.before.resolve(), "after": ROOT}
    with tempfile.TemporaryDirectory() as folder:
        rows = paths(Path(folder))
        heads = " | ".join(f"{name} s (ratio) | MB (ratio)" for name in checkouts)
        print(f"| path | reference s | MB | {heads} | bar | outputs |")
        print("|---" * (5 + 2 * len(checkouts)) + "|")
        for row in rows:
            if options.only and options.only not in row.name:
                continue
            best = {name: Best() for name in ["reference", *checkouts]}
            skipped = False
            for _ in range(options.repeat):
                wall, rss, out, status = run(row.reference, env, Path(folder))
                if status == MISSING:
                    skipped = True
                    break
                best["reference"].wall = min(best["reference"].wall, wall)
                best["reference"].rss_mb = max(best["reference"].rss_mb, rss)
                best["reference"].outputs.add(out)
                for name, checkout in checkouts.items():
                    command = [sys.executable, "-m", "treeeval", *row.treeeval]
                    wall, rss, out, _ = run(command, {**env, "PYTHONPATH": str(checkout)},
                                            Path(folder))
                    best[name].wall = min(best[name].wall, wall)
                    best[name].rss_mb = max(best[name].rss_mb, rss)
                    best[name].outputs.add(out)
            if skipped:
                print(f"| {row.name} | reference not installed |")
                continue
            print(_row(row, best, list(checkouts)), flush=True)


def _row(row: Path30, best: dict[str, Best], checkouts: list[str]) -> str:
    reference = best["reference"]
    cells = [row.name, f"{reference.wall:.3f}", f"{reference.rss_mb:.0f}"]
    for name in checkouts:
        mine = best[name]
        if row.absolute:
            cells += [f"{mine.wall:.3f}", f"{mine.rss_mb:.0f}"]
        else:
            cells += [f"{mine.wall:.3f} ({mine.wall / reference.wall:.3f}x)",
                      f"{mine.rss_mb:.0f} ({mine.rss_mb / reference.rss_mb:.3f}x)"]
    bar = (f"{row.time_bar * 1000:.0f} ms (python: {reference.wall * 1000:.0f} ms)"
           if row.absolute else f"{row.time_bar}x")
    if row.memory_bar is not None:
        bar += f" / {row.memory_bar}x"
    same = all(best[name].outputs == reference.outputs for name in checkouts)
    cells += [bar, "same" if same or not row.compare else "DIFFERENT"]
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    main()
