"""Bad input to ``treeeval ud`` and ``treeeval wde``: never a traceback, every rejection
located (``treeeval: error: FILE:LINE: ...``, exit 1), and a notice where a run scores
something a user could miss (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_runner import Run, run_treeeval

from treeeval.ud.readers import reading

ROW = "{}\t{}\t{}\tX\t_\t_\t{}\t{}\t_\t_\n"


def conllu(*sentences: list[tuple[str, str]]) -> str:
    """Sentences of (FORM, HEAD) words, relations root and dep."""
    text = ""
    for words in sentences:
        for number, (form, head) in enumerate(words, 1):
            text += ROW.format(number, form, form.lower(), head, "root" if head == "0" else "dep")
        text += "\n"
    return text


GOLD = conllu([("Dogs", "2"), ("bark", "0")], [("Cats", "2"), ("sleep", "0"), (".", "2")])


def run_ud(folder: Path, files: dict[str, bytes | str], *args: str) -> Run:
    """Write ``files`` into ``folder`` and run ``treeeval ARGS`` there."""
    for name, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        (folder / name).write_bytes(data)
    return run_treeeval(list(args), folder)


def error_line(ran: Run) -> str:
    """The error of a refused run (exit 1): its one line (maybe followed by the offending
    line and a caret), without ``treeeval: error: ``."""
    assert ran.status == 1, ran
    assert ran.stdout == b""
    lines = ran.stderr.decode("utf-8").split("\n")
    assert lines[0].startswith("treeeval: error: "), ran.stderr
    assert len(lines) in (2, 4) and all(line.startswith("    ") for line in lines[1:-1])
    return lines[0][len("treeeval: error: "):]


# --- bad UTF-8 (the scorers stop with a UnicodeDecodeError traceback) -----------------------

@pytest.mark.parametrize("where", ["form", "lemma", "deprel", "comment"])
@pytest.mark.parametrize("options", [[], ["--conll17"], ["-v", "--callin"]])
def test_bad_utf8_is_located(tmp_path: Path, where: str, options: list[str]) -> None:
    system = GOLD.encode()
    old = {"form": b"\tsleep\t", "lemma": b"\tsleep\tX", "deprel": b"\troot\t_\t_\n\n"}
    if where == "comment":
        system = system.replace(b"\n\n1", b"\n\n# note \xe9t\xe9\n1")
    else:
        new = old[where].replace(b"sleep", b"sl\xffeep").replace(b"root", b"ro\xc3ot")
        system = system.replace(old[where], new, 1)
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": system},
                 "ud", *options, "gold.conllu", "system.conllu")
    line = {"form": 5, "lemma": 5, "deprel": 2, "comment": 4}[where]
    assert error_line(ran).startswith(f"system.conllu:{line}: cannot decode as UTF-8: ")


def test_bad_utf8_in_a_later_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "BLOCK_BYTES", 40)
    gold = GOLD * 3
    system = (GOLD * 2 + GOLD.replace("Cats", "Ca\udcfft")).encode("utf-8", "surrogateescape")
    ran = run_ud(tmp_path, {"gold.conllu": gold, "system.conllu": system},
                 "ud", "gold.conllu", "system.conllu")
    assert error_line(ran) == "system.conllu:18: cannot decode as UTF-8: invalid start byte"


def test_wde_rejects_bad_utf8(tmp_path: Path) -> None:
    ran = run_ud(tmp_path, {"a.conllu": GOLD.replace("bark", "b\udcffrk").encode(
        "utf-8", "surrogateescape")}, "wde", "a.conllu")
    assert error_line(ran).startswith("a.conllu:")  # the CoNLL-X reader's line


# --- integers beyond 64 bits (were an OverflowError) -------------------------------------------

@pytest.mark.parametrize("field, value, message", [
    ("head", "1" + "0" * 19, "2: HEAD '10000000000000000000' points outside of the sentence"),
    ("id", "9" * 20, "1: Incorrect word ID '99999999999999999999' for word 'Dogs', "
                     "expected '1'"),
    ("range", "1-" + "9" * 20, "4: The CoNLL-U line does not contain 10 tab-separated "
                               "columns: ''"),
])
@pytest.mark.parametrize("options", [[], ["--conll17"], ["--callin"]])
def test_huge_numbers(tmp_path: Path, field: str, value: str, message: str,
                      options: list[str]) -> None:
    first = GOLD.split("\n\n")[0].split("\n")
    if field == "head":
        first[0] = first[0].replace("\t2\tdep", f"\t{value}\tdep")
        message = "3" + message[1:]  # reported at the sentence's blank line (line 3)
    elif field == "id":
        first[0] = value + first[0][1:]
    else:
        first.insert(0, f"{value}\tDogsbark" + "\t_" * 8)
    system = "\n".join(first) + "\n\n" + GOLD.split("\n\n", 1)[1]
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": system},
                 "ud", *options, "gold.conllu", "system.conllu")
    assert error_line(ran) == f"system.conllu:{message}"


# --- messages that had no line -----------------------------------------------------------------

def test_no_final_blank_line_names_the_last_line(tmp_path: Path) -> None:
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": GOLD.rstrip("\n") + "\n"},
                 "ud", "gold.conllu", "system.conllu")
    assert error_line(ran) == ("system.conllu:6: The CoNLL-U file does not end with empty "
                               "line")


def test_text_mismatch_names_the_system_sentence(tmp_path: Path) -> None:
    system = GOLD.replace("sleep", "slept")
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": system},
                 "ud", "gold.conllu", "system.conllu")
    assert error_line(ran).startswith("system.conllu:4: The concatenation of tokens in gold "
                                      "file and in system file differ! ")


def test_text_short_names_the_last_system_sentence(tmp_path: Path) -> None:
    system = GOLD.split("\n\n")[0] + "\n\n"
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": system},
                 "ud", "gold.conllu", "system.conllu")
    assert error_line(ran).startswith("system.conllu:1: The concatenation of tokens")


# --- -w (conll17) weights ------------------------------------------------------------------------

SYSTEM = conllu([("Dogs", "0"), ("bark", "1")], [("Cats", "2"), ("sleep", "0"), (".", "1")])


@pytest.mark.parametrize("weight", ["inf", "nan", "1e309", "-inf"])
def test_weight_not_finite_is_noticed(tmp_path: Path, weight: str) -> None:
    files = {"gold.conllu": GOLD, "system.conllu": SYSTEM, "w.txt": f"# w\ndep {weight}\n"}
    args = ["ud", "--conll17", "-w", "w.txt", "gold.conllu", "system.conllu"]
    ran = run_ud(tmp_path, files, *args)
    assert ran.status == 0
    assert b"WeightedLAS|       nan |" in ran.stdout  # as the 2017 scorer prints it
    assert ran.stderr.decode() == (f"treeeval: warning: w.txt:2: weight '{weight}' of 'dep' is "
                                   "not a finite number (the 2017 scorer takes it: WeightedLAS "
                                   "may print nan)\n")
    strict = run_ud(tmp_path, {}, *args, "--strict")
    assert (strict.status, strict.stdout) == (1, ran.stdout)
    assert strict.stderr.decode().startswith("treeeval: error: w.txt:2: weight")


@pytest.mark.parametrize("weight", ["-1", "0.123456789012345678901234567890", "1_0", "0"])
def test_weights_the_scorer_takes(tmp_path: Path, weight: str) -> None:
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": SYSTEM,
                            "w.txt": f"dep {weight}\n"},
                 "ud", "--conll17", "-w", "w.txt", "gold.conllu", "system.conllu")
    assert (ran.status, ran.stderr) == (0, b"")


@pytest.mark.parametrize("content, line", [
    (b"dep\n", 1), (b"# x\n\ndep 1 2\n", 3), (b"dep one\n", 1), (b"dep 1\x0cobj 2\n", 1),
    (b"dep 1\nobj \xff\n", 2), (b"dep 1\robj\n", 2)])
def test_bad_weights_are_located(tmp_path: Path, content: bytes, line: int) -> None:
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": SYSTEM, "w.txt": content},
                 "ud", "--conll17", "-w", "w.txt", "gold.conllu", "system.conllu")
    assert error_line(ran).startswith(f"w.txt:{line}: ")


# --- Callin's tables -----------------------------------------------------------------------------

@pytest.mark.parametrize("option, content, line", [
    ("--callin-weights", b"dep\tinf\n", 1), ("--callin-weights", b"dep\tnan\n", 1),
    ("--callin-weights", b"dep\t1e309\n", 1), ("--callin-weights", b"x\t1\ndep\t-0.5\n", 2),
    ("--callin-weights", b"dep\n", 1), ("--callin-weights", b"dep\t1\t2\n", 1),
    ("--callin-weights", b"# \xff\ndep\t1\n", 1), ("--callin-classes", b"dep\tcontent\nx\n", 2),
    ("--callin-classes", b"dep\tContent\n", 1), ("--callin-classes", b"\xc3\tother\n", 1)])
def test_bad_callin_tables_are_located(tmp_path: Path, option: str, content: bytes,
                                       line: int) -> None:
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": SYSTEM, "t.tsv": content},
                 "ud", option, "t.tsv", "gold.conllu", "system.conllu")
    assert error_line(ran).startswith(f"t.tsv:{line}")


def test_callin_weights_with_30_decimals(tmp_path: Path) -> None:
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": SYSTEM,
                            "t.tsv": "dep\t0.123456789012345678901234567890\n"},
                 "ud", "--callin-weights", "t.tsv", "gold.conllu", "system.conllu")
    assert (ran.status, ran.stderr) == (0, b"")


# --- loud partial results ------------------------------------------------------------------------

@pytest.mark.parametrize("gold, system", [("", ""), ("# only a comment\n", ""),
                                          ("", "# c\n# d\n")])
def test_empty_files_are_noticed(tmp_path: Path, gold: str, system: str) -> None:
    files = {"gold.conllu": gold, "system.conllu": system}
    ran = run_ud(tmp_path, files, "ud", "gold.conllu", "system.conllu")
    assert ran.status == 0
    assert ran.stdout == b"LAS F1 Score: 0.00\nMLAS Score: 0.00\nBLEX Score: 0.00\n"
    notice = "file holds no word: every score of the pair is 0"
    assert ran.stderr.decode() == (f"treeeval: warning: gold.conllu: the gold {notice}\n"
                                   f"treeeval: warning: system.conllu: the system {notice}\n")
    strict = run_ud(tmp_path, {}, "ud", "--strict", "--conll17", "gold.conllu", "system.conllu")
    assert strict.status == 1
    assert strict.stderr.decode().count("(--strict)\n") == 2


def test_a_pair_with_words_says_nothing(tmp_path: Path) -> None:
    ran = run_ud(tmp_path, {"gold.conllu": GOLD, "system.conllu": SYSTEM},
                 "ud", "--strict", "gold.conllu", "system.conllu")
    assert (ran.status, ran.stderr) == (0, b"")


def test_unpaired_system_file_is_noticed(tmp_path: Path) -> None:
    for folder, names in (("gold", ["a"]), ("sys", ["a", "b"])):
        (tmp_path / folder).mkdir()
        for name in names:
            (tmp_path / folder / f"{name}.conllu").write_text(GOLD, encoding="utf-8")
    ran = run_ud(tmp_path, {}, "ud", "gold", "sys")
    assert ran.status == 0 and ran.stdout.startswith(b"=== a: gold/a.conllu sys/a.conllu\n")
    assert ran.stderr == b"treeeval: warning: sys/b.conllu: no gold file b.conllu in gold: " \
                         b"not scored\n"
    assert run_ud(tmp_path, {}, "ud", "--strict", "gold", "sys").status == 1


def test_an_earlier_error_comes_before_bad_utf8(tmp_path: Path) -> None:
    """Read as the scorers read: a refused sentence before the bad byte is reported first."""
    system = (SYSTEM.replace("\t0\troot", "\t1\troot", 1) + GOLD.replace("bark", "b\udcffrk"))
    ran = run_ud(tmp_path, {"gold.conllu": GOLD * 2,
                            "system.conllu": system.encode("utf-8", "surrogateescape")},
                 "ud", "gold.conllu", "system.conllu")
    assert error_line(ran) == "system.conllu:3: There is a cycle in a sentence"


def test_wde_notices_a_treebank_without_words(tmp_path: Path) -> None:
    ran = run_ud(tmp_path, {"a.conllu": GOLD, "b.conllu": "# nothing\n"},
                 "wde", "a.conllu", "b.conllu")
    assert ran.status == 0 and b"average" in ran.stdout
    assert ran.stderr == (b"treeeval: warning: b.conllu: holds no word: every relation counts "
                          b"0.5 for it in the average\n")
    assert run_ud(tmp_path, {}, "wde", "--strict", "a.conllu", "b.conllu").status == 1
