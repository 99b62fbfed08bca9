"""A test file cut short, longer than the gold file, or without a tree (issue 25): ``treeeval
errors`` says it on stderr in bracket's words, marks the system in its text and JSON reports,
and exits 1 under ``--strict``; a complete run says nothing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.errorclasses.api import classify_errors

GOLD = ["(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)))))",
        "(ROOT (S (NP (PRP He)) (VP (VBD ran))))",
        "(ROOT (S (NP (PRP She)) (VP (VBD walked) (ADVP (RB home)))))"]
EMPTY = ("has no bracketed tree (empty, blank or comment lines only): nothing was scored")


def write(folder: Path, files: dict[str, list[str]]) -> None:
    for name, lines in files.items():
        (folder / name).write_text("".join(line + "\n" for line in lines))


@pytest.mark.parametrize("lines, notice, marked", [
    (GOLD[:1], "test.mrg: has 1 line, gold.mrg has 3; scored the first 1",
     "sentences: 1 of the gold's 3 ("),
    (GOLD + GOLD[:1], "gold.mrg: has 3 lines, test.mrg has 4; scored the first 3",
     "sentences: 3 of the test's 4 ("),
    ([], f"test.mrg: {EMPTY}", "sentences: 0 of the gold's 3 ("),
    (["", "", ""], f"test.mrg: {EMPTY}", "sentences: 3 (0 repaired, 0 with different lengths, "
                                         "3 without a tree"),
])
def test_an_incomplete_test_file_is_said_and_marked(tmp_path: Path, lines: list[str],
                                                    notice: str, marked: str) -> None:
    write(tmp_path, {"gold.mrg": GOLD, "test.mrg": lines})
    ran = run_treeeval(["errors", "gold.mrg", "test.mrg"], tmp_path)
    assert ran.status == 0
    assert ran.stderr.decode() == f"treeeval: warning: {notice}\n"
    assert marked in ran.stdout.decode()
    strict = run_treeeval(["errors", "--strict", "gold.mrg", "test.mrg"], tmp_path)
    assert (strict.status, strict.stdout) == (1, ran.stdout)
    assert strict.stderr.decode() == f"treeeval: error: {notice} (--strict)\n"
    document = json.loads(run_treeeval(["errors", "--json", "gold.mrg", "test.mrg"],
                                       tmp_path).stdout)
    system = document["systems"][0]
    assert document["gold_sentences"] == 3 and document["notices"] == []
    assert (system["sentences"], system["test_sentences"]) == (min(len(lines), 3), len(lines))
    path, message = notice.split(": ", 1)
    assert system["notices"] == [{"message": message, "path": path, "line": None,
                                  "strict_only": False}]


def test_a_complete_run_says_nothing(tmp_path: Path) -> None:
    write(tmp_path, {"gold.mrg": GOLD, "test.mrg": GOLD})
    ran = run_treeeval(["errors", "--strict", "gold.mrg", "test.mrg"], tmp_path)
    assert (ran.status, ran.stderr) == (0, b"")
    assert "sentences: 3 (3 repaired," in ran.stdout.decode()
    document = json.loads(run_treeeval(["errors", "--json", "gold.mrg", "test.mrg"],
                                       tmp_path).stdout)
    assert document["systems"][0]["notices"] == [] and document["systems"][0]["test_sentences"] == 3


def test_an_empty_gold_file_is_said_once(tmp_path: Path) -> None:
    write(tmp_path, {"gold.mrg": [], "a.mrg": GOLD, "b.mrg": []})
    ran = run_treeeval(["errors", "--strict", "gold.mrg", "a.mrg", "b.mrg"], tmp_path)
    assert ran.status == 1
    assert ran.stderr.decode() == f"treeeval: error: gold.mrg: {EMPTY} (--strict)\n"


def test_each_system_of_several_is_said_apart(tmp_path: Path) -> None:
    write(tmp_path, {"gold.mrg": GOLD, "a.mrg": GOLD, "b.mrg": GOLD[:2]})
    ran = run_treeeval(["errors", "gold.mrg", "a.mrg", "b.mrg"], tmp_path)
    assert ran.stderr.decode() == ("treeeval: warning: b.mrg: has 2 lines, gold.mrg has 3; "
                                   "scored the first 2\n")
    text = ran.stdout.decode()
    assert ": 3 (3 repaired" in text and ": 2 of the gold's 3 (2 repaired" in text


def test_the_api_counts_the_lines_of_streams() -> None:
    """The browser classifies the bytes it read, as named streams: their lines are counted
    the same way."""
    gold, test = (io.BytesIO("".join(line + "\n" for line in lines).encode())
                  for lines in (GOLD[:2], GOLD))
    gold.name, test.name = "gold.mrg", "test.mrg"
    result = classify_errors(gold, test)
    assert (result.gold_sentences(), result.systems[0].file_sentences()) == (2, 3)
    assert [n.text() for n in result.all_notices()] == [
        "gold.mrg: has 2 lines, test.mrg has 3; scored the first 2"]


def test_systems_are_named_as_every_comparison_names_them(tmp_path: Path) -> None:
    """The short names of the files (issue 25: 'system 1', 'system 2' before)."""
    (tmp_path / "runs" / "berkeley").mkdir(parents=True)
    (tmp_path / "runs" / "stanford").mkdir()
    write(tmp_path, {"gold.mrg": GOLD, "runs/berkeley/out.mrg": GOLD,
                     "runs/stanford/out.mrg": GOLD[:2]})
    args = ["errors", "gold.mrg", "runs/berkeley/out.mrg", "runs/stanford/out.mrg"]
    text = run_treeeval(args, tmp_path).stdout.decode()
    assert "test berkeley: runs/berkeley/out.mrg\ntest stanford: runs/stanford/out.mrg\n" in text
    assert "       berkeley                 stanford\n" in text and "system 1" not in text
    assert "\nsentences of stanford: 2 of the gold's 3 (" in text
    document = json.loads(run_treeeval([*args, "--json"], tmp_path).stdout)
    assert [system["name"] for system in document["systems"]] == ["berkeley", "stanford"]
