"""``treeeval bracket GOLD SYS1 SYS2 SYS3`` against C EVALB run on each system alone, on the
generated cases of bracket_cases.py.

Each case writes a gold file and three systems: the case's test file, a copy of the gold file
and a mix (the test file's lines, every other one replaced by the gold's).  EVALB scores each
system on its own; treeeval scores them in one run (sometimes with ``--stat ar``, whose
per-sentence pairing must survive Error and Skip sentences, files of different lengths and
runs killed by MAX_ERROR).  Its output must be each EVALB report headed by ``=== NAME: GOLD
SYS``, in order, then the comparison table, whose values are the figures of EVALB's
``-- All --`` blocks; a system whose EVALB run fails ends the output there, with a failing
exit status.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bracket_cases import make_case
from harness import Run, assert_same, case_ids, case_random, run_oracle, run_treeeval

#: cases in CI (25 s with -n 2 at load 11 on the shared machine)
CI_CASES = 200
SYSTEMS = ("test.txt", "g2.txt", "mix.txt")
FIGURES = ("Bracketing Recall", "Bracketing Precision", "Bracketing FMeasure",
           "Complete match", "Tagging accuracy")


def write_systems(folder: Path) -> None:
    """The copy of the gold file and the mix of the test and gold files (whole lines, cut at
    newlines only: a carriage return inside a line stays there, as EVALB reads it)."""
    gold = (folder / "gold.txt").read_bytes()
    (folder / "g2.txt").write_bytes(gold)
    gold_lines = gold.split(b"\n")[:-1]
    test_lines = (folder / "test.txt").read_bytes().split(b"\n")
    (folder / "mix.txt").write_bytes(b"\n".join(
        gold_lines[k] if k % 2 and k < len(gold_lines) and k < len(test_lines) - 1 else line
        for k, line in enumerate(test_lines)))


def figures(report: bytes) -> list[str]:
    """The five figures of EVALB's ``-- All --`` block, as printed."""
    text = report.decode("latin-1").split("-- All --")[1].split("-- len<=")[0]
    return [re.search(rf"^{name} +=\s*(\S+)$", text, re.M).group(1) for name in FIGURES]


@pytest.mark.differential(oracle="evalb")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_evalb_systems(case: int, tmp_path: Path) -> None:
    rng = case_random("evalb-systems", case)
    generated = make_case(rng)
    generated.write(tmp_path)
    write_systems(tmp_path)
    at = generated.args.index("test.txt")
    references = [run_oracle("evalb", [*generated.args[:at], system,
                                       *generated.args[at + 1:]], tmp_path)
                  for system in SYSTEMS]
    stat = ["--stat", "ar", "--resamples", "50"] if rng.random() < 0.5 else []
    args = ["bracket", *stat, *generated.args[:at], *SYSTEMS, *generated.args[at + 1:]]
    ours = run_treeeval(args, tmp_path)
    expected = b""
    for system, reference in zip(SYSTEMS, references):
        expected += f"=== {system[:-4]}: gold.txt {system}\n".encode() + reference.stdout
        if reference.status != 0:
            break
    failed = next((r.status for r in references if r.status != 0), 0)
    assert_same(Run(expected, b"", failed), Run(ours.stdout[:len(expected)], ours.stderr,
                                                  ours.status),
                f"case {case}", ["treeeval", *args], tmp_path, compare_status=not failed)
    if failed:
        assert ours.status != 0, f"case {case}: a failed EVALB run, but treeeval exits 0"
        return
    assert ours.status == 0
    table = ours.stdout[len(expected):].decode("utf-8")  # treeeval's own table
    assert table.startswith("\ngold\nsystem "), table[:200]
    rows = table.splitlines()[3:3 + len(SYSTEMS)]
    for row, reference in zip(rows, references):
        shown = [cell.rstrip("*") for cell in row.split()[-5:]]
        printed = figures(reference.stdout)
        if "nan" in printed[2]:  # EVALB's -nan F-measure (no bracket): undefined, "—"
            printed[2] = "—"
        assert shown == printed, (case, row, printed)
