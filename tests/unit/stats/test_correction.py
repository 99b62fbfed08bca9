"""treeeval.stats.correction: Holm's adjusted p-values against his step-down procedure, and
the order Bonferroni >= Holm >= the raw p-values."""

from __future__ import annotations

import hypothesis
import hypothesis.strategies as st
import numpy as np
import pytest
from profiles import examples

from treeeval.errors import UsageError
from treeeval.stats.correction import CORRECTIONS, adjust, bonferroni, holm

P_VALUES = st.lists(st.floats(0, 1) | st.sampled_from([0.0, 0.01, 0.05, 1.0]), max_size=12)


def holm_rejects(p_values: list[float], alpha: float) -> list[bool]:
    """Holm's procedure as he states it: test the hypotheses from the smallest p-value up,
    the i-th (from 0) at level alpha / (m - i), and stop at the first one kept."""
    m = len(p_values)
    rejected = [False] * m
    for step, index in enumerate(sorted(range(m), key=lambda k: p_values[k])):
        if p_values[index] > alpha / (m - step):
            break
        rejected[index] = True
    return rejected


@hypothesis.settings(max_examples=examples(200), deadline=None)
@hypothesis.given(P_VALUES, st.sampled_from([0.01, 0.05, 0.1]))
def test_holm_adjusted_p_values_reject_what_the_step_down_procedure_rejects(
        p_values: list[float], alpha: float) -> None:
    adjusted = holm(p_values)
    # away from the boundary (where the two sides round differently) the decisions agree
    clear = [abs(a - alpha) > 1e-12 for a in adjusted]
    decisions = [bool(a <= alpha) for a in adjusted]
    expected = holm_rejects(p_values, alpha)
    assert [d for d, c in zip(decisions, clear) if c] == [e for e, c in zip(expected, clear) if c]


@hypothesis.settings(max_examples=examples(200), deadline=None)
@hypothesis.given(P_VALUES)
def test_raw_at_most_holm_at_most_bonferroni_at_most_one(p_values: list[float]) -> None:
    raw = np.asarray(p_values, dtype=float)
    assert np.all(raw <= holm(raw) + 1e-15)
    assert np.all(holm(raw) <= bonferroni(raw) + 1e-15)
    assert np.all(bonferroni(raw) <= 1.0)


def test_one_test_is_not_changed_and_equal_p_values_stay_equal() -> None:
    assert holm([0.03]).tolist() == [0.03]
    assert holm([0.01, 0.01, 0.01]).tolist() == pytest.approx([0.03] * 3)
    assert holm([0.04, 0.01, 0.03]).tolist() == pytest.approx([0.06, 0.03, 0.06])


def test_bad_p_values_and_unknown_corrections() -> None:
    with pytest.raises(ValueError, match=r"in \[0, 1\]"):
        holm([0.5, float("nan")])
    with pytest.raises(ValueError, match=r"in \[0, 1\]"):
        adjust([1.5], "bonferroni")
    with pytest.raises(UsageError, match="choose from holm, bonferroni"):
        adjust([0.5], "sidak")
    assert set(CORRECTIONS) == {"holm", "bonferroni"}
