"""``treeeval bracket``'s notices (treeeval.bracket.partial), --strict, and the exact engine
on very deep and very long trees (issue 13)."""

from __future__ import annotations

import gzip
import io
import json
import random
import re
import time
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from cli_runner import Run, run_treeeval

from treeeval.bracket.kernel.crossing import crossing_any
from treeeval.bracket.params import EvalbParams
from treeeval.bracket.reference import ErrorBudget, ReferenceEngine
from treeeval.policy.envelope import schema_path

TREE = b"(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked))))\n"
PRM = b"DELETE_LABEL TOP\nDELETE_LABEL_FOR_LENGTH -NONE-\n"
CONLL = b"1\tThe\t_\tDT\tDT\t_\t2\tdet\t_\t_\n2\tdog\t_\tNN\tNN\t_\t0\troot\t_\t_\n\n"


def bracket(folder: Path, gold: bytes, test: bytes, *options: str, prm: bytes = PRM) -> Run:
    """``treeeval bracket -p p.prm OPTIONS gold.txt test.txt`` on these contents."""
    (folder / "gold.txt").write_bytes(gold)
    (folder / "test.txt").write_bytes(test)
    (folder / "p.prm").write_bytes(prm)
    return run_treeeval(["bracket", "-p", "p.prm", *options, "gold.txt", "test.txt"], folder)


def warnings(run: Run) -> list[str]:
    """The messages of treeeval's warning lines, without the file and line."""
    return re.findall(r"(?m)^treeeval: warning: [^:\n]+(?::\d+)?: (.*)$", run.stderr.decode())


def test_a_clean_run_says_nothing(tmp_path: Path) -> None:
    assert bracket(tmp_path, TREE * 3, TREE * 3, "--strict") == bracket(tmp_path, TREE * 3, TREE * 3)
    assert bracket(tmp_path, TREE * 3, TREE * 3).stderr == b""


@pytest.mark.parametrize("gold, test, said", [
    (3, 1, "test.txt: has 1 line, gold.txt has 3; scored the first 1"),
    (2, 5, "gold.txt: has 2 lines, test.txt has 5; scored the first 2"),
])
def test_different_line_counts(tmp_path: Path, gold: int, test: int, said: str) -> None:
    ran = bracket(tmp_path, TREE * gold, TREE * test)
    assert ran.status == 0 and ran.stderr.decode().splitlines()[-1] == f"treeeval: warning: {said}"
    strict = bracket(tmp_path, TREE * gold, TREE * test, "--strict")
    assert (strict.stdout, strict.status) == (ran.stdout, 1)
    assert strict.stderr.decode().splitlines()[-1] == f"treeeval: error: {said} (--strict)"


def test_an_empty_file(tmp_path: Path) -> None:
    ran = bracket(tmp_path, TREE * 2, b"\n \n")
    assert warnings(ran) == ["has no bracketed tree (empty, blank or comment lines only): "
                             "nothing was scored"]
    assert ran.status == 0 and b"-nan" in ran.stdout
    assert bracket(tmp_path, b"", b"", "--strict").status == 1


def test_max_error(tmp_path: Path) -> None:
    other = TREE.replace(b"dog", b"cat")
    ran = bracket(tmp_path, TREE * 5, other * 5, "-e", "1")
    assert ran.status == 1 and b"Summary" not in ran.stdout
    assert ran.stderr.decode().splitlines()[-1] == (
        "treeeval: warning: test.txt:3: stopped after 3 errors (MAX_ERROR 1); raise it with -e")


