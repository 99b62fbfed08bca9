"""The enhanced graph of one CoNLL-U sentence (the rows of :mod:`treeeval.ud.enhanced_rows`):
a line per gold word with its gold edges, a mark, and the edges of the system word aligned
with it; then the system words aligned with no gold word.  An edge is ``HEAD:PATH``, heads
numbered as in the gold sentence; an edge without a match is marked in colour and by a
character before it:

====  ===================================================  =======
mark  meaning                                              colour
====  ===================================================  =======
``-`` a gold edge no system edge matches (missed)           red
``+`` a system edge no gold edge matches (wrong)            magenta
====  ===================================================  =======

and each line by the mark between the sides: ``✓`` every edge of the word matched, ``✗``
not, ``-`` no system word is aligned with the gold word, ``+`` a system word aligned with no
gold word.

>>> from treeeval.ud.enhanced_rows import EdgeText, EnhancedSentence, EnhancedWord
>>> subject = EdgeText("2", "nsubj", True)
>>> rows = EnhancedSentence(
...     (EnhancedWord(1, "They", (subject, EdgeText("4", "nsubj:xsubj", False)), (subject,)),
...      EnhancedWord(2, "like", (EdgeText("0", "root", True),), None)),
...     (EnhancedWord(3, "x", (), (EdgeText("?2", "dep", False),)),))
>>> for line in enhanced_lines(rows):
...     print(line.plain.rstrip())
 id form gold                     system
  1 They 2:nsubj -4:nsubj:xsubj ✗ 2:nsubj
  2 like 0:root                 - –
system words aligned with no gold word
  3 x                           + +?2:dep
"""

from __future__ import annotations

from rich.text import Text

from ..ud.enhanced_rows import MISSED, NO_HEAD, WRONG, EdgeText, EnhancedSentence, EnhancedWord
from ..ud.words import NO_WORD, UNALIGNED_HEAD
from .render_alignment import MARKS

#: the style of an edge without a match, by side
EDGE_STYLES = {"gold": (MISSED, "red"), "system": (WRONG, "magenta")}


def _edges(edges: tuple[EdgeText, ...] | None, side: str) -> Text:
    """A side's edges, each without a match after its mark, in colour."""
    if edges is None:
        return Text(NO_WORD)
    mark, style = EDGE_STYLES[side]
    text = Text()
    for number, edge in enumerate(edges):
        if number:
            text.append(" ")
        if edge.right:
            text.append(str(edge))
        else:
            text.append(mark + str(edge), style=style)
    return text


def _kind(word: EnhancedWord, extra: bool) -> str:
    """The line's kind, as the alignment's marks name them."""
    if extra:
        return "extra"
    if word.system is None:
        return "missing"
    every = word.gold + word.system
    return "right" if all(edge.right for edge in every) else "head"


def enhanced_lines(sentence: EnhancedSentence) -> list[Text]:
    """The sentence's rows as aligned text lines, after a header line."""
    rows = [(word, False) for word in sentence.words] + [(word, True) for word in sentence.extra]
    id_width = max([len(str(word.ident)) for word, _ in rows] + [3])
    form_width = max([len(word.form) for word, _ in rows] + [4])
    golds = [_edges(word.gold, "gold") for word, _ in rows]
    gold_width = max([len(text.plain) for text in golds] + [4])
    lines = [Text(f"{'id':>{id_width}} {'form':<{form_width}} {'gold':<{gold_width}}   system",
                  style="bold")]
    for number, ((word, extra), gold) in enumerate(zip(rows, golds)):
        if extra and number == len(sentence.words):
            lines.append(Text("system words aligned with no gold word", style="bold"))
        mark, style = MARKS[_kind(word, extra)]
        line = Text(f"{word.ident:>{id_width}} {word.form:<{form_width}} ",
                    style="dim" if extra else "")
        line.append_text(gold)
        line.append(" " * (gold_width - len(gold.plain) + 1))
        line.append(mark, style=style)
        line.append(" ")
        line.append_text(_edges(word.system, "system"))
        lines.append(line)
    return lines


def enhanced_legend() -> Text:
    """The key to the marks of the enhanced view."""
    text = Text()
    for side, meaning in (("gold", "gold edge missed"), ("system", "system edge wrong")):
        mark, style = EDGE_STYLES[side]
        text.append(mark, style=style)
        text.append(f" {meaning}  ")
    for kind, meaning in (("right", "every edge of the word matched"),
                          ("head", "an edge without a match"),
                          ("missing", "gold word not aligned"),
                          ("extra", "system word not aligned")):
        mark, style = MARKS[kind]
        text.append(mark, style=style)
        text.append(f" {meaning}  ")
    text.append(f"· enhanced edges HEAD:PATH as scored (ELAS), heads as the gold word they are "
                f"or align with (0 root, {UNALIGNED_HEAD}N: system word N, not aligned, "
                f"{NO_HEAD}: the no-head of the root word's basic edge)")
    return text
