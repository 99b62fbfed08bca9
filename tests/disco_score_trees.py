"""Random small discontinuous trees for the tests of the optional disco scores
(tests/unit/disco): a seeded generator, the parser-like errors that perturb a gold tree
into a candidate, the discbracket line of a tree, and the part of discodop eval's
transforms that the scores' tests need, applied in place as the caller of
:func:`treeeval.disco.head_dependencies.find_heads` must.

A gold tree is ``(ROOT ...)`` over phrases whose words need not be contiguous (a phrase
takes any few of the nodes still without a parent, anywhere in the sentence), unary
phrases now and then, punctuation (``$,``, ``$.``) hanging from the root, and edge labels
on some nodes.  Candidates relabel, splice out, group, or move nodes, keeping the words.

>>> import random
>>> tree = random_tree(random.Random(1), 4)
>>> sorted(tree.leaves()), tree.label
([0, 1, 2, 3], 'ROOT')
>>> discbracket(DiscNode("ROOT", [DiscNode("NN", [0], "HD")]), ["a"])
'(ROOT (NN-HD 0=a))'
"""

from __future__ import annotations

import copy
import random
from collections.abc import Collection

from treeeval.model.disc_trees import DiscNode

PHRASES = ("S", "VP", "NP", "PP", "AP", "CS")
TAGS = ("NN", "NE", "ART", "VVFIN", "VVPP", "APPR", "ADJA", "CC", "ADV")
PUNCTUATION_TAGS = ("$,", "$.")
FUNCTIONS = ("SB", "OA", "HD", "NK", "MO", "CJ")


def random_tree(rng: random.Random, words: int) -> DiscNode:
    """A gold tree over ``words`` words: ROOT over phrases and preterminals."""
    nodes: list[DiscNode] = []
    punctuation: list[DiscNode] = []
    for word in range(words):
        if word and rng.random() < 0.12:
            punctuation.append(DiscNode(rng.choice(PUNCTUATION_TAGS), [word]))
        else:
            nodes.append(DiscNode(rng.choice(TAGS), [word], _function(rng)))
    while len(nodes) > 1 and rng.random() < 0.92:
        size = rng.randint(1, min(4, len(nodes)))
        if size == 1 and rng.random() < 0.6:
            size = 2
        picked = set(rng.sample(range(len(nodes)), size))
        children = [node for n, node in enumerate(nodes) if n in picked]
        rng.shuffle(children)  # the file's order is not the words' order
        phrase = DiscNode(rng.choice(PHRASES), children, _function(rng))
        nodes = [node for n, node in enumerate(nodes) if n not in picked] + [phrase]
    children = nodes + punctuation
    rng.shuffle(children)
    return DiscNode("ROOT", children)


def _function(rng: random.Random) -> str | None:
    return rng.choice(FUNCTIONS) if rng.random() < 0.5 else None


def perturb(rng: random.Random, gold: DiscNode) -> DiscNode:
    """A copy of ``gold`` after a few parser errors (the words and the root kept)."""
    tree = copy.deepcopy(gold)
    for _ in range(rng.randint(0, 4)):
        nodes = list(tree.subtrees())
        phrases = [node for node in nodes if not node.is_preterminal()]
        error = rng.random()
        if error < 0.25:  # relabel a node or change its edge label
            node = rng.choice(nodes[1:] or nodes)
            if rng.random() < 0.3:
                node.function = _function(rng)
            else:
                node.label = rng.choice(TAGS if node.is_preterminal() else PHRASES)
        elif error < 0.5:  # splice a phrase out
            parent = rng.choice(phrases)
            inner = [n for n, child in enumerate(parent.children)
                     if isinstance(child, DiscNode) and not child.is_preterminal()]
            if inner:
                n = rng.choice(inner)
                child = parent.children[n]
                assert isinstance(child, DiscNode)
                parent.children[n:n + 1] = child.children
        elif error < 0.75:  # group some children of a phrase under a new one
            parent = rng.choice(phrases)
            if len(parent.children) > 2:
                picked = set(rng.sample(range(len(parent.children)),
                                        rng.randint(2, len(parent.children) - 1)))
                group = [child for n, child in enumerate(parent.children) if n in picked]
                parent.children = [child for n, child in enumerate(parent.children)
                                   if n not in picked]
                parent.children.append(DiscNode(rng.choice(PHRASES), group, _function(rng)))
        else:  # move a node to another phrase that does not lie under it
            node = rng.choice(nodes[1:] or nodes)
            below = set(map(id, node.subtrees()))
            targets = [phrase for phrase in phrases if id(phrase) not in below]
            parent = next(p for p in phrases if any(child is node for child in p.children))
            if targets and len(parent.children) > 1:
                parent.children = [child for child in parent.children if child is not node]
                rng.choice(targets).children.append(node)
    return tree


def discbracket(tree: DiscNode, words: list[str]) -> str:
    """The tree as a discbracket line, edge labels as label suffixes (``NP-SB``)."""
    def label(node: DiscNode) -> str:
        return f"{node.label}-{node.function}" if node.function else node.label

    def write(node: DiscNode) -> str:
        inner = " ".join(f"{child}={words[child]}" if isinstance(child, int) else write(child)
                         for child in node.children)
        return f"({label(node)} {inner})"

    return write(tree)


def transform(tree: DiscNode, delete_labels: Collection[str], gold_tags: list[str]) -> DiscNode:
    """discodop eval's transforms for these trees, in place (node objects kept): phrases
    labelled with a DELETE_LABEL spliced out, preterminals whose gold tag is one removed,
    phrases left empty removed, the words renumbered.  The root is kept."""
    phrases = [node for node in tree.subtrees() if isinstance(node.children[0], DiscNode)]
    for node in reversed(phrases):  # children before their parents
        kept: list[DiscNode | int] = []
        for child in node.children:
            assert isinstance(child, DiscNode)
            if not child.children:
                continue
            if isinstance(child.children[0], DiscNode):
                if child.label in delete_labels:
                    kept.extend(child.children)
                else:
                    kept.append(child)
            elif gold_tags[child.children[0]] not in delete_labels:
                kept.append(child)
        node.children = kept
    renumber = {word: n for n, word in enumerate(sorted(tree.leaves()))}
    for node in tree.subtrees():
        node.children = [renumber[child] if isinstance(child, int) else child
                         for child in node.children]
    return tree
