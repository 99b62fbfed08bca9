"""``evaluate_ud``: one gold/system pair scored as the CoNLL 2018 (or 2017) UD scorer does.

>>> import os, tempfile
>>> def conllu(rows):
...     return "".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n"
>>> gold = conllu(["1 Dogs dog NOUN _ _ 2 nsubj _ _", "2 bark bark VERB _ _ 0 root _ _"])
>>> system = conllu(["1 Dogs dog NOUN _ _ 0 root _ _", "2 bark bark VERB _ _ 1 acl _ _"])
>>> folder = tempfile.mkdtemp()
>>> for name, text in (("gold", gold), ("sys", system)):
...     with open(os.path.join(folder, name), "w") as f:
...         _ = f.write(text)
>>> result = evaluate_ud(os.path.join(folder, "gold"), os.path.join(folder, "sys"))
>>> result.scores["UPOS"].f1, result.scores["LAS"].correct, result.scores["CLAS"].gold
(100.0, 0, 2)
>>> result.gold_to_system.tolist(), result.system_head.tolist(), result.gold_deprel.tolist()
([0, 1], [-1, 0], ['nsubj', 'root'])
>>> callin = result.callin()  # Callin's metrics: classes and weights are files or mappings
>>> callin.content_recall, callin.classes["content"].gold, callin.weights_source
(0.0, 2, 'gold')
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ..arrays import Int32Array, IntArray, ObjectArray
from ..errors import InputError
from ..formats.sentences import ENCODERS
from ..model.vocabulary import Vocabulary
from ..policy.inputs import Inputs, Source, api_inputs
from .alignment import AlignInput, align, invert
from .callin import CallinScores, callin_scores
from .enhanced import EnhancedReader, EnhancedRules, EnhancedView, add_enhanced
from .format_error import UDFormatError
from .metrics import UDScores, score
from .readers.layout import ReadOptions
from .readers.reading import read_ud
from .readers.scan import Interner
from .relation_classes import load_relation_classes, table_lines
from .treebank import UDTreebank
from .wde import load_weights as load_wde_weights


@dataclass(kw_only=True)
class UDResult(UDScores):
    """The scores of a pair (:class:`~.metrics.UDScores`), the word alignment, and the
    per-word columns behind them.

    ``scores`` maps each report row (Tokens ... BLEX) to its :class:`Score`;
    ``per_sentence[metric]`` holds one row per gold sentence (correct, gold, system,
    aligned: int64 counts, float64 for WeightedLAS).  ``gold_to_system[i]`` is the system
    word aligned with gold word ``i`` (-1 for none); heads are word indices (-1 for the
    root); DEPRELs are universal (subtype cut).
    """

    gold: UDTreebank
    system: UDTreebank
    gold_to_system: IntArray
    #: the enhanced edges behind ELAS and EULAS (None: not scored)
    enhanced: EnhancedView | None = None

    @property
    def system_to_gold(self) -> IntArray:
        return invert(self.gold_to_system, self.system.words)

    @property
    def gold_head(self) -> IntArray:
        return self.gold.head

    @property
    def system_head(self) -> IntArray:
        return self.system.head

    @property
    def gold_deprel(self) -> ObjectArray:
        return _strings(self.gold.vocabulary.strings, self.gold.deprel)

    @property
    def system_deprel(self) -> ObjectArray:
        return _strings(self.system.vocabulary.strings, self.system.deprel)

    @property
    def gold_form(self) -> ObjectArray:
        """The gold FORMs (those of words outside MWTs without their spaces)."""
        return _strings(self.gold.forms.strings, self.gold.form)

    def callin(self, *, classes: Mapping[str, str] | str | os.PathLike[str] | None = None,
               weights: Mapping[str, float] | str | os.PathLike[str] | None = None,
               classes_source: str | None = None,
               weights_source: str | None = None) -> CallinScores:
        """Callin's metrics of this pair (see :mod:`.callin`) over the word alignment.

        ``classes`` and ``weights`` are mappings or files: a relation-classes file
        (``relation<TAB>class``; default: the paper's table) and a WLAS weights file as
        ``treeeval wde -o`` writes it (default: the word dependency entropy of the gold file
        itself).  A file's name is reported as the table's source, unless ``*_source`` is
        given.
        """
        if isinstance(classes, (str, os.PathLike)):
            classes_source = classes_source or os.fspath(classes)
            classes = load_relation_classes(classes)
        if isinstance(weights, (str, os.PathLike)):
            weights_source = weights_source or os.fspath(weights)
            weights = load_wde_weights(weights)
        return callin_scores(self.gold_deprel, self.gold_head, self.system_deprel,
                             self.system_head, self.gold_to_system, gold_form=self.gold_form,
                             classes=classes, classes_source=classes_source, weights=weights,
                             weights_source=weights_source)


def _strings(strings: list[str], ids: Int32Array) -> ObjectArray:
    """The interned strings ``ids`` stand for, as an object array."""
    return np.array(strings, dtype=object)[ids] if len(ids) else np.zeros(0, dtype=object)


def load_weights(path: str) -> dict[str, float]:
    """A conll17 ``-w`` file: ``DEPREL WEIGHT`` per line, split at white space; ``#`` lines
    and blank lines are skipped and, as in the 2017 scorer, a repeated DEPREL takes its last
    weight.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", delete=False) as f:
    ...     _ = f.write("# weights\\nnsubj 2\\nadvmod   0.5\\n")
    >>> load_weights(f.name)
    {'nsubj': 2.0, 'advmod': 0.5}
    >>> os.remove(f.name)
    """
    return read_weights(path).weights


@dataclass
class WeightsFile:
    """A conll17 ``-w`` file as read: the weights, and the lines whose weight is not a finite
    number (the 2017 scorer takes it, and WeightedLAS may print nan), as (line, what)."""

    weights: dict[str, float]
    doubts: list[tuple[int, str]]


def read_weights(path: str) -> WeightsFile:
    """Read a conll17 ``-w`` file as the 2017 scorer does (:func:`load_weights`), noting each
    weight that is not a finite number (inf, nan, 1e309; a negative weight is a number, and
    a repeated relation keeps its last weight, as there).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", delete=False) as f:
    ...     _ = f.write("nsubj 1e309\\nobj -1\\nnsubj nan\\n")
    >>> table = read_weights(f.name)
    >>> table.weights
    {'nsubj': nan, 'obj': -1.0}
    >>> table.doubts[0]  # doctest: +ELLIPSIS
    (1, "weight '1e309' of 'nsubj' is not a finite number (the 2017 scorer takes it: ...)")
    >>> [line for line, _ in table.doubts]
    [1, 3]
    >>> os.remove(f.name)
    """
    weights: dict[str, float] = {}
    doubts: list[tuple[int, str]] = []
    for number, line, columns in table_lines(path, separator=None):
        try:
            if len(columns) != 2:
                raise ValueError
            relation, weight = columns[0], float(columns[1])
        except ValueError:
            raise InputError("expected a relation and a weight", path=path, line=number,
                             source_line=line) from None
        if not math.isfinite(weight):
            doubts.append((number, f"weight {columns[1]!r} of {relation!r} is not a finite "
                                   "number (the 2017 scorer takes it: WeightedLAS may print "
                                   "nan)"))
        weights[relation] = weight
    return WeightsFile(weights, doubts)


def evaluate_ud(gold_path: Source, system_path: Source, *, conll17: bool = False,
                multiple_roots_okay: bool = False,
                weights: dict[str, float] | None = None,
                enhanced: EnhancedRules | None = None,
                gold_data: bytes | None = None, system_data: bytes | None = None) -> UDResult:
    """Score ``system_path`` against ``gold_path`` (CoNLL-U files).

    Each is what :mod:`treeeval.policy.inputs` reads: a path (``-``: standard input), the
    file's bytes or an open file, each maybe gzip, bzip2 or xz compressed, or the sentences
    themselves in the forms of :mod:`treeeval.formats.sentences` (CoNLL-U sentence strings
    or bytes, ``conllu.TokenList``, (form, head, deprel) rows), named ``gold`` and
    ``system`` (a sentence's error: ``system[3]:2: ...``):

    >>> gold = [[("Dogs", 2, "nsubj"), ("bark", 0, "root")], [("Yes", 0, "root")]]
    >>> system = "\\n".join(["1\\tDogs\\t_\\t_\\t_\\t_\\t2\\tobj\\t_\\t_",
    ...                     "2\\tbark\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_", "",
    ...                     "1\\tYes\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_", "", ""])
    >>> result = evaluate_ud(gold, system.encode())
    >>> result.scores["UAS"].correct, result.scores["LAS"].correct, result.system.path
    (3, 2, '<bytes>')
    >>> evaluate_ud(gold, [[("Dogs", 2, "nsubj"), ("bark", 2, "root")], [("Yes", 0, "root")]])
    Traceback (most recent call last):
    ...
    treeeval.ud.format_error.UDFormatError: system[0]:3: There is a cycle in a sentence

    ``conll17`` applies the CoNLL 2017 rules (only ASCII spaces removed from FORMs,
    literal FEATS and LEMMA, CLAS as a blacklist, no MLAS/BLEX); ``weights`` (DEPREL ->
    weight) adds conll17's WeightedLAS; ``multiple_roots_okay`` accepts sentences with
    several roots, which the reference scorers refuse.  ``enhanced`` reads DEPS as the UD
    team's scorer does (:class:`~.enhanced.EnhancedRules`: udeval or iwpt20_xud_eval.py, the
    enhancements switched off) and adds ELAS and EULAS:

    >>> gold = ["1\\tRain\\t_\\t_\\t_\\t_\\t0\\troot\\t0:root\\t_\\n",
    ...         "1\\tDogs\\t_\\t_\\t_\\t_\\t2\\tnsubj\\t2:nsubj:pass\\t_\\n"
    ...         "2\\tbark\\t_\\t_\\t_\\t_\\t0\\troot\\t0:root\\t_\\n"]
    >>> system = [gold[0], gold[1].replace("nsubj:pass", "nsubj")]
    >>> result = evaluate_ud(gold, system, enhanced=EnhancedRules())
    >>> result.scores["ELAS"].correct, result.scores["EULAS"].correct, result.scores["ELAS"].gold
    (2, 3, 3)

    ``gold_data`` and ``system_data``
    are the files' bytes when they were read already (the paths are then their names
    only: the files are not opened).
    """
    options = (ReadOptions(conll17=conll17, multiple_roots_okay=multiple_roots_okay)
               if enhanced is None else enhanced.read_options(multiple_roots_okay))
    vocabulary, forms = Vocabulary(), Vocabulary()
    interner = Interner.of(vocabulary, forms, options)
    reader = None if enhanced is None else EnhancedReader(vocabulary, interner.deps, enhanced)
    with api_inputs() as inputs:
        gold = read_ud(_path(inputs, gold_path, "gold", gold_data), options, vocabulary,
                       forms, gold_data, interner)
        if reader is not None:
            reader.check(gold)
        system = read_ud(_path(inputs, system_path, "system", system_data), options,
                         vocabulary, forms, system_data, interner)
        if reader is not None:
            reader.check(system)
        return inputs.named(score_treebanks(gold, system, conll17=conll17, weights=weights,
                                            enhanced=reader))


def _path(inputs: Inputs, source: Source, side: str, data: bytes | None) -> str:
    """The path to read for ``source`` (a path's name alone when its bytes ``data`` are
    given)."""
    if data is not None and isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return inputs.path(source, side, ENCODERS["dependencies"])


def score_treebanks(gold: UDTreebank, system: UDTreebank, *, conll17: bool = False,
                    weights: dict[str, float] | None = None,
                    enhanced: EnhancedReader | None = None) -> UDResult:
    """Score a system treebank against a gold one read with the same vocabularies (a
    :class:`~.format_error.UDFormatError` when their texts differ): the one scoring of a
    pair, which :func:`evaluate_ud` and a shared task's runs (a gold file read once for
    every team, treeeval.task.runs) share; ``enhanced`` (the reader of both files' DEPS)
    adds ELAS and EULAS."""
    check_same_text(gold, system)
    gold_to_system = align_treebanks(gold, system)
    scores = score(gold, system, gold_to_system, conll17=conll17, weights=weights)
    view = (None if enhanced is None else
            add_enhanced(scores, gold, system, gold_to_system, enhanced))
    return UDResult(scores.scores, scores.per_sentence, conll17, gold=gold, system=system,
                    gold_to_system=gold_to_system, enhanced=view)


def align_treebanks(gold: UDTreebank, system: UDTreebank) -> IntArray:
    """The word alignment of two treebanks (gold word -> system word or -1)."""
    return align(_align_input(gold), _align_input(system), lowercase=True)


def _align_input(treebank: UDTreebank) -> AlignInput:
    return AlignInput(treebank.word_start, treebank.word_end, treebank.word_mwt,
                      _FormList(treebank))


class _FormList:
    """The FORM of word ``i`` on demand (only words in multiword spans are asked for)."""

    def __init__(self, treebank: UDTreebank) -> None:
        self.ids = treebank.form
        self.strings = treebank.forms.strings

    def __getitem__(self, index: int) -> str:
        return self.strings[self.ids[index]]

    def __len__(self) -> int:
        return len(self.ids)


def check_same_text(gold: UDTreebank, system: UDTreebank) -> None:
    """The scorers' first check: both files hold the same characters (spaces aside).

    The message is the scorers' on one line (theirs breaks the line before "First 20"),
    located at the first line of the system sentence where the texts part (the last
    sentence when the system text stops short).
    """
    if gold.text == system.text:
        return
    index = first_difference(gold.text, system.text)
    line = 1  # an empty system file
    if system.sentences:  # the sentence holding the difference, or the last one
        sentence = int(np.searchsorted(system.sentence_start, index, side="right")) - 1
        line = int(system.sentence_line[max(sentence, 0)])
    raise UDFormatError(
        "The concatenation of tokens in gold file and in system file differ! "
        f"First 20 differing characters in gold file: '{gold.text[index:index + 20]}' "
        f"and system file: '{system.text[index:index + 20]}'", path=system.path, line=line)


def first_difference(first: str, second: str) -> int:
    """The index of the first character where two different strings differ."""
    size = min(len(first), len(second))
    a = np.frombuffer(first[:size].encode("utf-32-le"), np.uint32)
    b = np.frombuffer(second[:size].encode("utf-32-le"), np.uint32)
    differ = np.flatnonzero(a != b)
    return int(differ[0]) if len(differ) else size
