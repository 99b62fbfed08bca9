"""One JSON style across commands (issue 15): every ``--json`` document, every ``--format
json`` table and every ``--per-sentence`` JSON line of ``bracket``, ``dep``, ``lin``, ``ud``,
``errors`` and ``task``, written on small inline fixtures, walked key by key.

* a key is snake_case (``^[a-z][a-z0-9_]*$``), or a name as the reports print it: a metric
  (:data:`METRIC_NAMES`: ``LAS``, ``MLAS``, ``UAS`` ...) or a value of the data (a
  dependency or bracket label, a treebank or team name) under a key that maps names to
  values (:data:`NAME_MAPS`: ``scores``, ``per_label``, ...), each listed here and in
  docs/architecture.md ("JSON");
* every number under a key named like a rate (``..._rate``, ``score``, ``f1``,
  ``precision``, ``recall``, ``accuracy``, ``fmeasure``, a metric name) is a percent, in
  [0, 100] (86.25, not 0.8625).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.dep.metrics import METRICS
from treeeval.ud.metrics import CONLL17_METRICS, CONLL18_METRICS

#: the metric names as the reports print them (keys that are not snake_case): the CoNLL
#: 2018 and 2017 scorers' rows, MaltEval's Metric values, Lin's error count
METRIC_NAMES = {*CONLL18_METRICS, *CONLL17_METRICS, "WeightedLAS", "ELAS", "EULAS", *METRICS,
                "Lin errors"}
#: the keys whose object maps names of the data (labels, treebanks, teams, metrics) to values
NAME_MAPS = {"averages", "failed", "groups", "overall"}
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
#: a key whose number is a rate, in percent
RATE = re.compile(r"(^|_)(rate|ratio|score|f1|precision|recall|accuracy|fmeasure)($|_)")

GOLD_TREES = "(TOP (S (NP (DT a) (NN b)) (VP (VB c)) (. .)))\n(TOP (S (NP (NN d)) (VP (VB e))))\n"
TEST_TREES = "(TOP (S (DT a) (X (NN b) (VB c)) (. .)))\n(TOP (S (NP (NN d)) (VP (VB e))))\n"


def row(index: int, form: str, head: int, deprel: str, upos: str = "NOUN") -> str:
    return "\t".join(map(str, (index, form, form.lower(), upos, upos, "_", head, deprel, "_",
                               "_"))) + "\n"


GOLD_ARCS = (row(1, "Dogs", 2, "nsubj") + row(2, "bark", 0, "root", "VERB")
             + row(3, "loudly", 2, "advmod", "ADV") + row(4, ".", 2, "punct", "PUNCT") + "\n"
             + row(1, "Cats", 2, "nsubj") + row(2, "sleep", 0, "root", "VERB") + "\n")
SYSTEM_ARCS = GOLD_ARCS.replace("2\tadvmod", "1\tadvmod").replace("2\tnsubj", "2\tobj", 1)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Trees, CoNLL-X and CoNLL-U files, and a shared task (gold/, systems/TEAM/)."""
    path = tmp_path_factory.mktemp("json")
    files = {"gold.mrg": GOLD_TREES, "test.mrg": TEST_TREES, "gold.conll": GOLD_ARCS,
             "sys.conll": SYSTEM_ARCS, "gold.conllu": GOLD_ARCS, "sys.conllu": SYSTEM_ARCS,
             "gold/en_one.conllu": GOLD_ARCS, "systems/alpha/en_one.conllu": SYSTEM_ARCS,
             "systems/HIT-SCIR/en_one.conllu": GOLD_ARCS}
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")
    return path


