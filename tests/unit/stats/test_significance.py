"""Significance tests of treeeval.stats: hand-computed cases, exact enumerations, determinism,
and the behaviour of p-values under the null hypothesis."""

from __future__ import annotations

import itertools
import json
import math
import re

import numpy as np
import pytest

from treeeval.bracket.counts import SentenceCounts
from treeeval.bracket.sentence_scores import BRACKET_MEASURES, bracket_scores
from treeeval.bracket.totals import Totals
from treeeval.dep.metrics import mcnemar_z as malteval_mcnemar_z
from treeeval.dep.metrics import token_hits
from treeeval.dep.sentence_scores import dependency_scores
from treeeval.errors import TreeevalError, UsageError
from treeeval.model.dependencies import DependencySentence
from treeeval.model.treebank import Treebank
from treeeval.stats import (
    SentenceScores,
    approximate_randomization,
    compare,
    compare_all,
    compare_many,
    mcnemar,
    mcnemar_z,
    normal_two_sided_p,
    paired_bootstrap,
    render_results,
    significance,
)


def token_system(hits: list[int], sizes: list[int]) -> SentenceScores:
    """A system's accuracy counts from its per-token hits, sentences of the given sizes."""
    return SentenceScores.from_token_hits(hits, np.repeat(np.arange(len(sizes)), sizes))


def binomial_systems(rng: np.random.Generator, sentences: int, accuracies: tuple[float, float],
                     ) -> tuple[SentenceScores, SentenceScores]:
    """Two systems tagging the same sentences (5 to 40 tokens), each token right with the
    system's probability, independently."""
    sizes = rng.integers(5, 41, size=sentences)
    sentence = np.repeat(np.arange(sentences), sizes)
    first, second = (SentenceScores.from_token_hits(rng.random(len(sentence)) < accuracy,
                                                    sentence) for accuracy in accuracies)
    return first, second


# --- SentenceScores -------------------------------------------------------------------------

def test_corpus_score_is_a_ratio_of_sums_not_a_mean_of_sentence_scores() -> None:
    # sentence accuracies 1/1 and 10/20 average to 75%, but the corpus has 11 of 21 right
    assert SentenceScores.ratio([1, 10], [1, 20]).score() == pytest.approx(100 * 11 / 21)


def test_f1_is_the_harmonic_mean_of_summed_precision_and_recall() -> None:
    scores = SentenceScores.f1(matched=[3, 4], gold=[5, 5], system=[4, 6])
    precision, recall = 7 / 10, 7 / 10
    assert scores.score() == pytest.approx(100 * 2 * precision * recall / (precision + recall))
    uneven = SentenceScores.f1(matched=[6], gold=[10], system=[8])
    assert uneven.score() == pytest.approx(100 * 2 * 0.75 * 0.6 / (0.75 + 0.6))


def test_zero_denominator_scores_zero() -> None:
    assert SentenceScores.ratio([0], [0]).score() == 0.0
    assert SentenceScores.f1([0], [0], [0]).score() == 0.0


def test_token_hits_are_counted_per_sentence() -> None:
    scores = token_system([1, 0, 1, 1, 1, 0], [2, 3, 1])
    assert scores.numerator.tolist() == [1, 3, 0]
    assert scores.denominator.tolist() == [2, 3, 1]
    assert scores.score() == pytest.approx(400 / 6)


@pytest.mark.parametrize("bad", [
    dict(numerator=[[1, 2]], denominator=[[2, 2]]),
    dict(numerator=[1, 2], denominator=[2]),
    dict(numerator=[1, float("nan")], denominator=[2, 2]),
])
def test_malformed_counts_are_refused(bad: dict[str, list[float]]) -> None:
    with pytest.raises(ValueError):
        SentenceScores(np.array(bad["numerator"]), np.array(bad["denominator"]))


# --- McNemar --------------------------------------------------------------------------------

