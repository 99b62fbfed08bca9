"""EVALB inputs for differential cases: a gold file, a test file, parameter files and options.

A case takes its gold trees from random sentence subsets of the real files in
../shared/data/evalb (WSJ 22 and 23 gold, the ppaml 100-sentence gold, the parser-analyser
sample ``wsj01.mrg``) or generates them, and makes the test file from the real parsers' output
for the same sentences (where there is one) or from the gold, then perturbs it: relabelled,
moved, deleted and inserted brackets, changed words and tags, quote terms (`` '' " ' / under
tags that QUOTE_LABEL and DELETE_LABEL may name, so that the Ellis repair runs), unary
chains, ``( (S ...) )``/ROOT/TOP/S1 wrappers, -NONE- elements, function tags and ``=``
indices, empty words ``(NP )`` and empty brackets ``(NP)``, odd white space (tabs, CR, no
space between brackets), empty lines, ``(())``, length mismatches, a line-count mismatch,
unbalanced brackets, and (rarely, as each one ends the run) the bare text, ``(NN w )`` and
``(NN a b)`` that send EVALB into its endless "Reading sentence" loop.  Parameter files
are written by the case with random settings in random order (DEBUG, MAX_ERROR,
CUTOFF_LEN, LABELED, DELETE_LABEL, DELETE_LABEL_FOR_LENGTH, EQ_LABEL incl. pairs that are
not transitive, EQ_WORD, QUOTE_LABEL, comments, short and unknown lines, CRLF); the
shipped ones are copied in sometimes; options -p/-e/-c/-d/-D come in random order, glued or
not.

What a case never contains, because EVALB's behaviour there is undefined or a crash
(docs/differences.md, EVALB section, lists them as deliberate differences):

* more than 200 words or 200 brackets on a line, a word of 99 bytes or more, a label of 29
  bytes or more, more than 20 quote terms on a line, a line of 4998 bytes or more (EVALB's
  fixed arrays and its 5000-byte ``fgets`` buffer); :func:`within_limits` checks each line
  and an offending sentence is left out;
* more than 20 QUOTE_LABEL entries over all ``-p`` files (EVALB's array of them holds 20:
  the 21st overwrites its neighbour, and EVALB crashes);
* a quote term after a surplus ``)`` (EVALB copies a negative number of stack entries);
  surplus ``)`` are only added after the last terminal;
* when DEBUG 2 (``-D``) may be in force: unbalanced lines (the trace prints memory left by
  an earlier sentence, or crashes on a bracket closed by a surplus ``)`` before it opens)
  and lines of 1,000 bytes or more (the trace copies a bracket's text into a 1,000-byte
  buffer);
* a NUL byte; a line whose last ``(`` and label are followed only by white space, and a
  last line without a newline whose final token runs to the end of the file (EVALB's
  scanner reads past the end of the line into what earlier lines left in its buffer);
* .prm lines of 500 bytes or more, a keyword without a value, non-numeric or
  out-of-range numbers, and options EVALB does not parse as treeeval does (``-h``, unknown
  letters, a missing value, a third file, a non-numeric ``-e``/``-c``).

>>> import random
>>> rng = random.Random(3)
>>> tree = random_tree(rng)
>>> parse_tree(render(tree)) == tree
True
>>> within_limits(render(tree))
True
"""

from __future__ import annotations

import random
import re
import shutil
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from harness import DATA

EVALB = DATA / "evalb"

#: a preterminal (tag, word) or a nonterminal [label, child, ...]
Leaf = tuple
Node = list
Tree = Leaf | Node

#: (gold file, parser outputs on the same sentences), under ../shared/data/evalb
REAL_SETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "wsj22": ("wsj22/wsj22.auto.clean.gld",
              ("wsj22/wsj22.berkeley_MLE.raw.tst", "wsj22/wsj22.berkeley_MLE.top.tst")),
    "wsj23": ("wsj23/wsj23.auto.clean.gld",
              ("wsj23/wsj23.berkeley_MLE.raw.tst", "wsj23/wsj23.berkeley_MLE.top.tst",
               "wsj23/wsj23.berkeley_MLE.perturbed.tst")),
    "ppaml100": ("ppaml100/ppaml_wsj22first100.gld",
                 ("ppaml100/ppaml_wsj22first100.berkeley_MLE.tst",)),
    "wsj01": ("parser-analyser-sample/wsj01.mrg",
              tuple(f"parser-analyser-sample/{name}.mrg" for name in (
                  "berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
                  "charniak_selftrained_basic", "charniak_selftrained_reranking", "collins.1",
                  "collins.2", "collins.3", "henderson", "stanford", "stanford_factored"))),
}
#: the shipped .prm files a case may copy in, with their number of QUOTE_LABEL lines
SHIPPED_QUOTE_LABELS = {"COLLINS.prm": 0, "new.prm": 7, "nk.prm": 7, "spmrl.prm": 0}
#: EVALB's array of QUOTE_LABEL entries (over all -p files) holds 20
MAX_QUOTE_LABELS = 20

