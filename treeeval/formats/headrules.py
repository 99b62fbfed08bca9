"""Reader for head tables (``.heads`` files), the data behind constituency-to-dependency conversion.

A head table says, for each parent category, which child is its head.  A rule is one or
more *passes*, tried in file order; a pass has a direction and a priority list:

============== ==============================================================
``left``        category-major: for each category in list order, the first
                child of that category scanning from the left
``right``       category-major, scanning from the right
``leftdis``     position-major: the first child from the left whose category
                is anywhere in the list
``rightdis``    position-major, from the right
``leftexcept``  the first child from the left whose category is NOT listed
``rightexcept`` the same from the right
============== ==============================================================

A pass with an empty list is a default: it takes the first child in its direction (see
``%fallback``) and ends the search.  When no pass matches, the same default is taken in the
direction of the last pass.  The parent ``*`` is the rule for categories the table does
not list.  Options, one per line, each starting with ``%``:

``%punctuation CAT...``          the punctuation tags (for ``%fallback`` and coordination)
``%fallback first``              the default takes the first child (the default)
``%fallback skip-punctuation``   ... the first child that is not punctuation, if any
``%coordination CAT...``         Collins's coordination rule: when a pass picks child h and
                                 child h-1 is one of CAT, the head moves to child h-2, unless
                                 that child is punctuation (CoreNLP's behaviour)
``%coordination-after-fallback yes|no``  apply it to defaults too (default ``no``)
``%procedural NAME``             rules beyond the table, from the conversion code:
                                 ``semantic`` (CoreNLP's SemanticHeadFinder: auxiliaries,
                                 copulas, passives, CONJP words, its coordination rule) or
                                 ``semantic-copula`` (the same with the copula as head)

Comment lines start with ``#`` (the first non-blank character); the grammar is
``headrules.lark``.  Errors are InputError with file, line, column and a caret.

>>> import io
>>> import io
>>> table = read_heads(io.StringIO("%coordination CC\\nPP right IN TO\\nNP rightdis NN NNS\\n"))
>>> table.rules["NP"]
(HeadPass(direction='rightdis', categories=('NN', 'NNS'), line=3),)
>>> sorted(table.coordination)
['CC']
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from ..bundled import bundled_dir
from ..errors import InputError
from .text import read_text

#: the head table every command converts trees with unless told otherwise
DEFAULT_HEADS = "collins"
DIRECTIONS = ("left", "right", "leftdis", "rightdis", "leftexcept", "rightexcept")
FALLBACKS = ("first", "skip-punctuation")
#: the rule sets of ``%procedural`` (treeeval.conversion.semantic)
PROCEDURES = ("semantic", "semantic-copula")
#: the parent whose rule applies to categories the table does not list
ANY = "*"

Source = str | os.PathLike[str] | IO[str]


class HeadRulesError(InputError):
    """A malformed line in a head table."""


@dataclass(frozen=True)
class HeadPass:
    """One search pass of a rule: direction, priority list, and its line in the file."""

    direction: str
    categories: tuple[str, ...]
    line: int = field(default=0, compare=False)


@dataclass
class HeadTable:
    """A parsed head table: rules by parent category, plus the table's options."""

    rules: dict[str, tuple[HeadPass, ...]]
    punctuation: frozenset[str] = frozenset()
    fallback: str = "first"
    coordination: frozenset[str] = frozenset()
    coordination_after_fallback: bool = False
    #: the ``%procedural`` rule set ("" for none)
    procedural: str = ""
    name: str = "<input>"
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)


@functools.cache
def _parser():  # -> lark.Lark
    import lark

    grammar = (bundled_dir(__package__) / "headrules.lark").read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=False)


def bundled_heads_dir() -> Path:
    """The folder of the head tables shipped with treeeval (collins.heads, penn2malt.heads ...)."""
    return bundled_dir("treeeval.headrules")


def bundled_tables() -> list[str]:
    """Names of the bundled tables.

    >>> "collins" in bundled_tables()
    True
    """
    return sorted(p.stem for p in bundled_heads_dir().glob("*.heads"))


def find_heads(name: str | os.PathLike) -> Path:
    """Resolve ``--heads NAME|FILE``: an existing file wins, else the bundled table of that name.

    >>> find_heads("penn2malt").name
    'penn2malt.heads'
    """
    path = Path(name)
    if path.is_file():
        return path
    bundled = bundled_heads_dir() / f"{os.fspath(name)}.heads"
    if bundled.is_file():
        return bundled
    raise InputError(f"no such head table (bundled: {', '.join(bundled_tables())})",
                     path=os.fspath(name))


