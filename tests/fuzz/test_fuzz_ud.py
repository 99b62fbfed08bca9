"""Fuzzing ``treeeval ud`` and ``treeeval wde``: CoNLL-U pairs, ``-w`` weights, Callin tables.

A valid CoNLL-U file is drawn (sentences with comments, multiword tokens, empty nodes
``n.1``, features, subtyped relations, a random tree per sentence), a system file made from
it (the same text, other heads and labels), then structured mutations (IDs, HEADs out of
range, cycles, huge numbers, bad UTF-8, missing columns, CRLF, no final blank line) and the
generic ones of :mod:`fuzzing`.  Each run must end in scores or in one located
``treeeval: error: FILE:LINE: ...`` (see :func:`fuzzing.check_run`).

A long run (docs/testing.md)::

    TREEEVAL_FUZZ_CASES=10000 python -m pytest tests/fuzz/test_fuzz_ud.py -n 2 \\
        --hypothesis-profile fuzz --hypothesis-seed=$RANDOM
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fuzzing import NASTY, check_run, fuzz_settings, mutated
from hypothesis import given
from hypothesis import strategies as st

from treeeval.ud.readers import reading

#: CI cases per test (the whole file stays under about 25 s on the shared machine)
CI_CASES = 50

RELATIONS = ["root", "nsubj", "obj", "obl:arg", "det", "case", "punct", "aux:pass", "nmod",
             "conj", "cc", "advmod", "amod", "mark", "dep", "flat:name", "_"]
FORMS = ["the", "dog", "a", "cat", "de", "l'", "ça", "Über", "x y", "日本", "1,5", ".", "\u00a0a",
         "don't", "_", "#", "9", "a\u2009b"]
FEATS = ["_", "Case=Nom", "Case=Nom|Number=Sing", "Gender=Fem|Typo=Yes", "Foo=Bar|Abbr=Yes"]
UPOS = ["NOUN", "VERB", "DET", "ADP", "PUNCT", "_", "X"]


@st.composite
def sentence(draw: st.DrawFn) -> list[list[str]]:
    """One sentence as rows of 10 fields: a random tree, maybe a multiword token and an
    empty node."""
    size = draw(st.integers(1, 8))
    order = draw(st.permutations(range(size)))
    heads = [0] * size
    for rank, word in enumerate(order[1:], 1):  # each word attaches to one placed before it
        heads[word] = order[draw(st.integers(0, rank - 1))] + 1
    rows = []
    for word in range(size):
        deprel = "root" if heads[word] == 0 else draw(st.sampled_from(RELATIONS[1:]))
        deps = draw(st.sampled_from(["_", f"{heads[word]}:{deprel}"]))
        rows.append([str(word + 1), draw(st.sampled_from(FORMS)), draw(st.sampled_from(FORMS)),
                     draw(st.sampled_from(UPOS)), draw(st.sampled_from(["_", "NN", "VBZ"])),
                     draw(st.sampled_from(FEATS)), str(heads[word]), deprel, deps,
                     draw(st.sampled_from(["_", "SpaceAfter=No"]))])
    if size >= 2 and draw(st.booleans()):  # a multiword token over words a..b
        first = draw(st.integers(1, size - 1))
        last = draw(st.integers(first + 1, min(size, first + 2)))
        rows.insert(first - 1, [f"{first}-{last}", draw(st.sampled_from(FORMS))] + ["_"] * 8)
    if draw(st.booleans()):  # an empty node after the last word
        rows.append([f"{size}.1", "e", "e", "X", "_", "_", "_", "_", f"{size}:dep", "_"])
    return rows


@st.composite
def treebank_rows(draw: st.DrawFn) -> list[tuple[list[str], list[list[str]]]]:
    """Sentences with their comments."""
    sentences = []
    for number in range(draw(st.integers(1, 4))):
        comments = draw(st.sampled_from([[], [f"# sent_id = {number}"],
                                         [f"# sent_id = {number}", "# text = whatever"]]))
        sentences.append((comments, draw(sentence())))
    return sentences


def render(sentences: list[tuple[list[str], list[list[str]]]]) -> bytes:
    """The sentences as a CoNLL-U file."""
    lines = []
    for comments, rows in sentences:
        lines += comments + ["\t".join(row) for row in rows] + [""]
    return ("\n".join(lines) + "\n").encode("utf-8")


@st.composite
def system_of(draw: st.DrawFn, sentences: list) -> list:
    """A system file for the gold ``sentences``: the same text, other heads and labels."""
    result = []
    for comments, rows in sentences:
        rows = [list(row) for row in rows]
        for row in rows:
            if row[0].isdigit() and draw(st.integers(0, 3)) == 0:
                row[7] = draw(st.sampled_from(RELATIONS))
                if row[6] != "0" and draw(st.booleans()):
                    words = sum(r[0].isdigit() for r in rows)
                    row[6] = str(draw(st.integers(0, words)))
        result.append((comments, rows))
    return result


#: what a structured mutation may put in a field
FIELD_VALUES = st.one_of(st.sampled_from(NASTY),
                         st.sampled_from([b"12345678901234567890", b"1-99999999999999999999",
                                          b"2-1", b"1-2", b"3.1", b"0", b"-3", b" 2", b"+2",
                                          b"\xd9\xa1", b"1_0", b"10" * 30, b"0.0"]),
                         st.binary(max_size=3))


@st.composite
def structured(draw: st.DrawFn, data: bytes) -> bytes:
    """CoNLL-U mutations: a field replaced (IDs, HEADs: huge, negative, out of range ...),
    a cycle, a column dropped or added, CRLF line ends, no final blank line."""
    lines = data.split(b"\n")
    rows = [i for i, line in enumerate(lines) if line.count(b"\t") == 9]
    for _ in range(draw(st.integers(0, 3))):
        if not rows:
            break
        row = draw(st.sampled_from(rows))
        fields = lines[row].split(b"\t")
        kind = draw(st.sampled_from(["field", "id", "head", "drop", "add", "cycle"]))
        if kind == "cycle" and len(fields) == 10 and fields[0].isdigit():
            fields[6] = fields[0]  # a word its own head
        elif kind == "drop" and fields:
            del fields[draw(st.integers(0, len(fields) - 1))]
        elif kind == "add":
            fields.insert(draw(st.integers(0, len(fields))), draw(FIELD_VALUES))
        elif fields:
            column = {"id": 0, "head": min(6, len(fields) - 1)}.get(
                kind, draw(st.integers(0, len(fields) - 1)))
            fields[column] = draw(FIELD_VALUES)
        lines[row] = b"\t".join(fields)
    data = b"\n".join(lines)
    if draw(st.integers(0, 9)) == 0:
        data = data.replace(b"\n", b"\r\n")
    if draw(st.integers(0, 9)) == 0:
        data = data.rstrip(b"\r\n") + draw(st.sampled_from([b"", b"\n"]))
    return data


@st.composite
def conllu_pair(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """A gold and a system file, the system (sometimes the gold) mutated."""
    gold = draw(treebank_rows())
    system = render(draw(system_of(gold)))
    gold_bytes = render(gold)
    if draw(st.booleans()):
        system = draw(structured(system))
    if draw(st.integers(0, 4)) == 0:
        gold_bytes = draw(structured(gold_bytes))
    system = draw(mutated(st.just(system)))
    return gold_bytes, system


UD_OPTIONS = st.sampled_from([[], ["-v"], ["-c"], ["--conll17"], ["--conll17", "-v"],
                              ["--multiple-roots-okay"], ["--callin"], ["--json"],
                              ["--strict"], ["--conll17", "--multiple-roots-okay", "-v"],
                              ["--callin", "--conll17"]])


@contextmanager
def block_bytes(size: int | None) -> Iterator[None]:
    """Read CoNLL-U in blocks of about ``size`` bytes (None: the default), so that pairs
    are scored in many pieces."""
    default = reading.BLOCK_BYTES
    reading.BLOCK_BYTES = size or default
    try:
        yield
    finally:
        reading.BLOCK_BYTES = default


def check_ud(args: list[str], files: dict[str, bytes], block: int | None = None) -> None:
    """:func:`check_run`, and with ``--json`` a successful run prints strict JSON (no NaN)."""
    with block_bytes(block):
        ran = check_run(args, files)
    if ran.status == 0 and "--json" in args:
        json.loads(ran.stdout, parse_constant=lambda name: pytest.fail(f"{name} in --json"))


#: one pair, or several (GOLD:SYSTEM items: a refused pair counts 0, exit status 1)
PAIRS = st.sampled_from([["gold.conllu", "system.conllu"],
                         ["gold.conllu:system.conllu", "gold.conllu:gold.conllu"]])


@fuzz_settings(CI_CASES)
@given(conllu_pair(), UD_OPTIONS, PAIRS, st.sampled_from([None, None, 1, 40, 300]))
def test_fuzz_ud_conllu(pair: tuple[bytes, bytes], options: list[str], pairs: list[str],
                        block: int | None) -> None:
    """``treeeval ud`` on mutated CoNLL-U pairs, with the scorers' options and Callin's."""
    gold, system = pair
    check_ud(["ud", *options, *pairs], {"gold.conllu": gold, "system.conllu": system}, block)


@st.composite
def weights_file(draw: st.DrawFn, separator: bytes) -> bytes:
    """A weights file (``RELATION<separator>WEIGHT`` lines, comments, blank lines) with odd
    weights: inf, nan, 1e309, negative, 30 decimals, missing or extra columns."""
    lines = [b"# weights"]
    for _ in range(draw(st.integers(0, 6))):
        relation = draw(st.sampled_from([r.encode() for r in RELATIONS] + [b"", b"x:y", b"#a"]))
        weight = draw(st.one_of(st.sampled_from(NASTY), st.sampled_from(
            [b"0.5", b"1", b"2", b"1e-3", b"0.123456789012345678901234567890", b"-0", b"1_0",
             b"1e309", b"-inf", b"infinity", b"\xd9\xa1"])))
        lines.append(draw(st.sampled_from([relation + separator + weight, relation,
                                           relation + separator + weight + separator + b"1",
                                           b"", b"  " + relation + b"  " + weight])))
    return b"\n".join(lines) + draw(st.sampled_from([b"\n", b"", b"\r\n"]))


@st.composite
def classes_file(draw: st.DrawFn) -> bytes:
    """A relation classes file (``RELATION<TAB>CLASS``), sometimes with a bad class."""
    lines = [b"# classes"]
    for relation in draw(st.lists(st.sampled_from(RELATIONS), max_size=6)):
        kind = draw(st.sampled_from([b"content", b"function", b"other", b"", b"Content",
                                     b"content\tx"]))
        lines.append(relation.encode() + b"\t" + kind)
    return b"\n".join(lines) + b"\n"


@st.composite
def clean_pair(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """A valid gold and system pair (the tables are the fuzzed input)."""
    gold = draw(treebank_rows())
    return render(gold), render(draw(system_of(gold)))


@fuzz_settings(CI_CASES)
@given(clean_pair(), weights_file(b" ").flatmap(lambda data: mutated(st.just(data))),
       st.sampled_from([[], ["--json"], ["--strict"], ["-v"]]), PAIRS)
def test_fuzz_ud_weights(pair: tuple[bytes, bytes], weights: bytes, options: list[str],
                         pairs: list[str]) -> None:
    """``treeeval ud --conll17 -w``: the 2017 scorer's WeightedLAS weights file."""
    check_ud(["ud", "--conll17", "-w", "weights.txt", *options, *pairs],
             {"gold.conllu": pair[0], "system.conllu": pair[1], "weights.txt": weights})


