"""Docs that run: every command line and every figure of README.md and docs/*.md, on ../shared.

What is executed, document by document, in one temporary folder per document (so a file that
one command writes can be read by the next), where every name of :data:`FILES` is a symlink to
the shared data:

* every ``treeeval ...`` line of a ```` ```sh ```` block: it must exit 0 (or the status its
  comment states, ``# exit status N``) without a traceback;
* every ```` ```console ```` block: ``$ treeeval ...`` (``\\`` continues a line) followed by
  the output it prints (stdout, then stderr), compared line by line with the real output; a
  line ``...`` stands for any number of lines;
* every ```` ```python ```` block: a block whose first line is ``# NAME.py`` is a file that
  the commands use (written into the folder); one with ``>>>`` lines is a doctest (outputs
  compared, ``...`` as ellipsis); any other is executed and must not raise;
* the tables of figures that come from running treeeval (``ud.md``'s Callin table and WDE
  table, ``convert.md``'s agreement tables), recomputed by the tests at the end of this file.

Usage synopses (a line with ``[...]``, ``|`` between alternatives or an UPPERCASE placeholder)
are left alone; any other ``treeeval`` line in a block that is neither ``sh`` nor ``console``
fails the test, so that a new example cannot escape it. A file name that is neither in
:data:`FILES` or :data:`FIXTURES`, nor written by an earlier command of the same document,
nor the value of an output option, fails with "add FILE to the table".

Not executed, on purpose: ``treeeval browse`` lines (interactive: their files are loaded and
scored through ``treeeval.tui.cli.load_corpus``, the browser's own loader; the screens are
the Textual pilot tests' business), the timings of docs/performance.md and the speed
paragraphs of the other pages (measured on one machine, not recomputed), the reference
programs' command lines in docs/differences.md, and the ``python3 -m pytest`` lines of
docs/testing.md (this test runs inside pytest).
"""

from __future__ import annotations

import doctest
import glob
import io
import os
import re
import shlex
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "differential"))

from harness import run_treeeval  # noqa: E402
from shared_data import DATA  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]

#: Every file name the examples use -> its path under ../shared/data ("repo:" = this repository).
FILES = {
    # constituency trees: WSJ 22 and the Berkeley parser (evalb/wsj22)
    "gold.txt": "evalb/wsj22/wsj22.auto.clean.gld",
    "test.txt": "evalb/wsj22/wsj22.berkeley_MLE.top.tst",
    "wsj22.gld": "evalb/wsj22/wsj22.auto.clean.gld",
    "berkeley.tst": "evalb/wsj22/wsj22.berkeley_MLE.top.tst",
    "wsj22.auto.clean.gld": "evalb/wsj22/wsj22.auto.clean.gld",
    "wsj22.berkeley_MLE.top.tst": "evalb/wsj22/wsj22.berkeley_MLE.top.tst",
    # Kummerfeld et al.'s sample: 10 WSJ sentences and 13 parsers (evalb/parser-analyser-sample)
    "gold.mrg": "evalb/parser-analyser-sample/wsj01.mrg",
    "berkeley.mrg": "evalb/parser-analyser-sample/berkeley.mrg",
    "stanford.mrg": "evalb/parser-analyser-sample/stanford.mrg",
    "charniak.mrg": "evalb/parser-analyser-sample/charniak_basic.mrg",
    # the NLTK WSJ sample and its reference conversions (heads/sample)
    "wsj_0001.mrg": "heads/sample/wsj_0001-0099.mrg",
    "wsj_0001.penn2malt.conllx": "heads/sample/wsj_0001-0099.penn2malt.conllx",
    # Plank et al. (2015), English (conllx/plank_conll2015); the shared parser2.conll has
    # `-` in PHEAD, which MaltEval refuses: parser2.conll is its normalised copy
    "gold.conll": "conllx/plank_conll2015/datapackage/en/gold.conll",
    "parser1.conll": "conllx/plank_conll2015/datapackage/en/parser1.conll",
    "parser2.conll": "conllx/plank_conll2015/datapackage/en/parser2.phead-normalized.conll",
    "parser2.phead-normalized.conll": "conllx/plank_conll2015/datapackage/en/parser2.phead-normalized.conll",
    # CoNLL 2018: the gold files and the HIT-SCIR submission (ud/conll2018)
    "gold": "ud/conll2018/gold",
    "system": "ud/conll2018/systems/HIT-SCIR-18",
    "gold.conllu": "ud/conll2018/gold/en_ewt.conllu",
    "system.conllu": "ud/conll2018/systems/HIT-SCIR-18/en_ewt.conllu",
    # whole folders, for the commands that name paths under ../shared/data
    "ud": "ud",
    "conllx": "conllx",
    # MaltEval's evaluation file (conllx/malteval_out): LAS, UAS, LA by Token and relation length
    "eval.xml": "conllx/malteval_out/eval.xml",
    # this repository's own files
    "docs": "repo:docs",
}

