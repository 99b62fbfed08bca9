"""The main screen: header, sentence list, status line, detail pane and footer.

It owns the keys that filter, search and move through the sentences; filters run in a
worker thread (the first label filter on brackets computes the corpus's bracket columns).
"""

from __future__ import annotations

import re

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...arrays import IntArray
from ...bracket.totals import EvalbStatus
from ..corpus import BrowseCorpus, DrawingCorpus, enhanced_view
from ..model import STATUS_NAMES, SentenceFilter
from ..widgets.detail import DetailPane
from ..widgets.sentence_list import SentenceList
from .breakdown import BreakdownScreen
from .prompt import PromptScreen

#: the status filter's cycle: all, Error, Skip, scored
STATUS_CYCLE: tuple[int | None, ...] = (None, EvalbStatus.ERROR, EvalbStatus.SKIP,
                                        EvalbStatus.SCORED)


def status_cycle(statuses: IntArray | None) -> tuple[int | None, ...]:
    """The status filter's cycle over a corpus: STATUS_CYCLE, with evalb_spmrl's unparsed
    sentences (-X) before the scored ones when the corpus has any.

    >>> import numpy as np
    >>> status_cycle(np.array([0, 3])), len(status_cycle(np.array([0, 1])))
    ((None, <EvalbStatus.ERROR: 1>, <EvalbStatus.SKIP: 2>, <EvalbStatus.UNPARSED: 3>, <EvalbStatus.SCORED: 0>), 4)
    """
    if statuses is None or not bool((statuses == EvalbStatus.UNPARSED).any()):
        return STATUS_CYCLE
    return (*STATUS_CYCLE[:-1], EvalbStatus.UNPARSED, STATUS_CYCLE[-1])
#: a length range as typed: "1-40", "41-", "-10", "12"
LENGTH_RANGE = re.compile(r"^\s*(\d*)\s*(-|\.\.)?\s*(\d*)\s*$")


def parse_length_range(text: str) -> tuple[int | None, int | None]:
    """``(min, max)`` from ``1-40``, ``41-``, ``-10``, ``12`` or empty (no limit).

    >>> parse_length_range("1-40"), parse_length_range("41-"), parse_length_range("12")
    ((1, 40), (41, None), (12, 12))
    >>> parse_length_range("")
    (None, None)
    """
    match = LENGTH_RANGE.match(text)
    if match is None:
        raise ValueError(f"not a length range: {text!r} (e.g. 1-40, 41-, -10)")
    low, dash, high = match.groups()
    low_value = int(low) if low else None
    high_value = int(high) if high else None
    if not dash:
        high_value = low_value
    return low_value, high_value


