"""What ``discodop eval --debug`` (DEBUG 2) prints for each sentence before its line: the
sentence, both trees drawn (:mod:`~treeeval.disco.drawing`) with what the other tree has
highlighted, the brackets (all, matched, unmatched), the function tags when there are
any, each word's leaf-ancestor path in both trees with its score, and as the options say
the leaf-ancestor score, the tree distance with its edit script
(:mod:`~treeeval.disco.edit_script`) and the dependencies of both trees side by side.

A bracket is printed ``LABEL[SPANS]``: its words as runs ``first-last`` (or one index),
brackets sorted by label then by bit set; an empty set is ``{}``.

>>> print(brackets_text([("VP", 0b101), ("S", 0b111)]), brackets_text([]))
S[0-2], VP[0,2] {}
>>> leaf_ancestor_paths(_example(), set())
{0: ['S', '(', ']', 'NP'], 1: ['S'], 2: [')', 'S', 'NP', '[']}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..model.disc_trees import DiscNode, DiscSentence
from .drawing import Highlight, Undrawable, draw
from .edit_script import edit_script_text
from .leaf_ancestor import leaf_ancestor_paths, path_score
from .pairs import PairResult, ScoreCrash, TreeSide
from .tree_distance import tree_dist_score

#: the word of a drawing for a word in the PTB's escapes (discodop's ptbunescape)
_PTB_WORDS = {"-LCB-": "{", "-RCB-": "}", "-LSB-": "[", "-RSB-": "]"}


def _example() -> DiscNode:
    return DiscNode("S", [DiscNode("NP", [DiscNode("D", [0]), DiscNode("N", [2])]),
                          DiscNode("V", [1])])


def runs(bits: int) -> list[tuple[int, int]]:
    """The runs of consecutive set bits, as (first, last) pairs.

    >>> runs(0b111011011)
    [(0, 1), (3, 4), (6, 8)]
    """
    found: list[tuple[int, int]] = []
    index = 0
    while bits:
        if bits & 1:
            if found and found[-1][1] == index - 1:
                found[-1] = (found[-1][0], index)
            else:
                found.append((index, index))
        bits >>= 1
        index += 1
    return found


def brackets_text(brackets: Iterable[tuple[str, int]], empty: str = "{}") -> str:
    """Brackets as discodop's strbracketings prints them (``empty`` for none)."""
    items = sorted(brackets)
    if not items:
        return empty
    return ", ".join("%s[%s]" % (label, ",".join(
        str(a) if a == b else f"{a}-{b}" for a, b in runs(bits))) for label, bits in items)


def _unchanged(node: DiscNode, memo: dict[int, bool]) -> bool:
    """Whether ordering every node's children by first word leaves the subtree as it is
    (discodop highlights a node only then: it compares the drawn, ordered copy with the
    tree by structure)."""
    starts = [child if isinstance(child, int) else min(child.leaves())
              for child in node.children]
    result = starts == sorted(starts)
    for child in node.children:
        if isinstance(child, DiscNode):
            result = _unchanged(child, memo) and result
    memo[id(node)] = result
    return result


def _numbers(root: DiscNode) -> tuple[dict[int, int], dict[int, int]]:
    """Each node's number and each word's number in the drawing's pre-order."""
    nodes: dict[int, int] = {}
    words: dict[int, int] = {}
    count = 0

    def visit(item: DiscNode | int) -> None:
        nonlocal count
        if isinstance(item, int):
            words[item] = count
            count += 1
            return
        nodes[id(item)] = count
        count += 1
        for child in sorted(item.children,
                            key=lambda c: c if isinstance(c, int) else min(c.leaves())):
            visit(child)

    visit(root)
    return nodes, words


def _ptb_word(word: str) -> str | None:
    if word in ("", "#FRONTIER#"):
        return None
    if word in _PTB_WORDS:
        return _PTB_WORDS[word]
    return (word.replace("-LRB-", "(").replace("-RRB-", ")").replace("#LRB#", "(")
            .replace("#RRB#", ")").replace("\\/", "/"))


def drawing(side: TreeSide, other_brackets: Counter[tuple[str, int]], other_pos: list[str],
            pair: PairResult, words: list[str]) -> str:
    """One tree drawn as discodop's visualize draws it ('' when it has no words)."""
    root = side.root
    if not root.children:
        return ""
    bits = {id(node): bitset for node, bitset, _ in side.nodes}
    same: dict[int, bool] = {}
    _unchanged(root, same)
    numbers, word_numbers = _numbers(root)
    functions = pair.cand_functions
    shown = [_ptb_word(word) for word in words]
    labels: set[int] = {number for leaf, number in word_numbers.items()
                        if leaf < len(other_pos) and shown[leaf] is not None}
    for node in root.subtrees():
        first = node.children[0] if node.children else None
        if same[id(node)] and ((node.label, bits[id(node)]) in other_brackets
                               or (isinstance(first, int) and node.label == other_pos[first])):
            labels.add(numbers[id(node)])
    marked = labels
    if functions:
        both = functions & pair.gold_functions
        found = {numbers[id(node)] for node in root.subtrees() if same[id(node)] and all(
            ((node.label, bits[id(node)]), tag) in both
            for tag in (node.function.split("-") if node.function else []))}
        marked = found or labels
    names = {id(node): node.label + ("-" + node.function
                                     if functions and node.function and node is not root
                                     else "") for node in root.subtrees()}
    return draw(root, shown, Highlight(labels, marked, "-" if functions else None), names)


