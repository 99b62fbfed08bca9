"""EVALB's number formatting: C rounding, -nan, the total line."""

from __future__ import annotations

from treeeval.bracket.counts import SentenceCounts
from treeeval.bracket.report import sentence_line, summary, total_line
from treeeval.bracket.totals import Totals


def test_half_even_rounding_of_exact_doubles() -> None:
    line = sentence_line(1, 32, 0, 1, 32, 32, 0, 32, 3)
    assert line == b"   1   32    0    3.12   3.12     1     32   32      0     32     3     9.38\n"


def test_total_line_without_brackets() -> None:
    assert total_line(Totals(words=3, correct=3)) == b"      3     3   100.00\n"


def test_nan_fmeasure_and_zero_guards() -> None:
    text = summary(Totals(sentences=2, error_sentences=2), Totals(), 40).decode()
    assert "Bracketing FMeasure       =   -nan" in text
    assert "Complete match            =   0.00" in text
    assert "-- len<=40 --" in text


def test_totals_add_like_their_sentences() -> None:
    rows = SentenceCounts.from_rows([
        (1, 10, 0, 4, 5, 6, 1, 10, 9),
        (2, 50, 0, 3, 3, 3, 0, 48, 48),
        (3, 5, 1, 0, 0, 0, 0, 0, 0),
    ])
    whole = Totals.from_sentences(rows)
    parts = Totals.from_sentences(rows.take(slice(0, 1))) + Totals.from_sentences(rows.take(slice(1, 3)))
    assert whole == parts
    assert (whole.valid, whole.complete, whole.no_crossing, whole.le2_crossing) == (2, 1, 1, 2)
    cut = Totals.from_sentences(rows, rows.length <= 40)
    assert (cut.sentences, cut.error_sentences, cut.matched) == (2, 1, 4)
