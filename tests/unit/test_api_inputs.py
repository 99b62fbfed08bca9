"""The file API takes what a user has (issue 26): every ``evaluate_*`` and every reader reads
a path, a compressed path, ``-``, the bytes of a file, an open file or the sentences
themselves through the one input policy (treeeval.policy.inputs), with the same result; an
error names the user's input, never a temporary copy; no copy stays and no input is
written."""

from __future__ import annotations

import argparse
import bz2
import gzip
import io
import lzma
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import treeeval
from treeeval.errors import InputError
from treeeval.lin.api import evaluate_lin
from treeeval.policy.inputs import api_inputs, input_file, materialised, shown

GOLD_TREES = [
    "(S (NP (PRP I)) (VP (VBD saw) (NP (DT a) (NN man)) (PP (IN with) (NP (NNS binoculars))))"
    " (. .))",
    "(S (NP (PRP It)) (VP (VBD ran) (ADVP (RB home))) (. .))",
    "(S (NP (NNS Dogs)) (VP (VBP bark)) (. .))",
]
TEST_TREES = [
    "(S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT a) (NN man)) (PP (IN with) (NP (NNS binoculars)))))"
    " (. .))",
    "(S (NP (PRP It)) (VP (VBD ran)) (ADVP (RB home)) (. .))",
    "(S (NP (NNS Dogs)) (VP (VBP bark)) (. .))",
]
#: the second tree is broken (the EVALB scorer counts it; every other reader refuses it)
BROKEN_TREES = [TEST_TREES[0], "(S (NP (PRP It)) (VP (VBD ran) x) (. .))", TEST_TREES[2]]


def conll(words: list[tuple[str, str, int, str]]) -> str:
    """A CoNLL-U sentence (no comment lines) of (form, tag, head, deprel)."""
    return "\n".join(f"{i}\t{form}\t{form.lower()}\t{tag}\t{tag}\t_\t{head}\t{rel}\t_\t_"
                     for i, (form, tag, head, rel) in enumerate(words, 1))


GOLD_CONLL = [
    conll([("I", "PRON", 2, "nsubj"), ("saw", "VERB", 0, "root"), ("a", "DET", 4, "det"),
           ("man", "NOUN", 2, "obj"), ("with", "ADP", 6, "case"), ("binoculars", "NOUN", 2, "obl"),
           (".", "PUNCT", 2, "punct")]),
    conll([("It", "PRON", 2, "nsubj"), ("ran", "VERB", 0, "root"), ("home", "ADV", 2, "advmod"),
           (".", "PUNCT", 2, "punct")]),
]
TEST_CONLL = [
    conll([("I", "PRON", 2, "nsubj"), ("saw", "VERB", 0, "root"), ("a", "DET", 4, "det"),
           ("man", "NOUN", 2, "obj"), ("with", "ADP", 6, "case"), ("binoculars", "NOUN", 4, "nmod"),
           (".", "PUNCT", 2, "punct")]),
    conll([("It", "PRON", 2, "nsubj"), ("ran", "VERB", 0, "root"), ("home", "ADV", 2, "obj"),
           (".", "PUNCT", 3, "punct")]),
]
#: the second sentence's second line has a HEAD that is no number
BROKEN_CONLL = [TEST_CONLL[0], TEST_CONLL[1].replace("\t2\tobj\t", "\tx\tobj\t")]


def file_of(sentences: list[str], kind: str) -> bytes:
    """The file of ``sentences``: a tree a line, or CoNLL sentences each ending in a blank
    line."""
    if kind == "brackets":
        return "".join(tree + "\n" for tree in sentences).encode()
    return "".join(sentence + "\n\n" for sentence in sentences).encode()


@dataclass(frozen=True)
class Api:
    """One function of the file API: its call on (gold, test), the numbers of its result,
    the kind of its inputs, the test side's name as an in-memory input, and the name its
    result gives the test side (None: it gives none)."""

    call: Callable[[Any, Any], Any]
    summary: Callable[[Any], Any]
    kind: str
    side: str
    named: Callable[[Any], str] | None = None


def _dep(result: Any) -> Any:
    return ([(s.format, s.tokens, s.correct, s.scores, s.lin_errors) for s in result.systems],
            [(t.title, list(t.groups), [c.tolist() for c in t.columns]) for t in result.tables])