LABELS = ["S", "NP", "VP", "PP", "ADVP", "PRT", "ADJP", "SBAR", "SINV", "NX", "QP", "WHNP", "X",
          "S1", "TOP", "ROOT", "", "NP-SBJ", "NP-SBJ-1", "PP-LOC=2", "VP=3", "-NONE-", "-LRB-",
          "NP^g", "PRT|ADVP", "S#x", "=X", "A-", "ADVP-TMP", "NÉ", "A", "B", "C", "T", "TT",
          "VERYLONGLABEL", "VERYLONGLABEL-2", "NPNPNPNP", "NPNPNPNP=1"]
TAGS = ["NN", "NNS", "DT", "VB", "VBZ", "JJ", "IN", "PRP", ",", ".", ":", "``", "''", "POS", "CD",
        "-NONE-", "-LRB-", "-RRB-", "NN-HL", "?", "!", "$", "TOP", "ADVP", "PRT", "S1", "NP", "A",
        "LONGTAG-X-Y", "NPNPNPNP"]
WORDS = ["the", "dog", "a", "cat", "sees", ",", ".", "'", '"', "/", "``", "''", "*T*-1", "*", "0",
         "-LRB-", "-RRB-", "This", "this", "é", "x=y", "a-b", "%", "$", "?", "S", "NP"]
QUOTE_WORDS = ["'", '"', "/", "``", "''"]
QUOTE_TAGS = ["``", "''", "POS", "NN", "CD", "VBZ", ":", ",", ".", '"']
DELETABLE = ["TOP", "-NONE-", ",", ":", "``", "''", ".", "S1", "?", "!", "ROOT", "NP", "ADVP", "PRT",
             "S", "PP-LOC", "A B", "T", "A", "VBZ", "POS", "VERYLONGLABEL", "NPNPNPNP", "LONGTAG-X-Y"]
EQ_PAIRS = [("ADVP", "PRT"), ("S", "SINV"), ("NP", "NX"), ("NN", "NNS"), ("T", "TT"), ("A", "B"),
            ("B", "C"), ("''", "POS"), ("TOP", "ROOT"), ("-NONE-", "NP"), ("NN-HL", "NN"),
            ("VERYLONGLABEL", "NP"), ("LONGTAG-X-Y", "NN"), ("NPNPNPNP", "S"), ("X", "X"), ("A", "C")]
EQ_WORDS = [("This", "this"), ("'", "''"), ("dog", "cat"), ("a", "the")]


# --- trees -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"\(|\)|[^ \t\n\v\f\r()]+")


def parse_tree(line: str) -> Tree | None:
    """The tree of a well-formed one-tree line, or None if it is not one.

    >>> parse_tree("( (S (NP (DT a)) (VP (VB b))) )")
    ['', ['S', ['NP', ('DT', 'a')], ['VP', ('VB', 'b')]]]
    """
    tokens = _TOKEN.findall(line)
    stack: list[Node] = [["<root>"]]
    at = 0
    while at < len(tokens):
        token = tokens[at]
        if token == "(":
            label = ""
            if at + 1 < len(tokens) and tokens[at + 1] not in "()":
                label, at = tokens[at + 1], at + 1
            if at + 2 < len(tokens) and tokens[at + 1] not in "()" and tokens[at + 2] == ")":
                stack[-1].append((label, tokens[at + 1]))
                at += 3
                continue
            stack.append([label])
        elif token == ")":
            if len(stack) < 2:
                return None
            node = stack.pop()
            stack[-1].append(node)
        else:
            return None
        at += 1
    if len(stack) != 1 or len(stack[0]) != 2 or isinstance(stack[0][1], tuple):
        return None
    return stack[0][1]


@dataclass
class Style:
    """How a line spells its brackets: the white space between children."""

    gaps: tuple[str, ...] = (" ",)
    glued: float = 0.0

    def gap(self, rng: random.Random, before_bracket: bool) -> str:
        if before_bracket and rng.random() < self.glued:
            return ""
        return rng.choice(self.gaps)


#: single blanks between children
PLAIN = Style()


