r"""discodop eval's output with the parts it prints in hash order put in one order, for the
tests and the benchmark that compare ``treeeval disco`` with it byte for byte.

discodop prints two things in an order that changes from run to run (Python's string
hashing): the sets and equivalence classes of ``Parameters:`` under --verbose, and the
rows of the category, function-tag and attachment tables whose sort keys tie.
:func:`canonical` sorts those lines; every other line is kept as it is.

>>> canonical("DELETE_LABEL\t{'b', 'a'}\nx")
["DELETE_LABEL\t['a', 'b']", 'x']
"""

from __future__ import annotations

import ast

TABLES = (" Category Statistics", " Function Tag Statistics", " Attachment errors")


def _param_line(line: str) -> str:
    key, _, value = line.partition("\t")
    if value.startswith("{") or value == "set()":
        parsed = ast.literal_eval(value) if value != "set()" else set()
        if isinstance(parsed, dict):  # an equivalence: its classes, not their names
            classes: dict[str, set[str]] = {}
            for member, name in parsed.items():
                classes.setdefault(name, set()).add(member)
            return f"{key}\t{sorted(sorted(c) for c in classes.values())}"
        return f"{key}\t{sorted(parsed)}"
    return line


def canonical(text: str) -> list[str]:
    """The output with the hash-ordered parts sorted (see the module's text)."""
    lines = text.split("\n")
    result: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        result.append(_param_line(line) if "\t" in line and line[:1].isupper() else line)
        index += 1
        if line.startswith(TABLES):
            while index < len(lines) and not lines[index].startswith(" _"):
                result.append(lines[index])
                index += 1
            result.append(lines[index])
            index += 1
            rows = []
            while index < len(lines) and lines[index].strip():
                rows.append(lines[index])
                index += 1
            if line.startswith(" Attachment"):
                result.extend(sorted(_uncut(rows, -1)))
                continue
            lefts = _uncut([row[:39] for row in rows if row[:39].strip()], 1)
            rights = _uncut([row[39:] for row in rows if row[39:].strip()], -1)
            result.extend(sorted(lefts) + ["--"] + sorted(rights))
    return result


def _uncut(rows: list[str], column: int) -> list[str]:
    """The rows of a table cut at 10 (the default limit) without those of the last row's
    rank (``column``: the field that ranks them), which a tie at the cut may replace by
    others of that rank."""
    if len(rows) != 10:
        return rows
    last = rows[-1].split()[column]
    return [row for row in rows if row.split()[column] != last]
