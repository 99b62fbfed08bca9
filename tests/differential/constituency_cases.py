"""Constituency inputs for the error classifier's differential cases: gold trees sampled from
../shared/data (the classifier's own sample and WSJ 22) and test trees made from them by a
few random edits of the kinds parsers get wrong (a bracket relabelled, removed, added over a
run of siblings, a run of siblings attached higher or lower).

>>> rng = random.Random(3)
>>> gold = Tree.fromstring("(ROOT (S (NP (DT The) (NN dog)) (VP (VBZ barks) (PP (IN at) (NP (PRP me))))))")
>>> test = perturb(rng, gold)
>>> test.leaves() == gold.leaves() and one_line(test).startswith("(ROOT ")
True
"""

from __future__ import annotations

import random
from functools import cache

from harness import DATA
from nltk import Tree

SAMPLE = DATA / "evalb" / "parser-analyser-sample" / "wsj01.mrg"
WSJ22 = DATA / "evalb" / "wsj22" / "wsj22.auto.clean.gld"

LABELS = ["NP", "VP", "PP", "S", "SBAR", "ADJP", "ADVP", "QP", "UCP", "NX", "PRN", "SINV",
          "WHNP", "FRAG", "X", "NML", "PRT"]


def one_line(tree: Tree) -> str:
    """A tree on one line."""
    return tree.pformat(margin=1 << 30)


@cache
def gold_lines() -> tuple[str, ...]:
    """Gold trees (root ROOT) of the sample and WSJ 22, one per line."""
    lines = [line.strip() for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
    for line in WSJ22.read_text(encoding="utf-8").splitlines():
        if line.strip():
            lines.append("(ROOT " + line.strip()[len("(TOP "):])
    return tuple(lines)


def _brackets(tree: Tree) -> list[tuple[int, ...]]:
    """Positions of the brackets below the root (not preterminals)."""
    return [pos for pos in tree.treepositions()
            if pos and isinstance(tree[pos], Tree) and not _preterminal(tree[pos])]


def _preterminal(node: Tree) -> bool:
    return len(node) == 1 and isinstance(node[0], str)


def _relabel(rng: random.Random, tree: Tree) -> None:
    spots = _brackets(tree)
    if spots:
        tree[rng.choice(spots)].set_label(rng.choice(LABELS))


def _remove(rng: random.Random, tree: Tree) -> None:
    spots = _brackets(tree)
    if spots:
        pos = rng.choice(spots)
        parent, index = tree[pos[:-1]], pos[-1]
        parent[index:index + 1] = list(tree[pos])


def _add(rng: random.Random, tree: Tree) -> None:
    spots = [()] + _brackets(tree)
    parent = tree[rng.choice(spots)]
    if _preterminal(parent):
        return
    left = rng.randrange(len(parent))
    right = rng.randrange(left, len(parent))
    parent[left:right + 1] = [Tree(rng.choice(LABELS), list(parent[left:right + 1]))]


def _attach(rng: random.Random, tree: Tree) -> None:
    """Move the last child of a bracket up after it, or a child into its left sibling."""
    spots = _brackets(tree)
    if not spots:
        return
    pos = rng.choice(spots)
    node, parent, index = tree[pos], tree[pos[:-1]], pos[-1]
    if rng.random() < 0.5 and len(node) > 1:
        parent.insert(index + 1, node.pop())
    elif index > 0 and isinstance(parent[index - 1], Tree) and not _preterminal(parent[index - 1]):
        parent[index - 1].append(parent.pop(index))


EDITS = (_relabel, _remove, _add, _attach, _attach)


def drop_word(rng: random.Random, gold: Tree) -> Tree:
    """A copy of ``gold`` without one of its words (and the brackets it leaves empty)."""
    test = gold.copy(deep=True)
    leaves = [pos[:-1] for pos in test.treepositions("leaves")]
    if len(leaves) < 2:
        return test
    pos = rng.choice(leaves)
    while len(pos) > 1 and len(test[pos[:-1]]) == 1:
        pos = pos[:-1]
    del test[pos]
    return test


def parsed_line(rng: random.Random, gold: str) -> str:
    """The test (parsed) line of a case: mostly an edited gold tree, sometimes a blank line or a tree
    with a word missing (the classifier skips both sentences)."""
    roll = rng.random()
    if roll < 0.04:
        return ""
    tree = Tree.fromstring(gold)
    return one_line(drop_word(rng, tree) if roll < 0.08 else perturb(rng, tree))


def perturb(rng: random.Random, gold: Tree, edits: int | None = None) -> Tree:
    """A copy of ``gold`` after 1-6 random edits (the words stay)."""
    test = gold.copy(deep=True)
    for _ in range(edits if edits is not None else rng.randint(1, 6)):
        rng.choice(EDITS)(rng, test)
    return test