def load_heads(name: str | os.PathLike | HeadTable) -> HeadTable:
    """A table by bundled name, path, or as is; bundled tables are read once.

    >>> [(p.direction, p.categories) for p in load_heads("magerman").rules["PP"]]
    [('left', ('IN', 'TO', 'FW'))]
    """
    if isinstance(name, HeadTable):
        return name
    path = find_heads(name)
    if path.parent == bundled_heads_dir():
        return _load_bundled(path.name)
    return read_heads(path)


@functools.cache
def _load_bundled(name: str) -> HeadTable:
    return read_heads(bundled_heads_dir() / name)


def read_heads(source: Source) -> HeadTable:
    """Read a head table from a path or a text stream."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        text = read_text(path, "head table")
    else:
        name = getattr(source, "name", None)
        path = name if isinstance(name, str) else "<input>"
        text = source.read()
    return _build(text, path)


def _blank_comments(text: str) -> str:
    lines = text.split("\n")
    return "\n".join("" if line.lstrip().startswith("#") else line for line in lines)


def _build(text: str, path: str) -> HeadTable:
    import lark

    lines = text.split("\n")
    try:
        tree = _parser().parse(_blank_comments(text) + "\n")
    except lark.exceptions.UnexpectedInput as exc:
        line, column = exc.line, exc.column
        found = lines[line - 1] if 0 < line <= len(lines) else ""
        raise HeadRulesError(_describe(found, column), path=path, line=line,
                             column=column, source_line=found) from None
    passes: dict[str, list[HeadPass]] = {}
    table = HeadTable(rules={}, name=path)
    for entry in tree.children:
        if entry.data == "rule":
            parent, direction, *items = entry.children
            passes.setdefault(str(parent), []).append(
                HeadPass(str(direction), tuple(map(str, items)), parent.line))
        else:
            _set_option(table, entry.children[0], [str(v) for v in entry.children[1:]],
                        path, lines)
    table.rules = {parent: tuple(rule) for parent, rule in passes.items()}
    return table


def _describe(found: str, column: int) -> str:
    rest = found[column - 1:].split()
    word = repr(rest[0]) if rest else "the end of the line"
    if len(found[: column - 1].split()) == 1:
        return f"expected a direction ({', '.join(DIRECTIONS)}) after the parent, found {word}"
    return f"unexpected {word}"


def _set_option(table: HeadTable, token, values: list[str], path: str, lines: list[str]) -> None:
    name = str(token)[1:]

    def fail(message: str) -> HeadRulesError:
        return HeadRulesError(message, path=path, line=token.line, column=token.column,
                              source_line=lines[token.line - 1])

    if name in table.options:
        raise fail(f"option %{name} given twice")
    table.options[name] = tuple(values)
    if name == "punctuation":
        table.punctuation = frozenset(values)
    elif name == "coordination":
        table.coordination = frozenset(values)
    elif name == "fallback":
        if len(values) != 1 or values[0] not in FALLBACKS:
            raise fail(f"%fallback takes one of: {', '.join(FALLBACKS)}")
        table.fallback = values[0]
    elif name == "coordination-after-fallback":
        if values not in (["yes"], ["no"]):
            raise fail("%coordination-after-fallback takes yes or no")
        table.coordination_after_fallback = values == ["yes"]
    elif name == "procedural":
        if len(values) != 1 or values[0] not in PROCEDURES:
            raise fail(f"%procedural takes one of: {', '.join(PROCEDURES)}")
        table.procedural = values[0]
    else:
        raise fail(f"unknown option %{name} (known: %punctuation, %fallback, "
                   "%coordination, %coordination-after-fallback, %procedural)")


def format_heads(table: HeadTable) -> str:
    """The table written back in the .heads format (options first, then the passes).

    >>> import io
    >>> table = read_heads(io.StringIO("%fallback skip-punctuation\\nS left VP S\\n"))
    >>> print(format_heads(table), end="")
    %fallback skip-punctuation
    S left VP S
    """
    out = [f"%{name} {' '.join(values)}".rstrip() for name, values in table.options.items()]
    for parent, rule in table.rules.items():
        out.extend(f"{parent} {p.direction} {' '.join(p.categories)}".rstrip() for p in rule)
    return "\n".join(out) + "\n"
