"""Cases for the eval.pl / eval07.pl differential test, and the narrow tie normalisation.

A case is a gold file, a system file and a set of flags. The inputs are random sentence
subsets of the real CoNLL-X files (:func:`dependency_cases.real_subset`), often tiny, or
generated trees (:func:`dependency_cases.random_sentence`), and the system is the real parser's
output, a perturbed copy, an exact copy (all correct) or a copy with every head wrong; some
sentences are made of punctuation only.

>>> rng = random.Random(3)
>>> case = draw_case(rng, "evalpl")
>>> sorted(set(case.flags) - set("qpb"))
[]
>>> len(case.gold) == len(case.system)
True

:func:`untie` puts the rows that eval.pl orders by a count alone, and only those, in a
canonical order within each run of equal counts (see its docstring).

>>> frames = "  Frame confusions (gold versus system; *...* marks the head token)\\n\\n"
>>> untie(frames + "    5  b\\n    5  a\\n    7  z\\n")[len(frames):]
'    5  a\\n    5  b\\n    7  z\\n'
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from dependency_cases import Sentence, perturb, random_sentence, real_subset

#: the flag combinations of a case (q: overall scores only, p: punctuation, b: per sentence)
FLAG_SETS = ["", "", "", "q", "p", "p", "b", "qb", "qp", "pb", "qpb"]
PUNCT_FORMS = [".", ",", "!?", "«", "—", "%", "...", "\"", "(", ")"]
#: forms and tags that meet eval.pl's string handling: ``+`` (its context split), ``*`` (its
#: wildcard), characters that sort before ``*``, near misses of its key separator ``0x01`` (the
#: separator itself in the data is a reference defect, docs/differences.md), non-spacing marks
#: (not counted in widths), multi-byte characters (widths in bytes), long tags
ODD_FORMS = ["a+b", "+", "*", "a*b", "(", "'s", "\"", "#1", "$", "&", "!", "x0", "e\u0301t\u00e9",
             "\u0643\u064e\u062a\u064e\u0628\u064e", "\u0915\u093f\u0924\u093e\u092c", "\u00fcber",
             "\u65e5\u672c", "long-word-form-of-many-letters", "dog", "the", "1,000", "-"]
ODD_TAGS = ["N+V", "+", "*", "(", "VERYLONGTAG", "\u00c4DJ", "V", "N", "X", "_", "NOUN", "P+",
            "0x0"]
ODD_LABELS = ["a->b", "->", "_", "root", "*", "x+y", "nsubj", "punct"]


@dataclass
class Case:
    """One differential case: gold and system sentences, flags, and how the files end."""

    gold: list[Sentence]
    system: list[Sentence]
    flags: str
    final_blank: bool = True
    #: text added at the end of the gold and the system file (blank lines)
    tails: tuple[str, str] = ("", "")
    description: list[str] = field(default_factory=list)


def _all_heads_wrong(rng: random.Random, sentence: Sentence) -> Sentence:
    """A copy of ``sentence`` where every token's head differs from the gold head."""
    rows = [list(row) for row in sentence]
    for row in rows:
        gold = int(row[6])
        row[6] = str(rng.choice([h for h in range(len(rows) + 1) if h != gold]))
        if rng.random() < 0.3:
            row[7] = rng.choice(["dep", "nsubj", "punct", row[7]])
    return rows


def _punctuation_sentence(rng: random.Random) -> Sentence:
    """A sentence made of punctuation tokens only."""
    length = rng.randint(1, 4)
    return [[str(i), rng.choice(PUNCT_FORMS), "_", "PUNCT", ".", "_", str(0 if i == 1 else 1),
             "punct", "_", "_"] for i in range(1, length + 1)]


def _odd(rng: random.Random, sentence: Sentence) -> Sentence:
    """``sentence`` with some forms, tags and labels from ODD_FORMS, ODD_TAGS, ODD_LABELS, and
    now and then a head on the token itself."""
    rows = [list(row) for row in sentence]
    for number, row in enumerate(rows, start=1):
        if rng.random() < 0.5:
            row[1] = rng.choice(ODD_FORMS)
        if rng.random() < 0.4:
            row[3] = rng.choice(ODD_TAGS)
        if rng.random() < 0.2:
            row[7] = rng.choice(ODD_LABELS)
        if rng.random() < 0.03:
            row[6] = str(number)
    return rows


def _odd_heads(rng: random.Random, sentence: Sentence) -> Sentence:
    """A system sentence with now and then a HEAD past the sentence's end or written with a
    leading zero (eval.pl compares HEADs as strings)."""
    rows = [list(row) for row in sentence]
    for row in rows:
        if rng.random() < 0.15:
            row[6] = rng.choice([str(len(rows) + rng.randint(1, 3)), "0" + row[6]])
    return rows


def _systems(rng: random.Random, gold: list[Sentence], parsed: list[Sentence] | None,
             kind: str) -> list[Sentence]:
    if kind == "correct":
        return [[list(row) for row in s] for s in gold]
    if kind == "all heads wrong":
        return [_all_heads_wrong(rng, s) for s in gold]
    if kind == "parser" and parsed is not None:
        return parsed
    return [perturb(rng, s) for s in gold]


