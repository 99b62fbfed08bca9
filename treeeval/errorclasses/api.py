"""The Python API: parse error classes of one or more systems against one gold file.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> gold, test = os.path.join(folder, "gold"), os.path.join(folder, "test")
>>> _ = open(gold, "w").write("(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) "
...                           "(PP (IN with) (NP (NNS binoculars))))))\\n")
>>> _ = open(test, "w").write("(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man) "
...                           "(PP (IN with) (NP (NNS binoculars)))))))\\n")
>>> result = classify_errors(gold, test)
>>> [(c.name, c.count, c.brackets) for c in result.systems[0].classes]
[('PP Attachment', 1, 2)]
>>> result.systems[0].sentences[0].repairs[0].moved
(4, 6)
"""

from __future__ import annotations

import dataclasses
import io
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from ..bracket.params import EvalbParams, given_params
from ..collector import frozen_after
from ..errors import InputError
from ..formats.sentences import ENCODERS, is_tree
from ..policy.inputs import Source, api_inputs
from ..policy.notices import Notice
from .classify import classify
from .partial import gold_notices, test_notices
from .reading import RawSource, count_source_lines, read_raw
from .search import Gold, Repairs, RootRemoval, Step
from .tree import Node, no_phrase_on_top, prepare, without_features

PathLike = Union[str, "os.PathLike[str]"]
#: what deletes labels from a raw tree before the search (treeeval.conversion.deletion)
Deleter = Callable[..., object]


@dataclass(frozen=True)
class ErrorClass:
    """One class: how many repairs it names and how many bracket errors they fix."""

    name: str
    count: int
    brackets: int


@dataclass(frozen=True)
class Repair:
    """One repair of one sentence (see search.Step): its class, kind, the bracket or moved
    span, and the bracket errors it fixes."""

    name: str
    kind: str
    fixed: int
    span: tuple[int, int]
    label: str
    moved: tuple[int, int] | None = None
    source: tuple[int, int, str] | None = None
    target: tuple[int, int, str] | None = None

    @classmethod
    def of(cls, step: Step) -> Repair:
        if step.kind == "move":
            return cls(classify(step), step.kind, step.fixed, step.moved, step.label,
                       step.moved, step.source, step.target)
        return cls(classify(step), step.kind, step.fixed, step.span, step.label)

    @classmethod
    def from_dict(cls, document: Mapping[str, Any]) -> Repair:
        """The repair of :meth:`to_dict`'s document (a move's ``moved`` is its ``span``).

        >>> import json
        >>> repair = Repair("PP Attachment", "move", 2, (4, 6), "PP", (4, 6), (0, 6, "VP"),
        ...                 (2, 6, "NP"))
        >>> Repair.from_dict(json.loads(json.dumps(repair.to_dict()))) == repair
        True
        """
        span = (int(document["span"][0]), int(document["span"][1]))
        if document["kind"] != "move":
            return cls(document["class"], document["kind"], int(document["fixed"]), span,
                       document["label"])
        source, target = (_key(document[key]) for key in ("from", "to"))
        return cls(document["class"], "move", int(document["fixed"]), span, document["label"],
                   span, source, target)

    def to_dict(self) -> dict[str, object]:
        document: dict[str, object] = {"class": self.name, "kind": self.kind,
                                       "fixed": self.fixed, "span": list(self.span),
                                       "label": self.label}
        if self.kind == "move":
            document["from"] = list(self.source or ())
            document["to"] = list(self.target or ())
        return document


@dataclass
class SentenceRepairs:
    """The repairs of one sentence; ``status`` says why there are none when it is not ok
    (``empty``: a blank line, ``length``: different numbers of words, or ``gave up``
    after search.MAX_STEPS repairs)."""

    sentence: int
    status: str
    errors: int
    repairs: list[Repair]

    def to_dict(self) -> dict[str, object]:
        return {"sentence": self.sentence, "status": self.status, "errors": self.errors,
                "repairs": [repair.to_dict() for repair in self.repairs]}

    @classmethod
    def from_dict(cls, document: Mapping[str, Any]) -> SentenceRepairs:
        """The sentence of :meth:`to_dict`'s document."""
        return cls(int(document["sentence"]), document["status"], int(document["errors"]),
                   [Repair.from_dict(repair) for repair in document["repairs"]])


def _key(value: Sequence[Any]) -> tuple[int, int, str]:
    """A parent's (start, end, label) from its JSON list."""
    start, end, label = value
    return int(start), int(end), str(label)


