"""Time ``treeeval ud GOLD SYS1 ... SYS10 --stat`` and ten systems tested pairwise.

Run from the repository: ``python tests/bench/bench_ud_compare.py [--systems 10]
[--sentences 2400] [--resamples 10000]``.  It writes a gold file of ``--sentences``
sentences (en_ewt's gold from ../shared/data, its first sentences repeated to make up the
number) and ``--systems`` synthetic systems (the gold with a few percent of FEATS, DEPRELs,
UPOS and lemmas changed at random), then times:

* the command with ``--stat bootstrap`` and ``--stat ar`` (every metric, each system against
  the first: reading, scoring and the 13 x (systems - 1) tests);
* every pair of systems tested on every metric (``compare_many``, 13 x systems x
  (systems - 1) / 2 tests), the issue's target: under 10 s.

Example (2 cores shared with other jobs; the command's time includes reading and scoring
the 11 files)::

    2400 sentences, 10 systems, 10000 resamples
    treeeval ud --stat bootstrap (9 x 13 tests)     2.77 s
    treeeval ud --stat ar (9 x 13 tests)            2.04 s
    pairwise bootstrap (45 x 13 tests)              1.15 s  ok (target 10 s)
    pairwise ar (45 x 13 tests)                     0.71 s  ok (target 10 s)

The exit status is 1 when a pairwise run misses the 10 s target.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cli_runner import run_treeeval  # noqa: E402

from treeeval.stats import compare_many  # noqa: E402
from treeeval.ud.api import evaluate_ud  # noqa: E402
from treeeval.ud.compare import sentence_scores  # noqa: E402
from treeeval.ud.metrics import CONLL18_METRICS  # noqa: E402

GOLD = ROOT.parent / "shared" / "data" / "ud" / "conll2018" / "gold" / "en_ewt.conllu"
TARGET = 10.0


def gold_text(sentences: int) -> str:
    """en_ewt's gold, its first sentences repeated up to ``sentences`` sentences."""
    blocks = [b for b in GOLD.read_text(encoding="utf-8").split("\n\n") if b.strip()]
    return "".join(blocks[i % len(blocks)] + "\n\n" for i in range(sentences))


def perturbed(text: str, rng: np.random.Generator, rate: float) -> str:
    """The gold with FEATS, DEPREL, UPOS or LEMMA of about ``rate`` of the words changed
    (HEADs stay: a changed head could make a second root or a cycle, which the scorer
    refuses)."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        cols = line.split("\t")
        if len(cols) != 10 or not cols[0].isdigit() or rng.random() > rate:
            continue
        field = int(rng.integers(4))
        if field == 0:
            cols[5] = "Typo=Yes"
        elif field == 1:
            cols[7] = "dep"
        elif field == 2:
            cols[3] = "X"
        else:
            cols[2] = cols[2] + "x"
        lines[index] = "\t".join(cols)
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--systems", type=int, default=10)
    parser.add_argument("--sentences", type=int, default=2400)
    parser.add_argument("--resamples", type=int, default=10_000)
    options = parser.parse_args()
    rng = np.random.default_rng(1)
    folder = Path(tempfile.mkdtemp())
    gold = gold_text(options.sentences)
    (folder / "gold.conllu").write_text(gold, encoding="utf-8")
    names = [f"sys{k}.conllu" for k in range(options.systems)]
    for k, name in enumerate(names):
        (folder / name).write_text(perturbed(gold, rng, 0.02 + 0.005 * k), encoding="utf-8")
    print(f"{options.sentences} sentences, {options.systems} systems, "
          f"{options.resamples} resamples")
    for stat in ("bootstrap", "ar"):
        start = time.perf_counter()
        run = run_treeeval(["ud", "--stat", stat, "--resamples", str(options.resamples),
                            "--format", "csv", "gold.conllu", *names], folder)
        assert run.status == 0, run.stderr
        print(f"{f'treeeval ud --stat {stat} ({options.systems - 1} x 13 tests)':46}"
              f"{time.perf_counter() - start:6.2f} s")
    scores = [evaluate_ud(str(folder / "gold.conllu"), str(folder / name)).per_sentence
              for name in names]
    counts = [{m: sentence_scores(rows[m]) for m in CONLL18_METRICS} for rows in scores]
    pairs = [(counts[i][m], counts[j][m])
             for i, j in itertools.combinations(range(options.systems), 2)
             for m in CONLL18_METRICS]
    status = 0
    for stat in ("bootstrap", "ar"):
        start = time.perf_counter()
        compare_many(pairs, stat, resamples=options.resamples, seed=1)
        took = time.perf_counter() - start
        verdict = "ok" if took < TARGET else "SLOW"
        status |= took >= TARGET
        print(f"{f'pairwise {stat} ({len(pairs) // 13} x 13 tests)':46}{took:6.2f} s  "
              f"{verdict} (target {TARGET:g} s)")
    return status


if __name__ == "__main__":
    sys.exit(main())
