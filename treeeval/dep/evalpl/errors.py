"""The last two sections of eval.pl's full report: specific errors and their local contexts.

A *specific error* is what goes wrong on a scoring token with a head or a label error: the
system head's offset from the gold head, on which side of the token (the *focus word*) each
head lies (``0`` for the root, ``e`` for the token itself), and the gold and system DEPRELs;
for example ``head two words after the correct head (before the focus word), correct
dependency``.  Errors are told apart by these three parts, so two errors may read the same
(``head is the focus word instead of 0`` for every head a gold root is given).  The
FREQUENT_ERRORS most frequent errors (with ties, more) each get a table of the contexts
they occur in.

A context is the CPOSTAG and the word of the token before, of the focus word and of the
token after (``.S``/``.E`` beyond the sentence), each of the six parts either kept or left out
(``*``), so every token gives 64 contexts, counted per error.  Then eval.pl walks the contexts
by descending count and deletes, for each context not yet deleted, those that leave out one
or two more parts and have the same count.  Among equal counts eval.pl walks in Perl's hash
order, so which contexts survive can change from one run of eval.pl to the next; here they
are walked in code-point order of eval.pl's keys (the six parts, ``*`` where left out, joined
by eval.pl's separator, the focus word before its CPOSTAG).  A table keeps the contexts whose
count reaches the CONTEXT_ROWS-th highest count, or, when that is under MIN_CONTEXT_COUNT, the
second highest (the highest is normally the context that leaves everything out, which is not
printed).  Contexts kept for two or more errors are listed again with those errors.

>>> from treeeval.dep.evalpl.scoring import read_evalpl
>>> import io
>>> gold = io.StringIO("1 a _ D _ _ 2 det\\n2 b _ N _ _ 0 root\\n\\n")
>>> system = io.StringIO("1 a _ D _ _ 2 amod\\n2 b _ N _ _ 0 root\\n\\n")
>>> corpus = read_evalpl(gold, system)
>>> [(error.description, error.count) for error in frequent_errors(corpus, corpus.scoring(False))]
[('correct head (after the focus word), dependency "amod" instead of "det"', 1)]
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ...arrays import BoolArray, Int32Array, IntArray, ObjectArray
from .scoring import FAR, EvalplCorpus, perl_difference

#: how many of the most frequent errors get a table (with ties, more)
FREQUENT_ERRORS = 10
#: the rank of the count a table's contexts must reach (with ties, more)
CONTEXT_ROWS = 8
#: when the CONTEXT_ROWS-th count is below this, the second highest count is the threshold
MIN_CONTEXT_COUNT = 5
#: eval.pl's separator of the parts of its keys (the four characters, not a control code)
SEPARATOR = "0x01"
WILDCARD = "*"
NUMBERS = {1: "one word", 2: "two words", 3: "three words", 4: "four words"}
SIDES = {"0": "0", "e": "the focus word", "a": "after the focus word",
         "b": "before the focus word"}
START, END = ".S", ".E"
#: the width of the rule under the section titles (eval.pl's, whatever the title's length)
TITLE_RULES = (41, 51)

#: a context: (CPOSTAG before, word before, focus word, focus CPOSTAG, CPOSTAG after, word
#: after), eval.pl's order, WILDCARD where a part is left out
Context = tuple[str, str, str, str, str, str]


@dataclass(frozen=True)
class SpecificError:
    """One kind of error: eval.pl's key parts, its description and how often it occurs."""

    head: str
    sides: str
    dependency: str
    count: int

    @property
    def key(self) -> str:
        return SEPARATOR.join((self.head, self.sides, self.dependency))

    @property
    def description(self) -> str:
        return describe(self.head, self.sides, self.dependency)


def _number_as_words(number: str) -> str:
    """eval.pl's words for the size of a head offset (Perl's ``abs`` of the number).

    >>> _number_as_words("-2"), _number_as_words("12"), _number_as_words("-1e+20")
    ('two words', '12 words', '1e+20 words')
    """
    size = number.lstrip("-")
    return NUMBERS.get(int(size) if size.isdigit() else 0, f"{size} words")


