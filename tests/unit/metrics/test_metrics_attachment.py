"""``treeeval.metrics.Attachment`` against the file API, on random corpora.

Every option set is a ``treeeval dep`` command line (MaltEval's Metric and Exclude
parameters, treeeval's ``-p``, eval.pl's ``--report``).  For each, on random small corpora
(forms with punctuation, tags, heads, labels with subtypes; a prediction perturbed from the
gold), streaming sentence by sentence, in random batches with a small flush size, and on
random workers merged in order (``state()`` through JSON) give one result, equal to the
counts of the file API on the files the sentences make (the MaltEval engine's Token table
and comparison, or eval.pl's scores and report), bit for bit.  Every input form of the same
sentences gives that result too.
"""

from __future__ import annotations

import io
import json
import math
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval.commands.dep import run_dep
from treeeval.dep.engine import evaluate
from treeeval.dep.evalpl.report import evalpl_report
from treeeval.dep.evalpl.scoring import read_evalpl
from treeeval.dep.malteval_report import format_number
from treeeval.dep.options import parse_dep_args
from treeeval.errors import InputError, UsageError
from treeeval.metrics import Attachment
from treeeval.metrics.attachment import AttachmentScores

#: (form, tag, head, deprel) rows of one sentence
Rows = list[tuple[str, str, int, str]]

FORMS = ["the", "dog", "barks", ".", ",", "!?", "«", "—", "$", "%", "é", "a.b", "...", "(", "Ü"]
TAGS = ["NN", "VB", "DT", ",", ".", "``", "PUNCT", "X"]
LABELS = ["nsubj", "obj", "punct", "root", "acl", "acl:relcl", "det", "P", "ROOT"]

#: MaltEval's option sets, as ``treeeval dep`` takes them
MALTEVAL = [
    [],
    ["--Metric", "LAS;UAS;LA;AnyRight;DirectionRight;GroupedHeadToChildDistanceRight"],
    ["--Metric", "UAS", "--ExcludeDeprels", "punct|P"],
    ["--Metric", "LA;BothRight", "--ExcludeUnicodePunc", "1"],
    ["--ExcludePostags", ",|.", "--ExcludeCpostags", "``", "--ExcludeWordforms", "the",
     "--MinSentenceLength", "2", "--MaxSentenceLength", "6"],
    ["--ExcludeDeprels", "acl:relcl", "--ExcludeLemmas", "dog", "--ExcludeFeats", "a=b"],
    ["-p", "COLLINS.prm", "--Metric", "LAS;UAS"],
]
#: eval.pl's
EVALPL = [["--report", report] for report in ("evalpl", "evalpl:p", "eval07", "eval07:p")]
OPTIONS = MALTEVAL + EVALPL
#: the option sets that read no POS tag, lemma or feature (rows without a tag fit them)
TAGLESS = [args for args in OPTIONS
           if not any(name in args for name in ("--ExcludePostags", "--ExcludeLemmas", "-p"))]


def keywords(args: Sequence[str]) -> dict[str, Any]:
    """Attachment's arguments for a ``treeeval dep`` option set.

    >>> keywords(["--Metric", "UAS", "--ExcludeDeprels", "punct", "-p", "COLLINS.prm"])
    {'metric': 'UAS', 'ExcludeDeprels': 'punct', 'prm': 'COLLINS.prm'}
    """
    names = {"--Metric": "metric", "-p": "prm", "--report": "report"}
    return {names.get(flag, flag.removeprefix("--")): value
            for flag, value in zip(args[::2], args[1::2])}


# -- corpora ---------------------------------------------------------------------------------
@st.composite
def sentences(draw: st.DrawFn) -> tuple[Rows, Rows]:
    """A gold sentence and a prediction: some heads, labels and tags changed."""
    n = draw(st.integers(1, 7))
    gold = [(draw(st.sampled_from(FORMS)), draw(st.sampled_from(TAGS)),
             draw(st.integers(0, n)), draw(st.sampled_from(LABELS))) for _ in range(n)]
    predicted = [(form,
                  draw(st.sampled_from(TAGS)) if draw(st.booleans()) else tag,
                  draw(st.integers(0, n)) if draw(st.booleans()) else head,
                  draw(st.sampled_from(LABELS)) if draw(st.booleans()) else label)
                 for form, tag, head, label in gold]
    return gold, predicted


