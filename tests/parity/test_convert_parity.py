"""Head tables against the converters the field trusts, on the NLTK WSJ sample.

CoreNLP 4.5.10 (collins, modcollins, semantic) and Penn2Malt via NLTK (penn2malt) wrote
../shared/data/heads/sample/*.conllx; heads are compared by position, since the token
forms differ (CoreNLP writes ( ) for -LRB- -RRB-).  The semantic tables are checked, with a
listing of the sentences that differ, in tests/differential/test_semantic_heads.py.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from treeeval.conversion import Converter
from treeeval.formats.brackets import read_trees
from treeeval.formats.conll import read_conll

SAMPLE = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "heads" / "sample"


def sample(name: str) -> Path:
    path = SAMPLE / name
    if not path.exists():
        pytest.skip(f"shared reference data not found at {path} (parity tests need ../shared)")
    return path


@pytest.fixture(scope="module")
def first_half() -> list:
    return list(read_trees(sample("wsj_0001-0099.mrg")))


def agreement(trees: list, table: str, reference: Path) -> tuple[int, int]:
    """(same heads, tokens) of our conversion against a reference CoNLL-X file."""
    ours = list(Converter(table).sentences(trees))
    theirs = list(read_conll(reference))
    assert len(ours) == len(theirs)
    same = total = 0
    for mine, gold in zip(ours, theirs):
        assert len(mine) == len(gold)
        same += sum(a == b for a, b in zip(mine.heads, gold.heads))
        total += len(gold)
    return same, total


@pytest.mark.parametrize("table", ["collins", "modcollins", "penn2malt"])
def test_identical_heads(first_half: list, table: str) -> None:
    same, total = agreement(first_half, table, sample(f"wsj_0001-0099.{table}.conllx"))
    assert total == 46451
    assert same == total, f"{table}: {100 * same / total:.2f}% identical heads"


@pytest.fixture(scope="module")
def second_half() -> list:
    return list(read_trees(sample("wsj_0100-0199.mrg")))


@pytest.mark.parametrize("table", ["collins", "modcollins", "penn2malt", "magerman", "semantic",
                                   "semantic-copula"])
def test_second_half_is_well_formed(second_half: list, table: str) -> None:
    trees = second_half
    converter = Converter(table)
    for tree, sentence in zip(trees, converter.sentences(trees), strict=True):
        words = [word for word, tag in tree.pos() if tag != "-NONE-"]
        assert sentence.forms == words
        graph = nx.DiGraph()
        graph.add_nodes_from(range(len(sentence) + 1))
        graph.add_edges_from((head, dep) for dep, head in enumerate(sentence.heads, 1))
        assert nx.is_arborescence(graph)
        assert sentence.heads.count(0) == 1
    assert converter.unknown == {}


def test_second_half_penn2malt_matches_nltk(second_half: list) -> None:
    same, total = agreement(second_half, "penn2malt", sample("wsj_0100-0199.penn2malt.conllx"))
    assert same == total
