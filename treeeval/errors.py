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
"""

from __future__ import annotations


class TreeevalError(Exception):
    """Base class of every error treeeval reports to its user."""

    exit_status = 1


class UsageError(TreeevalError):
    """Bad command-line usage (exit status 2)."""

    exit_status = 2


class InputError(TreeevalError, ValueError):
    """Bad content in an input file, with a 1-based line and column where known."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        source_line: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.source_line = source_line

    def location(self) -> str:
        parts = [self.path or "<input>"]
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


class PrmError(InputError):
    """A malformed line in an EVALB parameter (.prm) file."""


class BracketSyntaxError(InputError):
    """A bracketed tree that does not follow the grammar in formats/brackets.lark."""
