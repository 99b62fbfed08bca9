"""End-to-end benchmark of ``treeeval ud`` on a gold/system pair repeated N times (not a
pytest test).

    python tests/bench/bench_ud.py [--pair cs_pud|en_ewt] [--copies 20] [--repeat 3]

Builds gold and system files of a pair x N in a temporary folder: ``cs_pud`` (the default)
is the UD tools test pair (Czech PUD gold and a UDPipe 2 output, 18,609 words); ``en_ewt``
is English EWT gold and the HIT-SCIR system of CoNLL 2018 (25,096 words, with FORMs and
LEMMAs of up to 473 bytes).  It runs ``treeeval ud -c`` as a user would (a fresh process,
so start-up counts), checks that every count is N times the count of one
copy (the repeated pair is N copies of the same pair, so this is exactly the reference
scorer's output, which is not installed here), and prints the time and peak memory.

Reference point (cs_pud x20, 372k words): ``conll18_ud_eval.py`` takes 23.9 s and 935 MB on this
machine; the targets are at least 5x faster and under a quarter of its memory.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "ud"
PAIRS = {
    "cs_pud": (DATA / "udtools-cs_pud" / "cs_pud-gold.conllu",
               DATA / "udtools-cs_pud" / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu"),
    "en_ewt": (DATA / "conll2018" / "gold" / "en_ewt.conllu",
               DATA / "conll2018" / "systems" / "HIT-SCIR-18" / "en_ewt.conllu"),
}
REFERENCE_SECONDS, REFERENCE_MB = 23.9, 935


def counts(output: bytes) -> list[list[str]]:
    """The rows of a ``-c`` table, split into fields."""
    lines = output.decode().splitlines()[2:]
    return [[field.strip() for field in line.split("|")] for line in lines]


def scaled(output: bytes, copies: int) -> bytes:
    """A ``-c`` table with every count multiplied by ``copies``."""
    lines = output.decode().splitlines()
    for index, row in enumerate(counts(output), 2):
        numbers = [f"{int(v) * copies:10}" if v else " " * 10 for v in row[1:]]
        lines[index] = f"{row[0]:11}|{numbers[0]} |{numbers[1]} |{numbers[2]} |{numbers[3]}"
    return "\n".join(lines).encode() + b"\n"


def run(gold: Path, system: Path) -> tuple[float, bytes, int]:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "treeeval", "ud", "-c", str(gold),
                             str(system)], capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if result.returncode != 0:
        raise SystemExit(result.stderr.decode())
    return elapsed, result.stdout, peak_kb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", choices=sorted(PAIRS), default="cs_pud")
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    gold_data, system_data = PAIRS[args.pair]
    if not gold_data.exists() or not system_data.exists():
        raise SystemExit(f"shared data not found: {gold_data}, {system_data}")
    _, single, _ = run(gold_data, system_data)
    with tempfile.TemporaryDirectory() as folder:
        gold, system = Path(folder) / "gold.conllu", Path(folder) / "system.conllu"
        gold.write_bytes(gold_data.read_bytes() * args.copies)
        system.write_bytes(system_data.read_bytes() * args.copies)
        times = []
        for _ in range(args.repeat):
            elapsed, output, peak_kb = run(gold, system)
            times.append(elapsed)
            if output != scaled(single, args.copies):
                raise SystemExit("output differs from the single pair's counts x copies")
    words = int(counts(single)[2][2]) * args.copies
    best = min(times)
    print(f"{args.pair} x {args.copies}, {words} gold words: best of {args.repeat} {best:.2f} s "
          f"({words / best:,.0f} words/s), peak RSS {peak_kb / 1024:.0f} MB; output = "
          f"single pair x {args.copies}")
    if args.pair == "cs_pud" and args.copies == 20:
        print(f"reference conll18_ud_eval.py: {REFERENCE_SECONDS} s, {REFERENCE_MB} MB -> "
              f"{REFERENCE_SECONDS / best:.1f}x faster, {peak_kb / 1024 / REFERENCE_MB:.0%} of "
              "its memory")


if __name__ == "__main__":
    main()