corpora = st.lists(sentences(), min_size=1, max_size=12)


def conll(rows: Rows, lemmas: bool = True) -> str:
    """A sentence as CoNLL-X lines (no final line break); the tag in both POS columns, the
    lemma the lowercased form and FEATS ``a=b`` on every other word unless ``lemmas`` is
    false."""
    return "\n".join(
        f"{i}\t{form}\t{form.lower() if lemmas else '_'}\t{tag}\t{tag}\t"
        f"{'a=b' if lemmas and i % 2 else '_'}\t{head}\t{label}\t_\t_"
        for i, (form, tag, head, label) in enumerate(rows, 1))


def write(folder: Path, corpus: Sequence[tuple[Rows, Rows]]) -> tuple[Path, Path]:
    """The two files of a corpus: every sentence followed by a blank line."""
    paths = folder / "gold.conll", folder / "predicted.conll"
    for path, side in zip(paths, (0, 1)):
        path.write_text("".join(conll(pair[side]) + "\n\n" for pair in corpus), encoding="utf-8")
    return paths


# -- the file API ----------------------------------------------------------------------------
def file_scores(args: Sequence[str], corpus: Sequence[tuple[Rows, Rows]]) -> dict[str, Any]:
    """The file API's numbers on the corpus's files: MaltEval's Row mean and Row count of
    every Metric and the comparison's tokens, correct and scores; eval.pl's counts and the
    three lines of its report."""
    with tempfile.TemporaryDirectory() as folder:
        gold, predicted = write(Path(folder), corpus)
        if args and args[0] == "--report":
            variant, _, flags = args[1].partition(":")
            variant = "eval" if variant == "evalpl" else "eval07"
            punct = ("p" in flags) == (variant == "eval")
            scores = read_evalpl(gold, predicted, variant=variant).scores(punct)
            lines = (evalpl_report(gold, predicted, punct="p" in flags, quiet=True,
                                   variant=variant).splitlines()
                     if scores.tokens else None)
            return {"scores": scores, "lines": lines}
        settings_ = parse_dep_args([str(gold), str(predicted), *args, "--stat", "mcnemar"])
        assert settings_ is not None
        result = evaluate(settings_)
        tables = {combination.metric: table.aggregates[0]
                  for combination, table in zip(result.combinations, result.files[0].tables)}
        return {"tables": tables, "system": result.systems[0]}


def assert_file_api(args: Sequence[str], corpus: Sequence[tuple[Rows, Rows]],
                    scores: AttachmentScores) -> None:
    """``scores`` are the file API's numbers, bit for bit."""
    expected = file_scores(args, corpus)
    assert scores.sentences == len(corpus)
    assert scores.words == sum(len(gold) for gold, _ in corpus)
    if "scores" in expected:
        found = expected["scores"]
        assert (scores.tokens, scores.words - scores.tokens) == (found.tokens, found.non_scoring)
        assert [scores.correct[m] for m in ("LAS", "UAS", "LA")] == [
            found.labeled, found.unlabeled, found.label]
        if expected["lines"] is not None:
            names = ("Labeled   attachment score:", "Unlabeled attachment score:",
                     "Label accuracy score:      ")
            assert expected["lines"] == [
                f"  {name} {scores.correct[m]} / {scores.tokens} * 100 = {scores.text(m)} %"
                for name, m in zip(names, ("LAS", "UAS", "LA"))]
        return
    system = expected["system"]
    assert scores.tokens == system.tokens
    for metric, (mean, count) in expected["tables"].items():
        assert count == scores.tokens
        fraction = scores.correct[metric] / scores.tokens if scores.tokens else math.nan
        assert mean == fraction or (math.isnan(mean) and math.isnan(fraction))
        assert scores.text(metric) == format_number(mean)
        assert same_float(scores.score(metric), system.scores[metric])
        assert scores.correct[metric] == system.correct[metric]
    assert {m: scores.correct[m] for m in ("LAS", "UAS", "LA")} == {
        m: system.correct[m] for m in ("LAS", "UAS", "LA")}


def same_float(a: float, b: float) -> bool:
    return a == b or (math.isnan(a) and math.isnan(b))


# -- streaming -------------------------------------------------------------------------------
def text_pairs(corpus: Sequence[tuple[Rows, Rows]]) -> tuple[list[str], list[str]]:
    return [conll(gold) for gold, _ in corpus], [conll(predicted) for _, predicted in corpus]


