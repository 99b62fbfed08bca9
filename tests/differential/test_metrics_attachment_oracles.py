"""``treeeval.metrics.Attachment`` against the MaltEval 1.0 jar and eval.pl / eval07.pl
themselves, on random corpora fed sentence by sentence.

A MaltEval case draws sentences (a random subset of a real CoNLL-X pair, or generated trees
and a perturbed copy) and MaltEval's Token options (one to three Metric values, Exclude
parameters, sentence-length bounds); MaltEval runs on the two files the sentences make, and
the streamed scores must print its Row mean and Row count, or refuse what it aborts on.  An
eval.pl case (:func:`evalpl_cases.draw_case`, its files ending as the sentences make them:
a blank line after each) runs ``eval.pl -q [-p]`` (or eval07.pl), whose three scores the
streamed counts must print.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from dependency_cases import CPOS, LABELS, Sentence, perturb, random_sentence, real_subset
from evalpl_cases import draw_case
from harness import case_ids, case_random, require_data, run_oracle

from treeeval.errors import InputError
from treeeval.metrics import Attachment

TOKEN_METRICS = ["LAS", "UAS", "LA", "AnyRight", "HeadWrong", "DirectionRight",
                 "HeadToChildDistanceRight", "GroupedHeadToChildDistanceRight"]
OVERALL = re.compile(r"^  (?:Labeled   attachment score|Unlabeled attachment score|"
                     r"Label accuracy score): +(\d+) / (\d+) \* 100 = ([0-9.]+) %$", re.M)


def texts(sentences: list[Sentence]) -> list[str]:
    """Each sentence as its CoNLL lines, without the blank line after it."""
    return ["\n".join("\t".join(row) for row in sentence) for sentence in sentences]


def write(folder: Path, name: str, sentences: list[Sentence]) -> None:
    """The file the sentences make: each followed by a blank line."""
    (folder / name).write_text("".join(text + "\n\n" for text in texts(sentences)),
                               encoding="utf-8")


def streamed(metric: Attachment, gold: list[Sentence], system: list[Sentence],
             rng: random.Random) -> Attachment:
    """``metric`` fed the sentences in random batches."""
    golds, systems = texts(gold), texts(system)
    start = 0
    while start < len(golds):
        size = rng.choice([1, 2, 5, 32])
        metric.update(golds[start:start + size], systems[start:start + size])
        start += size
    return metric


def draw_malteval(rng: random.Random) -> tuple[list[Sentence], list[Sentence], dict[str, Any]]:
    """Sentences and MaltEval options (as Attachment's keywords) of one case."""
    if rng.random() < 0.6:
        _, gold, parsed = real_subset(rng, parsers=1)
        system = parsed[0]
    else:
        gold = [random_sentence(rng) for _ in range(rng.choice([1, 3, 10, 40]))]
        system = [perturb(rng, sentence) for sentence in gold]
    options: dict[str, Any] = {"metric": ";".join(rng.sample(TOKEN_METRICS, rng.randint(1, 3)))}
    if rng.random() < 0.3:
        options["ExcludeUnicodePunc"] = "1"
    if rng.random() < 0.3:
        options["ExcludeDeprels"] = "|".join(rng.sample(LABELS + ["punct", "P"], 2))
    if rng.random() < 0.2:
        options["ExcludeCpostags" if rng.random() < 0.5 else "ExcludePostags"] = "|".join(
            rng.sample(CPOS + ["NN", ",", "."], 2))
    if rng.random() < 0.15:
        options["MinSentenceLength"] = str(rng.randint(1, 5))
    if rng.random() < 0.15:
        options["MaxSentenceLength"] = str(rng.randint(3, 20))
    return gold, system, options


def token_tables(output: str) -> list[tuple[list[str], list[str], list[str]]]:
    """MaltEval's Token table: its metrics, Row means and Row counts."""
    lines = output.splitlines()
    shown = re.search(r"^Metric-> (\S+)$", output, re.M)
    for number, line in enumerate(lines):
        if line.startswith("accuracy") and line.rstrip().endswith("Token"):
            headers = re.split(r"\s{3,}", line.strip())[:-1]
            names = [h.partition("Metric:")[2] or (shown[1] if shown else "LAS") for h in headers]
            return [(names, re.split(r"\s{3,}", lines[number + 2].strip())[:len(names)],
                     re.split(r"\s{3,}", lines[number + 3].strip())[:len(names)])]
    return []


@pytest.mark.differential(oracle="malteval")
@pytest.mark.parametrize("case", case_ids(25))
def test_malteval(case: int, tmp_path: Path) -> None:
    require_data("conllx")
    rng = case_random("attachment-malteval", case)
    gold, system, options = draw_malteval(rng)
    write(tmp_path, "gold.conll", gold)
    write(tmp_path, "sys.conll", system)
    flags = [item for name, value in options.items()
             for item in ("--Metric" if name == "metric" else f"--{name}", value)]
    reference = run_oracle("malteval", ["-g", "gold.conll", "-s", "sys.conll", *flags],
                           tmp_path, timeout=120)
    output = (reference.stdout + reference.stderr).decode("utf-8", "replace")
    metric = Attachment(**options)
    where = f"case {case} in {tmp_path}: {flags}"
    if "Evaluation aborted" in output:
        with pytest.raises(InputError):
            streamed(metric, gold, system, rng).compute()
        return
    scores = streamed(metric, gold, system, rng).compute()
    [(names, means, counts)] = token_tables(output)
    assert [scores.text(name) for name in names] == means, where
    assert [str(scores.tokens)] * len(names) == counts, where


@pytest.mark.parametrize("oracle", [pytest.param(name, marks=pytest.mark.differential(oracle=name))
                                    for name in ("evalpl", "eval07")])
@pytest.mark.parametrize("case", case_ids(25))
def test_evalpl(oracle: str, case: int, tmp_path: Path) -> None:
    require_data("conllx")
    rng = case_random(f"attachment-{oracle}", case)
    drawn = draw_case(rng, oracle)
    pairs = [(g, s) for g, s in zip(drawn.gold, drawn.system) if g]  # no empty sentence
    gold, system = [g for g, _ in pairs], [s for _, s in pairs]
    punct = "p" in drawn.flags
    write(tmp_path, "gold.conll", gold)
    write(tmp_path, "sys.conll", system)
    reference = run_oracle(oracle, ["-q", *(["-p"] if punct else []), "-g", "gold.conll",
                                    "-s", "sys.conll"], tmp_path)
    metric = streamed(Attachment(report=oracle + (":p" if punct else "")), gold, system, rng)
    scores = metric.compute()
    where = f"{oracle} case {case} in {tmp_path} ({', '.join(drawn.description)})"
    if reference.status != 0:  # eval.pl divides by zero: no scoring token
        assert b"division by zero" in reference.stderr, where
        assert scores.tokens == 0, where
        return
    found = OVERALL.findall(reference.stdout.decode("utf-8"))
    assert found == [(str(scores.correct[m]), str(scores.tokens), scores.text(m))
                     for m in ("LAS", "UAS", "LA")], where