class BrowserScreen(Screen[None]):
    """The sentences of a scored corpus, one selected and drawn in detail."""

    BINDINGS = [
        Binding("slash", "search", "Search", key_display="/", id="browser.search"),
        Binding("w", "toggle_wrong", "Wrong only", id="browser.wrong_only"),
        Binding("b", "breakdown", "Breakdown", id="browser.breakdown"),
        Binding("g,colon", "goto", "Go to", id="browser.goto"),
        Binding("l", "length", "Length", show=False, id="browser.length"),
        Binding("t", "status", "Status", show=False, id="browser.status"),
        Binding("L", "label", "Label wrong", show=False, id="browser.label"),
        Binding("c", "clear", "Clear filter", show=False, id="browser.clear"),
        Binding("e", "error_class", "Error class", show=False, id="browser.error_class"),
        Binding("d", "toggle_enhanced", "Enhanced", show=False, id="browser.enhanced"),
        Binding("v", "toggle_drawing", "Drawing", show=False, id="browser.drawing"),
    ]

    def __init__(self, corpus: BrowseCorpus) -> None:
        super().__init__()
        self.corpus = corpus
        self.filter = SentenceFilter()
        #: a filter is being computed in a worker
        self.filtering = False

    # -- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(self.corpus.header().text(), id="header")
        yield SentenceList(self.corpus, id="sentences")
        yield Static(id="status")
        yield DetailPane(self.corpus, id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(SentenceList).focus()
        self.update_status()

    @property
    def sentence_list(self) -> SentenceList:
        return self.query_one(SentenceList)

    # -- messages -------------------------------------------------------------------------------
    def on_sentence_list_selected(self, message: SentenceList.Selected) -> None:
        self.query_one(DetailPane).show(message.index)
        self.update_status()

    def on_sentence_list_view_changed(self, message: SentenceList.ViewChanged) -> None:
        self.update_status()

    def update_status(self) -> None:
        text = self.sentence_list.status_text()
        described = self.filter.describe()
        if described:
            text += f" · filter: {described} (c clears)"
        if self.filtering:
            text += " · filtering…"
        if enhanced_view(self.corpus) is not None:
            text += (" · enhanced graphs (d: alignment)" if self.query_one(DetailPane).enhanced
                     else " · d: enhanced graphs")
        self.query_one("#status", Static).update(text)

    # -- filters --------------------------------------------------------------------------------
    def set_filter(self, new_filter: SentenceFilter) -> None:
        """Apply a filter (in a worker: a label filter may score every sentence)."""
        self.filter = new_filter
        self.filtering = True
        self.update_status()
        self.filter_in_background(new_filter)

    @work(thread=True, exclusive=True, group="filter")
    def filter_in_background(self, new_filter: SentenceFilter) -> None:
        view = new_filter.apply(self.corpus)
        self.app.call_from_thread(self._show_view, new_filter, view)

    def _show_view(self, new_filter: SentenceFilter, view: IntArray) -> None:
        if new_filter != self.filter:
            return
        self.filtering = False
        self.sentence_list.set_view(view)
        self.update_status()

    def action_toggle_wrong(self) -> None:
        self.set_filter(self.filter.with_changes(only_wrong=not self.filter.only_wrong))

    def action_clear(self) -> None:
        self.set_filter(SentenceFilter())

    def action_status(self) -> None:
        cycle = status_cycle(self.corpus.status)
        position = cycle.index(self.filter.status) if self.filter.status in cycle else 0
        status = cycle[(position + 1) % len(cycle)]
        self.set_filter(self.filter.with_changes(status=status))
        self.notify("status: " + ("all" if status is None else STATUS_NAMES[status]), timeout=2)

    def action_search(self) -> None:
        def answered(value: str | None) -> None:
            if value is not None:
                self.set_filter(self.filter.with_changes(search=value.strip()))

        self.app.push_screen(PromptScreen("Search the sentence text (regular expression):",
                                      self.filter.search, "empty: no search"), answered)

    def action_length(self) -> None:
        def answered(value: str | None) -> None:
            if value is None:
                return
            try:
                low, high = parse_length_range(value)
            except ValueError as exc:
                self.notify(str(exc), severity="error")
                return
            self.set_filter(self.filter.with_changes(min_length=low, max_length=high))

        self.app.push_screen(PromptScreen("Sentence length range:", "", "e.g. 1-40, 41-, -10; "
                                          "empty: any length"), answered)

    def action_label(self) -> None:
        def answered(value: str | None) -> None:
            if value is not None:
                self.set_filter(self.filter.with_changes(label=value.strip(), confusion=None))

        self.app.push_screen(PromptScreen("Show sentences where this label is wrong:",
                                      self.filter.label, "e.g. NP, VP, nsubj; empty: any"),
                         answered)

    def action_error_class(self) -> None:
        if self.corpus.kind != "bracket":
            self.notify("error classes are for bracketed trees", severity="warning")
            return

        def answered(value: str | None) -> None:
            if value is not None:
                self.set_filter(self.filter.with_changes(error_class=value.strip()))

        self.app.push_screen(PromptScreen("Show sentences with a repair of this error class:",
                                      self.filter.error_class,
                                      "e.g. PP (PP Attachment), unary, co; empty: any"), answered)

    def action_toggle_enhanced(self) -> None:
        """Show the enhanced graphs in the detail pane in place of the alignment, or the
        alignment again."""
        if enhanced_view(self.corpus) is None:
            self.notify("the enhanced view is for CoNLL-U files browsed with --udeval or "
                        "--iwpt20 (ELAS scored)", severity="warning")
            return
        detail = self.query_one(DetailPane)
        detail.show_enhanced(not detail.enhanced)
        self.update_status()

    def action_toggle_drawing(self) -> None:
        """Discontinuous trees: draw them as outlines or with crossing branches."""
        if not isinstance(self.corpus, DrawingCorpus):
            self.notify("the drawings are for discontinuous trees (treeeval disco's files)",
                        severity="warning")
            return
        shown = self.corpus.toggle_drawing()
        self.query_one(DetailPane).show(self.query_one(DetailPane).index)
        self.notify(f"drawing: {shown}", timeout=2)

    # -- navigation and screens -------------------------------------------------------------------
    def action_goto(self) -> None:
        def answered(value: str | None) -> None:
            if value is None or not value.strip():
                return
            size = self.corpus.size
            if not value.strip().isdigit() or not 1 <= int(value) <= size:
                self.notify(f"no sentence {value.strip()} (1 to {size})", severity="error")
                return
            self.go_to(int(value) - 1)

        self.app.push_screen(PromptScreen(f"Go to sentence (1-{self.corpus.size}):"), answered)

    def go_to(self, index: int) -> None:
        """Put the cursor on corpus sentence ``index``, clearing a filter that hides it."""
        if not self.sentence_list.select_sentence(index):
            self.notify("the filter hid that sentence: filter cleared", timeout=3)
            self.filter = SentenceFilter()
            self.filtering = False
            self.sentence_list.set_view(self.filter.apply(self.corpus))
            self.sentence_list.select_sentence(index)
            self.update_status()

    def action_breakdown(self) -> None:
        def chosen(target: SentenceFilter | None) -> None:
            if target is not None:
                self.set_filter(target)

        self.app.push_screen(BreakdownScreen(self.corpus), chosen)
