"""Time ``treeeval bracket GOLD SYS1 ... SYS10 --stat`` and ten systems tested pairwise.

Run from the repository: ``python tests/bench/bench_bracket_compare.py [--systems 10]
[--sentences 2400] [--resamples 10000]``.  It writes a gold file of ``--sentences`` trees
(WSJ 22's gold from ../shared/data, its lines repeated to make up the number) and
``--systems`` systems (the Berkeley parser's output on it with a few percent of the
brackets relabelled at random), then times:

* the command with ``--stat bootstrap`` and ``--stat ar`` (the five metrics of the table,
  each system against the first: reading, scoring and the 5 x (systems - 1) tests);
* every pair of systems tested on every metric (``compare_many``, 5 x systems x
  (systems - 1) / 2 tests), the issue's target: under 10 s.

Example (2 cores shared with other jobs; the command's time includes scoring the 10 files)::

    2400 sentences, 10 systems, 10000 resamples
    treeeval bracket --stat bootstrap (9 x 5 tests)       2.77 s
    treeeval bracket --stat ar (9 x 5 tests)              1.26 s
    pairwise bootstrap (45 x 5 tests)                     1.28 s  ok (target 10 s)
    pairwise ar (45 x 5 tests)                            0.77 s  ok (target 10 s)

The exit status is 1 when a pairwise run misses the 10 s target.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cli_runner import run_treeeval  # noqa: E402

from treeeval.bracket.api import evaluate_brackets  # noqa: E402
from treeeval.bracket.compare import METRICS, metric_counts  # noqa: E402
from treeeval.stats import compare_many  # noqa: E402

WSJ22 = ROOT.parent / "shared" / "data" / "evalb" / "wsj22"
TARGET = 10.0
LABELS = (b"NP", b"VP", b"PP", b"S", b"SBAR", b"ADJP", b"ADVP")


def repeated(path: Path, lines: int) -> bytes:
    """The lines of ``path`` repeated up to ``lines`` lines."""
    text = path.read_bytes().splitlines(keepends=True)
    return b"".join(text[i % len(text)] for i in range(lines))


def relabelled(text: bytes, rng: np.random.Generator, rate: float) -> bytes:
    """``text`` with about ``rate`` of its phrase labels replaced by a random one."""
    def swap(match: re.Match[bytes]) -> bytes:
        if rng.random() > rate:
            return match.group(0)
        return b"(" + LABELS[int(rng.integers(len(LABELS)))] + b" "

    return re.sub(rb"\((?:NP|VP|PP|S|SBAR|ADJP|ADVP) (?=\()", swap, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--systems", type=int, default=10)
    parser.add_argument("--sentences", type=int, default=2400)
    parser.add_argument("--resamples", type=int, default=10_000)
    options = parser.parse_args()
    rng = np.random.default_rng(1)
    folder = Path(tempfile.mkdtemp())
    (folder / "gold.mrg").write_bytes(repeated(WSJ22 / "wsj22.auto.clean.gld",
                                               options.sentences))
    parsed = repeated(WSJ22 / "wsj22.berkeley_MLE.top.tst", options.sentences)
    names = [f"sys{k}.mrg" for k in range(options.systems)]
    for k, name in enumerate(names):
        (folder / name).write_bytes(relabelled(parsed, rng, 0.02 + 0.01 * k))
    print(f"{options.sentences} sentences, {options.systems} systems, "
          f"{options.resamples} resamples")
    tests = len(METRICS)
    for stat in ("bootstrap", "ar"):
        start = time.perf_counter()
        run = run_treeeval(["bracket", "-p", "COLLINS.prm", "--stat", stat, "--resamples",
                            str(options.resamples), "--format", "csv", "gold.mrg", *names],
                           folder)
        assert run.status == 0, run.stderr
        print(f"{f'treeeval bracket --stat {stat} ({options.systems - 1} x {tests} tests)':52}"
              f"{time.perf_counter() - start:6.2f} s")
    rows = [evaluate_brackets(folder / "gold.mrg", folder / name).sentences for name in names]
    counts = [[metric_counts(r, metric, 40) for metric in METRICS] for r in rows]
    pairs = [(counts[i][m], counts[j][m])
             for i, j in itertools.combinations(range(options.systems), 2)
             for m in range(tests)]
    status = 0
    for stat in ("bootstrap", "ar"):
        start = time.perf_counter()
        compare_many(pairs, stat, resamples=options.resamples, seed=1)
        took = time.perf_counter() - start
        verdict = "ok" if took < TARGET else "SLOW"
        status |= took >= TARGET
        print(f"{f'pairwise {stat} ({len(pairs) // tests} x {tests} tests)':52}{took:6.2f} s  "
              f"{verdict} (target {TARGET:g} s)")
    return status


if __name__ == "__main__":
    sys.exit(main())
