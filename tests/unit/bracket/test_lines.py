"""format_sentence_lines must print exactly what printf (here Python's ``%``) prints."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.bracket import lines
from treeeval.bracket.lines import LINE_FORMAT, format_sentence_lines

COLUMNS = ("ids", "length", "status", "matched", "gold", "test", "crossing", "words", "correct")
INT64 = st.integers(-(2**63), 2**63 - 1)


def percent(numerator: int, denominator: int) -> float:
    """EVALB's ``denominator == 0 ? 0.0 : 100.0 * numerator / denominator``."""
    return 100.0 * numerator / denominator if denominator else 0.0


def reference(rows: list[tuple[int, ...]]) -> bytes:
    """The lines formatted one by one with Python's ``%``, as EVALB's printf does."""
    text = ""
    for ident, length, status, matched, gold, test, crossing, words, correct in rows:
        text += LINE_FORMAT % (
            ident, length, status, percent(matched, gold), percent(matched, test),
            matched, gold, test, crossing, words, correct, percent(correct, words),
        )  # fmt: skip
    return text.encode("ascii")


def formatted(rows: list[tuple[int, ...]]) -> bytes:
    """The lines from format_sentence_lines, given the same rows as columns."""
    columns = np.array(rows, dtype=np.int64).reshape(len(rows), len(COLUMNS)).T
    return format_sentence_lines(**dict(zip(COLUMNS, columns)))


def realistic_rows(ids: st.SearchStrategy[int]) -> st.SearchStrategy[tuple[int, ...]]:
    """Rows as EVALB sees them: small counts, although matched may exceed gold or test."""
    count = st.integers(0, 130)
    return st.tuples(ids, count, st.integers(0, 2), count, count, count, count, count, count)


def any_int() -> st.SearchStrategy[int]:
    """Mostly small, sometimes negative, sometimes as wide as int64 allows."""
    return st.one_of(st.integers(0, 200), st.integers(-1000, 100_000), INT64)


@given(st.lists(st.tuples(*[any_int()] * len(COLUMNS)), max_size=30))
def test_matches_printf_on_any_int64_values(rows: list[tuple[int, ...]]) -> None:
    assert formatted(rows) == reference(rows)


@given(st.lists(realistic_rows(st.integers(0, 200_000)), max_size=50))
def test_matches_printf_on_realistic_rows(rows: list[tuple[int, ...]]) -> None:
    assert formatted(rows) == reference(rows)


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from([1, 9_990, 99_990, 999_990]), st.integers(1, 40), st.data())
def test_ids_growing_past_field_width(first: int, count: int, data: st.DataObject) -> None:
    rows = [data.draw(realistic_rows(st.just(first + i))) for i in range(count)]
    assert formatted(rows) == reference(rows)


@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=20))
def test_small_ratios_including_zero_and_negative(pairs: list[tuple[int, int]]) -> None:
    rows = [(1, 1, 0, m, n, n, 0, n, m) for m, n in pairs]
    assert formatted(rows) == reference(rows)


@given(st.lists(st.tuples(*[any_int()] * len(COLUMNS)), max_size=12), st.integers(1, 5))
def test_chunks_of_rows_join_seamlessly(rows: list[tuple[int, ...]], chunk_rows: int) -> None:
    with patch.object(lines, "_CHUNK_ROWS", chunk_rows):
        assert formatted(rows) == reference(rows)


HAND_WRITTEN = [
    # id, length, status, matched, gold, test, crossing, words, correct
    ((0, 0, 0, 0, 0, 0, 0, 0, 0),
     "   0    0    0    0.00   0.00     0      0    0      0      0     0     0.00\n"),
    ((1, 5, 0, 3, 4, 3, 0, 5, 4),
     "   1    5    0   75.00 100.00     3      4    3      0      5     4    80.00\n"),
    ((7, 9, 1, 6, 4, 3, 2, 9, 9),  # more brackets matched than there are
     "   7    9    1  150.00 200.00     6      4    3      2      9     9   100.00\n"),
    ((85000, 1, 2, 1, 800, 3, 0, 800, 3),  # 0.125 and 0.375 are exact: ties to even
     "85000    1    2    0.12  33.33     1    800    3      0    800     3     0.38\n"),
    ((-1, -20, 0, 20, 1, 0, -300, 10000, -1),
     "  -1  -20    0  2000.00   0.00    20      1    0    -300   10000    -1    -0.01\n"),
]  # fmt: skip


@pytest.mark.parametrize(("row", "line"), HAND_WRITTEN)
def test_hand_written_lines(row: tuple[int, ...], line: str) -> None:
    assert formatted([row]) == reference([row]) == line.encode("ascii")


def test_empty_input_gives_no_lines() -> None:
    assert formatted([]) == b""


def test_columns_of_different_lengths_are_refused() -> None:
    columns = dict(zip(COLUMNS, [np.zeros(3, dtype=np.int64)] * len(COLUMNS)))
    columns["gold"] = np.zeros(2, dtype=np.int64)
    with pytest.raises(ValueError, match="same length"):
        format_sentence_lines(**columns)
