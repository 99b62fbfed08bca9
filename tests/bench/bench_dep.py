"""Time ``treeeval dep`` on the UD 1.2 English pair repeated 40 times (about 1M tokens a file).

Run from the repository: ``python tests/bench/bench_dep.py [--times 40] [--repeat 3]``.
It needs ../shared (the UD 1.2 English gold file and MaltParser's output), writes the
repeated files to a temporary folder and prints, as the best of ``--repeat`` runs:

(a) reading both files (fast columnar reader, one shared vocabulary);
(b) scoring: LAS, UAS and LA by Token and by Deprel on the files read in (a);
(c) whole processes: ``treeeval dep -g G -s S --Metric "LAS;UAS;LA"`` (GroupBy Token) and
    the same with ``--GroupBy Deprel:all``, on the repeated pair and on the single pair.

Rates are tokens per second of one file (1M tokens in 1 s = 1,000,000 tokens/s).

Example (2 cores shared with other jobs, numpy 2.4; wall times vary by half with the load)::

    1,003,840 tokens a file (40 x English.gold.conllx), 47.3 MB + 47.1 MB
    (a) read both files and check the text          0.686 s wall  0.661 s CPU  1,462,955 tokens/s
    (b) LAS, UAS, LA by Token and by Deprel         0.046 s wall  0.045 s CPU 22,009,974 tokens/s
    (a) + (b)                                       0.732 s wall  0.706 s CPU  1,371,776 tokens/s
    (c) treeeval dep --Metric LAS;UAS;LA (whole process)       1.461 s wall      686,962 tokens/s
    (c) ... --GroupBy Deprel (whole process)                   1.333 s wall      752,853 tokens/s
    (c) single pair, --Metric LAS;UAS;LA (whole process)       0.605 s wall       41,513 tokens/s
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from treeeval.dep.grouping.groupings import group  # noqa: E402
from treeeval.dep.metrics import token_hits  # noqa: E402
from treeeval.dep.reading import check_same_text, read_treebank  # noqa: E402
from treeeval.model.vocabulary import Vocabularies  # noqa: E402

PAIR = ROOT.parent / "shared" / "data" / "conllx" / "udeval-maltparser-ud1.2"
GOLD = PAIR / "gold" / "English.gold.conllx"
PARSED = PAIR / "maltopt_output_1-2" / "English.conllx"


def best(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """The best wall-clock and CPU seconds of ``repeat`` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def process(args: list[str], cwd: Path) -> Callable[[], object]:
    command = [sys.executable, "-m", "treeeval", "dep", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return lambda: subprocess.run(command, cwd=cwd, env=env, check=True,
                                  stdout=subprocess.DEVNULL)


def report(label: str, tokens: int, seconds: tuple[float, float]) -> None:
    wall, cpu = seconds
    print(f"{label:<58} {wall:6.3f} s wall {cpu:6.3f} s CPU  {tokens / wall:>12,.0f} tokens/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    if not GOLD.exists():
        sys.exit(f"shared data not found at {GOLD}")
    with tempfile.TemporaryDirectory() as folder:
        gold, parsed = Path(folder) / "gold.conllx", Path(folder) / "parsed.conllx"
        gold.write_bytes(GOLD.read_bytes() * options.times)
        parsed.write_bytes(PARSED.read_bytes() * options.times)
        treebanks = {}

        def read() -> None:
            vocabulary = Vocabularies()
            treebanks["gold"] = read_treebank(str(gold), vocabulary=vocabulary)
            treebanks["parsed"] = read_treebank(str(parsed), vocabulary=vocabulary)
            check_same_text(treebanks["gold"], treebanks["parsed"], str(gold), str(parsed))

        reading = best(options.repeat, read)
        g, p = treebanks["gold"], treebanks["parsed"]
        tokens = len(g)
        print(f"{tokens:,} tokens a file ({options.times} x {GOLD.name}), "
              f"{gold.stat().st_size / 1e6:.1f} MB + {parsed.stat().st_size / 1e6:.1f} MB")
        report("(a) read both files and check the text", tokens, reading)

        def score() -> None:
            for metric in ("LAS", "UAS", "LA"):
                hits = token_hits(metric, g, p)
                group("Token", hits, g, p, metric)
                group("Deprel", hits, g, p, metric)

        scoring = best(options.repeat, score)
        report("(b) LAS, UAS, LA by Token and by Deprel", tokens, scoring)
        report("(a) + (b)", tokens, (reading[0] + scoring[0], reading[1] + scoring[1]))
        metrics = ["--Metric", "LAS;UAS;LA"]
        for label, args, cwd, count in [
            ("(c) treeeval dep --Metric LAS;UAS;LA (whole process)",
             ["-g", str(gold), "-s", str(parsed), *metrics], ROOT, tokens),
            # under LA Deprel's default columns do not exist (MaltEval's rule): name them all
            ("(c) ... --GroupBy Deprel:all (whole process)",
             ["-g", str(gold), "-s", str(parsed), *metrics, "--GroupBy", "Deprel:all"],
             ROOT, tokens),
            ("(c) single pair, --Metric LAS;UAS;LA (whole process)",
             ["-g", str(GOLD), "-s", str(PARSED), *metrics], ROOT, tokens // options.times),
        ]:
            seconds = best(options.repeat, process(args, cwd))
            # a child's CPU time is not this process's: report the wall-clock time twice
            report(label, count, (seconds[0], seconds[0]))


if __name__ == "__main__":
    main()
