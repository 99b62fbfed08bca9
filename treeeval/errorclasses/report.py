"""The text and JSON forms of error classes.

The text report is the classifier's ``.error_counts`` (count, bracket errors fixed, class;
most frequent first) with each class's share of all the bracket errors fixed; with several
systems, one column group per system, classes ordered by their totals over the systems.

>>> from .api import SentenceRepairs, SystemErrors, ErrorsResult, Repair
>>> system = SystemErrors("test.mrg", [SentenceRepairs(1, "ok", 3, [
...     Repair("PP Attachment", "move", 2, (4, 6), "VP"),
...     Repair("Unary", "add", 1, (0, 2), "NP")])])
>>> print(render(ErrorsResult("gold.mrg", [system])), end="")
Parse error classes (Kummerfeld et al. 2012)
gold: gold.mrg
test: test.mrg
<BLANKLINE>
count  brackets   share  class
    1         2   66.7%  PP Attachment
    1         1   33.3%  Unary
    2         3  100.0%  total
<BLANKLINE>
sentences: 1 (1 repaired, 0 with different lengths, 0 without a tree, 0 given up)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from typing import TextIO

import numpy as np

from ..policy.envelope import envelope
from ..policy.inputs import shown
from ..stats.rates import UNDEFINED
from .api import ErrorClass, ErrorsResult, SystemErrors, order_classes

TITLE = "Parse error classes (Kummerfeld et al. 2012)"
#: the heads of one system's columns
GROUP = "count  brackets   share"
#: the comparison table's totals after the classes: all the repairs, all the bracket errors
REPAIRS, BRACKET_ERRORS = "repairs", "bracket errors"


def _share(brackets: int, total: int) -> str:
    """A class's share of the bracket errors (undefined without one: ``—``).

    >>> _share(1, 3), _share(0, 0)
    ('33.3%', '—')
    """
    return f"{100.0 * brackets / total:.1f}%" if total else UNDEFINED


def _cells(count: int, brackets: int, total: int) -> str:
    return f"{count:5d}  {brackets:8d}  {_share(brackets, total):>6}"


def _rows(result: ErrorsResult) -> list[str]:
    """Class names in the classifier's order, over all the systems."""
    tallies = [system.tally() for system in result.systems]
    summed: dict[str, tuple[int, int]] = {}
    for tally in tallies:
        for name, (count, brackets) in tally.items():
            old = summed.get(name, (0, 0))
            summed[name] = (old[0] + count, old[1] + brackets)
    return [row.name for row in order_classes(summed)]


def _status(system: SystemErrors, gold_sentences: int) -> str:
    """The sentences classified and what became of them; when the files' lengths differ,
    out of how many (the gold file's sentences, or the test file's when it is longer).

    >>> from .api import SentenceRepairs
    >>> system = SystemErrors("t", [SentenceRepairs(1, "ok", 0, [])], lines=1)
    >>> _status(system, 1700)
    "1 of the gold's 1700 (1 repaired, 0 with different lengths, 0 without a tree, 0 given up)"
    """
    statuses = [sentence.status for sentence in system.sentences]
    lines = system.file_sentences()
    out_of = (f" of the gold's {gold_sentences}" if lines < gold_sentences else
              f" of the test's {lines}" if lines > gold_sentences else "")
    return (f"{len(statuses)}{out_of} ({statuses.count('ok')} repaired, "
            f"{statuses.count('length')} with different lengths, "
            f"{statuses.count('empty')} without a tree, {statuses.count('gave up')} given up)")


def system_names(result: ErrorsResult) -> list[str]:
    """The systems' names, as every comparison names them (the short names of their files:
    ``tables.comparison.system_names``).

    >>> system_names(ErrorsResult("g", [SystemErrors("out/a.mrg"), SystemErrors("out/b.mrg")]))
    ['a', 'b']
    """
    from ..tables.comparison import system_names as short_names

    return short_names([system.test for system in result.systems])