def one_by_one(args: Sequence[str], gold: Sequence[object], predicted: Sequence[object]
               ) -> AttachmentScores:
    metric = Attachment(**keywords(args))
    for g, p in zip(gold, predicted):
        metric.update(g, p)
    return metric.compute()


def in_batches(metric: Attachment, gold: Sequence[object], predicted: Sequence[object],
               sizes: Sequence[int]) -> Attachment:
    start = 0
    for size in [*sizes, len(gold)]:
        if start >= len(gold):
            break
        metric.update(gold[start:start + size], predicted[start:start + size])
        start += size
    return metric


def small_flush(args: Sequence[str], flush: int) -> Attachment:
    metric = Attachment(**keywords(args))
    metric.flush_sentences = flush  # type: ignore[misc]
    return metric


@pytest.mark.parametrize("args", OPTIONS, ids=lambda args: " ".join(args) or "default")
@settings(max_examples=examples(25), deadline=None)
@given(corpus=corpora, data=st.data())
def test_streaming_batched_merged_and_files_agree(args: list[str], corpus: list[tuple[Rows, Rows]],
                                                  data: st.DataObject) -> None:
    gold, predicted = text_pairs(corpus)
    single = one_by_one(args, gold, predicted)
    sizes = data.draw(st.lists(st.integers(1, 5), max_size=6), label="batch sizes")
    flush = data.draw(st.integers(1, 6), label="flush")
    batched = in_batches(small_flush(args, flush), gold, predicted, sizes).compute()
    cuts = sorted(data.draw(st.lists(st.integers(0, len(corpus)), max_size=3), label="workers"))
    bounds = [0, *cuts, len(corpus)]
    merged = Attachment(**keywords(args))
    objects = Attachment(**keywords(args))
    for start, end in zip(bounds, bounds[1:]):
        worker = in_batches(small_flush(args, flush), gold[start:end], predicted[start:end], sizes)
        merged.merge(json.loads(json.dumps(worker.state())))
        objects.merge(worker)
    assert single == batched == merged.compute() == objects.compute()
    assert_file_api(args, corpus, single)


def forms(corpus: Sequence[tuple[Rows, Rows]], commented: bool) -> dict[str, tuple[list, list]]:
    """The same sentences in every form ``update`` takes (lemmas and features ``_``, which
    rows cannot hold), and mixed: gold in one form, predictions in another."""
    conllu = pytest.importorskip("conllu")
    texts = [[conll(pair[side], lemmas=False) for pair in corpus] for side in (0, 1)]
    shown = {
        "str": (texts[0], texts[1]),
        "bytes": ([t.encode() for t in texts[0]], [t.encode() for t in texts[1]]),
        "TokenList": tuple([conllu.parse(t + "\n\n")[0] for t in side] for side in texts),
        "rows": ([list(gold) for gold, _ in corpus], [list(predicted) for _, predicted in corpus]),
        "mixed": ([list(gold) for gold, _ in corpus], [conllu.parse(t + "\n\n")[0] for t in texts[1]]),
    }
    if commented:
        shown["CoNLL-U"] = tuple([f"# sent_id = {i}\n{t}" for i, t in enumerate(side)]
                                 for side in texts)
    return shown


@pytest.mark.parametrize("args", OPTIONS, ids=lambda args: " ".join(args) or "default")
@settings(max_examples=examples(10), deadline=None)
@given(corpus=corpora)
def test_every_input_form_gives_the_same_result(args: list[str],
                                                corpus: list[tuple[Rows, Rows]]) -> None:
    evalpl = "--report" in args
    results = {name: one_by_one(args, gold, predicted)
               for name, (gold, predicted) in forms(corpus, commented=not evalpl).items()}
    if args in TAGLESS:
        results["rows without tags"] = one_by_one(
            args, [[(f, h, d) for f, _, h, d in gold] for gold, _ in corpus],
            [[(f, h, d) for f, _, h, d in predicted] for _, predicted in corpus])
    first = next(iter(results.values()))
    assert all(result == first for result in results.values()), results


