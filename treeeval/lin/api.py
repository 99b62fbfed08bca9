"""Lin's (1995) evaluation of answers against a key, as data: each input read in whichever
format it is written (Lin tuples, CoNLL, bracketed trees converted with a head table), the
modify operations applied to both sides, each answer's error count per sentence, its
phrase scores when both sides are trees, and the text of ``treeeval lin``'s report.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "key").write_text("Rain N < fell\\nfell V *\\n")
>>> _ = (folder / "answer").write_text("Rain N ?\\nfell V *\\n")
>>> result = evaluate_lin(str(folder / "key"), [str(folder / "answer")])
>>> result.answers[0].total_errors, result.answers[0].error_rate
(1, 50.0)
>>> print(report(result.answers[0]), end="")
Sent  Words  Scored  Errors
   1      2       2       1
total: 1 error in 2 scored words (2 words, 1 sentence)
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from nltk import Tree

from ..errors import InputError
from ..formats.headrules import DEFAULT_HEADS, HeadTable
from ..formats.sentences import tree_or_dependencies
from ..model.dependencies import UNKNOWN_HEAD, DependencySentence
from ..policy.inputs import Source, api_inputs
from ..policy.notices import Notice
from ..policy.sniffing import sniff
from ..stats.rates import UNDEFINED
from ..wording import counted
from .compare import AnswerScores
from .notation import read_tuples
from .ops import Operation, modify, read_ops
from .score import phrase_scores, phrase_spans, side_by_side, word_errors


@dataclass
class LinInput:
    """One input: its dependency sentences and, for trees, their phrase boundaries."""

    sentences: list[DependencySentence]
    spans: list[set[tuple[int, int]]] | None = None
    warnings: list[Notice] = field(default_factory=list)


@dataclass
class ScoredAnswer(AnswerScores):
    """An answer's scores and, with ``tuples``, its side-by-side tables."""

    tables: list[str] = field(default_factory=list)


@dataclass
class LinResult:
    """Every answer scored against the key: ``keys`` are the key's sentences after the
    operations, ``sides`` the answers as read (before them), ``answers`` their scores;
    ``warnings`` what converting trees said (each input's, once)."""

    keys: list[DependencySentence]
    operations: list[Operation]
    sides: list[LinInput]
    answers: list[ScoredAnswer]
    warnings: list[Notice]


def evaluate_lin(gold: Source, answers: Sequence[Source], *, heads: str = DEFAULT_HEADS,
                 ops: str | None = None, tuples: bool = False) -> LinResult:
    """Score each of ``answers`` against the key ``gold`` (any of Lin's tuples, CoNLL or
    bracketed trees, converted with ``heads``), after the modify operations of ``ops`` (a
    bundled name or a file); ``tuples`` keeps each sentence's side-by-side table.

    ``gold`` and each answer is what :mod:`treeeval.policy.inputs` reads: a path (``-``:
    standard input), the file's bytes or an open file, each maybe gzip, bzip2 or xz
    compressed, or the sentences themselves, each a tree when it is one (a string or bytes
    starting with ``(``, an ``nltk.Tree``, ``(words, spans)``), else a dependency analysis
    (a CoNLL sentence, a ``conllu.TokenList``, (form, head, deprel) rows), all of one
    kind; Lin's tuples come in files only.  An in-memory input is named by its argument
    (``gold``, ``answers[1]``):

    >>> key = [[("Rain", 2, "dep"), ("fell", 0, "root")]]
    >>> result = evaluate_lin(key, [[[("Rain", 0, "root"), ("fell", 1, "dep")]], key])
    >>> [answer.total_errors for answer in result.answers]
    [2, 0]
    """
    with api_inputs() as inputs:
        return inputs.named(_evaluated(
            inputs.path(gold, "gold", tree_or_dependencies),
            [inputs.path(answer, f"answers[{index}]", tree_or_dependencies)
             for index, answer in enumerate(answers)], heads, ops, tuples))


