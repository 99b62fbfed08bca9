"""``treeeval errors GOLD TEST1 TEST2 ...`` with the comparison table: the systems by error
class (counts, lower is better), ``--stat`` over sentences against a loop written here."""

from __future__ import annotations

import csv
import io
import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from cli_runner import run_treeeval

from treeeval.stats.significance import TIE_TOLERANCE

GOLD = ("(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) "
        "(PP (IN with) (NP (NNS binoculars))))))")
#: wrong trees of GOLD's words: a PP attached to the object, a label changed, a unary added
WRONG = ("(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man) "
         "(PP (IN with) (NP (NNS binoculars)))))))",
         "(ROOT (S (NP (PRP I)) (VP (VBD saw) (ADJP (DT a) (NN man)) "
         "(PP (IN with) (NP (NNS binoculars))))))",
         "(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT a) (NN man))) "
         "(PP (IN with) (NP (NNS binoculars))))))")
#: the systems in command-line order (not the alphabet's) and how often each errs
SYSTEMS = {"zeta": 0.2, "alpha": 0.6, "mid": 0.35}
SENTENCES = 30


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("errors")
    rng = random.Random(15)
    (folder / "gold.mrg").write_text((GOLD + "\n") * SENTENCES)
    for name, rate in SYSTEMS.items():
        lines = [rng.choice(WRONG) if rng.random() < rate else GOLD for _ in range(SENTENCES)]
        (folder / f"{name}.mrg").write_text("\n".join(lines) + "\n")
    return folder


def errors(folder: Path, *args: str, status: int = 0) -> str:
    run = run_treeeval(["errors", *args], folder)
    assert run.status == status, run.stderr
    return (run.stdout if status == 0 else run.stderr).decode()


def files() -> list[str]:
    return [f"{name}.mrg" for name in SYSTEMS]


def per_sentence(folder: Path) -> dict[str, dict[str, list[int]]]:
    """Each system's per-sentence counts from ``--per-sentence`` (its repairs, one JSON line
    per system and sentence): all bracket errors, and the repairs of each class."""
    path = folder / "repairs.jsonl"
    errors(folder, "gold.mrg", *files(), "--per-sentence", str(path))
    counts: dict[str, dict[str, list[int]]] = {name: {} for name in SYSTEMS}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        system = counts[list(SYSTEMS)[record["system"] - 1]]
        system.setdefault("bracket errors", []).append(record["errors"])
        for repair in record["repairs"]:
            system.setdefault(repair["class"], [0] * SENTENCES)[record["sentence"] - 1] += 1
    return counts


