"""MaltEval's complex GroupBy values (user guide 3.1.4): attributes of the focus word and of
its neighbours, combined into one group key per token.  The syntax is ``complex_groupby.lark``.

How a value is written.  The guide writes ``Cpostag@-2;Cpostag@-1``, but ``;`` already
separates GroupBy values on the command line (guide 3.2), and the MaltEval 1.0 jar splits a
complex value on ``#``: ``--GroupBy "Cpostag@-2#Cpostag@-1"`` (as in the evaluation files of
its distribution).  So treeeval follows the jar:

* a complex value is recognised by containing ``@``, ``#`` or ``,`` (:func:`is_complex`);
  ``--GroupBy "A;B"`` stays two GroupBy values, as in MaltEval;
* groups are separated by ``#``; ``;`` is accepted too when a whole value reaches the parser
  unsplit (the guide's spelling, e.g. from an API call);
* ``Cpostag,Wordform@-1`` (several attributes at one offset, separated by ``,``) is the
  jar's shorthand for ``Cpostag@-1#Wordform@-1``;
* an offset is a Java int with an optional sign (``@+1`` = ``@1``); no offset, or a bare
  ``@``, means ``@0``; trailing ``#`` and ``,`` are ignored, as Java's ``String.split`` does;
* a value that names one attribute at offset 0 (``Cpostag@0``) *is* the simple grouping
  (:attr:`ComplexGroupBy.simple`), with the simple grouping's unquoted keys.

The key spelling is the jar's, not the guide's (the guide prints ``^@-2; Det@-1``): each
offset's attribute values in double quotes, or ``^`` / ``$`` for a position before the
sentence's start / after its end, joined by ``,``, then ``@OFFSET``; the offsets joined by
``;``.  Offsets come in ``java.util.HashMap<Integer>`` order and the attributes of one offset
in ``HashSet<String>`` order (Postag, Lemma, Feats, Cpostag, Wordform), as MaltEval prints
them (``"CONJ","and"@-1;"PUNCT",","@-2`` for ``Cpostag@-2#Cpostag@-1#Wordform@-2#Wordform@-1``).

Like every accuracy grouping, a complex grouping has the attributes accuracy, counter and
correctcounter; groups are listed in Java String order of their keys.

>>> grouping = parse_complex_groupby("Cpostag@-2#Cpostag@-1")
>>> grouping.items
((-1, ('Cpostag',)), (-2, ('Cpostag',)))
>>> from types import SimpleNamespace
>>> tags = np.array(["Det", "Noun", "Verb"], dtype=object)
>>> tb = SimpleNamespace(cpostags=tags, positions=np.array([1, 2, 3]), sizes=np.array([3]),
...                      sentence=np.array([0, 0, 0]))
>>> grouping.keys(tb).tolist()
['^@-1;^@-2', '"Det"@-1;^@-2', '"Noun"@-1;"Det"@-2']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import lark
import numpy as np

from ...arrays import ObjectArray
from ...bundled import bundled_dir
from ..malteval_report import hash_order
from ..refusals import ValueRefused
from .plugins import java_string_order

#: the simple GroupBy values a complex value may combine, and their treebank columns
ATTRIBUTES = {"Wordform": "forms", "Lemma": "lemmas", "Cpostag": "cpostags",
              "Postag": "postags", "Feats": "feats"}
#: the format attributes of a complex grouping (as of any accuracy grouping), in "all" order
VALID_ATTRIBUTES = ("accuracy", "counter", "correctcounter")

_INT_RANGE = (-(2 ** 31), 2 ** 31 - 1)


class ComplexGroupByError(ValueRefused):
    """A malformed complex ``GroupBy`` value; ``context()`` shows it with a caret."""

    def __init__(self, message: str, value: str, column: int) -> None:
        super().__init__("GroupBy", f"GroupBy value {value!r}, column {column}: {message}",
                         value)
        self.column = column

    def context(self) -> str:
        """The value with a caret under the column.

        >>> print(ComplexGroupByError("expected an integer", "Cpostag@x", 9).context())
            Cpostag@x
                    ^
        """
        return f"    {self.value}\n    {' ' * (self.column - 1)}^"


def is_complex(value: str) -> bool:
    """Whether a GroupBy value (without its ``:format``) is a complex one.

    >>> is_complex("Cpostag@-1#Wordform"), is_complex("Cpostag,Wordform"), is_complex("Deprel")
    (True, True, False)
    """
    return any(mark in value for mark in "@#,")


@dataclass(frozen=True)
class ComplexGroupBy:
    """A parsed complex GroupBy value.

    ``name`` is the value as written (MaltEval's column heading); ``items`` holds each
    offset with its attributes, both in the order MaltEval spells them in a key.
    """

    name: str
    items: tuple[tuple[int, tuple[str, ...]], ...]

    #: the keys of a complex grouping come from one side (see :meth:`keys`)
    two_sided = False
    default_attributes = ("accuracy",)
    valid_attributes = VALID_ATTRIBUTES

    @property
    def simple(self) -> str | None:
        """The simple grouping this value equals (one attribute at offset 0), else None.

        >>> parse_complex_groupby("Cpostag@0").simple, parse_complex_groupby("Cpostag@1").simple
        ('Cpostag', None)
        """
        if len(self.items) == 1 and self.items[0][0] == 0 and len(self.items[0][1]) == 1:
            return self.items[0][1][0]
        return None

    @property
    def confusion_name(self) -> str:
        """The name MaltEval's confusion blocks give the grouping: the first attribute of its
        first offset, in the order a key spells them.

        >>> parse_complex_groupby("Wordform@-2#Feats@2#Feats@-2").confusion_name
        'Feats'
        """
        return self.items[0][1][0]

    def keys(self, treebank: Any) -> ObjectArray:
        """One key per token of ``treebank`` (an object array of str).

        ``treebank`` needs ``positions`` (1-based), ``sizes``, ``sentence`` and the columns
        of the attributes used (``forms``, ``lemmas``, ``cpostags``, ``postags``, ``feats``).
        It must be the whole treebank, before tokens are excluded: as in MaltEval, an
        excluded token is still a neighbour.  MaltEval computes the keys on the gold and on
        the parsed treebank alike (counter and correctcounter count the gold keys, accuracy
        uses the parsed ones); they differ only where the files' columns differ.
        """
        positions = np.asarray(treebank.positions, dtype=np.int64)
        sizes = np.asarray(treebank.sizes, dtype=np.int64)
        sentence = np.asarray(treebank.sentence, dtype=np.int64)
        count = len(positions)
        starts = np.repeat(np.cumsum(sizes) - sizes, sizes)
        if len(starts) != count or not np.array_equal(positions, np.arange(count) - starts + 1):
            raise ValueError("complex GroupBy keys need the whole treebank, with every token "
                             "of every sentence in order")
        length = sizes[sentence]
        parts: list[ObjectArray] = []
        for offset, attributes in self.items:
            target = positions + offset
            inside = (target >= 1) & (target <= length)
            neighbour = np.flatnonzero(inside) + offset
            marks = np.where(target < 1, "^", "$").astype(object)
            cells: list[ObjectArray] = []
            for attribute in attributes:
                values = np.asarray(getattr(treebank, ATTRIBUTES[attribute]), dtype=object)
                cell = marks.copy()
                cell[inside] = '"' + values[neighbour] + '"'
                cells.append(cell)
            parts.append(functools.reduce(lambda a, b: a + "," + b, cells) + f"@{offset}")
        return functools.reduce(lambda a, b: a + ";" + b, parts)

    def order(self, keys: Iterable[str]) -> list[str]:
        """The distinct keys in MaltEval's order (Java String order).

        >>> parse_complex_groupby("Cpostag@1").order(['"b"@1', '$@1', '"B"@1', '"b"@1'])
        ['"B"@1', '"b"@1', '$@1']
        """
        return java_string_order(keys)


@functools.cache
def _parser() -> lark.Lark:
    grammar = bundled_dir(__package__) / "complex_groupby.lark"
    return lark.Lark(grammar.read_text(encoding="utf-8"), parser="lalr",
                     propagate_positions=True)


def parse_complex_groupby(value: str) -> ComplexGroupBy:
    """Parse a complex GroupBy value (without its ``:format``).

    Errors name the column and show a caret: a ComplexGroupByError (a ValueRefused).

    >>> parse_complex_groupby("Wordform,Cpostag@-1#Postag@+1#Cpostag@-1").items
    ((-1, ('Cpostag', 'Wordform')), (1, ('Postag',)))
    >>> parse_complex_groupby("Cpostag@-1#Deprel")
    Traceback (most recent call last):
    ...
    treeeval.dep.grouping.complex_groupby.ComplexGroupByError: GroupBy value 'Cpostag@-1#Deprel', \
column 12: Deprel cannot be part of a complex GroupBy (use Wordform, Lemma, Cpostag, \
Postag or Feats)
    """
    try:
        tree = _parser().parse(value)
    except lark.exceptions.UnexpectedInput as exc:
        raise ComplexGroupByError(_syntax_message(exc, value), value, exc.column) from None
    offsets: dict[int, list[str]] = {}
    for group in _subtrees(tree):
        names = [_tokens(child)[0] for child in _subtrees(group) if child.data == "attribute"]
        offset = 0
        last = group.children[-1]
        if isinstance(last, lark.Tree) and last.data == "offset" and last.children:
            token = _tokens(last)[0]
            offset = int(token)
            if not _INT_RANGE[0] <= offset <= _INT_RANGE[1]:
                raise ComplexGroupByError("the offset is not a Java int", value, _column(token))
        for name in names:
            if name not in ATTRIBUTES:
                raise ComplexGroupByError(_unknown(str(name)), value, _column(name))
            if name not in offsets.setdefault(offset, []):
                offsets[offset].append(str(name))
    items = tuple((offset, tuple(hash_order(names)))
                  for offset, names in ((offset, offsets[offset]) for offset in
                                        hash_order(list(offsets), _java_integer_hash)))
    return ComplexGroupBy(value, items)


def _subtrees(tree: lark.Tree[lark.Token]) -> list[lark.Tree[lark.Token]]:
    """The rules under ``tree`` (the grammar puts no token beside them)."""
    return [child for child in tree.children if isinstance(child, lark.Tree)]


def _tokens(tree: lark.Tree[lark.Token]) -> list[lark.Token]:
    """The tokens under ``tree`` (the grammar puts no rule beside them)."""
    return [child for child in tree.children if isinstance(child, lark.Token)]


def _column(token: lark.Token) -> int:
    """A token's 1-based column (the lexer always sets it)."""
    assert token.column is not None
    return token.column


def _java_integer_hash(number: int) -> int:
    return number & 0xFFFFFFFF


def _unknown(name: str) -> str:
    known = ", ".join(list(ATTRIBUTES)[:-1]) + " or " + list(ATTRIBUTES)[-1]
    for spelling in ATTRIBUTES:
        if spelling.lower() == name.lower():
            return f"unknown GroupBy {name} (did you mean {spelling}?)"
    return f"{name} cannot be part of a complex GroupBy (use {known})"


_EXPECTED = {"NAME": "a name (Wordform, Lemma, Cpostag, Postag or Feats)",
             "OFFSET": "an integer offset", "AT": "'@'", "COMMA": "','",
             "_TRAILING_COMMAS": "','", "_SEP": "'#'", "_TRAILING_SEPS": "'#'"}


def _syntax_message(exc: lark.exceptions.UnexpectedInput, value: str) -> str:
    token = getattr(exc, "token", None)
    if isinstance(exc, lark.exceptions.UnexpectedCharacters):
        found = f"unexpected {exc.char!r}"
    elif token in ("", None) or token.type == "$END":
        found = "unexpected end of the value" if value else "empty GroupBy value"
    else:
        found = f"unexpected {str(token)!r}"
    names = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
    expected = sorted({_EXPECTED.get(name, name) for name in names})
    return found + (f", expected {' or '.join(expected)}" if expected else "")

