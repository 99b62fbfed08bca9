"""The detail pane: the selected sentence drawn by the corpus's renderer, scrollable."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..corpus import BrowseCorpus, enhanced_view


class DetailPane(VerticalScroll, can_focus=True):
    """Shows ``corpus.detail(index, width)``: scores, the gold/system diff and raw lines; in
    the enhanced view (:attr:`enhanced`, a corpus that has one) the enhanced graphs in place
    of the diff."""

    def __init__(self, corpus: BrowseCorpus, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.corpus = corpus
        self.index = -1
        #: the enhanced view is shown
        self.enhanced = False

    def compose(self) -> ComposeResult:
        yield Static(id="detail-text")

    def show(self, index: int) -> None:
        """Draw corpus sentence ``index`` (-1: nothing selected)."""
        self.index = index
        self._draw()
        self.scroll_home(animate=False)

    def on_resize(self) -> None:
        self._draw()

    def show_enhanced(self, enhanced: bool) -> None:
        """Show the enhanced view (the corpus must have one), or the detail again."""
        self.enhanced = enhanced
        self._draw()

    def _lines(self, width: int) -> list[Text]:
        view = enhanced_view(self.corpus) if self.enhanced else None
        return (self.corpus.detail(self.index, width) if view is None
                else view.enhanced_detail(self.index, width))

    def _draw(self) -> None:
        body = self.query_one("#detail-text", Static)
        if self.index < 0:
            body.update(Text("no sentence: the filter leaves none (c clears it)", style="dim"))
            return
        width = max((self.size.width or self.app.size.width) - 2, 40)
        body.update(Text("\n").join(self._lines(width)))

    def plain(self) -> str:
        """The text shown (for tests and captures)."""
        if self.index < 0:
            return ""
        width = max((self.size.width or self.app.size.width) - 2, 40)
        return "\n".join(line.plain for line in self._lines(width))
