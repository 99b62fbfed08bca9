"""EVALB's text report, byte for byte: header, per-sentence lines, total line, summary.

>>> from treeeval.bracket.totals import Totals
>>> print(total_line(Totals()).decode(), end="")
      0     0     0.00
>>> print(summary_block(Totals(sentences=1, skip_sentences=1), "All").decode().splitlines()[8])
Bracketing FMeasure       =   -nan
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .totals import Totals

if TYPE_CHECKING:
    from .counts import SentenceCounts

HEADER = (
    b"  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
    b" ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
    b"============================================================================\n"
)
SEPARATOR = b"============================================================================\n"


def _percent(numerator: int, denominator: int) -> float:
    return 100.0 * numerator / denominator if denominator else 0.0


def sentence_line(line: int, length: int, status: int, matched: int, gold: int, test: int,
                  crossing: int, words: int, correct: int) -> bytes:
    """One row of the per-sentence table, as EVALB's printf writes it."""
    return b"%4d  %3d    %d  %6.2f %6.2f   %3d    %3d  %3d    %3d   %4d  %4d   %6.2f\n" % (
        line, length, status, _percent(matched, gold), _percent(matched, test),
        matched, gold, test, crossing, words, correct, _percent(correct, words),
    )


def sentence_lines(rows: SentenceCounts) -> bytes:
    """All rows of a block of sentences, formatted at once (see lines.py, which imports
    numpy: this module does not, for the sequential path's rows)."""
    from .lines import format_sentence_lines

    return format_sentence_lines(
        rows.line, rows.length, rows.status, rows.matched, rows.gold, rows.test,
        rows.crossing, rows.words, rows.correct,
    )


def total_line(totals: Totals) -> bytes:
    """The line under the table; the bracket part only when both bracket totals are > 0."""
    text = b""
    if totals.gold > 0 and totals.test > 0:
        text = b"                %6.2f %6.2f %6d %5d %5d  %5d" % (
            totals.recall(), totals.precision(), totals.matched, totals.gold, totals.test,
            totals.crossing,
        )
    return text + b"  %5d %5d   %6.2f\n" % (totals.words, totals.correct, totals.tagging_accuracy())


def _float(value: float) -> bytes:
    # x86-64 glibc prints the default NaN of 0.0/0.0 with its sign bit: "-nan"
    return b"  -nan" if math.isnan(value) else b"%6.2f" % value


def summary_block(totals: Totals, title: str) -> bytes:
    """One ``-- title --`` block of the summary."""
    return b"".join([
        b"\n-- %s --\n" % title.encode(),
        b"Number of sentence        = %6d\n" % totals.sentences,
        b"Number of Error sentence  = %6d\n" % totals.error_sentences,
        b"Number of Skip  sentence  = %6d\n" % totals.skip_sentences,
        b"Number of Valid sentence  = %6d\n" % totals.valid,
        b"Bracketing Recall         = %s\n" % _float(totals.recall()),
        b"Bracketing Precision      = %s\n" % _float(totals.precision()),
        b"Bracketing FMeasure       = %s\n" % _float(totals.fmeasure()),
        b"Complete match            = %s\n" % _float(totals.complete_match()),
        b"Average crossing          = %s\n" % _float(totals.average_crossing()),
        b"No crossing               = %s\n" % _float(totals.no_crossing_rate()),
        b"2 or less crossing        = %s\n" % _float(totals.le2_crossing_rate()),
        b"Tagging accuracy          = %s\n" % _float(totals.tagging_accuracy()),
    ])


def summary(all_totals: Totals, cut_totals: Totals, cutoff_len: int,
            title: bytes = b"=== Summary ===\n") -> bytes:
    """Everything EVALB prints after the per-sentence table (evalb_spmrl -V titles it
    otherwise)."""
    return b"".join([
        SEPARATOR,
        total_line(all_totals),
        title,
        summary_block(all_totals, "All"),
        summary_block(cut_totals, f"len<={cutoff_len:d}"),
    ])


def report(sentences: SentenceCounts, all_totals: Totals, cut_totals: Totals, cutoff_len: int,
           killed: bool) -> bytes:
    """EVALB's whole standard output for scored sentences (a run MAX_ERROR killed has no
    summary): what ``treeeval.metrics.Brackets.report`` gives a training loop to keep.

    >>> from treeeval.bracket.counts import SentenceCounts
    >>> rows = SentenceCounts.from_rows([(1, 2, 0, 3, 3, 3, 0, 2, 2)])
    >>> text = report(rows, Totals.from_sentences(rows), Totals.from_sentences(rows), 40, False)
    >>> text.decode().splitlines()[3], text.decode().splitlines()[-6]
    ('   1    2    0  100.00 100.00     3      3    3      0      2     2   100.00', \
'Bracketing FMeasure       = 100.00')
    """
    return b"".join([HEADER, sentence_lines(sentences),
                     b"" if killed else summary(all_totals, cut_totals, cutoff_len)])