def test_the_numbers_of_a_small_example() -> None:
    gold = [[("Rain", "NN", 2, "nsubj"), ("fell", "VBD", 0, "root"), (".", ".", 2, "punct")],
            [("It", "PRP", 2, "nsubj"), ("poured", "VBD", 0, "root")]]
    predicted = [[("Rain", "NN", 2, "obj"), ("fell", "VBD", 0, "root"), (".", ".", 1, "punct")],
                 [("It", "PRP", 2, "nsubj"), ("poured", "VBD", 0, "root")]]
    scores = one_by_one(["--Metric", "LAS;UAS"], gold, predicted)
    assert (scores.sentences, scores.words, scores.tokens) == (2, 5, 5)
    assert scores.correct == {"LAS": 3, "UAS": 4, "LA": 4}
    assert (scores.score(), scores.score("UAS"), scores.text(), scores.text("LA")) == (
        60.0, 80.0, "0.6", "0.8")
    punct = one_by_one(["--ExcludeUnicodePunc", "1"], gold, predicted)
    assert (punct.tokens, punct.correct["LAS"], punct.text()) == (4, 3, "0.75")
    evalpl = one_by_one(["--report", "evalpl:p"], gold, predicted)
    assert (evalpl.reference, evalpl.tokens, evalpl.correct["LAS"], evalpl.text()) == (
        "eval.pl", 5, 3, "60.00")


def test_evalpl_complement_rounding() -> None:
    # eval.pl prints 100 - errors * 100.0 / tokens: 2 of 3 is 66.66666666666666 there, not
    # 2 * 100.0 / 3 (...67); MaltEval's comparison divides the other way
    gold = [[("a", "X", 0, "root"), ("b", "X", 1, "dep"), ("c", "X", 1, "dep")]]
    predicted = [[("a", "X", 0, "root"), ("b", "X", 1, "dep"), ("c", "X", 2, "dep")]]
    evalpl = one_by_one(["--report", "evalpl:p"], gold, predicted)
    malteval = one_by_one([], gold, predicted)
    assert evalpl.score() == 100 - 1 * 100.0 / 3 == 66.66666666666666
    assert malteval.score() == 100.0 * 2 / 3 == 66.66666666666667
    assert_file_api(["--report", "evalpl:p"], list(zip(gold, predicted)), evalpl)
    assert_file_api([], list(zip(gold, predicted)), malteval)


@pytest.mark.parametrize("args", OPTIONS, ids=lambda args: " ".join(args) or "default")
def test_signature_is_the_commands(args: list[str], tmp_path: Path) -> None:
    corpus = [([("Rain", "NN", 0, "root")], [("Rain", "NN", 0, "root")])]
    gold, predicted = write(tmp_path, corpus)
    out = io.BytesIO()
    assert run_dep([str(gold), str(predicted), *args, "--signature"], out, io.BytesIO()) == 0
    last = out.getvalue().decode().splitlines()[-1]
    assert last == f"signature: {Attachment(**keywords(args)).signature}"


def test_reset_forgets_everything() -> None:
    gold, predicted = text_pairs([([("a", "X", 0, "root")], [("a", "X", 1, "dep")])])
    metric = Attachment("UAS")
    metric.update(gold * 3, predicted * 3)
    metric.compute()
    metric.reset()
    assert metric.compute() == AttachmentScores("MaltEval", ("UAS",), 0, 0, 0,
                                                {"LAS": 0, "UAS": 0, "LA": 0})
    metric.update(gold, gold)
    assert metric.compute() == one_by_one(["--Metric", "UAS"], gold, gold)
    assert metric.state()["sentences"] == 1


def test_no_token() -> None:
    metric = Attachment(report="evalpl")
    metric.update([(".", 0, "punct")], [(".", 0, "punct")])
    scores = metric.compute()
    assert (scores.tokens, scores.words) == (0, 1) and math.isnan(scores.score())
    with pytest.raises(InputError, match="no scoring tokens"):
        scores.text()
    empty = Attachment().compute()
    assert empty.tokens == 0 and math.isnan(empty.score()) and empty.text() == "-"


# -- errors ----------------------------------------------------------------------------------
ROW = "1\tRain\t_\tN\tN\t_\t0\troot\t_\t_"


