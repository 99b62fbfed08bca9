"""``treeeval errors`` against Kummerfeld et al.'s classifier (oracle ``analyser``): the class
counts (count and bracket errors, every class, the unclassified ones included, in the
classifier's order) must be identical.

* the classifier's own sample: 13 parsers' outputs on 10 sentences;
* WSJ 22 with the Berkeley parser's output (1,700 sentences; the classifier takes minutes,
  so this runs only with ``TREEEVAL_SLOW_ORACLES=1``);
* random cases: 1-3 gold sentences and test trees made by random edits of them (now and
  then a blank line or a tree with a word missing, which both programs skip).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from constituency_cases import gold_lines, parsed_line
from harness import case_ids, case_random, require_data, require_oracle, run_oracle, run_treeeval

SAMPLE_PARSERS = ["berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
                  "charniak_selftrained_basic", "charniak_selftrained_reranking", "collins.1",
                  "collins.2", "collins.3", "henderson", "stanford", "stanford_factored"]

Rows = list[tuple[int, int, str]]


def oracle_classes(gold: str, test: str, cwd: Path) -> Rows:
    """The classifier's ``.error_counts`` rows (count, brackets, class)."""
    run = run_oracle("analyser", [gold, test, "analysis"], cwd, timeout=1200)
    assert run.status == 0, run.stderr.decode(errors="replace")
    rows = []
    for line in (cwd / "analysis.error_counts").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            count, brackets, name = line.split(" ", 2)
            rows.append((int(count), int(brackets), name))
    return rows


def treeeval_classes(gold: str, test: str, cwd: Path) -> Rows:
    run = run_treeeval(["errors", gold, test, "--json"], cwd)
    assert run.status == 0, run.stderr.decode(errors="replace")
    classes = json.loads(run.stdout)["systems"][0]["classes"]
    return [(row["count"], row["brackets"], row["name"]) for row in classes]


def assert_same_classes(gold: str, test: str, cwd: Path, what: str) -> None:
    expected = oracle_classes(gold, test, cwd)
    ours = treeeval_classes(gold, test, cwd)
    assert ours == expected, (
        f"divergence: {what} in {cwd}: treeeval errors {gold} {test}\n"
        f"reference: {expected}\ntreeeval:  {ours}")


@pytest.mark.differential(oracle="analyser")
@pytest.mark.parametrize("parser", SAMPLE_PARSERS)
def test_sample_parsers(parser: str, tmp_path: Path) -> None:
    folder = require_data("evalb", "parser-analyser-sample")
    for name in ("wsj01.mrg", f"{parser}.mrg"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    assert_same_classes("wsj01.mrg", f"{parser}.mrg", tmp_path, parser)


@pytest.mark.differential(oracle="analyser")
@pytest.mark.skipif(os.environ.get("TREEEVAL_SLOW_ORACLES") != "1",
                    reason="the classifier takes minutes on WSJ 22: set TREEEVAL_SLOW_ORACLES=1 to run it")
def test_wsj22_berkeley(tmp_path: Path) -> None:
    require_oracle("analyser")
    folder = require_data("evalb", "wsj22")
    gold = (folder / "wsj22.auto.clean.gld").read_text(encoding="utf-8")
    (tmp_path / "gold.mrg").write_text(
        "".join("(ROOT " + line[len("(TOP "):] + "\n" for line in gold.splitlines()), encoding="utf-8")
    (tmp_path / "test.mrg").write_bytes((folder / "wsj22.berkeley_MLE.raw.tst").read_bytes())
    assert_same_classes("gold.mrg", "test.mrg", tmp_path, "WSJ 22, Berkeley parser")


@pytest.mark.differential(oracle="analyser")
@pytest.mark.parametrize("case", case_ids(40))
def test_random_edits(case: int, tmp_path: Path) -> None:
    require_oracle("analyser")
    require_data("evalb", "wsj22")
    rng = case_random("analyser", case)
    lines = gold_lines()
    golds = [rng.choice(lines) for _ in range(rng.randint(1, 3))]
    tests = [parsed_line(rng, line) for line in golds]
    (tmp_path / "gold.mrg").write_text("".join(line + "\n" for line in golds), encoding="utf-8")
    (tmp_path / "test.mrg").write_text("".join(line + "\n" for line in tests), encoding="utf-8")
    assert_same_classes("gold.mrg", "test.mrg", tmp_path, f"case {case}")