def describe(head: str, sides: str, dependency: str) -> str:
    """eval.pl's description of an error.

    ``head`` is ``-`` (right head), ``0`` (system head 0) or the system head minus the gold
    head; ``sides`` the gold and the system head's side of the focus word (``0``, ``e``,
    ``a``, ``b``); ``dependency`` ``-`` or ``GOLD->SYSTEM``.

    >>> describe("2", "ba", "-")[:60]
    'head two words after the correct head (after the focus word '
    >>> describe("2", "ba", "-")[60:]
    'instead ofafter the focus word), correct dependency'
    >>> describe("5", "0a", "root->nsubj")
    'head is the focus word instead of 0, dependency "nsubj" instead of "root"'
    """
    gold, system = tuple(sides)
    if head == "-":
        text = "correct head" + (f" ({SIDES[system]})" if system in SIDES else "")
    elif system == "0":
        text = "head = 0 instead of " + {"a": "after ", "b": "before "}.get(gold, "") + \
            "the focus word"
    elif gold == "0":
        text = "head is the focus word instead of 0"
    else:
        side = "before" if head.startswith("-") else "after"
        text = (f"head {_number_as_words(head)} {side} the "
                f"correct head ({SIDES[system]}"
                + (f" instead of{SIDES[system]}" if gold != system else "") + ")")
    if dependency == "-":
        return text + ", correct dependency"
    gold_label, _, system_label = dependency.rpartition("->")
    return text + f', dependency "{system_label}" instead of "{gold_label}"'


def _sides(text: ObjectArray, heads: IntArray, position: IntArray) -> NDArray[np.str_]:
    """eval.pl's side of each head: ``0`` (HEAD is ``0``), ``e`` (HEAD is the token's own
    number), else ``b`` (at or before) or ``a``."""
    own = position.astype(str).astype(object)
    return np.where(text == "0", "0", np.where(text == own, "e",
                                               np.where(heads <= position, "b", "a")))


def error_keys(corpus: EvalplCorpus, tokens: IntArray
               ) -> tuple[NDArray[np.str_], NDArray[np.str_], NDArray[np.str_]]:
    """(head, sides, dependency) of the error of each of ``tokens``."""
    position = corpus.position[tokens]
    gold_text, system_text = corpus.gold_head_text[tokens], corpus.system_head_text[tokens]
    system_sides = _sides(system_text, corpus.system_heads[tokens], position)
    sides = _sides(gold_text, corpus.gold_heads[tokens], position) + system_sides
    offset = (corpus.system_heads[tokens] - corpus.gold_heads[tokens]).astype(str).astype(object)
    far = np.flatnonzero((corpus.system_heads[tokens] == FAR) | (corpus.gold_heads[tokens] == FAR))
    offset[far] = [perl_difference(s, g) for s, g in zip(system_text[far], gold_text[far])]
    head = np.where(~corpus.head_errors[tokens], "-", np.where(system_sides == "0", "0", offset))
    dependency = np.where(corpus.label_errors[tokens],
                          corpus.gold_labels[tokens] + "->" + corpus.system_labels[tokens], "-")
    return head.astype(str), sides.astype(str), dependency.astype(str)


def error_tokens(corpus: EvalplCorpus, scoring: BoolArray) -> IntArray:
    """The scoring tokens with a head or a dependency error."""
    return np.flatnonzero(scoring & (corpus.head_errors | corpus.label_errors))


def _tally(corpus: EvalplCorpus, scoring: BoolArray) -> tuple[IntArray, list[SpecificError],
                                                              IntArray]:
    """(error tokens, the frequent errors in report order, each token's index among them or -1)."""
    tokens = error_tokens(corpus, scoring)
    keys = np.stack(error_keys(corpus, tokens), axis=1) if len(tokens) else np.zeros((0, 3), str)
    kinds, which, counts = np.unique(keys, axis=0, return_inverse=True, return_counts=True)
    which = which.reshape(-1)
    if not len(kinds):
        return tokens, [], which
    threshold = np.sort(counts)[::-1][min(FREQUENT_ERRORS, len(counts)) - 1]
    errors = [SpecificError(head, sides, dependency, count)
              for (head, sides, dependency), count in zip(kinds.tolist(), counts.tolist())]
    chosen = sorted((i for i in range(len(kinds)) if counts[i] >= threshold),
                    key=lambda i: (-errors[i].count, errors[i].description, errors[i].key))
    rank = np.full(len(kinds), -1)
    rank[chosen] = np.arange(len(chosen))
    return tokens, [errors[i] for i in chosen], rank[which]


def frequent_errors(corpus: EvalplCorpus, scoring: BoolArray) -> list[SpecificError]:
    """The errors whose count reaches the FREQUENT_ERRORS-th highest, most frequent first."""
    return _tally(corpus, scoring)[1]


