"""``treeeval.metrics.ErrorClasses``: Kummerfeld et al.'s error classes fed tree by tree equal
``classify_errors`` on the files the trees make (the whole result: every sentence's repairs,
the class tally, the lines and the notices), however the trees come (one by one, in batches,
on workers merged through their JSON states) and in whichever form (str, bytes, nltk.Tree,
(words, spans), None); its signature is ``treeeval errors --signature``'s; wrong input is an
InputError naming the side and the sentence.  On ../shared: the classifier's sample of 13
parsers and WSJ 22 (and the classifier itself, when installed, on the sample)."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import hypothesis
import hypothesis.strategies as st
import pytest
from cli_runner import run_treeeval
from profiles import examples
from random_trees import FORMS, SIZES, corpus, fed, form_results, line
from shared_data import require

from treeeval.errorclasses.api import ErrorsResult, classify_errors
from treeeval.errorclasses.report import render
from treeeval.errors import InputError
from treeeval.metrics import ErrorClasses

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "differential"))



def file_result(gold: Sequence[str | None], predicted: Sequence[str | None],
                params: str | None = None) -> ErrorsResult:
    """``classify_errors`` on the files of these trees, one per line (None: a blank line),
    named as the metric names its sides."""
    streams = []
    for name, trees in (("gold", gold), ("predicted", predicted)):
        stream = io.BytesIO("".join(f"{tree or ''}\n" for tree in trees).encode())
        stream.name = name
        streams.append(stream)
    return classify_errors(streams[0], [streams[1]], params=params)


@hypothesis.settings(max_examples=examples(60), deadline=None)
@hypothesis.given(corpus(), st.sampled_from([None, "COLLINS.prm"]), SIZES,
                  st.sampled_from(["one", "batches", "workers"]), st.data())
def test_streamed_batched_merged_and_file(trees: tuple[list, list], params: str | None,
                                          sizes: list[int], how: str, data: st.DataObject) -> None:
    gold = [line(tree) for tree in trees[0]]
    unparsed = data.draw(st.sets(st.integers(0, len(gold) - 1), max_size=2))
    predicted = [None if index in unparsed else line(tree) for index, tree in enumerate(trees[1])]
    expected = file_result(gold, predicted, params)
    metric = fed(lambda: ErrorClasses(params), gold, predicted, how, sizes)
    assert metric.compute() == expected
    assert render(metric.compute()) == render(expected)
    state = metric.state()
    assert state["per_sentence"] == [sentence.to_dict() for sentence in expected.systems[0].sentences]
    assert state["classes"] == {c.name: [c.count, c.brackets] for c in expected.systems[0].classes}


@hypothesis.settings(max_examples=examples(25), deadline=None)
@hypothesis.given(corpus(max_size=5), st.lists(st.sampled_from(sorted(FORMS)), min_size=2,
                                               max_size=2))
def test_every_input_form(trees: tuple[list, list], forms: list[str]) -> None:
    gold, predicted = trees
    for result, expected in form_results(ErrorClasses, gold, predicted, forms):
        assert result == expected


GOLD = "(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (NN it))))))"
TEST = "(ROOT (S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man) (PP (IN with) (NP (NN it)))))))"
RELABELLED = "(ROOT (S (NP (PRP I)) (ADJP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (NN it))))))"


def test_tally_state_and_merge() -> None:
    first, second = ErrorClasses(), ErrorClasses()
    first.update([GOLD, GOLD], [TEST, None])
    second.update(GOLD, RELABELLED)
    state = json.loads(json.dumps(second.state()))
    assert state["classes"] == {"Different label": [1, 2]} and state["trees"] == [1, 1]
    assert state["per_sentence"] == [{"sentence": 1, "status": "ok", "errors": 2, "repairs": [
        {"class": "Different label", "kind": "relabel", "fixed": 2, "span": [1, 6], "label": "VP"}]}]
    merged = ErrorClasses().merge(first).merge(ErrorClasses()).merge(state)
    result = merged.compute()
    assert [(c.name, c.count, c.brackets) for c in result.systems[0].classes] == [
        ("PP Attachment", 1, 2), ("Different label", 1, 2)]  # ties: by name, descending
    assert [s.sentence for s in result.systems[0].sentences] == [1, 2, 3]
    assert [s.status for s in result.systems[0].sentences] == ["ok", "empty", "ok"]
    assert result == file_result([GOLD, GOLD, GOLD], [TEST, None, RELABELLED])
    assert merged.state()["classes"] == {"Different label": [1, 2], "PP Attachment": [1, 2]}


def test_no_tree_notices() -> None:
    """As the command says of a file without a tree."""
    metric = ErrorClasses()
    metric.update([GOLD], [None])
    assert [notice.text() for notice in metric.compute().all_notices()] == [
        "predicted: has no bracketed tree (empty, blank or comment lines only): nothing was scored"]
    assert metric.compute() == file_result([GOLD], [None])
    empty = ErrorClasses().compute()
    assert empty == file_result([], [])
    assert empty.systems[0].classes == [] and empty.all_notices()[0].path == "gold"


def test_reset() -> None:
    metric = ErrorClasses()
    metric.update(GOLD, TEST)
    assert metric.compute().systems[0].bracket_errors == 2
    metric.reset()
    assert metric.sentences == 0 and metric.state()["per_sentence"] == []
    metric.update(GOLD, RELABELLED)
    assert [s.sentence for s in metric.compute().systems[0].sentences] == [1]


def test_merge_refuses_other_settings() -> None:
    with pytest.raises(InputError, match=r"^merge: cannot merge ErrorClasses .*prm:COLLINS"
                                         r"\.prm#.* the settings differ"):
        ErrorClasses().merge(ErrorClasses("COLLINS.prm").state())


@pytest.mark.parametrize("prms", [[], ["COLLINS.prm"], ["COLLINS.prm", "new.prm"]])
def test_signature_is_the_command_s(prms: list[str], tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_text(GOLD + "\n")
    args = ["errors", "gold.mrg", "gold.mrg", "--signature",
            *(option for prm in prms for option in ("-p", prm))]
    ran = run_treeeval(args, tmp_path)
    assert ran.status == 0, ran.stderr
    metric = ErrorClasses(prms or None)
    assert ran.stdout.decode().splitlines()[-1] == f"signature: {metric.signature}"


@pytest.mark.parametrize(("gold", "predicted", "message"), [
    ([GOLD, GOLD], [TEST, "(ROOT (S (NN a)"], r"^predicted\[1\]:1:\d+: "),
    ([GOLD, "(S (NN a)))"], [TEST, "(S (NN a))"], r"^gold\[1\]:1:\d+: "),
    ([GOLD, GOLD], [TEST, "(NN a)"], r"^predicted\[1\]:1: no phrase label above the words"),
    ([GOLD, "(ROOT (S (NN the)))"], [TEST, "(S (NP (S (NN the))))"],
     r"^predicted\[1\]:1: the repair would remove the root bracket"),
    ([GOLD], [GOLD + " (S (NN x))"], r"^predicted\[0\]:1: 2 trees on one line"),
    ([GOLD], [3.5], r"^predicted\[0\]: expected a bracketed tree"),
    ([GOLD, GOLD], [TEST], r"^predicted: 1 sentences, but gold has 2$"),
])
def test_wrong_trees(gold: list, predicted: list, message: str) -> None:
    metric = ErrorClasses()
    with pytest.raises(InputError, match=message):
        metric.update(gold, predicted)
        metric.compute()


# -- ../shared -------------------------------------------------------------------------------

SAMPLE_PARSERS = ["berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
                  "charniak_selftrained_basic", "charniak_selftrained_reranking", "collins.1",
                  "collins.2", "collins.3", "henderson", "stanford", "stanford_factored"]


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _streamed(gold: list[str], test: list[str]) -> ErrorsResult:
    return fed(ErrorClasses, gold, test, "workers", [4, 3]).compute()


@pytest.mark.parametrize("parser", SAMPLE_PARSERS)
def test_sample_parsers(parser: str) -> None:
    """The classifier's sample through the streaming API: the file API's classes and repairs,
    and the classifier's own counts when it is installed."""
    folder = require("evalb", "parser-analyser-sample")
    gold, test = folder / "wsj01.mrg", folder / f"{parser}.mrg"
    result = _streamed(_lines(gold), _lines(test))
    expected = classify_errors(str(gold), str(test)).systems[0]
    assert result.systems[0].sentences == expected.sentences
    assert result.systems[0].classes == expected.classes


