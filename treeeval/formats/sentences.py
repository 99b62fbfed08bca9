"""Sentences in the forms parsers hold them, as the lines of the file a scorer reads.

A training loop holds its trees and analyses in memory, not in files.  This module is the
one place that turns each form into the bytes the file format has for it, so that
scoring them (``treeeval.metrics``, and every ``evaluate_*`` given a list instead of a
file) gives exactly what scoring the file gives.

Bracketed trees (:func:`bracket_line`; EVALB reads one tree per line):

* a ``str`` or ``bytes`` tree (line breaks inside it become spaces);
* an ``nltk.Tree``;
* ``(words, spans)``: ``words`` a sequence of ``(form, tag)`` and ``spans`` one of
  ``(label, start, end)`` (word offsets, ``end`` exclusive) that nest; the span over every
  word is the root, else the tree gets an unlabelled root, as the PTB files have;
* ``None``: no parse, EVALB's empty line.

>>> bracket_line("(S (NP (NN Rain))\\n (VP (VBD fell)))", "gold", 0)
b'(S (NP (NN Rain))  (VP (VBD fell)))'
>>> bracket_line(([("Rain", "NN"), ("fell", "VBD")], [("S", 0, 2), ("NP", 0, 1)]), "gold", 0)
b'(S (NP (NN Rain)) (VBD fell))'
>>> bracket_line(7, "predicted", 3)
Traceback (most recent call last):
...
treeeval.errors.InputError: predicted[3]: expected a bracketed tree (str or bytes), an \
nltk.Tree, (words, spans) or None, got int

Dependency analyses (:func:`conllu_lines`):

* a CoNLL-U (or CoNLL-X) sentence as ``str`` or ``bytes``;
* a ``conllu.TokenList`` (the conllu package's sentence);
* a sequence of ``(form, head, deprel)``: ID, FORM, HEAD and DEPREL are filled in, every
  other column is ``_``;
* a sequence of ``(form, tag, head, deprel)``: the same, with the tag in both POS columns
  (CoNLL-X's CPOSTAG and POSTAG, CoNLL-U's UPOS and XPOS), for the rules that read a POS
  tag (MaltEval's ExcludeCpostags and ExcludePostags, the DELETE_LABEL lines of a .prm).

>>> conllu_lines([("Dogs", 2, "nsubj"), ("bark", 0, "root")], "gold", 0).decode()
'1\\tDogs\\t_\\t_\\t_\\t_\\t2\\tnsubj\\t_\\t_\\n2\\tbark\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n'
>>> conllu_lines([("Dogs", "NNS", 2, "nsubj"), ("bark", "VBP", 0, "root")], "gold", 0).decode()
'1\\tDogs\\t_\\tNNS\\tNNS\\t_\\t2\\tnsubj\\t_\\t_\\n2\\tbark\\t_\\tVBP\\tVBP\\t_\\t0\\troot\\t_\\t_\\n\\n'
>>> conllu_lines([("Dogs", "2", "nsubj")], "predicted", 5)
Traceback (most recent call last):
...
treeeval.errors.InputError: predicted[5]: word 1: HEAD must be a whole number, got str

:func:`batch` tells one sentence from a batch of them.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex

from ..errors import InputError

_BREAKS = bytes.maketrans(b"\r\n", b"  ")


def _nltk_tree(item: object) -> bool:
    """Whether ``item`` is an nltk.Tree (nltk is never imported here: a program that holds
    a tree has imported it already)."""
    module = sys.modules.get("nltk.tree")
    return module is not None and isinstance(item, module.Tree)


def _conllu_tokenlist(item: object) -> bool:
    """Whether ``item`` is a conllu.TokenList (the package need not be installed)."""
    module = sys.modules.get("conllu.models")
    return module is not None and isinstance(item, module.TokenList)


def _words_and_spans(item: object) -> bool:
    """Whether ``item`` looks like ``(words, spans)``: a pair whose first part is a
    sequence of (form, tag) pairs of strings."""
    if not (isinstance(item, tuple) and len(item) == 2):
        return False
    words = item[0]
    return (isinstance(words, (list, tuple)) and
            (not words or (isinstance(words[0], (list, tuple)) and len(words[0]) == 2
                           and isinstance(words[0][0], str))))


def _dependency_rows(item: object) -> bool:
    """Whether ``item`` looks like a sequence of (form, head, deprel) or of (form, tag, head,
    deprel)."""
    return (isinstance(item, (list, tuple)) and bool(item) and isinstance(item[0], (list, tuple))
            and len(item[0]) in (3, 4) and isinstance(item[0][0], str))


def is_sentence(item: object, kind: str) -> bool:
    """Whether ``item`` is one sentence of ``kind`` (``brackets`` or ``dependencies``) in
    one of the forms above (anything else is taken as a batch of sentences).

    >>> is_sentence("(S (NN a))", "brackets"), is_sentence(["(S (NN a))"], "brackets")
    (True, False)
    >>> is_sentence([("a", 0, "root")], "dependencies"), is_sentence([[("a", 0, "root")]], "dependencies")
    (True, False)
    """
    if isinstance(item, (str, bytes, bytearray, memoryview)) or item is None:
        return True
    if kind == "brackets":
        return _nltk_tree(item) or _words_and_spans(item)
    return _conllu_tokenlist(item) or _dependency_rows(item)


def batch(gold: object, predicted: object, kind: str) -> tuple[Sequence[Any], Sequence[Any]]:
    """``gold`` and ``predicted`` as two lists of sentences of the same length: one
    sentence each, or two batches (sequences, or any iterables) of them.

    >>> batch("(S (NN a))", "(S (NN b))", "brackets")
    (['(S (NN a))'], ['(S (NN b))'])
    >>> batch(["(S (NN a))"], [], "brackets")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: predicted: 0 sentences, but gold has 1
    >>> batch("(S (NN a))", ["(S (NN b))"], "brackets")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: predicted: a batch of sentences, but gold is one sentence
    """
    sides: list[tuple[bool, Sequence[Any]]] = []
    for side, value in (("gold", gold), ("predicted", predicted)):
        if is_sentence(value, kind):
            sides.append((True, [value]))
        elif isinstance(value, (list, tuple)):
            sides.append((False, value))
        else:
            try:
                sides.append((False, list(value)))  # type: ignore[call-overload]  # TypeError below
            except TypeError:
                raise InputError(f"expected a sentence or a batch of sentences, got "
                                 f"{type(value).__name__}", path=side) from None
    (gold_one, gold_items), (predicted_one, predicted_items) = sides
    if gold_one != predicted_one:
        shape = "one sentence" if gold_one else "a batch of sentences"
        other = "a batch of sentences" if gold_one else "one sentence"
        raise InputError(f"{other}, but gold is {shape}", path="predicted")
    if len(gold_items) != len(predicted_items):
        raise InputError(f"{len(predicted_items)} sentences, but gold has {len(gold_items)}",
                         path="predicted")
    return gold_items, predicted_items


def _text(item: str | bytes | bytearray | memoryview) -> bytes:
    return item.encode() if isinstance(item, str) else bytes(item)


def bracket_line(item: object, side: str, index: int) -> bytes:
    """One sentence's line of a bracketed file, without its line break (see the module)."""
    if isinstance(item, (str, bytes, bytearray, memoryview)):
        return _text(item).rstrip(b"\r\n").translate(_BREAKS)
    if item is None:
        return b""
    if _nltk_tree(item):
        # an nltk.Tree (known by _nltk_tree without importing nltk)
        return " ".join(item.pformat(margin=sys.maxsize).split("\n")).encode()  # type: ignore[attr-defined]
    if _words_and_spans(item):
        # a pair, as _words_and_spans checked
        return _spans_tree(*item, side=side, index=index).encode()  # type: ignore[misc]
    raise InputError(f"expected a bracketed tree (str or bytes), an nltk.Tree, (words, spans) "
                     f"or None, got {type(item).__name__}", path=side, sentence=index)


