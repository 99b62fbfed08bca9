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
                result.extend(sorted(rows))
                continue
            lefts = [row[:39] for row in rows if row[:39].strip()]
            rights = sorted(row[39:] for row in rows if row[39:].strip())
            if len(lefts) == 10:  # a tie at the cut may show other labels of the same rank
                last = lefts[-1].split()[1]
                lefts = [left for left in lefts if left.split()[1] != last]
            result.extend(sorted(lefts) + ["--"] + rights)
    return result
