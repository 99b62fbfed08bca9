"""treeeval.metrics.UD: fed one update at a time, in batches, on workers merged, or as two
files, the numbers are the CoNLL UD scorers' (``evaluate_ud``) and the same, bit for bit;
every input form of a sentence gives the same numbers; bad input names side and sentence."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

import conllu
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from treeeval import InputError
from treeeval.commands.ud import run_ud
from treeeval.metrics import UD
from treeeval.ud.api import evaluate_ud
from treeeval.ud.enhanced import EnhancedRules
from treeeval.ud.metrics import UDScores

#: token characters (a few, so that FORMs repeat, in two cases, one not ASCII)
CHARS = "abcAé"
#: the FORMs of the words of multiword tokens (the scorers align them by lowercased FORM)
MWT_FORMS = ["a", "b", "c", "A", "ab", "x"]
DEPRELS = ["nsubj", "obj", "det", "case", "aux", "punct", "acl:relcl", "nmod:poss", "cc",
           "advmod", "compound:prt", "dep"]
UPOS = ["NOUN", "VERB", "DET"]
XPOS = ["_", "NN", "VB"]
FEATS = ["_", "Number=Sing", "Case=Nom|Number=Plur", "Number=Plur|Case=Nom",
         "Typo=Yes|Number=Sing", "Foo=Bar"]
LEMMAS = ["_", "a", "b", "be"]
#: WeightedLAS weights whose running sums depend on their order
WEIGHTS = {"nsubj": 0.1, "obj": 0.3, "punct": 1e-3, "det": 7.0, "acl": 2.5, "root": 0.7}
#: the labels of extra enhanced edges (paths, subtypes, case information, ref)
ENHANCED = ["nsubj:xsubj", "conj:and", "obl:in", "ref", "conj>obj", "nsubj", "acl:relcl"]
SETTINGS = [{}, {"conll17": True}, {"conll17": True, "weights": WEIGHTS},
            {"multiple_roots_okay": True}, {"enhanced": EnhancedRules()},
            {"enhanced": EnhancedRules(enhancements="12456")}]


@dataclass
class Token:
    """A token: its characters, and the FORMs of its words when it is a multiword token."""

    chars: str
    words: list[str]


@dataclass
class Corpus:
    """Gold and predicted sentences (CoNLL-U strings), in updates: each update's gold and
    predicted sentences spell the same text, possibly cut into sentences differently."""

    gold: list[list[str]]
    predicted: list[list[str]]

    def flat(self, side: str) -> list[str]:
        return [sentence for update in getattr(self, side) for sentence in update]


@st.composite
def sentence(draw: st.DrawFn, tokens: list[Token], plain: bool, several_roots: bool) -> str:
    """A CoNLL-U sentence of ``tokens``, with a random tree and columns."""
    words = sum(len(token.words) or 1 for token in tokens)
    order = draw(st.permutations(range(words)))
    heads = [0] * words
    for rank in range(1, words):
        if not (several_roots and draw(st.integers(0, 4)) == 0):
            heads[order[rank]] = order[draw(st.integers(0, rank - 1))] + 1
    lines = [] if plain or draw(st.integers(0, 3)) else ["# sent_id = s"]

    def word(number: int, form: str) -> str:
        deprel = ("root" if heads[number - 1] == 0 and draw(st.integers(0, 5))
                  else draw(st.sampled_from(DEPRELS)))
        if plain:
            return f"{number}\t{form}\t_\t_\t_\t_\t{heads[number - 1]}\t{deprel}\t_\t_"
        extra = draw(st.integers(-1, 2))  # -1: DEPS _; else the basic edge and extra ones
        edges = [f"{heads[number - 1]}:{deprel}"] + [
            f"{draw(st.integers(0, words))}:{draw(st.sampled_from(ENHANCED))}"
            for _ in range(extra)]
        return "\t".join((str(number), form, draw(st.sampled_from(LEMMAS)),
                          draw(st.sampled_from(UPOS)), draw(st.sampled_from(XPOS)),
                          draw(st.sampled_from(FEATS)), str(heads[number - 1]), deprel,
                          "|".join(edges) if extra >= 0 else "_", "_"))

    number = 1
    for token in tokens:
        form = token.chars
        if not plain and len(form) > 1 and draw(st.integers(0, 9)) == 0:
            form = form[:1] + " " + form[1:]  # both scorers drop ASCII spaces from FORMs
        if token.words:
            last = number + len(token.words) - 1
            lines.append(f"{number}-{last}\t{form}\t_\t_\t_\t_\t_\t_\t_\t_")
            for part in token.words:
                lines.append(word(number, part))
                number += 1
        else:
            lines.append(word(number, form))
            number += 1
        if not plain and draw(st.integers(0, 9)) == 0:  # an empty node, which is skipped
            lines.append(f"{number - 1}.1\tx\t_\t_\t_\t_\t_\t_\t{number - 1}:dep\t_")
    return "\n".join(lines) + "\n"


@st.composite
def tokens(draw: st.DrawFn, text: str, cuts: list[int], plain: bool) -> list[Token]:
    """The tokens of ``text`` cut at ``cuts``, some of them multiword tokens (the first
    often: the scorers' walk may carry words of the sentence before into it), whose words
    spell the token or not."""
    bounds = [0, *cuts, len(text)]
    made = []
    for start, end in zip(bounds, bounds[1:]):
        chars = text[start:end]
        words: list[str] = []
        if not plain and (draw(st.integers(0, 3)) == 0 or (not start and draw(st.booleans()))):
            if len(chars) > 1 and draw(st.booleans()):
                at = sorted(draw(st.sets(st.integers(1, len(chars) - 1), min_size=1, max_size=2)))
                words = [chars[a:b] for a, b in zip([0, *at], [*at, len(chars)])]
            else:
                words = draw(st.lists(st.sampled_from(MWT_FORMS), min_size=2, max_size=3))
        made.append(Token(chars, words))
    return made


@st.composite
def updates(draw: st.DrawFn, plain: bool = False, several_roots: bool = False
            ) -> tuple[list[str], list[str]]:
    """One update: 1-3 gold sentences and as many predicted ones over the same text, the
    predicted tokens (and sometimes sentences) cut differently now and then."""
    count = draw(st.integers(1, 1 if plain else 3))
    chunks = [draw(st.lists(st.text(CHARS, min_size=1, max_size=3), min_size=1, max_size=4))
              for _ in range(count)]
    text = "".join("".join(chunk) for chunk in chunks)
    token_cuts, sentence_cuts, at = [], [], 0
    for chunk in chunks:
        for piece in chunk:
            at += len(piece)
            token_cuts.append(at)
        sentence_cuts.append(at)
    token_cuts, sentence_cuts = token_cuts[:-1], sentence_cuts[:-1]
    sides = []
    for side in ("gold", "predicted"):
        cuts, breaks = token_cuts, sentence_cuts
        if side == "predicted" and not plain and draw(st.booleans()):
            kept = {cut for cut in token_cuts if draw(st.integers(0, 3))}
            added = {cut for cut in range(1, len(text)) if draw(st.integers(0, 5)) == 0}
            if draw(st.booleans()):  # the last token cut into characters
                added |= set(range(max([0, *token_cuts]) + 1, len(text)))
            cuts = sorted(kept | added | set(sentence_cuts))
            if count > 1 and draw(st.integers(0, 2)) == 0:
                breaks = sorted(draw(st.sets(st.sampled_from(cuts), min_size=count - 1,
                                             max_size=count - 1)))
        made = draw(tokens(text, cuts, plain))
        ends = [0, *[sum(len(token.chars) for token in made[:k + 1]) for k in range(len(made))]]
        sentences, first = [], 0
        for stop in [*breaks, len(text)]:
            last = ends.index(stop)
            sentences.append(draw(sentence(made[first:last], plain, several_roots)))
            first = last
        sides.append(sentences)
    return sides[0], sides[1]


@st.composite
def corpora(draw: st.DrawFn, plain: bool = False, several_roots: bool = False) -> Corpus:
    drawn = draw(st.lists(updates(plain, several_roots), min_size=1, max_size=8))
    return Corpus([gold for gold, _ in drawn], [predicted for _, predicted in drawn])


def file_result(folder: Path, corpus: Corpus, options: dict) -> UDScores:
    for side in ("gold", "predicted"):
        (folder / side).write_text("".join(f"{text}\n" for text in corpus.flat(side)),
                                   encoding="utf-8")
    return evaluate_ud(str(folder / "gold"), str(folder / "predicted"), **options)


def assert_same(actual: UDScores, expected: UDScores) -> None:
    assert actual.scores == expected.scores
    assert list(actual.scores) == list(expected.scores)
    assert actual.conll17 == expected.conll17
    assert list(actual.per_sentence) == list(expected.per_sentence)
    for name, rows in expected.per_sentence.items():
        assert actual.per_sentence[name].dtype == rows.dtype, name
        assert np.array_equal(actual.per_sentence[name], rows), name
    weighted = expected.scores.get("WeightedLAS")
    if weighted is not None:  # the float sums, bit for bit
        got = actual.scores["WeightedLAS"]
        assert [x.hex() for x in map(float, (got.correct, got.gold, got.system, got.aligned or 0))] \
            == [x.hex() for x in map(float, (weighted.correct, weighted.gold, weighted.system,
                                            weighted.aligned or 0))]


def metric(options: dict, flush: int) -> UD:
    made = UD(**options)
    made.flush_sentences = flush  # type: ignore[misc]  # small: stretches meet often
    return made


@settings(max_examples=examples(150), deadline=None)
@given(options=st.sampled_from(SETTINGS), data=st.data())
def test_streaming_batched_merged_and_files_agree(tmp_path_factory: pytest.TempPathFactory,
                                                  options: dict, data: st.DataObject) -> None:
    drawn = data.draw(corpora(several_roots=bool(options.get("multiple_roots_okay"))))
    expected = file_result(tmp_path_factory.mktemp("files"), drawn, options)
    count = len(drawn.gold)

    one_by_one = metric(options, data.draw(st.integers(1, 4)))
    for gold, predicted in zip(drawn.gold, drawn.predicted):
        if len(gold) == 1:
            one_by_one.update(gold[0], predicted[0])
        else:
            one_by_one.update(gold, predicted)
    assert_same(one_by_one.compute(), expected)
    assert one_by_one.sentences == len(drawn.flat("gold"))

    cuts = sorted(data.draw(st.lists(st.integers(0, count), max_size=4)))
    spans = list(zip([0, *cuts], [*cuts, count]))
    batched = metric(options, data.draw(st.integers(1, 6)))
    for start, end in spans:
        batched.update(Corpus(drawn.gold[start:end], []).flat("gold"),
                       Corpus([], drawn.predicted[start:end]).flat("predicted"))
    assert_same(batched.compute(), expected)

    states = []
    for start, end in spans:
        worker = metric(options, data.draw(st.integers(1, 6)))
        for update in range(start, end):
            worker.update(drawn.gold[update], drawn.predicted[update])
        states.append(json.loads(json.dumps(worker.state())) if data.draw(st.booleans())
                      else worker)
    merged = metric(options, 4096)
    for state in states:
        merged.merge(state)
    assert_same(merged.compute(), expected)
    assert merged.sentences == len(drawn.flat("gold"))


def token_list(text: str) -> conllu.TokenList:
    return conllu.parse(text)[0]


def rows(text: str) -> list[tuple[str, int, str]]:
    columns = [line.split("\t") for line in text.splitlines()]
    return [(row[1], int(row[6]), row[7]) for row in columns]


@settings(max_examples=examples(60), deadline=None)
@given(corpus=corpora(), plain=corpora(plain=True), data=st.data())
def test_every_form_of_a_sentence_gives_the_same_numbers(corpus: Corpus, plain: Corpus,
                                                         data: st.DataObject) -> None:
    forms = {"str": str, "bytes": str.encode, "TokenList": token_list}
    for drawn, usable in ((corpus, forms), (plain, {**forms, "rows": rows})):
        results = []
        for name in [*usable, "mixed"]:
            made = UD()
            for gold, predicted in zip(drawn.gold, drawn.predicted):
                pick = [usable[name if name != "mixed" else data.draw(st.sampled_from(sorted(usable)))]
                        for _ in range(2)]
                made.update([pick[0](text) for text in gold], [pick[1](text) for text in predicted])
            results.append(made.compute())
        for result in results[1:]:
            assert_same(result, results[0])


def conllu_text(*sentences: list[str]) -> str:
    """Sentences of rows written with spaces (ID FORM LEMMA UPOS HEAD DEPREL)."""
    out = []
    for rows_ in sentences:
        for row in rows_:
            ident, form, lemma, upos, head, deprel = row.split()
            out.append("\t".join((ident, form, lemma, upos, "_", "_", head, deprel, "_", "_")))
        out.append("")
    return "\n".join(out) + "\n"


def test_a_word_carried_into_the_next_sentence() -> None:
    """The scorers' walk carries the predicted ``c`` left over at the end of the first
    sentence (gold ``xc`` is one word) into the multiword span ``cd`` of the next, and aligns
    it with the gold ``c`` there: scored apart, the sentences align no word; scored
    together, as in the files, one; the metric keeps it across flushes and merges."""
    gold = [conllu_text(["1 xc xc X 0 root"]),
            conllu_text(["1-2 cd _ _ _ _", "1 c c X 0 root", "2 d d X 1 obj"])]
    predicted = [conllu_text(["1 x x X 0 root", "2 c c X 1 obj"]),
                 conllu_text(["1 cd cd X 0 root"])]
    whole = UD()
    whole.update(gold, predicted)
    expected = whole.compute()
    assert expected.scores["Words"].correct == 1
    assert expected.per_sentence["Words"].tolist() == [[0, 1, 2, 0], [1, 2, 1, 1]]
    apart = UD()
    apart.update(gold[1], predicted[1])
    assert apart.compute().scores["Words"].correct == 0
    flushed = metric({}, 1)
    for pair in zip(gold, predicted):
        flushed.update(*pair)
    assert_same(flushed.compute(), expected)
    first, second = UD(), UD()
    first.update(gold[0], predicted[0])
    second.update(gold[1], predicted[1])
    assert_same(first.merge(json.loads(json.dumps(second.state()))).compute(), expected)


GOOD = conllu_text(["1 a a X 0 root"])
TWO = "# sent_id = 2\n" + conllu_text(["1 a a X 0 root", "2 b b X 1 obj"])


@pytest.mark.parametrize(("gold", "predicted", "message", "where"), [
    ([GOOD, GOOD, TWO], [GOOD, GOOD, TWO.replace("\t1\tobj", "\tx\tobj")],
     r"^predicted\[3\]:3: Cannot parse HEAD 'x'$", ("predicted", 3, 3)),
    ([GOOD, TWO.replace("\t1\tobj", "\t5\tobj")], [GOOD, TWO],
     r"^gold\[2\]:4: HEAD '5' points outside of the sentence$", ("gold", 2, 4)),
    ([GOOD, TWO], [GOOD, TWO.replace("\tb\tb", "\tc\tc")],
     r"^predicted\[2\]:2: the gold and predicted sentences of an update must spell the same "
     r"text .*: gold 'b', predicted 'c'$", ("predicted", 2, 2)),
    ([GOOD + TWO, GOOD], [GOOD, GOOD + TWO.replace("\tb\tb", "\tc\tc")],
     r"^predicted\[2\]:4: the gold and predicted sentences .*: gold 'ba', predicted 'ac'$",
     ("predicted", 2, 4)),
    ([GOOD, 7], [GOOD, GOOD], r"^gold\[2\]: expected a CoNLL-U sentence .* got int$",
     ("gold", 2, None)),
    (GOOD, [GOOD], r"^predicted: a batch of sentences, but gold is one sentence$",
     ("predicted", None, None)),
])
def test_wrong_inputs_name_side_sentence_and_line(gold: object, predicted: object, message: str,
                                                  where: tuple) -> None:
    made = UD()
    made.update(GOOD, GOOD)
    with pytest.raises(InputError, match=message) as caught:
        made.update(gold, predicted)
        made.compute()
    assert (caught.value.path, caught.value.sentence, caught.value.line) == where


def test_an_error_found_at_a_flush_names_the_sentence_among_all_given() -> None:
    made = metric({}, 3)
    for _ in range(4):
        made.update(GOOD, GOOD)
    with pytest.raises(InputError, match=r"^predicted\[5\]:4: There is a cycle in a sentence$"):
        made.update([TWO, TWO], [TWO, TWO.replace("2\tb\tb\tX\t_\t_\t1", "2\tb\tb\tX\t_\t_\t2")])
        made.compute()


def test_reset_merge_settings_and_an_empty_metric() -> None:
    made = UD()
    assert_same(made.compute(), evaluate_ud("", "", gold_data=b"", system_data=b""))
    made.update(TWO, TWO)
    assert made.compute().scores["LAS"].f1 == 100.0
    made.reset()
    assert made.sentences == 0 and made.compute().scores["LAS"].gold == 0
    made.merge(UD())  # an empty worker changes nothing
    assert made.compute().per_sentence["LAS"].shape == (0, 4)
    with pytest.raises(InputError, match=r"cannot merge UD .* the settings differ"):
        made.merge(UD(conll17=True))


def test_weights_from_a_file_or_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "weights.txt"
    path.write_text("nsubj 0.1\nobj 0.3\n", encoding="utf-8")
    results = []
    for weights in (str(path), {"nsubj": 0.1, "obj": 0.3}):
        made = UD(conll17=True, weights=weights)
        made.update(TWO, TWO.replace("\t1\tobj", "\t0\tobj").replace("\t0\troot", "\t2\tnsubj"))
        results.append(made.compute())
    assert_same(results[0], results[1])
    assert results[0].scores["WeightedLAS"].gold == pytest.approx(1.3)


@pytest.mark.parametrize("options", [[], ["--conll17"], ["--multiple-roots-okay"],
                                     ["--conll17", "-w", "WEIGHTS"]])
def test_the_signature_is_treeeval_uds(tmp_path: Path, options: list[str]) -> None:
    weights = tmp_path / "weights.txt"
    weights.write_text("nsubj 2\n", encoding="utf-8")
    for name in ("gold", "system"):
        (tmp_path / name).write_text(TWO, encoding="utf-8")
    out, err = io.BytesIO(), io.BytesIO()
    arguments = [str(weights) if option == "WEIGHTS" else option for option in options]
    assert run_ud([*arguments, "--signature", str(tmp_path / "gold"),
                   str(tmp_path / "system")], out, err) == 0
    printed = out.getvalue().decode().splitlines()[-1].removeprefix("signature: ")
    made = UD(conll17="--conll17" in options, multiple_roots_okay="--multiple-roots-okay" in options,
              weights=weights if "-w" in options else None)
    assert made.signature == printed


@pytest.mark.parametrize(("options", "rules"), [
    (["--udeval"], EnhancedRules()),
    (["--udeval", "--no-enhanced", "--no-empty-nodes", "1"],
     EnhancedRules(scored=False, no_empty_nodes=True)),
    (["--iwpt20", "--enhancements", "61"], EnhancedRules("iwpt20", enhancements="61"))])
def test_the_enhanced_signature_is_treeeval_uds(tmp_path: Path, options: list[str],
                                                rules: EnhancedRules) -> None:
    enhanced = TWO.replace("root\t_", "root\t0:root").replace("obj\t_", "obj\t1:obj")
    for name in ("gold", "system"):
        (tmp_path / name).write_text(enhanced, encoding="utf-8")
    out, err = io.BytesIO(), io.BytesIO()
    assert run_ud([*options, "--signature", str(tmp_path / "gold"), str(tmp_path / "system")],
                  out, err) == 0
    printed = out.getvalue().decode().splitlines()[-1].removeprefix("signature: ")
    assert UD(enhanced=rules).signature == printed
    assert f"rules:{rules.scorer}" in printed
