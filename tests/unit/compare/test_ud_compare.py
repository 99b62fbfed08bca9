"""``treeeval ud GOLD SYS1 SYS2 ...``: the reports, the comparison table, and the tests
against the baseline checked by a straightforward loop over the same random draws."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np
import pytest
from cli_runner import run_treeeval

from treeeval.stats.significance import TIE_TOLERANCE
from treeeval.ud.api import evaluate_ud

METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
           "UAS", "LAS", "CLAS", "MLAS", "BLEX")


def sentence(rows: list[tuple[str, str, str, int, str]]) -> str:
    """A CoNLL-U sentence of (form, lemma, upos, head, deprel) rows."""
    return "".join(f"{i}\t{form}\t{lemma}\t{upos}\t{upos}\t_\t{head}\t{deprel}\t_\t_\n"
                   for i, (form, lemma, upos, head, deprel) in enumerate(rows, 1)) + "\n"


GOLD_ROWS = [
    [("Dogs", "dog", "NOUN", 2, "nsubj"), ("bark", "bark", "VERB", 0, "root")],
    [("The", "the", "DET", 2, "det"), ("cat", "cat", "NOUN", 3, "nsubj"),
     ("sleeps", "sleep", "VERB", 0, "root"), (".", ".", "PUNCT", 3, "punct")],
    [("I", "I", "PRON", 2, "nsubj"), ("saw", "see", "VERB", 0, "root"),
     ("her", "she", "PRON", 2, "obj")],
    [("Birds", "bird", "NOUN", 2, "nsubj"), ("sing", "sing", "VERB", 0, "root"),
     ("well", "well", "ADV", 2, "advmod")],
    [("Go", "go", "VERB", 0, "root"), ("home", "home", "ADV", 1, "advmod"),
     ("now", "now", "ADV", 1, "advmod"), ("!", "!", "PUNCT", 1, "punct")],
    [("It", "it", "PRON", 2, "nsubj"), ("rains", "rain", "VERB", 0, "root")],
]


def edited(changes: dict[tuple[int, int], dict[str, object]]) -> str:
    """The gold file with some words changed: (sentence, word) -> field -> value."""
    fields = ("form", "lemma", "upos", "head", "deprel")
    text = ""
    for s, rows in enumerate(GOLD_ROWS):
        new = []
        for w, row in enumerate(rows):
            values = dict(zip(fields, row)) | changes.get((s, w), {})
            new.append(tuple(values[f] for f in fields))
        text += sentence(new)  # type: ignore[arg-type]
    return text


GOLD = edited({})
SYSTEMS = {
    "alpha.conllu": edited({(1, 0): {"head": 3}, (2, 2): {"deprel": "iobj"},
                            (4, 1): {"upos": "NOUN"}}),
    "beta.conllu": edited({(0, 0): {"head": 0, "deprel": "root"}, (0, 1): {"head": 1},
                           (1, 1): {"lemma": "cats"}, (3, 2): {"head": 1},
                           (4, 2): {"deprel": "obl"}, (5, 0): {"upos": "NOUN"}}),
    "gamma.conllu": edited({(1, 3): {"head": 2}, (3, 2): {"deprel": "obj"}}),
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "gold.conllu").write_text(GOLD, encoding="utf-8")
    for name, text in SYSTEMS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def ud(folder: Path, *args: str) -> str:
    run = run_treeeval(["ud", *args, "gold.conllu", *SYSTEMS], folder)
    assert run.status == 0, run.stderr
    return run.stdout.decode()


def fails(folder: Path, args: list[str], status: int) -> str:
    """The error message of a run that must fail with ``status`` and write nothing."""
    run = run_treeeval(["ud", *args], folder)
    assert run.status == status and not run.stdout
    return run.stderr.decode()


def test_each_report_is_the_single_pair_report(folder: Path) -> None:
    out = ud(folder, "-v")
    for name in SYSTEMS:
        alone = run_treeeval(["ud", "-v", "gold.conllu", name], folder).stdout.decode()
        assert f"=== {name[:-7]}: gold.conllu {name}\n{alone}" in out
    table = out.split("\n\n")[-1].splitlines()
    assert table[0] == "gold" and table[1].split()[1:] == list(METRICS)
    assert [line.split()[0] for line in table[2:5]] == ["alpha", "beta", "gamma"]


def test_csv_values_are_the_reports_f1(folder: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(ud(folder, "--format", "csv"), newline="")))
    assert len(rows) == 3 * len(METRICS) and not any(row["test"] for row in rows)
    for row in rows:
        result = evaluate_ud(str(folder / "gold.conllu"), str(folder / f"{row['system']}.conllu"))
        assert float(row["value"]) == result.scores[row["metric"]].f1


def per_sentence_counts(folder: Path, name: str, metric: str) -> list[tuple[int, int, int]]:
    rows = evaluate_ud(str(folder / "gold.conllu"), str(folder / name)).per_sentence[metric]
    return [(int(r[0]), int(r[1]), int(r[2])) for r in rows]


def f1(counts: list[tuple[int, int, int]]) -> float:
    correct, gold, system = (sum(c[k] for c in counts) for k in range(3))
    return 100 * 2 * correct / (gold + system) if gold + system else 0.0


def loop_bootstrap(mine: list, base: list, resamples: int, seed: int) -> tuple[float, list]:
    """The paired bootstrap written out: one draw of every sentence index, in one call."""
    rng = np.random.Generator(np.random.PCG64(seed))
    draws = rng.integers(0, len(mine), size=(resamples, len(mine)))
    observed = f1(mine) - f1(base)
    differences = [f1([mine[i] for i in draw]) - f1([base[i] for i in draw]) for draw in draws]
    extreme = sum(abs(d - observed) >= abs(observed) - TIE_TOLERANCE for d in differences)
    return (1 + extreme) / (resamples + 1), list(np.percentile(differences, [2.5, 97.5]))


def loop_randomization(mine: list, base: list, resamples: int, seed: int) -> float:
    """Approximate randomization written out: sentence j of shuffle r is swapped when bit j
    of the r-th raw 64-bit word is set (fewer than 64 sentences here: one word a shuffle)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    words = rng.bit_generator.random_raw(resamples)
    observed = f1(mine) - f1(base)
    extreme = 0
    for word in words.tolist():
        swap = [(word >> j) & 1 for j in range(len(mine))]
        a = [b if s else m for m, b, s in zip(mine, base, swap)]
        b = [m if s else b for m, b, s in zip(mine, base, swap)]
        extreme += abs(f1(a) - f1(b)) >= abs(observed) - TIE_TOLERANCE
    return (1 + extreme) / (resamples + 1)


