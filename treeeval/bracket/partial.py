"""What a ``treeeval bracket`` run could miss, as notices (treeeval.policy.notices).

EVALB scores what it can and says little: a system file cut short is scored as far as it
goes, an empty one gives ``-nan``, MAX_ERROR ends the report mid-table, a CoNLL or gzip file
prints ``Reading sentence`` until the run dies, and a test root label the gold trees do not
have costs a bracket in every sentence without a word.  ``run_notices`` turns the facts of a
run (its :class:`~treeeval.bracket.run.EvalbResult`) and a look at the files into one notice
each; the command line says them on stderr after EVALB's output (docs/bad-input.md).

>>> import io, os, tempfile
>>> folder = tempfile.mkdtemp()
>>> gold, test = os.path.join(folder, "gold.txt"), os.path.join(folder, "test.txt")
>>> _ = open(gold, "wb").write(b"(TOP (S (NN a)))\\n" * 3)
>>> _ = open(test, "wb").write(b"(ROOT (S (NN a)))\\n" * 2)
>>> from treeeval.bracket.params import load_params
>>> from treeeval.bracket.run import EvalbRun
>>> params = load_params(["COLLINS.prm"])[0]
>>> result = EvalbRun(params, io.BytesIO(), io.BytesIO()).run(gold, test)
>>> for notice in run_notices(result, gold, test, params):
...     print(notice.text().replace(folder + os.sep, ""))  # doctest: +NORMALIZE_WHITESPACE
test.txt: has 2 lines, gold.txt has 3; scored the first 2
test.txt:1: the test root label ROOT is not the gold root label TOP, and the parameters do not
delete it: it costs a bracket in 2 of the first 2 sentences (delete it with DELETE_LABEL, or
give the test trees the gold root label)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from typing import BinaryIO, NamedTuple

from ..columnar.blocks import count_file_lines
from ..policy.notices import Notice
from ..policy.sniffing import FOREIGN, NAMES, sniff_kind
from ..wording import counted
from .labels import truncate_label
from .params import EvalbParams
from .result import EvalbResult

#: a file without a tree to score (``treeeval errors`` says it in the same words)
NO_TREE = "has no bracketed tree (empty, blank or comment lines only): nothing was scored"
#: sentences whose root labels are compared (the first of each file)
ROOT_SAMPLE = 1000
#: the first two labels of a line: its root bracket's and the next bracket's, if it follows
_ROOTS = re.compile(rb"[ \t\n\v\f\r]*\(([^ \t\n\v\f\r()]*)[ \t\n\v\f\r]*(?:\(([^ \t\n\v\f\r()]*))?")


class Roots(NamedTuple):
    """The root label of a tree line and the label of the bracket just inside it (None
    when the root bracket holds a word)."""

    root: bytes
    inner: bytes | None


def run_notices(result: EvalbResult, gold: str, test: str, params: EvalbParams) -> list[Notice]:
    """The notices of a run of ``test`` against ``gold``: foreign formats and empty files,
    files of different lengths, MAX_ERROR, root labels, then (said only under --strict)
    EVALB's Error and Skip sentences."""
    kinds = {path: sniff_kind(path, names=False) for path in (gold, test)}
    notices = [Notice(f"looks like {NAMES[kind]}, not bracketed trees", path)
               for path, kind in kinds.items() if kind in FOREIGN]
    foreign = bool(notices)
    empty = [path for path, kind in kinds.items() if kind == "empty"]
    notices += [Notice(NO_TREE, path) for path in empty]
    if result.longer is not None and not empty:
        shorter, longer = (test, gold) if result.longer == "gold" else (gold, test)
        notices.append(length_notice(shorter, count_file_lines(shorter), longer,
                                     count_file_lines(longer), result.killed))
    if result.killed and not foreign:
        notices.append(Notice(f"stopped after {counted(result.errors, 'error')} (MAX_ERROR "
                              f"{params.max_error}); raise it with -e", test,
                              result.stopped_line))
    if not foreign and not empty:
        notices += _root_notices(gold, test, params)
    notices += _unscored_notices(result, test)
    return notices


def length_notice(shorter: str, short: int, longer: str, long: int,
                  stopped: bool = False) -> Notice:
    """Two files paired line by line, ``shorter`` with ``short`` lines, ``longer`` with
    ``long``: the lines of the shorter were scored (``stopped``: the run ended before, which
    another notice says).  ``treeeval errors`` pairs its trees the same way and says it in
    these words.

    >>> length_notice("test.tst", 100, "gold.gld", 1700).text()
    'test.tst: has 100 lines, gold.gld has 1700; scored the first 100'
    """
    text = f"has {counted(short, 'line')}, {longer} has {long}"
    return Notice(text if stopped else f"{text}; scored the first {short}", shorter)