@fuzz_settings(CI_CASES)
@given(clean_pair(), weights_file(b"\t").flatmap(lambda data: mutated(st.just(data))),
       classes_file().flatmap(lambda data: mutated(st.just(data))),
       st.sampled_from([["--callin-weights", "w.tsv"], ["--callin-classes", "c.tsv"],
                        ["--callin-weights", "w.tsv", "--callin-classes", "c.tsv"]]))
def test_fuzz_callin_tables(pair: tuple[bytes, bytes], weights: bytes, classes: bytes,
                            options: list[str]) -> None:
    """``treeeval ud --callin-weights/--callin-classes``: Callin's WLAS weights and classes."""
    check_run(["ud", *options, "gold.conllu", "system.conllu"],
              {"gold.conllu": pair[0], "system.conllu": pair[1], "w.tsv": weights,
               "c.tsv": classes})


@fuzz_settings(CI_CASES)
@given(conllu_pair(), classes_file().flatmap(lambda data: mutated(st.just(data))),
       st.booleans())
def test_fuzz_wde(pair: tuple[bytes, bytes], classes: bytes, with_classes: bool) -> None:
    """``treeeval wde`` on mutated CoNLL-U treebanks (and a mutated classes file)."""
    options = ["--classes", "c.tsv"] if with_classes else []
    check_run(["wde", "a.conllu", "b.conllu", *options],
              {"a.conllu": pair[0], "b.conllu": pair[1], "c.tsv": classes})


