"""Human judgments of parse quality (Plank et al. 2015) against the metrics: ``treeeval task
--judgments PATH``.

The data as distributed (``datapackage/LANG/``): ``annotated.csv`` holds one line per
sentence and one comma-separated column per annotator, each ``blue`` or ``red``: which of
the two parses of the sentence the annotator found better (empty: the annotator did not judge
that sentence, as in the Danish file); ``gold.conll``, ``parser1.conll``
and ``parser2.conll`` beside it are the gold trees and the two parsers' (CoNLL-X, the same
sentences).  Blue stands for parser 1 and red for parser 2 (as Callin's notebooks map them,
and as the metrics agree: every correlation is positive).

The unit is the sentence, as the judgments are: for each metric (LAS, UAS, LA as ``treeeval
dep`` counts them, every token included; Callin's content precision and recall, CPrec and
CRec), the difference of the sentence's score, parser 2 minus parser 1, is correlated with
the share of the annotators who preferred parser 2, by Spearman's rho (average ranks for
ties).  A sentence no annotator judged, or without a score under a metric (no content
relation for CRec, say) is left out of that metric's correlation.  Callin's metrics apply
only where the gold relations are Universal Dependencies ones (every relation, its subtype
cut, is in Callin's table; the Danish and Croatian files of the package are not): elsewhere
they are undefined.  The files' FORMs may differ (the Croatian parser 2
writes ``<num>`` for numbers); the sentences must have the same lengths.  PHEAD and PDEPREL
are not read (the Plank parser 2 files write ``-`` there).

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp()) / "xx"
>>> folder.mkdir()
>>> row = "{}\\tw\\t_\\tX\\tX\\t_\\t{}\\t{}\\t_\\t_\\n"
>>> good = row.format(1, 0, "root") + row.format(2, 1, "nsubj") + "\\n"
>>> bad = row.format(1, 0, "root") + row.format(2, 1, "det") + "\\n"
>>> for name, text in [("gold", good * 3), ("parser1", good + bad + good),
...                    ("parser2", bad + good + good)]:
...     _ = (folder / f"{name}.conll").write_text(text)
>>> _ = (folder / "annotated.csv").write_text("blue,blue\\nred,red\\nred,blue\\n")
>>> result = correlate(read_judgments(str(folder / "annotated.csv")), ("LAS", "UAS", "CRec"))
>>> result.name, result.sentences, round(result.rho["LAS"], 6), result.rho["UAS"]
('xx', 3, 1.0, None)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ..arrays import BoolArray, FloatArray, ObjectArray
from ..dep.metrics import token_hits
from ..dep.reading import end_line
from ..errors import InputError
from ..formats.conll import read_conll
from ..formats.text import named_source, read_text
from ..model.treebank import Treebank
from ..model.vocabulary import Vocabularies
from ..stats.correlation import spearman
from ..ud.relation_classes import CLASSES, load_relation_classes, relation_class_codes
from ..wording import counted

#: the file of the judgments, and the trees beside it
ANNOTATED = "annotated.csv"
FILES = ("gold.conll", "parser1.conll", "parser2.conll")
#: the annotators' two choices: parser 1, parser 2
CHOICES = ("blue", "red")
#: the metrics correlated with the judgments, in the tables' order
JUDGMENT_METRICS = ("LAS", "UAS", "LA", "CPrec", "CRec")
#: those of Callin, which need Universal Dependencies relations
CALLIN_METRICS = ("CPrec", "CRec")


@dataclass
class Judgments:
    """One language's judgments: its name (the folder's), the annotators' choices (one row
    per sentence: 1 where an annotator preferred parser 2, 0 parser 1, NaN no judgment) and
    the three treebanks."""

    name: str
    path: str
    preferred_second: FloatArray
    gold: Treebank
    parsers: tuple[Treebank, Treebank]

    @property
    def second_share(self) -> FloatArray:
        """Per sentence, the share of the judgments that preferred parser 2 (NaN: none)."""
        judged = np.count_nonzero(~np.isnan(self.preferred_second), axis=1)
        red = np.nansum(self.preferred_second, axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(judged > 0, red / judged, np.nan)


@dataclass
class JudgmentCorrelation:
    """Spearman's rho of each metric's per-sentence difference with the judgments (None:
    undefined), and how many sentences each used."""

    name: str
    path: str
    sentences: int
    annotators: int
    rho: dict[str, float | None]
    used: dict[str, int]
    #: a gold relation outside Callin's table (Callin's metrics do not apply), if any
    foreign: str | None = None


def judgment_files(paths: Sequence[str]) -> list[str]:
    """The ``annotated.csv`` files of ``--judgments``: each path is such a file, a folder
    holding one, or a folder of folders holding one (sorted by name).

    >>> judgment_files(["nowhere"])
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: nowhere: no annotated.csv, in it or in its folders
    """
    found: list[str] = []
    for path in paths:
        if os.path.isfile(path):
            found.append(path)
        elif os.path.isfile(os.path.join(path, ANNOTATED)):
            found.append(os.path.join(path, ANNOTATED))
        elif inner := sorted(str(p) for p in Path(path).glob(f"*/{ANNOTATED}")):
            found.extend(inner)
        else:
            raise InputError(f"no {ANNOTATED}, in it or in its folders", path=path)
    return found


def read_choices(path: str) -> FloatArray:
    """The choices of ``annotated.csv``: a (sentences, annotators) matrix, 1 for ``red``
    (parser 2), 0 for ``blue`` (parser 1), NaN for an empty cell (no judgment).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
    ...     _ = f.write("blue,red\\n,red\\n")
    >>> read_choices(f.name).tolist()
    [[0.0, 1.0], [nan, 1.0]]
    >>> os.remove(f.name)
    """
    lines = read_text(path, "the judgments").splitlines()
    rows = [[cell.strip() for cell in line.split(",")] for line in lines]
    for number, row in enumerate(rows, 1):
        bad = next((cell for cell in row if cell not in CHOICES + ("",)), None)
        if bad is not None:
            raise InputError(f"a judgment must be blue, red or empty, found {bad!r}", path=path,
                             line=number)
        if len(row) != len(rows[0]):
            raise InputError(f"{counted(len(row), 'judgment')} where the first line has "
                             f"{len(rows[0])}",
                             path=path, line=number)
    if not rows:
        raise InputError("no judgment", path=path, line=1)
    cells = np.array(rows)
    return np.where(cells == "", np.nan, (cells == CHOICES[1]).astype(np.float64))


def read_judgments(path: str) -> Judgments:
    """An ``annotated.csv`` and the three treebanks beside it, checked to match."""
    folder = os.path.dirname(path)
    choices = read_choices(path)
    vocabulary = Vocabularies()
    gold, first, second = (_read_trees(os.path.join(folder, name), vocabulary)
                           for name in FILES)
    for name, parsed in zip(FILES[1:], (first, second)):
        _check_sentences(gold, parsed, os.path.join(folder, name))
    if len(choices) != len(gold.sizes):
        line = len(gold.sizes) + 1 if len(choices) > len(gold.sizes) else end_line(path)
        raise InputError(f"{counted(len(choices), 'line')} of judgments for "
                         f"{counted(len(gold.sizes), 'sentence')} "
                         f"in {FILES[0]}", path=path, line=line)
    name = os.path.basename(os.path.abspath(folder))
    return Judgments(name, path, choices, gold, (first, second))


def _check_sentences(gold: Treebank, parsed: Treebank, path: str) -> None:
    """A parser's file must hold as many sentences as the gold file, of the same lengths;
    the error is at the first sentence that differs (or where the file ends)."""
    common = min(len(gold.sizes), len(parsed.sizes))
    differ = np.flatnonzero(gold.sizes[:common] != parsed.sizes[:common])
    if len(differ) == 0 and len(gold.sizes) == len(parsed.sizes):
        return
    first = int(differ[0]) if len(differ) else common
    assert parsed.sentence_line is not None  # a treebank of _read_trees knows its lines
    line = int(parsed.sentence_line[first]) if first < len(parsed.sizes) else end_line(path)
    raise InputError(f"sentence {first + 1} differs from {FILES[0]}'s in length, or is "
                     f"missing from one of them ({counted(len(gold.sizes), 'sentence')} in {FILES[0]}, "
                     f"{len(parsed.sizes)} here)", path=path, line=line)


def _read_trees(path: str, vocabulary: Vocabularies) -> Treebank:
    """A CoNLL-X file (its PHEAD and PDEPREL are not checked: no metric here uses them)."""
    try:
        return Treebank.from_sentences(read_conll(named_source(path, None)), vocabulary)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None


def correlate(judgments: Judgments,
              metrics: Sequence[str] = JUDGMENT_METRICS) -> JudgmentCorrelation:
    """Spearman's rho of each metric's per-sentence difference (parser 2 minus parser 1)
    with the share of the annotators who preferred parser 2."""
    share = judgments.second_share
    rho: dict[str, float | None] = {}
    used: dict[str, int] = {}
    foreign = _foreign_relation(judgments.gold)
    for metric in metrics:
        if foreign is not None and metric in CALLIN_METRICS:
            rho[metric], used[metric] = None, 0
            continue
        first, second = (sentence_scores(metric, judgments.gold, parsed)
                         for parsed in judgments.parsers)
        kept = ~(np.isnan(first) | np.isnan(second) | np.isnan(share))
        used[metric] = int(np.count_nonzero(kept))
        rho[metric] = spearman((second - first)[kept], share[kept]) if used[metric] else None
    return JudgmentCorrelation(judgments.name, judgments.path, len(share),
                               judgments.preferred_second.shape[1], rho, used, foreign)


def _foreign_relation(gold: Treebank) -> str | None:
    """The first gold relation (subtype cut) that Callin's table does not list, if any.

    >>> from treeeval.model.dependencies import DependencySentence as S
    >>> _foreign_relation(Treebank.from_sentences([S(["a"], ["X"], [0], ["ROOT"])]))
    'ROOT'
    """
    relations = _universal(gold.strings("deprel"))
    known = np.isin(relations, list(load_relation_classes()))
    return None if known.all() else str(relations[np.argmin(known)])


def sentence_scores(metric: str, gold: Treebank, parsed: Treebank) -> FloatArray:
    """Each sentence's score under ``metric`` (a ratio; NaN where it has no denominator):
    a ``treeeval dep`` token metric, or Callin's content precision (CPrec) or recall (CRec).

    >>> from treeeval.model.dependencies import DependencySentence as S
    >>> gold = Treebank.from_sentences([S(["a", "b"], ["X"] * 2, [0, 1], ["root", "nsubj"])])
    >>> parsed = Treebank.from_sentences([S(["a", "b"], ["X"] * 2, [0, 1], ["root", "det"])])
    >>> sentence_scores("LAS", gold, parsed).tolist(), sentence_scores("CPrec", gold, parsed)
    ([0.5], array([1.]))
    """
    if metric in CALLIN_METRICS:
        hits, counted = _content(gold, parsed, precision=metric == "CPrec")
    else:
        hits, counted = token_hits(metric, gold, parsed), np.ones(len(gold.sentence), bool)
    size = len(gold.sizes)
    numerator = np.bincount(gold.sentence, weights=hits & counted, minlength=size)
    denominator = np.bincount(gold.sentence, weights=counted, minlength=size)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, numerator / denominator, np.nan)


def _content(gold: Treebank, parsed: Treebank, precision: bool) -> tuple[BoolArray, BoolArray]:
    """Callin's content attachment per token: the hits (a gold content relation, the right
    head and the right universal relation) and the tokens counted (precision: the parsed
    content relations; recall: the gold ones)."""
    classes = load_relation_classes()
    gold_relation = _universal(gold.strings("deprel"))
    parsed_relation = _universal(parsed.strings("deprel"))
    content = CLASSES.index("content")
    gold_content = relation_class_codes(gold_relation, classes) == content
    parsed_content = relation_class_codes(parsed_relation, classes) == content
    hits = gold_content & (gold.heads == parsed.heads) & (gold_relation == parsed_relation)
    return hits, parsed_content if precision else gold_content


def _universal(relations: ObjectArray) -> NDArray[np.str_]:
    """The universal part of each relation (up to ``:``), as CoNLL 2018 and Callin compare.

    >>> _universal(np.array(["nmod:poss", "det"], dtype=object)).tolist()
    ['nmod', 'det']
    """
    return np.char.partition(relations.astype(str), ":")[:, 0]
