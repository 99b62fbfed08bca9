"""The breakdown screen: per-label scores, confusions and score by length, with bars.

Selecting a row dismisses the screen with the filter that row stands for (sentences where
that label is wrong, that confusion occurs, or that length range); the browser applies it.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, LoadingIndicator, OptionList, Static
from textual.widgets.option_list import Option

from ..breakdown import BreakdownTable
from ..corpus import BrowseCorpus
from ..model import SentenceFilter
from ..render_breakdown import table_lines


class BreakdownScreen(Screen[SentenceFilter | None]):
    """Tables of the corpus's ``breakdown()``; Enter on a row filters the sentence list."""

    BINDINGS = [
        Binding("escape,b", "close", "Back", id="breakdown.close"),
    ]

    def __init__(self, corpus: BrowseCorpus) -> None:
        super().__init__()
        self.corpus = corpus
        self.targets: dict[str, SentenceFilter] = {}

    def compose(self) -> ComposeResult:
        yield Static("Breakdown · Enter on a row shows its sentences · Esc goes back",
                     id="breakdown-title")
        yield LoadingIndicator()
        yield OptionList(id="breakdown")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).display = False
        self.compute()

    @work(thread=True, exclusive=True, group="breakdown")
    def compute(self) -> None:
        tables = self.corpus.breakdown()
        self.app.call_from_thread(self.show_tables, tables)

    def show_tables(self, tables: list[BreakdownTable]) -> None:
        options: list[Option | None] = []
        for t, table in enumerate(tables):
            if t:
                options.append(None)
            options.append(Option(f"[b]{table.title}[/b]", disabled=True))
            if table.note:
                options.append(Option(f"[dim]{table.note}[/dim]", disabled=True))
            lines = table_lines(table)
            options.append(Option(lines[0], disabled=True))
            if not table.rows:
                options.append(Option("(none)", disabled=True))
            for r, (row, line) in enumerate(zip(table.rows, lines[1:])):
                key = f"t{t}r{r}"
                if row.target is not None:
                    self.targets[key] = row.target
                options.append(Option(line, id=key, disabled=row.target is None))
        option_list = self.query_one(OptionList)
        option_list.set_options(options)
        self.query_one(LoadingIndicator).display = False
        option_list.display = True
        option_list.focus()
        first = next((i for i, o in enumerate(option_list.options) if not o.disabled), None)
        if first is not None:
            option_list.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        target = self.targets.get(event.option.id or "")
        if target is not None:
            self.dismiss(target)

    def action_close(self) -> None:
        self.dismiss(None)
