"""One gold tree and one parse, prepared and compared as ``discodop eval`` compares them.

Before scoring, both trees lose what the parameters delete (:func:`transform`): a node whose
label is in DELETE_LABEL gives its place to its children; a word goes, with its
preterminal, when its *gold* tag is in DELETE_LABEL, it is in DELETE_WORD, or (with
DELETE_ROOT_PRETERMS) its gold preterminal hangs from the root; labels are mapped by
EQ_LABEL (but the root's), words by EQ_WORD; nodes left empty go.  The words that remain
are numbered again from 0.  A constituent is then its label and the set of its words
(a bit set), so a discontinuous one needs nothing special; brackets are multisets.

>>> from treeeval.formats.discbracket import parse_discbracket
>>> from treeeval.disco.params import DiscoParams
>>> gold = parse_discbracket("(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))", 1)
>>> parse = parse_discbracket("(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))", 1)
>>> pair = compare("1", gold, parse, DiscoParams())
>>> sorted(pair.gold_brackets.items()), sorted(pair.cand_brackets.items())
([(('S', 15), 1), (('VP', 10), 1)], [(('S', 15), 1), (('VP', 2), 1), (('X', 12), 1)])
>>> pair.gold_pos, pair.cand_pos, pair.length
(['NP', 'V', 'X', 'N'], ['NP', 'V', 'Y', 'N'], 4)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from ..errors import InputError
from ..formats.headrules import HeadTable
from ..model.disc_trees import DiscNode, DiscSentence
from .head_dependencies import Dependency, HeadlessPhrase, dependencies, find_heads
from .leaf_ancestor import leaf_ancestor
from .params import DiscoParams
from .tree_distance import tree_dist_terms

Bracket = tuple[str, int]
#: a rewrite rule: the labels (parent first) and, per component, its children's numbers;
#: a preterminal's is ``((tag, 'Epsilon'), (word,))``
Rule = tuple[tuple[str, ...], tuple[tuple[object, ...], ...]]


def fanout(bits: int) -> int:
    """The number of contiguous runs of words in a bit set.

    >>> fanout(0b111), fanout(0b1011), fanout(0)
    (1, 2, 0)
    """
    return bin(bits ^ (bits << 1)).count("1") // 2


class WordMismatch(InputError):
    """The parse's words are not the gold sentence's (discodop stops the run)."""


class ScoreCrash(InputError):
    """Where discodop eval's optional scores stop it with a traceback: a phrase left
    without a head child (``--headrules``), a leaf-ancestor score of 1 where the brackets
    differ (its assertion, ``--la``)."""


@dataclass(frozen=True)
class OptionalScores:
    """Which optional scores to compute: ``--la``, ``--ted``, ``--headrules`` (its table)."""

    la: bool = False
    ted: bool = False
    head_table: HeadTable | None = None


@dataclass(eq=False)
class TreeSide:
    """One tree after :func:`transform`: its words, tags, nodes in pre-order with their bit
    sets and parents' labels, and its brackets."""

    words: list[str]
    pos: list[str]
    root: DiscNode
    nodes: list[tuple[DiscNode, int, str]] = field(default_factory=list)
    brackets: Counter[Bracket] = field(default_factory=Counter)


@dataclass(eq=False)
class PairResult:
    """What one sentence pair adds to the totals (the names follow discodop's)."""

    key: str
    length: int
    gold: TreeSide
    cand: TreeSide
    gold_brackets: Counter[Bracket]
    cand_brackets: Counter[Bracket]
    gold_pos: list[str]
    cand_pos: list[str]
    gold_functions: Counter[tuple[Bracket, str]]
    cand_functions: Counter[tuple[Bracket, str]]
    gold_parented: list[tuple[Bracket, str]] = field(default_factory=list)
    cand_parented: list[tuple[Bracket, str]] = field(default_factory=list)
    gold_rules: Counter[tuple[int, Rule]] = field(default_factory=Counter)
    cand_rules: Counter[tuple[int, Rule]] = field(default_factory=Counter)
    #: leaf-ancestor score, tree-edit distance and its Dice denominator (NaN until a
    #: scorer sets them, as in discodop: a sentence left without words keeps them NaN)
    leaf_ancestor: Decimal = field(default_factory=lambda: Decimal("NaN"))
    tree_distance: Decimal = field(default_factory=lambda: Decimal("NaN"))
    distance_denominator: Decimal = field(default_factory=lambda: Decimal("NaN"))
    gold_deps: list[Dependency] = field(default_factory=list)
    cand_deps: list[Dependency] = field(default_factory=list)