def _features(corpus: EvalplCorpus, tokens: IntArray) -> list[NDArray[np.str_]]:
    """The six parts of the contexts of ``tokens``, in eval.pl's order (:data:`Context`)."""
    parts = {}
    for offset in (-1, 0, 1):
        position = corpus.position[tokens] + offset
        inside = (position >= 1) & (position <= corpus.sizes[corpus.sentence[tokens]])
        index = np.where(inside, tokens + offset, 0)
        edge = START if offset < 0 else END
        parts[offset] = (np.where(inside, corpus.cpostags[index], edge).astype(str),
                         np.where(inside, corpus.forms[index], edge).astype(str))
    return [parts[-1][0], parts[-1][1], parts[0][1], parts[0][0], parts[1][0], parts[1][1]]


def _context_counts(features: list[NDArray[np.str_]], error: IntArray, errors: int
                    ) -> list[tuple[Int32Array, IntArray, NDArray[np.str_]]]:
    """For each error: (its contexts as codes, their counts, the vocabulary of the codes).

    Every token counts once in each of its 64 contexts; a part that is ``*`` in the data is
    the wildcard itself, as in eval.pl's keys.
    """
    vocabulary, codes = np.unique(np.concatenate(features + [np.array([WILDCARD])]),
                                  return_inverse=True)
    codes = codes.reshape(-1).astype(np.int32)
    wildcard = int(codes[-1])
    columns = codes[:-1].reshape(6, -1).T
    masks = (np.arange(64)[:, None] >> np.arange(6)[None, :]) & 1
    every = np.where(masks[:, None, :].astype(bool), columns[None, :, :], wildcard)
    owner = np.broadcast_to(error.astype(np.int32), every.shape[:2])[..., None]
    keyed = np.concatenate([owner, every], axis=2).reshape(-1, 7)
    contexts, counts = np.unique(keyed, axis=0, return_counts=True)
    bounds = np.searchsorted(contexts[:, 0], np.arange(errors + 1))
    return [(contexts[bounds[e]:bounds[e + 1], 1:], counts[bounds[e]:bounds[e + 1]], vocabulary)
            for e in range(errors)]


def _generalisations(context: tuple[int, ...], wildcard: int) -> list[tuple[int, ...]]:
    """The contexts that leave out one or two more parts of ``context``."""
    kept = [i for i, part in enumerate(context) if part != wildcard]
    found = []
    for n, i in enumerate(kept):
        one = context[:i] + (wildcard,) + context[i + 1:]
        found.append(one)
        found += [one[:j] + (wildcard,) + one[j + 1:] for j in kept[n + 1:]]
    return found


def walk_contexts(contexts: list[tuple[int, ...]], wildcard: int) -> list[tuple[int, ...]]:
    """The contexts of one count that survive eval.pl's deletion walk, in walking order: each
    context still there deletes its generalisations by one or two parts of the same count."""
    alive = set(contexts)
    for context in contexts:
        if context in alive:
            alive.difference_update(_generalisations(context, wildcard))
    return [context for context in contexts if context in alive]


def error_contexts(contexts: Int32Array, counts: IntArray,
                   vocabulary: NDArray[np.str_]) -> list[tuple[Context, int]]:
    """The contexts one error's table keeps, with their counts, most frequent first (the
    context that leaves everything out included).

    Counts are walked from the highest down, and only as far as the threshold can still
    reach: the CONTEXT_ROWS-th highest surviving count if it is at least MIN_CONTEXT_COUNT,
    else the second highest (no threshold when one context survives).
    """
    wildcard = int(np.searchsorted(vocabulary, WILDCARD))
    text = vocabulary.tolist()
    kept: list[tuple[Context, int]] = []
    threshold = None
    for count in np.unique(counts)[::-1].tolist():
        if threshold is not None and count < threshold:
            break
        group = sorted((tuple(row) for row in contexts[counts == count].tolist()),
                       key=lambda row: SEPARATOR.join(text[part] for part in row))
        kept += [(tuple(text[part] for part in row), count)
                 for row in walk_contexts(group, wildcard)]
        if len(kept) >= CONTEXT_ROWS:
            eighth = kept[CONTEXT_ROWS - 1][1]
            threshold = eighth if eighth >= MIN_CONTEXT_COUNT else kept[1][1]
    if threshold is None and len(kept) >= 2:
        threshold = kept[1][1]
    return [(context, n) for context, n in kept if threshold is None or n >= threshold]


def uni_len(text: str) -> int:
    """The length of ``text`` without its non-spacing marks (category Mn), as eval.pl measures."""
    return sum(unicodedata.category(ch) != "Mn" for ch in text)


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))


