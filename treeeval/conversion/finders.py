"""The head finder for a head table: CoreNLP's SemanticHeadFinder for ``%procedural``
tables (``semantic``, ``semantic-copula``), the table-driven finder for the others."""

from __future__ import annotations

from ..formats.head_finder import HeadFinder
from ..formats.headrules import HeadTable
from .semantic import SemanticHeadFinder


def head_finder(table: HeadTable) -> HeadFinder:
    """The finder of a table.

    >>> from treeeval.formats.headrules import load_heads
    >>> [type(head_finder(load_heads(name))).__name__ for name in ("semantic", "collins")]
    ['SemanticHeadFinder', 'HeadFinder']
    """
    return SemanticHeadFinder(table) if table.procedural else HeadFinder(table)
