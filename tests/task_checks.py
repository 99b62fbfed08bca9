"""A check shared by the tests of ``treeeval task --stat`` (tests/unit/task/test_task_stat.py,
test_task_iwpt.py): each test of a treebank's cluster of the best is the one ``treeeval ud
--stat`` runs with that treebank's best team as the baseline."""

from __future__ import annotations

import json
from pathlib import Path

from cli_runner import run_treeeval


def assert_tests_are_treeeval_uds(folder: Path, treebank: dict, ud_options: list[str],
                                  gold: str, systems: list[str]) -> None:
    """Every p-value (raw and Holm-corrected) of ``treebank`` (a cluster of the ``--json``
    document) equals that of ``treeeval ud UD_OPTIONS --baseline BEST --format json GOLD
    SYSTEMS...`` run in ``folder``."""
    ran = run_treeeval(["ud", *ud_options, "--baseline", treebank["best"], "--format", "json",
                        gold, *systems], folder)
    assert ran.status == 0, ran.stderr
    cells = {system["name"]: system["cells"][0]["significance"]
             for system in json.loads(ran.stdout)["systems"]}
    assert {test["team"]: (test["p_value"], test["p_adjusted"])
            for test in treebank["tests"]} == {
        team: (cell["p_value"], cell["p_adjusted"] or cell["p_value"])
        for team, cell in cells.items() if cell is not None}