def _display(context: Context) -> list[str]:
    """The six cells of a context in column order (CPOSTAG before word), ``*`` as a space
    (eval.pl blanks every ``*``, in words too)."""
    cells = [context[0], context[1], context[3], context[2], context[4], context[5]]
    return [cell.replace(WILDCARD, " ") for cell in cells]


def _widths(contexts: list[Context], focus_tag_width: int) -> list[int]:
    """The widths of the six columns: the longest before/after CPOSTAG (in bytes), the
    longest word of each word column (without non-spacing marks), at least 4; the focus
    CPOSTAG column is as wide as the longest CPOSTAG of any scoring token."""
    tag = max([4, *(_bytes(c[i]) for c in contexts for i in (0, 4))])
    before, focus, after = (max([4, *(uni_len(c[i]) for c in contexts)]) for i in (1, 2, 5))
    return [tag, before, focus_tag_width, focus, tag, after]


def _cells(context: Context, widths: list[int]) -> str:
    """The six cells of a context row, padded, without the count column."""
    cells = [text + " " * (width - (uni_len(text) if i % 2 else _bytes(text)))
             for i, (text, width) in enumerate(zip(_display(context), widths))]
    return "  " + " | ".join(cells) + " "


def _frame(widths: list[int], count: bool) -> tuple[str, str]:
    """The rule and the two heading lines of a context table (with or without counts)."""
    rule = "  " + "-+-".join("-" * w for w in widths) + ("-+------" if count else "-") + "\n"
    titles = [("  Before", widths[0] + widths[1] + 3), ("   Focus", widths[2] + widths[3] + 3),
              ("  After", widths[4] + widths[5] + 3)]
    first = "  " + " | ".join(title.ljust(width) for title, width in titles)
    second = "  " + " | ".join("CPOS".ljust(widths[i]) + "   " + "word".ljust(widths[i + 1])
                               for i in (0, 2, 4))
    end = (" | Count\n", " |\n") if count else (" \n", " \n")
    return rule, first + end[0] + second + end[1]


def specific_errors(corpus: EvalplCorpus, scoring: BoolArray) -> str:
    """The "Specific errors" and "Local contexts involved in several frequent errors" sections."""
    tokens, errors, rank = _tally(corpus, scoring)
    frequent = rank >= 0
    counted = _context_counts(_features(corpus, tokens[frequent]), rank[frequent], len(errors))
    tables = [error_contexts(*parts) for parts in counted]
    tags = corpus.cpostags[scoring].astype(str)
    focus_tag_width = max([4, *(_bytes(tag) for tag in np.unique(tags).tolist())])
    widths = _widths([context for table in tables for context, _ in table], focus_tag_width)
    everything = (WILDCARD,) * 6
    rule, heading = _frame(widths, count=True)
    lines = [f"\n\n  Specific errors, {len(errors)} most frequent errors:\n"
             f"  {'=' * TITLE_RULES[0]}\n"]
    for number, (error, table) in enumerate(zip(errors, tables), start=1):
        lines += [f"\n  {number:2d}. {error.description} : {error.count} times\n", rule,
                  heading, rule]
        lines += [f"{_cells(context, widths)}| {n:3d}\n" for context, n in table
                  if context != everything]
        lines.append(rule)
    return "".join(lines) + _local_contexts(errors, tables, widths)


def _local_contexts(errors: list[SpecificError], tables: list[list[tuple[Context, int]]],
                    widths: list[int]) -> str:
    """The contexts kept for two or more errors, those with most errors first."""
    involved: dict[Context, list[tuple[int, int]]] = {}
    for number, table in enumerate(tables, start=1):
        for context, count in table:
            if context != (WILDCARD,) * 6:
                involved.setdefault(context, []).append((number, count))
    shared = sorted(((c, e) for c, e in involved.items() if len(e) > 1),
                    key=lambda item: (-len(item[1]), SEPARATOR.join(item[0])))
    rule, heading = _frame(widths, count=False)
    lines = ["\n\n  Local contexts involved in several frequent errors:\n"
             f"  {'=' * TITLE_RULES[1]}\n\n\n"]
    for context, numbers in shared:
        lines += [rule, heading, rule, _cells(context, widths) + "\n", rule]
        lines += [f"  {number:2d}. {errors[number - 1].description} : {count} times\n"
                  for number, count in sorted(numbers, key=lambda nc: (-nc[1], nc[0]))]
        lines.append("\n")
    return "".join(lines)
