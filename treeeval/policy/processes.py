"""When a second process pays for itself: input past 16 MiB, on a machine of two cores or more.

``treeeval bracket`` then scores in two processes (its ``--jobs`` default) and ``treeeval
dep`` reads a parsed file in a second process while it reads the gold file; below it, the
start of a process costs more than it saves.

>>> import tempfile
>>> with tempfile.NamedTemporaryFile() as small:
...     second_process_pays(small.name)
False
>>> second_process_pays("no/such/file")
False
"""

from __future__ import annotations

import os

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
