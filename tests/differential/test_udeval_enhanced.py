"""``treeeval ud --udeval`` against ``udeval`` (udtools) with its enhanced metrics, ELAS and
EULAS, on generated pairs with enhanced graphs (:mod:`enhanced_cases`).

Every option of ``udeval`` is drawn: ``-v``, ``-c``, ``--no-enhanced``, ``--enhancements``
with digit strings (junk ones too: each digit 1 to 6 present switches its filter on, any other
character is ignored), ``--no-empty-nodes VALUE`` (true when VALUE is not empty, ``0``
included) and ``--multiple-roots-okay`` (then sentences with several basic roots are drawn
more often).  Where ``udeval`` scores the pair, treeeval's stdout must be its stdout byte for
byte.  Where it fails, with its UDError or with one of its crashes on a DEPS it cannot read
(an entry without ``:``, a head beyond the sentence or not a number: generated on purpose at
a low rate), treeeval must exit 1 with nothing on stdout and one located line,
``treeeval: error: FILE:LINE: message``, naming the file ``udeval`` failed on.  One
difference is listed in docs/differences.md: a negative enhanced head, which udeval reads as
a word of another sentence, is an error in treeeval, at the first file that has one.
"""

from __future__ import annotations

import random
import re
import shlex
import subprocess
from pathlib import Path

import enhanced_cases
import pytest
from harness import Run, assert_same, case_ids, case_random, require_data, run_treeeval
from oracles import udeval_command as udeval

#: CI cases (about 0.2 s of udeval a case)
CI_CASES = 60

#: --enhancements values: digits, combinations, and junk the scorers read digit by digit
ENHANCEMENTS = ("0", "1", "2", "3", "4", "5", "6", "12", "456", "123456", "7", "a1", "", "60",
                "35", "1,2", "x")
GOLD, SYSTEM = "gold.conllu", "system.conllu"
_ERROR_LINE = re.compile(r"treeeval: error: (?P<path>[^:\n]+):(?P<line>\d+): (?P<message>[^\n]*)\n")


@pytest.mark.differential(oracle="udeval")
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_udeval_enhanced(case: int, tmp_path: Path) -> None:
    command = udeval()
    require_data("ud")
    rng = case_random("udeval-enhanced", case)
    options = udeval_options(rng)
    write_pair(tmp_path, *enhanced_cases.draw_pair(
        rng, iwpt20=False, roots=0.5 if "--multiple-roots-okay" in options else 0.04,
        collapsed=0.8 if refuses_empty_nodes(options) else 0.4))
    completed = subprocess.run([command, *options, GOLD, SYSTEM], cwd=tmp_path,
                               capture_output=True, timeout=300)
    reference = Run(completed.stdout, completed.stderr, completed.returncode)
    check_case(reference, ["ud", "--udeval", *options, GOLD, SYSTEM], tmp_path,
               f"udeval enhanced case {case}")


def udeval_options(rng: random.Random) -> list[str]:
    """udeval's options, in a random order."""
    groups = [rng.choice(([], [], ["-v"], ["-c"], ["-v", "-c"], ["--verbose"], ["--counts"]))]
    if rng.random() < 0.15:
        groups.append(["--no-enhanced"])
    if rng.random() < 0.6:
        groups.append(enhancements_option(rng))
    if rng.random() < 0.2:
        groups.append(["--no-empty-nodes", rng.choice(("", "", "1", "yes", "0"))])
    if rng.random() < 0.2:
        groups.append(["--multiple-roots-okay"])
    rng.shuffle(groups)
    return [option for group in groups for option in group]


def enhancements_option(rng: random.Random) -> list[str]:
    """``--enhancements`` with a digit string (as one argument or two)."""
    if rng.random() < 0.5:
        value = rng.choice(ENHANCEMENTS)
    else:
        value = "".join(rng.sample("0123456", rng.randrange(1, 4)))
    return rng.choice((["--enhancements", value], [f"--enhancements={value}"]))


def refuses_empty_nodes(options: list[str]) -> bool:
    """Whether udeval's ``--no-empty-nodes`` is on (any value but the empty string)."""
    return any(option == "--no-empty-nodes" and value != ""
               for option, value in zip(options, options[1:]))


def write_pair(folder: Path, gold: str, system: str) -> None:
    (folder / GOLD).write_text(gold, encoding="utf-8")
    (folder / SYSTEM).write_text(system, encoding="utf-8")


def check_case(reference: Run, args: list[str], folder: Path, case: str) -> None:
    """treeeval's run against the reference's: its stdout (and nothing on stderr) where the
    reference scores the pair; exit 1, no stdout and one located error line on the file the
    reference failed on where it fails (with its UDError or a crash)."""
    ours = run_treeeval(args, folder)
    negative = negative_head_file(folder)
    failed = None if reference.status == 0 else failing_file(reference.stderr)
    if negative is not None and failed != GOLD and (failed is None or negative == GOLD):
        # docs/differences.md: the scorers read a negative enhanced head as a word of
        # another sentence (Python's index into the words read so far); treeeval refuses
        # it, at the first file that has one, before anything the scorer meets later
        stderr = ours.stderr.decode("utf-8", "replace")
        match = _ERROR_LINE.fullmatch(stderr)
        assert ours.status == 1 and ours.stdout == b"" and match, f"{case}: {stderr!r}"
        assert match["path"] == negative and "points outside the sentence" in stderr, stderr
        return
    if reference.status == 0:
        assert_same(reference, ours, case, ["treeeval", *args], folder)
        assert ours.stderr == b"", f"{case}: stderr {ours.stderr!r}"
        return
    assert_same(Run(b"", reference.stderr, 1), ours, f"{case} (the reference failed)",
                ["treeeval", *args], folder)
    stderr = ours.stderr.decode("utf-8", "replace")
    where = f"{case} in {folder}: {shlex.join(['treeeval', *args])}"
    match = _ERROR_LINE.fullmatch(stderr)
    assert match and stderr.count("\n") == 1, f"{where}: not one located error line: {stderr!r}"
    assert match["path"] == failing_file(reference.stderr), \
        f"{where}: {stderr!r}; the reference failed on {failing_file(reference.stderr)}:\n" \
        f"{reference.stderr.decode('utf-8', 'replace')[-1500:]}"


def negative_head_file(folder: Path) -> str | None:
    """The first of the pair's files (gold first, as both are checked) with an enhanced
    head that Python's ``int`` reads as a negative number, or None."""
    for name in (GOLD, SYSTEM):
        for line in (folder / name).read_text(encoding="utf-8").split("\n"):
            columns = line.split("\t")
            if len(columns) != 10 or line.startswith("#") or "." in columns[0] \
                    or "-" in columns[0]:
                continue
            for entry in columns[8].split("|"):
                head = entry.partition(":")[0]
                try:
                    if "." not in head and int(head) < 0:
                        return name
                except ValueError:
                    pass
    return None


def failing_file(stderr: bytes) -> str:
    """The file a reference's traceback failed on: the system file when it was loading it or
    comparing the texts, else the gold file."""
    text = stderr.decode("utf-8", "replace")
    if "system_ud = load_conllu_file" in text or "The concatenation of tokens" in text:
        return SYSTEM
    return GOLD
