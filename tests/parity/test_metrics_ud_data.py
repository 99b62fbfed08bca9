"""treeeval.metrics.UD on every UD gold/system pair of ../shared/data/ud, fed as a training
loop feeds it: sentence by sentence (a system's sentences cut otherwise than the gold ones
given with the gold sentences they cover, :mod:`ud_updates`), and on two workers merged.

* Every pair the scorers score: the numbers are ``evaluate_ud``'s on the files, bit for bit
  (per-sentence rows too), the report is the stored output of the CoNLL scorers where there
  is one (conll18 -v/-c/default, conll17 -v), and, with the conll18 oracle installed, the
  counts are its ``evaluate``'s on the same text.
* The edge cases the scorers refuse: the metric refuses them too, with the file API's
  message, unless what is wrong is the layout of the file between its sentences (a missing
  or doubled blank line ...), which sentences given one by one do not have: then the numbers
  are those of the files the sentences make.
"""

from __future__ import annotations

import functools
import importlib.util
import io
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from oracles import oracle_file
from shared_data import DATA
from ud_updates import updates

from treeeval.errors import TreeevalError
from treeeval.metrics import UD
from treeeval.ud.api import evaluate_ud
from treeeval.ud.metrics import UDScores
from treeeval.ud.report import render

UD_DATA = DATA / "ud"
EDGE = UD_DATA / "edge_cases"
#: the report modes and the stored outputs' suffixes
MODES = {"eval.txt": "default", "eval-v.txt": "verbose", "eval-c.txt": "counts"}
#: edge cases whose files the scorers refuse for their layout between sentences alone
LAYOUT = {"no-final-blank-line", "double-blank-line"}


def _pairs() -> list[tuple[str, Path, Path, bool]]:
    """(name, gold, system, conll17) of every pair under ../shared/data/ud."""
    if not UD_DATA.exists():
        return []
    found = []
    for system in sorted((UD_DATA / "conll2018" / "systems").glob("*/*.conllu")):
        gold = UD_DATA / "conll2018" / "gold" / system.name
        found.append((f"2018-{system.parent.name}-{system.stem}", gold, system, False))
    for system in sorted((UD_DATA / "conll2017").glob("*/*.conllu")):
        if system.parent.name != "gold":
            gold = UD_DATA / "conll2017" / "gold" / f"{system.stem}-ud-test.conllu"
            for conll17 in (False, True):
                found.append((f"2017-{system.parent.name}-{system.stem}-{'17' if conll17 else '18'}",
                              gold, system, conll17))
    cs_pud = UD_DATA / "udtools-cs_pud"
    found.append(("udtools-cs_pud", cs_pud / "cs_pud-gold.conllu",
                  cs_pud / "cs_pud-udpipe-pdtc-ud-2.17-251125.conllu", False))
    for gold in sorted((EDGE / "cases").glob("*.gold.conllu")):
        case = gold.name.removesuffix(".gold.conllu")
        for conll17 in (False, True):
            found.append((f"edge-{case}-{'17' if conll17 else '18'}", gold,
                          gold.with_name(f"{case}.sys.conllu"), conll17))
    return found


PAIRS = _pairs()


