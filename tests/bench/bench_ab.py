"""Compare two checkouts of treeeval on the same whole-process command lines (A/B).

Each command line runs in a fresh process under checkout A, then under checkout B, in turn,
``--repeat`` times; the best CPU time (user + system of the child) and the best wall time of
each are printed with the ratio B/A.  Alternating the two keeps the machine's load the same
for both, so the ratio stays meaningful on a shared machine.  The outputs of A and B are
compared too (a refactoring must not change them).

Run from the repository, with a second checkout of the older commit::

    git worktree add /tmp/before 95edd8f
    python tests/bench/bench_ab.py /tmp/before . --repeat 5

It needs ../shared (the commands use its WSJ 22/23, CoNLL-X and CoNLL-U files, and WSJ 22
repeated 10 times, written to a temporary folder).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"


def commands(folder: Path) -> dict[str, list[str]]:
    """The command lines compared (the files under ../shared, or written to ``folder``)."""
    wsj22 = DATA / "evalb" / "wsj22"
    copies = {"gold": "wsj22.auto.clean.gld", "test": "wsj22.berkeley_MLE.top.tst"}
    for name, source in copies.items():
        (folder / f"{name}x10").write_bytes((wsj22 / source).read_bytes() * 10)
        lines = (wsj22 / source).read_bytes().splitlines(keepends=True)
        (folder / f"{name}2").write_bytes(b"".join(lines[:2]))
    prm = str(DATA / "evalb" / "prm" / "COLLINS.prm")
    ud12 = DATA / "conllx" / "udeval-maltparser-ud1.2"
    ud_gold = DATA / "ud" / "conll2018" / "gold" / "en_ewt.conllu"
    ud_system = DATA / "ud" / "conll2018" / "systems" / "HIT-SCIR-18" / "en_ewt.conllu"
    sample = DATA / "heads" / "sample" / "wsj_0001-0099.mrg"
    ud_pair = [str(ud12 / "gold" / "English.gold.conllx"),
               str(ud12 / "maltopt_output_1-2" / "English.conllx")]
    return {
        "start-up: treeeval --help": ["--help"],
        "start-up: bracket, 2 sentences": ["bracket", "-p", prm, str(folder / "gold2"),
                                           str(folder / "test2")],
        "bracket WSJ 22 x10": ["bracket", "-p", prm, "-e", "100000", str(folder / "goldx10"),
                               str(folder / "testx10")],
        "bracket WSJ 22": ["bracket", "-p", prm, str(wsj22 / copies["gold"]),
                           str(wsj22 / copies["test"])],
        "convert wsj_0001-0099": ["convert", str(sample), "--heads", "collins"],
        "dep UD 1.2 en, LAS;UAS;LA": ["dep", "-g", ud_pair[0], "-s", ud_pair[1],
                                      "--Metric", "LAS;UAS;LA"],
        "dep UD 1.2 en, GroupBy Deprel": ["dep", "-g", ud_pair[0], "-s", ud_pair[1],
                                          "--GroupBy", "Deprel"],
        "dep UD 1.2 en, eval.pl report": ["dep", "-g", ud_pair[0], "-s", ud_pair[1],
                                          "--report", "evalpl"],
        "ud en_ewt HIT-SCIR -v": ["ud", "-v", str(ud_gold), str(ud_system)],
        "errors WSJ 22": ["errors", str(wsj22 / copies["gold"]), str(wsj22 / copies["test"])],
    }


def run_once(checkout: Path, args: list[str]) -> tuple[float, float, bytes]:
    """Wall and CPU seconds of ``python -m treeeval ARGS`` with ``checkout`` first on the
    path, and its stdout.  The modules' bytecode is cached (``__pycache__``) as an installed
    treeeval's is, even where ``PYTHONDONTWRITEBYTECODE`` is set: otherwise every run would
    compile the package from source, and the ratio would weigh the size of the code."""
    env = {name: value for name, value in os.environ.items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "treeeval", *args], capture_output=True,
                          cwd=checkout, env={**env, "PYTHONPATH": str(checkout)})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="checkout A (before)")
    parser.add_argument("b", type=Path, help="checkout B (after)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", help="run only the commands whose name contains this")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        table = commands(Path(folder))
        print(f"{'command':34} {'A cpu':>7} {'B cpu':>7} {'B/A':>6}  {'A wall':>7} {'B wall':>7}"
              f" {'B/A':>6}  output")
        for name, args in table.items():
            if options.only and options.only not in name:
                continue
            best = {"a": [9e9, 9e9, b""], "b": [9e9, 9e9, b""]}
            for _ in range(options.repeat):
                for side in ("a", "b"):
                    wall, cpu, out = run_once(getattr(options, side).resolve(), args)
                    best[side] = [min(best[side][0], wall), min(best[side][1], cpu), out]
            (wa, ca, oa), (wb, cb, ob) = best["a"], best["b"]
            print(f"{name:34} {ca:7.3f} {cb:7.3f} {cb / ca:6.3f}  {wa:7.3f} {wb:7.3f} "
                  f"{wb / wa:6.3f}  {'same' if oa == ob else 'DIFFERENT'}", flush=True)


if __name__ == "__main__":
    main()
