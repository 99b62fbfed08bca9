"""``treeeval.metrics.UD`` against conll18_ud_eval.py's own ``evaluate`` (not a pytest test).

    python tests/bench/bench_metrics_ud.py [--repeat 5] [--batch 32] [--team HIT-SCIR-18]

The CoNLL 2018 English EWT test set and a shared-task system's output on it (../shared/data/ud),
held in memory as text.  The reference is what a training loop that calls the official
scorer in process does: conll18_ud_eval.py (``oracle --where conll18``) imported as a
module, ``load_conllu`` on the gold and the predicted text (``io.StringIO``), then
``evaluate``.  The metric gets the same sentences as CoNLL-U strings, in batches of
``--batch`` updates (an update is a sentence, or the few sentences of each side that spell
the same text where the system cuts its sentences otherwise, see tests/ud_updates.py); it
is built, fed and computed inside the timing.  Both are timed in the same run, best of
``--repeat``, and must agree on every count; the ratio is the metric's time over the
scorer's (target: at most 0.1), the two timed in turn so that a busy machine slows both.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from oracles import OracleMissing, _where  # noqa: E402
from timing import best_times  # noqa: E402
from ud_updates import updates  # noqa: E402

from treeeval.metrics import UD  # noqa: E402
from treeeval.ud.metrics import Score  # noqa: E402

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "ud" / "conll2018"


def reference_module() -> ModuleType:
    where = _where("conll18")
    if isinstance(where, str):
        raise OracleMissing(where)
    spec = importlib.util.spec_from_file_location("conll18_ud_eval", where)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference(module: ModuleType, gold: str, predicted: str) -> dict[str, tuple]:
    """The official scorer in process: both texts loaded, then evaluated."""
    scores = module.evaluate(module.load_conllu(io.StringIO(gold)),
                             module.load_conllu(io.StringIO(predicted)))
    return {name: (score.correct, score.gold_total, score.system_total, score.aligned_total)
            for name, score in scores.items()}


def metric(given: list[tuple[str, str]], batch: int) -> dict[str, Score]:
    """The same counts from the streaming metric fed in batches of updates."""
    scorer = UD()
    for start in range(0, len(given), batch):
        chunk = given[start:start + batch]
        scorer.update([gold for gold, _ in chunk], [predicted for _, predicted in chunk])
    return scorer.compute().scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--team", default="HIT-SCIR-18")
    args = parser.parse_args()
    module = reference_module()
    gold = (DATA / "gold" / "en_ewt.conllu").read_text(encoding="utf-8")
    predicted = (DATA / "systems" / args.team / "en_ewt.conllu").read_text(encoding="utf-8")
    given = updates(gold, predicted)
    gold_text = "".join(text for text, _ in given)
    predicted_text = "".join(text for _, text in given)
    expected = reference(module, gold_text, predicted_text)
    ours = {name: (s.correct, s.gold, s.system, s.aligned)
            for name, s in metric(given, args.batch).items()}
    if expected != ours:
        print(f"counts differ: conll18 {expected}, metric {ours}", file=sys.stderr)
        return 1
    reference_time, metric_time = best_times(
        [lambda: reference(module, gold_text, predicted_text), lambda: metric(given, args.batch)],
        args.repeat)
    words = expected["Words"][1]
    print(f"en_ewt ({args.team}), {len(given)} updates, {words} gold words, batches of "
          f"{args.batch}: conll18_ud_eval.py load_conllu + evaluate "
          f"{reference_time * 1000:.0f} ms, UD {metric_time * 1000:.1f} ms, ratio "
          f"{metric_time / reference_time:.3f}x (LAS {expected['LAS'][0]}/{words})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
