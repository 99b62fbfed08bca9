"""The parameter file of ``discodop eval``: EVALB's keys plus its own, read as it reads them.

Each line that is not empty and does not start with ``#`` is a key and a value separated by
white space.  DEBUG, MAX_ERROR (read but unused), CUTOFF_LEN, LABELED, DISC_ONLY, LA, TED,
DEP and DELETE_ROOT_PRETERMS take a whole number and may appear once; DELETE_LABEL,
DELETE_LABEL_FOR_LENGTH and DELETE_WORD add their value (the rest of the line, trailing
white space included, as discodop keeps it) to a set; EQ_LABEL and EQ_WORD take two values,
and their pairs are closed transitively (``A B`` and ``B C`` make A, B and C one class,
named here by its member written first).  Any other key is an error, where discodop
raises; the errors say file and line.

>>> params = parse_params("CUTOFF_LEN 40\\nDELETE_LABEL TOP\\nEQ_LABEL ADVP PRT\\n"
...                       "EQ_LABEL PRT X\\n", "p.prm")
>>> params.cutoff_len, params.delete_label, params.eq_label
(40, ['TOP'], {'ADVP': 'ADVP', 'PRT': 'ADVP', 'X': 'ADVP'})
>>> parse_params("LABELED yes\\n", "p.prm")
Traceback (most recent call last):
...
treeeval.errors.InputError: p.prm:1: LABELED needs a whole number, found 'yes'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError

#: the keys that take a whole number, each at most once, and their defaults
NUMBER_KEYS = {"DEBUG": 0, "MAX_ERROR": 10, "CUTOFF_LEN": 40, "LABELED": 1, "DISC_ONLY": 0,
               "LA": 0, "TED": 0, "DEP": 0, "DELETE_ROOT_PRETERMS": 0}
SET_KEYS = ("DELETE_LABEL", "DELETE_LABEL_FOR_LENGTH", "DELETE_WORD")
PAIR_KEYS = ("EQ_LABEL", "EQ_WORD")


@dataclass
class DiscoParams:
    """The settings of a parameter file (sets kept in the order first written)."""

    numbers: dict[str, int] = field(default_factory=lambda: dict(NUMBER_KEYS))
    delete_label: list[str] = field(default_factory=list)
    delete_label_for_length: list[str] = field(default_factory=list)
    delete_word: list[str] = field(default_factory=list)
    eq_label: dict[str, str] = field(default_factory=dict)
    eq_word: dict[str, str] = field(default_factory=dict)

    @property
    def cutoff_len(self) -> int:
        return self.numbers["CUTOFF_LEN"]


def read_params(path: str | None) -> DiscoParams:
    """The parameters of ``path`` (the defaults when None)."""
    if path is None:
        return DiscoParams()
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read parameter file: {exc.strerror}", path=path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        from ..formats.text import decode

        decode(data, path)
        raise
    return parse_params(text, path)


def parse_params(text: str, path: str = "<prm>") -> DiscoParams:
    """Parse the text of a parameter file."""
    params = DiscoParams()
    seen: set[str] = set()
    pairs: dict[str, list[tuple[str, str]]] = {key: [] for key in PAIR_KEYS}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 1)
        if len(parts) < 2:
            raise InputError(f"{parts[0] if parts else 'the line'} has no value", path=path,
                             line=number)
        key, value = parts
        if key in NUMBER_KEYS:
            if key in seen:
                raise InputError(f"{key} is given twice", path=path, line=number)
            seen.add(key)
            try:
                params.numbers[key] = int(value)
            except ValueError:
                raise InputError(f"{key} needs a whole number, found {value.strip()!r}",
                                 path=path, line=number) from None
        elif key in SET_KEYS:
            values = getattr(params, key.lower())
            if value not in values:
                values.append(value)
        elif key in PAIR_KEYS:
            both = value.split()
            if len(both) != 2:
                raise InputError(f"{key} requires two values, found {len(both)}", path=path,
                                 line=number)
            pairs[key].append((both[0], both[1]))
        else:
            raise InputError(f"unknown key {key!r}", path=path, line=number)
    params.eq_label = equivalence_classes(pairs["EQ_LABEL"])
    params.eq_word = equivalence_classes(pairs["EQ_WORD"])
    return params


def equivalence_classes(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Each member of the transitive closure of ``pairs`` mapped to its class's name: the
    member written first.

    >>> equivalence_classes([("A", "B"), ("C", "D"), ("D", "B")])
    {'A': 'A', 'B': 'A', 'C': 'A', 'D': 'A'}
    """
    parent: dict[str, str] = {}

    def find(item: str) -> str:
        while parent[item] != item:
            item = parent[item]
        return item

    for pair in pairs:
        for item in pair:
            parent.setdefault(item, item)
    order = {item: rank for rank, item in enumerate(parent)}
    for first, second in pairs:
        a, b = find(first), find(second)
        if a != b:
            parent[max(a, b, key=order.__getitem__)] = min(a, b, key=order.__getitem__)
    return {item: find(item) for item in parent}
