"""Time ``treeeval.metrics.Attachment`` streaming a real CoNLL-X pair in batches of 32, against
the file API and the reference programs, in one run.

Run from the repository: ``python tests/bench/bench_metrics_dep.py [--repeat 5] [--no-oracles]``.
It needs ../shared (the UD 1.2 English test set, gold and MaltParser's output: 25,096 tokens
in 2,077 sentences; ``--gold``/``--parsed`` choose others) and prints the best of
``--repeat`` wall times of:

* streaming, ``update`` per batch of 32 sentence strings then ``compute``: MaltEval's
  ``LAS;UAS;LA``, with ``ExcludeUnicodePunc 1``, and eval.pl's (``report="evalpl"``); and
  MaltEval's LAS from ``(form, head, deprel)`` rows (each row encoded in Python: the one
  per-token loop, in ``update``, of a form that is no text);
* the file API: ``evaluate_dependencies`` on the two files (MaltEval's Token table), and the
  glue a training loop would otherwise write: the sentences into two temporary files, then
  ``evaluate_dependencies``;
* the reference programs on the two files, whole processes (``oracle malteval``, ``oracle
  evalpl -q``), unless ``--no-oracles`` or they are not installed.

Every streamed count is checked against the file API's before anything is timed.

Example (2 cores shared with other jobs, load average 0.7)::

    Attachment('LAS;UAS;LA'), sentence strings                 33.9 ms      740,272 tokens/s
    Attachment(ExcludeUnicodePunc=1), sentence strings         44.1 ms      569,006 tokens/s
    Attachment(report='evalpl'), sentence strings             164.4 ms      152,649 tokens/s
    Attachment(), (form, head, deprel) rows                    79.4 ms      316,015 tokens/s
    file API: evaluate_dependencies on the files               55.7 ms      450,574 tokens/s   1.64x streaming
    glue: temporary files + evaluate_dependencies              57.8 ms      434,275 tokens/s   1.70x streaming
    oracle malteval (whole process)                           897.4 ms       27,965 tokens/s  26.47x streaming
    oracle evalpl (whole process)                             309.3 ms       81,136 tokens/s   9.12x streaming

eval.pl's mode reads each block with eval.pl's own reader (:mod:`treeeval.dep.evalpl.scoring`),
which splits lines in Python; MaltEval's reads it with the columnar reader.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from oracles import SHARED, OracleMissing, call_oracle  # noqa: E402
from timing import best_time  # noqa: E402

from treeeval import evaluate_dependencies  # noqa: E402
from treeeval.metrics import Attachment  # noqa: E402

PAIR = SHARED / "data" / "conllx" / "udeval-maltparser-ud1.2"
BATCH = 32


def sentences(path: Path) -> list[str]:
    return [block for block in path.read_text(encoding="utf-8").split("\n\n") if block.strip()]


def rows(texts: list[str]) -> list[list[tuple[str, int, str]]]:
    return [[(f[1], int(f[6]), f[7]) for f in (line.split("\t") for line in text.split("\n"))]
            for text in texts]


def streaming(metric: Callable[[], Attachment], gold: list, parsed: list) -> Callable[[], object]:
    def run() -> object:
        scores = metric()
        for start in range(0, len(gold), BATCH):
            scores.update(gold[start:start + BATCH], parsed[start:start + BATCH])
        return scores.compute()
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold", type=Path, default=PAIR / "gold" / "English.gold.conllx")
    parser.add_argument("--parsed", type=Path,
                        default=PAIR / "maltopt_output_1-2" / "English.conllx")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-oracles", action="store_true")
    options = parser.parse_args()
    if not options.gold.exists():
        sys.exit(f"shared data not found at {options.gold}")
    gold, parsed = sentences(options.gold), sentences(options.parsed)
    gold_rows, parsed_rows = rows(gold), rows(parsed)
    tokens = sum(len(sentence) for sentence in gold_rows)
    expected = evaluate_dependencies(options.gold, [options.parsed], stat="mcnemar").systems[0]
    checked = streaming(lambda: Attachment("LAS;UAS;LA"), gold, parsed)()
    assert (checked.tokens, dict(checked.correct)) == (expected.tokens, expected.correct)
    assert streaming(Attachment, gold_rows, parsed_rows)().correct == expected.correct
    print(f"{options.gold.name} / {options.parsed.name}: {len(gold):,} sentences, "
          f"{tokens:,} tokens, batches of {BATCH}; best of {options.repeat} "
          f"(load average {os.getloadavg()[0]:.1f}); streamed counts = the file API's")

    def show(label: str, seconds: float, versus: float | None = None) -> None:
        ratio = f"  {seconds / versus:5.2f}x streaming" if versus else ""
        print(f"{label:<62} {seconds * 1000:8.1f} ms {tokens / seconds:>12,.0f} tokens/s{ratio}")

    stream = best_time(streaming(lambda: Attachment("LAS;UAS;LA"), gold, parsed),
                       options.repeat)
    show("Attachment('LAS;UAS;LA'), sentence strings", stream)
    show("Attachment(ExcludeUnicodePunc=1), sentence strings", best_time(streaming(
        lambda: Attachment("LAS;UAS;LA", ExcludeUnicodePunc=1), gold, parsed), options.repeat))
    show("Attachment(report='evalpl'), sentence strings", best_time(streaming(
        lambda: Attachment(report="evalpl"), gold, parsed), options.repeat))
    show("Attachment(), (form, head, deprel) rows", best_time(streaming(
        Attachment, gold_rows, parsed_rows), options.repeat))
    show("file API: evaluate_dependencies on the files", best_time(
        lambda: evaluate_dependencies(options.gold, [options.parsed], metric="LAS;UAS;LA",
                                      stat=None), options.repeat), stream)

    def glue() -> object:
        with tempfile.TemporaryDirectory() as folder:
            paths = Path(folder) / "gold.conll", Path(folder) / "parsed.conll"
            for path, texts in zip(paths, (gold, parsed)):
                path.write_text("".join(text + "\n\n" for text in texts), encoding="utf-8")
            return evaluate_dependencies(paths[0], [paths[1]], metric="LAS;UAS;LA", stat=None)

    show("glue: temporary files + evaluate_dependencies", best_time(glue, options.repeat),
         stream)
    if options.no_oracles:
        return
    for name, args in (("malteval", ["-g", str(options.gold), "-s", str(options.parsed),
                                     "--Metric", "LAS;UAS;LA"]),
                       ("evalpl", ["-q", "-g", str(options.gold), "-s", str(options.parsed)])):
        try:
            seconds = best_time(lambda name=name, args=args: call_oracle(name, args, ROOT),
                                options.repeat)
        except OracleMissing as missing:
            print(f"{name}: {missing}")
            continue
        show(f"oracle {name} (whole process)", seconds, stream)


if __name__ == "__main__":
    main()
