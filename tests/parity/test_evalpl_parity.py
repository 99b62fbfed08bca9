"""evalpl_report against the stored outputs of eval.pl v1.9 and eval07.pl v1.4 (../shared).

Each stored report is cut into its sections at their heading lines, and every section that
evalpl_report writes must equal the stored one as a whole.  eval.pl leaves rows with equal
counts (CPOSTAG tables, frame confusions, focus words, each column of the context tables)
in Perl's hash order; those runs of rows are put in code-point order in both texts before
comparing, and only there.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest

from treeeval.dep.cli import run_dep
from treeeval.dep.evalpl_report import evalpl_report
from treeeval.errors import InputError

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CONLLX = SHARED / "data" / "conllx"
OUT = CONLLX / "evalpl_out"

#: (section, how its heading line starts), in report order
HEADINGS = [
    ("evalb", "     Sent."),
    ("overall", "  Labeled   attachment score"),
    ("header", "  " + "=" * 80),
    ("cpostag accuracy", "  The overall accuracy and its distribution"),
    ("cpostag error rate", "  The overall error rate and its distribution"),
    ("deprel", "  Precision and recall of DEPREL\n"),
    ("deprel attachment", "  Precision and recall of DEPREL + ATTACHMENT"),
    ("direction", "  Precision and recall of binned HEAD direction"),
    ("distance", "  Precision and recall of binned HEAD distance"),
    ("frames", "  Frame confusions"),
    ("focus words", re.compile(r"  \d+ focus words")),
    ("contexts", "  one-token preceeding contexts"),
    ("sentences", "  Sentence with the highest number of word errors"),
    ("specific errors", "  Specific errors,"),
    ("local contexts", "  Local contexts involved"),
]
FULL = [name for name, _ in HEADINGS if name != "evalb"]
NOT_YET = {"specific errors", "local contexts"}
#: rows whose order among equal counts is Perl's hash order: (count, name) of a row
TIE_ROWS = {
    "cpostag accuracy": re.compile(r"  (\S+) +\| +(\d+) \|"),
    "cpostag error rate": re.compile(r"  (\S+) +\| +(\d+) \|"),
    "frames": re.compile(r" +(\d+)  (.*)"),
    "focus words": re.compile(r"  (.+?) +\| +(\d+) \|"),
}


def _flags(name: str) -> tuple[str, str]:
    """(pair, flags) of a stored report name such as ``plank2015-da.parser1.eval.pl-q.txt``."""
    pair, tool = re.fullmatch(r"(.+)\.(eval(?:07)?\.pl(?:-[a-z-]+)?)\.txt", name).groups()
    return pair, tool


def _sections_of(tool: str) -> list[str]:
    options = tool.split(".pl")[1]
    if "q" in options:
        return (["evalb"] if "b" in options else []) + ["overall"]
    return FULL


def _params() -> list:
    if not OUT.is_dir():
        return [pytest.param("", "", marks=pytest.mark.skip(
            reason=f"shared reference data not found at {OUT} (parity tests need ../shared)"))]
    names = sorted(p.name for p in OUT.glob("*.txt") if not p.name.startswith("ERROR")
                   and not p.name.endswith(".stderr.txt"))
    return [pytest.param(name, section, id=f"{name}:{section}")
            for name in names for section in _sections_of(_flags(name)[1])]


def cut(text: str) -> dict[str, str]:
    """The sections of a report by name, each without its trailing blank lines."""
    sections: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines(keepends=True):
        for name, start in HEADINGS:
            if (start.match(line) if isinstance(start, re.Pattern)
                    else line.startswith(start) and (start.endswith("\n") or name not in sections)):
                current = name
                break
        if current is not None:
            sections.setdefault(current, []).append(line)
    return {name: "".join(lines).rstrip("\n") for name, lines in sections.items()}


CONTEXT_CELL = re.compile(r"  (.+?) +\| +(\d+) \|")


def untie_contexts(section: str) -> str:
    """The context tables with each column's rows sorted by count, then name."""
    out: list[str] = []
    rows: list[str] = []
    for line in section.split("\n") + [""]:
        if "||" in line and CONTEXT_CELL.match(line.split("  ||")[1]):
            rows.append(line)
            continue
        if rows:
            columns = [[row.split("  ||")[i] for row in rows] for i in (0, 1)]
            for column in columns:
                column.sort(key=lambda cell: (0, -int(m[2]), m[1]) if (m := CONTEXT_CELL.match(
                    cell)) else (1, 0, ""))
            out += [left + "  ||" + right for left, right in zip(*columns)]
            rows = []
        out.append(line)
    return "\n".join(out[:-1])