def _spans_tree(words: Sequence[Sequence[str]], spans: Sequence[Sequence[Any]], *,
                side: str, index: int) -> str:
    """The bracketed tree of ``(words, spans)``.

    >>> _spans_tree([("a", "DT"), ("b", "NN")], [("NP", 0, 1), ("VP", 1, 2)], side="gold", index=0)
    '( (NP (DT a)) (VP (NN b)))'
    >>> _spans_tree([("a", "DT"), ("b", "NN")], [("NP", 0, 2), ("X", 1, 3)], side="gold", index=4)
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: gold[4]: span 2 (X, 1, 3) is outside the sentence's 2 words
    """
    def fail(message: str) -> InputError:
        return InputError(message, path=side, sentence=index)

    for number, word in enumerate(words, 1):
        if not (isinstance(word, (list, tuple)) and len(word) == 2
                and all(isinstance(part, str) and part for part in word)):
            raise fail(f"word {number}: expected (form, tag), two non-empty strings")
    n = len(words)
    order = []
    for number, span in enumerate(spans, 1):
        if not (isinstance(span, (list, tuple)) and len(span) == 3 and isinstance(span[0], str)
                and all(isinstance(x, int) and not isinstance(x, bool) for x in span[1:])):
            raise fail(f"span {number}: expected (label, start, end), a string and two whole numbers")
        label, start, end = span
        if not 0 <= start < end <= n:
            raise fail(f"span {number} ({label}, {start}, {end}) is outside the sentence's "
                       f"{n} words" if end > n or start < 0 else
                       f"span {number} ({label}, {start}, {end}) is empty")
        order.append((start, -end, number, label))
    order.sort()
    root = order[0][3] if order and order[0][:2] == (0, -n) else None
    parts: list[str] = [] if root is not None else ["( "]
    open_ends: list[tuple[int, int]] = []  # (end, span number) of the open brackets
    position = 0
    for start, negative_end, number, label in order:
        end = -negative_end
        while open_ends and open_ends[-1][0] <= start:
            position = _close(parts, words, position, open_ends.pop()[0])
        if open_ends and end > open_ends[-1][0]:
            raise fail(f"span {number} ({label}, {start}, {end}) crosses span {open_ends[-1][1]}")
        position = _words(parts, words, position, start)
        parts.append(f"({label} ")
        open_ends.append((end, number))
    while open_ends:
        position = _close(parts, words, position, open_ends.pop()[0])
    _words(parts, words, position, n)
    if root is None:
        parts.append(")")
    return "".join(parts).replace(" )", ")").rstrip()


