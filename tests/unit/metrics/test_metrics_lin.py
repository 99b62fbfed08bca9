"""``treeeval.metrics.Lin``: Lin's error count fed sentence by sentence equals
``evaluate_lin`` on the files the sentences make, bit for bit, however the sentences come
(one by one, in batches, on workers merged through their JSON states) and in whichever form
(str, bytes, nltk.Tree, (words, spans); CoNLL-U text, rows, conllu.TokenList with
``heads=None``); its signature is ``treeeval lin --signature``'s; wrong input is an
InputError naming the side and the sentence.  On ../shared: WSJ 22 with the Berkeley
parser's output, Plank et al.'s parsers and lin.md's figures on wsj_0001-0099."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path

import hypothesis
import hypothesis.strategies as st
import numpy as np
import pytest
from cli_runner import run_treeeval
from profiles import examples
from random_trees import FORMS, SIZES, corpus, fed, form_results, line
from shared_data import require

from treeeval.errors import InputError
from treeeval.formats.brackets import read_trees
from treeeval.formats.conll import format_sentence
from treeeval.lin.api import ScoredAnswer, evaluate_lin
from treeeval.lin.compare import metric_names
from treeeval.metrics import Lin

#: the settings of the property tests: (heads, ops)
SETTINGS = st.sampled_from([("collins", None), ("penn2malt", None), ("collins", "ptb-no-pp"),
                            ("modcollins", "only-pp")])


def file_answer(gold: Sequence[str], predicted: Sequence[str], suffix: str = ".mrg",
                heads: str = "collins", ops: str | None = None) -> ScoredAnswer:
    """``evaluate_lin``'s answer on the two files of these sentences' texts (each ending
    with its line break)."""
    with tempfile.TemporaryDirectory() as folder:
        paths = [Path(folder) / f"{name}{suffix}" for name in ("gold", "predicted")]
        for path, texts in zip(paths, (gold, predicted)):
            path.write_text("".join(texts), encoding="utf-8")
        return evaluate_lin(str(paths[0]), [str(paths[1])], heads=heads, ops=ops).answers[0]


def assert_same(ours: ScoredAnswer, theirs: ScoredAnswer) -> None:
    """Every number of the two answers, bit for bit (arrays with their dtypes)."""
    for name in ("words", "scored", "errors", "hits"):
        mine, other = getattr(ours, name), getattr(theirs, name)
        assert mine.dtype == other.dtype and np.array_equal(mine, other), name
    assert ours.phrases == theirs.phrases and ours.tables == theirs.tables == []
    for metric in metric_names(ours.phrases is not None):
        assert repr(ours.value(metric)) == repr(theirs.value(metric)), metric
        assert ours.sentence_scores(metric).score() == theirs.sentence_scores(metric).score()


@hypothesis.settings(max_examples=examples(60), deadline=None)
@hypothesis.given(corpus(), SETTINGS, SIZES, st.sampled_from(["one", "batches", "workers"]))
def test_streamed_batched_merged_and_file(trees: tuple[list, list], settings: tuple[str, str | None],
                                          sizes: list[int], how: str) -> None:
    heads, ops = settings
    gold, predicted = ([line(tree) for tree in side] for side in trees)
    expected = file_answer([text + "\n" for text in gold], [text + "\n" for text in predicted],
                           heads=heads, ops=ops)
    metric = fed(lambda: Lin(heads, ops), gold, predicted, how, sizes)
    assert metric.sentences == len(gold)
    assert_same(metric.compute(), expected)
    assert_same(metric.compute(), expected)  # compute keeps the state


@hypothesis.settings(max_examples=examples(30), deadline=None)
@hypothesis.given(corpus(max_size=5), st.lists(st.sampled_from(sorted(FORMS)), min_size=2,
                                               max_size=2))
def test_every_input_form(trees: tuple[list, list], forms: list[str]) -> None:
    gold, predicted = trees
    for result, expected in form_results(Lin, gold, predicted, forms):
        assert_same(result, expected)


def test_merge_equals_one_pass_with_metrics_and_empty_workers() -> None:
    gold = ["(ROOT (S (NP (NN Rain)) (VP (VBD fell))))", "(ROOT (S (NP (PRP It)) (VP (VBD stopped))))"]
    predicted = ["(ROOT (S (NN Rain) (VP (VBD fell))))", "(ROOT (NP (NP (PRP It)) (VP (VBD stopped))))"]
    one = Lin()
    one.update(gold, predicted)
    first, empty, second = Lin(), Lin(), Lin()
    first.update(gold[0], predicted[0])
    second.update(gold[1], predicted[1])
    merged = Lin().merge(first).merge(empty).merge(second.state())
    assert_same(merged.compute(), one.compute())
    assert merged.sentences == 2
    assert merged.state() == json.loads(json.dumps(one.state()))


def test_no_sentence() -> None:
    result = Lin().compute()
    assert result.words.tolist() == [] and result.phrases is None and result.error_rate is None
    assert_same(result, file_answer([], []))


def test_reset() -> None:
    metric = Lin()
    metric.update("(S (NP (NN a)) (VP (VBD b)))", "(S (NN a) (VP (VBD b)))")
    assert metric.compute().total_errors == 0 and metric.compute().phrase_total.answer == 2
    metric.reset()
    assert metric.sentences == 0 and metric.compute().words.tolist() == []
    metric.update("(S (NP (NN a)) (VP (VBD b)))", "(S (NP (NN a)) (VP (VBD b)))")
    assert metric.compute().phrase_total.matched == 3


def test_merge_refuses_other_settings() -> None:
    with pytest.raises(InputError, match=r"^merge: cannot merge Lin .*ops:only-pp.* into Lin "
                                         r".*ops:none.*: the settings differ"):
        Lin().merge(Lin(ops="only-pp"))


@pytest.mark.parametrize(("heads", "ops", "kind"), [
    ("collins", None, "trees"), ("penn2malt", "ptb-no-pp", "trees"),
    ("collins", "only-pp.ops", "trees"), (None, None, "conll"), (None, "no-pp", "conll")])
def test_signature_is_the_command_s(heads: str | None, ops: str | None, kind: str,
                                    tmp_path: Path) -> None:
    """The metric's signature is ``treeeval lin --signature``'s for the same settings (the
    command names the head table only when an input is trees)."""
    if kind == "trees":
        text, name = "(S (NP (NN Rain)) (VP (VBD fell)))\n", "key.mrg"
    else:
        text, name = "1\tRain\t_\tN\t_\t_\t2\t_\t_\t_\n2\tfell\t_\tV\t_\t_\t0\t_\t_\t_\n\n", "key.conll"
    (tmp_path / name).write_text(text)
    args = ["lin", name, name, "--signature", *(["--heads", heads] if heads else []),
            *(["--ops", ops] if ops else [])]
    ran = run_treeeval(args, tmp_path)
    assert ran.status == 0, ran.stderr
    assert ran.stdout.decode().splitlines()[-1] == f"signature: {Lin(heads, ops).signature}"


# -- dependency analyses (heads=None) --------------------------------------------------------

@st.composite
def dependency_corpus(draw: st.DrawFn) -> tuple[list[list[tuple[str, str, int, str]]],
                                                 list[list[tuple[str, str, int, str]]]]:
    """Gold analyses (form, tag, head, deprel) and predicted ones with some heads changed."""
    gold, predicted = [], []
    for _ in range(draw(st.integers(1, 6))):
        size = draw(st.integers(1, 7))
        words = [(draw(st.sampled_from(["a", "dog", "in", "saw", "the"])),
                  draw(st.sampled_from(["N", "P", "IN", "V"]))) for _ in range(size)]
        heads = [draw(st.sampled_from([h for h in range(size + 1) if h != word]))
                 for word in range(1, size + 1)]
        changed = [draw(st.sampled_from([head, *(h for h in range(size + 1) if h != word)]))
                   for word, head in enumerate(heads, 1)]
        gold.append([(form, tag, head, "dep") for (form, tag), head in zip(words, heads)])
        predicted.append([(form, tag, head, "dep") for (form, tag), head in zip(words, changed)])
    return gold, predicted


def conllu(rows: list[tuple[str, str, int, str]]) -> str:
    return "".join(f"{number}\t{form}\t_\t{tag}\t_\t_\t{head}\t{deprel}\t_\t_\n"
                   for number, (form, tag, head, deprel) in enumerate(rows, 1))


@hypothesis.settings(max_examples=examples(40), deadline=None)
@hypothesis.given(dependency_corpus(), st.sampled_from([None, "no-pp", "only-pp"]), SIZES,
                  st.sampled_from(["one", "batches", "workers"]))
def test_dependencies_streamed_merged_and_file(sentences: tuple[list, list], ops: str | None,
                                               sizes: list[int], how: str) -> None:
    gold, predicted = ([conllu(rows) for rows in side] for side in sentences)
    expected = file_answer([text + "\n" for text in gold], [text + "\n" for text in predicted],
                           suffix=".conll", ops=ops)
    assert expected.phrases is None
    assert_same(fed(lambda: Lin(None, ops), gold, predicted, how, sizes).compute(), expected)


@hypothesis.settings(max_examples=examples(20), deadline=None)
@hypothesis.given(dependency_corpus())
def test_dependencies_every_input_form(sentences: tuple[list, list]) -> None:
    """CoNLL-U text (str, bytes), conllu.TokenList and (form, head, deprel) rows: the rows
    have no tag, so every form here leaves the tag out."""
    conllu_package = pytest.importorskip("conllu")
    untagged = [[[(form, "_", head, deprel) for form, _, head, deprel in rows] for rows in side]
                for side in sentences]
    forms = {"str": conllu, "bytes": lambda rows: conllu(rows).encode(),
             "rows": lambda rows: [(form, head, deprel) for form, _, head, deprel in rows],
             "tokenlist": lambda rows: conllu_package.parse(conllu(rows))[0]}
    results = []
    for form in forms.values():
        metric = Lin(None)
        metric.update([form(rows) for rows in untagged[0]], [form(rows) for rows in untagged[1]])
        results.append(metric.compute())
    for result in results[1:]:
        assert_same(result, results[0])


# -- wrong input -----------------------------------------------------------------------------

TREE = "(S (NP (NN Rain)) (VP (VBD fell)))"


@pytest.mark.parametrize(("gold", "predicted", "message"), [
    ([TREE, TREE], [TREE, "(S (NP (NN Rain)) (VP (VBD fell))"],
     r"^predicted\[1\]:1:\d+: .*"),
    ([TREE, TREE], [TREE, None],
     r"^predicted\[1\]: no tree: Lin's error count needs an analysis of every sentence"),
    ([TREE, "  "], [TREE, TREE], r"^gold\[1\]: no tree"),
    ([TREE, TREE], [TREE, "(S (NN Rain))"],
     r"^predicted\[1\]: has 1 word, but GOLD's has 2$"),
    ([TREE], [TREE + " (S (NN x))"], r"^predicted\[0\]:1:\d+: 2 trees on one line"),
    ([TREE, TREE], [TREE, 7], r"^predicted\[1\]: expected a bracketed tree"),
    ([TREE], [TREE, TREE], r"^predicted: 2 sentences, but gold has 1$"),
    ([TREE, "(S (-NONE- *))"], [TREE, "(S (-NONE- *))"],
     r"^gold\[1\]: no words left after removing empty elements$"),
])
def test_wrong_trees(gold: list, predicted: list, message: str) -> None:
    metric = Lin()
    with pytest.raises(InputError, match=message):
        metric.update(gold, predicted)
        metric.compute()


@pytest.mark.parametrize(("gold", "predicted", "message"), [
    ([[("a", 2, "x"), ("b", 0, "root")]] * 2, [[("a", 2, "x"), ("b", 0, "root")], [("a", 1, "x"), ("b", 0, "r")]],
     r"^predicted\[1\]: word 1 \('a'\) is its own head$"),
    ([[("a", 2, "x"), ("b", 0, "root")]], ["1\ta\t_\t_\t_\t_\t9\tx\t_\t_\n2\tb\t_\t_\t_\t_\t0\tr\t_\t_"],
     r"^predicted\[0\]:1:\d+: HEAD must be a token ID from 0 to 2 or _, found '9'"),
    ([[("a", 0, "root")]] * 3, [[("a", 0, "root")], "# only a comment", [("a", 0, "root")]],
     r"^predicted\[1\]: has no word"),
    ([[("a", 0, "root")]] * 2, [[("a", 0, "root")], "1\ta\t_\t_\t_\t_\t0\tr\t_\t_\n\n1\tb\t_\t_\t_\t_\t0\tr\t_\t_"],
     r"^predicted\[1\]: holds more than one sentence"),
    ([[("a", 0, "root")]], ["(S (NN a))"], r"^predicted\[0\]:1:\d+: expected 10 tab-separated"),
])
def test_wrong_dependencies(gold: list, predicted: list, message: str) -> None:
    metric = Lin(None)
    with pytest.raises(InputError, match=message):
        metric.update(gold, predicted)
        metric.compute()


def test_a_wrong_batch_is_dropped() -> None:
    """A sentence found wrong when its batch is scored drops the batch's sentences; the
    metric goes on with the next ones."""
    metric = Lin()
    metric.update(TREE, TREE)
    metric.update(TREE, "(S (NN Rain))")
    with pytest.raises(InputError, match=r"^predicted\[1\]"):
        metric.compute()
    metric.update(TREE, TREE)
    assert metric.compute().words.tolist() == [2]


# -- ../shared -------------------------------------------------------------------------------

def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_wsj22_berkeley() -> None:
    folder = require("evalb", "wsj22")
    gold, test = folder / "wsj22.auto.clean.gld", folder / "wsj22.berkeley_MLE.top.tst"
    expected = evaluate_lin(str(gold), [str(test)]).answers[0]
    golds, tests = _lines(gold), _lines(test)
    assert_same(fed(Lin, golds, tests, "workers", [700, 500]).compute(), expected)
    assert expected.total_errors == 11921 and expected.total_scored == 40117


@pytest.mark.parametrize("language", ["en", "da"])
def test_plank_parsers(language: str) -> None:
    """Plank et al.'s (2015) two parsers against their gold (CoNLL-X) with ``heads=None``."""
    folder = require("conllx", "plank_conll2015", "datapackage", language)
    gold = folder / "gold.conll"
    sentences = [text for text in gold.read_text(encoding="utf-8").split("\n\n") if text.strip()]
    for parser in ("parser1.conll", "parser2.conll"):
        expected = evaluate_lin(str(gold), [str(folder / parser)]).answers[0]
        answers = [text for text in (folder / parser).read_text(encoding="utf-8").split("\n\n")
                   if text.strip()]
        assert_same(fed(lambda: Lin(None), sentences, answers, "batches", [1000]).compute(),
                    expected)


@pytest.mark.parametrize(("ops", "errors", "scored"), [(None, 7679, 46451),
                                                        ("ptb-no-pp", 7410, 41606)])
def test_lin_md_figures(ops: str | None, errors: int, scored: int) -> None:
    """lin.md's figures, ``treeeval lin wsj_0001.mrg wsj_0001.penn2malt.conllx --heads collins
    [--ops ptb-no-pp]``: the key's trees converted (treeeval.convert) and the reference
    conversion's analyses, both in memory."""
    from treeeval import convert

    folder = require("heads", "sample")
    keys = [format_sentence(sentence) for sentence in
            convert(read_trees(folder / "wsj_0001-0099.mrg"), heads="collins")]
    answers = [text for text in (folder / "wsj_0001-0099.penn2malt.conllx").read_text(
        encoding="utf-8").split("\n\n") if text.strip()]
    metric = Lin(None, ops)
    metric.update(keys, answers)
    result = metric.compute()
    assert (result.total_errors, result.total_scored, len(result.words)) == (errors, scored, 1921)