APIS: dict[str, Api] = {
    "evaluate_brackets": Api(
        lambda gold, test: treeeval.evaluate_brackets(gold, test),
        lambda r: (r.all_totals, r.cut_totals, r.sentences.rows(), r.killed), "brackets", "test"),
    "evaluate_dependencies": Api(
        lambda gold, test: treeeval.evaluate_dependencies(gold, [test], resamples=20),
        _dep, "conll", "systems[0]", lambda r: r.systems[0].path),
    "evaluate_dependencies-trees": Api(
        lambda gold, test: treeeval.evaluate_dependencies(gold, [test], resamples=20),
        _dep, "brackets", "systems[0]", lambda r: r.systems[0].path),
    "evaluate_ud": Api(
        lambda gold, test: treeeval.evaluate_ud(gold, test),
        lambda r: ({k: (v.correct, v.gold, v.system, v.aligned) for k, v in r.scores.items()},
                   r.gold_to_system.tolist()), "conll", "system", lambda r: r.system.path),
    "evaluate_lin": Api(
        lambda gold, test: evaluate_lin(gold, [test]),
        lambda r: [(a.words.tolist(), a.scored.tolist(), a.errors.tolist()) for a in r.answers],
        "conll", "answers[0]"),
    "evaluate_lin-trees": Api(
        lambda gold, test: evaluate_lin(gold, [test]),
        lambda r: [(a.words.tolist(), a.errors.tolist(), a.phrase_total) for a in r.answers],
        "brackets", "answers[0]"),
    "classify_errors": Api(
        lambda gold, test: treeeval.classify_errors(gold, test),
        lambda r: ([(c.name, c.count, c.brackets) for c in r.systems[0].classes],
                   [s.to_dict() for s in r.systems[0].sentences], r.systems[0].lines,
                   [n.message for n in r.all_notices()]), "brackets", "test",
        lambda r: r.systems[0].test),
    "read_trees": Api(lambda gold, test: [str(tree) for tree in treeeval.read_trees(test)],
                      lambda trees: trees, "brackets", "source"),
    "convert": Api(lambda gold, test: [(s.forms, s.heads, s.labels)
                                       for s in treeeval.convert(test)],
                   lambda corpus: corpus, "brackets", "source"),
}

SENTENCES = {"brackets": (GOLD_TREES, TEST_TREES, BROKEN_TREES),
             "conll": (GOLD_CONLL, TEST_CONLL, BROKEN_CONLL)}
COMPRESS: dict[str, Callable[[bytes], bytes]] = {
    "gz": lambda data: gzip.compress(data, mtime=0), "bz2": bz2.compress, "xz": lzma.compress}


#: every test here checks that no temporary copy of an input is left behind
pytestmark = pytest.mark.usefixtures("private_tmp")


@pytest.fixture
def inputs(tmp_path: Path) -> Iterator[Path]:
    """The folder of the inputs, checked unchanged after the test (inputs are never
    written)."""
    folder = tmp_path / "in"
    folder.mkdir()
    yield folder
    for path in folder.iterdir():
        assert path.read_bytes() == written[path], f"{path.name} was written"


written: dict[Path, bytes] = {}


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    written[path] = data
    return path


