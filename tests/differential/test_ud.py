"""``treeeval ud`` against conll18_ud_eval.py and conll17_ud_eval.py on generated cases.

Each case is a gold subset of a real UD test set and a system file perturbed from it
(:mod:`ud_cases`), or a stretch of a real system's output, sometimes with an error the
scorers refuse.  One pair: stdout and exit status must be the reference's, in the default,
``-v`` and ``-c`` modes (conll18) or the default, ``-v`` and ``-w`` modes (conll17, run as
``treeeval ud --conll17``).  Several pairs: each pair's report must be the reference's on
that pair, and the macro-average (or ``--json``) the mean computed here from the reference's
own scores.  Where the reference refuses a file with its UDError, treeeval must exit 1 with
one ``treeeval: error: FILE:LINE: message`` line carrying the same message (and line).
Some cases read the files in tiny blocks, so that pairs are scored in many pieces.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import re
from pathlib import Path
from types import ModuleType

import pytest
import ud_cases
from harness import Run, assert_same, case_ids, case_random, require_data, run_oracle, run_treeeval
from oracles import oracle_file

from treeeval.ud.readers import reading

#: CI cases per oracle (the whole test stays under about 60 s on the shared machine)
CI_CASES = 90

#: metric rows of each scorer, and the default lines (metric, label)
METRICS = {"conll18": ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags",
                       "Lemmas", "UAS", "LAS", "CLAS", "MLAS", "BLEX"),
           "conll17": ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "Feats", "AllTags",
                       "Lemmas", "UAS", "LAS", "CLAS")}
DEFAULT_LINES = {"conll18": (("LAS", "LAS F1 Score"), ("MLAS", "MLAS Score"),
                             ("BLEX", "BLEX Score")),
                 "conll17": (("LAS", "LAS F1 Score"),)}
_ERROR_LINE = re.compile(r"treeeval: error: (?P<path>[^:\n]+):(?P<line>\d+): (?P<message>[^\n]*)\n")


@pytest.mark.differential(oracle="conll18")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_conll18(case: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_case("conll18", case, tmp_path, monkeypatch)


@pytest.mark.differential(oracle="conll17")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_conll17(case: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_case("conll17", case, tmp_path, monkeypatch)


def run_case(scorer: str, case: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_data("ud")
    rng = case_random(scorer, case)
    if rng.random() < 0.3:  # read in tiny blocks: the pair is scored in many pieces
        monkeypatch.setattr(reading, "BLOCK_BYTES", rng.choice((1, 40, 300, 2000)))
    options = draw_options(scorer, rng, tmp_path)
    if rng.random() < 0.15:
        several_pairs(scorer, f"{scorer} case {case}", rng, options, tmp_path)
    else:
        gold, system = write_pair(scorer, rng, tmp_path, "gold.conllu", "system.conllu")
        one_pair(scorer, f"{scorer} case {case}", options, gold, system, tmp_path,
                 as_json=rng.random() < 0.2, files_first=rng.random() < 0.2)


def draw_options(scorer: str, rng: random.Random, folder: Path) -> list[str]:
    """The scorer's options: -v and -c (conll18), -v and -w WEIGHTS (conll17)."""
    if scorer == "conll18":
        return rng.choice(([], [], ["-v"], ["-c"], ["-v", "-c"], ["-c", "-v"], ["--verbose"],
                           ["--counts"]))
    options = rng.choice(([], [], ["-v"], ["-w"], ["-v", "-w"], ["--weights"], ["--verbose"]))
    if "-w" in options or "--weights" in options:
        write_weights(rng, folder / "weights.txt")
        options = options + ["weights.txt"]
    return options