def test_mcnemar_on_a_hand_computed_table() -> None:
    # token by token (A, B): (1,0) x4, (0,1) x1, (1,1) x3, (0,0) x2
    a = token_system([1, 1, 1, 1, 0, 1, 1, 1, 0, 0], [4, 6])
    b = token_system([0, 0, 0, 0, 1, 1, 1, 1, 0, 0], [4, 6])
    result = mcnemar(a, b, names=("A", "B"), metric="LAS")
    assert result.discordant == (4, 1)
    assert result.statistic == pytest.approx((3 - 1) / math.sqrt(5))   # 0.8944
    assert result.p_value == pytest.approx(0.371093, abs=1e-6)         # 2 * (1 - Phi(0.8944))
    assert result.scores == (pytest.approx(70.0), pytest.approx(40.0))
    assert result.render() == ("LAS  A 70.00  B 40.00  diff +30.00  z = 0.89  "
                               "p = 0.3711 (McNemar, b = 4, c = 1)")


def test_mcnemar_z_is_maltevals_formula() -> None:
    rng = np.random.default_rng(5)
    for _ in range(20):
        first, second = rng.random((2, 50)) < rng.random((2, 1))
        b = int(np.count_nonzero(first & ~second))
        c = int(np.count_nonzero(~first & second))
        assert mcnemar_z(b, c) == pytest.approx(malteval_mcnemar_z(first, second), nan_ok=True)


def test_mcnemar_p_value_is_two_sided_normal() -> None:
    assert mcnemar_z(30, 10) == pytest.approx(19 / math.sqrt(40))
    assert normal_two_sided_p(19 / math.sqrt(40)) == pytest.approx(0.002663, abs=1e-6)
    assert normal_two_sided_p(1.959964) == pytest.approx(0.05, abs=1e-6)
    assert normal_two_sided_p(2.575829) == pytest.approx(0.01, abs=1e-6)


def test_mcnemar_without_disagreement_or_with_a_tie() -> None:
    same = token_system([1, 0, 1], [3])
    never = mcnemar(same, same)
    assert math.isnan(never.statistic) and never.p_value == 1.0
    assert never.to_json()["statistic"] is None
    tie = mcnemar(token_system([1, 0, 1, 0], [4]), token_system([0, 1, 0, 1], [4]))
    assert tie.statistic == pytest.approx(-0.5) and tie.p_value == 1.0


def test_mcnemar_needs_token_hits() -> None:
    f1 = SentenceScores.f1([1], [2], [2])
    with pytest.raises(UsageError, match="per-token"):
        mcnemar(f1, f1)
    with pytest.raises(TreeevalError, match="same tokens"):
        mcnemar(token_system([1, 1], [2]), token_system([1, 1, 1], [3]))


# --- approximate randomization ---------------------------------------------------------------

def test_ar_on_identical_systems_gives_p_1() -> None:
    scores = SentenceScores.ratio([3, 7, 0, 12], [5, 9, 4, 12])
    result = approximate_randomization(scores, scores, resamples=2000, seed=3)
    assert result.p_value == 1.0 and result.statistic == 0.0


def test_ar_equals_the_exact_permutation_test() -> None:
    # 8 sentences: every one of the 2**8 swap patterns is equally likely, so the exact
    # two-sided p-value can be enumerated; AR estimates it with sampling error ~0.003
    rng = np.random.default_rng(11)
    tokens = rng.integers(3, 12, size=8)
    a = SentenceScores.ratio(rng.binomial(tokens, 0.85), tokens)
    b = SentenceScores.ratio(rng.binomial(tokens, 0.7), tokens)
    observed = abs(a.score() - b.score())
    extreme = 0
    for swap in itertools.product([False, True], repeat=8):
        s = np.array(swap)
        shuffled_a = SentenceScores.ratio(np.where(s, b.numerator, a.numerator), tokens)
        shuffled_b = SentenceScores.ratio(np.where(s, a.numerator, b.numerator), tokens)
        extreme += abs(shuffled_a.score() - shuffled_b.score()) >= observed - 1e-9
    exact = extreme / 2 ** 8
    result = approximate_randomization(a, b, resamples=20_000, seed=2)
    assert 0.01 < exact < 0.5
    assert result.p_value == pytest.approx(exact, abs=0.012)


def test_ar_on_f1_swaps_all_counts_of_a_sentence() -> None:
    # one sentence differs; swapping it makes the difference change sign, so p ~ 1
    a = SentenceScores.f1([5, 4], [5, 6], [5, 5])
    b = SentenceScores.f1([5, 2], [5, 6], [5, 7])
    result = approximate_randomization(a, b, resamples=1000, seed=1)
    assert result.p_value == 1.0
    assert result.statistic == pytest.approx(a.score() - b.score())


# --- paired bootstrap -----------------------------------------------------------------------

