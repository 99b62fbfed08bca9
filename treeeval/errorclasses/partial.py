"""What a ``treeeval errors`` run could miss, as notices (treeeval.policy.notices), in the
words of ``treeeval bracket``'s (treeeval.bracket.partial), whose facts are the same.

The classifier pairs the trees of the two files line by line and the shorter file ends the
comparison: a test file cut short is classified as far as it goes, and the gold sentences
after it count no error at all; a test file longer than the gold file has lines nobody
looked at; a file without a tree gives nothing to classify.  ``classify_errors`` keeps
these notices with its result; the command line says them on stderr after the report and
exits 1 under ``--strict``, and the text and JSON reports mark the system.

>>> for notice in test_notices("gold.mrg", 1700, 1700, "test.mrg", 100, 100):
...     print(notice.text())
test.mrg: has 100 lines, gold.mrg has 1700; scored the first 100
>>> [notice.text() for notice in test_notices("gold.mrg", 1700, 1700, "test.mrg", 0, 0)]
['test.mrg: has no bracketed tree (empty, blank or comment lines only): nothing was scored']
"""

from __future__ import annotations

from ..bracket.partial import NO_TREE, length_notice
from ..policy.notices import Notice


def gold_notices(gold: str, trees: int) -> list[Notice]:
    """A gold file holding no tree (``trees``: the trees among its lines).

    >>> [notice.text() for notice in gold_notices("gold.mrg", 0)]
    ['gold.mrg: has no bracketed tree (empty, blank or comment lines only): nothing was scored']
    """
    return [] if trees else [Notice(NO_TREE, gold)]


def test_notices(gold: str, gold_lines: int, gold_trees: int, test: str, lines: int,
                 trees: int) -> list[Notice]:
    """A test file of ``lines`` lines (``trees`` trees among those paired) against a gold
    file of ``gold_lines`` lines (``gold_trees`` trees): none, a test file without a tree,
    or files of different lengths (as bracket, nothing about lengths when a file holds no
    tree: that notice says it all).

    >>> [notice.text() for notice in test_notices("g", 2, 2, "t", 3, 2)]
    ['g: has 2 lines, t has 3; scored the first 2']
    >>> test_notices("g", 2, 2, "t", 2, 1)
    []
    """
    if not gold_trees:
        return []
    if not trees and lines <= gold_lines:
        return [Notice(NO_TREE, test)]
    if lines == gold_lines:
        return []
    if lines < gold_lines:
        return [length_notice(test, lines, gold, gold_lines)]
    return [length_notice(gold, gold_lines, test, lines)]