@dataclass
class SystemErrors:
    """The classes of one system, in the classifier's order (most repairs first); ``lines``
    the sentences of the test file (its lines, paired with the gold's or not; None: as many
    as were classified) and ``notices`` what the run could miss about it (a file cut short
    or longer than the gold file, no tree: :mod:`.partial`)."""

    test: str
    sentences: list[SentenceRepairs] = field(default_factory=list)
    lines: int | None = None
    notices: list[Notice] = field(default_factory=list)

    def file_sentences(self) -> int:
        """The sentences of the test file (``lines``, else as many as were classified)."""
        return len(self.sentences) if self.lines is None else self.lines

    @property
    def classes(self) -> list[ErrorClass]:
        return order_classes(self.tally())

    def tally(self) -> dict[str, tuple[int, int]]:
        counts: Counter[str] = Counter()
        brackets: Counter[str] = Counter()
        for sentence in self.sentences:
            for item in sentence.repairs:
                counts[item.name] += 1
                brackets[item.name] += item.fixed
        return {name: (counts[name], brackets[name]) for name in counts}

    @property
    def bracket_errors(self) -> int:
        """All bracket errors the repairs fix (the share of a class is out of these)."""
        return sum(item.fixed for sentence in self.sentences for item in sentence.repairs)


@dataclass
class ErrorsResult:
    """One gold file and the error classes of each system; ``gold_lines`` the gold file's
    sentences (None: as many as the systems had classified) and ``notices`` what the run
    could miss about it (no tree: :mod:`.partial`)."""

    gold: str
    systems: list[SystemErrors]
    gold_lines: int | None = None
    notices: list[Notice] = field(default_factory=list)

    def gold_sentences(self) -> int:
        """The sentences of the gold file (``gold_lines``, else the most any system had)."""
        if self.gold_lines is not None:
            return self.gold_lines
        return max((len(system.sentences) for system in self.systems), default=0)

    def all_notices(self) -> list[Notice]:
        """Every notice of the run: the gold file's, then each system's.

        >>> ErrorsResult("g", [SystemErrors("t", notices=[Notice("has 1 line", "t")])],
        ...              notices=[Notice("empty", "g")]).all_notices()[1].text()
        't: has 1 line'
        """
        return [*self.notices, *(notice for system in self.systems for notice in system.notices)]


def order_classes(tally: dict[str, tuple[int, int]]) -> list[ErrorClass]:
    """Classes sorted as the classifier prints them: by count, brackets, then name, all
    descending.

    >>> [c.name for c in order_classes({"Unary": (2, 2), "PP Attachment": (2, 5), "B": (1, 1)})]
    ['PP Attachment', 'Unary', 'B']
    """
    rows = sorted(((count, brackets, name) for name, (count, brackets) in tally.items()),
                  reverse=True)
    return [ErrorClass(name, count, brackets) for count, brackets, name in rows]


def deleter(params: EvalbParams | None) -> Deleter | None:
    """What deletes the labels of ``params`` (its DELETE_LABEL lines) from a tree, under
    its rules (EVALB's, or evalb_spmrl's: ``conversion.deletion``); None: the classifier's
    own deletion of -NONE- and punctuation."""
    if params is None:
        return None
    from ..conversion.deletion import delete_labels

    return lambda tree: delete_labels(tree, params)


def reading_rules(params: EvalbParams | None, spmrl: bool) -> tuple[Deleter | None, bool]:
    """How trees are read before the search: the deleter of ``params`` (under
    evalb_spmrl's rules when ``spmrl``), and whether labels lose their features (``spmrl``,
    or ``params`` naming evalb_spmrl's rules).

    >>> reading_rules(None, True), reading_rules(EvalbParams(rules="spmrl"), False)[1]
    ((None, True), True)
    """
    spmrl = spmrl or (params is not None and params.spmrl)
    if params is not None and spmrl and not params.spmrl:
        params = dataclasses.replace(params, rules="spmrl")
    return deleter(params), spmrl


def evalb_params(params: EvalbParams | PathLike | Iterable[PathLike] | None) -> EvalbParams | None:
    """``params`` as EvalbParams: an EvalbParams, a .prm name or path, a list of them
    (applied in order), or None (the classifier's own deletions).

    >>> evalb_params(None), evalb_params("COLLINS.prm").delete_label[:2]
    (None, [b'TOP', b'-NONE-'])
    """
    return params if params is None else given_params(params)