def test_bootstrap_intervals_contain_the_observed_values() -> None:
    a, b = binomial_systems(np.random.default_rng(1), 300, (0.86, 0.85))
    result = paired_bootstrap(a, b, resamples=2000, seed=4)
    low, high = result.difference_interval
    assert low < result.difference < high
    for (low, high), score in zip(result.score_intervals, result.scores):
        assert low < score < high
    assert result.confidence == 0.95


def test_bootstrap_of_identical_systems() -> None:
    scores = SentenceScores.ratio([3, 7, 0], [5, 9, 4])
    result = paired_bootstrap(scores, scores, resamples=500, seed=9)
    assert result.p_value == 1.0 and result.difference_interval == (0.0, 0.0)


def test_bootstrap_resamples_sentences_uniformly_with_replacement() -> None:
    # two sentences: a resample takes sentence 0 twice (1/4), both (1/2) or 1 twice (1/4);
    # A scores 100, 50 or 0 on them, B always 50
    a = SentenceScores.ratio([4, 0], [4, 4])
    b = SentenceScores.ratio([2, 2], [4, 4])
    sums = significance._bootstrap_sums(np.concatenate([a.columns(), b.columns()]), 40_000,
                                        np.random.default_rng(8))
    scores_a = a.score_of_sums(sums[:, :2])
    assert np.all(b.score_of_sums(sums[:, 2:]) == 50.0)
    shares = [np.mean(scores_a == value) for value in (100.0, 50.0, 0.0)]
    assert shares == pytest.approx([0.25, 0.5, 0.25], abs=0.01)


def test_bootstrap_p_value_equals_its_definition_by_enumeration() -> None:
    # 4 sentences: all 4**4 index tuples are equally likely resamples; the definition
    # p = P(|d* - d| >= |d|) is enumerated and compared with 20,000 random resamples
    a = SentenceScores.ratio([5, 3, 6, 2], [6, 6, 6, 6])
    b = SentenceScores.ratio([4, 3, 4, 3], [6, 6, 6, 6])
    d = a.score() - b.score()
    columns = np.concatenate([a.columns(), b.columns()])
    extreme = 0
    for index in itertools.product(range(4), repeat=4):
        sums = columns[:, list(index)].sum(axis=1)
        d_star = a.score_of_sums(sums[:2]) - b.score_of_sums(sums[2:])
        extreme += abs(d_star - d) >= abs(d) - 1e-9
    exact = extreme / 4 ** 4
    result = paired_bootstrap(a, b, resamples=20_000, seed=6)
    assert 0.05 < exact < 0.95
    assert result.p_value == pytest.approx(exact, abs=0.012)


# --- all tests ------------------------------------------------------------------------------

@pytest.mark.parametrize("method", ["bootstrap", "ar", "mcnemar"])
def test_a_clearly_better_system_is_significant(method: str) -> None:
    a, b = binomial_systems(np.random.default_rng(2), 400, (0.90, 0.85))
    result = compare(a, b, method, resamples=2000, seed=1)
    assert result.difference > 3
    assert result.p_value < 0.01


@pytest.mark.parametrize("method", ["bootstrap", "ar"])
def test_same_seed_same_numbers_other_seed_other_numbers(method: str) -> None:
    a, b = binomial_systems(np.random.default_rng(3), 200, (0.80, 0.79))
    first = compare(a, b, method, resamples=1000, seed=42)
    assert compare(a, b, method, resamples=1000, seed=42) == first
    other = compare(a, b, method, resamples=1000, seed=43)
    assert other.p_value != first.p_value and other.seed == 43
    fresh = compare(a, b, method, resamples=1000, seed=None)
    assert isinstance(fresh.seed, int)
    assert compare(a, b, method, resamples=1000, seed=fresh.seed) == fresh


@pytest.mark.parametrize("method", ["bootstrap", "ar"])
def test_chunking_does_not_change_the_numbers(method: str, monkeypatch: pytest.MonkeyPatch,
                                               ) -> None:
    a, b = binomial_systems(np.random.default_rng(4), 150, (0.80, 0.78))
    whole = compare(a, b, method, resamples=999, seed=5)
    monkeypatch.setattr(significance, "CHUNK_CELLS", 150 * 7 + 3)   # chunks of 7 resamples
    assert compare(a, b, method, resamples=999, seed=5) == whole


