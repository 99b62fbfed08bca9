"""The progress of ``treeeval task`` on stderr when it is a terminal: a bar with the runs
done out of all of them and an estimate of the time left, redrawn in place and cleared at
the end.  Not a terminal (a file, a pipe): nothing is written.

>>> import io
>>> class Terminal(io.BytesIO):
...     def isatty(self) -> bool:
...         return True
>>> err, ticks = Terminal(), iter([0.0, 0.0, 10.0, 40.0])
>>> with progress_bar(err, 8, clock=lambda: next(ticks)) as advance:
...     advance(2)
...     advance(4)
>>> err.getvalue().decode().split("\\r")[1:]   # doctest: +NORMALIZE_WHITESPACE
['runs 0/8 [....................]   0%  starting',
 'runs 2/8 [#####...............]  25%  about 30s left',
 'runs 6/8 [###############.....]  75%  about 13s left', '                                                    ', '']
>>> with progress_bar(io.BytesIO(), 8) as advance:
...     advance(8)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

#: the bar's width in characters
WIDTH = 20


@contextmanager
def progress_bar(err: BinaryIO, total: int, clock: Callable[[], float] = time.monotonic
                 ) -> Iterator[Callable[[int], None]]:
    """A callback taking the number of runs just done, drawing the bar on ``err`` when it
    is a terminal (a callback doing nothing otherwise); the bar is cleared on leaving."""
    if not err.isatty():
        yield lambda runs: None
        return
    bar = _Bar(err, total, clock)
    bar.advance(0)
    try:
        yield bar.advance
    finally:
        bar.clear()


class _Bar:
    """The runs done, the time since the start, and the width of the line last drawn."""

    def __init__(self, err: BinaryIO, total: int, clock: Callable[[], float]) -> None:
        self.err, self.total, self.clock = err, total, clock
        self.start, self.done, self.drawn = clock(), 0, 0

    def advance(self, runs: int) -> None:
        """``runs`` more runs done: the line redrawn."""
        self.done += runs
        line = bar_line(self.done, self.total, self.clock() - self.start)
        self.err.write(b"\r" + line.ljust(self.drawn).encode())
        self.err.flush()
        self.drawn = len(line)

    def clear(self) -> None:
        """The line blanked and the cursor back at its start."""
        if self.drawn:
            self.err.write(b"\r" + b" " * self.drawn + b"\r")
            self.err.flush()


def bar_line(done: int, total: int, elapsed: float) -> str:
    """The line of the bar: the runs done, the bar, the percent and the time left, estimated
    from the time per run so far (none before the first run is done).

    >>> bar_line(3, 12, 90.0)
    'runs 3/12 [#####...............]  25%  about 4m 30s left'
    """
    share = done / total if total else 1.0
    filled = round(WIDTH * share)
    left = f"about {_duration(elapsed * (total - done) / done)} left" if done else "starting"
    return f"runs {done}/{total} [{'#' * filled}{'.' * (WIDTH - filled)}] {share:4.0%}  {left}"


def _duration(seconds: float) -> str:
    """A duration rounded to the second: ``1h 02m``, ``4m 30s``, ``7s``.

    >>> _duration(3725.2), _duration(59.6), _duration(0.2)
    ('1h 02m', '1m 00s', '0s')
    """
    whole = round(seconds)
    if whole >= 3600:
        return f"{whole // 3600}h {whole % 3600 // 60:02d}m"
    if whole >= 60:
        return f"{whole // 60}m {whole % 60:02d}s"
    return f"{whole}s"
