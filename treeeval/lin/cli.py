"""``treeeval lin GOLD ANSWER [ANSWER ...]``: Lin's error count, tuple tables, phrase scores
and, for several answers, their comparison table.

Each input is read as bracketed trees, CoNLL-X/CoNLL-U or Lin tuples (anything else), as
the decision table of every command decides (``treeeval.policy.sniffing``).  Trees are
converted with ``--heads``; the operations of ``--ops`` are applied to both sides before
scoring.

>>> import io, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "key").write_text("Rain N < fell\\nfell V *\\n")
>>> _ = (folder / "answer").write_text("Rain N ?\\nfell V *\\n")
>>> out = io.BytesIO()
>>> run_lin([str(folder / "key"), str(folder / "answer")], out, io.BytesIO())
0
>>> print(out.getvalue().decode(), end="")
Sent  Words  Scored  Errors
   1      2       2       1
total: 1 error in 2 scored words (2 words, 1 sentence)
"""

from __future__ import annotations

import argparse
import json
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ..arguments import (
    Comparing,
    add_comparison,
    add_signature,
    add_strict,
    check_comparing,
    comparing,
    examples,
    run_command,
    stat_plan,
)
from ..errors import InputError, UsageError
from ..html import ArcRow, Arcs, Report, Sentence, SystemSentences, worst_sentences, write_html
from ..model.dependencies import UNKNOWN_HEAD, DependencySentence
from ..policy import signature
from ..policy.envelope import envelope
from ..policy.inputs import input_file, shown, shown_text
from ..policy.notices import Notices
from ..policy.outputs import check_output
from ..policy.sniffing import sniff
from ..tables import ComparisonTable
from ..tables import render as render_table
from ..tables.comparison import StatPlan, metric_list, signature_fields, system_names
from .compare import AnswerScores, comparison_table, metric_names, metrics_tested
from .notation import read_tuples
from .ops import Operation, bundled_ops, find_ops, modify, read_ops
from .score import phrase_scores, phrase_spans, side_by_side, word_errors

DESCRIPTION = """\
Lin's (1995) dependency-based evaluation: per sentence and in total, the words whose head
in ANSWER differs from GOLD (an unknown head '?' in ANSWER is an error; a word whose head
is unknown in GOLD is not scored).  GOLD and ANSWER are Lin tuple files, CoNLL files or
bracketed trees; when both are trees, section 2's phrase scores are reported too.  Several
answers give each answer's report and their comparison table, with --stat each answer
tested against the baseline over the sentences."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files, ``--heads``, ``--ops``, ``--tuples``, ``--json`` and the options of several
    answers."""
    parser.usage = ("%(prog)s GOLD ANSWER [--heads NAME|FILE] [--ops NAME|FILE] [--tuples] "
                    "[--json] [--signature]\n"
                    "       treeeval lin [options] [--stat {bootstrap,ar,mcnemar} [--seed N] "
                    "[--resamples N]]\n"
                    "                    [--baseline SYS] [--metrics LIST] [--format F] "
                    "[--html FILE]\n                    GOLD ANSWER1 ANSWER2 [...]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval lin gold.mrg answer.conllx --heads collins",
        "treeeval lin gold.mrg answer.mrg --ops ptb-no-pp --tuples",
        "treeeval lin --stat ar --format latex key.conll a.conll b.conll")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD ANSWER",
                        help="Lin tuple files, CoNLL files or bracketed trees: the key, then "
                             "one or more answers")
    parser.add_argument("--heads", metavar="NAME|FILE", default="collins", type=input_file,
                        help="head table for converting trees (default: collins)")
    parser.add_argument("--ops", metavar="NAME|FILE", type=input_file,
                        help="Lin's modify operations, applied to both sides before scoring: "
                             f"a bundled file ({', '.join(bundled_ops())}) or your own")
    parser.add_argument("--tuples", action="store_true",
                        help="print the tuples of GOLD and ANSWER side by side with an error "
                             "column")
    parser.add_argument("--json", action="store_true",
                        help="write the scores as JSON (schema treeeval/1)")
    add_comparison(parser, metrics_example="errors;error rate",
                   stat_help="test each answer against the baseline: paired bootstrap (95%% "
                             "CIs) or approximate randomization over sentences, or McNemar's "
                             "test over the scored words (errors and error rate only)",
                   html="the comparison table and each answer's 20 worst sentences by "
                        "errors, gold and answer heads side by side")
    add_signature(parser)
    add_strict(parser)