@pytest.mark.parametrize("prm, test, costly", [
    (PRM, TREE.replace(b"TOP", b"ROOT"), "test root label ROOT is not the gold root label TOP"),
    (PRM, TREE.replace(b"TOP", b""), "test root label (empty) is not the gold root label TOP"),
    (b"", TREE[5:-2] + b"\n", "gold root label TOP is not the test root label S"),
    # GOLD and TEST given in the wrong order: the gold's ROOT costs (COLLINS.prm deletes TOP)
    (PRM, b"swap", "gold root label ROOT is not the test root label TOP"),
    (PRM + b"DELETE_LABEL ROOT\n", TREE.replace(b"TOP", b"ROOT"), None),
    (PRM + b"EQ_LABEL ROOT TOP\n", TREE.replace(b"TOP", b"ROOT"), None),
    (PRM, TREE[5:-2] + b"\n", None),  # no TOP, which is deleted anyway
    (PRM, TREE.replace(b"TOP (S", b"TOP (FRAG"), None),
])
def test_root_labels(tmp_path: Path, prm: bytes, test: bytes, costly: str | None) -> None:
    """The warning names the file whose root label costs (a line of the notice's own) and
    advises on that file's trees."""
    gold = TREE
    if test == b"swap":
        gold, test = TREE.replace(b"TOP", b"ROOT"), TREE
    ran = bracket(tmp_path, gold * 4, test * 4, prm=prm)
    side, other = ("test", "gold") if costly is None or costly.startswith("test") else (
        "gold", "test")
    expected = [] if costly is None else [
        f"the {costly}, and the parameters do not delete it: it costs a bracket in 4 of the first 4 "
        f"sentences (delete it with DELETE_LABEL, or give the {side} trees the {other} root label)"]
    assert warnings(ran) == expected
    if costly is not None:
        named = ran.stderr.decode().splitlines()[-1].split(": ")[2]
        assert named == f"{side}.txt:1"


def test_a_root_label_wrong_in_a_few_sentences_is_a_parse_error(tmp_path: Path) -> None:
    test = TREE * 3 + TREE.replace(b"TOP", b"ROOT")
    assert warnings(bracket(tmp_path, TREE * 4, test)) == []


@pytest.mark.parametrize("content, kind", [
    (CONLL * 20, "CoNLL-X"),
    (b"# sent_id = 1\n" + CONLL, "CoNLL-U"),
    # a compressed file is read decompressed (treeeval.policy.inputs): compressed twice, what
    # is read is still gzip
    (gzip.compress(gzip.compress(TREE * 20, mtime=0), mtime=0), "gzip-compressed data"),
    (b"<?xml version='1.0'?>\n<treebank/>\n", "XML"),
], ids=["conllx", "conllu", "gzip", "xml"])  # (the same ids in every xdist worker)
def test_another_format_is_said_once(tmp_path: Path, content: bytes, kind: str) -> None:
    ran = bracket(tmp_path, TREE * 20, content)
    assert warnings(ran) == [f"looks like {kind}, not bracketed trees"]
    assert bracket(tmp_path, TREE * 20, content, "--strict").status == 1


def test_a_conllu_file_without_comments_is_said_to_be_conllu(tmp_path: Path) -> None:
    """A .conllu file whose first line is a word (no comment, no multiword token) is named
    CoNLL-U by its name, though bracket reads every file as trees (issue 25)."""
    (tmp_path / "gold.txt").write_bytes(TREE * 20)
    (tmp_path / "test.conllu").write_bytes(CONLL * 20)
    ran = run_treeeval(["bracket", "gold.txt", "test.conllu"], tmp_path)
    assert warnings(ran) == ["looks like CoNLL-U, not bracketed trees"]


def test_error_and_skip_sentences_only_under_strict(tmp_path: Path) -> None:
    test = TREE + TREE.replace(b"barked", b"ran") + b"\n" + TREE
    ran = bracket(tmp_path, TREE * 4, test)
    assert ran.status == 0 and warnings(ran) == []
    strict = bracket(tmp_path, TREE * 4, test, "--strict")
    assert (strict.stdout, strict.status) == (ran.stdout, 1)
    assert strict.stderr.decode().splitlines()[-1] == (
        "treeeval: error: test.txt:2: 2 sentences not scored (1 Error, 1 Skip), first at line 2 "
        "(--strict)")


def test_json_carries_the_notices(tmp_path: Path) -> None:
    ran = bracket(tmp_path, TREE * 3, TREE + b"\n", "--json")
    document = json.loads(ran.stdout)
    assert document["notices"] == [
        {"message": "has 2 lines, gold.txt has 3; scored the first 2", "path": "test.txt",
         "line": None, "strict_only": False},
        {"message": "1 sentence not scored (0 Error, 1 Skip), first at line 2",
         "path": "test.txt", "line": 2, "strict_only": True}]
    schema = json.loads(schema_path("bracket").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)