@pytest.mark.parametrize("stat", ["bootstrap", "ar"])
def test_significance_is_the_straightforward_loop(folder: Path, stat: str) -> None:
    resamples, seed = 300, 11
    document = json.loads(ud(folder, "--stat", stat, "--seed", str(seed), "--resamples",
                             str(resamples), "--baseline", "beta", "--format", "json"))
    assert document["baseline"] == "beta" and document["correction"] == "holm"
    assert f"stat:{stat}|resamples:{resamples}|seed:{seed}|baseline:beta" in \
        document["signature"]
    p_values = {}
    for system in document["systems"]:
        for cell in system["cells"]:
            if system["baseline"]:
                assert cell["significance"] is None
                continue
            mine = per_sentence_counts(folder, system["name"] + ".conllu", cell["metric"])
            base = per_sentence_counts(folder, "beta.conllu", cell["metric"])
            test = cell["significance"]
            if stat == "bootstrap":
                p, interval = loop_bootstrap(mine, base, resamples, seed)
                assert test["difference_interval"] == pytest.approx(interval, abs=1e-9)
            else:
                p = loop_randomization(mine, base, resamples, seed)
            assert test["p_value"] == pytest.approx(p, abs=1e-12), (system["name"], cell)
            p_values.setdefault(cell["metric"], []).append((p, test["p_adjusted"]))
    for pair in p_values.values():  # Holm over two tests: the smaller times 2, then monotone
        (p1, a1), (p2, a2) = sorted(pair)
        assert a1 == pytest.approx(min(1, 2 * p1)) and a2 == pytest.approx(min(1, max(2 * p1, p2)))