def _words(parts: list[str], words: Sequence[Sequence[str]], position: int, until: int) -> int:
    """Write the preterminals from ``position`` up to ``until``; the new position."""
    for form, tag in words[position:until]:
        parts.append(f"({tag} {form}) ")
    return max(position, until)


def _close(parts: list[str], words: Sequence[Sequence[str]], position: int, end: int) -> int:
    position = _words(parts, words, position, end)
    parts.append(") ")
    return position


def conllu_lines(item: object, side: str, index: int) -> bytes:
    """One sentence's lines of a CoNLL-U file, ending with its blank line (see the module)."""
    if isinstance(item, (str, bytes, bytearray, memoryview)):
        return _text(item).rstrip(b"\r\n") + b"\n\n"
    if _conllu_tokenlist(item):
        # a conllu.TokenList (known by _conllu_tokenlist without importing conllu)
        return item.serialize().rstrip("\n").encode() + b"\n\n"  # type: ignore[attr-defined]
    if isinstance(item, (list, tuple)) and (set(map(type, item)) <= {list, tuple} or all(
            isinstance(row, (list, tuple)) for row in item)):
        return _rows_text(item, side, index).encode() + b"\n"
    raise InputError(f"expected a CoNLL-U sentence (str or bytes), a conllu.TokenList or "
                     f"(form, [tag,] head, deprel) rows, got {type(item).__name__}", path=side,
                     sentence=index)


#: one (form, tag, head, deprel) row as a CoNLL-U line: ID, FORM, UPOS and XPOS (the tag),
#: HEAD and DEPREL; the other columns ``_``
_ROW = "{0}\t{1}\t_\t{2}\t{2}\t_\t{3}\t{4}\t_\t_\n"


def _rows_text(rows: Sequence[Sequence[object]], side: str, index: int) -> str:
    """The lines of (form, [tag,] head, deprel) rows, each column checked at once (C loops
    over the column); rows that fail a check are written row by row by
    :func:`_dependency_row`, whose error names the first wrong word.

    >>> import numpy as np
    >>> _rows_text([("Dogs", np.int64(2), "nsubj"), ("bark", 0, "root")], "gold", 0)
    '1\\tDogs\\t_\\t_\\t_\\t_\\t2\\tnsubj\\t_\\t_\\n2\\tbark\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n'
    >>> _rows_text([("Dogs", 2, "nsubj"), ("ba\\trk", 0, "root")], "gold", 3)
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: gold[3]: word 2: FORM must be a non-empty string without tabs \
or line breaks, got 'ba\\trk'
    """
    try:
        columns = list(zip(*rows, strict=True))
    except ValueError:  # rows of different widths
        columns = []
    count = len(rows)
    if len(columns) in (3, 4):
        forms, heads, deprels = columns[0], list(columns[-2]), columns[-1]
        tags = columns[1] if len(columns) == 4 else ("_",) * count
        strings = forms + tags + deprels
        kinds = set(map(type, heads))
        try:
            if bool in kinds:
                raise TypeError
            heads = heads if kinds <= {int} else list(map(operator.index, heads))
        except TypeError:  # the row-by-row check says which HEAD
            strings = ()
        if strings and set(map(type, strings)) <= {str} and "" not in strings:
            text = "".join([_ROW.format(number, form, tag, head, deprel)
                            for number, form, tag, head, deprel in zip(
                                range(1, count + 1), forms, tags, heads, deprels)])
            if text.count("\t") == 9 * count and text.count("\n") == count and "\r" not in text:
                return text
    return "".join(_dependency_row(number, row, side, index) for number, row in enumerate(rows, 1))


