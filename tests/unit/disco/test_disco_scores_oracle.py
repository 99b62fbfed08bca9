"""The optional scores against ``discodop eval`` itself (the ``discodop-eval`` oracle; skipped
where it is absent): random discontinuous gold trees, perturbed into candidates, written as
discbracket files and scored with ``--la --ted --headrules --verbose``.  Each sentence's
printed leaf-ancestor, tree distance and dependency accuracy and the summary's three
figures must be what the functions give, formatted as discodop formats them.

The trees pass through tests/disco_score_trees.transform (the part of discodop's
transforms these parameter files use): heads are found before it, on the trees as read.
``DISCO_SCORES_BATCHES`` sets the number of batches (of 60 pairs; default 6).
"""

from __future__ import annotations

import copy
import os
import random
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import pytest
from cli_runner import Run
from disco_score_trees import discbracket, perturb, random_tree, transform
from oracles import run_oracle

from treeeval.disco.decimals import DISCODOP_DECIMAL
from treeeval.disco.head_dependencies import (
    Dependency,
    HeadlessPhrase,
    dependencies,
    find_heads,
    parse_head_rules,
)
from treeeval.disco.leaf_ancestor import leaf_ancestor, leaf_ancestor_summary
from treeeval.disco.tree_distance import tree_dist_score, tree_dist_terms
from treeeval.model.disc_trees import DiscNode

HEAD_RULES = """\
% head rules in discodop's format for the random trees of tests/disco_score_trees.py
S right-to-left VVFIN VP
VP RIGHT VVPP VVFIN
NP right NN NE
NP leftdis ART
PP left-to-right APPR
ap RIGHTDIS ADJA ADV
CS LIKE NP
CS left CC
VP left
"""
#: the parameter files: nothing deleted; the root's label; the root, punctuation and a phrase
PARAMS = ("", "DELETE_LABEL ROOT\n", "DELETE_LABEL ROOT\nDELETE_LABEL $,\nDELETE_LABEL $.\n"
          "DELETE_LABEL PP\n")
PAIRS = 60
TABLE = parse_head_rules(HEAD_RULES)
NUMBER = re.compile(r"nan|0DIV!|\d+\.\d\d")


def percent(value: Decimal) -> str:
    """discodop's nozerodiv of a score: through float, as ``'%6.2f' % decimal`` goes
    (formatting the Decimal itself rounds differently)."""
    return f"{float(DISCODOP_DECIMAL.multiply(Decimal(100), value)):6.2f}"


@dataclass
class Scored:
    """One pair's numbers from treeeval's functions (``words`` False: no gold words left)."""

    words: bool
    la: Decimal = Decimal("NaN")
    distance: int = 0
    denominator: int = 0
    gold_deps: list[Dependency] = field(default_factory=list)
    cand_deps: list[Dependency] = field(default_factory=list)

    def printed(self) -> tuple[str, str, str]:
        """The sentence's three figures as ``--verbose`` prints them (without padding)."""
        if not self.words:
            return "nan", "nan", "0DIV!"
        same = sum(a == b for a, b in zip(self.gold_deps, self.cand_deps))
        return (percent(DISCODOP_DECIMAL.multiply(Decimal(100), self.la)).strip(),
                f"{100 * self.distance:.2f}",
                percent(DISCODOP_DECIMAL.divide(Decimal(same), Decimal(len(self.gold_deps)))).strip())


def score(gold: DiscNode, cand: DiscNode, delete: set[str]) -> Scored:
    """A pair as discodop scores it: heads on the trees as read, the rest after the
    transforms; HeadlessPhrase where discodop crashes."""
    gold, cand = copy.deepcopy(gold), copy.deepcopy(cand)
    gold_heads, cand_heads = find_heads(gold, TABLE), find_heads(cand, TABLE)
    tags = {node.children[0]: node.label for node in gold.subtrees() if node.is_preterminal()}
    gold_tags = [tags[word] for word in range(len(tags))]
    gold, cand = transform(gold, delete, gold_tags), transform(cand, delete, gold_tags)
    if not gold.children:
        return Scored(False)
    distance, denominator = tree_dist_terms(gold, cand, include_root=gold.label not in delete)
    return Scored(True, leaf_ancestor(gold, cand, delete), distance, denominator,
                  dependencies(gold, gold_heads), dependencies(cand, cand_heads))