def untie(section: str, name: str) -> str:
    """``section`` with each run of rows of equal count in code-point order of the row."""
    if name == "contexts":
        return untie_contexts(section)
    pattern = TIE_ROWS.get(name)
    if pattern is None:
        return section
    lines = section.split("\n")
    out: list[str] = []
    run: list[tuple[int, str, str]] = []
    for line in lines + [""]:
        match = pattern.fullmatch(line) if name == "frames" else pattern.match(line)
        if match:
            count, key = ((int(match[1]), match[2]) if name == "frames"
                          else (int(match[2]), match[1]))
            run.append((-count, key, line))
            continue
        out += [row for _, _, row in sorted(run)]
        run = []
        out.append(line)
    return "\n".join(out[:-1])


@lru_cache(maxsize=None)
def report(name: str) -> tuple[str, str]:
    """(ours, stored) for a stored report file; the pair's files are named in its full report."""
    pair, tool = _flags(name)
    full = (OUT / f"{pair}.eval.pl.txt").read_text(encoding="utf-8").splitlines()
    system = full[6].split(" in ", 1)[1]
    gold = full[7].split("gold standard ", 1)[1].rstrip(":")
    options = tool.split(".pl")[1]
    ours = evalpl_report(CONLLX / gold, CONLLX / system, punct="p" in options,
                         quiet="q" in options, evalb="b" in options,
                         variant="eval07" if tool.startswith("eval07") else "eval",
                         gold_name=gold, system_name=system)
    return ours, (OUT / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "section"), _params())
def test_section(name: str, section: str) -> None:
    if section in NOT_YET:
        pytest.skip(f"evalpl_report does not write the {section!r} section yet")
    ours, stored = report(name)
    assert untie(cut(ours)[section], section) == untie(cut(stored)[section], section)


@pytest.mark.parametrize("name", sorted({p.values[0] for p in _params()}))
def test_report_is_a_prefix(name: str) -> None:
    """Everything written, tie runs apart, is the beginning of the stored report."""
    ours, stored = report(name)
    produced = cut(ours)
    stored_sections = cut(stored)
    assert list(produced) == list(stored_sections)[:len(produced)]
    if all(untie(s, n) == s for n, s in stored_sections.items()):
        assert stored.startswith(ours)


@pytest.mark.parametrize("variant", ["eval", "eval07"])
def test_truncated_system_file(variant: str) -> None:
    """ERROR.line-mismatch.*: the system file ends at line 20, the gold goes on."""
    gold = CONLLX / "plank_conll2015" / "datapackage" / "en" / "gold.conll"
    system = CONLLX / "error-cases" / "en-plank-parser1.first20lines.conll"
    if not system.exists():
        pytest.skip(f"shared reference data not found at {system} (parity tests need ../shared)")
    stored = (OUT / f"ERROR.line-mismatch.{variant}.pl.txt").read_text(encoding="utf-8")
    expected_line = int(re.search(r"line mismatch, line (\d+):", stored)[1])
    expected_gold = re.search(r" gold: (.*)\n", stored)[1]
    with pytest.raises(InputError) as caught:
        evalpl_report(gold, system, variant=variant)
    assert caught.value.line == expected_line
    assert caught.value.path == str(system)
    assert str(caught.value).endswith(f"gold has {expected_gold!r}, system has past end of file")


def _quiet_reports() -> list:
    if not OUT.is_dir():
        return [pytest.param("", marks=pytest.mark.skip(
            reason=f"shared reference data not found at {OUT} (parity tests need ../shared)"))]
    return sorted(p.name for p in OUT.glob("*-q*.txt") if not p.name.startswith("ERROR")
                  and not p.name.endswith(".stderr.txt"))


@pytest.mark.parametrize("name", _quiet_reports())
def test_dep_report_evalpl(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``treeeval dep --report evalpl:FLAGS`` prints eval.pl's -q reports byte for byte."""
    pair, tool = _flags(name)
    full = (OUT / f"{pair}.eval.pl.txt").read_text(encoding="utf-8").splitlines()
    system = full[6].split(" in ", 1)[1]
    gold = full[7].split("gold standard ", 1)[1].rstrip(":")
    flags = "".join(tool.split(".pl")[1].split("-"))
    variant = "eval07" if tool.startswith("eval07") else "evalpl"
    monkeypatch.chdir(CONLLX)
    out = io.BytesIO()
    assert run_dep(["-g", gold, "-s", system, "--report", f"{variant}:{flags}"], out,
                   io.BytesIO()) == 0
    assert out.getvalue() == (OUT / name).read_bytes()
