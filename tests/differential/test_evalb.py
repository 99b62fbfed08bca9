"""``treeeval bracket`` against C EVALB on generated cases (bracket_cases.py).

Each case writes a gold file, a test file and its parameter files into a folder, runs
``oracle evalb ARGS`` and ``treeeval bracket ARGS`` there, and compares stdout and the exit
status.  treeeval runs with its default engine always (on files of up to 64 KiB together,
line by line: treeeval.bracket.sequential), with ``--jobs 1`` (the block path) on every
small case and sometimes on a large one, and sometimes also with
``--jobs 2`` (the process pool), ``--reference-engine`` (the exact per-sentence engine) and
with tiny block sizes (so that the streaming and the vectorised scorer cut the files into
many blocks): every variant must print what EVALB prints.
"""

from __future__ import annotations

import pytest
from bracket_cases import make_case
from harness import assert_same, case_ids, case_random, run_oracle, run_treeeval

import treeeval.bracket.kernel.block_cuts as block_cuts
import treeeval.columnar.blocks as lineblocks

#: cases in CI (about 30 s here)
CI_CASES = 250
#: bytes of gold from which a case is too large for the slow variants
LARGE = 1 << 20


def variants(rng, large: bool) -> list[tuple[str, list[str], bool]]:
    """(name, extra treeeval options, tiny blocks) for one case; the slow ones (the exact
    engine on every line, a block per line) not on large files."""
    chosen = [("default", [], False)]
    if not large or rng.random() < 0.3:  # a small case's default is the sequential path
        chosen.append(("jobs1", ["--jobs", "1"], False))
    if rng.random() < 0.3 and not large:
        chosen.append(("reference", ["--reference-engine"], False))
    if rng.random() < 0.15 and not large:
        chosen.append(("blocks", ["--jobs", "1"], True))
    if rng.random() < (0.3 if large else 0.02):
        chosen.append(("jobs2", ["--jobs", "2"], False))
    return chosen


@pytest.mark.differential(oracle="evalb")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_evalb(case: int, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = case_random("evalb", case)
    generated = make_case(rng)
    generated.write(tmp_path)
    reference = run_oracle("evalb", generated.args, tmp_path)
    large = len(generated.files["gold.txt"]) > LARGE
    for name, extra, tiny_blocks in variants(rng, large):
        with monkeypatch.context() as patch:
            if tiny_blocks:
                patch.setattr(lineblocks, "BLOCK_BYTES", rng.choice([1, 64, 700]))
                patch.setattr(block_cuts, "BLOCK_BYTES", rng.choice([1, 100, 900]))
            ours = run_treeeval(["bracket", *generated.args, *extra], tmp_path)
        assert_same(reference, ours, f"case {case} ({name})",
                    ["treeeval", "bracket", *generated.args, *extra], tmp_path)
