"""Relation classes (content, function, other) for Callin's metrics, and the small
tab-separated tables they and the WDE weights are read from.

>>> classes = load_relation_classes()
>>> classes["obj"], relation_class_codes(np.array(["case", "obj"]), classes).tolist()
('content', [1, 0])
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

import numpy as np
from numpy.typing import NDArray

from ..bundled import bundled_dir
from ..errors import InputError

#: the three classes of relations, in the order they are reported
CLASSES = ("content", "function", "other")


def table_lines(path: str, separator: str | None = "\t"
                ) -> Iterable[tuple[int, str, list[str]]]:
    """The data lines of a small file of fields: (line number, line, fields).

    Lines end at ``\\n``, ``\\r\\n`` or ``\\r`` (Python's universal newlines, as the 2017
    scorer reads its ``-w`` file: a form feed or U+2028 inside a line is white space, not a
    line end).  Lines starting with ``#`` and blank lines are skipped; fields are split at
    ``separator`` (None: at runs of white space).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("wb", delete=False) as f:
    ...     _ = f.write(b"# w\\r\\nnsubj 1\\x0cobj 2\\rdet 3\\n")
    >>> list(table_lines(f.name, separator=None))
    [(2, 'nsubj 1\\x0cobj 2', ['nsubj', '1', 'obj', '2']), (3, 'det 3', ['det', '3'])]
    >>> os.remove(f.name)
    """
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot decode as UTF-8: {exc.reason}", path=path,
                         line=data.count(b"\n", 0, exc.start) + 1) from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if line.strip() and not line.startswith("#"):
            yield number, line, line.rstrip().split(separator)


def load_relation_classes(path: str | os.PathLike[str] | None = None) -> dict[str, str]:
    """Relation -> class from a ``relation<TAB>class`` file (default: the paper's table).

    >>> classes = load_relation_classes()
    >>> classes["det"], classes["nsubj"], classes["punct"]
    ('function', 'content', 'other')
    """
    if path is None:
        return load_relation_classes(bundled_dir(__package__) / "relation_classes.tsv")
    name = os.fspath(path)
    classes: dict[str, str] = {}
    for number, line, fields in table_lines(name):
        if len(fields) != 2 or fields[1] not in CLASSES:
            raise InputError(f"expected RELATION<TAB>CLASS with CLASS one of "
                             f"{', '.join(CLASSES)}", path=name, line=number, column=1,
                             source_line=line)
        if fields[0] in classes:
            raise InputError(f"relation {fields[0]!r} is listed twice", path=name, line=number,
                             column=1, source_line=line)
        classes[fields[0]] = fields[1]
    return classes


def relation_class_codes(relations: NDArray[np.str_],
                         classes: Mapping[str, str]) -> NDArray[np.int8]:
    """The index in CLASSES of each relation's class (other when the table lacks it).

    >>> relation_class_codes(np.array(["det", "nsubj", "xyz"]), {"det": "function",
    ...                      "nsubj": "content"}).tolist()
    [1, 0, 2]
    """
    if relations.size == 0:
        return np.zeros(0, dtype=np.int8)
    names, inverse = np.unique(relations, return_inverse=True)
    codes = np.array([CLASSES.index(classes.get(name, "other")) for name in names.tolist()],
                     dtype=np.int8)
    return codes[inverse]