def write_weights(rng: random.Random, path: Path) -> None:
    """A WeightedLAS weights file: comments, blank lines, repeated and subtyped relations."""
    relations = ("nsubj", "obj", "punct", "aux", "case", "det", "nmod", "root", "obl:arg",
                 "advmod", "conj", "cc", "ROOT", "dep")
    lines = ["# weights"]
    for _ in range(rng.randrange(0, 8)):
        relation = rng.choice(relations)
        weight = rng.choice(("0", "0.1", "0.3", "1", "2.5", "1e-3", "-1", "7"))
        lines.append(rng.choice((f"{relation} {weight}", f"{relation}\t{weight}",
                                 f"  {relation}   {weight}  ", "", "#x 1")))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_pair(scorer: str, rng: random.Random, folder: Path, gold_name: str,
               system_name: str) -> tuple[str, str]:
    """A gold and a system file in ``folder`` (see :mod:`ud_cases`)."""
    draw = rng.random()
    if draw < 0.01:
        gold_path, system_path = ud_cases.whole_real_pair(rng)
        (folder / gold_name).write_bytes(gold_path.read_bytes())
        (folder / system_name).write_bytes(system_path.read_bytes())
        return gold_name, system_name
    real = ud_cases.draw_real(rng) if draw < 0.15 else None
    if real is not None:
        gold, system = real
        if rng.random() < 0.3:
            system = ud_cases.perturb(system, rng, operations=rng.randrange(1, 4))
    else:
        gold = ud_cases.draw_gold(rng)
        if rng.random() < 0.3:
            ud_cases.tweak_gold(gold, rng)
        system = ud_cases.perturb(gold, rng)
        # the perturbations keep the text (conll17 keeps other spaces than ASCII ones, so
        # there they may part it): errors come from inject_error alone
        assert scorer == "conll17" or ud_cases.text(system) == ud_cases.text(gold)
    gold_text, system_text = ud_cases.render(gold), ud_cases.render(system)
    if rng.random() < 0.1:
        if rng.random() < 0.8:
            system_text = ud_cases.inject_error(system_text, rng)
        else:
            gold_text = ud_cases.inject_error(gold_text, rng)
    if rng.random() < 0.05:  # Windows line ends (the scorers read universal newlines)
        gold_text, system_text = (t.replace("\n", "\r\n") if rng.random() < 0.5 else t
                                  for t in (gold_text, system_text))
    (folder / gold_name).write_text(gold_text, encoding="utf-8")
    (folder / system_name).write_text(system_text, encoding="utf-8")
    return gold_name, system_name


def treeeval_args(scorer: str, options: list[str], files: list[str]) -> list[str]:
    return ["ud"] + (["--conll17"] if scorer == "conll17" else []) + options + files


def one_pair(scorer: str, case: str, options: list[str], gold: str, system: str,
             folder: Path, as_json: bool = False, files_first: bool = False) -> None:
    """One pair: the reference's stdout and status; its UDError as one located line (the
    options before the files, or after them with ``files_first``)."""
    order = [gold, system, *options] if files_first else [*options, gold, system]
    reference = run_oracle(scorer, order, folder)
    args = treeeval_args(scorer, [], order)
    ours = run_treeeval(args, folder)
    assert_same(reference, ours, case, ["treeeval", *args], folder)
    if reference.status:
        expected = reference_error(reference.stderr.decode("utf-8", "replace"), gold, system)
        check_errors(ours.stderr.decode("utf-8", "replace"), [expected], case)
        return
    assert ours.stderr == b"", ours.stderr
    if as_json:  # the same pair as JSON: every count and ratio the reference's
        weights = folder / options[-1] if options[-1:] == ["weights.txt"] else None
        scores = reference_scores(scorer, folder / gold, folder / system, weights)
        args = treeeval_args(scorer, options + ["--json"], [gold, system])
        document = json.loads(run_treeeval(args, folder).stdout)
        check_metrics(document["pairs"][0]["metrics"], scores, f"{case} --json")


