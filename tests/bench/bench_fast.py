"""Time score_chunk on WSJ 22 repeated 50 times (about 85,000 sentence pairs, 30 MB a file).

Run from the repository: ``python tests/bench/bench_fast.py [--block BYTES] [--repeat N]``.
It needs ../shared (the WSJ 22 gold and Berkeley "top" output) and prints the CPU time of
one ``score_chunk`` call on the whole files, of the same files cut into blocks of
``--block`` bytes (as the command line feeds them), and a per-step breakdown.

Example output (one core of an AMD EPYC, shared with other jobs)::

    85000 sentence pairs, 29.7 MB gold, 29.0 MB test, COLLINS.prm
    score_chunk, whole files:     0.52 s CPU (best of 3)
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from treeeval.bracket.fast import score_chunk  # noqa: E402
from treeeval.bracket.params import EvalbParams  # noqa: E402
from treeeval.formats.prm import find_prm, read_prm  # noqa: E402

WSJ22 = ROOT.parent / "shared" / "data" / "evalb" / "wsj22"


def best_cpu_time(run, repeat: int) -> float:
    """The smallest CPU time (seconds) of ``repeat`` calls of ``run``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def blocks(gold: bytes, test: bytes, size: int) -> list[tuple[bytes, bytes]]:
    """Cut both files after the same lines, about ``size`` bytes of gold a block."""
    gold_ends = np.flatnonzero(np.frombuffer(gold, dtype=np.uint8) == 10)
    test_ends = np.flatnonzero(np.frombuffer(test, dtype=np.uint8) == 10)
    cuts = np.unique(np.searchsorted(gold_ends, np.arange(size, len(gold), size)))
    pieces, g0, t0 = [], 0, 0
    for line in [*cuts.tolist(), len(gold_ends) - 1]:
        g1, t1 = int(gold_ends[line]) + 1, int(test_ends[line]) + 1
        pieces.append((gold[g0:g1], test[t0:t1]))
        g0, t0 = g1, t1
    return pieces


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--times", type=int, default=50, help="copies of WSJ 22 (default 50)")
    parser.add_argument("--block", type=int, default=1 << 21, help="block bytes (default 2 MiB)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (best is shown)")
    parser.add_argument("--prm", default="COLLINS.prm")
    parser.add_argument("--profile", action="store_true", help="print the top functions")
    args = parser.parse_args()
    if not WSJ22.exists():
        sys.exit(f"shared data not found at {WSJ22}")
    gold = (WSJ22 / "wsj22.auto.clean.gld").read_bytes() * args.times
    test = (WSJ22 / "wsj22.berkeley_MLE.top.tst").read_bytes() * args.times
    params = EvalbParams()
    params.apply_settings(read_prm(find_prm(args.prm))[0])
    scores = score_chunk(gold, test, params)
    print(f"{len(scores.fallback)} sentence pairs, {len(gold) / 1e6:.1f} MB gold, "
          f"{len(test) / 1e6:.1f} MB test, {args.prm}; {int(scores.fallback.sum())} fall back")
    whole = best_cpu_time(lambda: score_chunk(gold, test, params), args.repeat)
    print(f"score_chunk, whole files:      {whole:.3f} s CPU (best of {args.repeat})")
    pieces = blocks(gold, test, args.block)
    blocked = best_cpu_time(lambda: [score_chunk(g, t, params) for g, t in pieces], args.repeat)
    print(f"score_chunk, {len(pieces)} blocks of {args.block} bytes: {blocked:.3f} s CPU")
    if args.profile:
        profile = cProfile.Profile(time.process_time)
        profile.runcall(score_chunk, gold, test, params)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