def test_metrics_and_order(folder: Path) -> None:
    document = json.loads(ud(folder, "--stat", "ar", "--resamples", "50", "--metrics",
                             "MLAS;LAS", "--format", "json"))
    assert [m["name"] for m in document["metrics"]] == ["LAS", "MLAS"]
    assert [s["name"] for s in document["systems"]] == ["alpha", "beta", "gamma"]
    assert document["systems"][0]["baseline"]
    assert "metrics:LAS;MLAS" in document["signature"]


def test_a_system_given_twice_is_told_apart(folder: Path) -> None:
    # a sanity check against itself: two rows, named by their place, the second the baseline
    run = run_treeeval(["ud", "--stat", "ar", "--resamples", "50", "--metrics", "LAS",
                        "--baseline", "alpha.conllu #2", "--format", "json", "gold.conllu",
                        "alpha.conllu", "alpha.conllu"], folder)
    assert run.status == 0, run.stderr
    systems = json.loads(run.stdout)["systems"]
    assert [(row["name"], row["baseline"]) for row in systems] == [
        ("alpha.conllu #1", False), ("alpha.conllu #2", True)]
    assert systems[0]["cells"][0]["significance"]["p_value"] == 1.0


def test_text_table_follows_the_reports(folder: Path) -> None:
    out = ud(folder, "--stat", "bootstrap", "--resamples", "100", "--metrics", "LAS",
             "--signature")
    assert out.count("LAS F1 Score:") == 3
    assert "alpha (baseline)" in out and "Holm–Bonferroni" in out
    assert out.rstrip().splitlines()[-1].startswith("signature: cmd:ud|")


def test_formats(folder: Path) -> None:
    markdown = ud(folder, "--format", "markdown", "--metrics", "LAS")
    assert "| alpha | " in markdown
    assert "\\toprule" in ud(folder, "--format", "latex")
    one = run_treeeval(["ud", "--format", "csv", "gold.conllu", "alpha.conllu"], folder)
    assert one.status == 0 and one.stdout.count(b"\n") == 1 + len(METRICS)


def test_json_gives_every_pair(folder: Path) -> None:
    document = json.loads(ud(folder, "--json"))
    assert [pair["system"] for pair in document["pairs"]] == list(SYSTEMS)


@pytest.mark.parametrize("args, message", [
    (["--stat", "mcnemar"], "--stat mcnemar does not apply to the UD metrics"),
    (["--stat", "ar", "--baseline", "delta"], "--baseline delta is none of the systems"),
    (["--metrics", "LAS;ELAS"], "unknown metric 'ELAS'"),
    (["--stat", "ar", "--resamples", "0"], "--resamples needs a number of at least 1"),
    (["--format", "html"], "invalid choice"),
])
def test_usage_errors(folder: Path, args: list[str], message: str) -> None:
    assert message in fails(folder, [*args, "gold.conllu", *SYSTEMS], 2)


def test_stat_needs_several_systems(folder: Path) -> None:
    assert "--stat needs several systems" in fails(
        folder, ["--stat", "ar", "gold.conllu", "alpha.conllu"], 2)
    assert "--stat needs several systems" in fails(
        folder, ["--stat", "ar", "--format", "csv", "gold.conllu:alpha.conllu",
                 "gold.conllu:beta.conllu"], 2)
    assert "--metrics chooses what the treebanks' table shows: give --format" in fails(
        folder, ["--metrics", "LAS", "gold.conllu:alpha.conllu", "gold.conllu:beta.conllu"], 2)
    assert "--metrics chooses the comparison table's metrics" in fails(
        folder, ["--metrics", "LAS", "gold.conllu", "alpha.conllu"], 2)
    assert "use --format json, not --json" in fails(
        folder, ["--json", "--stat", "ar", "gold.conllu", "alpha.conllu", "beta.conllu"], 2)


def test_missing_system_is_located(folder: Path) -> None:
    message = fails(folder, ["gold.conllu", "alpha.conllu", "nothing.conllu"], 1)
    assert message.startswith("treeeval: error: nothing.conllu")


