"""A one-line question (search, go to, length range, label): dismissed with the answer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class PromptScreen(ModalScreen[str | None]):
    """Ask for one value; Enter answers, Escape cancels (answer None)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]

    DEFAULT_CSS = """
    PromptScreen { align: center middle; }
    PromptScreen > Vertical { width: 70; height: auto; border: round $accent;
                              background: $surface; padding: 0 1; }
    PromptScreen Label { color: $text-muted; }
    """

    def __init__(self, question: str, value: str = "", hint: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Input(value=self.value, id="answer")
            if self.hint:
                yield Label(self.hint)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
