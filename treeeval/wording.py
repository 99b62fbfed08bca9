"""How treeeval words a count in what a user reads (reports, notices, the browser): the
noun agrees with the number, ``1 error`` and ``2 errors``.

>>> counted(1, "error"), counted(0, "error"), counted(3, "class", "classes")
('1 error', '0 errors', '3 classes')
"""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number noun``: the noun singular for one, else ``plural`` (by default ``noun + 's'``).

    >>> counted(1, "line"), counted(2416, "line")
    ('1 line', '2416 lines')
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
