"""Inputs as users have them (treeeval.policy.inputs): ``-`` and gzip, bzip2 and xz files give
every command the output of the plain files, naming the user's files; corrupt compressed
input is one located error; the temporary copies never show and never stay."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_runner import Run, run_treeeval

TREES = (b"(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat))))"
         b" (. .)))\n(TOP (S (NP (PRP It)) (VP (VBD ran))))\n")
TEST_TREES = (b"(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (PP (IN on) (NP (DT the) (NN mat)))"
              b" (. .)))\n(TOP (S (NP (PRP It)) (VP (VBD ran))))\n")
PRM = b"LABELED 1\nDELETE_LABEL TOP\nDELETE_LABEL .\nEQ_LABEL ADVP PRT\n"


def conll(heads: str, comments: bool = False) -> bytes:
    """A CoNLL-X (or, with comments, CoNLL-U) sentence "The cat sat ." with these heads."""
    words = [("The", "DET", "DT", "det"), ("cat", "NOUN", "NN", "nsubj"),
             ("sat", "VERB", "VBD", "root"), (".", "PUNCT", ".", "punct")]
    rows = [f"{i}\t{form}\t{form.lower()}\t{upos}\t{xpos}\t_\t{head}\t"
            f"{'root' if head == '0' else rel}\t_\t_\n"
            for i, ((form, upos, xpos, rel), head) in enumerate(zip(words, heads.split()), 1)]
    text = "# sent_id = 1\n# text = The cat sat.\n" if comments else ""
    return (text + "".join(rows) + "\n").encode()


CONLL_GOLD, CONLL_SYSTEM = conll("2 3 0 3") * 2, conll("2 3 0 3") + conll("3 3 0 2")
CONLLU_GOLD, CONLLU_SYSTEM = conll("2 3 0 3", True) * 2, conll("3 3 0 3", True) * 2

#: each command on its inputs: the arguments ({name} is an input) and the inputs' bytes
CASES: dict[str, tuple[list[str], dict[str, bytes]]] = {
    "bracket": (["bracket", "-p", "{p.prm}", "{gold.mrg}", "{test.mrg}"],
                {"p.prm": PRM, "gold.mrg": TREES, "test.mrg": TEST_TREES}),
    "bracket-json": (["bracket", "{gold.mrg}", "{test.mrg}", "--json"],
                     {"gold.mrg": TREES, "test.mrg": TEST_TREES}),
    "dep": (["dep", "{gold.conll}", "{system.conll}"],
            {"gold.conll": CONLL_GOLD, "system.conll": CONLL_SYSTEM}),
    "dep-json": (["dep", "-g", "{gold.conll}", "-s", "{system.conll}", "--json"],
                 {"gold.conll": CONLL_GOLD, "system.conll": CONLL_SYSTEM}),
    "dep-evalpl": (["dep", "{gold.conll}", "{system.conll}", "--report", "evalpl"],
                   {"gold.conll": CONLL_GOLD, "system.conll": CONLL_SYSTEM}),
    "dep-brackets": (["dep", "{gold.mrg}", "{test.mrg}", "--heads", "{rules.heads}"],
                     {"gold.mrg": TREES, "test.mrg": TEST_TREES,
                      "rules.heads": b"S right VP\nVP left VBD\nNP right NN PRP\nPP left IN\n"}),
    "lin": (["lin", "{gold.conll}", "{system.conll}", "--tuples"],
            {"gold.conll": CONLL_GOLD, "system.conll": CONLL_SYSTEM}),
    "ud": (["ud", "-v", "{gold.conllu}", "{system.conllu}"],
           {"gold.conllu": CONLLU_GOLD, "system.conllu": CONLLU_SYSTEM}),
    "ud-json": (["ud", "--json", "{gold.conllu}", "{system.conllu}"],
                {"gold.conllu": CONLLU_GOLD, "system.conllu": CONLLU_SYSTEM}),
    "ud-pairs": (["ud", "{gold.conllu}:{system.conllu}", "{gold.conllu}:{gold.conllu}"],
                 {"gold.conllu": CONLLU_GOLD, "system.conllu": CONLLU_SYSTEM}),
    "errors": (["errors", "{gold.mrg}", "{test.mrg}"],
               {"gold.mrg": TREES, "test.mrg": TEST_TREES}),
    "errors-json": (["errors", "{gold.mrg}", "{test.mrg}", "--json"],
                    {"gold.mrg": TREES, "test.mrg": TEST_TREES}),
    "bracket-systems": (["bracket", "{gold.mrg}", "{test.mrg}", "{other.mrg}", "--stat", "ar",
                         "--resamples", "50"],
                        {"gold.mrg": TREES, "test.mrg": TEST_TREES, "other.mrg": TREES}),
    "dep-systems": (["dep", "{gold.conll}", "{system.conll}", "{other.conll}", "--stat", "ar",
                     "--resamples", "50"],
                    {"gold.conll": CONLL_GOLD, "system.conll": CONLL_SYSTEM,
                     "other.conll": CONLL_GOLD}),
    "lin-systems": (["lin", "{gold.conll}", "{system.conll}", "{other.conll}", "--stat", "ar",
                     "--resamples", "50"],
                    {"gold.conll": CONLL_GOLD, "system.conll": CONLL_SYSTEM,
                     "other.conll": CONLL_GOLD}),
    "ud-systems": (["ud", "{gold.conllu}", "{system.conllu}", "{other.conllu}", "--stat", "ar",
                    "--resamples", "50"],
                   {"gold.conllu": CONLLU_GOLD, "system.conllu": CONLLU_SYSTEM,
                    "other.conllu": CONLLU_GOLD}),
    "errors-systems": (["errors", "{gold.mrg}", "{test.mrg}", "{other.mrg}", "--format", "csv"],
                       {"gold.mrg": TREES, "test.mrg": TEST_TREES, "other.mrg": TREES}),
    "convert": (["convert", "--format", "conllu", "{gold.mrg}"], {"gold.mrg": TREES}),
    "wde": (["wde", "{gold.conllu}", "{system.conllu}"],
            {"gold.conllu": CONLLU_GOLD, "system.conllu": CONLLU_SYSTEM}),
}

COMPRESS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": lambda data: gzip.compress(data, mtime=0), ".bz2": bz2.compress, ".xz": lzma.compress}


def run(case: str, folder: Path, renamed: dict[str, str], stdin: bytes = b"") -> Run:
    """Run ``case`` in ``folder`` with each input called by its name in ``renamed``."""
    template, _ = CASES[case]
    args = [re.sub(r"\{([^}]+)\}", lambda m: renamed.get(m.group(1), m.group(1)), arg)
            for arg in template]
    return run_treeeval(args, folder, stdin=stdin)


def expected(plain: Run, renamed: dict[str, str]) -> tuple[bytes, bytes, int]:
    """What the plain run said, with each input called by its new name."""
    out, err = plain.stdout, plain.stderr
    for name, new in renamed.items():
        out, err = out.replace(name.encode(), new.encode()), err.replace(name.encode(), new.encode())
    return out, err, plain.status


def write_plain(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (folder / name).write_bytes(data)


#: every test here checks that no temporary copy of an input is left behind
pytestmark = pytest.mark.usefixtures("private_tmp")


def plain_run(case: str, folder: Path) -> Run:
    _, files = CASES[case]
    write_plain(folder, files)
    ran = run(case, folder, {})
    assert ran.status in (0, 1) and ran.stdout, ran.stderr
    return ran


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_compressed_inputs_give_the_plain_output(case: str, suffix: str, tmp_path: Path) -> None:
    plain = plain_run(case, tmp_path)
    _, files = CASES[case]
    renamed = {name: name + suffix for name in files}
    for name, data in files.items():
        (tmp_path / renamed[name]).write_bytes(COMPRESS[suffix](data))
    ran = run(case, tmp_path, renamed)
    assert same((ran.stdout, ran.stderr, ran.status), expected(plain, renamed), case)
    assert b"treeeval-inputs-" not in ran.stdout + ran.stderr


@pytest.mark.parametrize("case", sorted(CASES))
def test_standard_input_gives_the_plain_output(case: str, tmp_path: Path) -> None:
    plain = plain_run(case, tmp_path)
    _, files = CASES[case]
    for name, data in files.items():
        if case in ("ud-pairs", "wde"):  # a pair's side is a file; wde: the next test
            break
        ran = run(case, tmp_path, {name: "-"}, stdin=data)
        assert same((ran.stdout, ran.stderr, ran.status), expected(plain, {name: "-"}), case,
                    stdin=True), name
        assert b"treeeval-inputs-" not in ran.stdout + ran.stderr


def same(ran: tuple[bytes, bytes, int], plain: tuple[bytes, bytes, int], case: str,
         stdin: bool = False) -> bool:
    """Whether a run said what the plain run said with the inputs renamed.  Several systems
    are tabled under their short names (the stem of a file; ``-`` for standard input, and
    the table's title ``stdin`` when the gold file is ``-``), so the columns' widths follow
    the names: there the words must be the same (the numbers, with standard input).  The
    systems of errors' JSON are named the same way: the rest of the document must be the
    same."""
    if case == "errors-json":
        documents = [json.loads(out) for out in (ran[0], plain[0])]
        for document in documents:
            for system in document["systems"]:
                del system["name"]
        return (documents[0], ran[1:]) == (documents[1], plain[1:])
    if not case.endswith("-systems"):
        return ran == plain
    if stdin:
        numbers = re.compile(rb"-?\d+\.\d+|\bp [<=] [\d.]+")
        return (numbers.findall(ran[0]), ran[2]) == (numbers.findall(plain[0]), plain[2])
    return (ran[0].split(), ran[1].split(), ran[2]) == (plain[0].split(), plain[1].split(),
                                                       plain[2])


def test_wde_names_standard_input_by_its_spelling(tmp_path: Path) -> None:
    plain = plain_run("wde", tmp_path)
    ran = run("wde", tmp_path, {"gold.conllu": "-"}, stdin=CONLLU_GOLD)
    header, _, rest = plain.stdout.partition(b"\n")
    assert header.split() == [b"relation", b"class", b"gold", b"system", b"average"]
    assert ran.stdout == b"relation   class         - system  average\n" + rest


def test_compressed_standard_input_is_decompressed(tmp_path: Path) -> None:
    plain = plain_run("dep", tmp_path)
    ran = run("dep", tmp_path, {"system.conll": "-"}, stdin=lzma.compress(CONLL_SYSTEM))
    assert (ran.stdout, ran.status) == expected(plain, {"system.conll": "-"})[::2]


def test_a_compressed_file_is_known_by_its_magic_bytes_not_its_name(tmp_path: Path) -> None:
    plain = plain_run("bracket", tmp_path)
    (tmp_path / "test.mrg").write_bytes(bz2.compress(TEST_TREES))
    (tmp_path / "gold.gz").write_bytes(TREES)  # named .gz, but plain
    ran = run("bracket", tmp_path, {"gold.mrg": "gold.gz"})
    assert (ran.stdout, ran.status) == (plain.stdout, plain.status)


def test_a_pipe_is_read_as_it_is(tmp_path: Path) -> None:
    """A named pipe (``<(zcat test.mrg.gz)``) is never sniffed: its bytes go to the command."""
    plain = plain_run("bracket", tmp_path)
    os.mkfifo(tmp_path / "pipe")
    writer = threading.Thread(target=(tmp_path / "pipe").write_bytes, args=(TEST_TREES,))
    writer.start()
    ran = run("bracket", tmp_path, {"test.mrg": "pipe"})
    writer.join()
    assert (ran.stdout, ran.status) == (plain.stdout, plain.status)


def test_the_signature_of_a_compressed_input_is_the_plain_files(tmp_path: Path) -> None:
    _, files = CASES["bracket"]
    write_plain(tmp_path, files)
    args = ["bracket", "-p", "p.prm", "gold.mrg", "test.mrg", "--signature"]
    plain = run_treeeval(args, tmp_path)
    (tmp_path / "p.prm.gz").write_bytes(gzip.compress(PRM))
    packed = run_treeeval([a.replace("p.prm", "p.prm.gz") for a in args], tmp_path)
    assert packed.stdout == plain.stdout and b"prm:p.prm#" in packed.stdout


@pytest.mark.parametrize("suffix", [".gz", "-"])
def test_errors_name_the_users_file_and_line(suffix: str, tmp_path: Path) -> None:
    bad = CONLL_GOLD.replace(b"3\tsat\tsat\tVERB\tVBD\t_\t0", b"3\tsat\tsat\tVERB\tVBD\t_\tX", 1)
    (tmp_path / "gold.conll").write_bytes(bad)
    (tmp_path / "system.conll").write_bytes(CONLL_SYSTEM)
    plain = run_treeeval(["dep", "gold.conll", "system.conll"], tmp_path)
    assert plain.status == 1 and plain.stderr.startswith(b"treeeval: error: gold.conll:3:")
    name = "-" if suffix == "-" else "gold.conll.gz"
    (tmp_path / "gold.conll.gz").write_bytes(gzip.compress(bad))
    ran = run_treeeval(["dep", name, "system.conll"], tmp_path, stdin=bad)
    assert (ran.stderr, ran.status) == (plain.stderr.replace(b"gold.conll", name.encode()), 1)


def test_notices_name_the_users_file(tmp_path: Path) -> None:
    (tmp_path / "gold.mrg").write_bytes(TREES)
    (tmp_path / "test.mrg.xz").write_bytes(lzma.compress(TEST_TREES.split(b"\n")[0] + b"\n"))
    ran = run_treeeval(["bracket", "gold.mrg", "test.mrg.xz"], tmp_path)
    assert b"treeeval: warning: test.mrg.xz: has 1 line, gold.mrg has 2" in ran.stderr, ran.stderr


CORRUPT = {
    "truncated gzip": (gzip.compress(TREES * 50)[:120], "the gzip data is cut short"),
    "bad gzip": (gzip.compress(TREES)[:12] + b"\xff" * 20 + gzip.compress(TREES)[32:],
                 "corrupt gzip data"),
    "truncated bzip2": (bz2.compress(TREES)[:-20], "the bzip2 data is cut short"),
    "bad bzip2": (b"BZh9" + b"\x00" * 40, "corrupt bzip2 data"),
    "bad xz": (b"\xfd7zXZ\x00" + b"\x00" * 40, "corrupt xz data"),
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_corrupt_compressed_input_is_one_located_error(name: str, tmp_path: Path) -> None:
    data, message = CORRUPT[name]
    (tmp_path / "gold.mrg").write_bytes(TREES)
    (tmp_path / "test.mrg.z").write_bytes(data)
    ran = run_treeeval(["bracket", "gold.mrg", "test.mrg.z"], tmp_path)
    assert ran.status == 1 and ran.stdout == b""
    assert re.fullmatch(rb"treeeval: error: test\.mrg\.z:\d+: " + message.encode() + rb".*\n",
                        ran.stderr), ran.stderr
    assert (tmp_path / "test.mrg.z").read_bytes() == data  # inputs are never written


def test_standard_input_once_only(tmp_path: Path) -> None:
    ran = run_treeeval(["dep", "-", "-"], tmp_path, stdin=CONLL_GOLD)
    assert (ran.stderr, ran.status) == (
        b"treeeval: error: standard input (-) can be given once only\n", 2)


def test_an_output_over_a_compressed_input_is_refused(tmp_path: Path) -> None:
    packed = gzip.compress(TREES)
    (tmp_path / "gold.mrg.gz").write_bytes(packed)
    ran = run_treeeval(["convert", "gold.mrg.gz", "-o", "gold.mrg.gz"], tmp_path)
    assert (ran.stderr, ran.status) == (
        b"treeeval: error: gold.mrg.gz: is an input of this run; it is never written\n", 1)
    assert (tmp_path / "gold.mrg.gz").read_bytes() == packed


def test_browse_reads_compressed_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser loads and scores the files, then stops: stderr is no terminal here."""
    monkeypatch.setattr(sys, "__stderr__", io.StringIO())
    (tmp_path / "gold.mrg").write_bytes(TREES)
    (tmp_path / "test.mrg.bz2").write_bytes(bz2.compress(TEST_TREES))
    plain = run_treeeval(["browse", "gold.mrg", "gold.mrg"], tmp_path)
    ran = run_treeeval(["browse", "gold.mrg", "test.mrg.bz2"], tmp_path)
    assert (ran.stderr, ran.status) == (plain.stderr, 2) and b"terminal" in ran.stderr


@pytest.mark.parametrize("gold, system, gold_text, system_text", [
    ("gold.mrg", "test.mrg", TREES, TEST_TREES),
    ("gold.conllu", "system.conllu", CONLLU_GOLD, CONLLU_SYSTEM),
], ids=["brackets", "conllu"])
def test_the_browsers_header_names_the_users_files(gold: str, system: str, gold_text: bytes,
                                                   system_text: bytes, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from treeeval.arguments import parse_command
    from treeeval.commands.browse import browse_settings as browse_options
    from treeeval.policy.inputs import materialised
    from treeeval.tui.loading import load_corpus

    monkeypatch.chdir(tmp_path)
    (tmp_path / f"{gold}.gz").write_bytes(gzip.compress(gold_text))
    (tmp_path / f"{system}.xz").write_bytes(lzma.compress(system_text))
    args = parse_command("browse", [f"{gold}.gz", f"{system}.xz"])
    with materialised(args):
        files = load_corpus(browse_options(args)).header().files
    assert files == [f"gold: {gold}.gz", f"system: {system}.xz"]