#: Small inputs that no shared file holds, written by the test (Lin's tables (5a), (5b), (6a)).
_LIN_5A = """\
I N < saw subj
saw V *
a Det < man spec
man N > saw cmpl
with P > man adjn
a Det < dog spec
dog N < and
and Conj > with cmpl
a Det < cat spec
cat N > and
in P > saw adjn
the Det < park spec
park N > in cmpl
"""
_LIN_6A = _LIN_5A.replace("with P > man adjn", "with P ?").replace("dog N < and", "dog N ?") \
    .replace("and Conj > with cmpl", "and Conj ?").replace("cat N > and", "cat N ?") \
    .replace("in P > saw adjn", "in P ?")
FIXTURES = {
    "key.lin": _LIN_5A + "\n" + _LIN_5A,
    "answer.lin": _LIN_5A.replace("in P > saw adjn", "in P > cat adjn") + "\n" + _LIN_6A,
    "bad.ops": "; a typo\n(if (t (cat P)) (delet))\n",
}

#: Options whose value is a file the command writes.
OUTPUT_OPTIONS = {"-o", "--output", "--per-sentence"}
_FILE_LIKE = re.compile(r"(^|/)[\w.*-]*\.[A-Za-z][\w]*$|/")
_PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9_]*(\.[a-z]+)?")
#: Upper-case words that are real values, not placeholders.
VALUES = {"LAS", "UAS", "LA", "COLLINS.prm"}
_STATUS = re.compile(r"#\s*exit status (\d+)")


@dataclass
class Block:
    """A fenced block of a document: its info string, first line number and lines."""

    document: str
    line: int
    lang: str
    lines: list[str]

    @property
    def where(self) -> str:
        return f"{self.document}:{self.line}"


@dataclass
class Command:
    """One ``treeeval`` command line of a document, with its expected output if shown."""

    where: str
    line: str
    expected: list[str] | None = None
    status: int = 0


@dataclass
class Outcome:
    """What a document's examples did: the failures, one message each."""

    failures: list[str] = field(default_factory=list)


