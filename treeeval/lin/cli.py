"""``treeeval lin GOLD ANSWER``: Lin's error count, tuple tables and phrase scores.

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
import warnings
from dataclasses import dataclass, field
from typing import BinaryIO, Sequence

from ..arguments import add_signature, add_strict, examples, run_command
from ..errors import InputError, UsageError
from ..policy.inputs import input_file, shown_text
from ..model.dependencies import UNKNOWN_HEAD, DependencySentence
from ..policy import signature
from ..policy.sniffing import sniff
from .notation import read_tuples
from .ops import Operation, bundled_ops, find_ops, modify, read_ops
from .score import PhraseScores, error_count, phrase_scores, phrase_spans, side_by_side

DESCRIPTION = """\
Lin's (1995) dependency-based evaluation: per sentence and in total, the words whose head
in ANSWER differs from GOLD (an unknown head '?' in ANSWER is an error; a word whose head
is unknown in GOLD is not scored).  GOLD and ANSWER are Lin tuple files, CoNLL files or
bracketed trees; when both are trees, section 2's phrase scores are reported too."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The files, ``--heads``, ``--ops`` and ``--tuples``."""
    parser.usage = ("%(prog)s GOLD ANSWER [--heads NAME|FILE] [--ops NAME|FILE] [--tuples] "
                    "[--signature]")
    parser.description = DESCRIPTION
    parser.epilog = examples(
        "treeeval lin gold.mrg answer.conllx --heads collins",
        "treeeval lin gold.mrg answer.mrg --ops ptb-no-pp",
        "treeeval lin key.lin answer.lin --tuples")
    parser.add_argument("files", nargs="*", type=input_file, metavar="GOLD ANSWER",
                        help="Lin tuple files, CoNLL files or bracketed trees")
    parser.add_argument("--heads", metavar="NAME|FILE", default="collins", type=input_file,
                        help="head table for converting trees (default: collins)")
    parser.add_argument("--ops", metavar="NAME|FILE", type=input_file,
                        help="Lin's modify operations, applied to both sides before scoring: "
                             f"a bundled file ({', '.join(bundled_ops())}) or your own")
    parser.add_argument("--tuples", action="store_true",
                        help="print the tuples of GOLD and ANSWER side by side with an error "
                             "column")
    add_signature(parser)
    add_strict(parser)


@dataclass
class LinOptions:
    """The parsed command line of ``treeeval lin``."""

    gold: str
    answer: str
    heads: str = "collins"
    ops: str | None = None
    tuples: bool = False
    signature: bool = False


@dataclass
class Side:
    """One input: its dependency sentences and, for trees, their phrase boundaries."""

    sentences: list[DependencySentence]
    spans: list[set[tuple[int, int]]] | None = None
    warnings: list[str] = field(default_factory=list)


def lin_options(args: argparse.Namespace) -> LinOptions:
    """The options of a parsed command line; exactly two files."""
    if len(args.files) != 2:
        raise UsageError(f"expected GOLD and ANSWER files, got {len(args.files)} file argument(s)")
    return LinOptions(args.files[0], args.files[1], args.heads, args.ops, args.tuples,
                      args.signature)


def run(args: argparse.Namespace, out: BinaryIO, err: BinaryIO) -> int:
    """``treeeval lin``: returns the exit status."""
    options = lin_options(args)
    operations = read_ops(options.ops) if options.ops else []
    gold = read_side(options.gold, options.heads)
    answer = read_side(options.answer, options.heads)
    for message in dict.fromkeys(gold.warnings + answer.warnings):
        err.write(f"treeeval: warning: {shown_text(message)}\n".encode())
    _check_counts(gold, answer, options)
    out.write(report(gold, answer, operations, options).encode())
    if options.signature:
        out.write(signature.line(lin_signature(options)))
    return 0


def lin_signature(options: LinOptions) -> str:
    """The run's signature: the head table when an input is converted from trees (a
    bundled table or a file, with its hash) and the ``--ops`` file.

    >>> import pathlib, tempfile
    >>> key = pathlib.Path(tempfile.mkdtemp()) / "key.lin"
    >>> _ = key.write_text("Rain N < fell\\nfell V *\\n")
    >>> lin_signature(LinOptions(str(key), str(key)))
    'cmd:lin|ops:none|version:0.1.0'
    """
    from ..formats.headrules import find_heads

    trees = any(sniff(path, "lin") == "brackets" for path in (options.gold, options.answer))
    return signature.build("lin", [("heads", find_heads(options.heads) if trees else None),
                                   ("ops", find_ops(options.ops) if options.ops else "none")])


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


def _check_counts(gold: Side, answer: Side, options: LinOptions) -> None:
    """GOLD and ANSWER must have as many sentences: the error is located at the first
    sentence of the longer file that has no counterpart in the other.

    >>> key = DependencySentence(["a"], ["N"], [0], [""], line=3)
    >>> _check_counts(Side([key, key]), Side([key]), LinOptions("key", "answer"))
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: key:3: GOLD has 2 sentences, ANSWER 1: this one has no counterpart
    """
    sizes = len(gold.sentences), len(answer.sentences)
    if sizes[0] == sizes[1]:
        return
    longer, path = (gold, options.gold) if sizes[0] > sizes[1] else (answer, options.answer)
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


def report(gold: Side, answer: Side, operations: list[Operation], options: LinOptions) -> str:
    """The per-sentence table, the totals and (with --tuples) the tuple tables."""
    spans = list(zip(gold.spans, answer.spans)) if gold.spans and answer.spans else None
    phrases = spans is not None
    header = "Sent  Words  Scored  Errors" + ("   Recall    Prec.  Cross" if phrases else "")
    lines = [header]
    tables = []
    errors = scored = words = 0
    total = PhraseScores(0, 0, 0, 0)
    for number, (key, given) in enumerate(zip(gold.sentences, answer.sentences), start=1):
        key, given = modify(operations, key), modify(operations, given)
        _check_heads(key, number, options.gold)
        _check_heads(given, number, options.answer)
        if len(key) != len(given):
            raise InputError(f"sentence {number} has {len(given)} words, but GOLD's has {len(key)}",
                             path=options.answer, line=given.line or None)
        count = error_count(key, given)
        known = sum(1 for head in key.heads if head != UNKNOWN_HEAD)
        errors, scored, words = errors + count, scored + known, words + len(key)
        row = f"{number:>4}  {len(key):>5}  {known:>6}  {count:>6}"
        if phrases:
            score = phrase_scores(*spans[number - 1])  # type: ignore[index]
            total += score
            recall, precision = float(score.recall), float(score.precision)
            row += f"  {recall:>7.2%}  {precision:>7.2%}  {score.crossing:>5}"
        lines.append(row)
        if options.tuples:
            tables.append(f"sentence {number}\n{side_by_side(key, given)}\n")
    sentences = len(gold.sentences)
    lines.append(f"total: {errors} error{'s' * (errors != 1)} in {scored} scored words "
                 f"({words} words, {sentences} sentence{'s' * (sentences != 1)})")
    if phrases:
        lines.append(f"phrases: recall {total.matched}/{total.key} = {float(total.recall):.2%}, "
                     f"precision {total.matched}/{total.answer} = {float(total.precision):.2%}, "
                     f"crossing {total.crossing}")
    return "\n".join(tables + lines) + "\n"
