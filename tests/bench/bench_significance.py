"""Time the resampling tests: 10,000 resamples of a 2,000-sentence test set, target < 2 s each.

Run from the repository: ``python tests/bench/bench_significance.py [--sentences 2000]
[--resamples 10000] [--repeat 5]``.  It builds two synthetic systems on the same sentences
(5 to 45 tokens each, LAS about 87 and 86: per-token hits, so all three tests apply; and
bracket-like F1 counts, three columns per system), then prints the wall-clock time of each
test (best of ``--repeat``), and, for the bootstrap, of a second way to sum the resampled
counts (count how often each sentence is drawn with ``np.bincount``, then one matrix
product), which the chosen gather-and-sum beats here.

Example (2 cores shared with other jobs, numpy 2.4; the same run took 0.21, 0.31, 0.03 and
0.03 s for the four resampling lines on a quieter machine)::

    2000 sentences (51044 tokens), 10000 resamples (best of 7)
    paired bootstrap, accuracy (2 columns)              0.400 s  ok (target 2 s)
    paired bootstrap, F1 (3 columns)                    0.542 s  ok (target 2 s)
    approximate randomization, accuracy                 0.204 s  ok (target 2 s)
    approximate randomization, F1                       0.232 s  ok (target 2 s)
    McNemar, accuracy                                   0.000 s  ok (target 2 s)
    (bootstrap sums by bincount + matmul, accuracy)     0.893 s
    LAS  A 87.26 [86.97, 87.55]  B 86.09 [85.79, 86.39]  diff +1.17 [+0.74, +1.58]  p < 0.0001 ...

The exit status is 1 when a test misses the 2 s target.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from timing import best_time  # noqa: E402

from treeeval.stats import (  # noqa: E402
    SentenceScores,
    approximate_randomization,
    mcnemar,
    paired_bootstrap,
)

TARGET_SECONDS = 2.0


def systems(sentences: int, seed: int = 0) -> tuple[SentenceScores, ...]:
    """Two accuracy systems (from token hits) and two F1 systems on the same sentences."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(5, 46, size=sentences)
    sentence = np.repeat(np.arange(sentences), sizes)
    hits = [rng.random(len(sentence)) < accuracy for accuracy in (0.87, 0.86)]
    gold = sizes - 1
    f1 = []
    for recall in (0.89, 0.88):
        matched = rng.binomial(gold, recall)
        f1.append(SentenceScores.f1(matched, gold, matched + rng.binomial(gold - matched, 0.9)))
    return (*(SentenceScores.from_token_hits(h, sentence) for h in hits), *f1)


def bincount_bootstrap_sums(columns: np.ndarray, resamples: int,
                            rng: np.random.Generator, rows: int = 1000) -> np.ndarray:
    """The alternative: per resample, how often each sentence is drawn, times the counts."""
    sentences = columns.shape[1]
    sums = np.empty((resamples, len(columns)))
    for start in range(0, resamples, rows):
        stop = min(start + rows, resamples)
        index = rng.integers(0, sentences, size=(stop - start, sentences))
        index += (np.arange(stop - start) * sentences)[:, None]
        drawn = np.bincount(index.ravel(), minlength=(stop - start) * sentences)
        sums[start:stop] = drawn.reshape(stop - start, sentences).astype(np.float64) @ columns.T
    return sums


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=2000)
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    a, b, f1_a, f1_b = systems(args.sentences)
    r = args.resamples
    pair = np.concatenate([a.columns(), b.columns()])
    runs: list[tuple[str, Callable[[], object], bool]] = [
        ("paired bootstrap, accuracy (2 columns)",
         lambda: paired_bootstrap(a, b, resamples=r, seed=1), True),
        ("paired bootstrap, F1 (3 columns)",
         lambda: paired_bootstrap(f1_a, f1_b, resamples=r, seed=1), True),
        ("approximate randomization, accuracy",
         lambda: approximate_randomization(a, b, resamples=r, seed=1), True),
        ("approximate randomization, F1",
         lambda: approximate_randomization(f1_a, f1_b, resamples=r, seed=1), True),
        ("McNemar, accuracy", lambda: mcnemar(a, b), True),
        ("(bootstrap sums by bincount + matmul, accuracy)",
         lambda: bincount_bootstrap_sums(pair, r, np.random.default_rng(1)), False),
    ]
    print(f"{args.sentences} sentences ({len(a.hits)} tokens), {r} resamples "
          f"(best of {args.repeat})")
    slow = False
    for label, run, targeted in runs:
        seconds = best_time(run, args.repeat)
        verdict = ""
        if targeted:
            verdict = "ok" if seconds < TARGET_SECONDS else "TOO SLOW"
            verdict += f" (target {TARGET_SECONDS:g} s)"
            slow |= seconds >= TARGET_SECONDS
        print(f"{label:<50} {seconds:6.3f} s  {verdict}")
    for result in (paired_bootstrap(a, b, resamples=r, seed=1, metric="LAS"),
                   approximate_randomization(a, b, resamples=r, seed=1, metric="LAS"),
                   mcnemar(a, b, metric="LAS"),
                   paired_bootstrap(f1_a, f1_b, resamples=r, seed=1, metric="F1")):
        print(result.render())
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