def render(tree: Tree, rng: random.Random | None = None, style: Style = PLAIN) -> str:
    """One line of brackets.  An empty nonterminal is ``(X)``.

    >>> render(['S', ['NP', ('DT', 'a')], ['VP'], ['']])
    '(S (NP (DT a)) (VP) ())'
    """
    if isinstance(tree, tuple):
        return f"({tree[0]} {tree[1]})"
    parts = [f"({tree[0]}"]
    for child in tree[1:]:
        spaced = rng is not None
        parts.append((style.gap(rng, True) if spaced else " ") + render(child, rng, style))
    if len(tree) == 1 and tree[0] == "":
        return "()"
    return "".join(parts) + ")"


def leaves(tree: Tree) -> list[Leaf]:
    if isinstance(tree, tuple):
        return [tree]
    return [leaf for child in tree[1:] for leaf in leaves(child)]


def _places(tree: Node, parent: Node | None = None) -> list[tuple[Node | None, int, Tree]]:
    """Every (parent, index, subtree) below and including ``tree``."""
    found: list[tuple[Node | None, int, Tree]] = [(parent, 0, tree)] if parent is None else []
    for index, child in enumerate(tree[1:], start=1):
        found.append((tree, index, child))
        if isinstance(child, list):
            found.extend(_places(child, tree))
    return found


def random_tree(rng: random.Random, depth: int = 0, words: int | None = None) -> Tree:
    """A small generated tree over the label, tag and word pools."""
    if depth > 0 and (depth > 4 or rng.random() < 0.35 + 0.1 * depth):
        return (rng.choice(TAGS), rng.choice(WORDS))
    children = [random_tree(rng, depth + 1) for _ in range(rng.randint(1, 4))]
    return [rng.choice(LABELS), *children]


# --- perturbations -----------------------------------------------------------------------------


#: bytes that Python's str.split() takes for white space but C's isspace() does not, and
#: bytes that are not UTF-8 (as surrogate escapes; files are written with surrogateescape)
ODD = ["\x1c", "\x1f", "\x85", "\xa0", "\u2003", "\udce9", "\udc85", "\udca0", "\x7f"]


def _random_text(rng: random.Random, longest: int) -> str:
    """A made-up label or word: letters, '-', '=', odd bytes; up to ``longest`` characters."""
    alphabet = "ABCNPVSXabcz-=_*.'" + "".join(ODD)
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, longest)))


def _random_label(rng: random.Random) -> str:
    if rng.random() < 0.08:
        return _random_text(rng, 16)
    label = rng.choice(LABELS)
    if rng.random() < 0.15 and label:
        label += rng.choice(["-SBJ", "-TMP-2", "=1", "-1=2", "-"])
    return label


def _relabel(rng: random.Random, tree: Node) -> None:
    nodes = [t for _, _, t in _places(tree) if isinstance(t, list)]
    rng.choice(nodes)[0] = _random_label(rng)


def _delete_bracket(rng: random.Random, tree: Node) -> None:
    inner = [(p, i, t) for p, i, t in _places(tree) if p is not None and isinstance(t, list)]
    if inner:
        parent, index, node = rng.choice(inner)
        parent[index:index + 1] = node[1:]


def _insert_bracket(rng: random.Random, tree: Node) -> None:
    nodes = [t for _, _, t in _places(tree) if isinstance(t, list) and len(t) > 1]
    if nodes:
        node = rng.choice(nodes)
        first = rng.randint(1, len(node) - 1)
        last = rng.randint(first, len(node) - 1)
        node[first:last + 1] = [[_random_label(rng), *node[first:last + 1]]]


def _move_bracket(rng: random.Random, tree: Node) -> None:
    _delete_bracket(rng, tree)
    _insert_bracket(rng, tree)


def _unary_chain(rng: random.Random, tree: Node) -> None:
    places = [(p, i, t) for p, i, t in _places(tree) if p is not None]
    if places:
        parent, index, node = rng.choice(places)
        for _ in range(rng.randint(1, 3)):
            label = node[0] if isinstance(node, list) and rng.random() < 0.4 else _random_label(rng)
            node = [label, node]
        parent[index] = node


def _leaf_places(tree: Node) -> list[tuple[Node, int, Leaf]]:
    return [(p, i, t) for p, i, t in _places(tree) if isinstance(t, tuple) and p is not None]