def test_p_values_are_roughly_uniform_under_the_null_hypothesis() -> None:
    # 300 data sets where both systems have the same accuracy: a test at level alpha should
    # reject about alpha of them (the seeds are fixed, so this test is deterministic)
    rng = np.random.default_rng(2024)
    p_values: dict[str, list[float]] = {method: [] for method in ("bootstrap", "ar", "mcnemar")}
    covered = []
    for seed in range(300):
        a, b = binomial_systems(rng, 60, (0.8, 0.8))
        for method, p in p_values.items():
            result = compare(a, b, method, resamples=199, seed=seed)
            p.append(result.p_value)
            if method == "bootstrap":
                covered.append(result.difference_interval[0] <= 0 <= result.difference_interval[1])
    # the 95% interval covers the true difference, 0, about 95% of the time (a little less:
    # percentile intervals are known to be too narrow on small samples)
    assert 0.88 <= np.mean(covered) <= 0.99
    for method, p in p_values.items():
        p_array = np.array(p)
        # binomial(300, alpha) stays within about 3 standard deviations of 300 * alpha
        assert 0.01 <= np.mean(p_array < 0.05) <= 0.10, method
        assert 0.04 <= np.mean(p_array < 0.1) <= 0.17, method
        assert 0.40 <= np.mean(p_array < 0.5) <= 0.60, method
        # each decile of [0, 1] holds about a tenth of the p-values
        deciles = np.histogram(p_array, bins=10, range=(0, 1))[0]
        assert deciles.min() >= 12 and deciles.max() <= 50, (method, deciles)


def test_compare_all_tests_every_pair_as_alone() -> None:
    rng = np.random.default_rng(6)
    systems = [token_system(list(rng.random(200) < acc), [20] * 10) for acc in (0.9, 0.8, 0.7)]
    table = compare_all(systems, "bootstrap", names=["x", "y", "z"], resamples=300, seed=3)
    assert [r.names for r in table] == [("x", "y"), ("x", "z"), ("y", "z")]
    assert table[2] == paired_bootstrap(systems[1], systems[2], resamples=300, seed=3,
                                        names=("y", "z"))
    assert render_results(table).count("\n") == 3
    shared = compare_all(systems, "ar", resamples=100, seed=None)
    assert len({r.seed for r in shared}) == 1


def test_json_and_text_rendering() -> None:
    a = SentenceScores.ratio([9, 8, 10, 7], [10, 10, 10, 10])
    b = SentenceScores.ratio([8, 8, 9, 7], [10, 10, 10, 10])
    result = paired_bootstrap(a, b, resamples=100, seed=1, metric="LAS", names=("p1", "p2"))
    data = json.loads(json.dumps(result.to_json()))
    assert data["method"] == "bootstrap" and data["systems"] == ["p1", "p2"]
    assert data["scores"] == [85.0, 80.0] and data["difference"] == pytest.approx(5.0)
    assert data["resamples"] == 100 and data["seed"] == 1 and data["confidence"] == 0.95
    assert len(data["score_intervals"]) == 2 and len(data["difference_interval"]) == 2
    (a_low, a_high), (b_low, b_high) = result.score_intervals
    d_low, d_high = result.difference_interval
    assert result.render() == (
        f"LAS  p1 85.00 [{a_low:.2f}, {a_high:.2f}]  p2 80.00 [{b_low:.2f}, {b_high:.2f}]  "
        f"diff +5.00 [{d_low:+.2f}, {d_high:+.2f}]  p = {result.p_value:.4f} "
        "(paired bootstrap, 95% CI, 100 resamples, seed 1)")
    ar = approximate_randomization(b, a, resamples=100, seed=1)
    assert ar.render().startswith("A 80.00  B 85.00  diff -5.00  p = ")
    assert ar.to_json()["score_intervals"] is None


