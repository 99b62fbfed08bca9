"""``treeeval bracket --align``: the line pairs EVALB rejects for their words, scored
through the characters (docs/bracket.md, "Different tokens: --align").

A line pair EVALB scores is scored as EVALB scores it.  A pair it rejects for its words
(``Length unmatch``, ``Words unmatch``, and nothing else on the line) is scored here when
both trees have the same text: the words of their terminals in order, ``-NONE-``
terminals left out, each word normalised by :data:`ESCAPES` and concatenated without
white space.  Every terminal gets a span of characters of that text, every bracket EVALB
counts the span from the first character of its first kept terminal to the last of its
last, and the brackets, the crossing brackets and the tags are EVALB's, computed on
these spans.  Two texts that differ make the line an Error sentence, with the message
``Text unmatch at character N (gold '...' | test '...')``.

Everything runs in numpy over the rejected lines of a block: the lines are scanned as
the fast path scans them (``kernel/sides.py``), the words normalised in one
``bytes.replace`` per escape over the whole block, and the spans compared with sorted
merges.

>>> from treeeval.bracket.params import EvalbParams
>>> gold = [b"(S (NP (NNP New) (NNP York)) (VP (VBZ grows)))"]
>>> test = [b"(S (NP (NNP NewYork)) (VP (VBZ grows)))"]
>>> aligned = align_lines(gold, test, EvalbParams())
>>> aligned.rows.matched.tolist(), aligned.rows.gold.tolist(), aligned.rows.correct.tolist()
([3], [3], [1])
>>> aligned = align_lines(gold, [b"(S (NNP New) (VB Yolk))"], EvalbParams())
>>> aligned.messages
{0: b"Text unmatch at character 5 (gold 'NewYorkgro' | test 'NewYolk')"}
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..arrays import BoolArray, ByteArray, IntArray
from ..columnar.spans import equal_spans
from ..columnar.words import gather
from .counts import SentenceCounts
from .kernel.chunk_scores import SideBrackets
from .kernel.crossing import crossing_any
from .kernel.label_tables import U64, LabelTables
from .kernel.sides import Side, bounds, scan_sides
from .params import EvalbParams
from .totals import EvalbStatus

#: the PTB escapes and quotes a word's text is normalised by, replaced in this order
#: (the longer quotes first): both spellings of a bracket or a quote align
ESCAPES: tuple[tuple[bytes, bytes], ...] = (
    (b"-LRB-", b"("), (b"-RRB-", b")"), (b"-LCB-", b"{"), (b"-RCB-", b"}"),
    (b"-LSB-", b"["), (b"-RSB-", b"]"), (b"``", b'"'), (b"''", b'"'), (b"`", b"'"))
#: the tag of the terminals that are not text (empty elements)
EMPTY_TAG = b"-NONE-"
#: EVALB's messages for a line rejected for its words
REJECTIONS = (b"Length unmatch (", b"Words unmatch (")
#: characters of context either side of the first difference in a Text unmatch message
CONTEXT = 5


def normalise(word: bytes) -> bytes:
    """A word's text as ``--align`` compares it.

    >>> normalise(b"-LRB-"), normalise(b"``Hi''"), normalise(b"`s")
    (b'(', b'"Hi"', b"'s")
    """
    for escape, character in ESCAPES:
        word = word.replace(escape, character)
    return word


def rejected_for_words(messages: list[bytes], forever: bool) -> bool:
    """Whether EVALB's messages on a line say it was rejected for its words alone: the
    lines ``--align`` scores.

    >>> rejected_for_words([b"Length unmatch (3|4)"], False)
    True
    >>> rejected_for_words([b"Bracketing unbalance (too many close bracket)",
    ...                     b"Length unmatch (3|4)"], False)
    False
    """
    return not forever and len(messages) == 1 and messages[0].startswith(REJECTIONS)


@dataclass
class TextSide:
    """One side's terminals as ``--align`` sees them: each terminal's span of characters
    in its line's normalised text (``end`` exclusive; empty for ``-NONE-``), and the
    texts of the lines (``chars``, lines given by ``line_chars``)."""

    start: IntArray
    end: IntArray
    chars: ByteArray
    line_chars: IntArray


@dataclass
class AlignedLines:
    """The rows of the lines given to :func:`align_lines` (in their order), with
    ``messages``: the Text unmatch message of each line (by its position) whose texts
    differ; ``unread`` marks the lines left to EVALB (a side outside the strict grammar
    of ``formats/scan.py``).  ``gold``/``test``: the brackets behind the rows (spans in
    each side's own kept words, as EVALB counts them), labels indexing ``labels``."""

    rows: SentenceCounts
    messages: dict[int, bytes]
    unread: BoolArray
    labels: list[bytes]
    gold: SideBrackets
    test: SideBrackets


def align_lines(gold_lines: list[bytes], test_lines: list[bytes],
                params: EvalbParams) -> AlignedLines:
    """Score line pairs EVALB rejected for their words, through their characters.

    ``params`` must have EQ_LABEL pairs that form classes (``label_classes``).
    """
    tables, gold, test, gold_text, test_text = _scan(gold_lines, test_lines, params)
    n = gold.n_lines
    read = gold.scanned.line_ok & test.scanned.line_ok
    messages = _unmatched(gold_text, test_text, read)
    same = read & ~np.isin(np.arange(n), list(messages))

    rows = SentenceCounts(np.arange(n), *(np.zeros(n, dtype=np.int64) for _ in range(8)))
    rows.status[:] = EvalbStatus.ERROR
    rows.status[same] = EvalbStatus.SCORED
    rows.length[:] = gold.length
    rows.gold[same], rows.test[same] = gold.n_brackets[same], test.n_brackets[same]
    rows.words[same] = gold.n_kept[same]
    # one axis of characters for both sides: line l's text starts at base[l] (gold's
    # offsets; the texts are equal), one apart from the line before
    base = bounds(np.where(same, gold_text.line_chars + 1, 0))[:-1]
    g_start, g_end = _on_axis(gold, gold_text, base)
    t_start, t_end = _on_axis(test, test_text, base)

    g_words = _words(gold, same, g_start, g_end)
    t_words = _words(test, same, t_start, t_end)
    partner = equal_spans(g_start[g_words], g_end[g_words], t_start[t_words], t_end[t_words])
    aligned = partner >= 0
    right = gold.tag_classes[g_words[aligned]] == test.tag_classes[t_words[partner[aligned]]]
    rows.correct += np.bincount(gold.scanned.term_line[g_words[aligned]][right], minlength=n)

    gb, tb = gold.scored_brackets(same), test.scored_brackets(same)
    g_span = _bracket_spans(gold, gb, g_start, g_end)
    t_span = _bracket_spans(test, tb, t_start, t_end)
    labeled = params.labeled != 0
    g_label = gold.labels[gb] if labeled else np.zeros(len(gb), dtype=np.int64)
    t_label = test.labels[tb] if labeled else np.zeros(len(tb), dtype=np.int64)
    g_span, t_span = _ranked(g_span, t_span)
    ranks = int(max(g_span[1].max(initial=0), t_span[1].max(initial=0))) + 1
    labels = int(max(g_label.max(initial=0), t_label.max(initial=0))) + 1
    g_matched, t_matched = _matched(_keys(*g_span, g_label, ranks, labels),
                                    _keys(*t_span, t_label, ranks, labels))
    t_crossing = crossing_any(*g_span, *t_span)
    g_crossing = crossing_any(*t_span, *g_span)
    t_line = test.scanned.br_line[tb]
    rows.matched += np.bincount(t_line[t_matched], minlength=n)
    rows.crossing += np.bincount(t_line[t_crossing], minlength=n)

    keys = np.concatenate([gold.label_keys[gb], test.label_keys[tb]])
    unique, codes = np.unique(keys, return_inverse=True)
    sides = [SideBrackets(side.scanned.br_line[b], b - side.br_bounds[side.scanned.br_line[b]],
                          code, side.br_start[b].astype(np.int64),
                          side.br_end[b].astype(np.int64), matched, crossing)
             for side, b, code, matched, crossing in (
                 (gold, gb, codes[:len(gb)], g_matched, g_crossing),
                 (test, tb, codes[len(gb):], t_matched, t_crossing))]
    return AlignedLines(rows, messages, ~read, tables.texts(unique), *sides)


def word_regions(gold_line: bytes, test_line: bytes,
                 params: EvalbParams) -> list[tuple[list[bytes], list[bytes]]] | None:
    """How the words of a line pair align: the shortest stretches of text that start and
    end on a boundary of words on both sides, each with its gold and its test words (a
    ``-NONE-`` word goes with the stretch it stands in); None when the texts differ or a
    line is outside the strict grammar.

    >>> word_regions(b"(S (NNP New) (NNP York) (VBZ grows) (. .))",
    ...              b"(S (NNP NewYork) (VBZ grows.))", EvalbParams())
    [([b'New', b'York'], [b'NewYork']), ([b'grows', b'.'], [b'grows.'])]
    """
    _, gold, test, gold_text, test_text = _scan([gold_line], [test_line], params)
    if not (gold.scanned.line_ok & test.scanned.line_ok).all() or (
            gold_text.chars.tobytes() != test_text.chars.tobytes()) or not len(gold_text.chars):
        return None
    cuts = np.intersect1d(gold_text.end, test_text.end)
    regions: list[tuple[list[bytes], list[bytes]]] = [([], []) for _ in cuts]
    for k, (side, text) in enumerate(((gold, gold_text), (test, test_text))):
        region = np.minimum(np.searchsorted(cuts, text.end), len(cuts) - 1)
        for where, start, end in zip(region.tolist(), side.word_start.tolist(),
                                     (side.word_start + side.word_length).tolist()):
            regions[where][k].append(side.scanned.text(start, end))
    return regions


def _scan(gold_lines: list[bytes], test_lines: list[bytes], params: EvalbParams
          ) -> tuple[LabelTables, Side, Side, TextSide, TextSide]:
    """Both sides' lines scanned as the fast path scans them, and their texts."""
    classes = params.label_classes()
    if classes is None:
        raise ValueError("--align needs EQ_LABEL pairs that form classes")
    tables = LabelTables(params, classes)
    gold, test = scan_sides(memoryview(b"\n".join(gold_lines) + b"\n"),
                            memoryview(b"\n".join(test_lines) + b"\n"), tables)
    none_key = U64(tables.key(EMPTY_TAG))
    gold_text, test_text = (_text(side, side.tag_keys != none_key) for side in (gold, test))
    return tables, gold, test, gold_text, test_text


def _text(side: Side, has_text: BoolArray) -> TextSide:
    """The normalised text of each line of ``side`` and each terminal's span in it."""
    scanned = side.scanned
    starts, lengths = side.word_start[has_text], side.word_length[has_text]
    # each word and the byte after it (its ')'), made a space: one separator per word
    taken = gather(scanned.buffer, starts, starts + lengths + 1)
    ends = np.cumsum(lengths + 1) - 1
    taken[ends] = ord(" ")
    text = taken.tobytes()
    for escape, character in ESCAPES:
        text = text.replace(escape, character)
    normal = np.frombuffer(text, dtype=np.uint8)
    spaces = np.flatnonzero(normal == ord(" "))
    length = np.zeros(len(has_text), dtype=np.int64)
    length[has_text] = np.diff(spaces, prepend=-1) - 1
    chars = normal[normal != ord(" ")]
    before = np.concatenate([[0], np.cumsum(length)])
    first = before[side.term_bounds]
    start = before[:-1] - first[:-1].repeat(side.terms)
    return TextSide(start, start + length, chars, np.diff(first))


def _unmatched(gold: TextSide, test: TextSide, read: BoolArray) -> dict[int, bytes]:
    """The Text unmatch message of each line read on both sides whose texts differ."""
    g_first, t_first = bounds(gold.line_chars), bounds(test.line_chars)
    shorter = np.where(read, np.minimum(gold.line_chars, test.line_chars), 0)
    line = np.arange(len(read)).repeat(shorter)
    offset = np.arange(int(shorter.sum())) - bounds(shorter)[:-1].repeat(shorter)
    differ = gold.chars[g_first[line] + offset] != test.chars[t_first[line] + offset]
    first = np.where(read & (gold.line_chars != test.line_chars), shorter, -1)
    lines, where = np.unique(line[differ], return_index=True)
    first[lines] = offset[differ][where]
    messages = {}
    for index in np.flatnonzero(first >= 0).tolist():
        at = int(first[index])
        gold_text = gold.chars[g_first[index]:g_first[index + 1]].tobytes()
        test_text = test.chars[t_first[index]:t_first[index + 1]].tobytes()
        window = slice(max(0, at - CONTEXT), at + CONTEXT)
        messages[index] = b"Text unmatch at character %d (gold '%s' | test '%s')" % (
            at, gold_text[window], test_text[window])
    return messages


def _on_axis(side: Side, text: TextSide, base: IntArray) -> tuple[IntArray, IntArray]:
    """Each terminal's span on the axis shared by the lines (``base``: each line's start)."""
    shift = base.repeat(side.terms)
    return text.start + shift, text.end + shift


def _words(side: Side, lines: BoolArray, start: IntArray, end: IntArray) -> IntArray:
    """The kept terminals of ``lines`` that have characters (in order: increasing starts)."""
    kept = side.kept_terminals(lines)
    return kept[end[kept] > start[kept]]


def _bracket_spans(side: Side, brackets: IntArray, start: IntArray,
                   end: IntArray) -> tuple[IntArray, IntArray]:
    """Each counted bracket's span of characters: from the start of its first kept
    terminal to the end of its last."""
    kept = np.flatnonzero(side.kept)
    line = side.scanned.br_line[brackets]
    kept_before = np.zeros(len(side.kept) + 1, dtype=np.int64)
    np.cumsum(side.kept, out=kept_before[1:])
    first = kept_before[side.term_bounds[line]]
    return (start[kept[first + side.br_start[brackets]]],
            end[kept[first + side.br_end[brackets] - 1]])


def _ranked(gold: tuple[IntArray, IntArray],
           test: tuple[IntArray, IntArray]) -> tuple[tuple[IntArray, IntArray], tuple[IntArray, IntArray]]:
    """The brackets' spans with each offset replaced by its rank among all their offsets:
    the same order (so the same matching and crossing), on an axis no longer than twice
    the brackets (``crossing_any`` tables its axis).

    >>> _ranked((np.array([0, 10]), np.array([40, 20])), (np.array([10]), np.array([40])))
    ((array([0, 1]), array([3, 2])), (array([1]), array([3])))
    """
    offsets = np.concatenate([*gold, *test])
    _, ranks = np.unique(offsets, return_inverse=True)
    ranks = ranks.reshape(-1).astype(np.int64)
    cuts = np.cumsum([len(gold[0]), len(gold[1]), len(test[0])])
    g_start, g_end, t_start, t_end = np.split(ranks, cuts)
    return (g_start, g_end), (t_start, t_end)


def _keys(start: IntArray, end: IntArray, label: IntArray, ranks: int, labels: int) -> IntArray:
    """(start, end, label) as one number: starts and ends are ranks below ``ranks``, labels
    below ``labels`` (a block's ranks, two per bracket at most, take far fewer than the
    27 bits each that 63 bits leave beside 2**9 label classes).

    >>> _keys(np.array([2]), np.array([3]), np.array([1]), 4, 2).tolist()
    [77]
    """
    label_bits, rank_bits = labels.bit_length(), ranks.bit_length()
    return (start << (rank_bits + label_bits)) | (end << label_bits) | label


def _matched(gold: IntArray, test: IntArray) -> tuple[BoolArray, BoolArray]:
    """EVALB's matching on the brackets' keys: the multiset intersection.  On each side the
    first brackets of a key, in reading order, up to the other side's number.

    >>> [m.tolist() for m in _matched(np.array([5, 7, 5]), np.array([5, 5, 5, 8]))]
    [[True, False, True], [True, True, False, False]]
    """
    size = len(gold)
    _, group = np.unique(np.concatenate([gold, test]), return_inverse=True)
    group = group.reshape(-1)
    groups = int(group.max(initial=-1)) + 1
    counts = [np.bincount(group[:size], minlength=groups),
              np.bincount(group[size:], minlength=groups)]
    matched = []
    for own, other in ((group[:size], counts[1]), (group[size:], counts[0])):
        order = np.argsort(own, kind="stable")
        rank = np.empty(len(own), dtype=np.int64)
        rank[order] = np.arange(len(own)) - np.searchsorted(own[order], own[order])
        matched.append(rank < other[own])
    return matched[0], matched[1]