def reference_error(stderr: str, gold: str, system: str) -> tuple[str, str, int | None]:
    """The file, message and line of the reference's UDError (a test failure for any other
    crash: the generator must not produce the reference defects of docs/differences.md)."""
    if "UDError: " not in stderr:
        pytest.fail(f"the reference crashed without a UDError:\n{stderr[-2000:]}", pytrace=False)
    message = stderr.rsplit("UDError: ", 1)[1].rstrip("\n").replace("\n", " ")
    line = None
    located = re.fullmatch(r"(.*) at line (\d+)", message)
    quoted = re.fullmatch(r"(.*) at line (\d+)(: '.*')", message, re.S)
    if quoted and not located:
        message, line = quoted.group(1) + quoted.group(3), int(quoted.group(2))
    elif located and not message.endswith("'"):
        message, line = located.group(1), int(located.group(2))
    loading_system = "system_ud = load_conllu_file" in stderr
    concatenation = message.startswith("The concatenation of tokens")
    return (system if loading_system or concatenation else gold), message, line


def check_errors(stderr: str, expected: list[tuple[str, str, int | None]], case: str) -> None:
    """treeeval's stderr: one ``treeeval: error: FILE:LINE: message`` line per refusal."""
    lines = [line + "\n" for line in stderr.split("\n")[:-1]]  # a FORM may hold \x85, \u2028
    assert "".join(lines) == stderr, f"{case}: stderr {stderr!r} does not end with a newline"
    assert len(lines) == len(expected), f"{case}: stderr {stderr!r}, expected {expected}"
    for line, (path, message, number) in zip(lines, expected):
        match = _ERROR_LINE.fullmatch(line)
        assert match, f"{case}: not a located one-line error: {line!r}"
        assert (match["path"], match["message"]) == (path, message), f"{case}: {line!r}"
        if number is not None:
            assert int(match["line"]) == number, f"{case}: {line!r}, reference line {number}"


# --- several treebanks ---------------------------------------------------------------------

@functools.cache
def reference_module(scorer: str) -> ModuleType:
    """The reference scorer imported as a module (for its exact per-pair scores), from the
    file ``oracle --where SCORER`` names."""
    spec = importlib.util.spec_from_file_location(f"reference_{scorer}", oracle_file(scorer))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference_scores(scorer: str, gold: Path, system: Path, weights: Path | None) -> dict | None:
    """The reference's Score objects for a pair, or None where it raises its UDError."""
    module = reference_module(scorer)
    try:
        gold_ud = module.load_conllu_file(str(gold))
        system_ud = module.load_conllu_file(str(system))
        if scorer == "conll17":
            table = None
            if weights is not None:
                with open(weights, encoding="utf-8") as stream:
                    table = module.load_deprel_weights(stream)
            return module.evaluate(gold_ud, system_ud, table)
        return module.evaluate(gold_ud, system_ud)
    except module.UDError:
        return None


def several_pairs(scorer: str, case: str, rng: random.Random, options: list[str],
                  folder: Path) -> None:
    """Several GOLD:SYSTEM pairs: each report is the reference's on its pair, the
    macro-average the mean of the reference's F1 scores (a refused pair counting 0)."""
    as_json = rng.random() < 0.25
    count = rng.randrange(2, 5)
    folders = rng.random() < 0.3  # GOLD_DIR SYSTEM_DIR, paired by file name
    if folders:
        (folder / "gold").mkdir()
        (folder / "sys").mkdir()
        names = [(f"gold/tb{i}.conllu", f"sys/tb{i}.conllu") for i in range(count)]
    else:
        names = [(f"g{i}.conllu", f"s{i}.conllu") for i in range(count)]
    pairs = [write_pair(scorer, rng, folder, *pair) for pair in names]
    weights = folder / options[-1] if options[-1:] == ["weights.txt"] else None
    metrics = METRICS[scorer] + (("WeightedLAS",) if weights else ())
    verbose = bool(set(options) & {"-v", "-c", "-w", "--verbose", "--counts", "--weights"})
    averaged = metrics if verbose else tuple(m for m, _ in DEFAULT_LINES[scorer])
    blocks, errors, f1 = [], [], {m: 0.0 for m in averaged}
    documents = []
    for gold, system in pairs:
        scores = reference_scores(scorer, folder / gold, folder / system, weights)
        if scores is not None:
            for metric in averaged:
                f1[metric] += scores[metric].f1
            documents.append(scores)
        else:
            documents.append(None)
        if as_json:
            continue
        reference = run_oracle(scorer, [*options, gold, system], folder)
        assert (reference.status == 0) == (scores is not None), reference.stderr
        blocks.append(f"=== {Path(gold).stem}: {gold} {system}\n".encode())
        if reference.status:
            blocks.append(b"failed (counted as 0)\n")
            message = reference.stderr.decode("utf-8", "replace")
            errors.append(reference_error(message, gold, system))
        else:
            blocks.append(reference.stdout)
    average = {m: value / count for m, value in f1.items()}
    failed = sum(d is None for d in documents)
    args = treeeval_args(scorer, options + (["--json"] if as_json else []),
                         ["gold", "sys"] if folders else [f"{g}:{s}" for g, s in pairs])
    ours = run_treeeval(args, folder)
    if as_json:
        check_json(ours, pairs, documents, average, failed, case)
        return
    blocks.append(macro_text(scorer, average, verbose, count, failed).encode())
    expected = Run(b"".join(blocks), b"", 1 if failed else 0)
    assert_same(expected, ours, case, ["treeeval", *args], folder)
    check_errors(ours.stderr.decode("utf-8", "replace"), errors, case)