def root_labels(path: str | BinaryIO, limit: int = ROOT_SAMPLE) -> Iterator[Roots | None]:
    """The root labels of the first ``limit`` lines of ``path`` (None for a line that does
    not start with a bracket), truncated as EVALB truncates labels.

    >>> import io
    >>> list(root_labels(io.BytesIO(b"(TOP (S-1 (NN a)))\\n( (NN a))\\nword\\n")))
    [Roots(root=b'TOP', inner=b'S'), Roots(root=b'', inner=b'NN'), None]
    """
    stream = open(path, "rb") if isinstance(path, str) else path
    with stream:
        for line in islice(stream, limit):
            found = _ROOTS.match(line)
            if found is None:
                yield None
            else:
                inner = found.group(2)
                yield Roots(truncate_label(found.group(1)),
                            None if inner is None else truncate_label(inner))


def _root_notices(gold: str, test: str, params: EvalbParams) -> list[Notice]:
    """One notice when root labels differ in a way that costs brackets (``root_cost``) in
    more than half of the sentences checked: a convention of the files (``ROOT`` against
    ``TOP``), not a parser's mistake on some sentence.  It names the file whose root label
    costs (the side of the first sentence it costs in: the gold file's when the gold root is
    the odd one, as when the files are given in the wrong order) and advises on that file.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> gold, test = os.path.join(folder, "gold.txt"), os.path.join(folder, "test.txt")
    >>> _ = open(gold, "wb").write(b"(ROOT (S (NN a)))\\n")
    >>> _ = open(test, "wb").write(b"(TOP (S (NN a)))\\n")
    >>> notice, = _root_notices(gold, test, EvalbParams(delete_label=[b"TOP"]))
    >>> print(notice.text().replace(folder + os.sep, ""))  # doctest: +NORMALIZE_WHITESPACE
    gold.txt:1: the gold root label ROOT is not the test root label TOP, and the parameters do
    not delete it: it costs a bracket in 1 of the first 1 sentence (delete it with
    DELETE_LABEL, or give the gold trees the test root label)
    """
    checked, costly = 0, []
    for number, (gold_roots, test_roots) in enumerate(
            zip(root_labels(gold), root_labels(test)), 1):
        if gold_roots is None or test_roots is None:
            continue
        checked += 1
        side = root_cost(gold_roots, test_roots, params)
        if side is not None:
            costly.append((number, side, gold_roots.root, test_roots.root))
    if 2 * len(costly) <= checked:
        return []
    number, side, gold_root, test_root = costly[0]
    other = "gold" if side == "test" else "test"
    label, other_label = (test_root, gold_root) if side == "test" else (gold_root, test_root)
    return [Notice(f"the {side} root label {_shown(label)} is not the {other} root label "
                   f"{_shown(other_label)}, and the parameters do not delete it: it costs a "
                   f"bracket in {len(costly)} of the first {counted(checked, 'sentence')} (delete it with "
                   f"DELETE_LABEL, or give the {side} trees the {other} root label)",
                   test if side == "test" else gold, number)]


def root_cost(gold: Roots, test: Roots, params: EvalbParams) -> str | None:
    """Which side's root bracket goes unmatched for its label alone (``"test"`` first, then
    ``"gold"``), or None: the roots differ, the side's root is not deleted, and it is not
    the label of the other side's bracket just inside the root either (a test tree without
    the gold's deleted ``TOP`` costs nothing).

    >>> params = EvalbParams(delete_label=[b"TOP"])
    >>> root_cost(Roots(b"TOP", b"S"), Roots(b"ROOT", b"S"), params)
    'test'
    >>> root_cost(Roots(b"TOP", b"S"), Roots(b"S", b"NP"), params)
    >>> root_cost(Roots(b"", b"S"), Roots(b"TOP", b"S"), params)
    'gold'
    """
    partners = params.label_partners()
    deleted = params.deleted_labels()

    def unmatched(roots: Roots, other: Roots) -> bool:
        equal = partners.get(roots.root, {roots.root})
        return roots.root not in deleted and other.root not in equal and other.inner not in equal

    if gold.root in partners.get(test.root, {test.root}):
        return None
    if unmatched(test, gold):
        return "test"
    return "gold" if unmatched(gold, test) else None


def _shown(label: bytes) -> str:
    return label.decode("latin-1") if label else "(empty)"


def _unscored_notices(result: EvalbResult, test: str) -> list[Notice]:
    """EVALB's Error and Skip sentences, in one notice said only under --strict."""
    errors, skips = result.all_totals.error_sentences, result.all_totals.skip_sentences
    if not errors + skips:
        return []
    return [Notice(f"{counted(errors + skips, 'sentence')} not scored ({errors} Error, {skips} Skip), "
                   f"first at line {result.first_unscored}", test, result.first_unscored,
                   strict_only=True)]
