"""``treeeval ud --iwpt20`` against iwpt20_xud_eval.py, the IWPT 2020 shared task's scorer of
enhanced UD (ELAS, EULAS), on generated pairs with enhanced graphs (:mod:`enhanced_cases`).

The scorer reads collapsed graphs only: it refuses an empty node line and a sentence with
other than one root (its UDError), and crashes on a DEPS ``_`` or empty, on an enhanced head
with ``.``, and on the DEPS defects udeval crashes on.  So nearly every pair drawn here is
collapsed (no empty node, a DEPS on every word), and the failing kinds come at a low rate.
Options: ``-v``, ``-c`` and ``--enhancements``.  Where the scorer scores the pair, treeeval's
stdout must be its stdout byte for byte; where it fails, treeeval must exit 1 with nothing on
stdout and one located error line naming the file it failed on (test_udeval_enhanced.py).
"""

from __future__ import annotations

import random
from pathlib import Path

import enhanced_cases
import pytest
from harness import case_ids, case_random, require_data, run_oracle
from oracles import require_oracle
from test_udeval_enhanced import GOLD, SYSTEM, check_case, enhancements_option, write_pair

#: CI cases (the scorer is a Python program: about 0.2 s a case)
CI_CASES = 60
#: the program's name for the oracle runner
IWPT20 = "iwpt20_xud_eval.py"


@pytest.mark.differential(oracle="iwpt20")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_iwpt20(case: int, tmp_path: Path) -> None:
    require_data("ud")
    require_oracle(IWPT20)
    rng = case_random("iwpt20", case)
    options = iwpt20_options(rng)
    write_pair(tmp_path, *enhanced_cases.draw_pair(rng, iwpt20=True, roots=0.03))
    reference = run_oracle(IWPT20, [*options, GOLD, SYSTEM], tmp_path)
    check_case(reference, ["ud", "--iwpt20", *options, GOLD, SYSTEM], tmp_path,
               f"iwpt20 case {case}")


def iwpt20_options(rng: random.Random) -> list[str]:
    """The scorer's options, in a random order."""
    groups = [rng.choice(([], [], ["-v"], ["-c"], ["-v", "-c"], ["--verbose"], ["--counts"]))]
    if rng.random() < 0.6:
        groups.append(enhancements_option(rng))
    rng.shuffle(groups)
    return [option for group in groups for option in group]
