"""``treeeval bracket --spmrl-fixed``: the fast kernel against the exact engine on the
generated cases of spmrl_cases.py (no reference program: evalb_spmrl has no corrected
mode).

Under the corrected rules the fast kernel scores a length mismatch as EVALB does (an Error
row) instead of handing it back to the engine (``kernel.fast._rules_fallback``); each case
runs ``treeeval bracket --spmrl-fixed ARGS`` with and without ``--reference-engine``, and
stdout, stderr and the exit status must be identical.  Needs ../shared/data (the cases
draw sentences from its files).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import case_ids, case_random, require_data, run_treeeval
from spmrl_cases import make_case

#: cases in CI (about 15 s on one core)
CI_CASES = 200


@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_fast_kernel_is_the_engine(case: int, tmp_path: Path) -> None:
    require_data("evalb")
    generated = make_case(case_random("evalb-spmrl-fixed", case))
    generated.write(tmp_path)
    args = ["bracket", "--spmrl-fixed", *generated.args]
    fast = run_treeeval(args, tmp_path)
    engine = run_treeeval([*args, "--reference-engine"], tmp_path)
    assert (fast.status, fast.stdout, fast.stderr) == (engine.status, engine.stdout, engine.stderr), (
        f"case {case} in {tmp_path}: treeeval {' '.join(args)} [--reference-engine]")
