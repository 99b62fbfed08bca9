"""``treeeval errors`` against Kummerfeld et al.'s classifier (oracle ``analyser``) on real
parser output: identical class counts (count and bracket errors, every class, the
unclassified ones included, in the classifier's order).

* the classifier's own sample: 13 parsers' outputs on 10 sentences (seconds);
* WSJ 22 with the Berkeley parser's output (1,700 sentences).  No stored run of the
  classifier exists in ../shared and it takes about 3.5 minutes, so this one runs only with
  ``TREEEVAL_SLOW_ORACLES=1``.

The random cases are differential: tests/differential/test_errorclasses_classifier.py.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "differential"))

from errorclasses_runs import SAMPLE_PARSERS, assert_same_classes  # noqa: E402
from oracles import require_oracle  # noqa: E402
from shared_data import require  # noqa: E402


@pytest.mark.parametrize("parser", SAMPLE_PARSERS)
def test_sample_parsers(parser: str, tmp_path: Path) -> None:
    require_oracle("analyser")
    folder = require("evalb", "parser-analyser-sample")
    for name in ("wsj01.mrg", f"{parser}.mrg"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    assert_same_classes("wsj01.mrg", f"{parser}.mrg", tmp_path, parser)


@pytest.mark.skipif(os.environ.get("TREEEVAL_SLOW_ORACLES") != "1",
                    reason="the classifier takes minutes on WSJ 22: "
                           "set TREEEVAL_SLOW_ORACLES=1 to run it")
def test_wsj22_berkeley(tmp_path: Path) -> None:
    require_oracle("analyser")
    folder = require("evalb", "wsj22")
    gold = (folder / "wsj22.auto.clean.gld").read_text(encoding="utf-8")
    (tmp_path / "gold.mrg").write_text(
        "".join("(ROOT " + line[len("(TOP "):] + "\n" for line in gold.splitlines()),
        encoding="utf-8")
    (tmp_path / "test.mrg").write_bytes((folder / "wsj22.berkeley_MLE.raw.tst").read_bytes())
    assert_same_classes("gold.mrg", "test.mrg", tmp_path, "WSJ 22, Berkeley parser")
