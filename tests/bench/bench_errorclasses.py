"""End-to-end benchmark of ``treeeval errors`` on WSJ 22 (not a pytest test).

    python tests/bench/bench_errorclasses.py [--repeat 3] [--counts OUT.error_counts]
    python tests/bench/bench_errorclasses.py --oracle      # also time the classifier itself

Writes the WSJ 22 gold (its TOP renamed ROOT, the root label of the Berkeley parser's raw
output, as the classifier needs the same root on both sides) into a temporary folder, runs
``treeeval errors GOLD TEST --json`` as a user would (a fresh process, start-up included)
and prints the best wall-clock and CPU time.  ``--counts`` checks the classes against a
stored ``.error_counts`` of the classifier; ``--oracle`` runs the classifier (about 3.5
minutes) to time it and to check against its classes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from oracles import SHARED, OracleMissing, call_oracle  # noqa: E402

DATA = SHARED / "data" / "evalb" / "wsj22"

Rows = list[tuple[int, int, str]]


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str]) -> tuple[float, float, bytes]:
    """Wall-clock and CPU seconds of a command, and its stdout."""
    cpu, start = cpu_of_children(), time.perf_counter()
    result = subprocess.run(command, capture_output=True, check=True)
    return time.perf_counter() - start, cpu_of_children() - cpu, result.stdout


def read_counts(path: Path) -> Rows:
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            count, brackets, name = line.split(" ", 2)
            rows.append((int(count), int(brackets), name))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--counts", type=Path, help="the classifier's .error_counts for WSJ 22")
    parser.add_argument("--oracle", action="store_true", help="also run and time the classifier")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-errorclasses-"))
    gold, test = folder / "gold.mrg", DATA / "wsj22.berkeley_MLE.raw.tst"
    lines = (DATA / "wsj22.auto.clean.gld").read_text(encoding="utf-8").splitlines()
    gold.write_text("".join("(ROOT " + line[len("(TOP "):] + "\n" for line in lines), encoding="utf-8")
    command = [sys.executable, "-m", "treeeval", "errors", str(gold), str(test), "--json"]
    runs = [timed(command) for _ in range(options.repeat)]
    wall, cpu = min(run[0] for run in runs), min(run[1] for run in runs)
    classes = json.loads(runs[-1][2])["systems"][0]["classes"]
    ours = [(row["count"], row["brackets"], row["name"]) for row in classes]
    print(f"treeeval errors, WSJ 22 ({len(lines)} sentences): best of {options.repeat}: "
          f"{wall:.2f} s wall, {cpu:.2f} s CPU (load average {os.getloadavg()[0]:.1f})")
    expected = read_counts(options.counts) if options.counts else None
    if options.oracle:
        cpu_before, start = cpu_of_children(), time.perf_counter()
        try:
            ran = call_oracle("analyser", [str(gold), str(test), str(folder / "analysis")],
                              folder, timeout=3600)
        except OracleMissing as missing:
            sys.exit(str(missing))
        oracle_wall, oracle_cpu = time.perf_counter() - start, cpu_of_children() - cpu_before
        if ran.status != 0:
            sys.exit(f"the classifier failed: {ran.stderr.decode(errors='replace')}")
        print(f"classifier: {oracle_wall:.1f} s wall, {oracle_cpu:.1f} s CPU "
              f"({oracle_wall / wall:.0f}x treeeval's wall time, "
              f"{oracle_cpu / cpu:.0f}x its CPU time)")
        expected = read_counts(folder / "analysis.error_counts")
    if expected is not None:
        print("classes identical to the classifier's" if ours == expected else
              f"DIFFERENT classes:\n  classifier {expected}\n  treeeval   {ours}")


if __name__ == "__main__":
    main()
