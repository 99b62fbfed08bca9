"""Errors raised on bad input, each carrying where it was found.

The command line prints them as one line, ``treeeval: error: FILE:LINE:COL: message``,
followed (for syntax errors) by the offending line and a caret:

>>> err = InputError("expected an integer", path="my.prm", line=3, column=11,
...                  source_line="MAX_ERROR ten")
>>> print(err)
my.prm:3:11: expected an integer
>>> print(err.context())
    MAX_ERROR ten
              ^

An in-memory input (:mod:`treeeval.metrics`) is named by its side and the index of the
sentence in what was given, and a line within that sentence's text when there is one:

>>> print(InputError("HEAD 7 is beyond the sentence's 2 words", path="predicted",
...                  sentence=3, line=2))
predicted[3]:2: HEAD 7 is beyond the sentence's 2 words
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence


class TreeevalError(Exception):
    """Base class of every error treeeval reports to its user."""

    exit_status = 1


class UsageError(TreeevalError):
    """Bad command-line usage (exit status 2)."""

    exit_status = 2


class InputError(TreeevalError, ValueError):
    """Bad content in an input file, with a 1-based line and column where known; for an
    in-memory input, ``sentence`` is the 0-based index of the sentence (its ``line`` counts
    within the sentence's text)."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        source_line: str | None = None,
        sentence: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.source_line = source_line
        self.sentence = sentence

    def location(self) -> str:
        parts = [self.path or "<input>"]
        if self.sentence is not None:
            parts[0] += f"[{self.sentence}]"
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        return f"{self.location()}: {self.message}"

    def context(self) -> str:
        """The offending line with a caret under the column ('' when unknown)."""
        if self.source_line is None or self.column is None:
            return ""
        shown = self.source_line.rstrip("\r\n")
        caret = " " * (self.column - 1) + "^"
        return f"    {shown}\n    {caret}"


def sentence_line(starts: Sequence[int], line: int) -> tuple[int, int]:
    """The sentence holding ``line`` of a text made of sentences whose first lines are
    ``starts`` (1-based, increasing), and the line within it: where an error a reader found
    in sentences given in memory is said (``predicted[3]:2``); a line past the last
    sentence's is the last sentence's.

    >>> sentence_line([1, 4, 5], 2), sentence_line([1, 4, 5], 4), sentence_line([1, 4, 5], 9)
    ((0, 2), (1, 1), (2, 5))
    """
    index = max(bisect.bisect_right(starts, line) - 1, 0)
    return index, line - starts[index] + 1


class PrmError(InputError):
    """A malformed line in an EVALB parameter (.prm) file."""


class BracketSyntaxError(InputError):
    """A bracketed tree that does not follow the grammar in formats/brackets.lark."""


def nearest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> list[str]:
    """The choice nearest to ``word``, for a message's "did you mean" (a list of one, or
    empty: none is near): one equal to it but for case first, else difflib's closest
    (imported only when something was misspelt), case ignored if nothing is near as spelt.

    >>> nearest("brackt", ["bracket", "browse"]), nearest("collins.prm", ["COLLINS.prm"])
    (['bracket'], ['COLLINS.prm'])
    >>> nearest("colins.prm", ["COLLINS.prm", "new.prm"]), nearest("x", ["COLLINS.prm"])
    (['COLLINS.prm'], [])
    """
    choices = list(choices)
    same = [choice for choice in choices if choice.lower() == word.lower()]
    if same:
        return same[:1]
    import difflib

    near = difflib.get_close_matches(word, choices, n=1, cutoff=cutoff)
    if near:
        return near
    lowered = {choice.lower(): choice for choice in choices}
    return [lowered[match] for match in difflib.get_close_matches(word.lower(), lowered, n=1,
                                                                   cutoff=cutoff)]
