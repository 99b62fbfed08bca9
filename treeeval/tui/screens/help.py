"""The help screen (``?`` or F1): every key, every column's definition, the marks."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

#: every key of the browser and what it does (tests check that no binding is missing)
KEY_HELP = (
    ("up/k, down/j", "move in the sentence list"),
    ("pageup/ctrl+b, pagedown/ctrl+f/space", "a page up or down"),
    ("home, end/G", "first or last sentence"),
    ("n, N/p", "next or previous wrong sentence (in the order shown)"),
    ("s, S", "sort by the next or previous column (or click its title)"),
    ("r", "reverse the sort order"),
    ("g, :", "go to a sentence number"),
    ("/", "search the sentence text (regular expression, any case)"),
    ("w", "show only wrong sentences, or all again"),
    ("l", "length range, e.g. 1-40, 41-, -10 (empty: any)"),
    ("t", "status filter: all, Error, Skip, scored (brackets)"),
    ("L", "only sentences where a label is wrong, e.g. NP or nsubj"),
    ("e", "only sentences with a repair of an error class, e.g. PP or unary (brackets)"),
    ("c", "clear every filter"),
    ("d", "enhanced graphs or alignment (CoNLL-U, --udeval/--iwpt20)"),
    ("v", "discontinuous trees: outline or crossing branches"),
    ("b", "breakdown: by label, confusions, by length, error classes; Enter filters"),
    ("tab, shift+tab", "move the focus between the list and the detail pane"),
    ("?, f1", "this help"),
    ("escape", "close this help, a question or the breakdown"),
    ("q", "quit"),
)

CORPUS_METRICS = """\
Header (corpus scores)
  All R, P, F1   EVALB's Bracketing Recall, Precision and FMeasure over the scored
                 sentences (Stat 0): matched / gold, matched / test brackets, 2PR/(P+R)
  len<=N F1      the same over the sentences of gold length <= CUTOFF_LEN (default 40)
  tags           EVALB's Tagging accuracy: words with the gold tag / words
  LAS            tokens with the right head and label / tokens scored
  UAS            tokens with the right head / tokens scored
  LA             tokens with the right label / tokens scored
  CoNLL-U        the CoNLL 2018 table of treeeval ud: P, R, F1 and AligndAcc of Tokens ...
                 BLEX over aligned words (P = correct / system, R = correct / gold); with
                 --udeval or --iwpt20 ELAS and EULAS over enhanced edges
  breakdown      per label: P = right system items / system items with the label,
                 R = right gold items / gold items with the label (brackets: matched;
                 dependencies: head and label right)
"""

GENERAL = """\
A sentence is wrong when any system has an error in it: for brackets, an Error or Skip
status or brackets that do not all match (matched < gold or matched < test); for
dependencies, a token with a wrong head or label (a LAS miss); for CoNLL-U, a word
that is not LAS-correct or not aligned, or (with --udeval or --iwpt20) an enhanced edge
without a match.  Scores are those of the command line: treeeval
bracket (EVALB, per-sentence rows and the All / len<=N blocks), treeeval dep (MaltEval
Token accuracy, as a percentage) and treeeval ud (the CoNLL 2018 scorer).  Corpus scores are
micro-averages over brackets or tokens, never means of sentence scores.
"""


class HelpScreen(ModalScreen[None]):
    """Keys, column definitions and the marks of the detail pane."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close", id="help.close")]

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; height: 90%; border: round $accent;
                                  background: $surface; padding: 0 1; }
    """

    def __init__(self, columns: list[tuple[str, str]], legend: list[Text]) -> None:
        super().__init__()
        self.columns = columns
        self.legend = legend

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(help_text(self.columns, self.legend), id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


def help_text(columns: list[tuple[str, str]], legend: list[Text]) -> Text:
    """The help as one text: keys, columns (title and definition), marks, general notes.

    >>> "next or previous wrong sentence" in help_text([("F1", "2PR/(P+R)")], []).plain
    True
    """
    text = Text("Keys\n", style="bold")
    width = max(len(keys) for keys, _ in KEY_HELP)
    for keys, meaning in KEY_HELP:
        text.append(f"  {keys:<{width}}  ", style="cyan")
        text.append(meaning + "\n")
    text.append("\nColumns of the sentence list\n", style="bold")
    title_width = max([len(title) for title, _ in columns] + [4])
    text.append(f"  {'▶':<{title_width}}  the cursor's row (also highlighted)\n")
    text.append(f"  {'✗ ✓':<{title_width}}  the sentence is wrong / right\n")
    for title, meaning in columns:
        text.append(f"  {title:<{title_width}}  ", style="cyan")
        text.append(meaning + "\n")
    if legend:
        text.append("\nMarks of the detail pane\n", style="bold")
        for line in legend:
            text.append("  ")
            text.append_text(line)
            text.append("\n")
    text.append("\n" + CORPUS_METRICS)
    text.append("\n" + GENERAL)
    return text