def randomization_p(first: list[int], second: list[int], resamples: int, seed: int) -> float:
    """Approximate randomization of two totals, a loop: each shuffle swaps a sentence when
    its bit of the generator's raw 64-bit words (least significant first) is 1."""
    rng = np.random.Generator(np.random.PCG64(seed))
    words = math.ceil(len(first) / 64)
    raw = rng.bit_generator.random_raw(resamples * words)
    observed = abs(sum(first) - sum(second))
    extreme = 0
    for shuffle in range(resamples):
        a = b = 0
        for sentence, (x, y) in enumerate(zip(first, second)):
            if (int(raw[shuffle * words + sentence // 64]) >> (sentence % 64)) & 1:
                x, y = y, x
            a, b = a + x, b + y
        extreme += abs(a - b) >= observed - TIE_TOLERANCE
    return (extreme + 1) / (resamples + 1)


def cells(document: dict) -> dict[tuple[str, str], dict]:
    return {(system["name"], cell["metric"]): cell for system in document["systems"]
            for cell in system["cells"]}


def test_without_table_options_the_report_is_unchanged(folder: Path) -> None:
    report = errors(folder, "gold.mrg", *files())
    assert report.startswith("Parse error classes (Kummerfeld et al. 2012)\n")
    assert "bracket errors" not in report and "baseline" not in report


def test_table_follows_the_report(folder: Path) -> None:
    report = errors(folder, "gold.mrg", *files())
    out = errors(folder, "gold.mrg", *files(), "--stat", "ar", "--resamples", "50")
    assert out.startswith(report + "\n")
    table = out[len(report) + 1:].splitlines()
    assert table[0] == "gold"
    assert [line.split()[0] for line in table[2:5]] == list(SYSTEMS)
    classes = [line.rsplit("%  ", 1)[1] for line in report.splitlines()
               if line[:5].strip().isdigit()]
    document = json.loads(errors(folder, "gold.mrg", *files(), "--format", "json"))
    names = [metric["name"] for metric in document["metrics"]]
    assert names[:-2] == classes[:-1] and names[-2:] == ["repairs", "bracket errors"]
    assert all(not metric["higher_is_better"] and metric["unit"] == "count"
               for metric in document["metrics"])


def test_values_are_the_report_counts(folder: Path) -> None:
    counts = per_sentence(folder)
    document = json.loads(errors(folder, "gold.mrg", *files(), "--format", "json"))
    for name, columns in counts.items():
        for metric, column in columns.items():
            assert cells(document)[name, metric]["value"] == sum(column), (name, metric)


def test_stat_tests_the_bracket_errors_by_default(folder: Path) -> None:
    counts = per_sentence(folder)
    document = json.loads(errors(folder, "gold.mrg", *files(), "--stat", "ar", "--seed", "5",
                                 "--resamples", "300", "--baseline", "mid", "--format", "json"))
    tested = {key for key, cell in cells(document).items() if cell["significance"]}
    assert tested == {("zeta", "bracket errors"), ("alpha", "bracket errors")}
    for name in ("zeta", "alpha"):
        p = cells(document)[name, "bracket errors"]["significance"]["p_value"]
        assert p == pytest.approx(randomization_p(counts[name]["bracket errors"],
                                                  counts["mid"]["bracket errors"], 300, 5),
                                  abs=1e-12)


def test_metrics_choose_the_columns_and_tests(folder: Path) -> None:
    counts = per_sentence(folder)
    document = json.loads(errors(folder, "gold.mrg", *files(), "--stat", "ar", "--resamples",
                                 "200", "--metrics", "bracket errors;PP Attachment",
                                 "--format", "json"))
    assert [metric["name"] for metric in document["metrics"]] == ["PP Attachment",
                                                                  "bracket errors"]
    p = cells(document)["alpha", "PP Attachment"]["significance"]["p_value"]
    assert p == pytest.approx(randomization_p(counts["alpha"]["PP Attachment"],
                                              counts["zeta"]["PP Attachment"], 200, 1),
                              abs=1e-12)


def test_five_formats_and_signature(folder: Path) -> None:
    args = ["gold.mrg", *files(), "--stat", "bootstrap", "--resamples", "40", "--metrics",
            "bracket errors", "--seed", "2"]
    signature = ("cmd:errors|prm:none|del:builtin|metrics:bracket%20errors|stat:bootstrap|"
                 "resamples:40|seed:2|baseline:zeta|version:0.1.0")
    rows = list(csv.DictReader(io.StringIO(errors(folder, *args, "--format", "csv"))))
    assert [row["system"] for row in rows] == list(SYSTEMS)
    assert rows[1]["ci_low"] and rows[1]["test"] == "bootstrap"
    assert "| zeta (baseline) |" in errors(folder, *args, "--format", "markdown")
    latex = errors(folder, *args, "--format", "latex")
    assert latex.startswith(f"% signature: {signature}\n") and "\\toprule" in latex
    assert "signature" not in errors(folder, *args, "--format", "text")  # text: when asked
    assert errors(folder, *args, "--format", "text", "--signature").endswith(
        f"signature: {signature}\n")
    assert json.loads(errors(folder, *args, "--format", "json"))["signature"] == signature
    assert errors(folder, *args, "--signature").endswith(f"signature: {signature}\n")


@pytest.mark.parametrize("args, message", [
    (["--stat", "mcnemar"], "--stat mcnemar does not apply to error counts"),
    (["--json", "--stat", "ar"], "use --format json, not --json"),
    (["--metrics", "Unary;LAS"], "unknown metric 'LAS'"),
    (["--stat", "ar", "--baseline", "omega"], "--baseline omega is none of the systems"),
])
def test_usage_errors(folder: Path, args: list[str], message: str) -> None:
    assert message in errors(folder, *args, "gold.mrg", *files(), status=2)


def test_stat_needs_several_systems(folder: Path) -> None:
    assert "--stat needs several systems" in errors(folder, "--stat", "ar", "gold.mrg",
                                                    "zeta.mrg", status=2)


def test_stat_without_sentences_is_a_notice(tmp_path: Path) -> None:
    for name in ("gold.mrg", "a.mrg", "b.mrg"):
        (tmp_path / name).write_text("")
    run = run_treeeval(["errors", "--stat", "ar", "--format", "csv", "gold.mrg", "a.mrg",
                        "b.mrg"], tmp_path)
    assert run.status == 0 and b",ar," not in run.stdout
    assert run.stderr.decode() == ("treeeval: warning: gold.mrg: has no bracketed tree (empty, "
                                   "blank or comment lines only): nothing was scored\n"
                                   "treeeval: warning: gold.mrg: the gold file holds no sentence: "
                                   "--stat tests nothing\n")


def test_a_shorter_system_is_incomplete_never_best_never_tested(folder: Path) -> None:
    # alpha's first five trees: the fewest errors of all, but five sentences of thirty
    lines = (folder / "alpha.mrg").read_text().splitlines(keepends=True)
    (folder / "short.mrg").write_text("".join(lines[:5]))
    run = run_treeeval(["errors", "--stat", "ar", "--resamples", "50", "--format", "csv",
                        "gold.mrg", "zeta.mrg", "short.mrg"], folder)
    assert run.status == 0
    assert (b"short.mrg: incomplete (5 of 30 sentences): marked in the comparison, never its "
            b"best, not tested") in run.stderr
    rows = {(row["system"], row["metric"]): row
            for row in csv.DictReader(io.StringIO(run.stdout.decode(), newline=""))}
    short, zeta = rows["short", "bracket errors"], rows["zeta", "bracket errors"]
    assert int(short["value"]) < int(zeta["value"])  # the fewest, yet not the best
    assert (short["best"], zeta["best"]) == ("false", "false")  # one complete row: no best
    assert (short["incomplete"], short["test"]) == ("5 of 30 sentences", "")
    strict = run_treeeval(["errors", "--strict", "--format", "text", "gold.mrg", "zeta.mrg",
                           "short.mrg"], folder)
    assert strict.status == 1 and b"short (incomplete)" in strict.stdout


def test_a_baseline_that_is_none_of_the_systems_is_refused_before_the_report(
        folder: Path) -> None:
    run = run_treeeval(["errors", "--stat", "ar", "--baseline", "nobody", "gold.mrg",
                        *files()], folder)
    assert run.status == 2 and run.stdout == b""
    assert b"--baseline nobody is none of the systems" in run.stderr


def test_title_names_the_table(folder: Path) -> None:
    out = errors(folder, "--format", "markdown", "--title", "Ten & more", "gold.mrg", *files())
    assert out.startswith("**Ten \\& more**\n")  # Markdown escapes the &