def read_blocks(document: str) -> list[Block]:
    """The fenced blocks of a document."""
    blocks: list[Block] = []
    current: Block | None = None
    for number, line in enumerate((ROOT / document).read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            if current is None:
                current = Block(document, number + 1, line[3:].strip(), [])
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current.lines.append(line)
    return blocks


def is_synopsis(line: str) -> bool:
    """A usage synopsis (``[-v]``, ``GOLD SYSTEM``, ``a|b``) rather than an example.

    >>> is_synopsis("treeeval ud [-v | -c] GOLD SYSTEM"), is_synopsis("treeeval ud -v gold.conllu system.conllu")
    (True, False)
    """
    words = line.split(" #")[0].split()
    return any(_PLACEHOLDER.fullmatch(part) and part not in VALUES
               for word in words for part in re.split(r"[:|]", word.strip("\"'"))) \
        or any(mark in word for word in words for mark in ("[", "]", "..."))


def joined(lines: list[str]) -> list[tuple[int, str]]:
    """Lines with their ``\\`` continuations joined, and their offsets in the block."""
    result: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for offset, line in enumerate(lines):
        if pending is not None:
            pending = (pending[0], pending[1] + " " + line.strip())
        else:
            pending = (offset, line)
        if pending[1].endswith("\\"):
            pending = (pending[0], pending[1][:-1].rstrip())
            continue
        result.append(pending)
        pending = None
    if pending is not None:
        result.append(pending)
    return result


def commands_of(block: Block) -> list[Command]:
    """The commands of a ``sh`` or ``console`` block (console: with their outputs)."""
    commands: list[Command] = []
    for offset, line in joined(block.lines):
        where = f"{block.document}:{block.line + offset}"
        if block.lang == "console" and line.startswith("$ "):
            commands.append(Command(where, line[2:], []))
        elif block.lang == "console":
            assert commands, f"{where}: a console block starts with '$ treeeval ...'"
            commands[-1].expected.append(line)  # type: ignore[union-attr]
        elif line.startswith("treeeval "):
            commands.append(Command(where, line))
    for command in commands:
        match = _STATUS.search(command.line)
        command.status = int(match.group(1)) if match else 0
    return [c for c in commands if c.line.startswith("treeeval ") and not is_synopsis(c.line)]


def stray_examples(block: Block) -> list[str]:
    """``treeeval`` example lines in a block that is not run (neither ``sh`` nor ``console``)."""
    if block.lang in ("sh", "console"):
        return []
    return [f"{block.document}:{block.line + offset}: an example outside a sh/console block: {line}"
            for offset, line in joined(block.lines)
            for text in [line.removeprefix("$ ")]
            if text.startswith("treeeval ") and not is_synopsis(text)]


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the output matches the shown one, ``...`` lines standing for any lines.

    >>> matches(["a", "...", "d"], ["a", "b", "c", "d"]), matches(["a", "..."], ["b"])
    (True, False)
    """
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0].rstrip() == head.rstrip() and matches(rest, actual[1:])


def prepare(folder: Path, blocks: list[Block]) -> None:
    """Link the shared files into the folder and write the fixtures (and the doc's own files)."""
    for name, target in FILES.items():
        path = ROOT / target[5:] if target.startswith("repo:") else DATA / target
        (folder / name).symlink_to(path)
    for name, text in FIXTURES.items():
        (folder / name).write_text(text, encoding="utf-8")
    for block in blocks:
        if block.lang == "python" and block.lines and re.fullmatch(r"# [\w.-]+\.py", block.lines[0]):
            (folder / block.lines[0][2:]).write_text("\n".join(block.lines) + "\n", encoding="utf-8")


def arguments(command: Command, folder: Path) -> list[str]:
    """The argument list, globs expanded in the folder; unknown files fail with a hint."""
    words = shlex.split(command.line, comments=True)[1:]
    result: list[str] = []
    writes = False
    for word in words:
        if writes or word.startswith("-") or not _FILE_LIKE.search(word.split(":")[-1]):
            result.append(word)
        else:
            paths = [part for part in word.split(":") if _FILE_LIKE.search(part)]
            expanded = sorted(glob.glob(word, root_dir=folder)) if "*" in word else [word]
            for path in paths:
                if "*" not in path and not (folder / path).exists() and not (ROOT / "params" / path).exists():
                    raise LookupError(f"{command.where}: add {path} to the table FILES of "
                                      f"tests/parity/test_docs.py (or write it in an earlier command)")
            if not expanded:
                raise LookupError(f"{command.where}: {word} matches no file")
            result.extend(expanded)
        writes = word in OUTPUT_OPTIONS
    return result


def run(args: list[str], folder: Path) -> tuple[int, str, str]:
    """``treeeval ARGS`` in process, in the folder: status, stdout and stderr."""
    done = run_treeeval(args, folder)
    return done.status, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def check_browse(args: list[str], folder: Path) -> str | None:
    """Load and score a ``treeeval browse`` command's files as the browser does."""
    from treeeval.tui.cli import load_corpus, parse_browse_args

    cwd = os.getcwd()
    os.chdir(folder)
    try:
        options = parse_browse_args(args)
        assert options is not None
        load_corpus(options)
    except Exception:
        return traceback.format_exc(limit=3)
    finally:
        os.chdir(cwd)
    return None


def check_command(command: Command, folder: Path) -> str | None:
    """Run one command; a message when it fails or its output differs from the shown one."""
    try:
        args = arguments(command, folder)
    except LookupError as exc:
        return str(exc)
    if args[0] == "browse":
        problem = check_browse(args[1:], folder)
        return problem and f"{command.where}: {command.line}\n{problem}"
    status, out, err = run(args, folder)
    if "Traceback" in err or status != command.status:
        return (f"{command.where}: {command.line}\nexit status {status} (expected "
                f"{command.status})\n{err[-2000:]}")
    if command.expected is not None and not matches(command.expected, (out + err).splitlines()):
        shown = "\n".join(command.expected)
        return f"{command.where}: {command.line}\nshown:\n{shown}\nactual:\n{out}{err}"
    return None


def check_python(block: Block, folder: Path, namespace: dict) -> str | None:
    """Run a ``>>>`` block as a doctest (or execute a plain block) in the folder; the blocks
    of one document share their names, as a reader's session would."""
    text = "\n".join(block.lines) + "\n"
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        if ">>> " not in text:
            try:
                exec(compile(text, block.where, "exec"), namespace)
            except Exception:
                return f"{block.where}: the example raises\n{traceback.format_exc(limit=3)}"
            return None
        test = doctest.DocTestParser().get_doctest(text, namespace, block.where, block.document, block.line - 1)
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=report.write, clear_globs=False)
        namespace.update(test.globs)
        return f"{block.where}: doctest failed\n{report.getvalue()}" if runner.failures else None
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("document", DOCUMENTS)
def test_examples_run(document: str, tmp_path: Path) -> None:
    """Every command, console session and Python example of the document runs as shown."""
    if not DATA.exists():
        pytest.skip(f"shared reference data not found at {DATA} (parity tests need ../shared)")
    blocks = read_blocks(document)
    prepare(tmp_path, blocks)
    failures = [stray for block in blocks for stray in stray_examples(block)]
    namespace: dict = {}
    for block in blocks:
        if block.lang in ("sh", "console"):
            for command in commands_of(block):
                problem = check_command(command, tmp_path)
                if problem:
                    failures.append(problem)
        elif block.lang == "python" and not re.fullmatch(r"# [\w.-]+\.py", block.lines[0]):
            problem = check_python(block, tmp_path, namespace)
            if problem:
                failures.append(problem)
    assert not failures, "\n\n".join(failures)