class Sources:
    """An input in each of its forms, with the name the result gives each."""

    def __init__(self, folder: Path, name: str, sentences: list[str], kind: str,
                 monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder, self.name, self.sentences, self.kind = folder, name, sentences, kind
        self.data = file_of(sentences, kind)
        self.path = write(folder / name, self.data)
        self.monkeypatch = monkeypatch
        self.opened: list[Any] = []

    def form(self, form: str, side: str) -> tuple[Any, str]:
        """The input as ``form``, and the name its result gives it."""
        if form == "path":
            return str(self.path), str(self.path)
        if form == "Path":
            return self.path, str(self.path)
        if form in COMPRESS:
            packed = write(self.folder / f"{self.name}.{form}", COMPRESS[form](self.data))
            return str(packed), str(packed)
        if form == "bytes":
            return self.data, "<bytes>"
        if form == "gzip bytes":
            return bytearray(gzip.compress(self.data)), "<bytes>"
        if form == "BytesIO":
            return io.BytesIO(self.data), "<stream>"
        if form in ("open rb", "open xz rb", "open text"):
            path = self.path
            if form == "open xz rb":
                path = write(self.folder / f"{self.name}.xz", lzma.compress(self.data))
            stream = open(path, "rb") if form != "open text" else open(path, encoding="utf-8")
            self.opened.append(stream)
            return stream, str(path)
        if form in ("stdin", "stdin gz"):
            data = gzip.compress(self.data) if form == "stdin gz" else self.data
            self.monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
            return "-", "<stdin>"
        if form == "list":
            return list(self.sentences), side
        if form == "generator of bytes":
            return (sentence.encode() for sentence in self.sentences), side
        raise AssertionError(form)

    def close(self) -> None:
        for stream in self.opened:
            stream.close()


FORMS = ["path", "Path", *COMPRESS, "bytes", "gzip bytes", "BytesIO", "open rb", "open xz rb",
         "open text", "stdin", "stdin gz", "list", "generator of bytes"]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("name", sorted(APIS))
def test_every_form_gives_the_result_of_the_files(name: str, form: str, inputs: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    api = APIS[name]
    gold_sentences, test_sentences, _ = SENTENCES[api.kind]
    gold = Sources(inputs, "gold", gold_sentences, api.kind, monkeypatch)
    test = Sources(inputs, "test", test_sentences, api.kind, monkeypatch)
    expected = api.call(str(gold.path), str(test.path))
    # standard input is one side's only; every other form is both sides'
    gold_source = str(gold.path) if form.startswith("stdin") else gold.form(form, "gold")[0]
    test_source, test_name = test.form(form, api.side)
    try:
        result = api.call(gold_source, test_source)
    finally:
        gold.close()
        test.close()
    assert api.summary(result) == api.summary(expected)
    if api.named is not None:
        assert api.named(result) == test_name


@pytest.mark.parametrize("name", sorted(APIS))
def test_a_truncated_gzip_file_is_one_error_naming_it(name: str, inputs: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    api = APIS[name]
    gold_sentences, test_sentences, _ = SENTENCES[api.kind]
    gold = Sources(inputs, "gold", gold_sentences, api.kind, monkeypatch)
    packed = gzip.compress(file_of(test_sentences, api.kind))
    cut = write(inputs / "test.gz", packed[: len(packed) // 2])
    with pytest.raises(InputError) as caught:
        api.call(str(gold.path), str(cut))
    message = str(caught.value)
    assert message.startswith(f"{cut}:") and "\n" not in message
    assert "gzip data is cut short" in message or "corrupt gzip data" in message


#: the forms of the broken test input: its broken sentence is the second, its error on the
#: sentence's first line (trees: line 2 of the file) or third (CoNLL: line 11)
ERROR_FORMS = ["path", "xz", "bytes", "open rb", "BytesIO", "stdin", "list"]


@pytest.mark.parametrize("form", ERROR_FORMS)
@pytest.mark.parametrize("name", sorted(set(APIS) - {"evaluate_brackets"}))
def test_an_error_inside_names_the_users_input(name: str, form: str, inputs: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    api = APIS[name]
    gold_sentences, _, broken_sentences = SENTENCES[api.kind]
    gold = Sources(inputs, "gold", gold_sentences, api.kind, monkeypatch)
    broken = Sources(inputs, "test", broken_sentences, api.kind, monkeypatch)
    source, shown_name = broken.form(form, api.side)
    with pytest.raises(InputError) as caught:
        api.call(str(gold.path), source)
    broken.close()
    error = caught.value
    if form == "list":
        line_in_sentence = 1 if api.kind == "brackets" else 3
        assert (error.path, error.sentence, error.line) == (api.side, 1, line_in_sentence)
    else:
        line_in_file = 2 if api.kind == "brackets" else 11
        assert (error.path, error.sentence, error.line) == (shown_name, None, line_in_file)
    assert "treeeval-inputs" not in str(error) and str(tempfile.tempdir) not in str(error)


def test_a_wrong_sentence_of_brackets_is_named_by_its_index(inputs: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InputError) as caught:
        treeeval.evaluate_brackets(GOLD_TREES, [TEST_TREES[0], 7, TEST_TREES[2]])
    assert str(caught.value) == ("test[1]: expected a bracketed tree (str or bytes), an "
                                 "nltk.Tree, (words, spans) or None, got int")


def test_a_list_of_systems_is_told_from_one_systems_trees(inputs: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    gold = Sources(inputs, "gold", GOLD_TREES, "brackets", monkeypatch)
    test = Sources(inputs, "test", TEST_TREES, "brackets", monkeypatch)
    one = treeeval.classify_errors(GOLD_TREES, TEST_TREES)
    several = treeeval.classify_errors(str(gold.path), [TEST_TREES, str(test.path), test.data])
    assert [system.test for system in several.systems] == ["test[0]", str(test.path), "<bytes>"]
    expected = [sentence.to_dict() for sentence in one.systems[0].sentences]
    for system in several.systems:
        assert [sentence.to_dict() for sentence in system.sentences] == expected


def test_the_copies_live_for_the_call_only(private_tmp: Path) -> None:
    with api_inputs() as inputs:
        path = inputs.path(gzip.compress(b"(S (NN a))\n"), "gold")
        assert Path(path).read_bytes() == b"(S (NN a))\n" and shown(path) == "<bytes>"
        assert list(private_tmp.iterdir())
    assert not os.path.exists(path) and shown(path) == path
    with pytest.raises(KeyError), api_inputs() as inputs:
        path = inputs.path([b"(S (NN a))"], "gold", lambda item, side, index: item + b"\n")
        raise KeyError("stopped")
    assert not os.path.exists(path) and shown(path) == path


def test_the_api_runs_inside_a_command_run(inputs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A command's inputs (materialised) and the API's copies are named apart; neither
    undoes the other's."""
    packed = write(inputs / "gold.conllu.gz", gzip.compress(file_of(GOLD_CONLL, "conll")))
    args = argparse.Namespace(gold=input_file(str(packed)))
    with materialised(args):
        copy = args.gold
        result = treeeval.evaluate_ud(copy, file_of(TEST_CONLL, "conll"))
        assert (result.gold.path, result.system.path) == (copy, "<bytes>")
        assert shown(copy) == str(packed)
        with pytest.raises(InputError) as caught:
            treeeval.evaluate_ud(copy, BROKEN_CONLL)
        assert str(caught.value) == "system[1]:3: Cannot parse HEAD 'x'"
        assert shown(copy) == str(packed)
    expected = treeeval.evaluate_ud(GOLD_CONLL, TEST_CONLL)
    assert result.scores == expected.scores