@pytest.mark.parametrize(("args", "gold", "predicted", "message"), [
    ([], [ROW, ROW], [ROW, ROW.replace("Rain", "Snow")],
     "predicted[1]: word 1: FORM 'Snow', but gold has 'Rain'"),
    ([], [ROW, ROW], [ROW, ROW + "\n" + ROW.replace("1", "2", 1)],
     "predicted[1]: 2 words, but gold has 1"),
    ([], [ROW, ROW, ROW], [ROW, "", ROW], "predicted[1]: no word, but gold has 1 word"),
    ([], [ROW, "", ROW], [ROW, ROW, ROW], "predicted[1]: 1 word, but gold has none"),
    ([], [ROW, ROW.replace("\t0\t", "\tx\t")], [ROW, ROW], "gold[1]:1:"),
    ([], [ROW, "# c\n" + ROW.replace("\t0\t", "\t_\t")], [ROW, ROW], "gold[1]:"),
    ([], [ROW, ROW], [ROW, "2\tRain\t_\tN\tN\t_\t0\troot\t_\t_"], "predicted[1]:1:"),
    ([], ["(S (NN Rain))"], [ROW], "gold[0]:1: a bracketed tree"),
    (["--report", "evalpl"], [ROW, "# c\n" + ROW], [ROW, ROW],
     "gold[1]:1: a CoNLL-U comment line"),
    (["--report", "eval07"], [ROW, ROW, ROW], [ROW, ROW + "\n" + ROW, ROW],
     "predicted[1]:2: line mismatch"),
    (["--report", "evalpl:p"], [ROW, ROW], [ROW, ROW.replace("\t0\t", "\t-1\t")],
     "predicted[1]:1: HEAD must be a non-negative integer"),
    ([], [[("Rain", 0, "root")], [("Rain", "0", "root")]], [ROW, ROW],
     "gold[1]: word 1: HEAD must be a whole number, got str"),
    ([], [ROW], [ROW, ROW], "predicted: 2 sentences, but gold has 1"),
])
def test_input_errors_name_the_side_and_the_sentence(args: list[str], gold: list, predicted: list,
                                                     message: str) -> None:
    metric = Attachment(**keywords(args))
    with pytest.raises(InputError) as caught:
        metric.update(gold, predicted)
        metric.compute()
    assert str(caught.value).startswith(message), str(caught.value)


def test_errors_count_sentences_across_updates() -> None:
    metric = Attachment()
    metric.update([ROW] * 3, [ROW] * 3)
    metric.update(ROW, ROW.replace("Rain", "Snow"))
    with pytest.raises(InputError, match=r"^predicted\[3\]: word 1"):
        metric.compute()


@pytest.mark.parametrize("report", [None, "evalpl"])
def test_a_wrong_encoding_is_located(report: str | None) -> None:
    metric = Attachment(report=report)
    metric.update([ROW.encode(), ROW.encode().replace(b"Rain", b"R\xffin")], [ROW, ROW])
    with pytest.raises(InputError) as caught:
        metric.compute()
    assert str(caught.value) == "gold[1]:1:4: byte 0xff is not valid utf-8"


def test_merge_refuses_other_settings_and_readings() -> None:
    with pytest.raises(InputError, match="the settings differ"):
        Attachment("LAS").merge(Attachment("UAS"))
    commented, plain = Attachment(), Attachment()
    commented.update("# sent_id = 1\n" + ROW, "# sent_id = 1\n" + ROW)
    plain.update(ROW, ROW)
    with pytest.raises(InputError, match=r"^merge: cannot merge: its gold sentences were read "
                                         r"as CoNLL-X, these as CoNLL-U"):
        commented.merge(plain)
    assert Attachment().merge(plain).merge(Attachment()).compute() == plain.compute()


@pytest.mark.parametrize(("arguments", "message"), [
    ({"metric": "XAS"}, "unknown Metric 'XAS'"),
    ({"ExcludeDeprel": "punct"}, "unknown parameter 'ExcludeDeprel' (did you mean ExcludeDeprels?)"),
    ({"ExcludeDeprels": "punct;dep"}, "ExcludeDeprels: one value"),
    ({"ExcludeUnicodePunc": 2}, "ExcludeUnicodePunc needs 0 or 1"),
    ({"report": "evalpl", "ExcludeDeprels": "punct"}, "evalpl has no Metric, Exclude parameter"),
    ({"report": "conll18"}, "--report needs evalpl or eval07"),
])
def test_usage_errors(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("?", r"\?")):
        Attachment(**arguments)
