"""``treeeval dep`` on the CoNLL-U files of ../shared/data/ud against the MaltEval 1.0 jar on
the same words written as CoNLL-X (issue 25).

MaltEval cannot read CoNLL-U (it stops at the first comment line), so each case converts its
CoNLL-U files itself, with :func:`read_words` (which knows nothing of treeeval): the words
are the lines whose ID is a whole number, written with PHEAD and PDEPREL ``_`` and one blank
line after each sentence, into a folder of their own under the CoNLL-U files' names, and
MaltEval runs there.  treeeval runs on the CoNLL-U files themselves, from a folder where they
have the same names, with the same arguments, so the two outputs must be the same bytes:

* ``test_system_against_its_gold``: every CoNLL-U system file against its gold file, with
  MaltEval's default command line (``-g GOLD -s SYSTEM``).  The systems of the shared tasks
  tokenised raw text, so MaltEval aborts on most (``do not contain the same text``) and
  treeeval must fail with the same complaint; a file that is not CoNLL-U (a malformed line
  of the edge cases, the empty FEATS of UDPipe 2's runs) must be a located error at one of
  the lines :func:`read_words` finds malformed.  On the 63 system files: 19 scored, byte
  for byte, 31 of other words, 13 not CoNLL-U.
* ``test_same_words``: each gold file against itself, and the CoNLL-U system files of one
  treebank with the same words (systems that share a tokeniser) against each other, with
  several metrics and groupings: real scores on real CoNLL-U (multiword tokens, empty
  nodes, DEPS and MISC); 27 pairs.

Pairs: ``conll2018/systems/TEAM/TB.conllu`` with ``conll2018/gold/TB.conllu``;
``conll2017/TEAM/LANG.conllu`` with ``conll2017/gold/LANG-ud-test.conllu``; the UD tools'
Czech PUD pair; ``edge_cases/cases/NAME.sys.conllu`` with ``NAME.gold.conllu``.  CI runs the
edge cases and the first system file of each other folder; ``TREEEVAL_DIFF_CONLLU=all``
runs every file (71 cases, about 2 minutes of CPU).
"""

from __future__ import annotations

import itertools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from harness import DATA, Run, assert_same, run_oracle, run_treeeval
from test_malteval import ABORTED, assert_error

UD = DATA / "ud"
#: what MaltEval says of two files that do not hold the same words, and treeeval with it
NOT_THE_SAME_TEXT = b"do not contain the same text"
#: several metrics and groupings for the pairs of the same words
FLAGS = ["--Metric", "LAS;UAS;LA", "--GroupBy",
         "Token;Deprel:all;Cpostag:all;Sentence:all;ArcDirection;GroupedRelationLength"]
_WORD, _ASIDE = re.compile(r"[0-9]+"), re.compile(r"[0-9]+-[0-9]+|[0-9]+\.[0-9]+")


def gold_of(system: Path) -> Path:
    """The gold file a system file of ../shared/data/ud is scored against."""
    if system.name.endswith(".sys.conllu"):
        return system.with_name(system.name.replace(".sys.", ".gold."))
    if system.parent.name == "udtools-cs_pud":
        return system.with_name("cs_pud-gold.conllu")
    if system.parents[1].name == "conll2017":
        return system.parents[1] / "gold" / f"{system.stem}-ud-test.conllu"
    return system.parents[2] / "gold" / system.name


def system_files() -> list[Path]:
    """Every CoNLL-U system file of ../shared/data/ud (none without ../shared)."""
    if not UD.exists():
        return []
    return sorted(path for path in UD.rglob("*.conllu") if path.parent.name != "gold"
                  and not path.name.endswith((".gold.conllu", "-gold.conllu")))


def chosen(files: list[Path]) -> list[Path]:
    """The system files of this run: all with ``TREEEVAL_DIFF_CONLLU=all``, else the edge
    cases and the first file of each other folder."""
    if os.environ.get("TREEEVAL_DIFF_CONLLU") == "all":
        return files
    first = {path.parent: path for path in reversed(files)}
    return [path for path in files if "edge_cases" in path.parts or first[path.parent] == path]


@dataclass
class Words:
    """A CoNLL-U file's sentences (each word's ten fields) and its malformed lines."""

    sentences: list[list[list[str]]] = field(default_factory=list)
    #: line number -> what is wrong with it
    malformed: dict[int, str] = field(default_factory=dict)


def read_words(path: Path) -> Words:
    """The words of a CoNLL-U file, each sentence's lines whose ID is a whole number, and
    every line that breaks CoNLL-U's basic rules: ten tab-separated fields, an ID that is a
    number (the next word's), a range ``N-M`` or an empty node ``N.M``, no empty field in a
    word (``_`` is no value), and a word's HEAD from 0 to the sentence's length.  A
    byte-order mark, comments and blank lines (one or more) are no words.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x.conllu"
    >>> rows = ["# c", "1-2 ab _ _ _ _ _ _ _ _", "1 a _ X _ _ 3 dep 2:dep _",
    ...         "2 b _ X _ _ 0 root _ _", ""]
    >>> _ = path.write_text("\\n".join(row.replace(" ", "\\t") for row in rows) + "\\n")
    >>> words = read_words(path)
    >>> [[row[1] for row in sentence] for sentence in words.sentences], words.malformed
    ([['a', 'b']], {3: 'HEAD 3'})
    """
    found = Words()
    rows: list[tuple[int, list[str]]] = []
    lines = path.read_bytes().decode("utf-8").removeprefix("\ufeff").split("\n")
    for number, line in enumerate((line.removesuffix("\r") for line in lines), 1):
        if not line.strip():
            _end(rows, found)
            rows = []
            continue
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 10:
            found.malformed[number] = f"{len(fields)} fields"
        elif _WORD.fullmatch(fields[0]):
            rows.append((number, fields))
            if "" in fields:
                found.malformed[number] = "an empty field"
        elif not _ASIDE.fullmatch(fields[0]):
            found.malformed[number] = f"ID {fields[0]!r}"
    _end(rows, found)
    return found


