"""``treeeval bracket --spmrl`` against evalb_spmrl on generated cases (spmrl_cases.py).

Each case writes a gold file, a test file and its parameter files into a fresh folder,
runs ``treeeval bracket --spmrl ARGS`` there (in process), then ``oracle evalb-spmrl ARGS``,
and compares stdout and the exit status byte for byte (treeeval's stderr is its own),
by default (small files are scored line by line: treeeval.bracket.sequential) and with
``--jobs 1`` (the block path).
evalb_spmrl writes a file ``status`` into its working directory on every run that prints
the full summary; treeeval must not (it writes it only where ``--spmrl-status FILE``
says): the test checks that no ``status`` file exists after treeeval's runs.  Some cases
also run treeeval with ``--spmrl-status FILE``, whose file must hold the bytes of
evalb_spmrl's ``status`` (and exist exactly when evalb_spmrl's does), and with ``--quiet``
(the same stdout).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import assert_same, case_ids, case_random, require_oracle, run_oracle, run_treeeval
from spmrl_cases import make_case

#: cases in CI (about 30 s on 2 cores)
CI_CASES = 600
#: where treeeval writes the status file when asked to (evalb_spmrl: always ``status``)
OURS = "treeeval-status"


def _status(folder: Path, name: str) -> bytes | None:
    path = folder / name
    return path.read_bytes() if path.exists() else None


@pytest.mark.differential(oracle="evalb-spmrl")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_evalb_spmrl(case: int, tmp_path: Path) -> None:
    require_oracle("evalb-spmrl")
    rng = case_random("evalb-spmrl", case)
    generated = make_case(rng)
    generated.write(tmp_path)
    spmrl = [["--spmrl", *generated.args], [*generated.args, "--spmrl"]][rng.random() < 0.3]
    variants = [("default", spmrl), ("blocks", [*spmrl, "--jobs", "1"])]
    if rng.random() < 0.4:
        variants.append(("status file", [*spmrl, "--spmrl-status", OURS]))
    if rng.random() < 0.1:
        variants.append(("quiet", [*spmrl, "--quiet"]))
    ours = []
    for name, args in variants:
        ours.append((name, args, run_treeeval(["bracket", *args], tmp_path)))
        assert not (tmp_path / "status").exists(), \
            f"case {case} ({name}): treeeval wrote a status file without --spmrl-status"
    reference = run_oracle("evalb-spmrl", generated.args, tmp_path)
    for name, args, run in ours:
        assert_same(reference, run, f"case {case} ({name})", ["treeeval", "bracket", *args], tmp_path)
    if any(name == "status file" for name, _ in variants):
        expected, written = _status(tmp_path, "status"), _status(tmp_path, OURS)
        assert written == expected, (
            f"case {case}: --spmrl-status wrote {written!r}, evalb_spmrl's status file holds "
            f"{expected!r} (in {tmp_path})")
