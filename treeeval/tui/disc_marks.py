"""The marks of a discontinuous sentence pair, read off ``treeeval disco``'s own comparison.

``pairs.compare`` transforms both trees in place (deleted labels spliced out, deleted words
and their preterminals removed, the words left numbered again, labels mapped by EQ_LABEL),
then takes each tree's brackets from its transformed nodes and their bit sets.  The browser
draws the trees as they were read, so :func:`score_pair` compares *copies*
(:func:`copy_tree`, which remembers which node each copy was made from) and keeps the
sentences as read; :func:`disc_marks` then gives each node of the trees as read the fate
of its copy: a transformed phrasal node is a bracket when ``pairs.is_bracket`` says so and
is matched while the other tree has a bracket of its key (label, bit set) left, first come
first matched in pre-order (multisets: a unary chain ``NP`` over ``NP`` against one gold
``NP`` gives the upper one ``✓``, the lower ``+``); a node the transforms removed, or one
that counts no bracket, is not counted.  A word keeps the fate of its tag: right or wrong
as the scorer's POS lists compare them, not counted when the transforms removed it.

>>> from treeeval.disco.params import DiscoParams
>>> from treeeval.model.disc_trees import DiscNode as N
>>> gold = DiscSentence(["x", "y", "z"], ["A", "C", "B"],
...                     N("S", [N("NP", [N("A", [0]), N("B", [2])]), N("C", [1])]))
>>> test = DiscSentence(["x", "y", "z"], ["A", "C", "B"],
...                     N("S", [N("PP", [N("A", [0]), N("B", [2])]), N("C", [1])]))
>>> pair = score_pair("1", gold, test, DiscoParams())
>>> gold_marks, _ = disc_marks(pair)
>>> [fate.name if fate is not None else None for fate in gold_marks.nodes]
['MATCHED', 'UNMATCHED', None, None, None]
>>> pair.result.gold_brackets["NP", 5]
1
>>> [node.label for node in pair.gold.tree.subtrees()][:2]  # the tree as read, untouched
['S', 'NP']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..bracket.reference import MATCHED, NOT_COUNTED, UNMATCHED, ResultCode
from ..disco.pairs import Bracket, OptionalScores, PairResult, TreeSide, compare, is_bracket
from ..disco.params import DiscoParams
from ..model.disc_trees import DiscNode, DiscSentence
from .render_disc_tree import DiscMarks, preorder_nodes


def copy_tree(root: DiscNode) -> tuple[DiscNode, dict[int, int]]:
    """A copy of the tree (without recursion) and, for each copied node (by ``id``), the
    pre-order index of the node it was copied from.

    >>> tree = DiscNode("S", [DiscNode("A", [0]), DiscNode("B", [1])], "--")
    >>> copy, origin = copy_tree(tree)
    >>> copy is tree, [origin[id(node)] for node in copy.subtrees()], copy.function
    (False, [0, 1, 2], '--')
    """
    copies: dict[int, DiscNode] = {}
    origin: dict[int, int] = {}
    nodes = preorder_nodes(root)
    for node in reversed(nodes):
        copies[id(node)] = DiscNode(node.label, [
            child if isinstance(child, int) else copies[id(child)] for child in node.children],
            node.function, node.id)
    for index, node in enumerate(nodes):
        origin[id(copies[id(node)])] = index
    return copies[id(root)], origin


def copy_sentence(sentence: DiscSentence) -> tuple[DiscSentence, dict[int, int]]:
    """A copy of the sentence that ``compare`` may change, with :func:`copy_tree`'s map."""
    tree, origin = copy_tree(sentence.tree)
    copy = DiscSentence(list(sentence.words), list(sentence.tags), tree, sentence.key,
                        sentence.line, sentence.morph, sentence.secondary)
    return copy, origin


@dataclass(frozen=True)
class ScoredPair:
    """A sentence pair as read (``gold``, ``cand``: never changed), ``compare``'s result on
    copies of them, and for each node of the result's transformed trees (by ``id``) the
    pre-order index of the node as read it was copied from; ``deleted`` and ``disc_only``
    are the rules the brackets were counted under."""

    gold: DiscSentence
    cand: DiscSentence
    result: PairResult
    gold_origin: dict[int, int]
    cand_origin: dict[int, int]
    deleted: frozenset[str]
    disc_only: bool
    labeled: bool