@dataclass
class LinOptions:
    """The parsed command line of ``treeeval lin``: the key and the answers."""

    gold: str
    answers: list[str]
    heads: str = "collins"
    ops: str | None = None
    tuples: bool = False
    signature: bool = False
    json: bool = False
    comparing: Comparing = field(default_factory=Comparing)

    @property
    def several(self) -> bool:
        return len(self.answers) > 1


@dataclass
class Side:
    """One input: its dependency sentences and, for trees, their phrase boundaries."""

    sentences: list[DependencySentence]
    spans: list[set[tuple[int, int]]] | None = None
    warnings: list[str] = field(default_factory=list)


def lin_options(args: argparse.Namespace) -> LinOptions:
    """The options of a parsed command line: a key and at least one answer.

    >>> from treeeval.arguments import parse_command
    >>> lin_options(parse_command("lin", ["key", "a", "--stat", "ar"]))
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: --stat needs several answers: GOLD ANSWER1 ANSWER2 [...]
    """
    if len(args.files) < 2:
        raise UsageError(f"expected GOLD and ANSWER files, got {len(args.files)} file argument(s)")
    given = comparing(args)
    options = LinOptions(args.files[0], args.files[1:], args.heads, args.ops, args.tuples,
                         args.signature, args.json, given)
    if given.given and not options.several:
        raise UsageError(f"{given.given[0]} needs several answers: GOLD ANSWER1 ANSWER2 [...]")
    if args.json and given.format:
        raise UsageError("--format cannot go with --json")
    check_comparing(given, several=options.several, json=args.json, systems="answers")
    if given.format and args.tuples:
        raise UsageError("--format writes the comparison table alone: it cannot go with "
                         "--tuples")
    if given.html:
        check_output(given.html, _inputs(options))
    return options


def _inputs(options: LinOptions) -> list[str | None]:
    """Every file the run reads (what ``--html`` never writes over)."""
    return [options.gold, *options.answers, options.ops]


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval lin``: returns the exit status."""
    options = lin_options(args)
    operations = read_ops(options.ops) if options.ops else []
    gold = read_side(options.gold, options.heads)
    answers = [read_side(path, options.heads) for path in options.answers]
    for message in dict.fromkeys(gold.warnings + [text for side in answers
                                                  for text in side.warnings]):
        err.write(f"treeeval: warning: {shown_text(message)}\n".encode())
    for answer, path in zip(answers, options.answers):
        _check_counts(gold, answer, options.gold, path)
    keys = [modify(operations, key) for key in gold.sentences]
    scored = [score_answer(gold, keys, answer, operations, options, path)
              for answer, path in zip(answers, options.answers)]
    table = None
    if options.json:
        document = lin_json(options, scored)
        out.write(json.dumps(document, indent=2).encode() + b"\n")
    elif options.comparing.format:
        table = _comparison(options, scored, args.notices)
        out.write(render_table(table, options.comparing.format).encode())
    elif not options.several:
        out.write(report(scored[0]).encode())
        if options.signature:
            out.write(signature.line(lin_signature(options)))
    else:
        for path, name, answer in zip(options.answers, _names(options), scored):
            out.write(f"=== {name}: {shown(options.gold)} {shown(path)}\n".encode()
                      + report(answer).encode())
        table = _comparison(options, scored, args.notices)
        out.write(b"\n" + render_table(table, "text").encode())
    if options.comparing.html:
        worst = [_worst(name, keys, answer, operations, result)
                 for name, answer, result in zip(_names(options), answers, scored)]
        write_html(Report(f"treeeval lin: {Path(shown(options.gold)).stem}", "lin",
                          lin_signature(options),
                          (replace(table or _comparison(options, scored, args.notices),
                                   signature=""),), (), worst,
                          [f"warning: {notice.text()}" for notice in args.notices.shown()],
                          READING),
                   options.comparing.html, _inputs(options))
    return 0


#: how to read a sentence of the report
READING = ("Words and heads are numbered as in the key (0: the root; ?: unknown), after "
           "--ops; a word whose head is unknown in the key is not scored.")


def _worst(name: str, keys: list[DependencySentence], answer: Side,
           operations: list[Operation], scored: Scored) -> SystemSentences:
    """An answer's sentences with the most errors (among equal counts the one with the most
    scored words first), each word's key and answer heads (after ``--ops``)."""
    chosen = worst_sentences(-scored.errors.astype(float), sizes=scored.scored)
    sentences = []
    for index in chosen.tolist():
        key, given = keys[index], modify(operations, answer.sentences[index])
        arcs = Arcs([ArcRow(str(word), form, _head(gold_head), gold_label, _head(head), label)
                     for word, (form, gold_head, gold_label, head, label) in enumerate(zip(
                         key.forms, key.heads, key.labels, given.heads, given.labels),
                         start=1)])
        where = f"key line {key.line}" if key.line else ""
        sentences.append(Sentence(index + 1, float(scored.errors[index]), arcs, where))
    return SystemSentences(name, "errors", sentences, counts=True)


