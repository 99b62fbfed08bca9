"""The ``treeeval browse`` application.

The corpus (``bracket_data.BracketCorpus``, ``dep_data.DepCorpus`` or
``ud_data.UDCorpus``) is scored before the app starts; the app only filters, sorts and
draws.  Its main screen is ``screens.browser.BrowserScreen``; help (``?``, F1) and quit
(``q``) work on every screen.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from .corpus import BrowseCorpus, enhanced_view
from .render_alignment import alignment_legend
from .render_deps import dependency_legend
from .render_disc_tree import disc_legend
from .render_enhanced import enhanced_legend
from .render_tree import bracket_legend
from .screens.browser import BrowserScreen
from .screens.help import HelpScreen


class BrowseApp(App[None]):
    """Browse the sentences of a scored corpus."""

    CSS_PATH = "app.tcss"
    TITLE = "treeeval browse"

    BINDINGS = [
        Binding("q", "quit", "Quit", id="app.quit"),
        Binding("question_mark,f1", "help", "Help", key_display="?", id="app.help"),
    ]

    def __init__(self, corpus: BrowseCorpus) -> None:
        super().__init__()
        self.corpus = corpus
        self.browser = BrowserScreen(corpus)

    def get_default_screen(self) -> Screen:
        return self.browser

    def action_help(self) -> None:
        columns = [(column.title, column.help) for column in self.corpus.columns]
        legends = {"bracket": bracket_legend, "ud": alignment_legend, "single": Text,
                   "disco": disc_legend}
        legend = [legends.get(self.corpus.kind, dependency_legend)()]
        if enhanced_view(self.corpus) is not None:
            legend.append(enhanced_legend())
        self.push_screen(HelpScreen(columns, legend))
