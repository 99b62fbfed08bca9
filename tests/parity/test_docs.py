"""Docs that run: every command line and every figure of README.md and docs/*.md, on ../shared.

What is executed, document by document, in one temporary folder per document (so a file that
one command writes can be read by the next), where every name of :data:`FILES` is a symlink to
the shared data and every name of :data:`FIXTURES` a small file the test writes:

* every ``treeeval ...`` line of a ```` ```sh ```` block: it must exit 0 (or the status its
  comment states, ``# exit status N``) without a traceback;
* every ```` ```console ```` block: ``$ treeeval ...`` (``\\`` continues a line) followed by
  the output it prints (stdout, then stderr), compared line by line with the real output; a
  line ``...`` stands for any number of lines;
* every ```` ```python ```` block: a block whose first line is ``# NAME.py`` is a file that
  the commands use (written into the folder); one with ``>>>`` lines is a doctest (outputs
  compared, ``...`` as ellipsis); any other is executed and must not raise. The blocks of a
  document share their names, as a reader's session would.

Usage synopses (a line with ``[``, ``]``, ``...`` or an UPPERCASE placeholder such as GOLD)
are left alone; any other ``treeeval`` line in a block that is neither ``sh`` nor ``console``
fails the test, so that a new example cannot escape it. A file name that is neither in
:data:`FILES`, :data:`FIXTURES` or ``params/``, nor written by an earlier command of the same
document, nor the value of an output option, fails with "add FILE to the table".

The figures outside code blocks are recomputed by the tests after :func:`test_examples_run`:
ud.md's Callin table, its prose figures and the WDE table; convert.md's agreement tables;
dep.md's sanity runs; error-classes.md's examples and JSON line; bracket.md's JSON document;
browse.md's screens (through the browser's data layer) and first session; differences.md's
Plank figures; testing.md's default seed.

Not executed, on purpose: ``treeeval browse`` lines (interactive: their files are loaded and
scored through ``treeeval.tui.loading.load_corpus``, the browser's own loader; drawing the screens
is the Textual pilot tests' business), the timings of docs/performance.md and the speed
paragraphs of the other pages (measured on one machine, not recomputed), the reference
programs' command lines and EVALB's limits in docs/differences.md, the figures of Lin's paper
in lin.md (tests/unit/lin/test_lin.py asserts them on his own tables), and the ``python3 -m
pytest`` lines of docs/testing.md (this test runs inside pytest).
"""

from __future__ import annotations

import doctest
import functools
import glob
import io
import os
import re
import shlex
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "differential"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit" / "tui"))

from harness import run_treeeval  # noqa: E402
from shared_data import DATA  # noqa: E402
from tui_fixtures import DISCO_GOLD, DISCO_PARSE  # noqa: E402

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
    "systems": "ud/conll2018/systems",
    # Plank et al. (2015): the whole package, five languages (docs/task.md, --judgments)
    "datapackage": "conllx/plank_conll2015/datapackage",
    "gold.conllu": "ud/conll2018/gold/en_ewt.conllu",
    "system.conllu": "ud/conll2018/systems/HIT-SCIR-18/en_ewt.conllu",
    # the UD tools' test pair (Czech PUD gold with enhanced graphs, UDPipe 2 without)
    "cs_pud-gold.conllu": "ud/udtools-cs_pud/cs_pud-gold.conllu",
    "cs_pud-udpipe.conllu": "ud/udtools-cs_pud/cs_pud-udpipe-pdtc-ud-2.17-251125.conllu",
    # whole folders, for the commands that name paths under ../shared/data
    "ud": "ud",
    "conllx": "conllx",
    # MaltEval's evaluation file (conllx/malteval_out): LAS, UAS, LA by Token and relation length
    "eval.xml": "conllx/malteval_out/eval.xml",
    # disco-dop's sample export file and test files (disco)
    "alpinosample.export": "disco/alpinosample.export",
    "t1.mrg": "disco/t1.mrg",
    "t2.dbr": "disco/t2.dbr",
    # this repository's own files
    "docs": "repo:docs",
}


