"""The last two sections of eval.pl's full report: specific errors and their local contexts.

A *specific error* is a token's error described by where its system head lies relative to
the gold head and to the token (the *focus word*) and by its system and gold DEPRELs, for
example ``head two words after the correct head (before the focus word), correct
dependency``.  Tokens whose gold head is 0 are left out: eval.pl never counts their head
errors (its reports never show one with a label error only, so those are left out too).  The
FREQUENT_ERRORS most frequent errors (with ties, more) each get a table of the contexts
they occur in: the CPOSTAG and the word of the token before, of the focus word and of the
token after, every combination of them, counted over the error's tokens.  A context is
dropped when a more specific context has the same count; then a table keeps the contexts
whose count reaches the CONTEXT_ROWS-th highest count below the error's own count, or, when
that count is under MIN_CONTEXT_COUNT, only the contexts with the highest count.  Contexts
kept for two or more errors are then listed with those errors.

Ties are in code-point order (eval.pl leaves them in Perl's hash order).

>>> from treeeval.dep.evalpl import read_evalpl
>>> import io
>>> gold = io.StringIO("1 a _ D _ _ 2 det\\n2 b _ N _ _ 0 root\\n\\n")
>>> system = io.StringIO("1 a _ D _ _ 2 amod\\n2 b _ N _ _ 0 root\\n\\n")
>>> corpus = read_evalpl(gold, system)
>>> frequent_errors(corpus, corpus.scoring(False))
[('correct head (after the focus word), dependency "amod" instead of "det"', 1)]
"""

from __future__ import annotations

import itertools
import unicodedata

import numpy as np

from .evalpl import EvalplCorpus

#: how many of the most frequent errors get a table (with ties, more)
FREQUENT_ERRORS = 10
#: how many contexts a table keeps (with ties, more), counts equal to the error's apart
CONTEXT_ROWS = 7
#: below this count, a table keeps only its most frequent contexts
MIN_CONTEXT_COUNT = 5
NUMBERS = {1: "one word", 2: "two words", 3: "three words", 4: "four words"}
START, END = ".S", ".E"
#: which of (before, focus, after) a context uses: 0 nothing, 1 the CPOSTAG, 2 both
TEMPLATES = [t for t in itertools.product((0, 1, 2), repeat=3) if any(t)]

Context = tuple[str, str, str, str, str, str]


def _side(heads: np.ndarray, position: np.ndarray) -> np.ndarray:
    return np.where(heads < position, "before", "after").astype(object)


def describe_errors(corpus: EvalplCorpus, tokens: np.ndarray) -> np.ndarray:
    """The specific error of each of ``tokens`` (tokens with an error and a gold head)."""
    gold, system = corpus.gold_heads[tokens], corpus.system_heads[tokens]
    position = corpus.position[tokens]
    gold_side, system_side = _side(gold, position), _side(system, position)
    distance = np.abs(system - gold)
    distances, which = np.unique(distance, return_inverse=True)
    words = np.array([NUMBERS.get(d, f"{d} words") for d in distances.tolist()],
                     dtype=object)[which.reshape(-1)]
    # a head on the other side repeats the system's side: eval.pl's quirk
    where = np.where(gold_side == system_side, system_side + " the focus word",
                     system_side + " the focus word instead of" + system_side + " the focus word")
    moved = ("head " + words + np.where(system > gold, " after", " before")
             + " the correct head (" + where + ")")
    head = np.where(~corpus.head_errors[tokens],
                    "correct head (" + gold_side + " the focus word)",
                    np.where(system == 0, "head = 0 instead of " + gold_side + " the focus word",
                             moved))
    dep = np.where(corpus.label_errors[tokens],
                   'dependency "' + corpus.system_labels[tokens].astype(object) + '" instead of "'
                   + corpus.gold_labels[tokens].astype(object) + '"', "correct dependency")
    return (head + ", " + dep).astype(str)


def error_tokens(corpus: EvalplCorpus, scoring: np.ndarray) -> np.ndarray:
    """The scoring tokens with a head or dependency error and a gold head other than 0."""
    return np.flatnonzero(scoring & (corpus.head_errors | corpus.label_errors)
                          & (corpus.gold_heads != 0))


def frequent_errors(corpus: EvalplCorpus, scoring: np.ndarray) -> list[tuple[str, int]]:
    """The errors whose count reaches the FREQUENT_ERRORS-th highest, most frequent first."""
    return _most_frequent(describe_errors(corpus, error_tokens(corpus, scoring)))


def _most_frequent(described: np.ndarray) -> list[tuple[str, int]]:
    """:func:`frequent_errors` of the tokens' described errors."""
    names, counts = np.unique(described, return_counts=True)
    if not len(names):
        return []
    threshold = np.sort(counts)[::-1][min(FREQUENT_ERRORS, len(counts)) - 1]
    order = np.lexsort((np.arange(len(names)), -counts))
    return [(str(names[i]), int(counts[i])) for i in order.tolist() if counts[i] >= threshold]


def _features(corpus: EvalplCorpus, tokens: np.ndarray) -> list[np.ndarray]:
    """CPOSTAG and word of the token before, of the token and of the token after."""
    features = []
    for offset in (-1, 0, 1):
        position = corpus.position[tokens] + offset
        inside = (position >= 1) & (position <= corpus.sizes[corpus.sentence[tokens]])
        index = np.where(inside, tokens + offset, 0)
        edge = START if offset < 0 else END
        features += [np.where(inside, corpus.cpostags[index], edge).astype(str),
                     np.where(inside, corpus.forms[index], edge).astype(str)]
    return features


