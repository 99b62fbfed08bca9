"""What the app needs of a corpus, and the header it shows.

``bracket_data.BracketCorpus``, ``dep_data.DepCorpus`` and ``ud_data.UDCorpus`` are
``BrowseCorpus``es; each builds its ``HeaderInfo``.

>>> HeaderInfo(["gold: g"], [], ["system: F1 50.00"]).text().plain
'gold: g\\nsystem: F1 50.00'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from rich.text import Text

from ..policy.inputs import shown
from .breakdown import BreakdownTable
from .model import Column, Filterable


class BrowseCorpus(Filterable, Protocol):
    """What the app needs of a corpus (``BracketCorpus``, ``DepCorpus`` and
    ``UDCorpus`` have it)."""

    kind: str
    columns: list[Column]

    def header(self) -> HeaderInfo: ...

    def text(self, index: int) -> str: ...

    def detail(self, index: int, width: int) -> list[Text]: ...

    def breakdown(self) -> list[BreakdownTable]: ...


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


def system_name(system: int, systems: int) -> str:
    """How the header and the detail pane name a system: ``system`` alone, else numbered.

    >>> system_name(0, 1), system_name(2, 3)
    ('system', 'system 3')
    """
    return "system" if systems == 1 else f"system {system + 1}"


def file_lines(gold: str, systems: list[str]) -> list[str]:
    """The header's file lines: gold, then each system on its own line, or, with three or
    more, all of them on one line (the header stays short).

    >>> file_lines("g", ["a", "b"])
    ['gold: g', 'system 1: a', 'system 2: b']
    >>> file_lines("g", ["a", "b", "c"])
    ['gold: g', 'systems: 1 a · 2 b · 3 c']
    """
    gold, systems = shown(gold), [shown(path) for path in systems]
    if len(systems) >= 3:
        return [f"gold: {gold}", "systems: " + " · ".join(
            f"{k} {path}" for k, path in enumerate(systems, 1))]
    return [f"gold: {gold}"] + [f"{system_name(k, len(systems))}: {path}"
                                for k, path in enumerate(systems)]