def streamed(gold: Path, system: Path, conll17: bool, workers: int) -> UDScores:
    """The metric fed update by update (see the module), on ``workers`` workers merged."""
    given = updates(gold.read_text(encoding="utf-8"), system.read_text(encoding="utf-8"),
                    conll17)
    size = -(-len(given) // workers) or 1
    merged = UD(conll17=conll17)
    for start in range(0, len(given), size):
        worker = UD(conll17=conll17)
        worker.flush_sentences = 500  # type: ignore[misc]  # stretches meet inside a worker too
        for gold_text, system_text in given[start:start + size]:
            worker.update(gold_text, system_text)
        merged.merge(json.loads(json.dumps(worker.state())))
    return merged.compute()


def assert_same(actual: UDScores, expected: UDScores) -> None:
    assert actual.scores == expected.scores
    for name, rows in expected.per_sentence.items():
        assert np.array_equal(actual.per_sentence[name], rows), name


def stored_outputs(name: str, gold: Path, system: Path, conll17: bool) -> dict[str, str]:
    """The stored outputs of the CoNLL scorers for a pair, by report mode."""
    outputs = {}
    if name.startswith("edge-"):
        case = gold.name.removesuffix(".gold.conllu")
        text = (EDGE / "results" / f"{case}.{'conll17' if conll17 else 'conll18'}.txt").read_text(
            encoding="utf-8")
        _, status, output = text.split("\n", 2)
        if status == "exit=0":
            outputs["verbose"] = output
        counts = EDGE / "results" / f"{case}.conll18-counts.txt"
        if counts.exists() and not conll17:
            outputs["counts"] = counts.read_text(encoding="utf-8")
        return outputs
    if conll17:
        path = system.with_name(f"{system.stem}.eval17-v.txt")
        return {"verbose": path.read_text(encoding="utf-8")} if path.exists() else {}
    for suffix, mode in MODES.items():
        path = system.with_name(f"{system.stem}.{suffix}")
        if path.exists():
            outputs[mode] = path.read_text(encoding="utf-8")
    return outputs


def file_api(gold: Path, system: Path, conll17: bool) -> UDScores | TreeevalError:
    try:
        return evaluate_ud(str(gold), str(system), conll17=conll17)
    except TreeevalError as error:
        return error


def joined(gold: Path, system: Path, conll17: bool) -> UDScores:
    """The file API on the files the updates make (each sentence closed by one blank line)."""
    given = updates(gold.read_text(encoding="utf-8"), system.read_text(encoding="utf-8"),
                    conll17)
    data = ["".join(texts).encode() for texts in zip(*given)]
    return evaluate_ud("gold", "system", conll17=conll17, gold_data=data[0],
                       system_data=data[1])


@pytest.mark.parametrize(("name", "gold", "system", "conll17"), PAIRS, ids=[p[0] for p in PAIRS])
def test_streamed_is_the_file_api_and_the_stored_outputs(name: str, gold: Path, system: Path,
                                                         conll17: bool) -> None:
    expected = file_api(gold, system, conll17)
    if isinstance(expected, TreeevalError):
        if "The concatenation of tokens" in str(expected):
            with pytest.raises(TreeevalError, match="must spell the same text"):
                streamed(gold, system, conll17, 1)
            return
        case = gold.name.removesuffix(".gold.conllu")
        if case in LAYOUT:
            assert_same(streamed(gold, system, conll17, 2), joined(gold, system, conll17))
            return
        with pytest.raises(TreeevalError) as caught:
            streamed(gold, system, conll17, 1)
        assert caught.value.message == expected.message  # type: ignore[attr-defined]
        return
    for workers in (1, 2):
        result = streamed(gold, system, conll17, workers)
        assert_same(result, expected)
    for mode, output in stored_outputs(name, gold, system, conll17).items():
        assert render(result.scores, mode, "conll17" if conll17 else "conll18") == output, mode


@functools.cache
def reference(scorer: str) -> ModuleType:
    """The CoNLL scorer imported as a module, from the file ``oracle --where`` names."""
    spec = importlib.util.spec_from_file_location(f"reference_{scorer}", oracle_file(scorer))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("name", "gold", "system", "conll17"),
                         [pair for pair in PAIRS if not pair[0].startswith("edge-")],
                         ids=[pair[0] for pair in PAIRS if not pair[0].startswith("edge-")])
def test_streamed_is_the_conll_scorer(name: str, gold: Path, system: Path, conll17: bool) -> None:
    module = reference("conll17" if conll17 else "conll18")
    given = updates(gold.read_text(encoding="utf-8"), system.read_text(encoding="utf-8"),
                    conll17)
    texts = ["".join(side) for side in zip(*given)]
    scores = module.evaluate(module.load_conllu(io.StringIO(texts[0])),
                             module.load_conllu(io.StringIO(texts[1])))
    result = streamed(gold, system, conll17, 2)
    assert set(scores) == set(result.scores)
    for metric, score in scores.items():
        mine = result.scores[metric]
        if hasattr(score, "correct"):  # conll18 keeps the counts, conll17 the rates alone
            assert (mine.correct, mine.gold, mine.system, mine.aligned) == (
                score.correct, score.gold_total, score.system_total, score.aligned_total), metric
        assert rates(mine.correct, mine.gold, mine.system, mine.aligned) == (
            score.precision, score.recall, score.f1, score.aligned_accuracy), metric


def rates(correct: int, gold: int, system: int, aligned: int | None) -> tuple:
    """The CoNLL scorers' Score rates of counts, computed as they compute them."""
    return (correct / system if system else 0.0, correct / gold if gold else 0.0,
            2 * correct / (system + gold) if system + gold else 0.0,
            correct / aligned if aligned else aligned)
