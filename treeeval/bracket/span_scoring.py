"""The brackets of line pairs and of two files as columns (:mod:`.spans`), scored as
``treeeval bracket`` scores them: by the run's ``score_block`` (the fast kernel, the exact
engine for the lines that fall back), block by block as ``EvalbRun`` reads the files.

>>> from treeeval.bracket.params import EvalbParams
>>> spans = bracket_spans(b"(S (X (A a)) (Y (B b)))\\n", b"(S (X (A a)) (Z (B b)))\\n",
...                       EvalbParams())
>>> spans.labels, spans.gold.matched.tolist(), spans.test.matched.tolist()
([b'S', b'X', b'Y', b'Z'], [True, True, False], [True, True, False])
"""

from __future__ import annotations

import os

from ..columnar.blocks import count_lines, line_ends
from .params import EvalbParams
from .run import score_block
from .spans import BracketSpans, concatenate_spans
from .spmrl import open_lines


def bracket_spans(gold: bytes, test: bytes, params: EvalbParams,
                  first_line: int = 1) -> BracketSpans:
    """The brackets of line pairs (the same number of lines on both sides), scored as
    ``treeeval bracket``'s ``score_block`` scores them; ``first_line`` numbers the first.

    >>> spans = bracket_spans(b"(S (X (A x)) (Y (B y)))\\n", b"(S (X (A x)) (Z (B y)))\\n",
    ...                       EvalbParams())
    >>> spans.labels, spans.test.label.tolist(), spans.test.matched.tolist()
    ([b'S', b'X', b'Y', b'Z'], [0, 1, 3], [True, True, False])
    """
    kept = score_block(gold, test, first_line, params, keep_brackets=True).brackets
    assert kept is not None, "keep_brackets=True keeps them"
    return kept.spans()


def file_spans(gold_path: str | os.PathLike[str], test_path: str | os.PathLike[str],
               params: EvalbParams, lines: int | None = None) -> BracketSpans:
    """The brackets of two files (of their first ``lines`` line pairs), read and scored in
    the blocks ``EvalbRun`` uses; lines past the end of the shorter file are left out."""
    parts: list[BracketSpans] = []
    done = 0
    gold = open_lines(gold_path, "gold", params)
    try:
        test = open_lines(test_path, "test", params)
        try:
            while lines is None or done < lines:
                gold_block, gold_count = gold.read_block()
                if gold_count == 0:
                    break
                test_block, test_count = test.read_lines(gold_count)
                count = min(test_count, gold_count, gold_count if lines is None else lines - done)
                parts.append(bracket_spans(_first_lines(gold_block, count),
                                           _first_lines(test_block, count), params, done + 1))
                done += count
                if count < gold_count:
                    break
        finally:
            test.close()
    finally:
        gold.close()
    return concatenate_spans(parts, params)


def _first_lines(block: bytes, count: int) -> bytes:
    if count >= count_lines(block):
        return block
    return block[:int(line_ends(block)[count - 1]) + 1] if count else b""
