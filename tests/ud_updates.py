"""A gold and a system CoNLL-U file as the updates a training loop would give
``treeeval.metrics.UD`` (for the parity tests and the benchmark): sentence by sentence where
both files cut their sentences alike, and where a system cuts them otherwise, the fewest
sentences of each that spell the same text, given together.

>>> gold = "1\\tab\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n1\\tc\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n"
>>> system = "1\\ta\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n2\\tb c\\t_\\t_\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n"
>>> [(g.count("\\n\\n"), s.count("\\n\\n")) for g, s in updates(gold, system)]
[(2, 2)]
>>> [(g.count("\\n\\n"), s.count("\\n\\n")) for g, s in updates(gold, gold)]
[(1, 1), (1, 1)]
"""

from __future__ import annotations

from treeeval.ud.rules import strip_ascii_spaces, strip_spaces


def sentences(text: str) -> list[str]:
    """A CoNLL-U file's sentences (newlines made ``\\n``), each with its comments and its
    closing blank line."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [block.strip("\n") + "\n\n" for block in text.split("\n\n") if block.strip("\n")]


def characters(sentence: str, conll17: bool = False) -> int:
    """How many characters a sentence adds to the text the scorers align: the FORMs of its
    tokens (multiword tokens, and words outside them), spaces removed."""
    strip = strip_ascii_spaces if conll17 else strip_spaces
    total, inside = 0, 0
    for line in sentence.split("\n"):
        columns = line.split("\t")
        if len(columns) < 2 or line.startswith("#") or "." in columns[0]:
            continue
        first, _, last = columns[0].partition("-")
        if last:
            inside = _number(last)
        elif _number(first) <= inside:
            continue
        total += len(strip(columns[1]))
    return total


def _number(text: str) -> int:
    """An ID as a number (0 for one the scorers refuse: they stop there anyway)."""
    return int(text) if text.isdigit() else 0


def updates(gold: str, system: str, conll17: bool = False) -> list[tuple[str, str]]:
    """The files as updates (see the module): each the gold and the system sentences that
    end at the same character (the rest in a last update when the texts part)."""
    gold_sentences, system_sentences = sentences(gold), sentences(system)
    gold_sizes = [characters(sentence, conll17) for sentence in gold_sentences]
    system_sizes = [characters(sentence, conll17) for sentence in system_sentences]
    made: list[tuple[str, str]] = []
    g = s = gold_from = system_from = gold_at = system_at = 0
    while g < len(gold_sentences) or s < len(system_sentences):
        if s == len(system_sentences) or (g < len(gold_sentences) and gold_at <= system_at):
            gold_at += gold_sizes[g]
            g += 1
        else:
            system_at += system_sizes[s]
            s += 1
        if gold_at == system_at or (g == len(gold_sentences) and s == len(system_sentences)):
            made.append(("".join(gold_sentences[gold_from:g]),
                         "".join(system_sentences[system_from:s])))
            gold_from, system_from = g, s
    return made