@pytest.mark.parametrize("parser", SAMPLE_PARSERS)
def test_sample_parsers_classifier(parser: str, tmp_path: Path) -> None:
    from errorclasses_runs import oracle_classes
    from oracles import require_oracle

    require_oracle("analyser")
    folder = require("evalb", "parser-analyser-sample")
    for name in ("wsj01.mrg", f"{parser}.mrg"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    result = _streamed(_lines(tmp_path / "wsj01.mrg"), _lines(tmp_path / f"{parser}.mrg"))
    assert [(c.count, c.brackets, c.name) for c in result.systems[0].classes] == oracle_classes(
        "wsj01.mrg", f"{parser}.mrg", tmp_path)


def test_wsj22_berkeley() -> None:
    folder = require("evalb", "wsj22")
    gold = [f"(ROOT {text[len('(TOP '):]}" for text in _lines(folder / "wsj22.auto.clean.gld")]
    test = _lines(folder / "wsj22.berkeley_MLE.raw.tst")
    stream = io.BytesIO("".join(text + "\n" for text in gold).encode())
    expected = classify_errors(stream, str(folder / "wsj22.berkeley_MLE.raw.tst")).systems[0]
    result = fed(ErrorClasses, gold, test, "workers", [900]).compute().systems[0]
    assert result.sentences == expected.sentences and result.classes == expected.classes
    assert result.bracket_errors == expected.bracket_errors > 3000