def _head(head: int) -> str:
    """A head as the report shows it (``?``: unknown).

    >>> _head(0), _head(UNKNOWN_HEAD)
    ('0', '?')
    """
    return "?" if head == UNKNOWN_HEAD else str(head)


def _names(options: LinOptions) -> list[str]:
    return system_names(options.answers)


def _plan(options: LinOptions, notices: Notices | None = None,
          sentences: int | None = None) -> StatPlan | None:
    """The test of ``--stat`` (None: none asked, or no sentence to test over: then a
    notice)."""
    plan = stat_plan(options.comparing, options.answers, _names(options))
    if plan is not None and sentences == 0 and notices is not None:
        notices.add("the key holds no sentence: --stat tests nothing", path=options.gold)
        return None
    return plan


def _metrics(options: LinOptions, phrases: bool) -> tuple[str, ...]:
    """The table's metrics: those of ``--metrics``, else all (with McNemar's test, the
    per-word ones: the others have no per-word outcome)."""
    offered = metric_names(phrases)
    chosen = metric_list(options.comparing.metrics, offered)
    if options.comparing.metrics is None and options.comparing.stat == "mcnemar":
        return tuple(metrics_tested("mcnemar", chosen, asked=False))
    metrics_tested(options.comparing.stat, chosen, asked=True)
    return chosen


def _comparison(options: LinOptions, scored: list[AnswerScores],
                notices: Notices) -> ComparisonTable:
    """The comparison table of the answers (their tests with ``--stat``); its signature
    shown in text only with ``--signature``."""
    metrics = _metrics(options, all(answer.phrases is not None for answer in scored))
    shown = lin_signature(options, metrics) if options.signature or \
        options.comparing.format not in (None, "text") else ""
    return comparison_table(Path(options.gold).stem, _names(options), scored, metrics,
                            signature=shown,
                            testing=_plan(options, notices, len(scored[0].words)))


def lin_signature(options: LinOptions, metrics: Sequence[str] | None = None) -> str:
    """The run's signature: the head table when an input is converted from trees (a
    bundled table or a file, with its hash) and the ``--ops`` file; with several answers
    the metrics of ``--metrics`` and the test (``--stat``, its resamples and seed, the
    baseline).

    >>> import pathlib, tempfile
    >>> key = pathlib.Path(tempfile.mkdtemp()) / "key.lin"
    >>> _ = key.write_text("Rain N < fell\\nfell V *\\n")
    >>> lin_signature(LinOptions(str(key), [str(key)]))
    'cmd:lin|ops:none|version:0.1.0'
    >>> lin_signature(LinOptions(str(key), ["a", "b"], comparing=Comparing("ar")), ["errors"])
    'cmd:lin|ops:none|stat:ar|resamples:10000|seed:1|baseline:a|version:0.1.0'
    """
    from ..formats.headrules import find_heads

    paths = (options.gold, *options.answers)
    trees = any(sniff(path, "lin") == "brackets" for path in paths if Path(path).exists())
    asked = metrics if options.comparing.metrics else None
    return signature.build("lin", [("heads", find_heads(options.heads) if trees else None),
                                   ("ops", find_ops(options.ops) if options.ops else "none"),
                                   *signature_fields(asked, _plan(options), _names(options))])