def _sorted_pos(root: DiscNode) -> list[tuple[int, str]]:
    found = [(child, node.label) for node in root.subtrees() for child in node.children
             if isinstance(child, int)]
    found.sort()
    return found


def compare(key: str, gold: DiscSentence, cand: DiscSentence, params: DiscoParams,
            disc_only: bool = False, parses_path: str = "<parses>",
            scores: OptionalScores = OptionalScores(), gold_path: str = "<gold>") -> PairResult:
    """Transform both sentences (in place) and compare them; the optional ``scores`` on
    the transformed trees (heads are found before the transforms)."""
    table = scores.head_table
    heads = (find_heads(gold.tree, table), find_heads(cand.tree, table)) if table else None
    gpos_pairs = _sorted_pos(gold.tree)
    cpos_pairs = _sorted_pos(cand.tree)
    length_deleted = params.delete_label_for_length
    length = sum(1 for _, tag in gpos_pairs if tag not in length_deleted)
    root_pos = {child.children[0] for child in gold.tree.children
                if isinstance(child, DiscNode) and child.children
                and isinstance(child.children[0], int)}
    gold_tag = dict(gpos_pairs)
    aligned = _align(cand.words, gold.words, gold_tag)
    cside = transform(cand, cpos_pairs, aligned, params, root_pos, parses_path)
    gside = transform(gold, gpos_pairs, gold_tag, params, root_pos, parses_path)
    if cside.words != gside.words:
        what = ("sentence length mismatch" if len(cside.words) != len(gside.words)
                else "the words differ")
        raise WordMismatch(f"sentence {key}: {what} between the parses and the gold "
                           f"({' '.join(cand.words)!r} // {' '.join(gold.words)!r})",
                           path=parses_path, line=cand.line or None)
    labeled = bool(params.numbers["LABELED"])
    deleted = set(params.delete_label)
    for side in (gside, cside):
        _collect(side, labeled, deleted, disc_only)
    pair = PairResult(key, length, gside, cside, gside.brackets, cside.brackets, gside.pos,
                      cside.pos, _functions(gside, cside), _functions(cside, gside))
    if not gside.pos:
        return pair
    _optional_scores(pair, scores, heads, deleted, (gold, gold_path), (cand, parses_path))
    pair.gold_parented = _parented(gside, deleted, disc_only)
    pair.cand_parented = _parented(cside, deleted, disc_only)
    pair.gold_rules = _rules(gside)
    pair.cand_rules = _rules(cside)
    return pair


def _optional_scores(pair: PairResult, scores: OptionalScores,
                     heads: tuple[set[DiscNode], set[DiscNode]] | None, deleted: set[str],
                     gold: tuple[DiscSentence, str], cand: tuple[DiscSentence, str]) -> None:
    """Leaf-ancestor, tree distance and dependencies, in discodop's order, and its two
    crashes as located errors."""
    groot, croot = pair.gold.root, pair.cand.root
    if scores.la:
        pair.leaf_ancestor = leaf_ancestor(groot, croot, deleted)
    if scores.ted:
        distance, denominator = tree_dist_terms(groot, croot,
                                                include_root=groot.label not in deleted)
        pair.tree_distance = Decimal(distance)
        pair.distance_denominator = Decimal(denominator)
    if heads is not None:  # discodop reads the parse's first
        pair.cand_deps = _dependencies(croot, heads[1], *cand)
        pair.gold_deps = _dependencies(groot, heads[0], *gold)
    if scores.la and pair.leaf_ancestor == 1 and pair.gold_brackets != pair.cand_brackets:
        sentence, path = cand
        raise ScoreCrash(f"sentence {sentence.key}: leaf-ancestor score 1 but the brackets "
                         "differ (discodop eval stops here on an assertion: see "
                         "docs/differences.md)", path=path, line=sentence.line or None)