def summary(pairs: list[Scored]) -> list[str]:
    """The summary's three figures (discodop adds NaN for a sentence without words)."""
    gold_deps = [dep for pair in pairs for dep in pair.gold_deps]
    cand_deps = [dep for pair in pairs for dep in pair.cand_deps]
    correct = sum(a == b for a, b in zip(gold_deps, cand_deps))
    if all(pair.words for pair in pairs):
        distance = percent(tree_dist_score([p.distance for p in pairs],
                                           [p.denominator for p in pairs]))
    else:
        distance = "nan"
    return [percent(leaf_ancestor_summary([pair.la for pair in pairs])).strip(), distance.strip(),
            percent(DISCODOP_DECIMAL.divide(Decimal(correct), Decimal(len(gold_deps)))).strip()]


def write_case(folder: Path, pairs: list[tuple[DiscNode, DiscNode]], params: str) -> None:
    lines: tuple[list[str], list[str]] = ([], [])
    for gold, cand in pairs:
        words = [f"w{n}" for n in range(len(list(gold.leaves())))]
        lines[0].append(discbracket(gold, words))
        lines[1].append(discbracket(cand, words))
    for name, text in zip(("gold.dbr", "cand.dbr"), lines):
        (folder / name).write_text("\n".join(text) + "\n", encoding="utf-8")
    (folder / "heads.txt").write_text(HEAD_RULES, encoding="utf-8")
    (folder / "test.prm").write_text(params, encoding="utf-8")


def run_case(folder: Path) -> Run:
    return run_oracle("discodop-eval", ["gold.dbr", "cand.dbr", "test.prm", "--fmt=discbracket",
                                        "--la", "--ted", "--headrules=heads.txt", "--verbose"],
                      cwd=folder)


def printed(output: str) -> tuple[list, list]:
    """The oracle's per-sentence (LA, TED, DEP) and its summary figures."""
    lines, figures = [], []
    text = output.splitlines()
    start = next(n for n, line in enumerate(text) if line.startswith(" ____")) + 1
    for line in text[start:text.index("", start)]:  # one line a sentence, up to a blank one
        lines.append(tuple(NUMBER.findall(line.split(None, 9)[9])[-3:]))
    for line in text:
        for name in ("leaf-ancestor:", "tree-dist (Dice micro avg)", "unlabeled dependencies:"):
            if line.startswith(name):
                figures.append(line[len(name):].strip())
    return lines, figures


@pytest.mark.parametrize("batch", range(int(os.environ.get("DISCO_SCORES_BATCHES", "6"))))
def test_scores_as_discodop_prints_them(batch: int, tmp_path: Path) -> None:
    rng = random.Random(2900 + batch)
    params = PARAMS[batch % len(PARAMS)]
    delete = {line.split()[1] for line in params.splitlines()}
    pairs, scored, headless = [], [], []
    for _ in range(PAIRS):
        size = rng.randint(1, 12)
        gold = random_tree(rng, size)
        cand = perturb(rng, gold) if rng.random() < 0.85 else random_tree(rng, size)
        try:
            scored.append(score(gold, cand, delete))
        except HeadlessPhrase:
            headless.append((gold, cand))
        else:
            pairs.append((gold, cand))
    write_case(tmp_path, pairs, params)
    run = run_case(tmp_path)
    assert run.status == 0, run.stderr.decode("utf-8", "replace")
    theirs, their_summary = printed(run.stdout.decode("utf-8"))
    assert [pair.printed() for pair in scored] == theirs
    assert summary(scored) == their_summary
    for pair in headless[:2]:  # where treeeval finds a phrase without a head, discodop crashes
        write_case(tmp_path, [pair], params)
        crash = run_case(tmp_path)
        assert crash.status == 1 and crash.stderr.rstrip().endswith(b"StopIteration")
