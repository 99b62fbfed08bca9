"""``treeeval convert --heads semantic|semantic-copula`` against CoreNLP 4.5.10's
SemanticHeadFinder() and SemanticHeadFinder(false).

CoreNLP does not run here: its output on the first half of the NLTK WSJ sample is the oracle
(../shared/data/heads/sample/wsj_0001-0099.{semantic,semantic-cop}.conllx; empty elements
removed, function tags stripped, each word attached to the head of its maximal projection).
Heads (column 7) are compared by position, since CoreNLP writes ( ) for -LRB- -RRB-.  The
whole sample must agree on 100.00 % of the tokens; the seeded cases convert random subsets
through the command line, one tree a line or in .mrg layout (short trees on one line,
long ones on several, blank lines between some).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Run, assert_same, case_ids, case_random, require_data, run_treeeval

from treeeval.conversion import Converter
from treeeval.formats.brackets import read_trees
from treeeval.formats.conll import read_conll
from treeeval.model.dependencies import DependencySentence

ORACLE = "corenlp-semantic"
#: our table -> the suffix of CoreNLP's output
VARIANTS = {"semantic": "semantic", "semantic-copula": "semantic-cop"}
SAMPLE = ("heads", "sample")


@pytest.fixture(scope="module")
def trees() -> list:
    return list(read_trees(require_data(*SAMPLE, "wsj_0001-0099.mrg")))


def reference(table: str) -> list[DependencySentence]:
    return list(read_conll(require_data(*SAMPLE, f"wsj_0001-0099.{VARIANTS[table]}.conllx")))


def mismatches(numbers: list[int], ours: list[DependencySentence],
               theirs: list[DependencySentence], trees: list, limit: int = 25) -> str:
    """One block per sentence whose heads differ: its number, the differing tokens and its
    tree (at most ``limit`` sentences)."""
    blocks = []
    for number, mine, gold in zip(numbers, ours, theirs):
        if mine.heads == gold.heads:
            continue
        tokens = ", ".join(f"{i} {form!r}: treeeval {a}, CoreNLP {b}" for i, (form, a, b)
                           in enumerate(zip(gold.forms, mine.heads, gold.heads), 1) if a != b)
        blocks.append(f"sentence {number + 1}: {tokens}\n  {trees[number].pformat(margin=10**9)}")
    more = f"\n... and {len(blocks) - limit} more sentences" if len(blocks) > limit else ""
    return f"{len(blocks)} sentences differ:\n" + "\n".join(blocks[:limit]) + more


@pytest.mark.differential(oracle=ORACLE)
@pytest.mark.parametrize("table", list(VARIANTS))
def test_whole_sample_agrees(trees: list, table: str) -> None:
    theirs = reference(table)
    ours = list(Converter(table).sentences(trees))
    assert [len(s) for s in ours] == [len(s) for s in theirs]
    same = sum(a == b for mine, gold in zip(ours, theirs) for a, b in zip(mine.heads, gold.heads))
    total = sum(len(gold) for gold in theirs)
    assert total == 46451
    agreement = f"{100 * same / total:.2f}"
    assert agreement == "100.00", (f"{table}: {agreement} % identical heads; "
                                   + mismatches(list(range(len(trees))), ours, theirs, trees))


def heads_text(sentences: list[DependencySentence], numbers: list[int]) -> bytes:
    """The heads, one line a token: ``sentence N token I HEAD``."""
    return "".join(f"sentence {n + 1} token {i} {head}\n" for n, sentence in zip(numbers, sentences)
                   for i, head in enumerate(sentence.heads, 1)).encode()


@pytest.mark.differential(oracle=ORACLE)
@pytest.mark.parametrize("case", case_ids(40))
def test_sampled_sentences(trees: list, case: int, tmp_path: Path) -> None:
    rng = case_random(ORACLE, case)
    table = rng.choice(list(VARIANTS))
    numbers = rng.sample(range(len(trees)), rng.randint(1, 40))  # in random order
    # .mrg layout: a short tree fits on its line, a long one spans lines, and blank lines
    # may separate trees, as in WSJ's files
    layout = rng.choice(["one-a-line", "mrg"])
    margin, gaps = {"one-a-line": (10**9, ["\n"]), "mrg": (70, ["\n", "\n\n"])}[layout]
    (tmp_path / "sample.mrg").write_text(
        "".join(trees[n].pformat(margin=margin) + rng.choice(gaps) for n in numbers),
        encoding="utf-8")
    command = ["convert", "--heads", table, "sample.mrg", "-o", "ours.conllx"]
    ran = run_treeeval(command, tmp_path)
    ours = list(read_conll(tmp_path / "ours.conllx")) if ran.status == 0 else []
    theirs = reference(table)
    expected = Run(heads_text([theirs[n] for n in numbers], numbers), b"", 0)
    actual = Run(heads_text(ours, numbers), ran.stderr, ran.status)
    assert_same(expected, actual, f"case {case} ({table}, sentences "
                f"{', '.join(str(n + 1) for n in numbers)})", ["treeeval", *command], tmp_path)