@dataclass(frozen=True)
class DebugOptions:
    """What the debug lines show besides the brackets and paths: the leaf-ancestor score
    (``la``), the tree distance and its edit script (``ted``), the dependencies (``dep``)."""

    deleted: frozenset[str]
    la: bool = False
    ted: bool = False
    dep: bool = False


def debug_lines(pair: PairResult, options: DebugOptions, read: tuple[DiscSentence, DiscSentence],
                parses_path: str, lines: list[str]) -> None:
    """Append the lines discodop's TreePairResult.debug prints to ``lines``; ``read`` are
    the gold and parse sentences as read (the dependencies name their words).  Where
    discodop stops (an edit script of a sentence without words), raise ScoreCrash after
    what it prints before."""
    gold, cand = pair.gold, pair.cand
    gbrack, cbrack = pair.gold_brackets, pair.cand_brackets
    lines.append("Sentence: " + " ".join(gold.words))
    try:
        text = "Gold tree:\n%s\nCandidate tree:\n%s" % (
            drawing(gold, cbrack, cand.pos, pair, cand.words),
            drawing(cand, gbrack, gold.pos, pair, cand.words))
    except Undrawable as exc:
        raise ScoreCrash(f"sentence {read[1].key}: discodop eval --debug cannot draw its trees "
                         f"({exc}) and stops here: see docs/differences.md", path=parses_path,
                         line=read[1].line or None) from None
    lines.extend(text.split("\n"))
    lines.append("Gold brackets:       " + brackets_text(gbrack))
    lines.append("Candidate brackets:  " + brackets_text(cbrack))
    lines.append("Matched brackets:    " + brackets_text(gbrack & cbrack))
    lines.append("Unmatched brackets:  " + brackets_text((cbrack - gbrack) | (gbrack - cbrack)))
    if pair.cand_functions:
        gfun, cfun = pair.gold_functions, pair.cand_functions
        lines.append("Function tags")
        for name, items in (("gold:", gfun), ("candidate:", cfun), ("matched:", cfun & gfun),
                            ("unmatched:", (cfun - gfun) | (gfun - cfun))):
            lines.append("%-20s %s" % (name, brackets_text(
                ((tag, bits) for (_, bits), tag in items), empty="")))
    gold_paths = leaf_ancestor_paths(gold.root, set(options.deleted))
    cand_paths = leaf_ancestor_paths(cand.root, set(options.deleted))
    lines.append("%15s %8s %8s | %10s %36s : %s" % (
        "word", "gold POS", "cand POS", "path score", "gold path", "cand path"))
    for leaf, path in gold_paths.items():
        other = cand_paths[leaf]
        lines.append("%15s %8s %8s   %6.3g %40s : %s" % (
            gold.words[leaf], gold.pos[leaf], cand.pos[leaf], path_score(path, other),
            " ".join(path[::-1]), " ".join(other[::-1])))
    if options.la:
        lines.append("leaf-ancestor score: %6.3g" % pair.leaf_ancestor)
    if options.ted:
        distance, denominator = pair.tree_distance, pair.distance_denominator
        lines.append("Tree-dist: %g / %g = %g" % (distance, denominator,
                                                  tree_dist_score([distance], [denominator])))
        if not gold.root.children:
            raise ScoreCrash(f"sentence {read[1].key}: no words left for the tree-edit script "
                             "(discodop eval --debug stops here: see docs/differences.md)",
                             path=parses_path, line=read[1].line or None)
        lines.extend(edit_script_text(gold.root, cand.root).split("\n"))
    if options.dep:
        lines.append("Sentence: " + " ".join(gold.words))
        lines.append("dependencies gold " + " " * 35 + " cand")
        gwords, cwords = read[0].words, read[1].words
        # discodop names each word by its first character, in the sentence as read
        lines.extend("%15s -> %15s           %15s -> %15s" % (
            gwords[a - 1][0], gwords[b - 1][0], cwords[c - 1][0], cwords[d - 1][0])
            for (a, _, b), (c, _, d) in zip(pair.gold_deps, pair.cand_deps))
    lines.append("")
