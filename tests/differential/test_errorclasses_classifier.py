"""``treeeval errors`` against Kummerfeld et al.'s classifier (oracle ``analyser``) on random
cases: 1-3 gold sentences and test trees made by random edits of them (now and then a blank
line or a tree with a word missing, which both programs skip).  The class counts must be
identical.  The classifier's sample and WSJ 22 are parity tests:
tests/parity/test_errorclasses_parity.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from constituency_cases import gold_lines, parsed_line
from errorclasses_runs import assert_same_classes
from harness import case_ids, case_random, require_data, require_oracle


@pytest.mark.differential(oracle="analyser")
@pytest.mark.parametrize("case", case_ids(40))
def test_random_edits(case: int, tmp_path: Path) -> None:
    require_oracle("analyser")
    require_data("evalb", "wsj22")
    rng = case_random("analyser", case)
    lines = gold_lines()
    golds = [rng.choice(lines) for _ in range(rng.randint(1, 3))]
    tests = [parsed_line(rng, line) for line in golds]
    (tmp_path / "gold.mrg").write_text("".join(line + "\n" for line in golds), encoding="utf-8")
    (tmp_path / "test.mrg").write_text("".join(line + "\n" for line in tests), encoding="utf-8")
    assert_same_classes("gold.mrg", "test.mrg", tmp_path, f"case {case}")
