"""Where the units of work of a task run: in this process, on a local process pool
(``--jobs N``) or on a Dask cluster (``--scheduler ADDRESS``), with the same results.

A backend maps a function over a list of items and returns the results in the items' order,
whatever order the workers finish them in; ``progress``, when given, is called once per
finished item with that item's index in the list (in the order they finish).  With ``cost``
(one number per item, e.g. the size of a treebank's gold file), the workers start the costly
items first: the largest unit of work is the critical path, so it should not start last.  The function
and the items travel to the workers by pickle, so the function is a module-level one.

>>> done = []
>>> with backend_for(jobs=1) as backend:
...     backend.map(abs, [-2, 3, -1], progress=done.append)
[2, 3, 1]
>>> done
[0, 1, 2]

dask (``pip install "treeeval[cluster]"``) is imported only by :class:`DaskBackend`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from types import TracebackType
from typing import Any, Protocol, TypeVar

from ..errors import InputError, UsageError

T = TypeVar("T")
R = TypeVar("R")
#: called once per finished item, with its index in the items
Progress = Callable[[int], None]
#: seconds to wait for a Dask scheduler before giving up
CONNECT_TIMEOUT = 10.0


class Backend(Protocol):
    """What runs the units of work: ``map`` keeps the items' order."""

    def map(self, function: Callable[[T], R], items: Sequence[T],
            progress: Progress | None = None, cost: Sequence[float] | None = None) -> list[R]:
        """``[function(item) for item in items]``, computed by the backend's workers (the
        items of the highest ``cost`` started first)."""

    def __enter__(self) -> Backend:
        """Start the workers (or connect to them)."""

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        """Stop the workers (or disconnect)."""


class _Closing:
    """Enter returns the backend itself; exit calls :meth:`close` (nothing by default)."""

    def __enter__(self) -> Any:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Release the workers."""


class InProcess(_Closing):
    """Every item in this process, one after another (``--jobs 1``)."""

    def map(self, function: Callable[[T], R], items: Sequence[T],
            progress: Progress | None = None, cost: Sequence[float] | None = None) -> list[R]:
        """The results in order; ``progress`` after each item (one worker: ``cost`` changes
        nothing, the items run in their order).

        >>> InProcess().map(len, ["ab", ""])
        [2, 0]
        """
        results = []
        for index, item in enumerate(items):
            results.append(function(item))
            _report(progress, index)
        return results


class LocalPool(_Closing):
    """``jobs`` worker processes of this machine (concurrent.futures), started at the first
    map that has more than one item and kept until the backend is closed.

    >>> with LocalPool(2) as pool:
    ...     pool.map(abs, [-1, -2, 3])
    [1, 2, 3]
    """

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    def map(self, function: Callable[[T], R], items: Sequence[T],
            progress: Progress | None = None, cost: Sequence[float] | None = None) -> list[R]:
        """The results in the items' order, the costliest submitted first (one item alone
        runs in this process)."""
        if len(items) <= 1:
            return InProcess().map(function, items, progress)
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=min(self.jobs, len(items)),
                                             initializer=one_blas_thread)
        return _gathered(self._pool, function, items, progress, cost)

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


def one_blas_thread() -> None:
    """A pool worker's start: one BLAS thread (numpy's matrix products, the resampled sums of
    ``--stat``), as Dask's nannies give each of its workers.  The pool's processes are the
    parallelism: two workers of two OpenBLAS threads each on two cores spent a fifth of the
    CoNLL 2018 grid's CPU time spinning (docs/performance.md, issue 30)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