def _end(rows: list[tuple[int, list[str]]], found: Words) -> None:
    """Check a sentence's word IDs and HEADs and keep its words."""
    if not rows:
        return
    for position, (number, fields) in enumerate(rows, 1):
        if number in found.malformed:
            continue
        if fields[0] != str(position):
            found.malformed[number] = f"ID {fields[0]} at word {position}"
        elif not (_WORD.fullmatch(fields[6]) and int(fields[6]) <= len(rows)):
            found.malformed[number] = f"HEAD {fields[6]}"
    found.sentences.append([fields for _, fields in rows])


def write_conllx(words: Words, path: Path) -> None:
    """The words as CoNLL-X: PHEAD and PDEPREL ``_``, a blank line after each sentence."""
    path.write_text("".join("".join("\t".join(fields[:8] + ["_", "_"]) + "\n"
                                    for fields in sentence) + "\n"
                            for sentence in words.sentences), encoding="utf-8")


def run_both(gold: Path, system: Path, flags: list[str], tmp_path: Path,
             where: str) -> tuple[Run, Run, list[str]] | None:
    """Run treeeval on the CoNLL-U files and MaltEval on their words as CoNLL-X, under the
    same names (``g-NAME`` and ``s-NAME``); None when a file is not CoNLL-U, after checking
    that treeeval says where."""
    names = {gold: f"g-{gold.name}", system: f"s-{system.name}"}
    conllu, conllx = tmp_path / "conllu", tmp_path / "conllx"
    conllu.mkdir()
    conllx.mkdir()
    words = {path: read_words(path) for path in names}
    for path, name in names.items():
        (conllu / name).symlink_to(path)
    args = ["-g", names[gold], "-s", names[system], *flags]
    ours = run_treeeval(["dep", *args], conllu)
    bad = [(names[path], words[path].malformed) for path in names if words[path].malformed]
    if bad:
        error = ours.stderr.decode("utf-8", "replace").split("\n", 1)[0]
        located = re.match(r"treeeval: error: (\S+?):(\d+):", error)
        assert ours.status == 1 and ours.stdout == b"" and located, f"{where}: {error}"
        file, line = located.group(1), int(located.group(2))
        assert (file, line) in [(name, number) for name, lines in bad for number in lines], (
            f"{where}: treeeval's error {error!r}, the malformed lines {bad}")
        return None
    for path, name in names.items():
        write_conllx(words[path], conllx / name)
    reference = run_oracle("malteval", args, conllx, timeout=600)
    return reference, ours, args


def compare(reference: Run, ours: Run, args: list[str], tmp_path: Path, where: str) -> None:
    """MaltEval's bytes and exit status; where it aborts, treeeval's one error line (with
    MaltEval's complaint when the texts differ)."""
    if ABORTED in reference.stdout + reference.stderr:
        assert_error(reference, ours, f"{where} in {tmp_path}: {' '.join(args)}")
        if NOT_THE_SAME_TEXT in reference.stdout + reference.stderr:
            assert NOT_THE_SAME_TEXT in ours.stderr, ours.stderr
        return
    assert_same(reference, ours, where, ["treeeval", "dep", *args], tmp_path / "conllu")


@pytest.mark.differential(oracle="malteval")
@pytest.mark.parametrize("system", chosen(system_files()),
                         ids=lambda path: str(path.relative_to(UD)))
def test_system_against_its_gold(system: Path, tmp_path: Path) -> None:
    where = f"{system.relative_to(UD)} against {gold_of(system).relative_to(UD)}"
    ran = run_both(gold_of(system), system, [], tmp_path, where)
    if ran is not None:
        compare(*ran, tmp_path, where)


def gold_files() -> list[Path]:
    """The gold files of the system files (not edge cases: their pairs are above)."""
    return sorted({gold_of(path) for path in system_files() if "edge_cases" not in path.parts})


def same_words(gold: Path) -> list[Path]:
    """The system files of ``gold`` that are CoNLL-U and hold the same words as the first
    of them that does, in order (none when no two do)."""
    read = {path: read_words(path) for path in system_files() if gold_of(path) == gold}
    systems = [path for path, words in read.items() if not words.malformed]
    words = {path: [[row[1] for row in sentence] for sentence in read[path].sentences]
             for path in systems}
    for first in systems:
        alike = [path for path in systems if words[path] == words[first]]
        if len(alike) > 1:
            return alike
    return []


@pytest.mark.differential(oracle="malteval")
@pytest.mark.parametrize("gold", gold_files(), ids=lambda path: str(path.relative_to(UD)))
def test_same_words(gold: Path, tmp_path: Path) -> None:
    """The gold file against itself, and two system files that hold the same words (every
    such pair with ``TREEEVAL_DIFF_CONLLU=all``), each in turn."""
    alike = same_words(gold)
    pairs = [(gold, gold), *itertools.combinations(alike, 2)]
    if os.environ.get("TREEEVAL_DIFF_CONLLU") != "all":
        pairs = pairs[:2]
    for number, (first, second) in enumerate(pairs):
        where = f"{second.relative_to(UD)} against {first.relative_to(UD)}"
        folder = tmp_path / str(number)
        folder.mkdir()
        ran = run_both(first, second, FLAGS, folder, where)
        assert ran is not None, f"{where}: a file of the shared data is not CoNLL-U"
        reference, ours, args = ran
        assert ABORTED not in reference.stdout + reference.stderr, reference.stdout[-500:]
        compare(reference, ours, args, folder, where)