def draw_case(rng: random.Random, oracle: str) -> Case:
    """A random case for ``oracle`` (``evalpl`` or ``eval07``)."""
    description = []
    if rng.random() < 0.6:
        size = rng.choice([1, 1, 2, 3, 3, 5, 10, 30, 100, 400])
        name, gold, parsed_sets = real_subset(rng, size=size, parsers=1)
        parsed = parsed_sets[0]
        description.append(f"{name} x{len(gold)}")
    else:
        gold = [random_sentence(rng) for _ in range(rng.choice([1, 2, 3, 5, 12, 40]))]
        parsed = None
        description.append(f"generated x{len(gold)}")
        if rng.random() < 0.5:
            gold = [_odd(rng, s) for s in gold]
            description.append("odd strings")
    if rng.random() < 0.1:
        gold = gold + [[list(row) for row in s] for s in gold]
        parsed = parsed + parsed if parsed is not None else None
        description.append("every sentence twice")
    if rng.random() < 0.15:
        for _ in range(rng.randint(1, 2)):
            gold.insert(rng.randint(0, len(gold)), _punctuation_sentence(rng))
        parsed = None  # the parser's sentences no longer line up: perturb instead
        description.append("punctuation-only sentences")
    kinds = ["perturbed", "perturbed", "correct", "all heads wrong"]
    kinds += ["parser", "parser"] if parsed is not None else []
    kind = rng.choice(kinds)
    system = _systems(rng, gold, parsed, kind)
    description.append(kind)
    if rng.random() < 0.08:
        system = [_odd_heads(rng, s) for s in system]
        description.append("odd heads")
    if rng.random() < 0.08:
        for _ in range(rng.randint(1, 3)):
            where = rng.randint(0, len(gold))
            gold.insert(where, [])
            system.insert(where, [])
        description.append("empty sentences")
    flags = rng.choice(FLAG_SETS)
    tails = ("", "")
    if rng.random() < 0.1:
        tails = (rng.choice(["", "\n", "\n\n", " \n"]), rng.choice(["", "\n", "\n\n"]))
        description.append(f"tails {tails!r}")
    return Case(gold, system, flags, final_blank=rng.random() < 0.85, tails=tails,
                description=description)


def scores_nothing(case: Case, oracle: str) -> bool:
    """Whether no token is scored (every gold FORM punctuation and punctuation left out): the
    reference divides by zero there (docs/differences.md), so the test checks that case apart."""
    from treeeval.dep.punctuation import is_punctuation

    leaves_punctuation_out = ("p" in case.flags) == (oracle == "eval07")
    return leaves_punctuation_out and all(is_punctuation(row[1]) for s in case.gold for row in s)


# ---------------------------------------------------------------- the tie normalisation

_CPOS_ROW = re.compile(r"  \S* *\| +(\d+) \| +\d+ \| +\d+% \| +\d+ \| +\d+% \| +\d+ \| +\d+%")
_FRAME_ROW = re.compile(r"  +(\d+)  .*")
_COUNT_CELLS = r"\| +(-?\d+) \| +-?\d+ \| +-?\d+ \| +-?\d+"
_FOCUS_ROW = re.compile(r"  .* " + _COUNT_CELLS)
#: a context table row: the CPOS cell (no spaces in a CPOSTAG), then the word cell
_CONTEXT_ROW = re.compile(r"(  \S* *(?:" + _COUNT_CELLS + r"|\|      \|      \|      \|     ))"
                          r"  \|\|(.*)")
_LEFT_CELL = re.compile(r"  \S* *" + _COUNT_CELLS)
_WORD_CELL = re.compile(r"  .* " + _COUNT_CELLS)
_ERROR_LINE = re.compile(r"  ( *\d+)\. (.*) : (\d+) times")
_CONTEXT_COUNT = re.compile(r"  .*\| +(\d+)")


def _sort_runs(items: list[tuple[int, str]]) -> list[str]:
    """The texts of (count, text) items, each run of consecutive equal counts sorted."""
    return [text for _, run in itertools.groupby(items, key=lambda item: item[0])
            for text in sorted(text for _, text in run)]


def _rows(lines: list[str], start: int, match: Callable[[str], int | None]) -> int:
    """Sort, in place, the run-of-equal-count rows from ``start`` while ``match`` gives a
    count; return the index after the last row."""
    end = start
    items = []
    while end < len(lines) and (count := match(lines[end])) is not None:
        items.append((count, lines[end]))
        end += 1
    lines[start:end] = _sort_runs(items)
    return end


def _group(pattern: re.Pattern[str], line: str, full: bool = False) -> int | None:
    found = pattern.fullmatch(line) if full else pattern.match(line)
    return int(found[1]) if found else None


