"""``treeeval errors`` on a Berkeley parser output of WSJ 22 cut to its first 100 lines (issue
25): the system is marked in the report and the JSON, the warning names the file and how much
of the gold file it covers, and ``--strict`` exits 1."""

from __future__ import annotations

import json
from pathlib import Path

from cli_runner import run_treeeval
from shared_data import require

GOLD = "wsj22.auto.clean.gld"
NOTICE = "first-100.tst: has 100 lines, wsj22.auto.clean.gld has 1700; scored the first 100"


def test_a_truncated_system_file(tmp_path: Path) -> None:
    folder = require("evalb", "wsj22")
    (tmp_path / GOLD).symlink_to(folder / GOLD)
    lines = (folder / "wsj22.berkeley_MLE.top.tst").read_bytes().splitlines(keepends=True)
    (tmp_path / "first-100.tst").write_bytes(b"".join(lines[:100]))
    strict = run_treeeval(["errors", "--strict", GOLD, "first-100.tst"], tmp_path)
    assert strict.status == 1
    assert strict.stderr.decode() == f"treeeval: error: {NOTICE} (--strict)\n"
    assert "\nsentences: 100 of the gold's 1700 (99 repaired," in strict.stdout.decode()
    document = json.loads(run_treeeval(["errors", "--json", GOLD, "first-100.tst"],
                                       tmp_path).stdout)
    system = document["systems"][0]
    assert (document["gold_sentences"], system["sentences"], system["test_sentences"]) == (
        1700, 100, 100)
    assert [notice["message"] for notice in system["notices"]] == [NOTICE.split(": ", 1)[1]]
