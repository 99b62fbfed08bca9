"""Dependency inputs for differential cases: random sentence subsets of the real CoNLL-X files
in ../shared/data/conllx, and small generated trees with the shapes real files rarely have
(non-projective arcs, several roots, empty labels, punctuation-only forms, cycles in the
parser's output).

A case is a list of files written into a folder: one gold file and one or more parsed files
with the same sentences, each sentence a list of 10-column rows.

>>> rng = random.Random(1)
>>> gold = [random_sentence(rng, 4) for _ in range(2)]
>>> [len(sentence) for sentence in gold]
[4, 4]
>>> parsed = [perturb(rng, sentence) for sentence in gold]
>>> all(len(row) == 10 for sentence in parsed for row in sentence)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from harness import DATA

Row = list[str]
Sentence = list[Row]

CONLLX = DATA / "conllx"

#: (gold, parsed files) of every real pair in ../shared/data/conllx
REAL_SETS: dict[str, tuple[str, tuple[str, ...]]] = {
    **{f"plank-{lang}": (f"plank_conll2015/datapackage/{lang}/gold.conll",
                         (f"plank_conll2015/datapackage/{lang}/parser1.conll",
                          f"plank_conll2015/datapackage/{lang}/parser2.conll"))
       for lang in ("da", "de", "en", "es", "hr")},
    **{f"ud12-{lang.lower()}": (f"udeval-maltparser-ud1.2/gold/{lang}.gold.conllx",
                                (f"udeval-maltparser-ud1.2/maltdefault_output_1-2/{lang}.conllx",
                                 f"udeval-maltparser-ud1.2/maltopt_output_1-2/{lang}.conllx"))
       for lang in ("English", "Finnish")},
}

LABELS = ["nsubj", "obj", "det", "amod", "punct", "root", "ROOT", "case", "nmod", "conj", "cc", "_", "x-y", "dep"]
CPOS = ["NOUN", "VERB", "DET", "ADJ", "PUNCT", "ADP", "X", "_"]
FORMS = ["the", "dog", "barks", ".", ",", "!?", "«", "—", "a", "cat", "sees", "x", "%", "$", "()", "é"]


@cache
def read_sentences(path: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The sentences of a CoNLL file under ../shared/data/conllx, as tuples of row fields."""
    sentences: list[tuple[tuple[str, ...], ...]] = []
    current: list[tuple[str, ...]] = []
    with open(CONLLX / path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.strip():
                current.append(tuple(line.split("\t")))
            elif current:
                sentences.append(tuple(current))
                current = []
    if current:
        sentences.append(tuple(current))
    return tuple(sentences)


def real_subset(rng: random.Random, name: str | None = None, size: int | None = None,
                parsers: int | None = None) -> tuple[str, list[Sentence], list[list[Sentence]]]:
    """A random subset of the sentences of a real set (the same sentences in gold and every parsed
    file, in a random order): (set name, gold, [parsed...])."""
    name = name or rng.choice(sorted(REAL_SETS))
    gold_path, parsed_paths = REAL_SETS[name]
    gold = read_sentences(gold_path)
    size = size or rng.choice([1, 2, 3, 5, 10, 30, 100])
    picks = rng.sample(range(len(gold)), min(size, len(gold)))
    chosen = parsed_paths[: parsers or rng.randint(1, len(parsed_paths))]
    parsed = [read_sentences(path) for path in chosen]
    return (name, [[list(row) for row in gold[i]] for i in picks],
            [[[list(row) for row in sentences[i]] for i in picks] for sentences in parsed])


def random_sentence(rng: random.Random, length: int | None = None) -> Sentence:
    """A generated gold sentence: a random tree (possibly non-projective, possibly with several
    roots), random labels (some empty ``_``), some punctuation-only forms."""
    length = length or rng.choice([1, 1, 2, 3, 4, 5, 7, 10, 15])
    heads = [0] * (length + 1)
    order = list(range(1, length + 1))
    rng.shuffle(order)
    attached = [order[0]]
    for word in order[1:]:
        heads[word] = 0 if rng.random() < 0.08 else rng.choice(attached)
        attached.append(word)
    rows = []
    for word in range(1, length + 1):
        label = "ROOT" if heads[word] == 0 and rng.random() < 0.7 else rng.choice(LABELS)
        cpos = rng.choice(CPOS)
        rows.append([str(word), rng.choice(FORMS), "_", cpos, cpos + rng.choice(["", "S", "P"]),
                     rng.choice(["_", "a=b", "a=b|c=d"]), str(heads[word]), label, "_", "_"])
    return rows


def perturb(rng: random.Random, sentence: Sentence, rate: float | None = None) -> Sentence:
    """A parser's output for ``sentence``: some heads changed (cycles and self-loops are not made:
    MaltEval aborts on those), some labels and tags changed; the words stay."""
    rate = rng.choice([0.0, 0.1, 0.3, 0.7]) if rate is None else rate
    rows = [list(row) for row in sentence]
    length = len(rows)
    for row in rows:
        if rng.random() < rate:
            row[7] = rng.choice(LABELS)
        if rng.random() < rate / 3:
            row[3] = row[4] = rng.choice(CPOS)
    if rng.random() < rate:
        heads = [0] + [int(row[6]) for row in rows]
        for word in range(1, length + 1):
            if rng.random() < rate:
                candidate = rng.randint(0, length)
                if candidate != word and not _reaches(heads, candidate, word):
                    heads[word] = candidate
        for word, row in enumerate(rows, 1):
            row[6] = str(heads[word])
    return rows


def _reaches(heads: Sequence[int], start: int, target: int) -> bool:
    """Whether following heads from ``start`` reaches ``target`` (so that attaching ``target``
    to ``start`` would close a cycle)."""
    seen = set()
    while start and start not in seen:
        if start == target:
            return True
        seen.add(start)
        start = heads[start]
    return False


def write_conll(path: Path, sentences: Sequence[Sentence], final_blank: bool = True) -> Path:
    """Write sentences as CoNLL (tab-separated rows, a blank line after each sentence)."""
    lines = []
    for sentence in sentences:
        lines.extend("\t".join(row) for row in sentence)
        lines.append("")
    text = "\n".join(lines) + ("\n" if final_blank else "")
    path.write_text(text, encoding="utf-8")
    return path