def _random_word(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.1:
        return _random_text(rng, rng.choice([3, 12, 40]))
    if roll < 0.13:
        return rng.choice(["", "", "(", ")"])
    return rng.choice(WORDS)


def _change_word(rng: random.Random, tree: Node) -> None:
    places = _leaf_places(tree)
    if places:
        parent, index, (tag, _) = rng.choice(places)
        parent[index] = (tag, _random_word(rng))


def _change_tag(rng: random.Random, tree: Node) -> None:
    places = _leaf_places(tree)
    if places:
        parent, index, (_, word) = rng.choice(places)
        tag = _random_text(rng, 12) if rng.random() < 0.08 else rng.choice(TAGS)
        parent[index] = (tag, word)


def _delete_leaf(rng: random.Random, tree: Node) -> None:
    places = _leaf_places(tree)
    if len(places) > 1:
        parent, index, _ = rng.choice(places)
        del parent[index]


def _insert_leaf(rng: random.Random, tree: Node) -> None:
    nodes = [t for _, _, t in _places(tree) if isinstance(t, list)]
    node = rng.choice(nodes)
    node.insert(rng.randint(1, len(node)), (rng.choice(TAGS), rng.choice(WORDS)))


def _none_element(rng: random.Random, tree: Node) -> None:
    nodes = [t for _, _, t in _places(tree) if isinstance(t, list)]
    node = rng.choice(nodes)
    element: Tree = ("-NONE-", rng.choice(["*T*-1", "*", "0", "*U*", "*?*"]))
    if rng.random() < 0.5:
        element = [rng.choice(["NP-SBJ", "NP-SBJ-2", "SBAR", "WHNP-1", "S=3", "-NONE-"]), element]
    node.insert(rng.randint(1, len(node)), element)


def _quote(rng: random.Random, tree: Node) -> None:
    places = _leaf_places(tree)
    if places:
        parent, index, _ = rng.choice(places)
        parent[index] = (rng.choice(QUOTE_TAGS), rng.choice(QUOTE_WORDS))


def _empty_bracket(rng: random.Random, tree: Node) -> None:
    nodes = [t for _, _, t in _places(tree) if isinstance(t, list)]
    node = rng.choice(nodes)
    node.insert(rng.randint(1, len(node)), [_random_label(rng)])


TREE_OPS = [(_relabel, 6), (_delete_bracket, 5), (_insert_bracket, 5), (_move_bracket, 3),
            (_unary_chain, 3), (_change_word, 2), (_change_tag, 5), (_delete_leaf, 1),
            (_insert_leaf, 1), (_none_element, 3), (_quote, 3), (_empty_bracket, 1)]


def perturb_tree(rng: random.Random, tree: Tree, rate: float) -> Tree:
    """A copy of ``tree`` with a random number of random changes (about ``rate`` per 10 words)."""
    copy = _copy(tree)
    if isinstance(copy, tuple):
        copy = ["", copy]
    count = sum(rng.random() < rate for _ in range(max(1, len(leaves(copy)) // 3)))
    ops, weights = zip(*TREE_OPS)
    for op in rng.choices(ops, weights, k=count):
        op(rng, copy)
    return copy


def _copy(tree: Tree) -> Tree:
    return tree if isinstance(tree, tuple) else [tree[0], *(_copy(child) for child in tree[1:])]


def paired_quote(rng: random.Random, gold: Tree, test: Tree) -> None:
    """Give the same word positions (one, or a run of up to three) quote words on both
    sides with different tags (the Ellis repair's case: one tag deleted, the other kept)."""
    gold_places, test_places = _leaf_places(gold), _leaf_places(test)
    if not gold_places or len(gold_places) != len(test_places):
        return
    first = rng.randrange(len(gold_places))
    for k in range(first, min(first + rng.choice([1, 1, 2, 3]), len(gold_places))):
        word = rng.choice(["'", "'", '"', "/"])
        tags = rng.sample(QUOTE_TAGS, 2)
        for (parent, index, _), tag in ((gold_places[k], tags[0]), (test_places[k], tags[1])):
            parent[index] = (tag, word)


def wrap(rng: random.Random, tree: Tree) -> Tree:
    """Add or take away a root wrapper: ``( X )``, TOP, ROOT, S1."""
    if isinstance(tree, list) and len(tree) == 2 and tree[0] in ("", "TOP", "ROOT") and rng.random() < 0.5:
        return tree[1]
    return [rng.choice(["", "TOP", "ROOT", "S1", "", "TOP"]), tree]


# --- lines -----------------------------------------------------------------------------------

#: lines that spell an empty sentence
EMPTY_LINES = ["", "(())", "()", "   ", "\t", "( )", "(TOP)"]


@dataclass(frozen=True)
class Limits:
    """The sizes of a reference program's fixed arrays that a generated line stays within:
    words and brackets on a line, bytes of a word, a label and a line, quote terms on a line,
    and the bytes of a line its DEBUG 2 trace copies a bracket's text from."""

    words: int
    brackets: int
    word_bytes: int
    label_bytes: int
    quotes: int
    line_bytes: int
    traced_line_bytes: int


#: EVALB's arrays (each bound one below the array's size, as the module docstring says)
EVALB_LIMITS = Limits(words=200, brackets=200, word_bytes=99, label_bytes=29, quotes=20,
                      line_bytes=4990, traced_line_bytes=1000)


def within_limits(line: str, limits: Limits = EVALB_LIMITS) -> bool:
    """Whether EVALB (or the program ``limits`` describes) reads ``line`` inside its fixed
    arrays (see the module docstring).

    >>> within_limits("(S " + "(NN a) " * 201 + ")"), within_limits("(S (NN " + "w" * 99 + "))")
    (False, False)
    """
    data = line.encode("utf-8", "surrogateescape")
    if len(data) >= limits.line_bytes or b"\0" in data:
        return False
    terminals = brackets = quotes = 0
    for match in re.finditer(rb"\(([^ \t\n\v\f\r()]*)(?:[ \t\n\v\f\r]+([^ \t\n\v\f\r()]*)(\)?))?", data):
        label, word, closes = match.groups()
        if len(label) >= limits.label_bytes or (word is not None and len(word) >= limits.word_bytes):
            return False
        if word is not None and closes:
            terminals += 1
            quotes += word in (b"'", b'"', b"/")
        else:
            brackets += 1
    return terminals <= limits.words and brackets <= limits.brackets and quotes <= limits.quotes


def _unbalance(rng: random.Random, line: str) -> str:
    """Remove a ')', add a '(' or add surplus ')'."""
    choice = rng.random()
    closes = [m.start() for m in re.finditer(r"\)", line)]
    if choice < 0.4 and closes:
        at = rng.choice(closes)
        return line[:at] + line[at + 1:]
    if choice < 0.7:
        opens = [m.start() for m in re.finditer(r"\(", line)] or [0]
        at = rng.choice(opens)
        return line[:at] + "(" + rng.choice(["", "X ", "NP"]) + line[at:]
    # surplus ')' where no quote term follows (see the module docstring), between brackets
    quotes = [m.end() for m in re.finditer(r"[ \t\r]['\"/]\)", line)]
    places = [0] + [m.end() for m in re.finditer(r"\)", line)] + [m.start() for m in re.finditer(r"\(", line)]
    places = [at for at in places if not quotes or at >= max(quotes)]
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        at = rng.choice(places) if places else len(line)
        line = line[:at] + rng.choice([")", " )"]) + line[at:]
    return line


def _soup(rng: random.Random) -> str:
    """A short random mix of brackets, labels, words and white space.

    >>> _soup(random.Random(4))
    ' ((NN )a(NN a))('
    """
    pieces = ["(", "(", ")", ")", " ", "NP", "a", "(NN a)", "(X ", "S", "\t", "(NN )", "()"]
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 25)))


def fatal(rng: random.Random, line: str) -> str:
    """Something that sends EVALB's reader into its endless loop."""
    kind = rng.randrange(3)
    if kind == 0:
        return line + rng.choice([" x", " junk", "a", " (NN b) c"])
    if kind == 1:
        return line.replace(")", " )", 1) if ")" in line else "(NN w )"
    return line.replace(")", " b)", 1) if ")" in line else "(NN a b)"


# --- parameter files and options ----------------------------------------------------------


def _sep(rng: random.Random) -> str:
    return rng.choice([" ", " ", "\t", "  ", " \t", " ", "\v", "\f ", "\r"])


#: the settings of a usual parameter file, which a generated one often starts with
USUAL = ["DELETE_LABEL TOP", "DELETE_LABEL -NONE-", "DELETE_LABEL ,", "DELETE_LABEL :",
         "DELETE_LABEL ``", "DELETE_LABEL ''", "DELETE_LABEL .", "DELETE_LABEL_FOR_LENGTH -NONE-",
         "MAX_ERROR 10000", "QUOTE_LABEL POS", "QUOTE_LABEL ''", "EQ_LABEL ADVP PRT"]


@dataclass(frozen=True)
class PrmPools:
    """What a generated parameter file draws from: the usual lines it often starts with, the
    labels of DELETE_LABEL (and DELETE_LABEL_FOR_LENGTH), EQ_LABEL pairs, QUOTE_LABEL tags
    and EQ_WORD pairs."""

    usual: tuple[str, ...]
    deletable: tuple[str, ...]
    eq_pairs: tuple[tuple[str, str], ...]
    quote_tags: tuple[str, ...]
    eq_words: tuple[tuple[str, str], ...]


#: the pools of EVALB's cases
EVALB_POOLS = PrmPools(tuple(USUAL), tuple(DELETABLE), tuple(EQ_PAIRS), tuple(QUOTE_TAGS),
                       tuple(EQ_WORDS))


def prm_lines(rng: random.Random, pools: PrmPools = EVALB_POOLS) -> tuple[list[str], int]:
    """Lines of a random .prm file, and the highest DEBUG it sets (0 if none)."""
    lines: list[str] = []
    if rng.random() < 0.5:
        lines = [line for line in pools.usual if rng.random() < 0.8]
    debug = 0
    for _ in range(rng.randint(0, 14)):
        key = rng.choices(
            ["DEBUG", "MAX_ERROR", "CUTOFF_LEN", "LABELED", "DELETE_LABEL", "DELETE_LABEL_FOR_LENGTH",
             "EQ_LABEL", "QUOTE_LABEL", "EQ_WORD", "#", "short", "unknown"],
            [1, 2, 2, 2, 8, 2, 3, 4, 1, 1, 1, 1])[0]
        if key == "DEBUG":
            value = rng.choice([0, 0, 1, 2, 0, -1, 3])
            debug = max(debug, value)
            lines.append(f"DEBUG{_sep(rng)}{value}")
        elif key == "MAX_ERROR":
            lines.append(f"MAX_ERROR{_sep(rng)}{rng.choice([0, 1, 2, 5, 10, 10000, -1, 30, 100])}")
        elif key == "CUTOFF_LEN":
            lines.append(f"CUTOFF_LEN{_sep(rng)}{rng.choice([0, 5, 10, 20, 40, 70, -3, 100])}")
        elif key == "LABELED":
            lines.append(f"LABELED{_sep(rng)}{rng.choice([0, 1, 1, 2, -1])}")
        elif key in ("DELETE_LABEL", "DELETE_LABEL_FOR_LENGTH", "QUOTE_LABEL"):
            pool = pools.quote_tags if key == "QUOTE_LABEL" else pools.deletable
            lines.append(f"{key}{_sep(rng)}{rng.choice(pool)}{rng.choice(['', '', ' ', chr(9)])}")
        elif key == "EQ_LABEL":
            pair = rng.choice(pools.eq_pairs)
            values = list(pair) if rng.random() < 0.9 else rng.choice([[pair[0]], [*pair, "X"]])
            lines.append("EQ_LABEL" + "".join(_sep(rng) + value for value in values))
        elif key == "EQ_WORD":
            lines.append("EQ_WORD" + "".join(_sep(rng) + value for value in rng.choice(pools.eq_words)))
        elif key == "#":
            lines.append(rng.choice(["# comment", "#DEBUG 2", "#", ""]))
        elif key == "short":
            lines.append(rng.choice(["ab", "X", "  ", "10", "abc", " ab"]))
        else:
            lines.append(rng.choice(["FOO 1", " DEBUG 1", "DEBUGX 2", "DELETE_LABELS X", "LABEL 1"]))
    rng.shuffle(lines)
    return lines, debug


@dataclass
class Case:
    """The files of a case (name to bytes) and EVALB's arguments."""

    files: dict[str, bytes] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    shipped: list[str] = field(default_factory=list)

    def write(self, folder: Path) -> None:
        for name, data in self.files.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
        for name in self.shipped:
            shutil.copyfile(EVALB / "prm" / name, folder / name)


def parameter_files(rng: random.Random, case: Case, shipped: dict[str, int] = SHIPPED_QUOTE_LABELS,
                    pools: PrmPools = EVALB_POOLS) -> tuple[list[list[str]], int]:
    """Zero to three ``-p`` options, each a file of :data:`EVALB`'s prm folder (``shipped``
    names them, with their number of QUOTE_LABEL lines) or a generated one written into
    ``case``; and the highest DEBUG level they set."""
    groups: list[list[str]] = []
    debug = 0
    quote_labels = 0
    for number in range(rng.choice([0, 1, 1, 1, 2, 2, 3])):
        if rng.random() < 0.2:
            name = rng.choice(list(shipped))
            if quote_labels + shipped[name] > MAX_QUOTE_LABELS:
                name = "COLLINS.prm"
            quote_labels += shipped[name]
            case.shipped.append(name)
        else:
            name = f"p{number}.prm"
            lines, level = prm_lines(rng, pools)
            debug = max(debug, level)
            quotes = [k for k, line in enumerate(lines) if line.startswith("QUOTE_LABEL")]
            for k in reversed(quotes[max(0, MAX_QUOTE_LABELS - quote_labels):]):
                del lines[k]
            quote_labels += min(len(quotes), MAX_QUOTE_LABELS - quote_labels)
            ending = "\r\n" if rng.random() < 0.15 else "\n"
            text = ending.join(lines) + (ending if lines and rng.random() < 0.9 else "")
            case.files[name] = text.encode("utf-8", "surrogateescape")
        groups.append(["-p", name])
    return groups, debug


def letter_options(rng: random.Random, groups: list[list[str]]) -> int:
    """Add zero to three of ``-e N``, ``-c N``, ``-d``, ``-D`` (sometimes with a letter after
    it, which EVALB ignores) to ``groups``; return the highest DEBUG level they set."""
    debug = 0
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        letter = rng.choice("eeeeccccdD")
        if letter in "dD":
            debug = max(debug, 1 if letter == "d" else 2)
            groups.append([rng.choice([f"-{letter}", f"-{letter}{rng.choice('dDx')}"])])
        else:
            value = rng.choice([0, 1, 2, 3, 5, 10, 20, 40, 100, 10000, -1])
            groups.append([f"-{letter}", str(value)])
    return debug


def arrange(rng: random.Random, case: Case, groups: list[list[str]], gold: str = "gold.txt",
            test: str = "test.txt") -> None:
    """Set ``case.args``: the option groups in random order, an option and its value
    sometimes glued (``-e5``), the gold and test files among them."""
    rng.shuffle(groups)
    for group in groups:
        if len(group) == 2 and rng.random() < 0.3:
            group[:] = [group[0] + group[1]]
    gold_at = rng.randint(0, len(groups))
    test_at = rng.randint(gold_at, len(groups)) if rng.random() < 0.3 else len(groups)
    groups.insert(test_at, [test])
    groups.insert(gold_at, [gold])
    case.args = [arg for group in groups for arg in group]


def options(rng: random.Random, case: Case) -> int:
    """Fill ``case.args``; return the highest DEBUG level an option or a file sets."""
    groups, debug = parameter_files(rng, case)
    debug = max(debug, letter_options(rng, groups))
    arrange(rng, case, groups)
    return debug


# --- a whole case ------------------------------------------------------------------------------


@cache
def read_lines(path: str) -> tuple[str, ...]:
    """The lines of a file under ../shared/data/evalb (every byte survives)."""
    return tuple((EVALB / path).read_bytes().decode("utf-8", "surrogateescape").split("\n")[:-1])


def sentence_pairs(rng: random.Random) -> list[tuple[Tree | str, Tree | str]]:
    """Gold and test sentences before perturbation: trees where they parse, else raw lines."""
    source = rng.choices(["wsj22", "wsj23", "ppaml100", "wsj01", "generated"], [3, 3, 2, 2, 3])[0]
    count = rng.choice([1, 2, 3, 5, 8, 12, 20, 30, 50])
    if source == "generated":
        pairs = []
        for _ in range(count):
            tree = random_tree(rng)
            pairs.append((tree, _copy(tree)))
        return pairs
    gold_path, parsed_paths = REAL_SETS[source]
    gold = read_lines(gold_path)
    parsed = read_lines(rng.choice(parsed_paths)) if rng.random() < 0.6 else gold
    indices = sorted(rng.sample(range(len(gold)), min(count, len(gold))))
    if rng.random() < 0.3:
        rng.shuffle(indices)
    return [(_tree_or_line(gold[k]), _tree_or_line(parsed[k])) for k in indices]


def _tree_or_line(line: str) -> Tree | str:
    tree = parse_tree(line)
    return tree if tree is not None else line


def make_case(rng: random.Random) -> Case:
    """A random case: gold.txt, test.txt, .prm files and EVALB's arguments."""
    case = Case()
    debug = options(rng, case)
    tracing = debug >= 2
    rate = rng.choice([0.0, 0.05, 0.1, 0.2, 0.4, 0.8])
    unbalanced = rng.choice([0.0, 0.0, 0.02, 0.02, 0.1, 0.3])
    style = Style(rng.choice([(" ",), (" ",), (" ", "  "), (" ", "\t", " \r"), ("\t",), (" \v", "\f")]),
                  rng.choice([0.0, 0.0, 0.3, 1.0]))
    gold_lines, test_lines = [], []
    for gold, test in sentence_pairs(rng):
        pair = perturbed_pair(rng, gold, test, rate, style, tracing, unbalanced)
        if pair is not None:
            gold_lines.append(pair[0])
            test_lines.append(pair[1])
    if gold_lines and rng.random() < 0.04:
        lines = rng.choice([gold_lines, test_lines, test_lines])
        at = rng.randrange(len(lines))
        lines[at] = fatal(rng, lines[at])
    if debug <= 0 and gold_lines and rng.random() < 0.015:
        _long_files(rng, case, gold_lines, test_lines)
    line_counts(rng, gold_lines, test_lines)
    ending = "\r\n" if rng.random() < 0.05 else "\n"
    for name, lines in (("gold.txt", gold_lines), ("test.txt", test_lines)):
        text = "".join(line + ending for line in lines)
        if lines and lines[-1].endswith(")") and rng.random() < 0.05:
            text = text[:-len(ending)]
        case.files[name] = text.encode("utf-8", "surrogateescape")
    return case


def perturbed_pair(rng: random.Random, gold: Tree | str, test: Tree | str, rate: float,
                   style: Style, tracing: bool, unbalanced: float,
                   limits: Limits = EVALB_LIMITS) -> tuple[str, str] | None:
    """The two lines of a sentence pair, perturbed (:func:`perturb_tree`, wrappers, paired
    quotes, empty and unbalanced lines), or None when a line leaves ``limits`` or meets one
    of the other exclusions of the module docstring."""
    if isinstance(gold, (list, tuple)) and rng.random() < 0.3:
        gold = perturb_tree(rng, gold, rate / 2)
    if isinstance(test, (list, tuple)):
        test = perturb_tree(rng, test, rate)
        if rng.random() < 0.1:
            test = wrap(rng, test)
    if isinstance(gold, list) and isinstance(test, list) and rng.random() < 0.15:
        paired_quote(rng, gold, test)
    if isinstance(gold, (list, tuple)) and rng.random() < 0.05:
        gold = wrap(rng, gold)
    gold_line = gold if isinstance(gold, str) else render(gold, rng, style)
    test_line = test if isinstance(test, str) else render(test, rng, style)
    gold_line, test_line = _line_changes(rng, gold_line, test_line, tracing, unbalanced)
    if not (within_limits(gold_line, limits) and within_limits(test_line, limits)):
        return None
    if _OPEN_AT_END.search(gold_line) or _OPEN_AT_END.search(test_line):
        return None
    if tracing and not all(_balanced(line) and len(line.encode("utf-8", "surrogateescape"))
                           < limits.traced_line_bytes for line in (gold_line, test_line)):
        return None
    return gold_line, test_line


#: a line ending in ``(LABEL`` and white space: EVALB's word scanner runs past its end
_OPEN_AT_END = re.compile(r"\([^ \t\n\v\f\r()]*[ \t\n\v\f\r]*$")


def _balanced(line: str) -> bool:
    depth = 0
    for char in line:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            return False
    return depth == 0


def _line_changes(rng: random.Random, gold: str, test: str, tracing: bool,
                  unbalanced: float) -> tuple[str, str]:
    """Empty lines, and unbalanced ones at the rate ``unbalanced`` (never under -D)."""
    roll = rng.random()
    if roll < 0.03:
        test = rng.choice(EMPTY_LINES)
    elif roll < 0.04:
        gold = rng.choice(EMPTY_LINES)
    elif roll < 0.05:
        gold = test = rng.choice(EMPTY_LINES)
    if not tracing and rng.random() < unbalanced / 10:
        test = _soup(rng)
    elif not tracing and rng.random() < unbalanced:
        for _ in range(rng.choice([1, 1, 2, 3])):
            if rng.random() < 0.8:
                test = _unbalance(rng, test)
            else:
                gold = _unbalance(rng, gold)
    if rng.random() < 0.02:
        test = " " + test + rng.choice([" ", "\t", "\r", "\f"])
    if rng.random() < 0.02:
        test = rng.choice(["(NN a)", test, test + rng.choice([" ", ""]) + rng.choice(["(NN x)", "(X (NN x))", test])])
    if rng.random() < 0.01:
        gold = gold + " " + rng.choice(["(NN x)", gold])
    return gold, test


def _long_files(rng: random.Random, case: Case, gold: list[str], test: list[str]) -> None:
    """Repeat the lines up to 10,000-14,000 (wide IDs and totals, several blocks)."""
    size = rng.randint(10000, 14000)
    gold[:] = [gold[k % len(gold)] for k in range(size)]
    test[:] = [test[k % len(test)] for k in range(size)]
    if rng.random() < 0.7:
        case.args += ["-e", "1000000"]


def line_counts(rng: random.Random, gold: list[str], test: list[str]) -> None:
    """Sometimes make one file longer than the other."""
    roll = rng.random()
    if roll < 0.01:
        rng.choice([gold, test]).clear()
    elif roll < 0.04 and test:
        del test[-rng.randint(1, min(3, len(test))):]
    elif roll < 0.08 and gold:
        test.extend(rng.choice([gold[-1], "", "(S (NN x))"]) for _ in range(rng.randint(1, 2)))
