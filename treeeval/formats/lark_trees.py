"""The lark reference parser of bracketed trees (``brackets.lark``) and its error messages.

A syntax error is reported at its line and byte column, with a message naming what went
wrong at that point of the grammar.

>>> parse_tree_lark(b"(NP (NN a) )  (NN b c)", line=7)
Traceback (most recent call last):
...
treeeval.errors.BracketSyntaxError: <input>:7:21: more than one word in a preterminal
"""

from __future__ import annotations

import functools
import re

import lark
from nltk import Tree

from ..bundled import bundled_dir
from ..errors import BracketSyntaxError, InputError

#: bytes C's isspace() accepts; the only white space of the grammar
C_SPACE = b" \t\n\v\f\r"

#: a label or a word (the TEXT of brackets.lark)
_TOKEN = re.compile(rb"[^ \t\n\v\f\r()]+")


class _TreeBuilder(lark.Transformer):
    """Turns grammar rules into ``nltk.Tree`` objects while lark reduces them.

    Labels and words are decoded with surrogate escapes, so that a syntax error later in
    the text is still found; parse_tree_lark then rejects undecodable bytes.
    """

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self.encoding = encoding

    def _text(self, token: lark.Token) -> str:
        return token.encode("latin-1").decode(self.encoding, errors="surrogateescape")

    def start(self, children: list[Tree]) -> list[Tree]:
        return children

    def terminal(self, children: list[lark.Token]) -> Tree:
        tag, word = children
        return Tree(self._text(tag), [self._text(word)])

    def nonterminal(self, children: list[lark.Token | Tree]) -> Tree:
        if isinstance(children[0], lark.Token):
            return Tree(self._text(children[0]), children[1:])
        return Tree("", children)


@functools.cache
def _lark_parser(encoding: str) -> lark.Lark:
    grammar = (bundled_dir(__package__) / "brackets.lark").read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", transformer=_TreeBuilder(encoding))


def parse_tree_lark(
    text: bytes, *, path: str | None = None, line: int = 1, encoding: str = "utf-8"
) -> list[Tree]:
    """Parse one sentence with the lark grammar: the reference reader and error reporter.

    ``text`` starts at the beginning of line ``line`` of ``path`` and may hold several lines
    (a multi-line ``.mrg`` tree).  Returns the sentence's top-level trees, ``[]`` for blank
    text.  Raises BracketSyntaxError with the 1-based line and byte column of the first
    error, or InputError for a label or word that is not valid in ``encoding``.

    >>> parse_tree_lark(b"( (NP-SBJ-1 (-NONE- *T*-2)) )")
    [Tree('', [Tree('NP-SBJ-1', [Tree('-NONE-', ['*T*-2'])])])]
    >>> parse_tree_lark(b"(S (NP (NN a)) \\n   (VP (VB b))", path="x.mrg", line=10)
    Traceback (most recent call last):
    ...
    treeeval.errors.BracketSyntaxError: x.mrg:10:1: unclosed bracket opened at column 1
    """
    chars = text.decode("latin-1")
    try:
        # lark types parse() as returning a lark tree; with a transformer it returns what the
        # transformer builds (_TreeBuilder.start: the list of trees)
        trees: list[Tree] = _lark_parser(encoding).parse(chars)  # type: ignore[assignment]
    except lark.exceptions.UnexpectedInput as exc:
        offset, message = _diagnose(chars, _error_offset(chars, exc))
        raise _located(BracketSyntaxError, message, chars, offset, path, line, encoding) from None
    undecodable = _first_undecodable(text, encoding)
    if undecodable is not None:
        message = f"byte 0x{text[undecodable]:02x} is not valid {encoding}"
        raise _located(InputError, message, chars, undecodable, path, line, encoding)
    return trees


def _first_undecodable(text: bytes, encoding: str) -> int | None:
    """Offset of the first byte of a label or word that ``encoding`` cannot decode."""
    try:
        text.decode(encoding)
    except UnicodeDecodeError:
        for token in _TOKEN.finditer(text):
            try:
                token.group().decode(encoding)
            except UnicodeDecodeError as exc:
                return token.start() + exc.start
    return None


def _error_offset(chars: str, exc: lark.exceptions.UnexpectedInput) -> int:
    """Offset of the unexpected input; len(chars) when the text ended too early."""
    token = getattr(exc, "token", None)
    if isinstance(token, lark.Token) and token.type == "$END":
        return len(chars)
    # lark types pos_in_stream by its class default, None; every error it raises sets an int
    return exc.pos_in_stream  # type: ignore[return-value]


_SPACE = C_SPACE.decode("latin-1")


def _diagnose(chars: str, offset: int) -> tuple[int, str]:
    """Where and what the first error is, given that ``chars[:offset]`` parsed.

    Only a few things can go wrong at a given point of the grammar, so the character at
    the offset and the last non-blank character before it tell them apart.
    """
    if offset >= len(chars):
        return _unclosed(chars)
    found = chars[offset]
    depth = chars.count("(", 0, offset) - chars.count(")", 0, offset)
    if depth == 0:
        return offset, "extra ')'" if found == ")" else "text outside brackets"
    before = chars[:offset].rstrip(_SPACE)[-1]
    if found == ")":
        if before != "(" and chars[offset - 1] in _SPACE:
            return offset, "empty word"
        return offset, "bracket has no children"
    if found == "(":
        return offset, "word mixed with bracketed children"
    if found in _SPACE:
        return _after_word(chars, offset)
    if before == "(":
        return offset, "word without a tag"
    return offset, "word mixed with bracketed children"


def _after_word(chars: str, offset: int) -> tuple[int, str]:
    """White space after the word of a preterminal, where only ')' may follow."""
    rest = chars[offset:].lstrip(_SPACE)
    if not rest:
        return _unclosed(chars)
    after = len(chars) - len(rest)
    if rest[0] == ")":
        return offset, "white space between a word and ')'"
    if rest[0] == "(":
        return after, "word mixed with bracketed children"
    return after, "more than one word in a preterminal"


def _unclosed(chars: str) -> tuple[int, str]:
    """Report an unclosed tree where it started (stanza's trick), not where the text ends."""
    opened: list[int] = []
    for offset, char in enumerate(chars):
        if char == "(":
            opened.append(offset)
        elif char == ")":
            opened.pop()
    start = opened[0]
    column = start - chars.rfind("\n", 0, start)
    return start, f"unclosed bracket opened at column {column}"


def _located(
    kind: type[InputError],
    message: str,
    chars: str,
    offset: int,
    path: str | None,
    line: int,
    encoding: str,
) -> InputError:
    """An error at ``offset`` of ``chars``, whose first line is line ``line`` of ``path``."""
    start = chars.rfind("\n", 0, offset) + 1
    end = chars.find("\n", offset)
    source = chars[start : len(chars) if end < 0 else end]
    return kind(
        message,
        path=path,
        line=line + chars.count("\n", 0, offset),
        column=offset - start + 1,
        source_line=source.encode("latin-1").decode(encoding, errors="replace"),
    )
