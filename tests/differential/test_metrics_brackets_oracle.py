"""``treeeval.metrics.Brackets`` against C EVALB on generated cases (bracket_cases.py).

Each case's options become the metric's parameters (parsed as ``treeeval bracket`` parses
them, EVALB's order kept), its two files' lines are fed in random batches, sometimes on two
or three workers whose states are merged, and ``report()`` must be EVALB's standard output,
byte for byte.  Cases a metric cannot take are left to test_evalb.py: files of different
lengths (a metric pairs sentences), and DEBUG (its tables are no result).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bracket_cases import make_case
from harness import case_ids, case_random, run_oracle

from treeeval.arguments import parse_command
from treeeval.bracket.params import EvalbDebug
from treeeval.bracket.settings import evalb_clusters, evalb_params
from treeeval.metrics import Brackets

CI_CASES = 120


def lines(data: bytes) -> list[bytes]:
    """The lines of a file (a last one without its newline too; none in an empty file)."""
    return data.split(b"\n")[:-1] if data.endswith(b"\n") or not data else data.split(b"\n")


@pytest.mark.differential(oracle="evalb")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_metric_is_evalb(case: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = case_random("metrics-brackets", case)
    generated = make_case(rng)
    generated.write(tmp_path)
    monkeypatch.chdir(tmp_path)
    args = parse_command("bracket", evalb_clusters(generated.args))
    assert args is not None
    params = evalb_params(args.evalb)[0]
    gold, test = (lines((tmp_path / name).read_bytes()) for name in args.files[:2])
    if len(gold) != len(test) or params.debug != EvalbDebug.OFF:
        pytest.skip("a metric pairs sentences and has no DEBUG tables (test_evalb.py's case)")
    reference = run_oracle("evalb", generated.args, tmp_path)
    workers = rng.choice([1, 1, 2, 3])
    cuts = sorted(rng.sample(range(len(gold) + 1), k=min(workers - 1, len(gold) + 1)))
    states = []
    for start, end in zip([0, *cuts], [*cuts, len(gold)]):
        worker = Brackets(params)
        at = start
        while at < end:
            step = rng.choice([1, 3, 50, 10_000])
            worker.update(gold[at:min(at + step, end)], test[at:min(at + step, end)])
            at += step
        states.append(json.loads(json.dumps(worker.state())))
    metric = Brackets(params)
    for state in states:
        metric.merge(state)
    assert metric.report() == reference.stdout, f"case {case}: {generated.args}"
    assert metric.compute().killed == (reference.status != 0), f"case {case}"
