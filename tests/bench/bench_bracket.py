"""End-to-end benchmark of ``treeeval bracket`` on WSJ 22 repeated N times (not a pytest test).

    python tests/bench/bench_bracket.py [--copies 50] [--jobs 1] [--repeat 3] [--prm COLLINS]

Builds gold and test files of WSJ 22 (1,700 sentences) x N in a temporary folder, runs
``treeeval bracket -p COLLINS.prm -e 1000000`` as a user would (a fresh process, so start-up
counts; the five Length-unmatch errors of each copy would otherwise reach MAX_ERROR),
checks that the output is byte-identical to EVALB's, and prints sentence pairs per second
and peak memory.  EVALB's output for the repeated corpus follows from its output on one copy:
the per-sentence lines repeat with new IDs and every count in the summary is multiplied by
N, while the percentages stay the same.
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "evalb" / "wsj22"
GOLD = DATA / "wsj22.auto.clean.gld"
TEST = DATA / "wsj22.berkeley_MLE.top.tst"


def expected_output(copies: int, prm: str = "COLLINS") -> bytes:
    """EVALB's report for the corpus repeated ``copies`` times, derived from one copy's."""
    lines = (DATA / f"wsj22.berkeley_MLE.top.{prm}.rsl").read_bytes().split(b"\n")
    header, body = lines[:3], lines[3:]
    end = body.index(b"=" * 76)
    sentences, rest = body[:end], body[end:]
    table = []
    for copy in range(copies):
        for line in sentences:
            number = int(line[:4]) + copy * len(sentences)
            table.append(b"%4d" % number + line[4:])
    total = rest[1].split()
    counts = [int(x) * copies for x in total[2:6]] + [int(x) * copies for x in total[6:8]]
    rest[1] = b"                %6s %6s %6d %5d %5d  %5d  %5d %5d   %6s" % (
        total[0], total[1], *counts[:4], *counts[4:], total[8])

    def scale(match: re.Match[bytes]) -> bytes:
        return match.group(1) + b"%6d" % (int(match.group(2)) * copies)

    summary = [re.sub(rb"^(Number of [A-Za-z ]+ = )\s*(\d+)$", scale, line) for line in rest[2:]]
    return b"\n".join(header + table + rest[:2] + summary)


def run(gold: Path, test: Path, jobs: int, prm: str) -> tuple[float, bytes, int]:
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "treeeval", "bracket", "-p", f"{prm}.prm", "-e", "1000000",
         "--jobs", str(jobs), str(gold), str(test)], capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if result.returncode != 0:
        sys.exit(f"treeeval failed: {result.stderr.decode()}")
    return elapsed, result.stdout, peak_kb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--prm", choices=["COLLINS", "new"], default="COLLINS")
    options = parser.parse_args()
    if not GOLD.exists():
        sys.exit(f"shared data not found at {DATA}")
    with tempfile.TemporaryDirectory() as folder:
        gold, test = Path(folder) / "gold", Path(folder) / "test"
        gold.write_bytes(GOLD.read_bytes() * options.copies)
        test.write_bytes(TEST.read_bytes() * options.copies)
        pairs = 1700 * options.copies
        expected = expected_output(options.copies, options.prm)
        times = []
        for _ in range(options.repeat):
            elapsed, output, peak_kb = run(gold, test, options.jobs, options.prm)
            if output != expected:
                sys.exit("output differs from EVALB's")
            times.append(elapsed)
        best = min(times)
        print(f"WSJ22 x{options.copies} {options.prm}.prm: {pairs} pairs, jobs={options.jobs}: best {best:.3f} s "
              f"of {len(times)} ({pairs / best:,.0f} pairs/s), byte-identical, "
              f"peak RSS {peak_kb / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
