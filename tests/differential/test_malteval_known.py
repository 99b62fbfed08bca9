"""``treeeval dep`` against the MaltEval 1.0 jar on the divergences once known, each with
random variants: the ``self`` metric's table, the order of several parsed files,
cross-validation summaries, several GroupBy values with ``--details``, cut tables (Frame and
others), ``--stat 1`` under every grouping, ``--details 0`` given, and Sentence's ``id``.

Every case writes a gold file and parsed files (a random subset of a real CoNLL-X pair, or
generated trees) into its folder and runs both programs there, with MaltEval's arguments
alone.  When MaltEval aborts (``Evaluation aborted``, exit status 0), treeeval must fail with
one ``treeeval: error:`` line (docs/differences.md).
``TREEEVAL_DIFF_CASES`` is the number of cases of each of the eight items.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from dependency_cases import Sentence, perturb, random_sentence, real_subset, write_conll
from harness import Run, assert_same, case_ids, case_random, run_oracle, run_treeeval

#: how MaltEval says it gave up
ABORTED = b"Evaluation aborted"
TWO_SIDED = ["Deprel", "ArcDirection", "ArcDepth", "ArcProjectivity", "BranchingFactor",
             "Frame", "RelationLength", "GroupedRelationLength"]
ACCURACY = ["Wordform", "Cpostag", "Postag", "SentenceLength", "StartWordPosition"]
METRICS = ["LAS", "UAS", "LA", "AnyRight", "BothWrong", "LabelWrong", "DirectionRight"]
#: a case: the file names and sentences to write, and MaltEval's arguments
Case = tuple[dict[str, list[Sentence]], list[str]]


def _clean(sentences: list[Sentence]) -> list[Sentence]:
    """Sentences with PHEAD and PDEPREL ``_`` (a parser file's ``-`` makes MaltEval abort)."""
    return [[row[:8] + ["_", "_"] for row in sentence] for sentence in sentences]


def treebanks(rng: random.Random, parsers: int) -> tuple[list[Sentence], list[list[Sentence]]]:
    """A gold treebank and ``parsers`` parsed versions: real sentences or generated trees."""
    if rng.random() < 0.6:
        _, gold, parsed = real_subset(rng, size=rng.choice([2, 3, 5, 10, 20]), parsers=2)
        parsed = [_clean(p) for p in parsed]
        while len(parsed) < parsers:
            parsed.append([perturb(rng, sentence) for sentence in gold])
        return _clean(gold), parsed[:parsers]
    gold = [random_sentence(rng) for _ in range(rng.randint(1, 6))]
    return gold, [[perturb(rng, sentence) for sentence in gold] for _ in range(parsers)]


def _metrics(rng: random.Random, extra: list[str] = ()) -> list[str]:
    chosen = rng.sample(METRICS + list(extra), rng.choice([1, 1, 2]))
    return ["--Metric", ";".join(chosen)]


def _switches(rng: random.Random, names: list[str]) -> list[str]:
    args: list[str] = []
    for name in names:
        if rng.random() < 0.3:
            args += [f"--{name}", rng.choice(["0", "1"])]
    return args


def _parameters(rng: random.Random) -> list[str]:
    """Sometimes a few more parameters, some with two values (their Hashtable order, merging
    and the column suffixes of merged tables)."""
    if rng.random() < 0.6:
        return []
    choices = {"ExcludeDeprels": [";punct", "punct", "det|case"], "ExcludeCpostags": [";PUNCT", "DET"],
               "ExcludeLemmas": ["a;b"], "ExcludeFeats": ["x;y", "_"], "ExcludeWordforms": [";the", "."],
               "ExcludePostags": [";NN"], "ExcludePdeprels": ["q;r"], "ExcludeUnicodePunc": ["0;1", "1"],
               "MinSentenceLength": ["0;3", "2"], "MaxSentenceLength": ["0;6", "10"]}
    args: list[str] = []
    for name in rng.sample(sorted(choices), rng.randint(1, 5)):
        args += [f"--{name}", rng.choice(choices[name])]
    return args


def _single(rng: random.Random, parsers: int = 1) -> tuple[dict[str, list[Sentence]], list[str]]:
    gold, parsed = treebanks(rng, parsers)
    names = [f"p{i}.conll" for i in range(1, parsers + 1)]
    return {"g.conll": gold, **dict(zip(names, parsed))}, ["-g", "g.conll", "-s", *names]


def self_case(rng: random.Random) -> Case:
    files, args = _single(rng)
    grouping = rng.choice(["Token", "Sentence"] + TWO_SIDED + ACCURACY)
    fmt = rng.choice(["", "", ":all", ":fscore|precision", ":recall-3"])
    if grouping in ("Token", "Sentence") + tuple(ACCURACY):
        fmt = rng.choice(["", ":all"])
    metric = rng.choice(["self", "self", f"self;{rng.choice(METRICS)}", grouping])
    return files, args + ["--Metric", metric, "--GroupBy", grouping + fmt] + _switches(
        rng, ["details", "merge-tables", "header-info"])


def order_case(rng: random.Random) -> Case:
    gold, parsed = treebanks(rng, rng.randint(2, 3))
    names = rng.sample(["b.conll", "a.conll", "c.conll", "B.conll", "a10.conll", "a2.conll"],
                       len(parsed))
    files = {"g.conll": gold, **dict(zip(names, parsed))}
    if rng.random() < 0.3:  # a directory: its files are sorted
        return {f"dir/{name}": sentences for name, sentences in files.items()
                if name != "g.conll"} | {"g.conll": gold}, ["-g", "g.conll", "-s", "dir/"]
    return files, ["-g", "g.conll", "-s", *names] + (["--stat", "1"] if rng.random() < 0.3
                                                     else [])


def cross_case(rng: random.Random) -> Case:
    gold, (parsed,) = treebanks(rng, 1)
    folds = rng.randint(2, min(3, len(gold))) if len(gold) > 1 else 1
    if folds < 2:
        gold, parsed = gold + gold, parsed + parsed
        folds = 2
    bounds = sorted(rng.sample(range(1, len(gold)), folds - 1))
    pieces = list(zip([0] + bounds, bounds + [len(gold)]))
    files: dict[str, list[Sentence]] = {}
    for i, (start, end) in enumerate(pieces, 1):
        files[f"g{i}.conll"], files[f"p{i}.conll"] = gold[start:end], parsed[start:end]
    grouping = ";".join(rng.sample(["Token", "Sentence", "Deprel", "Cpostag", "ArcDirection"],
                                   rng.choice([1, 1, 2])))
    return files, (["-g", *[f"g{i}.conll" for i in range(1, folds + 1)],
                    "-s", *[f"p{i}.conll" for i in range(1, folds + 1)],
                    "--GroupBy", grouping] + _metrics(rng) + _parameters(rng)
                   + _switches(rng, ["micro-average", "details", "header-info", "tab"]))


def groupby_details_case(rng: random.Random) -> Case:
    files, args = _single(rng)
    groupings = rng.sample(["Token", "Sentence"] + TWO_SIDED + ACCURACY, rng.randint(2, 3))
    if rng.random() < 0.3:  # the same grouping twice: one evaluation, the last format
        groupings.append(groupings[0] + ":all")
    return files, args + ["--GroupBy", ";".join(groupings), "--details",
                          rng.choice(["0", "1"])] + _metrics(rng) + _parameters(rng) + _switches(
        rng, ["merge-tables", "header-info"])


def cut_case(rng: random.Random) -> Case:
    files, args = _single(rng)
    grouping = rng.choice(["Frame", "Frame", "Deprel", "Sentence", "Cpostag"])
    attribute = rng.choice({"Sentence": ["accuracy", "correctcounter", "exactmatch"],
                            "Cpostag": ["accuracy", "counter"]}.get(
        grouping, ["parseraccuracy", "treebankcounter", "parsercounter"]))
    fmt = rng.choice(["", "all|"]) + attribute + rng.choice("+-") + str(rng.randint(0, 6))
    return files, args + ["--GroupBy", f"{grouping}:{fmt}"] + _metrics(rng) + _switches(
        rng, ["details", "merge-tables", "header-info", "tab"])


def stat_case(rng: random.Random) -> Case:
    files, args = _single(rng, rng.randint(2, 3))
    grouping = rng.choice(["Token", "Token:accuracy-4", "Sentence", "Sentence:exactmatch",
                           "Sentence:all", "Deprel:all", "Cpostag:all", "ArcDirection",
                           "Token;Sentence"])
    # (sorting Token rows with undefined cells makes MaltEval fail: docs/differences.md)
    extra = ["--ExcludeDeprels", rng.choice([";punct", "punct", "det"])] \
        if rng.random() < 0.3 and "-" not in grouping else []
    if rng.random() < 0.1:  # nothing left: every column is tested
        extra += ["--MaxSentenceLength", "1"]
    return files, args + ["--stat", "1", "--GroupBy", grouping] + _metrics(rng) + extra \
        + _switches(rng, ["details", "header-info"])


def details0_case(rng: random.Random) -> Case:
    files, args = _single(rng)
    grouping = rng.choice(["Token", "Sentence"] + TWO_SIDED + ACCURACY)
    fmt = rng.choice(["", ":all", ""])
    return files, args + ["--GroupBy", grouping + fmt, "--details", "0"] + _metrics(rng) \
        + _switches(rng, ["header-info", "row-header"])


def sentence_id_case(rng: random.Random) -> Case:
    files, args = _single(rng)
    fmt = rng.choice(["id", "id|accuracy", "all", "id+", "id-2", "accuracy|id-3", "exactmatch|id"])
    extra = ["--MinSentenceLength", str(rng.randint(0, 5))] if rng.random() < 0.4 else []
    return files, args + ["--GroupBy", f"Sentence:{fmt}"] + _metrics(rng) + extra + _switches(
        rng, ["details", "header-info"])


ITEMS: dict[str, Callable[[random.Random], Case]] = {
    "self": self_case, "order": order_case, "cross": cross_case,
    "groupby-details": groupby_details_case, "cut": cut_case, "stat": stat_case,
    "details0": details0_case, "sentence-id": sentence_id_case}


def assert_error(reference: Run, ours: Run, where: str) -> None:
    """MaltEval aborted: treeeval must fail with one ``treeeval: error:`` line."""
    lines = ours.stderr.decode("utf-8", "replace").splitlines()
    errors = [line for line in lines if line.startswith("treeeval: error:")]
    if ours.status in (1, 2) and len(errors) == 1 and lines[0] == errors[0]:
        return
    aborted = (reference.stdout + reference.stderr).decode("utf-8", "replace").strip()
    pytest.fail(f"divergence: {where}\nMaltEval aborted ({aborted[-300:]}), treeeval exited "
                f"{ours.status}:\n" + ours.stderr.decode("utf-8", "replace")[:2000]
                + ours.stdout.decode("utf-8", "replace")[:2000], pytrace=False)


@pytest.mark.differential(oracle="malteval")
@pytest.mark.parametrize("case", case_ids(8))  # per item: 64 cases in CI, about 35 s
@pytest.mark.parametrize("item", sorted(ITEMS))
def test_malteval_known(item: str, case: int, tmp_path: Path) -> None:
    files, args = ITEMS[item](case_random(f"malteval-known-{item}", case))
    for name, sentences in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        write_conll(tmp_path / name, sentences)
    reference = run_oracle("malteval", args, tmp_path, timeout=120)
    ours_args = ["dep", *args]
    ours = run_treeeval(ours_args, tmp_path)
    name = f"{item} case {case}"
    if ABORTED in reference.stdout + reference.stderr:
        assert_error(reference, ours, f"{name} in {tmp_path}: {' '.join(args)}")
        return
    assert_same(reference, ours, name, ["treeeval", *ours_args], tmp_path)
