"""Lin's scores: the error count of procedure (7), his side-by-side tables, phrase scores.

The error count of an answer is the number of words whose head differs from the key's.
Exactly as procedure (7) has it, a word whose head is unknown (``?``) in the key is not
counted, and an unknown head in the answer is an error wherever the key knows the head.
Heads are compared as word numbers, which is what Lin's comparison of position and head
word amounts to when both trees have the same words; relationships are not compared.

The phrase-level scores of section 2 treat the phrase boundaries of a tree as a set of
word intervals ``[i, j]``: recall is ``|A & K| / |K|``, precision ``|A & K| / |A|``, and
crossing counts the answer's boundaries that cross some boundary of the key
(``i < i' <= j < j'`` either way round), which is how Lin counts the three crossings of
(3b) and as EVALB counts them.

>>> from treeeval.lin.notation import parse_tuples
>>> key, answer = parse_tuples("Rain N < fell\\nfell V *\\n\\nRain N ?\\nfell V *\\n")
>>> error_count(key, answer)
1
>>> print(side_by_side(key, answer))
Key            Answer    error
Rain N < fell  Rain N ?  yes
fell V *       fell V *
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from nltk import Tree

from ..arrays import IntArray
from ..errors import InputError
from ..model.dependencies import UNKNOWN_HEAD, DependencySentence
from ..wording import counted
from .notation import tuple_rows

Span = tuple[int, int]


class LinMismatchError(InputError):
    """Key and answer that cannot be compared word by word."""


def word_errors(key: DependencySentence, answer: DependencySentence) -> list[bool]:
    """Per word, whether procedure (7) counts it as an error."""
    if len(key) != len(answer):
        raise LinMismatchError(
            f"the key has {counted(len(key), 'word')} and the answer {len(answer)} "
            f"(answer sentence at line {answer.line})", line=key.line or None)
    return [k != UNKNOWN_HEAD and k != a for k, a in zip(key.heads, answer.heads)]


def error_count(key: DependencySentence, answer: DependencySentence) -> int:
    """Lin's error count of ``answer`` against ``key`` (procedure (7))."""
    return sum(word_errors(key, answer))


def side_by_side(key: DependencySentence, answer: DependencySentence) -> str:
    """The key's and the answer's tuples next to each other with an error column, as (5c)."""
    errors = word_errors(key, answer)
    halves = [_aligned(tuple_rows(key)), _aligned(tuple_rows(answer))]
    width = [max(len("Answer"), *(len(line) for line in half)) for half in halves]
    lines = [f"{'Key':<{width[0]}}  {'Answer':<{width[1]}}  error"]
    for left, right, wrong in zip(*halves, errors):
        lines.append(f"{left:<{width[0]}}  {right:<{width[1]}}  {'yes' if wrong else ''}".rstrip())
    return "\n".join(lines)


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    return [" ".join(f"{field:<{width}}" for field, width in zip(row, widths)).rstrip()
            for row in rows]


@dataclass(frozen=True)
class PhraseScores:
    """Phrase boundaries matched, in the key and in the answer, and crossing brackets;
    recall and precision are exact fractions, None where undefined (no key phrase, no
    answer phrase: :mod:`treeeval.stats.rates`).

    >>> PhraseScores(0, 0, 1, 0).recall, PhraseScores(0, 0, 1, 0).precision
    (None, Fraction(0, 1))
    """

    matched: int
    key: int
    answer: int
    crossing: int

    @property
    def recall(self) -> Fraction | None:
        return Fraction(self.matched, self.key) if self.key else None

    @property
    def precision(self) -> Fraction | None:
        return Fraction(self.matched, self.answer) if self.answer else None

    def __add__(self, other: PhraseScores) -> PhraseScores:
        return PhraseScores(self.matched + other.matched, self.key + other.key,
                            self.answer + other.answer, self.crossing + other.crossing)


def phrase_spans(tree: Tree) -> set[Span]:
    """The phrase boundaries ``[i, j]`` of a tree, words numbered from 0.

    Preterminals (a tag over one word) are words, not phrases; ``-NONE-`` elements and the
    phrases they leave empty are dropped first.

    >>> sorted(phrase_spans(Tree.fromstring("(S (NP (PRP They)) (VP (VBD came) (-NONE- *)))")))
    [(0, 0), (0, 1), (1, 1)]
    """
    spans: set[Span] = set()
    position = 0  # the words met so far
    # a walk with a stack (any depth): a phrase pushes the position where it starts, popped
    # once its children (pushed after it) are done
    stack: list[Tree | str | int] = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item, int):
            if position > item:
                spans.add((item, position - 1))
        elif isinstance(item, str):
            position += 1
        elif len(item) == 1 and isinstance(item[0], str):
            position += item.label() != "-NONE-"
        else:
            stack.append(position)
            stack.extend(reversed(item))
    return spans


def phrase_scores(key: set[Span], answer: set[Span]) -> PhraseScores:
    """Section 2's scores of the answer's boundaries against the key's.

    >>> score = phrase_scores({(0, 2), (1, 1), (1, 2)}, {(0, 2), (1, 1), (0, 1), (2, 2)})
    >>> score.precision, score.recall, score.crossing
    (Fraction(1, 2), Fraction(2, 3), 1)
    """
    return PhraseScores(len(key & answer), len(key), len(answer), _crossing(key, answer))


def _crossing(key: set[Span], answer: set[Span]) -> int:
    """How many answer spans ``[i, j]`` cross some key span ``[k, l]``: ``i < k <= j < l``
    (a key span starting inside ends after) or ``k < i <= l < j`` (one ending inside
    started before), found with range maxima over the key's spans, not pair by pair.

    >>> _crossing({(0, 1), (2, 3)}, {(1, 2), (0, 3), (3, 3)})
    1
    """
    if not key or not answer:
        return 0
    spans, given = np.array(sorted(key)), np.array(sorted(answer))
    size = int(max(spans.max(), given.max())) + 1
    latest_end = np.full(size, -1)  # by start: the latest end of a key span starting there
    np.maximum.at(latest_end, spans[:, 0], spans[:, 1])
    earliest_start = np.full(size, size)  # by end: the earliest start of one ending there
    np.minimum.at(earliest_start, spans[:, 1], spans[:, 0])
    starts, ends = given[:, 0], given[:, 1]
    right = _range_max(latest_end, starts + 1, ends) > ends
    left = _range_max(-earliest_start, starts, ends - 1) > -starts
    return int(np.count_nonzero(right | left))


def _range_max(values: IntArray, low: IntArray, high: IntArray) -> IntArray:
    """``max(values[low:high + 1])`` for each pair, with a sparse table; the int64 minimum
    where ``low > high``.

    >>> _range_max(np.array([3, 1, 4, 1, 5]), np.array([0, 1, 3, 2]), np.array([1, 3, 3, 1]))
    array([                   3,                    4,                    1,
           -9223372036854775808])
    """
    smallest = np.iinfo(np.int64).min
    table = [values.astype(np.int64)]
    width = 1
    while 2 * width <= len(values):
        previous = table[-1]
        table.append(np.maximum(previous[:-width], previous[width:]))
        width *= 2
    padded = np.full((len(table), len(values)), smallest, dtype=np.int64)
    for level, row in enumerate(table):
        padded[level, :len(row)] = row
    result = np.full(len(low), smallest, dtype=np.int64)
    some = low <= high
    low, high = low[some], high[some]
    level = np.frexp(high - low + 1)[1] - 1  # floor(log2(length))
    result[some] = np.maximum(padded[level, low], padded[level, high - (1 << level) + 1])
    return result