@pytest.mark.parametrize("method", ["bootstrap", "ar", "mcnemar"])
def test_a_count_is_written_as_a_whole_number(method: str) -> None:
    """A total (Lin's errors) is a count: 928, not 928.00; an interval bound a percentile may
    put between two counts keeps the decimals it needs (issue 25: 'Lin errors <1> 928.00
    [795.00, 1071.00] ... [770.00, 1009.02]' in treeeval dep --stat bootstrap)."""
    hits = [[1, 0, 1, 1, 0, 1, 0, 0], [1, 1, 1, 1, 0, 1, 1, 0]]
    a, b = (SentenceScores.total([1, 2, 2], hits=[1 - h for h in hit]) for hit in hits)
    # the hits are the words right; the counts the words wrong, per sentence
    result = compare(a, b, method, resamples=200, seed=2, metric="Lin errors",
                     names=("<1>", "<2>"))
    text = result.render()
    assert text.startswith("Lin errors  <1> 5") and "  <2> 5" in text and "diff +0" in text
    numbers = re.findall(r"[-+]?\d+(?:\.\d+)?", text.split("  p ")[0].split("z =")[0])
    assert not [n for n in numbers if n.endswith((".00", ".0"))], text
    if method == "bootstrap":
        assert result.counts and re.search(r"<1> 5 \[[0-9.]+, [0-9.]+\]", text), text
    ratio = compare(SentenceScores.ratio([1, 2], [2, 2]), SentenceScores.ratio([2, 2], [2, 2]),
                    "ar" if method == "mcnemar" else method, resamples=50, seed=1)
    assert " 75.00 " in ratio.render() and not ratio.counts


def test_bad_requests_get_clear_errors() -> None:
    a = SentenceScores.ratio([1, 2], [2, 2])
    with pytest.raises(TreeevalError, match="same sentences"):
        paired_bootstrap(a, SentenceScores.ratio([1], [2]))
    with pytest.raises(UsageError, match="at least 1"):
        approximate_randomization(a, a, resamples=0)
    with pytest.raises(UsageError, match="confidence level"):
        paired_bootstrap(a, a, confidence=95)
    with pytest.raises(UsageError, match="unknown significance test"):
        compare(a, a, "t-test")
    with pytest.raises(ValueError, match="same metric"):
        paired_bootstrap(a, SentenceScores.f1([1, 2], [2, 2], [2, 2]))
    with pytest.raises(TreeevalError, match="at least one sentence"):
        paired_bootstrap(SentenceScores.ratio([], []), SentenceScores.ratio([], []))


# --- adapters -------------------------------------------------------------------------------

def random_bracket_rows(rng: np.random.Generator, sentences: int) -> SentenceCounts:
    """EVALB per-sentence rows, some of them error (status 1) or skipped (status 2)."""
    gold, test = rng.integers(0, 15, size=(2, sentences))
    matched = rng.integers(0, np.minimum(gold, test) + 1)
    words = rng.integers(1, 30, size=sentences)
    return SentenceCounts.from_rows(np.column_stack([
        np.arange(1, sentences + 1), words, rng.choice(3, size=sentences, p=[0.8, 0.1, 0.1]),
        matched, gold, test, rng.integers(0, 5, size=sentences), words,
        rng.integers(0, words + 1)]).tolist())


@pytest.mark.parametrize("measure", BRACKET_MEASURES)
def test_bracket_scores_reproduce_the_evalb_summary(measure: str) -> None:
    rows = random_bracket_rows(np.random.default_rng(12), 200)
    for block in (rows, rows.take(rows.length <= 15)):
        expected = getattr(Totals.from_sentences(block), measure)()
        assert bracket_scores(block, measure).score() == pytest.approx(expected)
    with pytest.raises(UsageError, match="no significance test"):
        bracket_scores(rows, "speed")


def test_dependency_scores_pair_sentences_and_keep_token_hits() -> None:
    rng = np.random.default_rng(13)
    sizes = rng.integers(1, 8, size=30)

    def treebank(heads: list[np.ndarray], labels: list[list[str]]) -> Treebank:
        return Treebank.from_sentences(
            DependencySentence([f"w{i}" for i in range(len(h))], ["X"] * len(h), h.tolist(), lab)
            for h, lab in zip(heads, labels))

    gold_heads = [rng.integers(0, n + 1, size=n) for n in sizes]
    gold = treebank(gold_heads, [["a"] * n for n in sizes])
    parsed = [treebank([np.where(rng.random(n) < accuracy, h, rng.integers(0, n + 1, size=n))
                        for n, h in zip(sizes, gold_heads)],
                       [list(rng.choice(["a", "b"], size=n, p=[accuracy, 1 - accuracy]))
                        for n in sizes]) for accuracy in (0.9, 0.6)]
    keep = rng.random(len(gold)) < 0.8
    first, second = (dependency_scores("LAS", gold, p, keep) for p in parsed)
    assert len(first) == len(second) == 30
    hits = [token_hits("LAS", gold, p)[keep] for p in parsed]
    assert first.score() == pytest.approx(100 * hits[0].mean())
    assert first.denominator.tolist() == np.bincount(gold.sentence[keep], minlength=30).tolist()
    assert mcnemar(first, second).statistic == pytest.approx(malteval_mcnemar_z(*hits))


