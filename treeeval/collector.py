"""The cyclic garbage collector: the one place that tunes it, for the three cases that pay.

Reading and scoring build many objects and little cyclic garbage, yet Python's collector
walks the young objects every 700 allocations and, from time to time, every object alive.
On trees that is most of the cost of some commands (``lin`` on a tree 100,000 levels deep
spent a quarter of its time there, docs/performance.md).  So:

* a command's process collects seldom: :func:`for_a_command` (``treeeval.cli.main``) sets
  :data:`COMMAND_THRESHOLDS`, mypy's, for the same reason;
* a reader of many short-lived strings pauses the collector while it reads a block:
  :func:`paused` (the CoNLL-U reader);
* what stays alive while the rest is computed from it is read with the collector paused,
  then kept out of collections: :func:`frozen_after` (the error classifier's gold trees,
  whose parent links are cycles).

>>> with paused():
...     gc.isenabled()
False
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

#: the thresholds of a command's process: the young generation is collected every 200,000
#: allocations rather than 700 (mypy's setting; the data hold no cycles worth collecting
#: sooner)
COMMAND_THRESHOLDS = (200_000, 30, 30)


def for_a_command() -> None:
    """Set :data:`COMMAND_THRESHOLDS` for this process.

    >>> for_a_command(); gc.get_threshold() == COMMAND_THRESHOLDS
    True
    """
    gc.set_threshold(*COMMAND_THRESHOLDS)


@contextmanager
def paused() -> Iterator[None]:
    """The block with the collector paused (it was on again after, if it was before)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@contextmanager
def frozen_after(read: Callable[[], T]) -> Iterator[T]:
    """``read()`` with the collector paused, then what it read (and all else alive) left out
    of collections (gc.freeze) until the block ends.

    A caller that froze objects of its own keeps them frozen: then nothing is frozen or
    unfrozen here.

    >>> with frozen_after(gc.isenabled) as collecting_while_read:
    ...     collecting_while_read, gc.get_freeze_count() > 0
    (False, True)
    """
    mine = gc.get_freeze_count() == 0
    with paused():
        value = read()
        if mine:
            gc.freeze()
    try:
        yield value
    finally:
        if mine:
            gc.unfreeze()
