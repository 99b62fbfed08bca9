"""``treeeval dep`` comparing several systems leaves MaltEval's report as the MaltEval 1.0 jar
prints it.

Each case writes a gold file (a random subset of a real CoNLL-X set, or generated trees) and
two to four parsed files named so that the command line's order and the alphabet disagree,
runs MaltEval on ``-g GOLD -s SYS...`` with random Metric and GroupBy values, and
``treeeval dep`` on the same arguments plus a comparison (``--stat``, ``--resamples``,
``--seed``, often ``--baseline`` and ``--metrics``).  treeeval's output must be MaltEval's,
byte for byte, but for the echo of its own options on the first line, followed by the
comparison block, whose systems are in the command line's order.
"""

from __future__ import annotations

import random
import shlex
from pathlib import Path

import pytest
from dependency_cases import perturb, random_sentence, real_subset, write_conll
from harness import Run, assert_same, case_ids, case_random, run_oracle, run_treeeval

#: the parsed files' names, never in alphabetical order on the command line
NAMES = ["zeta", "alpha", "mid", "beta"]
RULE = "=" * 52


def comparison_flags(rng: random.Random, names: list[str], case: int) -> list[str]:
    """treeeval's comparison options for one case."""
    flags = ["--stat", rng.choice(["ar", "bootstrap", "mcnemar"]), "--resamples", "30",
             "--seed", str(case)]
    if rng.random() < 0.5:
        flags += ["--baseline", rng.choice(names)]
    if rng.random() < 0.5:
        chosen = rng.sample(["LAS", "UAS", "LA", "Lin errors"], rng.randint(1, 4))
        flags += ["--metrics", ";".join(chosen)]
    return flags


@pytest.mark.differential(oracle="malteval")
@pytest.mark.parametrize("case", case_ids(30))
def test_the_comparison_leaves_malteval_s_report(case: int, tmp_path: Path) -> None:
    rng = case_random("malteval-compare", case)
    if rng.random() < 0.5:
        source, gold, parsed = real_subset(rng)
    else:
        source = "generated"
        gold = [random_sentence(rng) for _ in range(rng.randint(1, 8))]
        parsed = []
    count = rng.randint(2, 4)
    parsed = (parsed + [[perturb(rng, sentence) for sentence in gold]
                        for _ in range(count)])[:count]
    names = NAMES[:count]
    if rng.random() < 0.9:  # MaltEval aborts on a PHEAD "-" (plank's parser2): mostly not
        for row in (row for sentences in parsed for sentence in sentences for row in sentence):
            row[8:10] = ["_", "_"]
    write_conll(tmp_path / "gold.conll", gold)
    for name, sentences in zip(names, parsed):
        write_conll(tmp_path / f"{name}.conll", sentences)
    metrics = rng.sample(["LAS", "UAS", "LA"], rng.randint(1, 3))
    args = ["-g", "gold.conll", "-s", *(f"{name}.conll" for name in names),
            "--Metric", ";".join(metrics)]
    if rng.random() < 0.3:
        args += ["--GroupBy", rng.choice(["Deprel", "Sentence", "ArcDirection"])]
    ours_args = ["dep", *args, *comparison_flags(rng, names, case)]
    reference = run_oracle("malteval", args, tmp_path, timeout=120)
    ours = run_treeeval(ours_args, tmp_path)
    where = f"case {case} ({source}, {count} systems)"
    if b"Evaluation aborted" in reference.stdout + reference.stderr:
        assert ours.status in (1, 2), f"{where}: MaltEval aborted, treeeval did not"
        return
    assert ours.status == 0, f"{where}: {ours.stderr.decode()} ({shlex.join(ours_args)})"
    text = ours.stdout.decode("utf-8")
    start = text.rindex(f"{RULE}\nGold:   gold.conll\n{RULE}\nAll systems")
    echo, report = text[:start].split("\n", 1)
    reference_echo, reference_report = reference.stdout.decode("utf-8").split("\n", 1)
    assert echo.startswith(reference_echo + " --stat "), where
    assert_same(Run(reference_report.encode(), b"", reference.status),
                Run(report.encode(), ours.stderr, ours.status), where, ours_args, tmp_path)
    rows = [line.split()[:2] for line in text[start:].splitlines() if line.startswith("<")]
    assert rows == [[f"<{k}>", f"{name}.conll"] for k, name in enumerate(names, 1)], where