def _evaluated(gold: str, answers: list[str], heads: str, ops: str | None,
               tuples: bool) -> LinResult:
    """evaluate_lin on the paths of the files."""
    operations = read_ops(ops) if ops else []
    key = read_side(gold, heads)
    sides = [read_side(path, heads) for path in answers]
    for side, path in zip(sides, answers):
        _check_counts(key, side, gold, path)
    keys = [modify(operations, sentence) for sentence in key.sentences]
    scored = [score_answer(key, keys, side, operations, gold, path, tuples)
              for side, path in zip(sides, answers)]
    said = list(dict.fromkeys(key.warnings + [notice for side in sides
                                              for notice in side.warnings]))
    return LinResult(keys, operations, sides, scored, said)


def read_side(path: str, heads: str) -> LinInput:
    """Read one input in whichever format it is written (trees converted with ``heads``)."""
    kind = sniff(path, "lin")
    if kind == "tuples":
        return LinInput(read_tuples(path))
    if kind == "conll":
        from ..formats.conll import read_conll

        return LinInput(list(read_conll(path)))
    from ..conversion import ConversionError
    from ..formats.brackets import read_trees, tree_start_line, tree_start_lines

    trees = list(read_trees(path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            side = tree_input(trees, heads)
        except ConversionError as exc:
            raise InputError(exc.reason, path=path,
                             line=tree_start_line(path, exc.sentence) or None) from None
    for sentence, line in zip(side.sentences, tree_start_lines(path)):
        sentence.line = line
    side.warnings = [Notice(str(warning.message), path=path) for warning in caught]
    return side


def tree_input(trees: list[Tree], heads: str | os.PathLike[str] | HeadTable) -> LinInput:
    """Trees as an input: converted with ``heads`` (a ConversionError names the sentence
    from 1; parents without a head rule are a ConversionWarning), with their phrase
    boundaries.

    >>> side = tree_input([Tree.fromstring("(S (NP (NN Rain)) (VP (VBD fell)))")], "collins")
    >>> side.sentences[0].heads, [sorted(spans) for spans in side.spans]
    ([2, 0], [[(0, 0), (0, 1), (1, 1)]])
    """
    from ..conversion import convert

    return LinInput(list(convert(trees, heads=heads)), [phrase_spans(tree) for tree in trees])


def _check_counts(gold: LinInput, answer: LinInput, gold_path: str, answer_path: str) -> None:
    """GOLD and ANSWER must have as many sentences: the error is located at the first
    sentence of the longer file that has no counterpart in the other.

    >>> key = DependencySentence(["a"], ["N"], [0], [""], line=3)
    >>> _check_counts(LinInput([key, key]), LinInput([key]), "key", "answer")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: key:3: GOLD has 2 sentences, ANSWER 1: this one has no counterpart
    """
    sizes = len(gold.sentences), len(answer.sentences)
    if sizes[0] == sizes[1]:
        return
    longer, path = (gold, gold_path) if sizes[0] > sizes[1] else (answer, answer_path)
    extra = longer.sentences[min(sizes)]
    raise InputError(f"GOLD has {counted(sizes[0], 'sentence')}, ANSWER {sizes[1]}: this one has no "
                     "counterpart", path=path, line=extra.line or 1)


class SentenceError(InputError):
    """A sentence that cannot be scored: its ``number`` (from 1, among those scored
    together) and the ``problem`` (the message without the number, which reads ``sentence
    N has ...`` or ``sentence N: ...``), for a caller that names the sentence otherwise
    (treeeval.metrics.Lin: by its index among those given).

    >>> print(SentenceError(3, "has 1 word, but GOLD's has 2", path="answer", line=7))
    answer:7: sentence 3 has 1 word, but GOLD's has 2
    >>> print(SentenceError(3, "word 1 ('a') is its own head", path="answer", line=7))
    answer:7: sentence 3: word 1 ('a') is its own head
    """

    def __init__(self, number: int, problem: str, *, path: str, line: int | None) -> None:
        separator = " " if problem.startswith("has ") else ": "
        super().__init__(f"sentence {number}{separator}{problem}", path=path, line=line)
        self.number, self.problem = number, problem


def _check_heads(sentence: DependencySentence, number: int, path: str) -> None:
    """Reject a word that is its own head (from the input, or from the operations on a
    cycle)."""
    for word, head in enumerate(sentence.heads, start=1):
        if head == word:
            form = sentence.forms[word - 1]
            raise SentenceError(number, f"word {word} ({form!r}) is its own head", path=path,
                                line=sentence.line or None)


def score_answer(gold: LinInput, keys: list[DependencySentence], answer: LinInput,
                 operations: list[Operation], gold_path: str, path: str,
                 tuples: bool = False) -> ScoredAnswer:
    """Score one answer against the key (``keys``: its sentences after the operations)."""
    spans = list(zip(gold.spans, answer.spans)) if gold.spans and answer.spans else None
    counts = np.zeros((3, len(keys)), dtype=np.int64)  # words, scored words, errors
    hits, tables, phrases = [], [], []
    for number, (key, given) in enumerate(zip(keys, answer.sentences), start=1):
        given = modify(operations, given)
        _check_heads(key, number, gold_path)
        _check_heads(given, number, path)
        if len(key) != len(given):
            raise SentenceError(number, f"has {counted(len(given), 'word')}, but GOLD's has "
                                f"{len(key)}", path=path, line=given.line or None)
        wrong = np.array(word_errors(key, given), dtype=bool)
        known = np.array(key.heads) != UNKNOWN_HEAD
        counts[:, number - 1] = len(key), np.count_nonzero(known), np.count_nonzero(wrong)
        hits.append(~wrong[known])
        if spans is not None:
            phrases.append(phrase_scores(*spans[number - 1]))
        if tuples:
            tables.append(f"sentence {number}\n{side_by_side(key, given)}\n")
    return ScoredAnswer(counts[0], counts[1], counts[2], phrases if spans is not None else None,
                        np.concatenate(hits) if hits else np.zeros(0, dtype=bool), tables)


def report(scored: ScoredAnswer) -> str:
    """The per-sentence table, the totals and (with tuples) the tuple tables.

    >>> print(report(ScoredAnswer([2], [2], [1], hits=[False, True])), end="")
    Sent  Words  Scored  Errors
       1      2       2       1
    total: 1 error in 2 scored words (2 words, 1 sentence)
    """
    phrases = scored.phrases is not None
    header = "Sent  Words  Scored  Errors" + ("   Recall    Prec.  Cross" if phrases else "")
    lines = [header]
    for index, (words, known, count) in enumerate(zip(scored.words, scored.scored,
                                                      scored.errors)):
        row = f"{index + 1:>4}  {words:>5}  {known:>6}  {count:>6}"
        if scored.phrases is not None:
            score = scored.phrases[index]
            row += f"  {_percent(score.recall):>7}  {_percent(score.precision):>7}  {score.crossing:>5}"
        lines.append(row)
    errors, sentences = scored.total_errors, len(scored.words)
    lines.append(f"total: {counted(errors, 'error')} in {counted(scored.total_scored, 'scored word')} "
                 f"({counted(int(scored.words.sum()), 'word')}, {counted(sentences, 'sentence')})")
    if phrases:
        total = scored.phrase_total
        lines.append(f"phrases: recall {total.matched}/{total.key} = {_percent(total.recall)}, "
                     f"precision {total.matched}/{total.answer} = {_percent(total.precision)}, "
                     f"crossing {total.crossing}")
    return "\n".join(scored.tables + lines) + "\n"


def _percent(fraction: Fraction | None) -> str:
    """A phrase score as the report writes it: ``66.67%``, ``—`` where undefined."""
    return UNDEFINED if fraction is None else f"{float(fraction):.2%}"


def lin_answers_json(answers: Sequence[str], scored: Sequence[ScoredAnswer]
                     ) -> list[dict[str, object]]:
    """The answers of the ``--json`` document (schemas/lin.json): per answer its totals
    (rates in percent) and its sentences."""
    documents: list[dict[str, object]] = []
    for path, answer in zip(answers, scored):
        total = answer.phrase_total
        documents.append({
            "answer": path, "sentences": len(answer.words), "words": int(answer.words.sum()),
            "scored": answer.total_scored, "errors": answer.total_errors,
            "error_rate": answer.error_rate,
            "phrases": None if answer.phrases is None else {
                "matched": total.matched, "key": total.key, "answer": total.answer,
                "recall": answer.value("recall"), "precision": answer.value("precision"),
                "crossing": total.crossing},
            "per_sentence": [{"words": int(words), "scored": int(known), "errors": int(count)}
                             for words, known, count in zip(answer.words, answer.scored,
                                                             answer.errors)]})
    return documents