def _more_general(context: Context) -> list[Context]:
    """The contexts that leave out some of ``context``'s parts (a word only with its CPOSTAG)."""
    choices = []
    for cpos, word in zip(context[::2], context[1::2]):
        options = [("", "")]
        if cpos:
            options.append((cpos, ""))
        if word:
            options.append((cpos, word))
        choices.append(options)
    found = [sum(parts, ()) for parts in itertools.product(*choices)]
    return [c for c in found if c != context and any(c)]


def error_contexts(corpus: EvalplCorpus, tokens: np.ndarray) -> dict[Context, int]:
    """The contexts a table shows for the error of ``tokens``, with their counts."""
    features = _features(corpus, tokens)
    counts: dict[Context, int] = {}
    for template in TEMPLATES:
        columns = []
        for part, use in enumerate(template):
            blank = np.full(len(tokens), "", dtype=object)
            columns += [features[2 * part] if use else blank,
                        features[2 * part + 1] if use == 2 else blank]
        keys, number = np.unique(np.stack(columns, axis=1).astype(str), axis=0,
                                 return_counts=True)
        counts.update(zip(map(tuple, keys.tolist()), number.tolist()))
    dropped = {general for context, count in counts.items()
               for general in _more_general(context) if counts[general] == count}
    kept = {context: count for context, count in counts.items() if context not in dropped}
    below = sorted((c for c in kept.values() if c < len(tokens)), reverse=True)
    threshold = below[CONTEXT_ROWS - 1] if len(below) >= CONTEXT_ROWS else 0
    if threshold < MIN_CONTEXT_COUNT:
        threshold = max(kept.values())
    return {context: count for context, count in kept.items() if count >= threshold}


def _widths(contexts: list[Context]) -> list[int]:
    """The width of each column: the longest CPOSTAG of any column, the longest word of each
    word column, at least 4 (``CPOS``, ``word``)."""
    words = [max([4, *(_length(context[i], True) for context in contexts)]) for i in (1, 3, 5)]
    tag = max([4, *(_length(context[i], False) for context in contexts for i in (0, 2, 4))])
    return [tag, words[0], tag, words[1], tag, words[2]]


def uni_len(text: str) -> int:
    """The length of ``text`` without its non-spacing marks (category Mn), as eval.pl measures."""
    return sum(unicodedata.category(ch) != "Mn" for ch in text)


def _length(text: str, word: bool) -> int:
    """Words are measured without non-spacing marks, CPOSTAGs in UTF-8 bytes (as eval.pl)."""
    return uni_len(text) if word else len(text.encode("utf-8"))


def _cells(context: Context, widths: list[int]) -> str:
    """The six cells of a context row, without the count column."""
    cells = [text + " " * (width - _length(text, i % 2 == 1))
             for i, (text, width) in enumerate(zip(context, widths))]
    return "  " + " | ".join(cells) + " "


def _frame(widths: list[int], count: bool) -> tuple[str, str]:
    """The rule and the two heading lines of a context table (with or without counts)."""
    rule = "  " + "-+-".join("-" * w for w in widths) + "-" + ("+------" if count else "")
    first = ("  " + "  Before".ljust(widths[0] + widths[1] + 4) + "|"
             + "    Focus".ljust(widths[2] + widths[3] + 5) + "|"
             + "   After".ljust(widths[4] + widths[5] + 5) + ("| Count" if count else ""))
    second = ("  " + " | ".join("CPOS".ljust(widths[i]) + "   " + "word".ljust(widths[i + 1])
                                for i in (0, 2, 4)) + (" |" if count else " "))
    return rule + "\n", first + "\n" + second + "\n"


def specific_errors(corpus: EvalplCorpus, scoring: np.ndarray) -> str:
    """The "Specific errors" and "Local contexts involved in several frequent errors" sections."""
    tokens = error_tokens(corpus, scoring)
    described = describe_errors(corpus, tokens)
    errors = _most_frequent(described)
    tables = [sorted(error_contexts(corpus, tokens[described == name]).items(),
                     key=lambda item: (-item[1], item[0])) for name, _ in errors]
    widths = _widths([context for table in tables for context, _ in table])
    rule, heading = _frame(widths, count=True)
    title = f"Specific errors, {len(errors)} most frequent errors:"
    lines = [f"\n\n  {title}\n  {'=' * len(title)}\n\n"]
    for rank, ((name, count), table) in enumerate(zip(errors, tables), start=1):
        lines += [f"{rank:4d}. {name} : {count} times\n", rule, heading, rule]
        lines += [f"{_cells(context, widths)}| {n:3d}\n" for context, n in table]
        lines += [rule, "\n"]
    return "".join(lines) + _local_contexts(errors, tables, widths)


def _local_contexts(errors: list[tuple[str, int]], tables: list[list[tuple[Context, int]]],
                    widths: list[int]) -> str:
    """The contexts shown for two or more errors, those with most errors first."""
    involved: dict[Context, list[tuple[int, int]]] = {}
    for rank, table in enumerate(tables, start=1):
        for context, count in table:
            involved.setdefault(context, []).append((rank, count))
    shared = sorted(((c, e) for c, e in involved.items() if len(e) > 1),
                    key=lambda item: (-len(item[1]), item[0]))
    rule, heading = _frame(widths, count=False)
    title = "Local contexts involved in several frequent errors:"
    lines = [f"\n  {title}\n  {'=' * len(title)}\n\n"]
    for context, ranks in shared:
        lines += ["\n", rule, heading, rule, _cells(context, widths) + "\n", rule]
        lines += [f"{rank:4d}. {errors[rank - 1][0]} : {count} times\n"
                  for rank, count in sorted(ranks, key=lambda rc: (-rc[1], rc[0]))]
    return "".join(lines) + "\n"