def test_crossing_any_is_the_pairwise_rule() -> None:
    """Intervals that need not nest, ends of -1 (never closed) included."""
    rng = np.random.default_rng(7)
    for _ in range(500):
        n, m, width = rng.integers(0, 8), rng.integers(0, 8), rng.integers(1, 12)
        gold = rng.integers(-1, width, (2, n))
        test = rng.integers(-1, width, (2, m))
        expected = [any(a < c < b < d or c < a < d < b for a, b in zip(*gold))
                    for c, d in zip(*test)]
        assert crossing_any(gold[0], gold[1], test[0], test[1]).tolist() == expected


def random_tree(rng: random.Random, words: list[bytes], labels: list[bytes]) -> bytes:
    """A random bracketing of ``words`` (unary chains included)."""
    if len(words) == 1 and rng.random() < 0.6:
        return b"(%s %s)" % (rng.choice(labels[:2]), words[0])
    cut = rng.randint(1, len(words) - 1) if len(words) > 1 else 1
    parts = [random_tree(rng, words[:cut], labels)]
    if cut < len(words):
        parts.append(random_tree(rng, words[cut:], labels))
    return b"(%s %s)" % (rng.choice(labels), b" ".join(parts))


def test_the_fast_matching_is_evalb_pair_by_pair() -> None:
    """The exact engine's matching and crossing (dictionaries, covering minima) give what
    its pair-by-pair loops under -D give, with deleted labels and non-transitive EQ_LABEL."""
    rng = random.Random(13)
    labels = [b"NN", b"VB", b"S", b"NP", b"VP", b"X-1", b"TOP"]
    params = EvalbParams(delete_label=[b"TOP", b"VB"], eq_label=[(b"NP", b"S"), (b"S", b"X")],
                         labeled=1)
    for case in range(300):
        words = [b"w%d" % i for i in range(rng.randint(1, 9))]
        gold, test = random_tree(rng, words, labels), random_tree(rng, words, labels)
        params.labeled = case % 2
        scores = []
        for debug in (0, 2):
            params.debug = debug
            engine = ReferenceEngine(params, ErrorBudget(1 << 30, io.BytesIO()))
            scores.append(engine.score_pair(gold, test, 1))
        assert scores[0] == scores[1], (gold, test)


@pytest.mark.parametrize("engine", [[], ["--reference-engine"]], ids=["fast", "reference"])
@pytest.mark.parametrize("shape", ["deep", "long"])
def test_huge_trees_in_under_5_s(tmp_path: Path, shape: str, engine: list[str]) -> None:
    """A tree 100,000 levels deep and a 100,000-word sentence (CPU seconds: the machine is
    shared)."""
    n = 100_000
    if shape == "deep":
        gold = b"(S " * n + b"(NN a)" + b")" * n + b"\n"
        test = b"(S " * (n // 2) + b"(NP " * (n // 2) + b"(NN a)" + b")" * n + b"\n"
    else:
        gold = b"(S " + b" ".join(b"(NN w%d)" % i for i in range(n)) + b")\n"
        test = b"(S (X " + b" ".join(b"(NN w%d)" % i for i in range(n)) + b"))\n"
    start = time.process_time()
    ran = bracket(tmp_path, gold, test, *engine)
    assert time.process_time() - start < 5
    length = b"1" if shape == "deep" else b"100000"
    assert ran.status == 0 and ran.stdout.splitlines()[3].split()[:3] == [b"1", length, b"0"]


def test_numbers_are_c_ints(tmp_path: Path) -> None:
    """MAX_ERROR past C's long range is atoi's -1: the first error kills the run at once
    (it used to print 'Reading sentence' without end)."""
    ran = bracket(tmp_path, TREE, b"bare text\n", prm=b"MAX_ERROR 99999999999999999999\n")
    assert ran.status == 1 and ran.stderr.decode().splitlines() == [
        "1 : Reading sentence",
        "treeeval: warning: test.txt:1: stopped after 1 error (MAX_ERROR -1); raise it with -e"]
    assert b"len<=705032704" in bracket(tmp_path, TREE, TREE, "-c", "5000000000").stdout


def test_an_endless_reading_loop_is_cut_short(tmp_path: Path) -> None:
    ran = bracket(tmp_path, TREE, b"bare text\n", "-e", "2000000000")
    lines = ran.stderr.splitlines()
    assert ran.status == 1 and len(lines) == 100_002 and lines[0] == b"1 : Reading sentence"
    assert lines[-2] == b"1 : Reading sentence (EVALB repeats this line 1999900002 more times)"