def _lin_5a() -> str:
    """Lin's key (5a), the tuples lin.md shows after "(5a), is:"."""
    lines = (ROOT / "docs" / "lin.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("(5a), is:")) + 3
    return "\n".join(lines[start:lines.index("```", start)]) + "\n"


_LIN_5A = _lin_5a()
# the answers of tables (5c) and (6b): (5b) attaches "in" to "cat"; (6a) leaves five heads unknown
_LIN_5B = _LIN_5A.replace("in P > saw adjn", "in P > cat adjn")
_LIN_6A = re.sub(r"^(with P|dog N|and Conj|cat N|in P) .*$", r"\1 ?", _LIN_5A, flags=re.M)
#: Small inputs that no shared file holds, written by the test: Lin's tables (5c) and (6b)
#: (key (5a) twice; answers (5b) and (6a)) and an operations file with a typo.
FIXTURES = {
    "key.lin": _LIN_5A + "\n" + _LIN_5A,
    "answer.lin": _LIN_5B + "\n" + _LIN_6A,
    "bad.ops": "; a typo\n(if (t (cat P)) (delet))\n",
    # docs/disco.md: a discontinuous VP, and a parse that misses it
    "gold.dbr": "(S (NP 0=a) (VP (V 1=b) (N 3=d)) (X 2=c))\n",
    "parse.dbr": "(S (NP 0=a) (VP (V 1=b)) (X (Y 2=c) (N 3=d)))\n",
    "heads.txt": "S right-to-left VP V\nVP right V\nX left Y N\n",
    # docs/convert.md: a head-rule file in discodop's format for alpinosample.export
    "alpino.headrules": "% Alpino categories (a phrase with an hd child needs no rule)\n"
                        "DU LEFT-TO-RIGHT SMAIN SV1 WHQ\nCONJ LEFT-TO-RIGHT NP PP SMAIN SSUB\n"
                        "MWU LEFT SPEC\n",
    # docs/browse.md: a German sentence with a discontinuous VP in export format, and a parse
    "gold.export": DISCO_GOLD,
    "parse.export": DISCO_PARSE,
}

#: Options whose value is a file the command writes.
OUTPUT_OPTIONS = {"-o", "--output", "--per-sentence", "--html", "--plot"}
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
    """A usage synopsis (``[-v]``, ``GOLD SYSTEM``, ``NAME|FILE``) rather than an example.

    >>> is_synopsis("treeeval ud [-v | -c] GOLD SYSTEM"), is_synopsis("treeeval ud -v gold.conllu system.conllu")
    (True, False)
    """
    words = line.split(" #")[0].split()
    return any(_PLACEHOLDER.fullmatch(part) and part not in VALUES
               for word in words for part in re.split(r"[:|]", word.strip("\"'"))) \
        or any(mark in word for word in words for mark in ("[", "]", "..."))


def joined(lines: list[str], console: bool = False) -> list[tuple[int, str]]:
    r"""Lines with their ``\`` continuations joined, and their offsets in the block; in a
    console block only a command (``$ ...``) continues, an output line is taken as it is
    (LaTeX rows end in ``\\``).

    >>> joined(["$ treeeval a \\", "  b", "x \\\\", "y"], console=True)
    [(0, '$ treeeval a b'), (2, 'x \\\\'), (3, 'y')]
    """
    result: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for offset, line in enumerate(lines):
        if pending is not None:
            pending = (pending[0], pending[1] + " " + line.strip())
        elif console and not line.startswith("$ "):
            result.append((offset, line))
            continue
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
    for offset, line in joined(block.lines, console=block.lang == "console"):
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
    from treeeval.commands.browse import parse_browse_args
    from treeeval.tui.loading import load_corpus

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


# --- tables of figures ---------------------------------------------------------------------


def table_after(document: str, heading: str) -> list[list[str]]:
    """The cells of the first Markdown table after the line starting with ``heading``
    (header and rule excluded)."""
    lines = (ROOT / document).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    first = next(i for i in range(start, len(lines)) if lines[i].startswith("|"))
    rows = []
    for line in lines[first + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def text_of(document: str) -> str:
    """A document's text, its lines joined by single spaces (prose figures may be wrapped)."""
    return " ".join((ROOT / document).read_text(encoding="utf-8").split())


@pytest.fixture(scope="module")
def shared() -> Path:
    """../shared/data, or skip."""
    if not DATA.exists():
        pytest.skip(f"shared reference data not found at {DATA} (parity tests need ../shared)")
    return DATA


def test_error_class_examples(shared: Path, tmp_path: Path) -> None:
    """error-classes.md: each class's WSJ 22 example sentence has a repair of that class (with
    the brackets it says), and the per-sentence JSON line is the real one."""
    import json

    path = tmp_path / "repairs.jsonl"
    status, _, err = run(["errors", str(shared / FILES["wsj22.gld"]), str(shared / FILES["berkeley.tst"]),
                          "--per-sentence", str(path)], tmp_path)
    assert status == 0, err
    records = {record["sentence"]: record for record in map(json.loads, path.read_text().splitlines())}
    for name, _, example in table_after("docs/error-classes.md", "| class | repair"):
        sentence = int(example.split()[0])
        classes = [name] if "/" not in name else [f"UNSET {kind.strip()}" for kind in ("move", "add", "remove")]
        repairs = [r for r in records[sentence]["repairs"] if r["class"] in classes]
        assert repairs, f"sentence {sentence} has no {name} repair: {records[sentence]}"
        said = re.search(r"(\d+) brackets", example)
        if said:
            assert int(said.group(1)) in [r["fixed"] for r in repairs], (sentence, repairs)
    shown = next(b for b in read_blocks("docs/error-classes.md") if b.lang == "json")
    record = json.loads("".join(shown.lines))
    assert records[record["sentence"]] == record


_MALT = "conllx/udeval-maltparser-ud1.2/"
_PLANK = "conllx/plank_conll2015/datapackage/"
#: ud.md's Callin table: row -> gold and system under ../shared/data (all with
#: --multiple-roots-okay, which changes nothing for the files that have one root per sentence).
CALLIN_ROWS = {
    "UD 1.2 en, MaltOptimizer": (_MALT + "gold/English.gold.conllx", _MALT + "maltopt_output_1-2/English.conllx"),
    "UD 1.2 fi, MaltOptimizer": (_MALT + "gold/Finnish.gold.conllx", _MALT + "maltopt_output_1-2/Finnish.conllx"),
    "UD 1.2 en, Malt default": (_MALT + "gold/English.gold.conllx", _MALT + "maltdefault_output_1-2/English.conllx"),
    "UD 1.2 fi, Malt default": (_MALT + "gold/Finnish.gold.conllx", _MALT + "maltdefault_output_1-2/Finnish.conllx"),
    "Plank 2015 en, parser1": (_PLANK + "en/gold.conll", _PLANK + "en/parser1.conll"),
    "Plank 2015 es, parser2": (_PLANK + "es/gold.conll", _PLANK + "es/parser2.conll"),
    "CoNLL 2018 en_ewt, HIT-SCIR (raw text)": ("ud/conll2018/gold/en_ewt.conllu",
                                               "ud/conll2018/systems/HIT-SCIR-18/en_ewt.conllu"),
}


def _ud(shared: Path, gold: str, system: str):
    from treeeval.ud import evaluate_ud

    return evaluate_ud(str(shared / gold), str(shared / system), multiple_roots_okay=True)


def _wde_command() -> list[str]:
    """The ``treeeval wde`` command of ud.md's WDE section (over the ten gold files)."""
    block = next(b for b in read_blocks("docs/ud.md")
                 if any(line.startswith("treeeval wde ") for line in b.lines))
    return shlex.split(" ".join(line.rstrip("\\") for line in block.lines))[1:]


def _percent(part: int | float, whole: int | float, digits: int) -> str:
    return f"{100 * part / whole:.{digits}f}"


def test_ud_callin_table(shared: Path, tmp_path: Path) -> None:
    """ud.md: the Callin table of real outputs, with the weights of the ten gold files."""
    args = [*_wde_command(), "-o", str(tmp_path / "weights.tsv")]
    status, _, err = run([args[0], *(p for a in args[1:] for p in (sorted(glob.glob(a, root_dir=shared))
                                                                  if "*" in a else [a]))], shared)
    assert status == 0, err
    for row in table_after("docs/ud.md", "| pair | LAS"):
        result = _ud(shared, *CALLIN_ROWS[row[0]])
        scores = result.callin(weights=str(tmp_path / "weights.tsv"))
        las = result.scores["LAS"]
        content, function = scores.classes["content"], scores.classes["function"]
        cascade = scores.cascading
        actual = [row[0],
                  _percent(las.correct, las.gold, 2) + (" (recall)" if "recall" in row[1] else ""),
                  _percent(scores.weighted_correct, scores.weighted_total, 2),
                  f"{_percent(content.correct, content.system, 2)} / {_percent(content.correct, content.gold, 2)}",
                  f"{_percent(function.correct, function.system, 2)} / {_percent(function.correct, function.gold, 2)}",
                  f"{_percent(content.gold, scores.gold_words, 1)} / {_percent(function.gold, scores.gold_words, 1)}",
                  " / ".join(_percent(cascade[c]["labelled"].parent_correct, cascade[c]["labelled"].wrong, 1)
                             for c in ("content", "function")),
                  f"{scores.sttr:.3f}"]
        assert row == actual


def test_ud_callin_prose(shared: Path) -> None:
    """ud.md's Callin figures in prose: WLAS with the gold file's own WDE, the reproduction of
    the author's cascading-errors table (with his class table), the LAS cross-check."""
    text = text_of("docs/ud.md")
    english = _ud(shared, *CALLIN_ROWS["UD 1.2 en, MaltOptimizer"])
    scores = english.callin()
    assert f"WLAS is {_percent(scores.weighted_correct, scores.weighted_total, 2)} with the gold file's own WDE" in text
    from treeeval.ud.relation_classes import load_relation_classes

    authors = {**load_relation_classes(None), "mwe": "function", "list": "content", "name": "content"}
    coarse = _ud(shared, _MALT + "gold/English.gold.coarse.conllx",
                 _MALT + "maltdefault_coarse_output_test_1-2/English.conllx").callin(classes=authors)
    cells = [f"{c[m].parent_correct / c[m].wrong:.4f}"
             for c in (coarse.cascading["content"], coarse.cascading["function"])
             for m in ("labelled", "unlabelled")]
    assert (f"For English: content {cells[0]} labelled and {cells[1]} unlabelled; function {cells[2]} and "
            f"{cells[3]}.") in text
    for language, shown in (("English", "English 83.61, 82.51 and 82.28"),
                            ("Finnish", "Finnish 77.42, 66.05 and 66.28")):
        figures = []
        for system in ("maltopt_output_1-2", "maltdefault_output_1-2", "maltdefault_coarse_output_test_1-2"):
            result = _ud(shared, f"{_MALT}gold/{language}.gold.conllx", f"{_MALT}{system}/{language}.conllx")
            callin = result.callin()
            assert sum(c.correct for c in callin.classes.values()) == result.scores["LAS"].correct
            figures.append(_percent(result.scores["LAS"].correct, result.scores["LAS"].gold, 2))
        assert f"{language} {figures[0]}, {figures[1]} and {figures[2]}" == shown and shown in text
    gold = (shared / "ud" / "conll2018" / "gold" / "en_ewt.conllu").read_text(encoding="utf-8")
    longest = max(len(line.split("\t")[1]) for line in gold.splitlines() if line.count("\t") == 9)
    assert f"en_ewt has a {longest}-character FORM" in text
    for treebank, shown in (("en_ewt", "has {} correct, {} gold and {} system words"),
                            ("he_htb", "(HIT-SCIR: {} correct, {} gold and {} system words)")):
        result = _ud(shared, f"ud/conll2018/gold/{treebank}.conllu",
                     f"ud/conll2018/systems/HIT-SCIR-18/{treebank}.conllu")
        las = result.scores["LAS"]
        assert sum(c.correct for c in result.callin().classes.values()) == las.correct
        assert shown.format(las.correct, las.gold, las.system) in text


def _wde(shared: Path, patterns: list[str]) -> tuple[dict[str, list[str]], str]:
    """``treeeval wde`` over the files: each relation's row, and the line of class means."""
    files = [path for pattern in patterns for path in sorted(glob.glob(pattern, root_dir=shared))]
    status, out, err = run(["wde", *files], shared)
    assert status == 0, err
    lines = out.splitlines()
    rows = {line.split()[0]: line.split() for line in lines[1:]
            if line.strip() and not line.startswith("mean")}
    return rows, lines[-1]


def _means(line: str) -> list[tuple[str, str, str]]:
    """(class, mean, count) of a ``mean averaged WDE by class`` line."""
    return re.findall(r"(\w+) (\d\.\d{4}) \((\d+)\)", line)


def test_ud_wde_table(shared: Path) -> None:
    """ud.md: the WDE table over the ten UD gold files, its class means, and those of its notes."""
    ten = [a for a in _wde_command() if "/" in a]
    rows, means = _wde(shared, ten)
    for cells in table_after("docs/ud.md", "| relation | class | averaged WDE"):
        for relation, kind, average in (cells[:3], cells[4:7]):
            if relation:
                assert [relation, kind, average] == [rows[relation][0], rows[relation][1], rows[relation][-1]]
    shown = [(c, m, n) for c, m, n in _means(means)]
    text = text_of("docs/ud.md")
    assert (f"(all 10 files): function {shown[0][1]} ({shown[0][2]} relations), content {shown[1][1]} "
            f"({shown[1][2]}), other {shown[2][1]} ({shown[2][2]})") in text
    for relation, shown_values in (("auxpass", "0.23 and 0.06"), ("neg", "0.19, 0.14")):
        values = [float(v) for v in rows[relation][2:-1] if v != "—"]
        joiner = " and " if " and " in shown_values else ", "
        assert f"`{relation}` ({joiner.join(f'{v:.2f}' for v in values)}" in text
    v2 = [p for p in ten if "udeval-maltparser" not in p]
    ud12 = [p for p in ten if "udeval-maltparser" in p]
    m = _means(_wde(shared, v2)[1])
    assert (f"With the v2 files alone ({len(sorted(f for p in v2 for f in glob.glob(p, root_dir=shared)))} files), "
            f"the means are function {m[0][1]} ({m[0][2]} relations), content {m[1][1]} ({m[1][2]}) and other "
            f"{m[2][1]} ({m[2][2]})") in text
    m = _means(_wde(shared, ud12)[1])
    assert (f"With the two UD 1.2 files alone, the means are function {m[0][1]} ({m[0][2]}), content "
            f"{m[1][1]} ({m[1][2]}) and other {m[2][1]} ({m[2][2]})") in text
    m = _means(_wde(shared, ["ud/conll2018/gold/*.conllu", *ud12])[1])
    assert f"the means are function {m[0][1]}, content {m[1][1]} and other {m[2][1]}." in text


def test_convert_label_schemes(shared: Path) -> None:
    """convert.md's label schemes: the label of `Vinken` (wsj_0001's first sentence) in each."""
    import treeeval

    tree = next(iter(treeeval.read_trees(str(shared / FILES["wsj_0001.mrg"]))))
    for scheme, _, example in table_after("docs/convert.md", "| scheme | DEPREL"):
        corpus = treeeval.convert([tree], heads="collins", labels=scheme.split()[0].strip("`"))
        assert f"`{corpus.labels[corpus.forms.index('Vinken')]}`" == example, scheme


#: convert.md's agreement table: reference -> its file under heads/sample ({} = the half).
_CONVERT_REFERENCES = {
    "CoreNLP 4.5.10 CollinsHeadFinder": "collins", "CoreNLP 4.5.10 ModCollinsHeadFinder": "modcollins",
    "NLTK dependency_treebank (Penn2Malt)": "penn2malt", "CoreNLP 4.5.10 SemanticHeadFinder()": "semantic",
    "CoreNLP 4.5.10 SemanticHeadFinder(false)": "semantic-cop",
}


def test_convert_agreement_tables(shared: Path) -> None:
    """convert.md: each table against its reference, and the tables against each other."""
    import numpy as np

    import treeeval
    from treeeval.formats.conll import read_conll

    sample = shared / "heads" / "sample"
    halves = ["wsj_0001-0099", "wsj_0100-0199"]
    trees = {half: list(treeeval.read_trees(str(sample / f"{half}.mrg"))) for half in halves}

    @functools.cache
    def heads(table: str, half: str) -> np.ndarray:
        return np.asarray(treeeval.convert(trees[half], heads=table).heads)

    for table, reference, tokens, identical in table_after("docs/convert.md", "| table | reference"):
        name, _, half = reference.rpartition(", ")  # "the same, HALF" is penn2malt's other half
        reference_file = _CONVERT_REFERENCES.get(name, "penn2malt")
        gold = np.array([h for s in read_conll(str(sample / f"{half}.{reference_file}.conllx")) for h in s.heads])
        ours = heads(table.strip("`"), half)
        assert [tokens, identical] == [f"{len(gold):,}", f"**{100 * np.mean(ours == gold):.2f} %**"], table
    rows = table_after("docs/convert.md", "|  | collins")
    names = [row[0] for row in rows]
    converted = {name: np.concatenate([heads(name, half) for half in halves]) for name in names}
    text = text_of("docs/convert.md")
    assert f"on the whole sample ({len(converted['collins']):,} tokens" in text
    assert f"Every sentence of wsj_0100-0199 ({len(trees['wsj_0100-0199']):,} trees)" in text
    for row in rows:
        assert row[1:] == [f"{100 * np.mean(converted[row[0]] == converted[other]):.2f}" for other in names], row[0]


def _row_means(args: list[str], folder: Path) -> list[str]:
    """The ``Row mean`` values of ``treeeval dep ARGS --header-info 0`` (MaltEval's formatting)."""
    status, out, err = run(["dep", *args, "--header-info", "0"], folder)
    assert status == 0, err
    return [line.split()[0] for line in out.splitlines() if line.endswith("Row mean")]


def _rows(args: list[str], folder: Path) -> dict[str, list[str]]:
    """The rows of a ``treeeval dep`` table, by their last cell (the group)."""
    status, out, err = run(["dep", *args, "--header-info", "0"], folder)
    assert status == 0, err
    return {line.split()[-1]: line.split()[:-1] for line in out.splitlines() if line[:1].isdigit()}


def test_dep_sanity_runs(shared: Path) -> None:
    """dep.md's "Sanity runs on the other pairs": every figure of the paragraph."""
    text = text_of("docs/dep.md")
    plank = shared / "conllx" / "plank_conll2015" / "datapackage"
    pair = {lang: ["-g", f"{lang}/gold.conll", "-s", f"{lang}/parser1.conll"] for lang in ("es", "da", "de", "hr")}
    las = [_row_means(pair[lang], plank)[0] for lang in ("es", "da", "de", "hr")]
    assert f"Plank es/da/de/hr parser1 give LAS {'/'.join(las)};" in text.replace("/ ", "/")
    direction = _rows([*pair["es"], "--GroupBy", "ArcDirection"], plank)
    assert f"(es {float(direction['right'][0]):.2f} against {float(direction['left'][0]):.2f})" in text
    length = _rows([*pair["es"], "--GroupBy", "GroupedRelationLength"], plank)
    assert f"(es: {float(length['1'][0]):.2f} at length 1, {float(length['7-...'][0]):.2f} at 7 and more)" in text
    connected = [_row_means([*pair[lang], "--GroupBy", "Sentence:istreebankconnected"], plank)[0]
                 for lang in ("da", "hr")]
    several = [round(200 * (1 - float(value))) for value in connected]
    assert f"several roots in {several[0]} and {several[1]} of their 200 sentences" in text
    assert f"`istreebankconnected` says {connected[0]} and {connected[1]}" in text
    for lang in ("da", "de", "hr"):
        status, _, err = run(["dep", "-g", f"{lang}/gold.conll", "-s", f"{lang}/parser2.conll"], plank)
        assert status == 1
        if lang == "hr":
            assert "('150' in the treebank, '<num>' here)" in err and "parser2.conll:284:" in err
        else:
            assert "PHEAD" in err and "'-'" in err
    malt = shared / "conllx" / "udeval-maltparser-ud1.2"
    figures = [_row_means(["-g", f"gold/Finnish.{gold}.conllx", "-s", f"{system}/Finnish.conllx"], malt)[0]
               for system in ("maltopt_output_1-2", "maltdefault_output_1-2") for gold in ("gold", "gold.coarse")]
    assert (f"it scores LAS {figures[0]} and against `Finnish.gold.coarse.conllx` {figures[1]} "
            f"(the default MaltParser: {figures[2]} and {figures[3]}") in text
    gold = (malt / "gold" / "Finnish.gold.conllx").read_text(encoding="utf-8")
    system = (malt / "maltopt_output_1-2" / "Finnish.conllx").read_text(encoding="utf-8")
    assert "\tnmod:poss\t" not in system
    assert f"never writes `nmod:poss`, {gold.count(chr(9) + 'nmod:poss' + chr(9))} gold tokens" in text


_BOXES = "╭│▊╰"
#: the arguments of browse.md's bracket screens (WSJ 22, the Berkeley parser, COLLINS.prm)
_WSJ22_SCREEN = ("-p", "COLLINS.prm", "wsj22.auto.clean.gld", "wsj22.berkeley_MLE.top.tst")
_LIST_ROW = re.compile(r"^│[▶ ][✗✓]\s*(\d+)\s+(.*)│$")


def _screen_arguments(header: list[str]) -> list[str]:
    """The ``treeeval browse`` arguments a screen's header names (prm, gold, systems)."""
    fields = [line.strip().split(": ", 1) for line in header if ": " in line]
    files = [value for key, value in fields if key == "gold" or re.fullmatch(r"system|[₁-₉] \S+", key)
             and not value.startswith(("All ", "LAS "))]
    prms = [value.split(" · ")[0] for key, value in fields if key == "prm"]
    return [*(a for prm in prms for a in ("-p", prm)), *files]


def test_browse_screens(shared: Path, tmp_path: Path) -> None:
    """browse.md's screens: the header (files, parameters, corpus scores), the rows of the
    sentence list, the status lines, the title lines of the detail pane and the breakdown
    rows are what the browser's data layer gives for those files (frames, colours and the
    layout are the Textual pilot tests' business, tests/unit/tui/test_tui_app.py). Then the
    repairs, Error and Hebrew detail excerpts line by line, the keys of the help screen, and
    the counts of "A first
    session"; its timings, like those of the Speed section, are measurements, not recomputed."""
    from treeeval.commands.browse import parse_browse_args
    from treeeval.tui.loading import load_corpus
    from treeeval.tui.model import SentenceFilter

    prepare(tmp_path, [])
    cwd = os.getcwd()
    os.chdir(tmp_path)
    corpora: dict[tuple[str, ...], object] = {}
    checked = 0
    try:
        for block in read_blocks("docs/browse.md"):
            lines = block.lines
            if block.lang or not lines or not lines[0].startswith(" gold: "):
                continue
            header = lines[:next(i for i, line in enumerate(lines) if any(c in line for c in _BOXES))]
            if re.match(r" \w+: ", lines[len(header)]):
                continue  # the help screen covers the header: nothing of the corpus is shown
            args = tuple(_screen_arguments(header))
            if args not in corpora:
                corpora[args] = load_corpus(parse_browse_args(list(args)))
            corpus = corpora[args]
            actual = corpus.header().text().plain.split()  # type: ignore[attr-defined]
            shown = " ".join(header).split()
            assert actual[:len(shown)] == shown, f"{block.where}: header"
            for line in lines:
                row = _LIST_ROW.match(line)
                if row:
                    index = int(row.group(1)) - 1
                    columns = corpus.columns  # type: ignore[attr-defined]
                    expected = [c.format(corpus.values[c.key][index]) for c in columns]  # type: ignore[attr-defined]
                    assert [row.group(1), *row.group(2).split()[:len(columns) - 1]] == expected, line
                    checked += 1
                status = re.match(r"^ (\d+) of (\d+) sentences .*filter: label (\S+) wrong", line)
                if status:
                    kept = SentenceFilter(label=status.group(3)).apply(corpus)
                    assert [len(kept), corpus.size] == [int(status.group(1)), int(status.group(2))], line
                    checked += 1
                detail = re.match(r"^│ (Sentence (\d+) .*?)\s*│$", line)
                if detail:
                    shown = detail.group(1).split()
                    pane = corpus.detail(int(detail.group(2)) - 1, 116)  # type: ignore[attr-defined]
                    assert any(text.plain.split()[:len(shown)] == shown for text in pane), line
                    checked += 1
        # the breakdown screen (its own block): WSJ 22's
        cells = [row.cells for table in corpora[_WSJ22_SCREEN].breakdown()  # type: ignore[attr-defined]
                 for row in table.rows]
        for block in read_blocks("docs/browse.md"):
            for line in block.lines:
                words = [w for w in line.strip("▊▎ ").split() if not any(ch in w for ch in "█▉▊▋▌▍▎▏▁▂▃")]
                if line.startswith("▊ ") and len(words) > 2 and (words[1][:1].isdigit() or words[-1].isdigit()):
                    assert any(c[:len(words)] == words for c in cells), line
                    checked += 1
        _check_repairs(corpora[_WSJ22_SCREEN])
        _check_browse_session(corpora)
        _check_detail_excerpts()
        _check_help_screen()
    finally:
        os.chdir(cwd)
    assert checked > 50


def _check_help_screen() -> None:
    """browse.md's help screen lists every key of the help's table, with its description
    (its first 30 characters: a long one wraps)."""
    from treeeval.tui.screens.help import KEY_HELP

    block = next(b for b in read_blocks("docs/browse.md") if any("│ Keys " in line for line in b.lines))
    shown = "\n".join(block.lines)
    for key, description in KEY_HELP:
        assert re.search(rf"│   {re.escape(key)} +{re.escape(description[:30])}", shown), (key, description)


def _check_repairs(brackets: object) -> None:
    """browse.md's repairs and Error lines of WSJ 22 sentences: lines of their detail panes."""
    def pane(sentence: int) -> list[str]:
        return [text.plain.rstrip() for text in brackets.detail(sentence - 1, 116)]  # type: ignore[attr-defined]

    document = (ROOT / "docs" / "browse.md").read_text(encoding="utf-8").splitlines()
    for block in read_blocks("docs/browse.md"):
        if block.lines and block.lines[0].startswith("repairs ("):
            before = " ".join(document[max(0, block.line - 6):block.line - 1])
            lines = pane(int(re.findall(r"sentence (\d+)\s+of WSJ 22", before)[-1]))
            start = lines.index(block.lines[0])
            assert lines[start:start + len(block.lines)] == block.lines, block.where
    for sentence, message in re.findall(r"sentence (\d+) of WSJ 22: `([^`]+)`", text_of("docs/browse.md")):
        assert message in pane(int(sentence)), message


def _check_detail_excerpts() -> None:
    """browse.md's detail panes shown without a screen (the Hebrew multiword token): the
    lines of the pane of the sentence and files the paragraph before names."""
    from treeeval.commands.browse import parse_browse_args
    from treeeval.tui.loading import load_corpus

    document = (ROOT / "docs" / "browse.md").read_text(encoding="utf-8").splitlines()
    for block in read_blocks("docs/browse.md"):
        if not block.lang and block.lines and block.lines[0].startswith("Sentence "):
            before = " ".join(document[max(0, block.line - 6):block.line - 1])
            args, sentence = re.findall(r"`treeeval browse ([^`]+)`, sentence (\d+)", before)[-1]
            pane = load_corpus(parse_browse_args(args.split())).detail(int(sentence) - 1, 116)
            assert [text.plain.rstrip() for text in pane[:len(block.lines)]] == block.lines, block.where


def _check_browse_session(corpora: dict) -> None:
    """browse.md's "A first session": the counts and sentences the keys led to."""
    import numpy as np

    from treeeval.tui.model import SentenceFilter, sort_view

    text = text_of("docs/browse.md")
    ud = corpora[("gold/en_ewt.conllu", "systems/HIT-SCIR-18/en_ewt.conllu")]
    everything = np.arange(ud.size)
    by_unaligned = sort_view(ud, everything, "unaligned", descending=True)
    first = [int(i) + 1 for i in by_unaligned[:3]]
    assert (f"sentence {first[0]} ({int(ud.values['unaligned'][first[0] - 1])} unaligned words), "
            f"then {first[1]} and {first[2]}") in text
    assert f"sentence 1 was now row {int(np.flatnonzero(by_unaligned == 0)[0]) + 1}" in text
    assert f"sentence 1 under the cursor (`✗`, LAS {ud.columns[4].format(ud.values['las'][0])})" in text
    assert f"on en_ewt, {ud.result.scores['LAS'].correct:,} `✓` words = the LAS correct count" in text
    deprels = {row.cells[0]: row.cells for table in ud.breakdown() for row in table.rows
               if table.title.startswith("by universal deprel")}
    punct, root = deprels["punct"], deprels["root"]
    assert (f"(punct {punct[5]} F1, root {root[5]} with {int(root[1]):,} gold and {int(root[2]):,} "
            f"system roots") in text
    assert f"`Enter` on `case` gave {len(SentenceFilter(label='case').apply(ud))} sentences" in text
    assert f"`L` `root` `Enter` left {len(SentenceFilter(label='root').apply(ud))} sentences" in text
    brackets = corpora[_WSJ22_SCREEN]
    short = SentenceFilter(only_wrong=True, max_length=10)
    kept = short.apply(brackets)
    assert f"left {len(kept)} short wrong sentences, sentence {int(kept[0]) + 1} first" in text
    assert f"an NP bracket is wrong: {len(short.with_changes(label='NP').apply(brackets))} were left" in text


def test_testing_defaults() -> None:
    """testing.md: the default seed is the harness's, and the summary line shown is the one
    the MaltEval differential test prints in CI (its case count)."""
    from harness import DEFAULT_SEED

    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    assert ("| `TREEEVAL_DIFF_SEED` | the seed, or `random` for a fresh one (the summary prints it) | "
            f"{DEFAULT_SEED}, CI's |") in text
    source = (ROOT / "tests" / "differential" / "test_malteval.py").read_text(encoding="utf-8")
    cases = re.search(r"case_ids\((\d+)\)", source).group(1)  # type: ignore[union-attr]
    assert f"\ndifferential: {cases} cases, 0 divergences (malteval, seed {DEFAULT_SEED})\n" in text


def test_bracket_json_schema(shared: Path, tmp_path: Path) -> None:
    """bracket.md: the JSON document shown (BLOCK standing for a summary block), the keys of a
    BLOCK and of a ``--per-sentence`` line that the prose lists."""
    import json

    prepare(tmp_path, [])
    status, out, err = run(["bracket", "-p", "COLLINS.prm", "gold.txt", "test.txt", "--json",
                            "--per-sentence", "sentences.jsonl"], tmp_path)
    assert status == 0, err
    actual = json.loads(out)
    block = next(b for b in read_blocks("docs/bracket.md") if b.lang == "json")
    shown = json.loads("\n".join(block.lines).replace("{ BLOCK }", '"BLOCK"'))
    assert shown == {**actual, "all": "BLOCK", "cutoff": "BLOCK"}
    text = text_of("docs/bracket.md")
    prose = text[text.index("A BLOCK is"):text.index("Labels are decoded")]
    assert set(re.findall(r"`(\w+)`", prose)) == set(actual["all"]) == set(actual["cutoff"])
    line = json.loads((tmp_path / "sentences.jsonl").read_text().splitlines()[0])
    prose = text[text.index("Each line of `--per-sentence`"):]
    prose = prose[:prose.index("## ")]
    assert list(line) == [*actual["columns"], *re.findall(r"`(\w+)`", prose.split("plus", 1)[1])]


def test_differences_figures(shared: Path) -> None:
    """differences.md's figures from the Plank English pair: the tokens --ExcludeDeprels
    leaves (parser side, and what a gold-side exclusion would leave), the non-projective
    gold arcs."""
    text = text_of("docs/differences.md")
    plank = shared / "conllx" / "plank_conll2015" / "datapackage" / "en"
    pair = ["-g", "gold.conll", "-s", "parser1.conll"]
    left = _rows([*pair, "--ExcludeDeprels", "punct"], plank)["count"][0]
    gold = sum(1 for line in (plank / "gold.conll").read_text(encoding="utf-8").splitlines()
               if line.count("\t") >= 7 and line.split("\t")[7] != "punct")
    assert f"(Plank en: {int(left):,} tokens left, where a gold-side exclusion would leave {gold:,})" in text
    projectivity = _rows([*pair, "--GroupBy", "ArcProjectivity:treebankcounter"], plank)
    assert f"({projectivity['Non-proj'][0]} non-projective gold arcs on the Plank English data)" in text
