"""The enhanced metrics of the UD team's scorer, ELAS and EULAS, over whole files at once.

The scorer is ``udeval`` (the ``udtools`` package; UniversalDependencies/tools' ``eval.py``),
and before it ``iwpt20_xud_eval.py``, which scored the IWPT 2020 and 2021 shared tasks.
Both read each word's DEPS as a list of edges ``HEAD:PATH`` (``PATH`` one relation, or steps
``conj:en>obl:voor`` through collapsed empty nodes) and count:

- gold and system totals: the edges of every word (after the ``--enhancements`` filters);
- correct: for every aligned pair of words, every pair of a gold and a system edge with the
  same path (ELAS), or the same universal part of each step (EULAS), whose heads
  correspond (the system head aligned with the gold head, or both the root).  Duplicate
  edges multiply: two equal gold edges and two equal system edges make four.

The rules, as those programs apply them (:class:`EnhancedRules`; docs/ud.md has the table):

- udeval skips an edge whose head is an empty node (``8.1``), and reads ``_`` as no edge;
  iwpt20_xud_eval.py crashes on both (treeeval: a located error);
- each digit of ``--enhancements`` switches an enhancement off on both sides, in this
  order: 1 a path is replaced by the word's basic relation (universal part) to its basic
  head, and a repeated edge is dropped; 2 of a word's ``conj`` edges only the last is kept,
  and nothing else; 3 changes nothing (the scorer compares a word with a string, never
  equal); 4 an ``nsubj`` edge from a word whose basic relation is ``xcomp`` is dropped;
  5 a ``ref`` edge becomes the basic edge, and an edge from an ``acl`` word whose basic
  HEAD equals the dependent's 0-based position is dropped; 6 ``obl``, ``nmod``, ``conj``
  and ``advcl`` lose a second part that is not ``pass``, ``relcl`` or ``xsubj``;
- the basic edge that 1 and 5 put in for the root word has no head at all (Python's
  None), which corresponds to nothing: it counts in the totals and is never correct.

>>> rules = EnhancedRules(enhancements="16")
>>> sorted(rules.switched_off), rules.read_options(False).deps
(['1', '6'], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..arrays import BoolArray, Int32Array, IntArray
from ..model.vocabulary import Vocabulary
from .alignment import invert
from .format_error import UDFormatError
from .metrics import Score, UDScores
from .readers.layout import ReadOptions
from .treebank import UDTreebank

#: the scorers with enhanced metrics
SCORERS = ("udeval", "iwpt20")
#: the enhanced metrics, in udeval's order
ENHANCED_METRICS = ("ELAS", "EULAS")
#: the digits of ``--enhancements`` that switch an enhancement off
ENHANCEMENTS = {"1": "gapping", "2": "shared parents in coordination",
                "3": "shared dependents in coordination", "4": "control",
                "5": "external arguments of relative clauses", "6": "case information"}
#: head codes besides word indices: the root, a system head aligned with no gold word,
#: and the head the root word's basic edge has (None there), in gold and in system
ROOT, NOT_ALIGNED, GOLD_NONE, SYSTEM_NONE = -1, -2, -3, -4
#: the relations whose case information enhancement 6 removes, and the subtypes it keeps
CASE_RELATIONS = frozenset(("obl", "nmod", "conj", "advcl"))
KEPT_SUBTYPES = frozenset(("pass", "relcl", "xsubj"))
#: the largest head the arrays take (any larger one is outside every sentence)
_LARGEST = 1 << 62


@dataclass(frozen=True)
class EnhancedRules:
    """How DEPS is read and scored: the ``scorer`` (``udeval``, or ``iwpt20`` for
    iwpt20_xud_eval.py), whether ELAS and EULAS are ``scored`` (udeval's ``--no-enhanced``
    still reads and checks DEPS, as udeval does), the ``enhancements`` switched off (udeval's
    string of digits; other characters mean nothing, as there), and whether empty nodes are
    refused (``no_empty_nodes``; iwpt20_xud_eval.py always refuses them)."""

    scorer: str = "udeval"
    scored: bool = True
    enhancements: str = "0"
    no_empty_nodes: bool = False

    def __post_init__(self) -> None:
        if self.scorer not in SCORERS:
            raise ValueError(f"scorer {self.scorer!r} is not one of {SCORERS}")

    @property
    def switched_off(self) -> frozenset[str]:
        """The enhancements switched off, as digits."""
        return frozenset(self.enhancements) & frozenset(ENHANCEMENTS)

    @property
    def refuses_empty_nodes(self) -> bool:
        return self.no_empty_nodes or self.scorer == "iwpt20"

    def read_options(self, multiple_roots_okay: bool) -> ReadOptions:
        """How these rules read a file."""
        return ReadOptions(multiple_roots_okay=multiple_roots_okay, deps=True,
                           no_empty_nodes=self.refuses_empty_nodes)


@dataclass
class Edges:
    """The enhanced edges of a treebank, in word order (each word's in its DEPS order):
    the dependent word, the head (a word index or a code: :data:`ROOT`, :data:`GOLD_NONE`)
    and the path (an id in the treebank's vocabulary)."""

    word: IntArray
    head: IntArray
    label: Int32Array


#: a DEPS string parsed: its (head, path id) pairs, or the error it raises
_Parsed = tuple[list[int], list[int]] | str


class EnhancedReader:
    """Reads the edges of treebanks that share one vocabulary (``vocabulary``, for paths)
    and one of DEPS strings (``deps``): the two files of a pair, and their pieces.  Each
    distinct DEPS string is parsed once, into arrays indexed by its id, and each flag of a
    path is computed once.

    >>> from treeeval.ud.readers.reading import read_ud
    >>> from treeeval.ud.readers.scan import Interner
    >>> import tempfile
    >>> rows = ["1 They they PRON _ _ 2 nsubj 2:nsubj|4:nsubj:xsubj _",
    ...         "2 like like VERB _ _ 0 root 0:root _", "3 to to PART _ _ 4 mark 4:mark _",
    ...         "4 swim swim VERB _ _ 2 xcomp 2:xcomp _"]
    >>> with tempfile.NamedTemporaryFile("w", suffix=".conllu", delete=False) as f:
    ...     _ = f.write("".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n")
    >>> rules = EnhancedRules()
    >>> options = rules.read_options(False)
    >>> interner = Interner.of(Vocabulary(), Vocabulary(), options)
    >>> treebank = read_ud(f.name, options, interner.vocabulary, interner.forms, None, interner)
    >>> edges = EnhancedReader(interner.vocabulary, interner.deps, rules).edges(treebank)
    >>> edges.word.tolist(), edges.head.tolist()
    ([0, 0, 1, 2, 3], [1, 3, -1, 3, 1])
    >>> no_control = EnhancedRules(enhancements="4")
    >>> reader = EnhancedReader(interner.vocabulary, interner.deps, no_control)
    >>> reader.edges(treebank).word.tolist()
    [0, 1, 2, 3]
    """

    def __init__(self, vocabulary: Vocabulary, deps: Vocabulary, rules: EnhancedRules) -> None:
        self.vocabulary = vocabulary
        self.deps = deps
        self.rules = rules
        self.memos: dict[str, dict[int, int]] = {}
        # per DEPS id: its edges' start in the flat arrays and their number, or its error
        self.start = np.zeros(0, np.int64)
        self.count = np.zeros(0, np.int64)
        self.errors: dict[int, str] = {}
        self.heads = np.zeros(0, np.int64)
        self.labels = np.zeros(0, np.int32)

    def edges(self, treebank: UDTreebank) -> Edges:
        """The edges of a treebank read with :meth:`EnhancedRules.read_options` (a DEPS
        the scorer crashes on is a :class:`UDFormatError` at its line)."""
        word, relative, label, offset = self._checked(treebank)
        head = np.where(relative == 0, ROOT, offset + relative - 1)
        return self._filtered(treebank, Edges(word, head, label), offset)

    def check(self, treebank: UDTreebank) -> None:
        """Raise the error the scorer meets in a treebank's DEPS, if any: the scorer reads
        DEPS as it loads a file, so a pair's gold file is checked before its system file is
        read (which file an error names)."""
        self._checked(treebank)

    def _checked(self, treebank: UDTreebank) -> tuple[IntArray, IntArray, Int32Array, IntArray]:
        """The edges as written (:meth:`_raw`), their heads checked to be in the sentence,
        and the first word of each edge's sentence."""
        word, relative, label = self._raw(treebank)
        sentence = treebank.word_sentences()[word]
        offset = treebank.sentence_offsets[sentence]
        size = np.diff(treebank.sentence_offsets)[sentence]
        outside = np.flatnonzero((relative < 0) | (relative > size))
        if len(outside):
            first = int(outside[0])
            raise UDFormatError(f"enhanced head {int(relative[first])} in DEPS points outside "
                                "the sentence", path=treebank.path,
                                line=int(treebank.word_line[word[first]]))
        return word, relative, label, offset

    def _raw(self, treebank: UDTreebank) -> tuple[IntArray, IntArray, Int32Array]:
        """Every edge as written: dependent, head in the sentence (0: the root), path."""
        deps = treebank.deps
        self._parse_new()
        if self.errors:
            wrong = np.flatnonzero(np.isin(deps, list(self.errors)))
            if len(wrong):
                first = int(wrong[0])
                raise UDFormatError(self.errors[int(deps[first])], path=treebank.path,
                                    line=int(treebank.word_line[first]))
        per_word = self.count[deps]
        word = np.repeat(np.arange(len(deps)), per_word)
        rank = np.arange(len(word)) - np.repeat(np.cumsum(per_word) - per_word, per_word)
        at = self.start[deps][word] + rank
        return word, self.heads[at], self.labels[at]

    def _parse_new(self) -> None:
        """Parse the DEPS strings interned since the last call."""
        known, strings = len(self.count), self.deps.strings
        if known == len(strings):
            return
        heads: list[int] = []
        labels: list[int] = []
        starts = []
        counts = []
        base = len(self.heads)
        for key in range(known, len(strings)):
            parsed = self._parse(strings[key])
            starts.append(base + len(heads))
            if isinstance(parsed, str):
                self.errors[key] = parsed
                counts.append(0)
                continue
            counts.append(len(parsed[0]))
            heads += parsed[0]
            labels += parsed[1]
        self.start = np.concatenate((self.start, np.array(starts, np.int64)))
        self.count = np.concatenate((self.count, np.array(counts, np.int64)))
        self.heads = np.concatenate((self.heads, np.array(heads, np.int64)))
        self.labels = np.concatenate((self.labels, np.array(labels, np.int32)))

    def _parse(self, deps: str) -> _Parsed:
        """A DEPS string as the scorer reads it, or the message of the error it raises."""
        iwpt20 = self.rules.scorer == "iwpt20"
        if deps in ("", "_"):
            if iwpt20:
                return (f"DEPS '{deps}' holds no enhanced edge (iwpt20_xud_eval.py crashes "
                        "on it; udeval reads it as none)")
            return [], []
        heads: list[int] = []
        paths: list[int] = []
        for edge in deps.split("|"):
            head, colon, path = edge.partition(":")
            if not colon:
                return f"DEPS entry '{edge}' is not HEAD:RELATION"
            if "." in head:
                if iwpt20 or self.rules.no_empty_nodes:
                    return (f"DEPS entry '{edge}' refers to an empty node (the empty nodes "
                            "must be collapsed)")
                continue
            try:
                value = int(head)
            except ValueError:
                return f"cannot parse the enhanced head '{head}' of DEPS entry '{edge}'"
            heads.append(max(min(value, _LARGEST), -_LARGEST))
            paths.append(self.vocabulary[path])
        return heads, paths

    def _filtered(self, treebank: UDTreebank, edges: Edges, offset: IntArray) -> Edges:
        """The edges left when the enhancements switched off are taken out (the module's
        list, in the scorer's order)."""
        off = self.rules.switched_off
        if not off or not len(edges.word):
            return edges
        work = _Working(edges.word, edges.head, edges.label, offset,
                        np.where(treebank.head[edges.word] < 0, GOLD_NONE,
                                 treebank.head[edges.word]),
                        treebank.deprel[edges.word])
        if "1" in off:
            path = self.flag("path", work.label, lambda p: ">" in p)
            work.replace(path)
            work.keep(path | _first_occurrences(work.word, work.head, work.label))
        if "2" in off:
            conj = self.flag("conj", work.label, lambda p: ">" not in p and p.startswith("conj"))
            work.keep(_last_conj_only(work.word, conj, treebank.words))
        if "4" in off:
            xcomp = self.flag("xcomp", work.head_relation(treebank), lambda r: r == "xcomp")
            nsubj = self.flag("nsubj", work.label,
                              lambda p: any(s.startswith("nsubj") for s in p.split(">")))
            work.keep(~(work.headed() & xcomp & nsubj))
        if "5" in off:
            ref = self.flag("ref", work.label, lambda p: p.split(">")[0] == "ref")
            acl = self.flag("acl", work.head_relation(treebank), lambda r: r.startswith("acl"))
            parents_head = treebank.head[np.maximum(work.head, 0)]
            parents_head_id = np.where(parents_head < 0, 0, parents_head - work.offset + 1)
            external = ~ref & work.headed() & acl & (parents_head_id == work.word - work.offset)
            work.replace(ref)
            work.keep(~external)
        if "6" in off:
            work.label = self.mapped("case", work.label, _without_case)
        return Edges(work.word, work.head, work.label)

    def universal(self, labels: Int32Array) -> Int32Array:
        """Each path with only the universal part of every step (what EULAS compares)."""
        return self.mapped("universal", labels,
                           lambda p: ">".join(s.split(":")[0] for s in p.split(">")))

    def flag(self, name: str, ids: Int32Array, test: Callable[[str], bool]) -> BoolArray:
        """``test`` of the string of every id (each distinct id tested once)."""
        return self._memo(name, ids, lambda s: int(test(s))).astype(bool)

    def mapped(self, name: str, ids: Int32Array, change: Callable[[str], str]) -> Int32Array:
        """The id of ``change`` of the string of every id (each distinct id changed once)."""
        vocabulary = self.vocabulary
        return self._memo(name, ids, lambda s: vocabulary[change(s)]).astype(np.int32)

    def _memo(self, name: str, ids: Int32Array, value: Callable[[str], int]) -> IntArray:
        memo = self.memos.setdefault(name, {})
        distinct, inverse = np.unique(ids, return_inverse=True)
        strings = self.vocabulary.strings
        values = [memo.get(i) for i in distinct.tolist()]
        for index, known in enumerate(values):
            if known is None:
                key = int(distinct[index])
                values[index] = memo[key] = value(strings[key])
        return np.asarray(values, np.int64).reshape(-1)[inverse.reshape(-1)]


@dataclass
class _Working:
    """Edges being filtered, with what the filters read of each edge's dependent: its
    sentence's first word, its basic head (:data:`GOLD_NONE` for the root) and relation."""

    word: IntArray
    head: IntArray
    label: Int32Array
    offset: IntArray
    basic_head: IntArray
    basic_label: Int32Array

    def keep(self, mask: BoolArray) -> None:
        """Keep the edges of ``mask`` only."""
        self.word, self.head, self.offset, self.basic_head = (
            self.word[mask], self.head[mask], self.offset[mask], self.basic_head[mask])
        self.label, self.basic_label = self.label[mask], self.basic_label[mask]

    def replace(self, mask: BoolArray) -> None:
        """The edges of ``mask`` become their dependent's basic edge."""
        self.head = np.where(mask, self.basic_head, self.head)
        self.label = np.where(mask, self.basic_label, self.label).astype(np.int32)

    def headed(self) -> BoolArray:
        """Whether each edge's head is a word (not the root, not None)."""
        return self.head >= 0

    def head_relation(self, treebank: UDTreebank) -> Int32Array:
        """The basic relation of each edge's head (anything where it is not a word)."""
        return treebank.deprel[np.maximum(self.head, 0)]


def _without_case(path: str) -> str:
    """Enhancement 6 switched off: ``obl:in`` -> ``obl`` (``obl:pass``, ``obl:a:b`` kept)."""
    steps = []
    for step in path.split(">"):
        parts = step.split(":")
        if parts[0] in CASE_RELATIONS and len(parts) == 2 and parts[1] not in KEPT_SUBTYPES:
            step = parts[0]
        steps.append(step)
    return ">".join(steps)


def _keys(word: IntArray, head: IntArray, label: Int32Array, words: int) -> IntArray:
    """One integer per distinct (word, head, label) row (``words``: above every word and
    head index); a product key where it fits in 62 bits, else ranks of distinct rows."""
    labels = int(label.max()) + 1 if len(label) else 1
    span = words + 5  # heads go down to SYSTEM_NONE
    if span * span * labels < 1 << 62:
        return (word * span + (head - SYSTEM_NONE)) * labels + label
    ids = np.zeros(len(word), np.int64)
    for column in (word, head - SYSTEM_NONE, label):
        _, ids = np.unique(ids * span + column, return_inverse=True)
        ids = ids.reshape(-1)
        span = max(span, labels)
    return ids


def _first_occurrences(word: IntArray, head: IntArray, label: Int32Array) -> BoolArray:
    """Whether each edge is the first of its word with its head and path."""
    key = _keys(word, head, label, int(max(word.max(), head.max())) + 1)
    first = np.zeros(len(key), bool)
    first[np.unique(key, return_index=True)[1]] = True
    return first


def _last_conj_only(word: IntArray, conj: BoolArray, words: int) -> BoolArray:
    """Enhancement 2 switched off: of a word with a one-step ``conj`` edge only the last
    such edge is kept; other words keep every edge."""
    at = np.flatnonzero(conj)
    conj_word = word[at]
    last = np.append(conj_word[1:] != conj_word[:-1], True) if len(at) else np.zeros(0, bool)
    has = np.zeros(words, bool)
    has[conj_word] = True
    keep = ~has[word]
    keep[at[last]] = True
    return keep


@dataclass
class EnhancedCounts:
    """ELAS or EULAS: the score and its rows per gold sentence (correct, gold, system,
    aligned), as :class:`~.metrics.UDScores` holds every metric, and which gold and which
    system edges have a match on the other side."""

    score: Score
    rows: IntArray
    gold_right: BoolArray
    system_right: BoolArray


@dataclass
class EnhancedView:
    """The enhanced edges of a scored pair, for reports and the browser: the gold and the
    system edges (each side's word indices; heads: a word, :data:`ROOT`, or the None head
    of the root word's basic edge), whether each has a match under ELAS, and the
    system-to-gold word map."""

    gold: Edges
    system: Edges
    gold_right: BoolArray
    system_right: BoolArray
    system_to_gold: IntArray


def enhanced_counts(gold: Edges, system: Edges, gold_labels: Int32Array,
                    system_labels: Int32Array, system_to_gold: IntArray,
                    gold_sentence: IntArray, system_sentence: IntArray,
                    aligned_at: IntArray | None, sentences: int) -> EnhancedCounts:
    """One enhanced metric over edges labelled ``*_labels`` (the paths for ELAS, their
    universal parts for EULAS): ``system_to_gold`` maps system words to gold ones (-1);
    ``*_sentence`` give the gold sentence of each gold and each system word; ``aligned_at``
    the gold sentence of each aligned pair for the aligned count iwpt20_xud_eval.py prints
    (None: no aligned count, as udeval).

    >>> edges = Edges(np.array([0, 1]), np.array([1, -1]), np.array([5, 6], np.int32))
    >>> counts = enhanced_counts(edges, edges, edges.label, edges.label, np.array([0, 1]),
    ...                          np.zeros(2, np.int64), np.zeros(2, np.int64), None, 1)
    >>> counts.score
    Score(correct=2, gold=2, system=2, aligned=None)
    """
    mapped_word = system_to_gold[system.word]
    aligned = mapped_word >= 0
    mapped_head = np.where(system.head >= 0, system_to_gold[np.maximum(system.head, 0)],
                           np.where(system.head == ROOT, ROOT, SYSTEM_NONE))
    mapped_head = np.where((system.head >= 0) & (mapped_head < 0), NOT_ALIGNED, mapped_head)
    size = len(gold.word)
    key = _keys(np.concatenate((gold.word, mapped_word[aligned])),
                np.concatenate((gold.head, mapped_head[aligned])),
                np.concatenate((gold_labels, system_labels[aligned])), len(gold_sentence))
    gold_keys = np.sort(key[:size])
    matched = (np.searchsorted(gold_keys, key[size:], "right")
               - np.searchsorted(gold_keys, key[size:], "left"))
    where = gold_sentence[mapped_word[aligned]]
    correct = np.bincount(where, matched, sentences)[:sentences].astype(np.int64)
    rows = np.stack([
        correct,
        np.bincount(gold_sentence[gold.word], minlength=sentences)[:sentences],
        np.bincount(system_sentence[system.word], minlength=sentences)[:sentences],
        np.zeros(sentences, np.int64) if aligned_at is None else
        np.bincount(aligned_at, minlength=sentences)[:sentences]], 1)
    total = Score(int(matched.sum()), size, len(system.word),
                  None if aligned_at is None else len(aligned_at))
    system_right = np.zeros(len(system.word), bool)
    system_right[aligned] = matched > 0
    return EnhancedCounts(total, rows, np.isin(key[:size], key[size:]), system_right)


def add_enhanced(scores: UDScores, gold: UDTreebank, system: UDTreebank,
                 gold_to_system: IntArray, reader: EnhancedReader) -> EnhancedView | None:
    """Check both files' DEPS as the scorer reads them and, unless the rules leave them
    unscored, add ELAS and EULAS to the scores of the pair (after the other metrics) and
    return the edges behind them."""
    gold_edges, system_edges = reader.edges(gold), reader.edges(system)
    if not reader.rules.scored:
        return None
    system_to_gold = invert(gold_to_system, system.words)
    gold_sentence = gold.word_sentences()
    system_sentence = gold.sentences_at(system.word_start)
    aligned_at = (gold_sentence[np.flatnonzero(gold_to_system >= 0)]
                  if reader.rules.scorer == "iwpt20" else None)
    view = None
    for name, gold_labels, system_labels in (
            ("ELAS", gold_edges.label, system_edges.label),
            ("EULAS", reader.universal(gold_edges.label), reader.universal(system_edges.label))):
        counts = enhanced_counts(gold_edges, system_edges, gold_labels, system_labels,
                                 system_to_gold, gold_sentence, system_sentence, aligned_at,
                                 gold.sentences)
        scores.scores[name], scores.per_sentence[name] = counts.score, counts.rows
        if name == "ELAS":
            view = EnhancedView(gold_edges, system_edges, counts.gold_right,
                                counts.system_right, system_to_gold)
    return view
