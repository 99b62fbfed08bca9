"""Time score_chunk on WSJ 22 repeated 50 times (85,000 sentence pairs, about 30 MB a file).

Run from the repository: ``python tests/bench/bench_fast.py [--times 50] [--repeat 5]``.
It needs ../shared (the WSJ 22 gold file and the Berkeley parser's "top" output) and
prints the CPU time of one score_chunk call on the whole files and of the same files
cut into 2 MiB blocks (as the command line feeds them), then where the time goes: the
time spent inside each step, measured with time.perf_counter around the functions of
scan.py and the fast path's modules (a step's own time, without the steps it calls).

Example (one core of an AMD EPYC in a VM shared with other jobs, numpy 2.4; the CPU
time of a run varies by up to a third with the load of the machine)::

    85000 sentence pairs, 29.7 MB gold, 29.0 MB test, COLLINS.prm; 250 handed back
    score_chunk, whole files:            0.65 s CPU (best of 5)
    score_chunk, 15 blocks of 2097152 bytes:  0.65 s CPU (best of 5)
    steps, whole files (own time, ms, best of each):
         9.2  cut both files into blocks of lines
        91.7  scan: classify bytes, find tokens
        ...
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from treeeval.bracket.kernel import block_cuts, block_scorer, fast, label_tables, sides  # noqa: E402
from treeeval.bracket.params import EvalbParams  # noqa: E402
from treeeval.formats import scan  # noqa: E402
from treeeval.formats.prm import find_prm, read_prm  # noqa: E402

WSJ22 = ROOT.parent / "shared" / "data" / "evalb" / "wsj22"

#: (module or class, function name, step) timed by --steps, in pipeline order
STEPS = [
    (block_cuts, "_end_of_lines", "cut both files into blocks of lines"),
    (block_cuts, "_newlines", "cut both files into blocks of lines"),
    (scan, "_tokens", "scan: classify bytes, find tokens"),
    (scan._Tokens, "__init__", "scan: grammar rules, depth, ok lines"),
    (scan._Tokens, "terminal_columns", "scan: terminal columns"),
    (scan._Tokens, "bracket_columns", "scan: pair brackets, bracket columns"),
    (scan, "scan_lines", "scan: the rest"),
    (sides.Side, "__init__", "labels and tags as keys (8-byte reads)"),
    (sides.Side, "_cut_keys", "labels and tags as keys (8-byte reads)"),
    (label_tables.LabelTables, "index", "small ids and parameter flags"),
    (sides.Side, "classify", "deletion, kept spans, ignored brackets"),
    (block_scorer, "same_bytes", "words compared"),
    (block_scorer, "matched_brackets", "bracket matching"),
    (block_scorer, "crossing_per_line", "crossing brackets"),
    (fast, "score_block", "the rest of scoring (selections, tags, counts)"),
]


def best_cpu_time(run: Callable[[], object], repeat: int) -> float:
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
    pieces, gold_at, test_at = [], 0, 0
    for line in [*cuts.tolist(), len(gold_ends) - 1]:
        gold_end, test_end = int(gold_ends[line]) + 1, int(test_ends[line]) + 1
        pieces.append((gold[gold_at:gold_end], test[test_at:test_end]))
        gold_at, test_at = gold_end, test_end
    return pieces


def step_times(run: Callable[[], object]) -> dict[str, float]:
    """Own time (perf_counter seconds) of each step of STEPS during one ``run()``."""
    own: dict[str, float] = defaultdict(float)
    stack: list[float] = []  # time spent in steps called by the running ones

    def timed(function: Callable[..., object], step: str) -> Callable[..., object]:
        def wrapper(*args: object, **kwargs: object) -> object:
            stack.append(0.0)
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent = time.perf_counter() - start
                own[step] += spent - stack.pop()
                if stack:
                    stack[-1] += spent
        return wrapper

    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in STEPS]
    try:
        for (owner, name, original), (_, _, step) in zip(originals, STEPS):
            setattr(owner, name, timed(original, step))
        sides.scan_lines = scan.scan_lines  # sides.py imported the function itself
        start = time.perf_counter()
        run()
        own["total (wall)"] = time.perf_counter() - start
    finally:
        for owner, name, original in originals:
            setattr(owner, name, original)
        sides.scan_lines = scan.scan_lines
    return own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--times", type=int, default=50, help="copies of WSJ 22 (default 50)")
    parser.add_argument("--block", type=int, default=1 << 21, help="block bytes (default 2 MiB)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (best is shown)")
    parser.add_argument("--prm", default="COLLINS.prm")
    args = parser.parse_args()
    if not WSJ22.exists():
        sys.exit(f"shared data not found at {WSJ22}")
    gold = (WSJ22 / "wsj22.auto.clean.gld").read_bytes() * args.times
    test = (WSJ22 / "wsj22.berkeley_MLE.top.tst").read_bytes() * args.times
    params = EvalbParams()
    params.apply_settings(read_prm(find_prm(args.prm))[0])
    scores = fast.score_chunk(gold, test, params)
    print(f"{len(scores.fallback)} sentence pairs, {len(gold) / 1e6:.1f} MB gold, "
          f"{len(test) / 1e6:.1f} MB test, {args.prm}; {int(scores.fallback.sum())} handed back")
    whole = best_cpu_time(lambda: fast.score_chunk(gold, test, params), args.repeat)
    print(f"score_chunk, whole files:            {whole:.2f} s CPU (best of {args.repeat})")
    pieces = blocks(gold, test, args.block)
    blocked = best_cpu_time(lambda: [fast.score_chunk(g, t, params) for g, t in pieces],
                            args.repeat)
    print(f"score_chunk, {len(pieces)} blocks of {args.block} bytes:  {blocked:.2f} s CPU "
          f"(best of {args.repeat})")
    runs = [step_times(lambda: fast.score_chunk(gold, test, params)) for _ in range(args.repeat)]
    print("steps, whole files (own time, ms, best of each):")
    for step in dict.fromkeys([step for _, _, step in STEPS] + ["total (wall)"]):
        print(f"  {min(run.get(step, 0.0) for run in runs) * 1000:7.1f}  {step}")


if __name__ == "__main__":
    main()
