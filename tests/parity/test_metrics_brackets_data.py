"""treeeval.metrics.Brackets on real parser output, fed as a training loop feeds it: WSJ 22
in batches of 32 trees and on two workers merged gives EVALB's stored report byte for byte;
WSJ 23 (the Berkeley output, renamed and damaged) gives C EVALB's report when the oracle is
installed, and in any case the numbers of the files scored by ``evaluate_brackets``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from oracles import run_oracle
from shared_data import require

from treeeval import evaluate_brackets
from treeeval.metrics import Brackets

BATCH = 32


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def streamed(prm: str, gold: list[bytes], test: list[bytes], workers: int) -> Brackets:
    """The metric after ``workers`` workers each fed their share in batches, merged."""
    shares = []
    size = -(-len(gold) // workers)
    for start in range(0, len(gold), size):
        worker = Brackets(prm)
        for at in range(start, min(start + size, len(gold)), BATCH):
            end = min(at + BATCH, start + size)
            worker.update(gold[at:end], test[at:end])
        shares.append(json.loads(json.dumps(worker.state())))
    metric = Brackets(prm)
    for share in shares:
        metric.merge(share)
    return metric


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("variant", ["raw", "top"])
@pytest.mark.parametrize("prm", ["COLLINS", "new"])
def test_wsj22_streamed_is_evalb_stored_report(prm: str, variant: str, workers: int) -> None:
    folder = require("evalb", "wsj22")
    metric = streamed(f"{prm}.prm", lines(folder / "wsj22.auto.clean.gld"),
                      lines(folder / f"wsj22.berkeley_MLE.{variant}.tst"), workers)
    assert metric.report() == (folder / f"wsj22.berkeley_MLE.{variant}.{prm}.rsl").read_bytes()
    assert metric.sentences == 1700


@pytest.mark.parametrize("variant", ["raw", "top", "perturbed"])
def test_wsj23_streamed_is_the_file_api(variant: str) -> None:
    folder = require("evalb", "wsj23")
    gold, test = folder / "wsj23.auto.clean.gld", folder / f"wsj23.berkeley_MLE.{variant}.tst"
    metric = streamed("COLLINS.prm", lines(gold), lines(test), 2)
    result, expected = metric.compute(), evaluate_brackets(gold, test, params="COLLINS.prm")
    assert (result.all_totals, result.cut_totals, result.killed, result.errors,
            result.stopped_line) == (expected.all_totals, expected.cut_totals, expected.killed,
                                     expected.errors, expected.stopped_line)
    assert result.killed == (variant == "perturbed")


@pytest.mark.parametrize("variant", ["raw", "perturbed"])
def test_wsj23_streamed_is_c_evalb(variant: str, tmp_path: Path) -> None:
    folder = require("evalb", "wsj23")
    (tmp_path / "COLLINS.prm").symlink_to(require("evalb", "prm", "COLLINS.prm"))
    gold, test = folder / "wsj23.auto.clean.gld", folder / f"wsj23.berkeley_MLE.{variant}.tst"
    evalb = run_oracle("evalb", ["-p", "COLLINS.prm", str(gold), str(test)], tmp_path)
    metric = streamed("COLLINS.prm", lines(gold), lines(test), 2)
    assert metric.report() == evalb.stdout
    assert metric.compute().errors == evalb.stderr.count(b"\n")