def _context_rows(lines: list[str], start: int) -> int:
    """Each column (CPOS, word) of a context table separately: blank cells stay last."""
    end = start
    while end < len(lines) and _CONTEXT_ROW.fullmatch(lines[end]):
        end += 1
    cells = [_CONTEXT_ROW.fullmatch(line).groups() for line in lines[start:end]]
    columns = []
    for column, pattern in ((0, _LEFT_CELL), (-1, _WORD_CELL)):
        counted = [(_group(pattern, c[column], full=True), c[column]) for c in cells]
        columns.append(_sort_runs([(n, t) for n, t in counted if n is not None])
                       + [t for n, t in counted if n is None])
    lines[start:end] = [left + "  ||" + right for left, right in zip(*columns)]
    return end


def _specific_errors(lines: list[str], start: int) -> tuple[list[str], dict[int, int]]:
    """The error blocks (error line, table) in canonical order, renumbered, and the map from
    the old numbers to the new; ``start`` is the first line after the title's rule."""
    blocks: list[tuple[int, str, int]] = []
    index = start
    while index + 1 < len(lines) and lines[index] == "" \
            and (header := _ERROR_LINE.fullmatch(lines[index + 1])):
        # the error line, then a rule, two heading lines, a rule, the rows and a rule
        rows_end = _rows(lines, index + 6, lambda line: _group(_CONTEXT_COUNT, line, True))
        table = lines[index + 2:rows_end + 1]
        blocks.append((-int(header[3]), "\n".join([f"{header[2]} : {header[3]} times"] + table),
                       int(header[1])))
        index = rows_end + 1
    ordered = []
    for _, run in itertools.groupby(blocks, key=lambda block: block[0]):
        ordered += sorted(run, key=lambda block: block[1])
    numbers = {old: new for new, (_, _, old) in enumerate(ordered, start=1)}
    out = []
    for new, (_, text, _) in enumerate(ordered, start=1):
        out += ["", f"  {new:2d}. " + text]
    return out + lines[index:], numbers


def _local_contexts(lines: list[str], numbers: dict[int, int]) -> list[str]:
    """The local-context blocks with their errors renumbered, each block's errors of equal
    count sorted, and blocks with as many errors sorted."""
    blocks: list[tuple[int, str]] = []
    index = 0
    while index < len(lines) and lines[index].startswith("  -"):
        table = lines[index:index + 6]
        index += 6
        errors = []
        while index < len(lines) and (found := _ERROR_LINE.fullmatch(lines[index])):
            errors.append((-int(found[3]), f"  {numbers[int(found[1])]:2d}. {found[2]} : "
                                           f"{found[3]} times"))
            index += 1
        blocks.append((-len(errors), "\n".join(table + _sort_runs(errors))))
        index += 1  # the blank line after a block
    return ["\n".join(_sort_runs(blocks))] + lines[index:]


def untie(text: str) -> str:
    """``text`` (an eval.pl report) with every run of rows that eval.pl sorts by a count alone,
    and whose counts are equal, in code-point order; everything else unchanged.

    eval.pl sorts these by a count and leaves rows of equal count in Perl's hash order, which
    changes between runs of Perl (docs/differences.md). The runs, and only they, become
    multisets: the CPOSTAG rows of the accuracy and error-rate tables (by number of words), the
    frame confusions, the focus words (by number of erroneous tokens), each column of the
    context tables (CPOS and word separately, by ``any``), the specific errors (whole blocks,
    by the error's count; the errors are numbered again in the new order), the context rows of
    each specific error's table, the blocks of the local contexts (by their number of errors)
    and each block's errors (by count, with the new numbers). The sentence lines, the
    precision and recall tables (sorted by name in eval.pl) and all widths are left as they
    are.
    """
    lines = text.split("\n")
    index = 0
    numbers: dict[int, int] = {}
    rule = "  -----------+-------+-------+------+-------+------+-------+-------"
    while index < len(lines):
        line = lines[index]
        if line == rule and index >= 2 and lines[index - 1].startswith("  total "):
            index = _rows(lines, index + 1, lambda line: _group(_CPOS_ROW, line))
        elif line.startswith("  Frame confusions"):
            index = _rows(lines, index + 2, lambda line: _group(_FRAME_ROW, line, True))
        elif re.fullmatch(r"  \d+ focus words where most of the errors occur:", line):
            index = _rows(lines, index + 4, lambda line: _group(_FOCUS_ROW, line, True))
        elif re.fullmatch(r"  (one|two)-token (preceeding|following) contexts where most of "
                          r"the errors occur:", line):
            index = _context_rows(lines, index + 4)
        elif line.startswith("  Specific errors, "):
            tail, numbers = _specific_errors(lines, index + 2)
            lines[index + 2:] = tail
            index += 2
            while index < len(lines) and not lines[index].startswith("  Local contexts"):
                index += 1
        elif line.startswith("  Local contexts involved") and index + 4 <= len(lines):
            lines[index + 4:] = _local_contexts(lines[index + 4:], numbers)
            break
        else:
            index += 1
    return "\n".join(lines)