class DaskBackend(_Closing):
    """The workers of the Dask cluster whose scheduler is at ``address`` (``tcp://host:8786``),
    connected to within :data:`CONNECT_TIMEOUT` seconds; a scheduler that cannot be reached
    is an :class:`~treeeval.errors.InputError` naming ``--scheduler ADDRESS``.  The workers
    read the files themselves, at the paths the items give."""

    def __init__(self, address: str, timeout: float | None = None) -> None:
        self.address = address
        self.timeout = timeout
        self._client: Any = None

    def __enter__(self) -> DaskBackend:
        try:
            from distributed import Client
        except ImportError:
            raise UsageError("--scheduler needs dask.distributed: pip install "
                             "'treeeval[cluster]'") from None
        try:
            self._client = Client(self.address, timeout=self.timeout or CONNECT_TIMEOUT,
                                  set_as_default=False)
        except Exception as exc:  # any failure to reach a scheduler is the same error
            raise self._error(f"cannot connect ({_reason(exc)})") from None
        return self

    def map(self, function: Callable[[T], R], items: Sequence[T],
            progress: Progress | None = None, cost: Sequence[float] | None = None) -> list[R]:
        """The items as Dask tasks (not cached: ``pure=False``), the costliest submitted
        first and with the highest priority; the results in order.  A worker that cannot
        import the function, or that dies, is an error."""
        from distributed import KilledWorker
        from distributed import as_completed as finished

        order = costliest_first(len(items), cost)
        submitted = {position: self._client.submit(function, items[position], pure=False,
                                                   priority=len(order) - rank)
                     for rank, position in enumerate(order)}
        futures = [submitted[position] for position in range(len(items))]
        index = {future.key: position for position, future in enumerate(futures)}
        try:
            for future in finished(futures, loop=self._client.loop):
                future.result()
                _report(progress, index[future.key])
            return self._client.gather(futures)
        except (ImportError, KilledWorker) as exc:
            raise self._error(f"a worker failed ({_reason(exc)})") from None

    def close(self) -> None:
        """Disconnect from the scheduler (the cluster keeps running)."""
        if self._client is not None:
            self._client.close()
            self._client = None

    def _error(self, message: str) -> InputError:
        return InputError(message, path=f"--scheduler {self.address}")


def backend_for(jobs: int = 1, scheduler: str | None = None) -> Backend:
    """The backend of ``--jobs`` / ``--scheduler``: Dask when a scheduler is given, else a
    pool of ``jobs`` processes (in this process when ``jobs`` is 1).

    >>> type(backend_for(jobs=1)).__name__, type(backend_for(jobs=2)).__name__
    ('InProcess', 'LocalPool')
    >>> backend_for(scheduler="tcp://10.0.0.1:8786").address
    'tcp://10.0.0.1:8786'
    """
    if scheduler is not None:
        return DaskBackend(scheduler)
    return InProcess() if jobs <= 1 else LocalPool(jobs)


def default_jobs(units: int) -> int:
    """``--jobs`` by default: the cores, at most one per unit of work.

    >>> default_jobs(1)
    1
    """
    return max(1, min(os.cpu_count() or 1, units))


def costliest_first(count: int, cost: Sequence[float] | None) -> list[int]:
    """The order in which to submit ``count`` items: by decreasing ``cost``, equal costs (or
    no cost) in the items' order.

    >>> costliest_first(4, [10, 300, 10, 45]), costliest_first(3, None)
    ([1, 3, 0, 2], [0, 1, 2])
    """
    if cost is None:
        return list(range(count))
    return sorted(range(count), key=lambda position: -cost[position])


def _gathered(pool: Executor, function: Callable[[T], R], items: Sequence[T],
              progress: Progress | None, cost: Sequence[float] | None = None) -> list[R]:
    """Each item submitted to ``pool``, the costliest first; ``progress`` as each
    finishes; results in the items' order."""
    submitted = {position: pool.submit(function, items[position])
                 for position in costliest_first(len(items), cost)}
    futures: list[Future[R]] = [submitted[position] for position in range(len(items))]
    index = {future: position for position, future in enumerate(futures)}
    for future in as_completed(futures):
        future.result()
        _report(progress, index[future])
    return [future.result() for future in futures]


def _report(progress: Progress | None, index: int) -> None:
    if progress is not None:
        progress(index)


def _reason(exc: BaseException) -> str:
    """An exception in one line: its type, and its message when it has one.

    >>> _reason(OSError("Timed out after 10 s")), _reason(TimeoutError())
    ('OSError: Timed out after 10 s', 'TimeoutError')
    """
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