def render(result: ErrorsResult) -> str:
    """The text report (module docstring); with several systems, each named by the short
    name of its file, one column group each (as wide as the name):

    >>> from .api import SentenceRepairs
    >>> systems = [SystemErrors(name, [SentenceRepairs(1, "ok", 0, [])])
    ...            for name in ("out/berkeley.mrg", "out/a_parser_with_a_longer_name.mrg")]
    >>> print(render(ErrorsResult("gold.mrg", systems)), end="")
    Parse error classes (Kummerfeld et al. 2012)
    gold: gold.mrg
    test berkeley: out/berkeley.mrg
    test a_parser_with_a_longer_name: out/a_parser_with_a_longer_name.mrg
    <BLANKLINE>
           berkeley          a_parser_with_a_longer_name
    count  brackets   share      count  brackets   share  class
        0         0       —          0         0       —  total
    <BLANKLINE>
    sentences of berkeley: 1 (1 repaired, 0 with different lengths, 0 without a tree, 0 given up)
    sentences of a_parser_with_a_longer_name: 1 (1 repaired, 0 with different lengths, 0 without a tree, 0 given up)
    """
    systems = result.systems
    lines = [TITLE, f"gold: {shown(result.gold)}"]
    several = len(systems) > 1
    names = system_names(result) if several else [""]
    for name, system in zip(names, systems):
        lines.append(f"test{f' {name}' if several else ''}: {shown(system.test)}")
    lines.append("")
    widths = [max(len(GROUP), len(name)) for name in names]
    if several:
        lines.append("  ".join(f"{name:^{width}}" for name, width in zip(names, widths)).rstrip())
    lines.append("  ".join(f"{GROUP:>{width}}" for width in widths) + "  class")
    tallies = [system.tally() for system in systems]
    totals = [system.bracket_errors for system in systems]
    for name in _rows(result):
        cells = "  ".join(f"{_cells(*tally.get(name, (0, 0)), total):>{width}}"
                          for tally, total, width in zip(tallies, totals, widths))
        lines.append(f"{cells}  {name}")
    cells = "  ".join(f"{_cells(sum(c for c, _ in tally.values()), total, total):>{width}}"
                      for tally, total, width in zip(tallies, totals, widths))
    lines.append(f"{cells}  total")
    lines.append("")
    for name, system in zip(names, systems):
        lines.append(f"sentences{f' of {name}' if several else ''}: "
                     f"{_status(system, result.gold_sentences())}")
    return "\n".join(lines) + "\n"


def metric_names(result: ErrorsResult) -> tuple[str, ...]:
    """The comparison table's metrics: each class in the report's order (its repairs), then
    all the repairs and all the bracket errors they fix.

    >>> from .api import SentenceRepairs, Repair
    >>> system = SystemErrors("t", [SentenceRepairs(1, "ok", 1, [Repair("Unary", "add", 1,
    ...                                                                 (0, 2), "NP")])])
    >>> metric_names(ErrorsResult("g", [system]))
    ('Unary', 'repairs', 'bracket errors')
    """
    return (*_rows(result), REPAIRS, BRACKET_ERRORS)


def sentence_counts(system: SystemErrors, metric: str, sentences: int) -> np.ndarray:
    """A system's count of ``metric`` in each of ``sentences`` sentences (0 in a sentence
    without repairs, or beyond the end of a shorter file).

    >>> from .api import SentenceRepairs, Repair
    >>> unary = Repair("Unary", "add", 1, (0, 2), "NP")
    >>> move = Repair("PP Attachment", "move", 2, (1, 2), "PP")
    >>> system = SystemErrors("t", [SentenceRepairs(1, "ok", 3, [unary, move])])
    >>> sentence_counts(system, "bracket errors", 2).tolist()
    [3, 0]
    >>> sentence_counts(system, "Unary", 1).tolist()
    [1]
    """
    counts = np.zeros(sentences, dtype=np.int64)
    for index, sentence in enumerate(system.sentences):
        if metric == BRACKET_ERRORS:
            counts[index] = sentence.errors
        elif metric == REPAIRS:
            counts[index] = len(sentence.repairs)
        else:
            counts[index] = sum(repair.name == metric for repair in sentence.repairs)
    return counts


def classes_json(classes: Iterable[ErrorClass]) -> list[dict[str, object]]:
    return [{"name": c.name, "count": c.count, "brackets": c.brackets} for c in classes]


def errors_json(result: ErrorsResult, params: dict[str, object] | None,
                signature: str) -> dict[str, object]:
    """The ``--json`` document (schemas/errors.json): the gold file's sentences and its
    notices; each system's sentences classified (``sentences``) out of its file's
    (``test_sentences``), and its notices (a file cut short or longer than the gold file, no
    tree), as ``treeeval bracket --json`` gives them."""
    systems = []
    for name, system in zip(system_names(result), result.systems):
        statuses = [sentence.status for sentence in system.sentences]
        systems.append({
            "name": name,
            "test": system.test,
            "sentences": len(statuses),
            "test_sentences": system.file_sentences(),
            "repaired": statuses.count("ok"),
            "length_mismatch": statuses.count("length"),
            "empty": statuses.count("empty"),
            "gave_up": statuses.count("gave up"),
            "bracket_errors": system.bracket_errors,
            "classes": classes_json(system.classes),
            "notices": [asdict(notice) for notice in system.notices],
        })
    return envelope("errors", signature, gold=result.gold,
                    gold_sentences=result.gold_sentences(), params=params,
                    notices=[asdict(notice) for notice in result.notices], systems=systems)


def write_sentences(result: ErrorsResult, sink: TextIO) -> None:
    """One JSON line per sentence and system: its repairs, in the order they were made."""
    for number, system in enumerate(result.systems, start=1):
        for sentence in system.sentences:
            sink.write(json.dumps({"system": number, **sentence.to_dict()}) + "\n")
