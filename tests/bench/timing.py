"""The timing helper the benchmark scripts share (they import it as ``timing``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The shortest wall-clock time of ``repeat`` calls of ``run``, in seconds.

    >>> best_time(lambda: None, 3) < 0.1
    True
    """
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def best_times(runs: list[Callable[[], object]], repeat: int) -> list[float]:
    """The shortest wall-clock time of each of ``runs``, called in turn ``repeat`` times (so
    that a machine that slows down for a while slows them all down alike).

    >>> [t < 0.1 for t in best_times([lambda: None, lambda: None], 3)]
    [True, True]
    """
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for index, run in enumerate(runs):
            start = time.perf_counter()
            run()
            best[index] = min(best[index], time.perf_counter() - start)
    return best
