"""``treeeval disco`` against ``discodop eval`` on generated cases (disco_cases.py).

Each case writes its gold and parses (export, discbracket, bracket, Tiger XML or Alpino XML
folders), a .prm file and a head rules file into a fresh folder, runs ``oracle
discodop-eval ARGS`` there and ``treeeval disco ARGS`` (in process), and compares:

* where discodop scores the case (exit 0) or refuses the command line (exit 2): stdout and
  the exit status.  discodop walks sets of strings in hash order in three places, so its
  output changes with ``PYTHONHASHSEED``: the order of rows with equal counts in the
  attachment table and in the left column of the category and function tag tables (and so
  which of them make the 10 shown), the sets printed under ``Parameters:``, and the label
  (and word) that stands for an EQ_LABEL (EQ_WORD) class.  The oracle runs with
  ``PYTHONHASHSEED=0`` so that a failure replays; when the outputs differ, they must agree
  once :func:`canonical` has sorted each run of tied rows, put the last run of a cut table
  as its size, read the sets as sets, and written every member of an EQ class as one name;
* where discodop stops with a traceback (a ValueError it raises itself on a word mismatch,
  a parameter key given twice, an XML encoding; or a crash: a KeyError on a sentence or a
  word it cannot align, a StopIteration without a head, ...): treeeval must exit 1 with a
  located error ``treeeval: error: FILE:LINE: ...`` (FILE one of the case's files or file
  arguments; a context line may follow), and print no more than a prefix of what discodop
  printed before it stopped.  These cases are counted apart (the ``outcome`` property), not
  as divergences.

Until the ``disco`` command exists every case skips, saying so.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from disco_cases import Case, make_case
from harness import Run, assert_same, case_ids, case_random, require_oracle, run_oracle, run_treeeval

#: cases in CI
CI_CASES = 250
ORACLE = "discodop-eval"
#: the located error line treeeval must print where discodop stops with a traceback
ERROR_LINE = re.compile(r"treeeval: error: (?P<path>.+?)(?:\[\d+\])?:(?P<line>\d+)(?::\d+)?: \S")


def disco_registered() -> bool:
    """Whether ``treeeval disco`` exists yet."""
    from treeeval.arguments import COMMANDS

    return "disco" in COMMANDS


def outcome(run: Run) -> str:
    """``scores`` (exit 0), ``usage`` (exit 2 without a traceback), ``refuses`` (a traceback
    whose last frame raises: discodop's own checks) or ``crashes`` (any other traceback).

    >>> head = b"Traceback (most recent call last):\\n"
    >>> outcome(Run(b"", head + b"    raise ValueError('x')\\nValueError: x\\n", 1))
    'refuses'
    >>> outcome(Run(b"", head + b"    gpos[b[0]]\\n          ^^^^\\nKeyError: 3\\n", 1))
    'crashes'
    """
    if run.status == 0:
        return "scores"
    stderr = run.stderr.decode("utf-8", "replace")
    if "Traceback (most recent call last)" not in stderr:
        return "usage"
    frames = [line for line in stderr.splitlines() if line.startswith("    ")]
    code = [line.strip() for line in frames if not set(line.strip()) <= set("^~ ")]
    return "refuses" if code and code[-1].startswith("raise ") else "crashes"


# --- discodop's hash order -----------------------------------------------------------------

_FIELD = r"(?:[ ]{0,5}[\d.]{1,6}|[ ]{0,3}nan| 0DIV!|  None)"
#: a row of the category or function tag table: the left column (label, % gold, recall,
#: precision, F1), then the right one (a confusion and its count), either may be missing
_BREAKDOWN = re.compile(rf"^(?P<left> *\S*  (?P<share>{_FIELD})  {_FIELD}  {_FIELD}  {_FIELD})?(?P<right>.*)$")
_CUT = re.compile(r"\((\d+) most frequent")


def _ties(rows: list[str], table: int, cut: bool) -> list[str]:
    """``rows`` (each ``SHARE|ROW``) as a sorted multiset: discodop sorts them by a count,
    equal counts in hash order, and that count is not the share the category and function
    tables print (a bracket counted twice is one key); the rows of a ``cut`` table (only its
    first rows shown) marked with its number for :func:`same_but_ties`."""
    return sorted(f"<cut {table}>|{row}" if cut else row for row in rows)


def same_but_ties(reference: list[str], ours: list[str]) -> bool:
    """Whether two canonical outputs agree: equal but for the rows of cut tables, where each
    table must show as many rows in both.  A share is not the count discodop sorts by (a
    bracket counted twice is one key), so a row of any share may be tied with the last
    one shown: which rows a cut table shows is not checked beyond their number.

    >>> same_but_ties(["<cut 1>|  9.00|A", "<cut 1>|  1.00|B"], ["<cut 1>|  9.00|A", "<cut 1>|  1.00|C"])
    True
    >>> same_but_ties(["<cut 1>|  9.00|A", "<cut 1>|  1.00|B"], ["<cut 1>|  9.00|A"])
    False
    >>> same_but_ties(["<cut 1>|  9.00|A", "x"], ["<cut 1>|  9.00|A", "y"])
    False
    """
    def parts(lines: list[str]) -> tuple[list[str], dict[str, int]]:
        plain, cut = [], {}
        for line in lines:
            if line.startswith("<cut "):
                table = line.partition(">|")[0]
                cut[table] = cut.get(table, 0) + 1
            else:
                plain.append(line)
        return plain, cut

    return parts(reference) == parts(ours)


def _table(lines: list[str], start: int) -> int:
    """The index after the rows of the table whose title is at ``start`` (discodop ends each
    table with a blank line; no row is blank)."""
    end = start + 3
    while end < len(lines) and lines[end]:
        end += 1
    return end


def _parameter(line: str) -> str:
    key, _, value = line.partition("\t")
    try:
        parsed = ast.literal_eval(value) if value not in ("set()", "{}") else set()
    except (ValueError, SyntaxError):
        return line
    if isinstance(parsed, dict):
        classes: dict[str, set[str]] = {}
        for member, representative in parsed.items():
            classes.setdefault(representative, set()).add(member)
        return f"{key}\t{sorted(sorted(members) for members in classes.values())}"
    if isinstance(parsed, set):
        return f"{key}\t{sorted(parsed)}"
    return line


def canonical(text: str, eq_pairs: list[tuple[str, str]] = ()) -> list[str]:  # type: ignore[assignment]
    """discodop's output with what hash order decides made canonical (module docstring).

    >>> rows = ["     NP   50.00  100.00  100.00  100.00", "     PP   25.00  100.00  100.00  100.00",
    ...         "     AP   25.00  100.00  100.00  100.00"]
    >>> text = "\\n".join([" Category Statistics (10 most frequent categories / errors)", "h", "_", *rows, ""])
    >>> swapped = "\\n".join([" Category Statistics (10 most frequent categories / errors)", "h", "_",
    ...                       rows[0], rows[2], rows[1], ""])
    >>> canonical(text) == canonical(swapped)
    True
    """
    lines = text.split("\n")
    rename = _eq_names(eq_pairs)
    out: list[str] = []
    at = 0
    in_parameters = False
    while at < len(lines):
        line = lines[at]
        if line == "Parameters:":
            in_parameters = True
        elif in_parameters and "\t" in line:
            out.append(_parameter(line))
            at += 1
            continue
        else:
            in_parameters = False
        title = line.strip()
        if title.startswith(("Attachment errors", "Category Statistics", "Function Tag Statistics")):
            end = _table(lines, at)
            out.extend(rename(header) for header in lines[at:at + 3])
            rows = lines[at + 3:end]
            # the attachment table is cut where the others are (its title does not say so)
            cut = _CUT.search(text if title.startswith("Attachment") else line) is not None
            if title.startswith("Attachment"):
                # (label, candidate's parent, gold's parent, count): discodop looks the gold
                # parent up in a dict made from a set, so where a bracket has two gold
                # parents (a unary chain of one label) which one it prints is hash order
                out.extend(_ties([f"{row.split()[-1]}|{' '.join(rename(row).split()[:2])}" for row in rows],
                                 at, cut and len(rows) == 10))
            else:
                parsed = [_BREAKDOWN.match(row) for row in rows]
                left = [(m["share"], rename(m["left"])) for m in parsed if m and m["left"]]
                out.extend(_ties([f"{share}|{row}" for share, row in left], at, cut and len(left) == 10))
                out.append("<right column>")
                out.extend(rename(m["right"]) if m else rename(row) for m, row in zip(parsed, rows))
            at = end
            continue
        out.append(rename(line))
        at += 1
    return out


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _eq_names(eq_pairs: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    """A function that writes every member of an EQ class as the class's least member, with
    colours dropped and blanks and tree lines squeezed (a member of another length shifts the
    columns and the drawn trees); the identity without EQ pairs."""
    parent: dict[str, str] = {}

    def find(item: str) -> str:
        while parent.get(item, item) != item:
            item = parent[item]
        return item

    for a, b in eq_pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    names = {member: find(member) for member in parent}
    if not names:
        return lambda line: line
    pattern = re.compile(r"(?<![^\s\[\](),/=-])(" + "|".join(
        re.escape(name) for name in sorted(names, key=len, reverse=True)) + r")(?![^\s\[\](),/=-])")

    def rename(line: str) -> str:
        line = pattern.sub(lambda m: names[m.group(1)], _ANSI.sub("", line))
        line = " ".join(re.sub("─+", "─", line).split())
        head, colon, items = line.partition(": ")
        if colon and head.lower().split()[-1:] in (["brackets"], ["gold"], ["candidate"], ["matched"], ["unmatched"]):
            # bracket lists are sorted by label: a class's name moves its brackets
            line = head + colon + ", ".join(sorted(re.split(r", (?=[^,\s]*\[)", items)))
        return line

    return rename


# --- the test ------------------------------------------------------------------------------


def _file_names(case: Case) -> set[str]:
    names = set(case.files) | set(case.args)
    return names | {name.removeprefix("./") for name in names}


def assert_located(reference: Run, ours: Run, case: Case, where: str, kind: str) -> None:
    """discodop stopped with a traceback: treeeval exits 1 with a located error line and at
    most a prefix of discodop's stdout."""
    lines = ours.stderr.decode("utf-8", "replace").splitlines()
    match = ERROR_LINE.match(lines[0]) if lines else None
    printed = canonical(ours.stdout.decode("utf-8", "replace"), case.eq_pairs)
    prefix = reference.stdout.startswith(ours.stdout) or same_but_ties(
        canonical(reference.stdout.decode("utf-8", "replace"), case.eq_pairs)[:len(printed)], printed)
    if ours.status == 1 and match and match["path"] in _file_names(case) and len(lines) <= 3 and prefix:
        return
    last = reference.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
    pytest.fail(f"divergence: {where}\ndiscodop {kind} ({last[0] if last else '?'}); treeeval exited "
                f"{ours.status}, stderr:\n{ours.stderr.decode('utf-8', 'replace')[:2000]}"
                f"\ntreeeval stdout (must be a prefix of discodop's):\n"
                f"{ours.stdout.decode('utf-8', 'replace')[:2000]}", pytrace=False)


@pytest.mark.differential(oracle=ORACLE)
@pytest.mark.parametrize("case", case_ids(CI_CASES))
def test_discodop(case: int, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if not disco_registered():
        pytest.skip("treeeval disco is not built yet (no 'disco' command)")
    require_oracle(ORACLE)
    drawn = make_case(case_random(ORACLE, case))
    drawn.write(tmp_path)
    reference = run_oracle(ORACLE, drawn.args, tmp_path, timeout=600, env={"PYTHONHASHSEED": "0"})
    ours = run_treeeval(["disco", *drawn.args], tmp_path)
    kind = outcome(reference)
    record = request.node.user_properties.append
    record(("outcome", kind))
    name = f"case {case} ({', '.join(sorted(drawn.traits))})"
    where = f"{name} in {tmp_path}: treeeval disco {' '.join(drawn.args)}"
    if kind in ("refuses", "crashes"):
        assert_located(reference, ours, drawn, where, kind)
        return
    if reference.stdout == ours.stdout and reference.status == ours.status:
        record(("compared", "exact"))
        return
    if reference.status == ours.status and same_but_ties(
            canonical(reference.stdout.decode("utf-8", "replace"), drawn.eq_pairs),
            canonical(ours.stdout.decode("utf-8", "replace"), drawn.eq_pairs)):
        record(("compared", "hash order"))
        return
    assert_same(reference, ours, name, ["treeeval", "disco", *drawn.args], tmp_path)