def macro_text(scorer: str, average: dict[str, float], verbose: bool, count: int,
               failed: int) -> str:
    """The macro-average block of docs/ud.md, written out here."""
    failures = f" ({failed} failed, counted as 0)" if failed else ""
    lines = [f"Macro-average over {count} treebanks{failures}:"]
    if verbose:
        lines += ["Metric     |  F1 Score", "-----------+-----------"]
        lines += [f"{metric:11}|{100 * value:10.2f}" for metric, value in average.items()]
    else:
        lines += [f"{label}: {100 * average[metric]:.2f}"
                  for metric, label in DEFAULT_LINES[scorer]]
    return "\n".join(lines) + "\n"


def check_json(ours: Run, pairs: list[tuple[str, str]], documents: list, average: dict[str, float],
               failed: int, case: str) -> None:
    """``--json``: every pair's ratios are the reference's in percent (100 x the reference's
    fraction, exactly); the macro-average too."""
    assert ours.status == (1 if failed else 0), f"{case}: {ours.stderr!r}"
    document = json.loads(ours.stdout)
    assert document["failed"] == failed, case
    assert document["macro_average"] == {name: 100 * value for name, value in average.items()}, \
        case
    for (gold, system), pair, scores in zip(pairs, document["pairs"], documents):
        assert (pair["gold"], pair["system"]) == (gold, system)
        if scores is None:
            assert pair["status"] == "error", case
            continue
        assert pair["status"] == "ok", case
        check_metrics(pair["metrics"], scores, f"{case}: {gold}")


#: the JSON fields of a metric that are rates (in percent)
RATIOS = ("precision", "recall", "f1", "aligned_accuracy")


def check_metrics(metrics: dict, scores: dict, case: str) -> None:
    """treeeval's JSON metrics against the reference's Score objects: the same rows, the
    same ratios (100 x the reference's, exactly: JSON rates are in percent) and, where the
    reference keeps them (conll18), the same counts."""
    assert list(metrics) == list(scores), case
    for metric, reference in scores.items():
        ours = metrics[metric]
        for name, field_name in (("precision", "precision"), ("recall", "recall"), ("f1", "f1"),
                                 ("aligned_accuracy", "aligned_accuracy"),
                                 ("correct", "correct"), ("gold", "gold_total"),
                                 ("system", "system_total"), ("aligned", "aligned_total")):
            if hasattr(reference, field_name):
                value = getattr(reference, field_name)
                if name in RATIOS and value is not None:
                    value = 100 * value
                assert ours[name] == value, \
                    f"{case} {metric} {name}: reference {value}, treeeval {ours[name]}"