def _dependencies(root: DiscNode, heads: set[DiscNode], sentence: DiscSentence,
                  path: str) -> list[Dependency]:
    try:
        return dependencies(root, heads)
    except HeadlessPhrase as exc:
        raise ScoreCrash(f"sentence {sentence.key}: {exc} (discodop eval stops here: see "
                         "docs/differences.md)", path=path, line=sentence.line or None) from None


def _align(cwords: list[str], gwords: list[str], gold_tag: dict[int, str]) -> dict[int, str]:
    """The gold tag of each parse word, words matched in order (discodop's alignsent)."""
    result: dict[int, str] = {}
    n = m = 0
    while n < len(cwords) and m < len(gwords):
        if cwords[n] == gwords[m]:
            result[n] = gold_tag[m]
            n += 1
        m += 1
    return result


def transform(sentence: DiscSentence, pos_pairs: list[tuple[int, str]],
              gold_tag: dict[int, str], params: DiscoParams, root_pos: set[int],
              path: str) -> TreeSide:
    """Delete and relabel as the parameters say (see the module's text); the tree is
    changed in place."""
    root = sentence.tree
    words = sentence.words
    eq_label = params.eq_label
    delete_label = set(params.delete_label)
    delete_word = set(params.delete_word)
    root_preterms = params.numbers["DELETE_ROOT_PRETERMS"]
    inner = [node for node in root.subtrees()
             if node.children and isinstance(node.children[0], DiscNode)]
    removed: set[int] = set()
    preterminals: list[tuple[DiscNode, int]] = []
    for parent in reversed(inner):
        children = parent.children
        for index in range(len(children) - 1, -1, -1):
            child = children[index]
            if isinstance(child, int):
                raise InputError(f"sentence {sentence.key}: a node has both words and "
                                 "constituents as children", path=path, line=sentence.line)
            child.label = eq_label.get(child.label, child.label)
            grand = child.children
            if not grand:
                del children[index]
            elif isinstance(grand[0], DiscNode):
                if child.label in delete_label:
                    children[index:index + 1] = grand
            else:
                leaf = grand[0]
                tag = gold_tag.get(leaf)
                if tag is None:
                    raise WordMismatch(f"sentence {sentence.key}: word {leaf + 1} "
                                       f"({words[leaf]!r}) is not in the gold sentence",
                                       path=path, line=sentence.line or None)
                if (tag in delete_label or words[leaf] in delete_word
                        or (root_preterms and leaf in root_pos)):
                    removed.add(leaf)
                    del children[index]
                else:
                    preterminals.append((child, leaf))
    if removed:
        kept = [n for n in range(len(words)) if n not in removed]
        new_words = [words[n] for n in kept]
        pos = [pos_pairs[n][1] for n in kept]
        renumber = {old: new for new, old in enumerate(kept)}
        for node, leaf in preterminals:
            node.children[0] = renumber[leaf]
    else:
        new_words = list(words)
        pos = [tag for _, tag in pos_pairs]
    eq_word = params.eq_word
    if eq_word:
        for node, _ in preterminals:
            new = node.children[0]
            assert isinstance(new, int)
            new_words[new] = eq_word.get(new_words[new], new_words[new])
    return TreeSide(new_words, pos, root)