#: every command line that writes JSON on stdout (``--per-sentence`` lines: PER_SENTENCE)
DOCUMENTS = {
    "bracket --json": ["bracket", "--json", "--per-label", "-p", "COLLINS.prm", "gold.mrg",
                       "test.mrg"],
    "bracket --json, two systems": ["bracket", "--json", "gold.mrg", "test.mrg", "gold.mrg"],
    "bracket --format json": ["bracket", "--format", "json", "--stat", "ar", "--resamples", "20",
                              "gold.mrg", "test.mrg", "gold.mrg"],
    "dep --json": ["dep", "--json", "--resamples", "20", "gold.conll", "sys.conll", "gold.conll"],
    "dep --format json": ["dep", "--format", "json", "--stat", "bootstrap", "--resamples", "20",
                          "gold.conll", "sys.conll", "gold.conll"],
    "lin --json": ["lin", "--json", "gold.mrg", "test.mrg", "gold.mrg"],
    "lin --json, arcs": ["lin", "--json", "gold.conll", "sys.conll"],
    "lin --format json": ["lin", "--format", "json", "--stat", "ar", "--resamples", "20",
                          "gold.mrg", "test.mrg", "gold.mrg"],
    "ud --json": ["ud", "--json", "gold.conllu", "sys.conllu"],
    "disco --json": ["disco", "--json", "--fmt=bracket", "--la", "--ted", "gold.mrg",
                     "test.mrg"],
    "disco --format json": ["disco", "--format", "json", "--stat", "ar", "--resamples", "20",
                            "--fmt=bracket", "--param", "none", "gold.mrg", "test.mrg",
                            "gold.mrg"],
    "ud --json --callin": ["ud", "--json", "--callin", "gold.conllu", "sys.conllu"],
    "ud --json --conll17": ["ud", "--json", "--conll17", "gold.conllu", "sys.conllu"],
    "dep --json, every metric": ["dep", "--json", "--resamples", "20", "--Metric",
                                 ";".join(name for name in METRICS if name != "LAS"),
                                 "gold.conll", "sys.conll"],
    "ud --json, two systems": ["ud", "--json", "gold.conllu", "sys.conllu", "gold.conllu"],
    "ud --json, pairs": ["ud", "--json", "gold.conllu:sys.conllu", "gold.conllu:gold.conllu"],
    "ud --format json": ["ud", "--format", "json", "--stat", "bootstrap", "--resamples", "20",
                         "gold.conllu", "sys.conllu", "gold.conllu"],
    "errors --json": ["errors", "--json", "gold.mrg", "test.mrg", "gold.mrg"],
    "errors --format json": ["errors", "--format", "json", "gold.mrg", "test.mrg", "gold.mrg"],
    "task --json": ["task", "--json", "gold", "systems"],
    "task --format json": ["task", "--format", "json", "gold", "systems"],
}
PER_SENTENCE = {
    "bracket --per-sentence": ["bracket", "--per-sentence", "out.jsonl", "gold.mrg", "test.mrg"],
    "errors --per-sentence": ["errors", "--per-sentence", "out.jsonl", "gold.mrg", "test.mrg"],
}


def walk(value: object, path: str = "") -> Iterator[tuple[str, str, object, bool]]:
    """Every (path, key, value, in a name map) of a JSON value, depth first."""
    if isinstance(value, dict):
        named = path.rsplit(".", 1)[-1] in NAME_MAPS
        for key, item in value.items():
            yield f"{path}.{key}", key, item, named
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}[{index}]")


def numbers(value: object) -> Iterator[float]:
    """The numbers of a value and of the lists in it (an interval: ``[low, high]``)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from numbers(item)


def rates(document: object) -> Iterator[tuple[str, float]]:
    """Every (path, number) of a document under a key named like a rate or a metric."""
    for path, key, value, _ in walk(document):
        if RATE.search(key) or key in METRIC_NAMES:
            yield from ((path, number) for number in numbers(value))


def problems(document: object) -> list[str]:
    """The keys out of style and the rates out of [0, 100] of a document."""
    found = [f"key {path}" for path, key, _, named in walk(document)
             if not (SNAKE.match(key) or key in METRIC_NAMES or named)]
    return found + [f"rate {path} = {number}" for path, number in rates(document)
                    if not 0 <= number <= 100]


def documents(folder: Path, args: list[str]) -> list[object]:
    run = run_treeeval(args, folder)
    assert run.status == 0, run.stderr.decode()
    if "--per-sentence" in args:
        lines = (folder / "out.jsonl").read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines]
    return [json.loads(run.stdout)]


@pytest.mark.parametrize("name", [*DOCUMENTS, *PER_SENTENCE])
def test_keys_are_snake_case_and_rates_are_percent(folder: Path, name: str) -> None:
    for document in documents(folder, {**DOCUMENTS, **PER_SENTENCE}[name]):
        assert problems(document) == [], name
        found = [number for _, number in rates(document)]
        # the fixtures' scores are 50-100 %: all of them at most 1 would be fractions
        assert not found or max(found) > 1, name


def test_the_checks_find_a_key_out_of_style_and_a_rate_out_of_range() -> None:
    assert problems({"scores": {"LAS": {"f1": 1.5}}, "perLabel": {}, "recall": 0.5}) == [
        "key .perLabel"]
    assert problems({"LAS": 186.0, "tokens": 5000}) == ["rate .LAS = 186.0"]
    assert problems({"averages": {"HIT-SCIR": {"LAS": 80.0}},
                     "score_intervals": [[0.5, 0.75], [70.0, 101.0]]}) == [
        "rate .score_intervals = 101.0"]


def test_the_names_are_those_docs_compare_md_lists() -> None:
    text = " ".join((Path(__file__).resolve().parents[3] / "docs" / "compare.md")
                    .read_text(encoding="utf-8").split())
    start = text.index("**One JSON style.**")
    listed = text[start:text.index(" ## ", start)]
    for name in sorted(METRIC_NAMES | NAME_MAPS):
        assert f"`{name}`" in listed, name


def test_every_command_with_json_is_walked() -> None:
    from treeeval.policy.envelope import COMMANDS

    walked = {args[0] for args in [*DOCUMENTS.values(), *PER_SENTENCE.values()]}
    assert set(COMMANDS) - {"table"} <= walked
