"""``treeeval ud --udeval -v`` against ``udeval -v`` on Czech PUD x N, in one run (not a
pytest test).

    python tests/bench/bench_udeval.py [--copies 20] [--repeat 3]

The gold file is the UD tools' Czech PUD gold (../shared/data/ud/udtools-cs_pud, with
enhanced graphs: 19,653 edges a copy); the system file is that gold with its DEPS perturbed
at random (seeded: labels, subtypes, heads, added and dropped edges), so that ELAS and EULAS
are neither 0 nor 100.  Both are repeated N times.  Each program runs as a user runs it (a
fresh process), in turn, ``--repeat`` times; the best times, their ratio, each one's peak
memory (one more run each) and whether the outputs are byte-identical are printed, and
``--no-enhanced`` and plain ``treeeval ud -v`` are timed beside them to show what the
enhanced metrics cost.  The issue's targets: at most 0.1x udeval's time, 0.2x its memory.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import best_times

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "ud" / "udtools-cs_pud"
GOLD = DATA / "cs_pud-gold.conllu"
PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def perturbed(text: str, seed: int) -> str:
    """The file with the DEPS of about a third of its words changed."""
    rng = random.Random(seed)
    lines = text.split("\n")
    for index, line in enumerate(lines):
        columns = line.split("\t")
        if len(columns) != 10 or line.startswith("#") or columns[8] in ("_", ""):
            continue
        edges = columns[8].split("|")
        draw = rng.random()
        if draw < 0.1:
            edges = [e.replace(":", ":x", 1) for e in edges]
        elif draw < 0.2:
            edges = [e.split(":", 1)[0] + ":" + e.split(":", 1)[1].split(":")[0] for e in edges]
        elif draw < 0.25:
            edges.append(edges[0])
        elif draw < 0.3 and len(edges) > 1:
            edges = edges[1:]
        elif draw < 0.35:
            edges = ["1:" + e.split(":", 1)[1] for e in edges]
        columns[8] = "|".join(edges)
        lines[index] = "\t".join(columns)
    return "\n".join(lines)


def peak_mb(command: list[str]) -> float:
    output = subprocess.run([sys.executable, "-c", PEAK, *command], capture_output=True,
                            text=True, check=True).stdout
    return int(output) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    udeval = shutil.which("udeval", path=str(Path(sys.executable).parent)) or shutil.which("udeval")
    if not GOLD.exists() or udeval is None:
        raise SystemExit("needs ../shared/data/ud/udtools-cs_pud and udeval (pip install udtools)")
    text = GOLD.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        gold, system = Path(folder) / "gold.conllu", Path(folder) / "system.conllu"
        gold.write_text(text * args.copies, encoding="utf-8")
        system.write_text(perturbed(text, 1) * args.copies, encoding="utf-8")
        files = [str(gold), str(system)]
        treeeval = [sys.executable, "-m", "treeeval", "ud"]
        commands = {"udeval -v": [udeval, "-v", *files],
                    "treeeval ud --udeval -v": [*treeeval, "--udeval", "-v", *files],
                    "treeeval ud --udeval --no-enhanced -v": [*treeeval, "--udeval",
                                                              "--no-enhanced", "-v", *files],
                    "treeeval ud -v": [*treeeval, "-v", *files]}
        outputs = {name: subprocess.run(command, capture_output=True, check=True).stdout
                   for name, command in commands.items()}
        same = outputs["udeval -v"] == outputs["treeeval ud --udeval -v"]
        times = best_times([lambda c=c: subprocess.run(c, capture_output=True, check=True)
                            for c in commands.values()], args.repeat)
        memory = [peak_mb(command) for command in commands.values()]
    print(f"Czech PUD x{args.copies}, best of {args.repeat}")
    for (name, _), seconds, mb in zip(commands.items(), times, memory):
        print(f"{name:40} {seconds:6.2f} s {seconds / times[0]:6.3f}x  {mb:7.0f} MB "
              f"{mb / memory[0]:6.3f}x")
    print("outputs identical" if same else "OUTPUTS DIFFER")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
