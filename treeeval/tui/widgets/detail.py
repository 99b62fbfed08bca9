"""The detail pane: the selected sentence drawn by the corpus's renderer, scrollable."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..corpus import BrowseCorpus


class DetailPane(VerticalScroll, can_focus=True):
    """Shows ``corpus.detail(index, width)``: scores, the gold/system diff and raw lines."""

    def __init__(self, corpus: BrowseCorpus, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.corpus = corpus
        self.index = -1

    def compose(self) -> ComposeResult:
        yield Static(id="detail-text")

    def show(self, index: int) -> None:
        """Draw corpus sentence ``index`` (-1: nothing selected)."""
        self.index = index
        self._draw()
        self.scroll_home(animate=False)

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        body = self.query_one("#detail-text", Static)
        if self.index < 0:
            body.update(Text("no sentence: the filter leaves none (c clears it)", style="dim"))
            return
        width = max((self.size.width or self.app.size.width) - 2, 40)
        lines = self.corpus.detail(self.index, width)
        body.update(Text("\n").join(lines))

    def plain(self) -> str:
        """The text shown (for tests and captures)."""
        if self.index < 0:
            return ""
        width = max((self.size.width or self.app.size.width) - 2, 40)
        return "\n".join(line.plain for line in self.corpus.detail(self.index, width))