@pytest.mark.parametrize("method", ["bootstrap", "ar"])
def test_compare_many_is_compare_one_by_one(method: str) -> None:
    """Shared draws over several chunks, F1 and ratio counts, a system in several pairs:
    every result is the one ``compare`` gives alone, to the last bit."""
    rng = np.random.default_rng(5)
    sentences = 3000  # several chunks of resamples (CHUNK_CELLS // 3000 rows each)
    gold = rng.integers(1, 30, sentences)

    def f1_system() -> SentenceScores:
        system = np.maximum(gold + rng.integers(-1, 2, sentences), 0)
        return SentenceScores.f1(np.minimum(gold, system) - rng.integers(0, 2, sentences).clip(
            0, np.minimum(gold, system)), gold, system)

    a, b, c = f1_system(), f1_system(), f1_system()
    x = SentenceScores.ratio(rng.integers(0, 10, sentences), np.full(sentences, 10))
    y = SentenceScores.ratio(rng.integers(0, 10, sentences), np.full(sentences, 10))
    pairs = [(a, b), (c, b), (b, a), (x, y)]
    names = [("a", "b"), ("c", "b"), ("b", "a"), ("x", "y")]
    many = compare_many(pairs, method, resamples=2500, seed=9, names=names,
                        metrics=["F1", "F1", "F1", "acc"])
    assert many == [compare(p, q, method, resamples=2500, seed=9, names=n, metric=m)
                    for (p, q), n, m in zip(pairs, names, ["F1", "F1", "F1", "acc"])]


def test_compare_many_refuses_different_sentences() -> None:
    a, b = SentenceScores.ratio([1, 2], [2, 2]), SentenceScores.ratio([1], [2])
    with pytest.raises(TreeevalError, match="same sentences"):
        compare_many([(a, a), (b, b)], "ar", resamples=10)
    with pytest.raises(UsageError, match="McNemar"):  # delegated to compare: no token hits
        compare_many([(a, a)], "mcnemar")


def test_a_total_is_the_sum_of_its_counts_and_pairs_only_with_totals() -> None:
    errors = SentenceScores.total([3, 0, 2], hits=[True, False])
    assert errors.score() == 5.0 and errors.scale == 1.0 and errors.hits.tolist() == [True, False]
    assert approximate_randomization(errors, errors, resamples=20).p_value == 1.0
    with pytest.raises(ValueError, match="both totals"):
        approximate_randomization(errors, SentenceScores.ratio([3, 0, 2], [3, 3, 3]))


def test_dep_writes_lin_errors_as_counts(tmp_path) -> None:
    """The command line where the counts showed decimals: ``treeeval dep GOLD P1 P2 --stat
    bootstrap`` (its pairwise lines are these tests' render)."""
    from cli_runner import run_treeeval

    def conll(*heads: int) -> str:
        return "".join(f"{i}\tw{i}\t_\tX\tX\t_\t{h}\tdep\t_\t_\n" for i, h in enumerate(heads, 1))

    files = {"g.conll": conll(0, 1, 2) + "\n" + conll(2, 0) + "\n",
             "a.conll": conll(0, 1, 1) + "\n" + conll(2, 0) + "\n",
             "b.conll": conll(0, 3, 1) + "\n" + conll(0, 1) + "\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    ran = run_treeeval(["dep", "g.conll", "a.conll", "b.conll", "--stat", "bootstrap",
                        "--resamples", "100"], tmp_path)
    line = next(line for line in ran.stdout.decode().splitlines()
                if line.startswith("Lin errors  <1>"))
    assert re.match(r"Lin errors  <1> 1 \[[0-9.]+, [0-9.]+\]  <2> 4 \[", line), line
    assert re.search(r"diff -3 \[[-+0-9.]+, [-+0-9.]+\]", line), line
    assert not re.search(r"\d\.00\b", line.split("  p =")[0]), line