def _prepared(source: RawSource, delete: Deleter | None,
              spmrl: bool = False) -> Iterator[Node | None]:
    """The prepared tree of each line (None for a blank line; with ``spmrl``, its labels
    without features first: ``tree.without_features``); a tree the classifier refuses
    (tree.no_phrase_on_top: it crashes on it) is an InputError at its line."""
    for number, tree in enumerate(read_raw(source), start=1):
        if tree is not None and spmrl:
            tree = without_features(tree)
        if tree is not None and no_phrase_on_top(tree):
            raise InputError("no phrase label above the words: the classifier needs one "
                             "(ROOT, S, NP ...) at the top", path=_name(source), line=number)
        yield None if tree is None else prepare(tree, delete)


def sentence_repairs(number: int, gold: Node | None, index: Gold | None,
                     test: Node | None) -> SentenceRepairs:
    """Classify the repairs of one sentence (``test`` is changed in place); a blank line
    on either side (no tree) is skipped, as by the classifier, and so is a gold tree whose
    words the deletions all removed."""
    if gold is None or index is None or test is None or index.words == 0:
        # no tree, or no word left after the deletions (-p): nothing to repair
        return SentenceRepairs(number, "empty", 0, [])
    search = Repairs(index, test)
    if len(search.leaves) != index.words:
        return SentenceRepairs(number, "length", 0, [])
    steps = search.run()
    if steps is None:
        return SentenceRepairs(number, "gave up", 0, [])
    repairs = [Repair.of(step) for step in steps]
    return SentenceRepairs(number, "ok", sum(item.fixed for item in repairs), repairs)


def line_repairs(number: int, gold_line: bytes, test_line: bytes,
                 params: EvalbParams | None = None, spmrl: bool = False) -> SentenceRepairs:
    """The repairs of one sentence given as one line of each file (what ``classify_errors``
    finds for that line, ``spmrl`` as there); an unreadable line has the status
    ``unreadable``.

    >>> gold = b"(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NN it))))"
    >>> test = b"(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man) (PP (IN with) (NN it)))))"
    >>> [(r.name, r.kind, r.fixed) for r in line_repairs(1, gold, test).repairs]
    [('PP Attachment', 'move', 2)]
    """
    delete, spmrl = reading_rules(params, spmrl)
    try:
        gold, test = (next(_prepared(io.BytesIO(line), delete, spmrl), None)
                      for line in (gold_line, test_line))
    except InputError:
        return SentenceRepairs(number, "unreadable", 0, [])
    try:
        return sentence_repairs(number, gold, None if gold is None else Gold.of(gold), test)
    except RootRemoval:
        return SentenceRepairs(number, "unreadable", 0, [])


def _name(source: RawSource) -> str:
    """The name of a path or a binary stream (its ``name``, as ``read_raw`` reports it).

    >>> stream = io.BytesIO(b"")
    >>> stream.name = "gold.mrg"
    >>> _name("test.mrg"), _name(stream), _name(io.BytesIO(b""))
    ('test.mrg', 'gold.mrg', '<input>')
    """
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<input>"


def read_golds(source: RawSource, delete: Deleter | None,
               spmrl: bool = False) -> list[tuple[Node | None, Gold | None]]:
    """The prepared tree of each line of the gold file and its index for the search (None,
    None for a line without a tree; ``spmrl``: labels without features)."""
    return [(tree, None if tree is None else Gold.of(tree))
            for tree in _prepared(source, delete, spmrl)]


def classify_system(golds: Sequence[tuple[Node | None, Gold | None]], source: RawSource,
                    delete: Deleter | None, spmrl: bool = False
                    ) -> tuple[list[SentenceRepairs], int]:
    """The repairs of each line of the test file ``source`` paired with ``golds`` (the
    shorter ends the comparison), and how many of its paired lines hold a tree."""
    sentences, trees = [], 0
    for number, ((gold_tree, index), test_tree) in enumerate(
            zip(golds, _prepared(source, delete, spmrl)), start=1):
        trees += test_tree is not None
        try:
            sentences.append(sentence_repairs(number, gold_tree, index, test_tree))
        except RootRemoval as exc:
            raise InputError(str(exc), path=_name(source), line=number) from None
    return sentences, trees