def _dependency_row(number: int, row: Sequence[object], side: str, index: int) -> str:
    def fail(message: str) -> InputError:
        return InputError(f"word {number}: {message}", path=side, sentence=index)

    if len(row) not in (3, 4):
        raise fail(f"expected (form, head, deprel) or (form, tag, head, deprel), got "
                   f"{len(row)} values")
    form, tag, head, deprel = row if len(row) == 4 else (row[0], "_", *row[1:])
    try:  # an int, or numpy's and torch's integers (a float tensor's __index__ raises)
        if isinstance(head, bool) or not isinstance(head, SupportsIndex):
            raise TypeError
        head = operator.index(head)
    except TypeError:
        raise fail(f"HEAD must be a whole number, got {type(head).__name__}") from None
    for name, value in (("FORM", form), ("tag", tag), ("DEPREL", deprel)):
        if not isinstance(value, str) or not value or any(c in value for c in "\t\n\r"):
            raise fail(f"{name} must be a non-empty string without tabs or line breaks, "
                       f"got {value!r}")
    return _ROW.format(number, form, tag, head, deprel)


#: each kind's encoder of one sentence
ENCODERS: dict[str, Callable[[object, str, int], bytes]] = {
    "brackets": lambda item, side, index: bracket_line(item, side, index) + b"\n",
    "dependencies": conllu_lines,
}


def encode_batch(kind: str, items: Sequence[object], side: str, first: int) -> list[bytes]:
    """Each sentence of a batch as :data:`ENCODERS` has it, the first being sentence
    ``first`` of its side; a batch of one-line ``str`` trees is encoded at once, and a
    batch of ``str`` CoNLL-U sentences in one pass.

    >>> encode_batch("brackets", ["(S (NN a))", "(S (NN b))"], "gold", 0)
    [b'(S (NN a))\\n', b'(S (NN b))\\n']
    >>> encode_batch("brackets", ["(S (NN a))", "(S\\n (NN b))"], "gold", 0)
    [b'(S (NN a))\\n', b'(S  (NN b))\\n']
    >>> encode_batch("dependencies", ["1\\ta\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n"], "gold", 0)
    [b'1\\ta\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n']
    """
    if kind == "brackets" and items and all(type(item) is str for item in items):
        text = "\n".join(items)  # type: ignore[arg-type]  # all str, as just checked
        if "\r" not in text and text.count("\n") == len(items) - 1:
            return (text + "\n").encode().splitlines(keepends=True)
    if kind == "dependencies" and all(type(item) is str for item in items):
        # each item is a str: mypy does not narrow through all()
        return [(item.rstrip("\r\n") + "\n\n").encode() for item in items]  # type: ignore[attr-defined]
    encode = ENCODERS[kind]
    return [encode(item, side, first + index) for index, item in enumerate(items)]


def is_tree(item: object) -> bool:
    """Whether ``item`` is a bracketed tree rather than a dependency analysis, for readers
    of both (``evaluate_dependencies``, ``evaluate_lin``): a ``str`` or ``bytes`` whose
    first character that is not white space is ``(``, an ``nltk.Tree``, ``(words,
    spans)`` or None (no parse); anything else (a CoNLL sentence, a conllu.TokenList,
    (form, head, deprel) rows) is not.

    >>> is_tree(" (S (NN a))"), is_tree(b"(S (NN a))"), is_tree("1\\ta\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_")
    (True, True, False)
    >>> is_tree([("a", 0, "root")]), is_tree(None)
    (False, True)
    """
    if isinstance(item, (str, bytes, bytearray, memoryview)):
        return _text(item).lstrip().startswith(b"(")
    return item is None or _nltk_tree(item) or _words_and_spans(item)


def tree_or_dependencies(item: object, side: str, index: int) -> bytes:
    """One sentence's lines for a reader of both trees and dependencies: a tree's line when
    it :func:`is_tree`, else its CoNLL lines (the reader takes the file's format from its
    first sentence: a later one of the other format is an error at it).

    >>> tree_or_dependencies("(S (NN a))", "gold", 0), tree_or_dependencies([("a", 0, "root")], "gold", 1)
    (b'(S (NN a))\\n', b'1\\ta\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n')
    """
    return ENCODERS["brackets" if is_tree(item) else "dependencies"](item, side, index)
