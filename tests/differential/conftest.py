"""Differential tests: seed resolution, the ``differential`` marker and the per-oracle tally.

Each test function marks its cases with ``@pytest.mark.differential(oracle="NAME")``; the
summary at the end of the run prints, for each oracle, ``differential: N cases, D divergences``
(a divergence is a failed case; skipped cases are counted apart).
"""

from __future__ import annotations

import os
import random
import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

_TALLY: dict[str, dict[str, int]] = defaultdict(lambda: {"passed": 0, "failed": 0, "skipped": 0})


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("TREEEVAL_DIFF_SEED", "").lower() == "random":
        os.environ["TREEEVAL_DIFF_SEED"] = str(random.SystemRandom().randrange(1, 2**31))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tally each case under its oracle; without ../shared, skip the cases and the doctests
    of this folder's case generators (they draw from the real files) before they run."""
    from harness import DATA
    from oracles import RUNNER

    here = Path(__file__).resolve().parent
    missing = [reason for reason, present in (
        (f"the oracle runner is not at {RUNNER} (differential tests need ../shared)",
         RUNNER.exists()),
        (f"shared reference data not found at {DATA} (differential tests need ../shared/data)",
         DATA.exists())) if not present]
    for item in items:
        marker = item.get_closest_marker("differential")
        if marker is not None and "oracle" in marker.kwargs:
            item.user_properties.append(("oracle", marker.kwargs["oracle"]))
        inside = here in Path(str(item.fspath)).resolve().parents
        if missing and inside and (marker is not None or isinstance(item, pytest.DoctestItem)):
            item.add_marker(pytest.mark.skip(reason=missing[0]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    oracle = dict(report.user_properties).get("oracle")
    if oracle is None:
        return
    if report.skipped:  # in setup, or in the call (the oracle is not installed)
        _TALLY[oracle]["skipped"] += 1
    elif report.when == "call" or (report.when == "setup" and report.failed):
        _TALLY[oracle]["passed" if report.passed else "failed"] += 1


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    if not _TALLY:
        return
    from harness import seed

    terminalreporter.section("differential")
    for oracle in sorted(_TALLY):
        tally = _TALLY[oracle]
        cases = tally["passed"] + tally["failed"]
        skipped = f", {tally['skipped']} skipped" if tally["skipped"] else ""
        terminalreporter.write_line(
            f"differential: {cases} cases, {tally['failed']} divergences ({oracle}, seed {seed()}{skipped})")
