"""When a second process pays for itself (input past 16 MiB, on a machine of two cores or
more), and :class:`Forked`, the one way a reader runs in a forked process.

``treeeval bracket`` then scores in two processes (its ``--jobs`` default), ``treeeval dep``
reads a parsed file in a second process while it reads the gold file, and ``treeeval ud``
reads each file of a pair in a process of its own; below it, the start of a process costs
more than it saves.

>>> import tempfile
>>> with tempfile.NamedTemporaryFile() as small:
...     second_process_pays(small.name)
False
>>> second_process_pays("no/such/file")
False
>>> forked = Forked(lambda n: iter(range(n)), 3)
>>> list(forked.messages()), forked.close()
([0, 1, 2], None)
>>> list(Forked(lambda: iter([1 / 0])).messages())
Traceback (most recent call last):
...
treeeval.policy.processes.ForkFailed: division by zero
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

#: input larger than this (bytes) is worth a second process
PARALLEL_THRESHOLD = 16 << 20


def can_fork() -> bool:
    """Whether this machine starts processes by forking (not Windows): a forked process
    needs no imports of its own, so it pays where a spawned one would not."""
    import multiprocessing  # only asked of large input: its import costs a small run 6 ms

    return "fork" in multiprocessing.get_all_start_methods()


def second_process_pays(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is larger than :data:`PARALLEL_THRESHOLD` and the machine has more
    than one core (False for a file that cannot be measured)."""
    try:
        large = os.path.getsize(path) > PARALLEL_THRESHOLD
    except OSError:
        return False
    return large and (os.cpu_count() or 1) > 1


class ForkFailed(Exception):
    """The forked process could not give what it was asked for (the message says why); the
    caller then does the work itself, with its own errors."""


class Forked:
    """``produce(*args)`` run in a forked process (:func:`can_fork` must hold), each thing
    it yields sent back through a pipe, as :meth:`messages` gives them.  A pipe holds little,
    so the process stays a message or two ahead.  Any exception in it ends it quietly and
    :meth:`messages` raises :class:`ForkFailed` (the main process redoes the work and says
    what went wrong, as it always does); :meth:`close` stops it, done or not."""

    def __init__(self, produce: Callable[..., Iterable[Any]], *args: Any) -> None:
        import multiprocessing  # only for large input: its import costs a small run 6 ms

        context = multiprocessing.get_context("fork")
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(target=_produce, args=(send, produce, args),
                                        daemon=True)
        self._process.start()
        send.close()

    def messages(self) -> Iterator[Any]:
        """What the process yields, in order (ForkFailed when it fails or stops short)."""
        while True:
            try:
                kind, value = self._receive.recv()
            except (EOFError, OSError):
                raise ForkFailed("the process stopped") from None
            if kind == "end":
                return
            if kind == "failed":
                raise ForkFailed(value)
            yield value

    def close(self) -> None:
        """Stop the process (it may still be working, when the caller gave up first)."""
        self._receive.close()
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()


def _produce(send: Connection, produce: Callable[..., Iterable[Any]], args: tuple[Any, ...]
             ) -> None:
    """The forked process: each thing ``produce`` yields, then the end, or why it failed."""
    try:
        for value in produce(*args):
            send.send(("value", value))
        send.send(("end", None))
    except Exception as error:  # any failure: the main process redoes the work and says why
        send.send(("failed", str(error)))
    finally:
        send.close()
