"""Running ``treeeval errors`` and Kummerfeld et al.'s classifier (oracle ``analyser``) on the
same files and comparing their class counts (count and bracket errors, every class, the
unclassified ones included, in the classifier's order): shared by the parity test
(tests/parity/test_errorclasses_parity.py: the classifier's sample and WSJ 22) and the
differential test (tests/differential/test_errorclasses_classifier.py: random cases).

>>> rows = parse_counts("# counts\\n3 7 PP Attachment\\n1 2 Different label\\n")
>>> rows
[(3, 7, 'PP Attachment'), (1, 2, 'Different label')]
"""

from __future__ import annotations

import json
from pathlib import Path

from harness import run_oracle, run_treeeval

Rows = list[tuple[int, int, str]]

#: the 13 parsers of the classifier's sample (``parser-analyser-sample``, gold ``wsj01.mrg``)
SAMPLE_PARSERS = ["berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
                  "charniak_selftrained_basic", "charniak_selftrained_reranking", "collins.1",
                  "collins.2", "collins.3", "henderson", "stanford", "stanford_factored"]


def parse_counts(text: str) -> Rows:
    """The rows (count, brackets, class) of a classifier ``.error_counts`` file."""
    rows = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            count, brackets, name = line.split(" ", 2)
            rows.append((int(count), int(brackets), name))
    return rows


def oracle_classes(gold: str, test: str, cwd: Path) -> Rows:
    """The classifier's class counts."""
    run = run_oracle("analyser", [gold, test, "analysis"], cwd, timeout=1200)
    assert run.status == 0, run.stderr.decode(errors="replace")
    return parse_counts((cwd / "analysis.error_counts").read_text())


def treeeval_classes(gold: str, test: str, cwd: Path) -> Rows:
    """``treeeval errors --json``'s class counts."""
    run = run_treeeval(["errors", gold, test, "--json"], cwd)
    assert run.status == 0, run.stderr.decode(errors="replace")
    classes = json.loads(run.stdout)["systems"][0]["classes"]
    return [(row["count"], row["brackets"], row["name"]) for row in classes]


def assert_same_classes(gold: str, test: str, cwd: Path, what: str) -> None:
    """Both programs' class counts on ``gold`` and ``test`` (paths relative to ``cwd``)."""
    expected = oracle_classes(gold, test, cwd)
    ours = treeeval_classes(gold, test, cwd)
    assert ours == expected, (
        f"divergence: {what} in {cwd}: treeeval errors {gold} {test}\n"
        f"reference: {expected}\ntreeeval:  {ours}")
