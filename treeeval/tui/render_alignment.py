"""The word alignment of one CoNLL-U sentence: gold words beside the system words.

One row per word: the gold word (ID, FORM, HEAD, universal DEPREL), a mark, and the system
word aligned with it; a system word aligned with no gold word has a row of its own, placed
by where its characters start.  A multiword token gets a row of its own (its ID range and
surface text) before its words, and a line marks where the system starts a new sentence
inside the gold one.  The system HEAD is shown through the alignment: as the
ID of the gold word the system head is aligned with (0 for the root), or ``?N`` when the
system head is system word N, aligned with no gold word (a head that can never be right).

====  ==================================================  =======
mark  meaning                                             colour
====  ==================================================  =======
``✓`` aligned, head and label right                       green
``~`` aligned, head right, label wrong                    yellow
``✗`` aligned, head wrong                                 red
``-`` gold word aligned with no system word (missing)     red
``+`` system word aligned with no gold word (extra)       magenta
====  ==================================================  =======

>>> gold = [AlignedWord("1", "I", "2", "nsubj"), AlignedWord("2", "'m", "0", "root")]
>>> system = [AlignedWord("1", "I", "0", "root"), None, AlignedWord("2", "am", "?1", "cop")]
>>> rows = [AlignmentRow(gold[0], "head", system[0], gold_token="1-2 I'm",
...                      system_token="1-2 I'm"),
...         AlignmentRow(gold[1], "missing", None), AlignmentRow(None, "extra", system[2])]
>>> for line in alignment_lines(rows):
...     print(line.plain.rstrip())
    gold                   system
 id form head deprel    id form head deprel
1-2 I'm                1-2 I'm
  1 I       2 nsubj  ✗   1 I       0 root
  2 'm      0 root   -
                     +   2 am     ?1 cop
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

MARKS = {
    "right": ("✓", "green"),
    "label": ("~", "yellow"),
    "head": ("✗", "red"),
    "missing": ("-", "red"),
    "extra": ("+", "magenta"),
}
#: the kinds of a gold word, by the codes ``ud_data`` stores them as
KINDS = ("right", "label", "head", "missing")


@dataclass(frozen=True)
class AlignedWord:
    """One side of a row, as displayed: ID in its own sentence, FORM, HEAD, DEPREL."""

    id: str
    form: str
    head: str
    deprel: str


@dataclass(frozen=True)
class AlignmentRow:
    """A gold word, a system word or both (aligned), with the row's mark; the token
    texts are set when a multiword token starts at this row."""

    gold: AlignedWord | None
    kind: str
    system: AlignedWord | None
    gold_token: str = ""
    system_token: str = ""
    #: the system word starts a system sentence other than the previous row's
    system_break: bool = False


def alignment_lines(rows: list[AlignmentRow]) -> list[Text]:
    """The rows as aligned text lines, after a two-line header."""
    words = [w for row in rows for w in (row.gold, row.system) if w is not None]
    id_width = max([len(w.id) for w in words] + [len(t.split(" ")[0]) for row in rows
                                                 for t in (row.gold_token, row.system_token)
                                                 if t] + [3])
    form_width = max([len(w.form) for w in words] + [4])
    head_width = max([len(w.head) for w in words] + [4])
    deprel_width = max([len(w.deprel) for w in words] + [6])
    side_width = id_width + form_width + head_width + deprel_width + 3

    def side(word: AlignedWord | None) -> str:
        if word is None:
            return " " * side_width
        return (f"{word.id:>{id_width}} {word.form:<{form_width}} {word.head:>{head_width}} "
                f"{word.deprel:<{deprel_width}}")

    def token(text: str) -> str:
        number, _, surface = text.partition(" ")
        return f"{number:>{id_width}} {surface}".ljust(side_width) if text else " " * side_width

    titles = AlignedWord("id", "form", "head", "deprel")
    lines = [Text(f"{' ' * id_width} {'gold':<{side_width - id_width - 1}}   "
                  f"{' ' * id_width} system", style="bold"),
             Text(side(titles) + "   " + side(titles), style="bold")]
    for row in rows:
        if row.system_break:
            lines.append(Text(" " * (side_width + 3) + "┄┄ system sentence break ┄┄",
                              style="cyan"))
        if row.gold_token or row.system_token:
            lines.append(Text(token(row.gold_token) + "   " + token(row.system_token),
                              style="italic"))
        mark, style = MARKS[row.kind]
        line = Text(side(row.gold), style="dim" if row.kind == "extra" else "")
        line.append(" ")
        line.append(mark, style=style)
        line.append(" ")
        if row.system is not None:
            offset = len(line.plain)
            line.append(side(row.system), style=style if row.kind == "extra" else "")
            head_start = offset + id_width + 1 + form_width + 1
            if row.kind == "head":
                line.stylize(style, head_start, head_start + head_width)
            if row.gold is not None and row.gold.deprel != row.system.deprel:
                deprel_start = head_start + head_width + 1
                line.stylize(style, deprel_start, deprel_start + len(row.system.deprel))
        lines.append(line)
    return lines


def alignment_legend() -> Text:
    """The key to the row marks."""
    text = Text()
    for kind, meaning in (("right", "right"), ("label", "wrong label"), ("head", "wrong head"),
                          ("missing", "gold word not aligned"),
                          ("extra", "system word not aligned")):
        mark, style = MARKS[kind]
        text.append(mark, style=style)
        text.append(f" {meaning}  ")
    text.append("· system heads as the gold word they align with (0 root, ?N: system word N, "
                "not aligned); DEPRELs universal (subtype cut), as scored")
    return text


def region_lines(regions: list[tuple[list[bytes], list[bytes]]]) -> list[Text]:
    """How ``treeeval bracket --align`` aligned a sentence's words
    (``treeeval.bracket.align.word_regions``): one row per stretch of text where gold and
    test words differ, the gold words beside the test words; the stretches of equal words
    are counted, not shown.

    >>> regions = [([b"New", b"York"], [b"NewYork"]), ([b"grows"], [b"grows"])]
    >>> for line in region_lines(regions):
    ...     print(line.plain.rstrip())
    aligned through the characters (--align): 1 word equal, 1 stretch of other words
      New York  │ NewYork
    """
    differ = [(gold, test) for gold, test in regions if gold != test]
    equal = len(regions) - len(differ)
    title = Text("aligned through the characters (--align): ", style="bold")
    title.append(f"{equal} word{'s' * (equal != 1)} equal, {len(differ)} "
                 f"stretch{'es' * (len(differ) != 1)} of other words")
    width = max((len(b" ".join(gold)) for gold, _ in differ), default=0)
    lines = [title]
    for gold, test in differ:
        line = Text("  ")
        line.append(b" ".join(gold).decode("utf-8", "replace").ljust(width), style="green")
        line.append("  │ ")
        line.append(b" ".join(test).decode("utf-8", "replace"), style="magenta")
        lines.append(line)
    return lines