def test_gold_without_sentence_tests_nothing_loudly(tmp_path: Path) -> None:
    for name in ("gold.conllu", "a.conllu", "b.conllu"):
        (tmp_path / name).write_text("# only a comment\n", encoding="utf-8")
    run = run_treeeval(["ud", "--stat", "ar", "--format", "csv", "gold.conllu", "a.conllu",
                        "b.conllu"], tmp_path)
    assert run.status == 0 and b",ar," not in run.stdout
    assert b"gold.conllu: the gold file holds no sentence: --stat tests nothing" in run.stderr
    strict = run_treeeval(["ud", "--strict", "--stat", "ar", "gold.conllu", "a.conllu",
                           "b.conllu"], tmp_path)
    assert strict.status == 1


# --- several treebanks (GOLD:SYSTEM pairs, folders) as a table ------------------------------

@pytest.fixture
def treebanks(folder: Path) -> Path:
    """Two treebanks, gold/en and gold/fi, and one system's run of each, run/en and run/fi."""
    for side, texts in (("gold", (GOLD, SYSTEMS["gamma.conllu"])),
                        ("run", (SYSTEMS["alpha.conllu"], SYSTEMS["beta.conllu"]))):
        (folder / side).mkdir()
        for name, text in zip(("en", "fi"), texts):
            (folder / side / f"{name}.conllu").write_text(text, encoding="utf-8")
    return folder


PAIRS = ["gold/en.conllu:run/en.conllu", "gold/fi.conllu:run/fi.conllu"]


def test_pairs_with_format_give_a_table_of_the_treebanks(treebanks: Path) -> None:
    f1 = {name: {metric: score.f1 for metric, score in evaluate_ud(
              treebanks / "gold" / f"{name}.conllu",
              treebanks / "run" / f"{name}.conllu").scores.items()} for name in ("en", "fi")}
    for files in (PAIRS, ["gold", "run"]):
        run = run_treeeval(["ud", "--format", "csv", *files], treebanks)
        assert run.status == 0 and run.stderr == b""
        rows = list(csv.DictReader(io.StringIO(run.stdout.decode(), newline="")))
        assert run.stdout.startswith(b"treebank,baseline,metric,header,")
        assert {row["metric"] for row in rows} == {"LAS", "MLAS", "BLEX"}  # the averaged ones
        for row in rows:
            if row["treebank"] == "macro-average":
                expected = (f1["en"][row["metric"]] + f1["fi"][row["metric"]]) / 2
            else:
                expected = f1[row["treebank"]][row["metric"]]
            assert float(row["value"]) == pytest.approx(expected, abs=1e-9)
            assert row["best"] == "false"  # treebanks do not compete
    text = run_treeeval(["ud", "--format", "text", *PAIRS], treebanks).stdout.decode()
    plain = run_treeeval(["ud", *PAIRS], treebanks).stdout.decode()
    average = plain.split("Macro-average over 2 treebanks:\n")[1].splitlines()
    shown = text.splitlines()[4].split()
    assert text.startswith("run\ntreebank ") and shown[0] == "macro-average"
    assert [line.split(": ")[1] for line in average] == shown[1:]  # the report's numbers
    document = json.loads(run_treeeval(["ud", "-v", "--format", "json", "--title", "Dev",
                                        *PAIRS], treebanks).stdout)
    assert document["title"] == "Dev" and document["row_label"] == "treebank"
    assert [metric["name"] for metric in document["metrics"]] == list(METRICS)
    assert not any(metric["has_best"] for metric in document["metrics"])
    markdown = run_treeeval(["ud", "--format", "markdown", "--metrics", "UPOS;LAS", *PAIRS],
                            treebanks).stdout.decode()
    assert "| Treebank | UPOS | LAS |" in markdown and "**" not in markdown.split("\n\n")[1]
    assert "Best score" not in markdown


def test_a_failed_treebank_is_a_row_without_values(treebanks: Path) -> None:
    run = run_treeeval(["ud", "--format", "markdown", PAIRS[0], "gold/fi.conllu:run/xx.conllu"],
                       treebanks)
    assert run.status == 1 and run.stderr.startswith(b"treeeval: error: run/xx.conllu")
    out = run.stdout.decode()
    assert "| fi | — | — | — |" in out
    assert "fi: failed (run/xx.conllu: cannot read: No such file or directory), counted as 0 " \
           "in the macro-average." in out
