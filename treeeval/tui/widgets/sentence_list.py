"""The sentence list: one row per sentence, drawn line by line (only visible rows are built).

The rows shown are an index array (``view``) over the corpus, so filtering and sorting
40,000 sentences costs a numpy operation, and scrolling costs only the rows on screen.
"""

from __future__ import annotations

import numpy as np
from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...arrays import IntArray
from ...wording import counted
from ..corpus import BrowseCorpus
from ..model import Column, next_wrong, sort_view

#: width of the mark column (▶ cursor, then ✗ wrong or ✓ right)
MARK_WIDTH = 2


class SentenceList(ScrollView, can_focus=True):
    """A sortable, filterable list of the corpus's sentences with a cursor."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Up", show=False, id="list.up"),
        Binding("down,j", "move(1)", "Down", show=False, id="list.down"),
        Binding("pageup,ctrl+b", "page(-1)", "Page up", show=False, id="list.page_up"),
        Binding("pagedown,ctrl+f,space", "page(1)", "Page down", show=False,
                id="list.page_down"),
        Binding("home", "first", "First", show=False, id="list.first"),
        Binding("end,G", "last", "Last", show=False, id="list.last"),
        Binding("n", "next_wrong(1)", "Next error", id="list.next_wrong"),
        Binding("N,p", "next_wrong(-1)", "Prev error", show=False, id="list.previous_wrong"),
        Binding("s", "sort(1)", "Sort", id="list.sort"),
        Binding("S", "sort(-1)", "Sort back", show=False, id="list.sort_back"),
        Binding("r", "reverse", "Reverse", show=False, id="list.reverse"),
    ]

    COMPONENT_CLASSES = {"sentence-list--header", "sentence-list--cursor",
                         "sentence-list--wrong"}

    DEFAULT_CSS = """
    SentenceList > .sentence-list--header { text-style: bold; background: $panel; }
    SentenceList > .sentence-list--cursor { background: $accent 60%; text-style: bold; }
    SentenceList:focus > .sentence-list--cursor { background: $accent; }
    SentenceList > .sentence-list--wrong { color: $text-error; }
    """

    cursor: reactive[int] = reactive(0, always_update=True)

    class Selected(Message):
        """The cursor is on a sentence (``index`` into the corpus, or -1: list empty)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class ViewChanged(Message):
        """The rows shown, their order or the sort column changed."""

    def __init__(self, corpus: BrowseCorpus, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.corpus = corpus
        self.view = np.arange(corpus.size)
        self.sort_key: str | None = None
        self.descending = False
        self.widths = [self._width(column) for column in corpus.columns]

    # -- geometry ---------------------------------------------------------------------------
    def _width(self, column: Column) -> int:
        values = self.corpus.values[column.key]
        finite = values[~np.isnan(values)] if len(values) else values
        widest = max([len(column.format(float(v))) for v in (finite.min(), finite.max())]
                     if len(finite) else [1])
        return max(len(column.title) + 1, widest, 4 if column.decimals else 1)

    @property
    def row_width(self) -> int:
        return MARK_WIDTH + sum(width + 1 for width in self.widths)

    def on_mount(self) -> None:
        self._resize()
        self.post_message(self.Selected(self.current))

    def on_resize(self) -> None:
        self._resize()

    def _resize(self) -> None:
        self.virtual_size = Size(self.row_width + 80, len(self.view) + 1)

    @property
    def visible_rows(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    # -- the view -----------------------------------------------------------------------------
    @property
    def current(self) -> int:
        """The corpus index under the cursor (-1 when the list is empty)."""
        return int(self.view[self.cursor]) if len(self.view) else -1

    def set_view(self, view: IntArray, to_top: bool = False) -> None:
        """Show ``view`` (corpus indices), sorted by the current column; the cursor goes to
        the first row with ``to_top`` (a new order), else stays on its sentence when that
        sentence is still shown (a new filter)."""
        keep = -1 if to_top else self.current
        self.view = sort_view(self.corpus, view, self.sort_key, self.descending)
        self._resize()
        found = np.flatnonzero(self.view == keep)
        self.cursor = int(found[0]) if len(found) else 0
        self._show_cursor()
        self.refresh()
        self.post_message(self.ViewChanged())

    def sort_by(self, key: str | None, descending: bool | None = None) -> None:
        """Sort by column ``key`` (None: corpus order); the cursor goes to the first row, so
        that the top of the new order (the worst sentences, sorted by F1) is on screen."""
        self.sort_key = key
        if descending is not None:
            self.descending = descending
        self.set_view(np.sort(self.view), to_top=True)

    def select_sentence(self, index: int) -> bool:
        """Move the cursor to corpus sentence ``index``; False when it is not shown."""
        found = np.flatnonzero(self.view == index)
        if not len(found):
            return False
        self.cursor = int(found[0])
        return True

    def watch_cursor(self, value: int) -> None:
        if len(self.view):
            clamped = min(max(value, 0), len(self.view) - 1)
            if clamped != value:
                self.cursor = clamped
                return
        self._show_cursor()
        self.refresh()
        self.post_message(self.Selected(self.current))

    def _show_cursor(self) -> None:
        top = int(self.scroll_offset.y)
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + self.visible_rows:
            self.scroll_to(y=self.cursor - self.visible_rows + 1, animate=False, immediate=True)

    # -- actions --------------------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        self.cursor = self.cursor + step

    def action_page(self, step: int) -> None:
        self.cursor = self.cursor + step * self.visible_rows

    def action_first(self) -> None:
        self.cursor = 0

    def action_last(self) -> None:
        self.cursor = max(len(self.view) - 1, 0)

    def action_next_wrong(self, step: int) -> None:
        row = next_wrong(self.corpus, self.view, self.cursor, step)
        if row is None:
            self.notify("no more wrong sentences " + ("below" if step > 0 else "above"),
                        severity="warning", timeout=2)
        else:
            self.cursor = row

    def action_sort(self, step: int) -> None:
        keys = [None] + [column.key for column in self.corpus.columns]
        position = (keys.index(self.sort_key) + step) % len(keys)
        self.sort_by(keys[position], descending=keys[position] not in (None, "id", "len"))

    def action_reverse(self) -> None:
        self.sort_by(self.sort_key or "id", descending=not self.descending)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if offset.y == 0:
            x = offset.x + int(self.scroll_offset.x) - MARK_WIDTH
            for column, width in zip(self.corpus.columns, self.widths):
                if 0 <= x < width + 1:
                    same = self.sort_key == column.key
                    self.sort_by(column.key, descending=not self.descending if same
                                 else column.key not in ("id", "len"))
                    return
                x -= width + 1
            return
        row = int(self.scroll_offset.y) + offset.y - 1
        if row < len(self.view):
            self.cursor = row

    # -- drawing ----------------------------------------------------------------------------------
    def header_text(self) -> str:
        cells = []
        for column, width in zip(self.corpus.columns, self.widths):
            title = column.title
            if column.key == self.sort_key:
                title += "↓" if self.descending else "↑"
            cells.append(title.rjust(width))
        return " " * MARK_WIDTH + " ".join(cells) + "  text"

    def row_text(self, index: int, cursor: bool = False) -> str:
        """The plain text of the row of corpus sentence ``index``: ▶ on the cursor's row,
        ✗ for a wrong sentence and ✓ for a right one, the cells and the text."""
        mark = ("▶" if cursor else " ") + ("✗" if self.corpus.wrong[index] else "✓")
        cells = [column.format(float(self.corpus.values[column.key][index])).rjust(width)
                 for column, width in zip(self.corpus.columns, self.widths)]
        return mark + " ".join(cells) + "  " + self.corpus.text(index)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        base = self.rich_style
        if y == 0:
            style = base + self.get_component_rich_style("sentence-list--header")
            line = self.header_text()
        else:
            row = scroll_y + y - 1
            if row >= len(self.view):
                return Strip.blank(width, base)
            index = int(self.view[row])
            style = base
            if self.corpus.wrong[index]:
                style = style + self.get_component_rich_style("sentence-list--wrong")
            if row == self.cursor:
                style = style + self.get_component_rich_style("sentence-list--cursor")
            line = self.row_text(index, row == self.cursor)
        return Strip([Segment(line, style)]).crop_extend(scroll_x, scroll_x + width, style)

    def status_text(self) -> str:
        """'shown / total, sorted by …' for the status line."""
        sort = "file order"
        if self.sort_key is not None:
            title = next(c.title for c in self.corpus.columns if c.key == self.sort_key)
            sort = f"sorted by {title} {'↓' if self.descending else '↑'}"
        position = f"row {self.cursor + 1}" if len(self.view) else "no rows"
        return f"{len(self.view)} of {counted(self.corpus.size, 'sentence')} · {sort} · {position}"
