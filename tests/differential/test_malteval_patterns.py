"""``treeeval dep --pattern P`` against the MaltEval 1.0 jar: Java's ``DecimalFormat`` on
random patterns (treeeval.dep.decimal_format).

Each case draws a pattern from its parts (a prefix, quoted text, integer digits ``#`` and
``0`` with grouping commas, fraction digits, an exponent, a suffix with ``%``, ``‰``, ``¤``
or a digit from 1 to 9, a negative subpattern) or one of the malformed ones Java refuses,
and scores a gold file and two parsed files (real sentences or generated trees) with
GroupBy tables whose values span zero, fractions and counts, ``--stat 1`` (negative z,
``-∞``) and the confusion matrix.  stdout and the exit status must agree; where MaltEval
aborts (``Evaluation aborted``, exit status 0) treeeval must stop with one error line: a
usage error for the pattern, exit status 1 for the files (some real parsed files differ in
their words).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from dependency_cases import Sentence, perturb, random_sentence, real_subset, write_conll
from harness import assert_same, case_ids, case_random, run_oracle, run_treeeval

REFUSED = ["0.0.0", "0.00%%", ";0.0", "0.0'", "#0.#0", "0,.0", "0.0E", "x;y", "0.0E0E0",
           "%0.0\u2030"]


def pattern(rng: random.Random) -> str:
    """A random DecimalFormat pattern (a malformed one now and then)."""
    if rng.random() < 0.1:
        return rng.choice(REFUSED)
    prefix = rng.choice(["", "", "", "x", "'#'", "'it''s '", "\u00a4", "-", "("])
    left = rng.choice(["", "#", "##", "#,##", "#,#"]) + "0" * rng.choice([0, 1, 1, 1, 2])
    fraction = ""
    if rng.random() < 0.8:
        fraction = "." + "0" * rng.randint(0, 32) + "#" * rng.choice([0, 0, 1, 3])
    exponent = "E" + "0" * rng.randint(1, 2) if rng.random() < 0.15 and left.strip("#,") else ""
    suffix = rng.choice(["", "", "", "%", "\u2030", "1", " x", "'%'", "\u00a4\u00a4", ")"])
    body = prefix + (left or "0") + fraction + exponent + suffix
    if rng.random() < 0.15:
        body += ";(" + rng.choice(["0", "#.#", "0E0"]) + ")"
    return body


def _clean(sentences: list[Sentence]) -> list[Sentence]:
    """PHEAD and PDEPREL ``_`` (a parser file's ``-`` makes MaltEval abort)."""
    return [[row[:8] + ["_", "_"] for row in sentence] for sentence in sentences]


@pytest.mark.differential(oracle="malteval")
@pytest.mark.parametrize("case", case_ids(12))
def test_pattern(case: int, tmp_path: Path) -> None:
    rng = case_random("malteval-pattern", case)
    if rng.random() < 0.6:
        _, gold, parsed = real_subset(rng, size=rng.choice([3, 10, 20]), parsers=2)
        parsed = [_clean(sentences) for sentences in parsed]
        gold = _clean(gold)
    else:
        gold = [random_sentence(rng) for _ in range(rng.randint(1, 6))]
        parsed = [[perturb(rng, sentence) for sentence in gold] for _ in range(2)]
    write_conll(tmp_path / "g.conll", gold)
    for index, sentences in enumerate(parsed, 1):
        write_conll(tmp_path / f"p{index}.conll", sentences)
    args = ["-g", "g.conll", "-s", "p1.conll", "p2.conll", "--pattern", pattern(rng),
            "--GroupBy", rng.choice(["Deprel:all", "Token", "RelationLength:all",
                                     "Postag:all;Sentence"]),
            "--Metric", rng.choice(["LAS", "UAS", "LAS;LA"])]
    args += rng.choice([[], ["--stat", "1"], ["--confusion-matrix", "1"]])
    reference = run_oracle("malteval", args, tmp_path)
    ours = run_treeeval(["dep", *args], tmp_path)
    if b"Evaluation aborted" in reference.stderr:  # on the pattern: a usage error
        usage = b'pattern "' in reference.stderr
        assert ours.status == (2 if usage else 1) and ours.stdout == b"", ours.stderr
        assert ours.stderr.count(b"treeeval: error: ") == 1
        return
    assert_same(reference, ours, f"case {case}", ["treeeval", "dep", *args], tmp_path)
