"""Lin's modify operations (section 5): ``(if CONDITION ACTIONS)``, read with ``ops.lark``.

A condition ``(HEAD MODIFIER [RELATIONSHIP])`` restricts the head word, the modifier word
and (optionally) the relationship of a dependency.  A word restriction is ``t`` (any),
``(cat X)`` (its category is X), ``(string "w")`` (it is spelt w), ``(or R ...)`` or
``(not R)``; the relationship restriction is ``t``, ``(type R)``, ``(or ...)`` or
``(not ...)``.  Actions, done in order on each dependency that satisfies the condition:

* ``delete``: the dependency and its relationship are removed; the modifier is left
  without a head, which the error count treats as an unknown head (``?``);
* ``invert``: the modifier becomes the head of the head, and takes over the head's own
  head (and relationship); the dependency keeps its relationship;
* ``transfer``: every modifier of the modifier becomes a modifier of the head.

After ``invert`` the head and modifier have swapped, so ``(invert transfer)`` moves the
modifiers of the old head, as in Lin's Figure 3.  As in procedure (12), each operation is
tried on every dependency in turn: the dependencies present when the operation starts, in
the order of their modifiers, each skipped if an earlier action has removed it.  The
sentence's head word has no dependency, so no condition applies to it.

>>> from treeeval.lin.notation import parse_tuples, format_tuples
>>> ops = parse_ops('(if ((cat Aux) (cat V)) (invert transfer))')
>>> tree, = parse_tuples("she N < will\\nwill Aux *\\nleave V > will\\nsoon Adv > will\\n")
>>> print(format_tuples([modify(ops, tree)]), end="")
she N < leave
will Aux < leave
leave V *
soon Adv > leave
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import lark

from ..bundled import bundled_dir
from ..errors import InputError
from ..formats.text import read_text
from ..model.dependencies import UNKNOWN_HEAD, DependencySentence
from ..model.tree_walks import fold, preorder


class OpsSyntaxError(InputError):
    """A malformed modify-operations file."""


@dataclass(frozen=True)
class Anything:
    """``t``: anything."""


@dataclass(frozen=True)
class Cat:
    """``(cat X)``: a word of category X."""

    name: str


@dataclass(frozen=True)
class String:
    """``(string "w")``: the word w."""

    text: str


@dataclass(frozen=True)
class Type:
    """``(type R)``: a relationship R."""

    name: str


@dataclass(frozen=True)
class Or:
    """``(or ...)``: any of the restrictions."""

    parts: tuple[Restriction, ...]


@dataclass(frozen=True)
class Not:
    """``(not R)``."""

    part: Restriction


Restriction = Anything | Cat | String | Type | Or | Not


@dataclass(frozen=True)
class Operation:
    """One ``(if CONDITION ACTIONS)``; ``line`` is where it starts in its file."""

    head: Restriction
    modifier: Restriction
    relationship: Restriction
    actions: tuple[str, ...]
    line: int = 0


@functools.cache
def _parser() -> lark.Lark:
    grammar = (bundled_dir(__package__) / "ops.lark").read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", propagate_positions=True)


def bundled_ops_dir() -> Path:
    """The folder of the operations files shipped with treeeval (``treeeval/lin/operations``,
    described in docs/lin.md)."""
    return bundled_dir(__package__) / "operations"


def bundled_ops() -> list[str]:
    """Names of the bundled operations files.

    >>> bundled_ops()
    ['auxiliaries', 'coordination', 'no-pp', 'only-pp', 'ptb-no-pp']
    """
    return sorted(path.stem for path in bundled_ops_dir().glob("*.ops"))


def find_ops(name: str | os.PathLike[str]) -> Path:
    """Resolve ``--ops NAME|FILE`` as ``--heads`` and ``-p`` are: an existing file wins,
    else the bundled file of that name (with or without ``.ops``).

    >>> find_ops("only-pp").name, find_ops("ptb-no-pp.ops").name
    ('only-pp.ops', 'ptb-no-pp.ops')
    >>> find_ops("nope")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: nope: no such operations file (bundled: auxiliaries,
    coordination, no-pp, only-pp, ptb-no-pp)
    """
    path = Path(name)
    if path.is_file():
        return path
    spelt = os.fspath(name)
    bundled = bundled_ops_dir() / (spelt if spelt.endswith(".ops") else f"{spelt}.ops")
    if os.sep not in spelt and bundled.is_file():
        return bundled
    raise InputError(f"no such operations file (bundled: {', '.join(bundled_ops())})",
                     path=spelt)


def read_ops(path: str | os.PathLike[str]) -> list[Operation]:
    """Read an operations file: a path, or the name of a bundled one (:func:`find_ops`)."""
    found = find_ops(path)
    text = read_text(found, "operations file")
    return parse_ops(text, os.fspath(path) if found == Path(path) else str(found))


def parse_ops(text: str, path: str = "<ops>") -> list[Operation]:
    """Parse operations; raises OpsSyntaxError with line, column and caret.

    >>> operation, = parse_ops("(if (t (cat P)) (delete))")
    >>> operation.head, operation.modifier, operation.actions
    (Anything(), Cat(name='P'), ('delete',))
    >>> parse_ops("(if (t (type P)) (delete))", "x.ops")
    Traceback (most recent call last):
    ...
    treeeval.lin.ops.OpsSyntaxError: x.ops:1:8: (type ...) restricts a relationship, not a word
    """
    lines = text.splitlines()
    try:
        # a bare lark.Tree, as everywhere here: the grammar says the root's children are trees
        tree: lark.Tree = _parser().parse(text)
    except lark.exceptions.UnexpectedInput as exc:
        raise _syntax_error(exc, text, lines, path) from None
    return [_operation(node, lines, path) for node in tree.children]


def _syntax_error(exc: lark.exceptions.UnexpectedInput, text: str, lines: list[str],
                  path: str) -> OpsSyntaxError:
    if isinstance(exc, lark.exceptions.UnexpectedEOF) or getattr(exc, "token", None) == "":
        line = len(lines) or 1
        column = len(lines[-1]) + 1 if lines else 1
        message = "unexpected end of file: an operation is not closed"
    else:
        line, column = exc.line, exc.column
        if isinstance(exc, lark.exceptions.UnexpectedCharacters):
            # lark types pos_in_stream by its class default, None; this error sets an int
            message = f"unexpected {text[exc.pos_in_stream]!r}"  # type: ignore[index]
        else:
            # the errors left are UnexpectedToken, which has the token
            message = f"unexpected {str(exc.token)!r}"  # type: ignore[attr-defined]
        expected = _expected(exc)
        if expected:
            message += f", expected {expected}"
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return OpsSyntaxError(message, path=path, line=line, column=column, source_line=source)


_NAMES = {"LPAR": "'('", "RPAR": "')'", "ACTION": "delete, invert or transfer",
          "SYMBOL": "a name", "STRING": 'a "string"', "IF": "'if'", "T": "'t'",
          "CAT": "'cat'", "TYPE": "'type'", "OR": "'or'", "NOT": "'not'"}


def _expected(exc: lark.exceptions.UnexpectedInput) -> str:
    names = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
    shown = sorted({_NAMES.get(name, name.lower()) for name in names})
    return " or ".join(shown)


def _operation(node: lark.Tree, lines: list[str], path: str) -> Operation:
    condition, actions = node.children
    for child in condition.children[:2]:
        _check(child, word=True, lines=lines, path=path)
    if len(condition.children) == 3:
        _check(condition.children[2], word=False, lines=lines, path=path)
    parts = [_restriction(child) for child in condition.children]
    relationship = parts[2] if len(parts) == 3 else Anything()
    return Operation(parts[0], parts[1], relationship,
                     tuple(str(action) for action in actions.children), node.meta.line)


def _compound(node: lark.Tree) -> list[lark.Tree] | None:
    """The restrictions inside an ``or`` or a ``not``; None for a simple restriction."""
    return node.children if node.data in ("or_", "not_") else None


def _restriction(node: lark.Tree) -> Restriction:
    """The restriction a parsed restriction stands for (nested to any depth), simplified
    so that testing it costs little whatever its nesting: ``(not (not R))`` is R and an
    ``or`` inside an ``or`` is spread into it.

    >>> _restriction(_parser().parse("(if ((not (not (cat V))) t) ())").children[0]
    ...              .children[0].children[0])
    Cat(name='V')
    """
    return fold(node, _compound, _simple, _combined)


def _combined(compound: lark.Tree, parts: list[Restriction]) -> Restriction:
    if compound.data == "or_":
        return Or(tuple(inner for part in parts
                        for inner in (part.parts if isinstance(part, Or) else (part,))))
    return parts[0].part if isinstance(parts[0], Not) else Not(parts[0])


def _simple(node: lark.Tree) -> Restriction:
    kind = node.data
    if kind == "any":
        return Anything()
    if kind == "cat":
        return Cat(str(node.children[0]))
    if kind == "type":
        return Type(str(node.children[0]))
    return String(re.sub(r"\\(.)", r"\1", str(node.children[0])[1:-1]))


def _check(node: lark.Tree, *, word: bool, lines: list[str], path: str) -> None:
    """Reject (type ...) on a word and (cat ...)/(string ...) on a relationship."""
    for _, part in preorder(node, _compound):
        if (part.data == "type") if word else (part.data in ("cat", "string")):
            what = "(type ...) restricts a relationship, not a word" if word else \
                f"({part.data} ...) restricts a word, not the relationship"
            line, column = part.meta.line, part.meta.column
            raise OpsSyntaxError(what, path=path, line=line, column=column,
                                 source_line=lines[line - 1])


def _test(part: Restriction, form: str, tag: str, label: str) -> bool:
    """Whether a word (``form``, ``tag``) or its relationship ``label`` satisfies ``part``."""
    if isinstance(part, (Or, Not)):
        root: Restriction = part  # the walk meets any restriction, not only Or and Not
        value = fold(root, _parts, lambda simple: _test(simple, form, tag, label),
                     lambda compound, values: any(values) if isinstance(compound, Or)
                     else not values[0])
        return bool(value)
    if isinstance(part, Anything):
        return True
    if isinstance(part, Cat):
        return tag == part.name
    if isinstance(part, String):
        return form == part.text
    return label == part.name  # Type


def _parts(part: Restriction) -> tuple[Restriction, ...] | None:
    if isinstance(part, Or):
        return part.parts
    return (part.part,) if isinstance(part, Not) else None


def modify(operations: list[Operation], sentence: DependencySentence) -> DependencySentence:
    """A copy of ``sentence`` with the operations applied in order, as procedure (12)."""
    result = replace(sentence, heads=list(sentence.heads), labels=list(sentence.labels))
    for operation in operations:
        _apply(operation, result)
    return result


def _apply(operation: Operation, s: DependencySentence) -> None:
    snapshot = [(head, word) for word, head in enumerate(s.heads, start=1) if head > 0]
    for head, word in snapshot:
        if s.heads[word - 1] != head or not _satisfies(operation, s, head, word):
            continue
        for action in operation.actions:
            if action == "delete":
                s.heads[word - 1], s.labels[word - 1] = UNKNOWN_HEAD, ""
                break
            head, word = _ACTIONS[action](s, head, word)


def _satisfies(operation: Operation, s: DependencySentence, head: int, word: int) -> bool:
    label = s.labels[word - 1]
    return (_test(operation.head, s.forms[head - 1], s.tags[head - 1], label)
            and _test(operation.modifier, s.forms[word - 1], s.tags[word - 1], label)
            and _test(operation.relationship, "", "", label))


def _invert(s: DependencySentence, head: int, word: int) -> tuple[int, int]:
    """The modifier takes the head's place; returns the dependency as (new head, new modifier)."""
    s.heads[word - 1], s.labels[word - 1], s.heads[head - 1], s.labels[head - 1] = (
        s.heads[head - 1], s.labels[head - 1], word, s.labels[word - 1])
    return word, head


def _transfer(s: DependencySentence, head: int, word: int) -> tuple[int, int]:
    """The modifiers of ``word`` become modifiers of ``head``."""
    s.heads[:] = [head if h == word else h for h in s.heads]
    return head, word


_ACTIONS: dict[str, Callable[[DependencySentence, int, int], tuple[int, int]]] = {
    "invert": _invert,
    "transfer": _transfer,
}
