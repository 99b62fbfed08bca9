"""Time format_sentence_lines against a plain Python loop over the same rows.

Run with ``python tests/bench/bench_lines.py``; it prints the best of several runs for
85,000 and 850,000 realistic sentences (ids 1..N, so mostly 5- and 6-digit ids).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from treeeval.bracket.lines import LINE_FORMAT, format_sentence_lines

Columns = dict[str, np.ndarray]


def realistic_columns(count: int, seed: int = 0) -> Columns:
    """Sentence statistics shaped like a WSJ test set's."""
    rng = np.random.default_rng(seed)
    length = np.clip(rng.gamma(4.0, 6.0, count).astype(np.int64), 1, 141)
    gold = np.maximum(length - rng.integers(0, 4, count), 0)
    test = np.maximum(gold + rng.integers(-3, 4, count), 0)
    matched = np.minimum(gold, test) - rng.binomial(np.minimum(gold, test), 0.1)
    words = length - rng.binomial(length, 0.12)
    return {
        "ids": np.arange(1, count + 1, dtype=np.int64),
        "length": length,
        "status": (rng.random(count) < 0.01).astype(np.int64),
        "matched": matched,
        "gold": gold,
        "test": test,
        "crossing": rng.poisson(0.8, count),
        "words": words,
        "correct": words - rng.binomial(words, 0.03),
    }


def python_loop(columns: Columns) -> bytes:
    """The baseline: one ``%`` per line, as a straightforward port of EVALB would do."""

    def percent(numerator: int, denominator: int) -> float:
        return 100.0 * numerator / denominator if denominator else 0.0

    rows = zip(*(column.tolist() for column in columns.values()))
    lines = [
        LINE_FORMAT % (i, n, s, percent(m, g), percent(m, t), m, g, t, c, w, k, percent(k, w))
        for i, n, s, m, g, t, c, w, k in rows
    ]
    return "".join(lines).encode("ascii")


def best_time(function: Callable[[], bytes], repeat: int) -> tuple[float, bytes]:
    """The fastest of ``repeat`` runs, in milliseconds, and the output of the last one."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        output = function()
        timings.append(time.perf_counter() - start)
    return min(timings) * 1000, output


def main() -> None:
    for count in (85_000, 850_000):
        columns = realistic_columns(count)
        repeat = 20 if count < 100_000 else 5
        ours, text = best_time(lambda columns=columns: format_sentence_lines(**columns), repeat)
        loop, expected = best_time(lambda columns=columns: python_loop(columns), repeat)
        assert text == expected, "format_sentence_lines differs from the Python loop"
        print(
            f"{count:>7,} lines ({len(text) / 1e6:.1f} MB): "
            f"format_sentence_lines {ours:7.1f} ms   Python loop {loop:7.1f} ms   "
            f"({loop / ours:.1f}x)"
        )


if __name__ == "__main__":
    main()
