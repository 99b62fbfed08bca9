"""What the detail pane says about a wrong bracket sentence: where the words of an Error
sentence part, the repairs of ``treeeval errors`` (Kummerfeld et al. 2012) and the class
table of the breakdown.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..bracket.reference import ReadSide
from ..errorclasses.api import SentenceRepairs, SystemErrors
from ..stats.rates import UNDEFINED
from .breakdown import BreakdownRow, BreakdownTable
from .model import SentenceFilter
from .render_tree import word_span


def first_word_difference(gold: ReadSide, test: ReadSide) -> str:
    """Where the words of an Error sentence part: the first position whose words differ,
    or the words one side has beyond the other ('' when the words agree).

    >>> from treeeval.bracket.reference import Terminal
    >>> side = lambda *words: ReadSide(b"", [Terminal(w.encode(), b"NN") for w in words])
    >>> first_word_difference(side("a", "dog", "barks"), side("a", "cat", "barks"))
    "first different word: 2, gold 'dog', test 'cat'"
    >>> first_word_difference(side("a", "dog"), side("a", "dog", "barks", "."))
    "the test has 2 more words from word 3: 'barks' '.'"
    """
    gold_words = [terminal.word for terminal in gold.terminals]
    test_words = [terminal.word for terminal in test.terminals]
    for position, (left, right) in enumerate(zip(gold_words, test_words), 1):
        if left != right:
            return (f"first different word: {position}, gold {_shown(left)}, "
                    f"test {_shown(right)}")
    if len(gold_words) == len(test_words):
        return ""
    side, longer = ("gold", gold_words) if len(gold_words) > len(test_words) else ("test",
                                                                                  test_words)
    common = min(len(gold_words), len(test_words))
    extra = longer[common:]
    listed = " ".join(_shown(word) for word in extra[:5]) + (" ..." if len(extra) > 5 else "")
    words = "word" if len(extra) == 1 else "words"
    return f"the {side} has {len(extra)} more {words} from word {common + 1}: {listed}"


def _shown(word: bytes) -> str:
    return repr(word.decode("utf-8", "replace"))


def class_table(name: str, errors: SystemErrors) -> BreakdownTable:
    """The error classes of one system as ``treeeval errors`` prints them; selecting a
    class shows the sentences with a repair of it."""
    total = errors.bracket_errors
    rows = [BreakdownRow([item.name, str(item.count), str(item.brackets),
                          f"{100 * item.brackets / total:.1f}%" if total else UNDEFINED],
                         SentenceFilter(error_class=item.name),
                         item.brackets / total if total else None)
            for item in errors.classes]
    return BreakdownTable(f"{name}: error classes (Kummerfeld et al. 2012)",
                          ["class", "count", "brackets", "share"], rows,
                          "select a class: the sentences with a repair of it")


def repair_lines(repairs: SentenceRepairs) -> list[Text]:
    """The detail pane's list of a sentence's repairs, in the order the search made them
    (words counted from 1 without punctuation and empty elements, as the classifier does).

    >>> from treeeval.errorclasses.api import Repair
    >>> moved = Repair("PP Attachment", "move", 2, (4, 6), "NP", (4, 6), (1, 6, "VP"),
    ...                (2, 6, "NP"))
    >>> [line.plain for line in repair_lines(SentenceRepairs(1, "ok", 2, [moved]))]
    ['repairs (Kummerfeld et al. 2012 classes; words without punctuation):', \
'  PP Attachment: move words 5-6 from VP 2-6 to NP 3-6 · fixes 2']
    """
    if repairs.status != "ok":
        reason = {"length": "the words differ", "empty": "a blank line",
                  "gave up": "more than 100 repairs", "unreadable": "a line it cannot read"}
        return [Text(f"repairs: none ({reason.get(repairs.status, repairs.status)})",
                     style="dim")]
    out = [Text("repairs (Kummerfeld et al. 2012 classes; words without punctuation):",
                style="bold")]
    for item in repairs.repairs:
        line = Text("  ")
        line.append(item.name, style="bold magenta")
        if item.kind == "move" and item.source and item.target:
            what = (f"move {_plural(item.span)} {_words(item.span)} from {item.source[2]} "
                    f"{_words(item.source[:2])} to {item.target[2]} {_words(item.target[:2])}")
        else:
            verb = {"add": "add", "remove": "remove", "relabel": "relabel as"}[item.kind]
            what = f"{verb} {item.label} over {_plural(item.span)} {_words(item.span)}"
        line.append(f": {what} · fixes {item.fixed}")
        out.append(line)
    return out


def _plural(span: Sequence[int]) -> str:
    return "word" if span[1] == span[0] + 1 else "words"


def _words(span: Sequence[int]) -> str:
    return word_span(span[0], span[1])