def _systems(test: Source | Sequence[Source]) -> list[tuple[Source, str]]:
    """Each system of ``test`` with its name as an in-memory input: ``test`` itself when it
    is one (a path, bytes, an open file, or a sequence whose first item is a tree), else
    each of its items (``test[INDEX]``).

    >>> _systems("a.mrg"), _systems(["a.mrg", "b.mrg"])
    ([('a.mrg', 'test')], [('a.mrg', 'test[0]'), ('b.mrg', 'test[1]')])
    >>> _systems(["(S (NN a))", None])
    [(['(S (NN a))', None], 'test')]
    """
    if isinstance(test, (str, os.PathLike, bytes, bytearray, memoryview)) or hasattr(test, "read"):
        return [(test, "test")]
    items = list(test)
    if items and is_tree(items[0]):
        return [(items, "test")]
    return [(item, f"test[{index}]") for index, item in enumerate(items)]


def classify_errors(gold: Source, test: Source | Sequence[Source],
                    params: EvalbParams | PathLike | Iterable[PathLike] | None = None,
                    spmrl: bool = False) -> ErrorsResult:
    """Kummerfeld et al.'s (2012) parse error classes of each test file against ``gold``.

    ``test`` is one file or a list of files (one system each).  Each file is what
    :mod:`treeeval.policy.inputs` reads: a path (``-``: standard input), the file's bytes
    or an open file (``treeeval browse`` gives the bytes it read, named as the file), each
    maybe gzip, bzip2 or xz compressed, or the trees themselves, one per sentence, in the
    forms of :mod:`treeeval.formats.sentences` (bracketed strings or bytes, ``nltk.Tree``,
    ``(words, spans)``, None for no parse).  A list whose first item is a tree is one
    system's trees (so bytes in a list are trees, not a file's bytes); an in-memory input
    is named by its argument (``gold``, ``test`` or ``test[INDEX]``, its sentences
    ``test[INDEX][SENTENCE]``).  Trees are paired line by line; the shorter file ends the
    comparison.  ``params`` (EVALB parameters: an EvalbParams, a .prm name or path, or a
    list of them) replaces the classifier's own deletions of ``-NONE-`` and punctuation with
    the file's DELETE_LABEL lines.  ``spmrl`` (``treeeval errors --spmrl``) reads labels as
    evalb_spmrl does: every label and tag without what follows its first ``#`` (SPMRL's
    features), and ``params``' deletions made under evalb_spmrl's rules (labels cut at
    ``-``, ``=`` or ``#``, no word deleted); an EvalbParams that names evalb_spmrl's
    rules implies it.  A test file shorter or longer than the gold file, and a
    file without a tree, leave a notice in the result (:meth:`ErrorsResult.all_notices`).

    >>> result = classify_errors(["(S (NP (PRP I)) (VP (VBD ran) (ADVP (RB home))))"],
    ...                          [b"(S (NP (PRP I)) (VP (VBD ran)) (ADVP (RB home)))"])
    >>> result.gold, result.systems[0].test, [c.name for c in result.systems[0].classes]
    ('gold', 'test', ['Modifier Attachment'])
    """
    encode = ENCODERS["brackets"]
    with api_inputs() as inputs:
        gold_path = inputs.path(gold, "gold", encode)
        tests = [inputs.path(source, side, encode) for source, side in _systems(test)]
        return inputs.named(_classified(gold_path, tests, params, spmrl))


def _classified(gold: str, tests: list[str],
                params: EvalbParams | PathLike | Iterable[PathLike] | None,
                spmrl: bool) -> ErrorsResult:
    """classify_errors on the paths of the files."""
    delete, spmrl = reading_rules(evalb_params(params), spmrl)
    systems = []
    with frozen_after(lambda: read_golds(gold, delete, spmrl)) as golds:
        gold_trees = sum(tree is not None for tree, _ in golds)
        for source in tests:
            system = SystemErrors(_name(source))
            system.sentences, trees = classify_system(golds, source, delete, spmrl)
            paired = len(system.sentences)
            system.lines = paired if paired < len(golds) else count_source_lines(source)
            system.notices = test_notices(_name(gold), len(golds), gold_trees, system.test,
                                          system.lines, trees)
            systems.append(system)
    return ErrorsResult(_name(gold), systems, len(golds), gold_notices(_name(gold), gold_trees))


__all__ = ["classify_errors", "line_repairs", "ErrorsResult", "SystemErrors", "SentenceRepairs", "Repair",
           "ErrorClass", "order_classes"]