def score_pair(key: str, gold: DiscSentence, cand: DiscSentence, params: DiscoParams,
               disc_only: bool = False, scores: OptionalScores | None = None,
               paths: tuple[str, str] = ("<gold>", "<parses>")) -> ScoredPair:
    """``pairs.compare`` on copies of both sentences (its errors as it raises them: a
    WordMismatch when the words differ), the sentences kept as read."""
    gold_copy, gold_origin = copy_sentence(gold)
    cand_copy, cand_origin = copy_sentence(cand)
    result = compare(key, gold_copy, cand_copy, params, disc_only, paths[1],
                     scores or OptionalScores(), paths[0])
    return ScoredPair(gold, cand, result, gold_origin, cand_origin,
                      frozenset(params.delete_label), disc_only,
                      bool(params.numbers["LABELED"]))


def _node_fates(side: TreeSide, origin: dict[int, int], size: int, other: Counter[Bracket],
                pair: ScoredPair) -> list[ResultCode | None]:
    """The fate of each node as read (pre-order, ``size`` nodes): None for a preterminal
    (its word has a mark), NOT_COUNTED unless its copy is a bracket of the transformed tree."""
    left = Counter(other)
    fates: list[ResultCode | None] = [NOT_COUNTED] * size
    for node, bitset, _ in side.nodes:
        index = origin[id(node)]
        if node.children and isinstance(node.children[0], int):
            fates[index] = None
        elif is_bracket(node, bitset, pair.deleted, pair.disc_only):
            key = (node.label if pair.labeled else "", bitset)
            if left[key] > 0:
                left[key] -= 1
                fates[index] = MATCHED
            else:
                fates[index] = UNMATCHED
    return fates


def _preterminals(sentence: DiscSentence) -> list[int | None]:
    """Each node's word (pre-order), None for a node that is not a preterminal."""
    return [node.children[0] if node.is_preterminal() and isinstance(node.children[0], int)
            else None for node in preorder_nodes(sentence.tree)]


def kept_words(pair: ScoredPair) -> list[int]:
    """The word of the sentence as read behind each word of the transformed trees (the
    transforms number the words they keep again from 0).

    >>> from treeeval.disco.params import DiscoParams
    >>> from treeeval.model.disc_trees import DiscNode as N
    >>> tree = N("S", [N("N", [0]), N("$,", [1]), N("V", [2])])
    >>> gold = DiscSentence(["x", ",", "y"], ["N", "$,", "V"], tree)
    >>> kept_words(score_pair("1", gold, gold, DiscoParams(delete_label=["$,"])))
    [0, 2]
    """
    words = _preterminals(pair.gold)
    kept = [0] * len(pair.result.gold.words)
    for node, _, _ in pair.result.gold.nodes:
        word = words[pair.gold_origin[id(node)]]
        if word is not None and node.is_preterminal():
            new = node.children[0]
            assert isinstance(new, int)
            kept[new] = word
    return kept


def disc_marks(pair: ScoredPair) -> tuple[DiscMarks, DiscMarks]:
    """The marks of the gold and the system tree as read, from the scorer's comparison
    (see the module's text).

    >>> from treeeval.disco.params import DiscoParams
    >>> from treeeval.model.disc_trees import DiscNode as N
    >>> tree = N("S", [N("NP", [N("N", [0])]), N("V", [1])])
    >>> gold = DiscSentence(["x", "y"], ["N", "V"], tree)
    >>> pair = score_pair("1", gold, gold, DiscoParams(delete_label=["S"]))
    >>> marks, _ = disc_marks(pair)
    >>> [fate and fate.name for fate in marks.nodes], [fate.name for fate in marks.words]
    (['NOT_COUNTED', 'MATCHED', None, None], ['MATCHED', 'MATCHED'])
    """
    result = pair.result
    words: list[ResultCode] = [NOT_COUNTED] * len(pair.gold.words)
    for new, word in enumerate(kept_words(pair)):
        words[word] = MATCHED if result.gold_pos[new] == result.cand_pos[new] else UNMATCHED
    marks = []
    for sentence, side, origin, other in (
            (pair.gold, result.gold, pair.gold_origin, result.cand_brackets),
            (pair.cand, result.cand, pair.cand_origin, result.gold_brackets)):
        fates = _node_fates(side, origin, len(preorder_nodes(sentence.tree)), other, pair)
        for index, leaf in enumerate(_preterminals(sentence)):
            if leaf is not None:
                fates[index] = None
        marks.append(DiscMarks(tuple(fates), tuple(words)))
    return marks[0], marks[1]
