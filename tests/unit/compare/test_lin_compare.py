"""``treeeval lin KEY ANSWER1 ANSWER2 ...``: several answers, their comparison table and the
significance of Lin's error count, checked against straightforward loops written here."""

from __future__ import annotations

import csv
import io
import json
import math
import random
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from cli_runner import run_treeeval

from treeeval.policy.envelope import schema_path
from treeeval.stats.significance import TIE_TOLERANCE

#: the answers in command-line order, which is not the alphabet's
ANSWERS = ("zeta", "alpha", "mid")
#: how likely each answer gets a word wrong
WRONG = {"zeta": 0.1, "alpha": 0.35, "mid": 0.2}
SENTENCES = 24


def key_sentence(length: int) -> list[str]:
    """A chain: each word's head is the next word, the last word is the head of the sentence."""
    return [f"w{i} N < w{i + 1}" for i in range(1, length)] + [f"w{length} V *"]


def answer_sentence(length: int, wrong: set[int]) -> list[str]:
    """The key's chain with the words of ``wrong`` (1-based) given another head: the word
    before it, or an unknown head for the first word (both are errors)."""
    lines = key_sentence(length)
    for word in wrong:
        lines[word - 1] = f"w{word} N > w{word - 1}" if word > 1 else f"w{word} N ?"
    return lines


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[int]]]:
    """A key of SENTENCES chains and three answers; each answer's errors per sentence, as
    made here (the last word, the head of the sentence, is never wrong)."""
    folder = tmp_path_factory.mktemp("lin")
    rng = random.Random(15)
    lengths = [rng.randint(2, 9) for _ in range(SENTENCES)]
    (folder / "key.lin").write_text("\n\n".join("\n".join(key_sentence(n)) for n in lengths)
                                    + "\n")
    errors: dict[str, list[int]] = {}
    for name in ANSWERS:
        sentences, counts = [], []
        for length in lengths:
            wrong = {word for word in range(1, length) if rng.random() < WRONG[name]}
            sentences.append("\n".join(answer_sentence(length, wrong)))
            counts.append(len(wrong))
        (folder / f"{name}.lin").write_text("\n\n".join(sentences) + "\n")
        errors[name] = counts
    errors["words"] = lengths
    return folder, errors


def lin(folder: Path, *args: str, status: int = 0) -> str:
    run = run_treeeval(["lin", *args], folder)
    assert run.status == status, run.stderr
    return (run.stdout if status == 0 else run.stderr).decode()


def answers() -> list[str]:
    return [f"{name}.lin" for name in ANSWERS]


def cells(document: dict) -> dict[tuple[str, str], dict]:
    return {(system["name"], cell["metric"]): cell for system in document["systems"]
            for cell in system["cells"]}


def test_reports_then_table_in_command_line_order(corpus: tuple[Path, dict]) -> None:
    folder, errors = corpus
    out = lin(folder, "key.lin", *answers())
    heads = [line for line in out.splitlines() if line.startswith("=== ")]
    assert heads == [f"=== {name}: key.lin {name}.lin" for name in ANSWERS]
    for name in ANSWERS:  # each answer's report is the single run's
        single = lin(folder, "key.lin", f"{name}.lin")
        assert f"=== {name}: key.lin {name}.lin\n{single}" in out
        assert f"total: {sum(errors[name])} errors" in single
    table = out.split("\n\n")[-1].splitlines()
    assert table[0] == "key"
    assert [line.split()[0] for line in table[2:]] == list(ANSWERS)
    assert table[1].split() == ["system", "errors", "error", "rate"]


def test_table_values(corpus: tuple[Path, dict]) -> None:
    folder, errors = corpus
    document = json.loads(lin(folder, "key.lin", *answers(), "--format", "json"))
    scored = sum(errors["words"])
    assert [system["name"] for system in document["systems"]] == list(ANSWERS)
    for name in ANSWERS:
        assert cells(document)[name, "errors"]["value"] == sum(errors[name])
        assert cells(document)[name, "error rate"]["value"] == pytest.approx(
            100 * sum(errors[name]) / scored)
    best = [system["name"] for system in document["systems"]
            if system["cells"][0]["best"]]
    assert best == [min(ANSWERS, key=lambda name: sum(errors[name]))]  # lower is better