def long_sentence(words: int, last_head: str) -> bytes:
    """One sentence of ``words`` words in a chain (word i's head is i+1), the last word's
    HEAD ``last_head``."""
    rows = [f"{i}\tw{i % 7}\t_\tX\t_\t_\t{i + 1}\tdep\t_\t_" for i in range(1, words)]
    rows.append(f"{words}\tend\t_\tX\t_\t_\t{last_head}\troot\t_\t_")
    return ("\n".join(rows) + "\n\n").encode()


@pytest.mark.parametrize("last_head, args", [
    ("0", ["ud"]), ("0", ["ud", "--conll17", "-v"]), ("0", ["wde"]), ("1", ["ud"]),
    ("100001", ["ud", "--callin"]), ("9" * 25, ["ud", "--conll17"]), ("9" * 25, ["wde"])])
def test_long_sentence(last_head: str, args: list[str]) -> None:
    """A 100,000-word sentence is scored, or refused (a cycle, a HEAD out of range, a huge
    HEAD), in under 5 s of CPU each (the shared machine's load stretches the wall time)."""
    words = 100_000
    files = {"gold.conllu": long_sentence(words, last_head),
             "system.conllu": long_sentence(words, "0")}
    names = ["gold.conllu"] if args == ["wde"] else ["gold.conllu", "system.conllu"]
    start = time.process_time()
    ran = check_run([*args, *names], files)
    elapsed = time.process_time() - start
    assert elapsed < 5, f"{args} {last_head}: {elapsed:.1f} s"
    if args != ["wde"]:  # wde reads CoNLL-U as CoNLL-X: it checks HEADs, not trees
        assert (ran.status == 0) == (last_head == "0"), ran.stderr