def run_lin(argv: Sequence[str], out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval lin ARGV...`` in process: the exit status."""
    return run_command("lin", argv, out, err)


def read_side(path: str, heads: str) -> Side:
    """Read one input in whichever format it is written."""
    kind = sniff(path, "lin")
    if kind == "tuples":
        return Side(read_tuples(path))
    if kind == "conll":
        from ..formats.conll import read_conll

        return Side(list(read_conll(path)))
    from ..conversion import ConversionError, convert
    from ..formats.brackets import read_trees, tree_start_line, tree_start_lines

    trees = list(read_trees(path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            corpus = convert(trees, heads=heads)
        except ConversionError as exc:
            raise InputError(exc.reason, path=path,
                             line=tree_start_line(path, exc.sentence) or None) from None
    sentences = list(corpus)
    for sentence, line in zip(sentences, tree_start_lines(path)):
        sentence.line = line
    return Side(sentences, [phrase_spans(tree) for tree in trees],
                [f"{path}: {warning.message}" for warning in caught])


def _check_counts(gold: Side, answer: Side, gold_path: str, answer_path: str) -> None:
    """GOLD and ANSWER must have as many sentences: the error is located at the first
    sentence of the longer file that has no counterpart in the other.

    >>> key = DependencySentence(["a"], ["N"], [0], [""], line=3)
    >>> _check_counts(Side([key, key]), Side([key]), "key", "answer")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: key:3: GOLD has 2 sentences, ANSWER 1: this one has no counterpart
    """
    sizes = len(gold.sentences), len(answer.sentences)
    if sizes[0] == sizes[1]:
        return
    longer, path = (gold, gold_path) if sizes[0] > sizes[1] else (answer, answer_path)
    extra = longer.sentences[min(sizes)]
    raise InputError(f"GOLD has {sizes[0]} sentences, ANSWER {sizes[1]}: this one has no "
                     "counterpart", path=path, line=extra.line or 1)


def _check_heads(sentence: DependencySentence, number: int, path: str) -> None:
    """Reject a word that is its own head (from the input, or from --ops on a cycle)."""
    for word, head in enumerate(sentence.heads, start=1):
        if head == word:
            form = sentence.forms[word - 1]
            raise InputError(f"sentence {number}: word {word} ({form!r}) is its own head",
                             path=path, line=sentence.line or None)


@dataclass
class Scored(AnswerScores):
    """An answer's scores and, with ``--tuples``, its side-by-side tables."""

    tables: list[str] = field(default_factory=list)


def score_answer(gold: Side, keys: list[DependencySentence], answer: Side,
                 operations: list[Operation], options: LinOptions, path: str) -> Scored:
    """Score one answer against the key (``keys``: its sentences after ``--ops``)."""
    spans = list(zip(gold.spans, answer.spans)) if gold.spans and answer.spans else None
    counts = np.zeros((3, len(keys)), dtype=np.int64)  # words, scored words, errors
    hits, tables, phrases = [], [], []
    for number, (key, given) in enumerate(zip(keys, answer.sentences), start=1):
        given = modify(operations, given)
        _check_heads(key, number, options.gold)
        _check_heads(given, number, path)
        if len(key) != len(given):
            raise InputError(f"sentence {number} has {len(given)} words, but GOLD's has {len(key)}",
                             path=path, line=given.line or None)
        wrong = np.array(word_errors(key, given), dtype=bool)
        known = np.array(key.heads) != UNKNOWN_HEAD
        counts[:, number - 1] = len(key), np.count_nonzero(known), np.count_nonzero(wrong)
        hits.append(~wrong[known])
        if spans is not None:
            phrases.append(phrase_scores(*spans[number - 1]))
        if options.tuples:
            tables.append(f"sentence {number}\n{side_by_side(key, given)}\n")
    return Scored(*counts, phrases if spans is not None else None,
                  np.concatenate(hits) if hits else np.zeros(0, dtype=bool), tables)


def report(scored: Scored) -> str:
    """The per-sentence table, the totals and (with --tuples) the tuple tables.

    >>> print(report(Scored([2], [2], [1], hits=[False, True])), end="")
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
            recall, precision = float(score.recall), float(score.precision)
            row += f"  {recall:>7.2%}  {precision:>7.2%}  {score.crossing:>5}"
        lines.append(row)
    errors, sentences = scored.total_errors, len(scored.words)
    lines.append(f"total: {errors} error{'s' * (errors != 1)} in {scored.total_scored} scored "
                 f"words ({int(scored.words.sum())} words, {sentences} "
                 f"sentence{'s' * (sentences != 1)})")
    if phrases:
        total = scored.phrase_total
        lines.append(f"phrases: recall {total.matched}/{total.key} = {float(total.recall):.2%}, "
                     f"precision {total.matched}/{total.answer} = {float(total.precision):.2%}, "
                     f"crossing {total.crossing}")
    return "\n".join(scored.tables + lines) + "\n"


def lin_json(options: LinOptions, scored: list[Scored]) -> dict[str, object]:
    """The ``--json`` document (schemas/lin.json): per answer its totals (rates in percent)
    and its sentences."""
    answers = []
    for path, answer in zip(options.answers, scored):
        total = answer.phrase_total
        answers.append({
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
    return envelope("lin", lin_signature(options), gold=options.gold, ops=options.ops,
                    answers=answers)