def randomization_p(first: list[int], second: list[int], resamples: int, seed: int) -> float:
    """Approximate randomization of two totals, a loop over shuffles and sentences: the
    shuffles are the bits of the generator's raw 64-bit words, least significant first, one
    word per 64 sentences, as treeeval.stats draws them (one chunk: a small corpus)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    words = math.ceil(len(first) / 64)
    raw = rng.bit_generator.random_raw(resamples * words)
    observed = abs(sum(first) - sum(second))
    extreme = 0
    for shuffle in range(resamples):
        a = b = 0
        for sentence, (x, y) in enumerate(zip(first, second)):
            word = int(raw[shuffle * words + sentence // 64])
            if (word >> (sentence % 64)) & 1:
                x, y = y, x
            a, b = a + x, b + y
        extreme += abs(a - b) >= observed - TIE_TOLERANCE
    return (extreme + 1) / (resamples + 1)


def bootstrap_p(first: list[int], second: list[int], resamples: int, seed: int) -> float:
    """The paired bootstrap of two totals, a loop: each resample draws the sentences with
    replacement (one row of the generator's integers), p counts the resampled differences as
    far from the observed one as it is from 0."""
    rng = np.random.Generator(np.random.PCG64(seed))
    draws = rng.integers(0, len(first), size=(resamples, len(first)))
    observed = sum(first) - sum(second)
    extreme = 0
    for row in draws:
        difference = sum(first[i] for i in row) - sum(second[i] for i in row)
        extreme += abs(difference - observed) >= abs(observed) - TIE_TOLERANCE
    return (extreme + 1) / (resamples + 1)


@pytest.mark.parametrize("stat, loop", [("ar", randomization_p), ("bootstrap", bootstrap_p)])
def test_significance_of_the_error_count(corpus: tuple[Path, dict], stat: str, loop) -> None:
    """Each answer against the baseline (mid, not the first): the same p-value as the loop."""
    folder, errors = corpus
    document = json.loads(lin(folder, "key.lin", *answers(), "--stat", stat, "--seed", "7",
                              "--resamples", "400", "--baseline", "mid", "--format", "json"))
    assert document["baseline"] == "mid" and document["correction"] == "holm"
    for name in ("zeta", "alpha"):
        test = cells(document)[name, "errors"]["significance"]
        assert test["p_value"] == pytest.approx(loop(errors[name], errors["mid"], 400, 7),
                                                abs=1e-12)
    assert cells(document)["mid", "errors"]["significance"] is None


def test_mcnemar_on_words(corpus: tuple[Path, dict], tmp_path: Path) -> None:
    """McNemar's test over the scored words: b and c counted here from the answers' words."""
    folder, _ = corpus
    document = json.loads(lin(folder, "key.lin", "zeta.lin", "alpha.lin", "--stat", "mcnemar",
                              "--format", "json"))
    wrong = {name: [line.split()[2] != "<" and line.split()[2] != "*"
                    for line in (folder / f"{name}.lin").read_text().splitlines() if line]
             for name in ("zeta", "alpha")}
    only_alpha_right = sum(z and not a for z, a in zip(wrong["zeta"], wrong["alpha"]))
    only_zeta_right = sum(a and not z for z, a in zip(wrong["zeta"], wrong["alpha"]))
    z = (abs(only_alpha_right - only_zeta_right) - 1) / math.sqrt(
        only_alpha_right + only_zeta_right)
    test = cells(document)["alpha", "errors"]["significance"]
    assert test["p_value"] == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert cells(document)["alpha", "error rate"]["significance"]["p_value"] == test["p_value"]


def test_five_formats(corpus: tuple[Path, dict]) -> None:
    folder, errors = corpus
    args = ["key.lin", *answers(), "--stat", "ar", "--resamples", "50"]
    rows = list(csv.DictReader(io.StringIO(lin(folder, *args, "--format", "csv"))))
    assert [row["system"] for row in rows] == [name for name in ANSWERS for _ in range(2)]
    assert [int(row["value"]) for row in rows if row["metric"] == "errors"] == [
        sum(errors[name]) for name in ANSWERS]
    markdown = lin(folder, *args, "--format", "markdown").splitlines()
    assert markdown[2:4] == ["| System | errors ↓ | error rate ↓ |", "| :-- | --: | --: |"]
    assert [line.split(" | ")[0] for line in markdown[4:7]] == [
        "| zeta (baseline)", "| alpha", "| mid"]
    latex = lin(folder, *args, "--format", "latex")
    assert "\\toprule" in latex and "errors $\\downarrow$" in latex
    assert latex.startswith("% signature: cmd:lin|ops:none|stat:ar|resamples:50|seed:1|"
                            "baseline:zeta|")
    text = lin(folder, *args, "--format", "text")
    assert text.splitlines()[0] == "key"
    json.loads(lin(folder, *args, "--format", "json"))


def test_signature_names_the_test(corpus: tuple[Path, dict]) -> None:
    folder, _ = corpus
    out = lin(folder, "key.lin", *answers(), "--stat", "bootstrap", "--resamples", "30",
              "--seed", "3", "--baseline", "alpha.lin", "--metrics", "errors", "--signature")
    assert out.endswith("signature: cmd:lin|ops:none|metrics:errors|stat:bootstrap|"
                        "resamples:30|seed:3|baseline:alpha|version:0.1.0\n")


def test_json_document(corpus: tuple[Path, dict]) -> None:
    folder, errors = corpus
    document = json.loads(lin(folder, "key.lin", *answers(), "--json"))
    schema = json.loads(schema_path("lin").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    assert [answer["answer"] for answer in document["answers"]] == answers()
    first = document["answers"][0]
    assert first["errors"] == sum(errors["zeta"])
    assert first["error_rate"] == pytest.approx(100 * sum(errors["zeta"]) / sum(errors["words"]))
    assert [sentence["errors"] for sentence in first["per_sentence"]] == errors["zeta"]


def test_phrase_metrics_of_trees(tmp_path: Path) -> None:
    """Both sides trees: recall, precision and crossing join the table; McNemar's test leaves
    them out, and asked for one of them it is a usage error."""
    gold = "(S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))))\n"
    flat = "(S (NP (DT The) (NN cat)) (VP (VBD sat) (IN on) (DT the) (NN mat)))\n"
    (tmp_path / "gold.mrg").write_text(gold * 3)
    (tmp_path / "b.mrg").write_text(flat * 3)
    (tmp_path / "a.mrg").write_text(gold * 3)
    document = json.loads(lin(tmp_path, "gold.mrg", "b.mrg", "a.mrg", "--format", "json"))
    assert [metric["name"] for metric in document["metrics"]] == [
        "errors", "error rate", "recall", "precision", "crossing"]
    assert [metric["header"] for metric in document["metrics"]] == [  # as papers head them
        "errors", "error rate", "UR", "UP", "crossing brackets"]
    assert cells(document)["a", "recall"]["value"] == 100.0
    assert lin(tmp_path, "gold.mrg", "b.mrg", "a.mrg", "--format", "json", "--metrics",
               "UR;precision") == lin(tmp_path, "gold.mrg", "b.mrg", "a.mrg", "--format",
                                      "json", "--metrics", "recall;UP")
    markdown = lin(tmp_path, "gold.mrg", "b.mrg", "a.mrg", "--format", "markdown",
                   "--metrics", "UR;crossing", "--title", "Lin's (1b)")
    assert markdown.startswith("**Lin's (1b)**\n") and "| System | UR | crossing brackets ↓ |" in markdown
    mcnemar = json.loads(lin(tmp_path, "gold.mrg", "b.mrg", "a.mrg", "--stat", "mcnemar",
                             "--format", "json"))
    assert [metric["name"] for metric in mcnemar["metrics"]] == ["errors", "error rate"]
    assert "--stat mcnemar tests per-word outcomes" in lin(
        tmp_path, "gold.mrg", "b.mrg", "a.mrg", "--stat", "mcnemar", "--metrics", "recall",
        status=2)


@pytest.mark.parametrize("args, message", [
    (["--stat", "ar", "key.lin", "zeta.lin"], "--stat needs several answers"),
    (["--json", "--stat", "ar", "key.lin", "zeta.lin", "mid.lin"], "use --format json"),
    (["--json", "--format", "csv", "key.lin", "zeta.lin"], "--format cannot go with --json"),
    (["--metrics", "LAS", "key.lin", "zeta.lin", "mid.lin"], "unknown metric 'LAS'"),
    (["--baseline", "omega", "--stat", "ar", "key.lin", "zeta.lin", "mid.lin"],
     "--baseline omega is none of the systems"),
])
def test_usage_errors(corpus: tuple[Path, dict], args: list[str], message: str) -> None:
    folder, _ = corpus
    assert message in lin(folder, *args, status=2)


def test_stat_on_an_empty_key_is_a_notice(tmp_path: Path) -> None:
    for name in ("key.lin", "a.lin", "b.lin"):
        (tmp_path / name).write_text("")
    run = run_treeeval(["lin", "--stat", "ar", "--format", "csv", "key.lin", "a.lin", "b.lin"],
                       tmp_path)
    assert run.status == 0 and b",ar," not in run.stdout
    assert run.stderr.decode() == ("treeeval: warning: key.lin: the gold file holds no sentence: "
                                   "--stat tests nothing\n")