def _collect(side: TreeSide, labeled: bool, deleted: set[str], disc_only: bool) -> None:
    """The nodes in pre-order with bit sets and parents' labels, and the brackets."""
    order: list[tuple[DiscNode, str]] = []
    stack: list[tuple[DiscNode, str]] = [(side.root, "")]
    while stack:
        node, parent = stack.pop()
        order.append((node, parent))
        stack.extend((child, node.label) for child in reversed(node.children)
                     if isinstance(child, DiscNode))
    bits: dict[int, int] = {}
    for node, _ in reversed(order):
        total = 0
        for child in node.children:
            total |= bits[id(child)] if isinstance(child, DiscNode) else 1 << child
        bits[id(node)] = total
    nodes = side.nodes
    brackets = side.brackets
    for node, parent in order:
        bitset = bits[id(node)]
        nodes.append((node, bitset, parent))
        if is_bracket(node, bitset, deleted, disc_only):
            brackets[(node.label if labeled else "", bitset)] += 1


def is_bracket(node: DiscNode, bitset: int, deleted: set[str] | frozenset[str],
               disc_only: bool) -> bool:
    """Whether a node of a transformed tree (with its bit set) counts as a bracket: a
    phrasal node whose label is not deleted (only the root can still have one), and with
    ``disc_only`` a discontinuous one.

    >>> np_ = DiscNode("NP", [DiscNode("N", [0]), DiscNode("N", [2])])
    >>> is_bracket(np_, 0b101, set(), True), is_bracket(np_.children[0], 0b1, set(), False)
    (True, False)
    """
    return (bool(node.children) and isinstance(node.children[0], DiscNode)
            and node.label not in deleted and (not disc_only or fanout(bitset) > 1))


def _functions(side: TreeSide, other: TreeSide) -> Counter[tuple[Bracket, str]]:
    """The function tags of the nodes whose bracket the other side has, and of the
    preterminals whose tag the other side has."""
    found: Counter[tuple[Bracket, str]] = Counter()
    for node, bitset, _ in side.nodes:
        if not node.function:
            continue
        bracket = (node.label, bitset)
        first = node.children[0] if node.children else None
        if bracket in other.brackets or (isinstance(first, int)
                                         and other.pos[first] == node.label):
            for tag in node.function.split("-"):
                found[(bracket, tag)] += 1
    return found


def _parented(side: TreeSide, deleted: set[str], disc_only: bool) -> list[tuple[Bracket, str]]:
    """Each distinct (bracket, parent's label) of the constituents, in pre-order."""
    found: dict[tuple[Bracket, str], None] = {}
    for node, bitset, parent in side.nodes:
        if is_bracket(node, bitset, deleted, disc_only):
            found[((node.label, bitset), parent)] = None
    return list(found)


def _rules(side: TreeSide) -> Counter[tuple[int, Rule]]:
    """Each node's bit set with the rewrite rule read off it (discodop's LCFRS
    productions; a preterminal with several words has none, which shifts the pairing of
    the nodes that follow, as it does in discodop)."""
    rules: list[Rule] = []
    bits_of = {id(node): bitset for node, bitset, _ in side.nodes}
    for node, _, _ in side.nodes:
        children = node.children
        if not children:
            raise InputError("an empty constituent is left after deletions")
        if isinstance(children[0], int):
            if len(children) == 1:
                word = side.words[children[0]].replace("(", "#LRB#").replace(")", "#RRB#")
                rules.append(((node.label, "Epsilon"), ((word,),)))
            continue
        owner: list[tuple[int, int]] = []
        for number, child in enumerate(children):
            assert isinstance(child, DiscNode)
            bits = bits_of[id(child)]
            while bits:
                low = bits & -bits
                owner.append((low.bit_length() - 1, number))
                bits ^= low
        owner.sort(key=lambda item: item[0])
        components: list[list[int]] = []
        previous = -2
        last = -1
        for index, number in owner:
            if index != previous + 1 or not components:
                components.append([number])
            elif number != last:
                components[-1].append(number)
            previous, last = index, number
        labels = (node.label,) + tuple(child.label for child in children
                                       if isinstance(child, DiscNode))
        rules.append((labels, tuple(tuple(c) for c in components)))
    return Counter((bitset, rule) for (_, bitset, _), rule in zip(side.nodes, rules))
