"""What the app needs of a corpus, and the header it shows.

``bracket_data.BracketCorpus``, ``dep_data.DepCorpus`` and ``ud_data.UDCorpus`` are
``BrowseCorpus``es; each builds its ``HeaderInfo``.

>>> HeaderInfo(["gold: g"], [], ["system: F1 50.00"]).text().plain
'gold: g\\nsystem: F1 50.00'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from rich.text import Text

from ..policy.inputs import shown
from ..tables.comparison import system_names
from .breakdown import BreakdownTable
from .model import SUBSCRIPT, Column, Filterable


class BrowseCorpus(Filterable, Protocol):
    """What the app needs of a corpus (``BracketCorpus``, ``DepCorpus`` and
    ``UDCorpus`` have it)."""

    kind: str
    columns: list[Column]

    def header(self) -> HeaderInfo: ...

    def text(self, index: int) -> str: ...

    def detail(self, index: int, width: int) -> list[Text]: ...

    def breakdown(self) -> list[BreakdownTable]: ...


@runtime_checkable
class EnhancedCorpus(Protocol):
    """A corpus that may have an enhanced view besides its detail (``UDCorpus`` and
    ``UDSystemsCorpus``: CoNLL-U pairs scored with ``--udeval`` or ``--iwpt20``)."""

    @property
    def enhanced_scored(self) -> bool: ...

    def enhanced_detail(self, index: int, width: int) -> list[Text]: ...


@runtime_checkable
class DrawingCorpus(Protocol):
    """A corpus whose trees the detail pane draws in more than one way
    (``disco_data.DiscoCorpus``: outlines or crossing branches)."""

    def toggle_drawing(self) -> str: ...


def enhanced_view(corpus: BrowseCorpus) -> EnhancedCorpus | None:
    """The corpus, if it has an enhanced view (enhanced graphs scored), else None."""
    if isinstance(corpus, EnhancedCorpus) and corpus.enhanced_scored:
        return corpus
    return None


@dataclass
class HeaderInfo:
    """What the header shows: files, parameters in force and the corpus scores."""

    files: list[str]
    parameters: list[str]
    scores: list[str]
    warnings: list[str] = field(default_factory=list)

    def text(self) -> Text:
        text = Text()
        for line in self.files + self.parameters:
            text.append(line + "\n", style="dim")
        for line in self.scores:
            text.append(line + "\n", style="bold")
        for line in self.warnings:
            text.append(line + "\n", style="bold red")
        text.rstrip()
        return text


def system_name(paths: Sequence[str], system: int) -> str:
    """How the header and the detail pane name a system: ``system`` alone, else by its
    short name, as every comparison names it (``tables.comparison.system_names``: the file
    name without its extension, with the folders it takes to tell the files apart).

    >>> system_name(["out/a.mrg"], 0), system_name(["out/a.mrg", "out/b.mrg"], 1)
    ('system', 'b')
    """
    return "system" if len(paths) == 1 else system_names(paths)[system]


def file_lines(gold: str, systems: list[str]) -> list[str]:
    """The header's file lines: gold, then each system, marked as its columns are (₁ ₂ …)
    and named, on its own line, or, with three or more, their names on one line (the header
    stays short).

    >>> file_lines("g", ["out/a.mrg"])
    ['gold: g', 'system: out/a.mrg']
    >>> file_lines("g", ["out/a.mrg", "out/b.mrg"])
    ['gold: g', '₁ a: out/a.mrg', '₂ b: out/b.mrg']
    >>> file_lines("g", ["a", "b", "c"])
    ['gold: g', 'systems: ₁ a · ₂ b · ₃ c']
    """
    names = [system_name(systems, k) for k in range(len(systems))]
    marks = [str(k).translate(SUBSCRIPT) for k in range(1, len(systems) + 1)]
    if len(systems) >= 3:
        return [f"gold: {shown(gold)}", "systems: " + " · ".join(
            f"{mark} {name}" for mark, name in zip(marks, names))]
    if len(systems) == 1:
        return [f"gold: {shown(gold)}", f"system: {shown(systems[0])}"]
    return [f"gold: {shown(gold)}"] + [f"{mark} {name}: {shown(path)}"
                                       for mark, name, path in zip(marks, names, systems)]
