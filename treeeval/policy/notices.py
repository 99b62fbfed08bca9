"""Loud partial results: what a user could miss, said on stderr after the report.

A scoring command that scores only part of what it was given (files of different lengths, an
empty file, a run stopped by MAX_ERROR, a file that looks like another format, a root label
that silently costs brackets) keeps the reference program's stdout and exit status, and adds
one line per notice on stderr after everything else.  With ``--strict`` the same lines say
``error`` and the run exits 1; notices marked ``strict_only`` (EVALB's Error and Skip
sentences, which EVALB already reports in its table) are said only then.

>>> import io
>>> notices = Notices()
>>> notices.add("has 100 sentences, gold has 2416; scored the first 100", path="test.txt")
>>> err = io.BytesIO()
>>> notices.finish(err, 0)
0
>>> print(err.getvalue().decode(), end="")
treeeval: warning: test.txt: has 100 sentences, gold has 2416; scored the first 100
>>> strict = Notices(strict=True)
>>> strict.add("sentence 7 was not scored (Error)", path="test.txt", line=7, strict_only=True)
>>> err = io.BytesIO()
>>> strict.finish(err, 0), err.getvalue().decode()
(1, 'treeeval: error: test.txt:7: sentence 7 was not scored (Error) (--strict)\\n')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import BinaryIO

from .inputs import shown, shown_text


@dataclass(frozen=True)
class Notice:
    """One thing a user could miss: where (a file, perhaps a line) and what."""

    message: str
    path: str | None = None
    line: int | None = None
    strict_only: bool = False

    def text(self) -> str:
        """``FILE[:LINE]: message`` (just the message when no file is known)."""
        if self.path is None:
            return self.message
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.message}"


@dataclass
class Notices:
    """The notices of one run, in the order found; ``finish`` says them and sets the status."""

    strict: bool = False
    items: list[Notice] = field(default_factory=list)

    def add(self, message: str, *, path: str | None = None, line: int | None = None,
            strict_only: bool = False) -> None:
        """Record a notice (said by ``finish``, at the end of the run), naming the user's
        files (treeeval.policy.inputs), never a temporary copy."""
        self.items.append(Notice(shown_text(message), shown(path), line, strict_only))

    def extend(self, notices: Iterable[Notice]) -> None:
        """Record notices made elsewhere (a scorer's, found while it read the files), each
        as :meth:`add` records it."""
        for notice in notices:
            self.add(notice.message, path=notice.path, line=notice.line,
                     strict_only=notice.strict_only)

    def shown(self) -> list[Notice]:
        """The notices this run says: all under ``--strict``, else those not strict-only."""
        return [n for n in self.items if self.strict or not n.strict_only]

    def finish(self, err: BinaryIO, status: int) -> int:
        """Write one line per notice on ``err``; the exit status of the run (1 under
        ``--strict`` when anything was said and the run had otherwise succeeded)."""
        shown = self.shown()
        kind = "error" if self.strict else "warning"
        suffix = " (--strict)" if self.strict else ""
        for notice in shown:
            err.write(f"treeeval: {kind}: {notice.text()}{suffix}\n".encode("utf-8", "replace"))
        if self.strict and shown and status == 0:
            return 1
        return status
