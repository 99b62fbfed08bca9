"""``treeeval.metrics.Brackets`` against the glue parsers use every epoch (not a pytest test).

    python tests/bench/bench_metrics_brackets.py [--repeat 7] [--batch 32]

The glue is what benepar's ``evaluate.py`` and its copies do: write the gold and predicted
trees to temporary files, run the C EVALB binary (``oracle --where evalb``) with
``subprocess``, and read recall, precision, F-measure and complete match from its stdout
with regular expressions.  The metric gets the same 1,700 WSJ 22 trees as strings, in
batches of ``--batch`` (the metric is built, fed and computed inside the timing: a fresh one
each epoch).  Both are timed in the same run, best of ``--repeat``, and must agree on the
four numbers; the ratio is the metric's time over the glue's (target: at most 0.25).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from oracles import OracleMissing, _where  # noqa: E402
from timing import best_time  # noqa: E402

from treeeval.bracket.params import load_params  # noqa: E402
from treeeval.formats.prm import find_prm  # noqa: E402
from treeeval.metrics import Brackets  # noqa: E402

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "evalb" / "wsj22"
GOLD = DATA / "wsj22.auto.clean.gld"
TEST = DATA / "wsj22.berkeley_MLE.top.tst"
#: what the glue reads from EVALB's summary (its first block: all sentences)
FIELDS = ("Bracketing Recall", "Bracketing Precision", "Bracketing FMeasure", "Complete match")


def glue(evalb: Path, prm: Path, gold: list[str], predicted: list[str]) -> list[float]:
    """The usual epoch-end evaluation: temporary files, C EVALB, stdout parsed."""
    with tempfile.TemporaryDirectory() as folder:
        gold_path, predicted_path = Path(folder) / "gold.txt", Path(folder) / "predicted.txt"
        gold_path.write_text("".join(f"{tree}\n" for tree in gold))
        predicted_path.write_text("".join(f"{tree}\n" for tree in predicted))
        stdout = subprocess.run([str(evalb), "-p", str(prm), str(gold_path), str(predicted_path)],
                                capture_output=True, text=True, check=True).stdout
    return [float(re.search(rf"{name}\s+=\s+(\d+\.\d+)", stdout).group(1))  # type: ignore[union-attr]
            for name in FIELDS]


def metric(gold: list[str], predicted: list[str], batch: int) -> list[float]:
    """The same numbers from the streaming metric, rounded as EVALB prints them."""
    scorer = Brackets("COLLINS.prm")
    for start in range(0, len(gold), batch):
        scorer.update(gold[start:start + batch], predicted[start:start + batch])
    totals = scorer.compute().all_totals
    return [round(value, 2) for value in (totals.recall(), totals.precision(),
                                          totals.fmeasure(), totals.complete_match())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--batch", type=int, default=32)
    args = parser.parse_args()
    evalb = _where("evalb")
    if isinstance(evalb, str):
        raise OracleMissing(evalb)
    prm = find_prm("COLLINS.prm")
    load_params([prm])
    gold = GOLD.read_text().splitlines()
    predicted = TEST.read_text().splitlines()
    expected, ours = glue(evalb, prm, gold, predicted), metric(gold, predicted, args.batch)
    if expected != ours:
        print(f"numbers differ: EVALB {expected}, metric {ours}", file=sys.stderr)
        return 1
    glue_time = best_time(lambda: glue(evalb, prm, gold, predicted), args.repeat)
    metric_time = best_time(lambda: metric(gold, predicted, args.batch), args.repeat)
    print(f"WSJ 22, {len(gold)} trees, COLLINS.prm, batches of {args.batch}: "
          f"glue (files + C EVALB + regex) {glue_time * 1000:.1f} ms, "
          f"Brackets {metric_time * 1000:.1f} ms, ratio {metric_time / glue_time:.3f}x "
          f"(R/P/F1/EX {expected})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
