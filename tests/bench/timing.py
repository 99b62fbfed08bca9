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
