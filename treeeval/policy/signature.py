"""The signature of a run: one line naming treeeval's version and every setting that changes
a number, so that a paper can quote it and a reader can reproduce the run (sacrebleu's idea).

A signature is ``key:value`` items joined by ``|``: the command first (``cmd:bracket``), the
command's keys in their documented order (docs/bracket.md, docs/dep.md, docs/ud.md), and
the version last.  Each command passes its settings as plain data, value by value:

* a string is written as it is; a whole number as digits; True/False as ``yes``/``no``;
* a ``pathlib.Path`` names an input file: its base name and the first 8 hex digits of the
  SHA-256 of its bytes (``COLLINS.prm#0123abcd``), bundled files and the user's alike;
* a list or tuple is its items joined by ``;`` (MaltEval's separator of several values);
* None leaves the key out (a setting that does not apply to this run).

``%``, ``|`` and white space inside a value are written as ``%XX`` (their UTF-8 bytes), so
the line splits back into its items unambiguously.  Settings that are not a file but a
whole set of values (EVALB's effective parameters) are named by :func:`digest`.

>>> build("dep", [("metric", ["LAS", "UAS"]), ("xdeprel", "punct|dep"), ("prm", None)])
'cmd:dep|metric:LAS;UAS|xdeprel:punct%7Cdep|version:0.1.0'
>>> digest({"cutoff_len": 40, "labeled": 1})
'4529a36f'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..version import __version__

#: what a setting's value may be (see the module's docstring)
Value = str | int | bool | Path | list | tuple | None
#: hex digits of a content hash
HASH_LENGTH = 8
#: the characters written as %XX inside a value
_ESCAPED = re.compile(r"[%|\s]")


def build(command: str, items: Iterable[tuple[str, Value]]) -> str:
    """The signature of a run of ``command`` with the settings ``items``, in their order."""
    fields = [("cmd", command), *((key, value) for key, value in items if value is not None),
              ("version", __version__)]
    return "|".join(f"{key}:{render(value)}" for key, value in fields)


def line(signature: str) -> bytes:
    """The last line ``--signature`` adds to a command's output.

    >>> line("cmd:lin|version:0.1.0")
    b'signature: cmd:lin|version:0.1.0\\n'
    """
    return f"signature: {signature}\n".encode()


def render(value: Value) -> str:
    """One value as a signature writes it.

    >>> render(True), render(40), render(["a b", "c"]), render("x%|y")
    ('yes', '40', 'a%20b;c', 'x%25%7Cy')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Path):
        return f"{escape(value.name)}#{file_digest(value)}"
    if isinstance(value, (list, tuple)):
        return ";".join(render(item) for item in value)
    return escape(str(value))


def escape(text: str) -> str:
    """``%``, ``|`` and white space as ``%XX`` (their UTF-8 bytes), the rest as it is.

    >>> escape("punct|p dep"), escape("ü")
    ('punct%7Cp%20dep', 'ü')
    """
    return _ESCAPED.sub(lambda m: "".join(f"%{byte:02X}" for byte in m.group().encode()), text)


def file_digest(path: Path) -> str:
    """The first 8 hex digits of the SHA-256 of a file's bytes: the one hash of input files.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("wb", delete=False) as f:
    ...     _ = f.write(b"LABELED 1\\n")
    >>> file_digest(Path(f.name))  # printf "LABELED 1\\n" | sha256sum
    'a91cf3fc'
    >>> Path(f.name).unlink()
    """
    hasher = sha256()
    try:
        with open(path, "rb") as stream:
            for chunk in iter(lambda: stream.read(1 << 20), b""):
                hasher.update(chunk)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=str(path)) from None
    return hasher.hexdigest()[:HASH_LENGTH]


def digest(data: object) -> str:
    """The first 8 hex digits of the SHA-256 of plain data (dicts, lists, strings, numbers),
    written as canonical JSON: the hash of a set of settings."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return sha256(text.encode()).hexdigest()[:HASH_LENGTH]


def sha256(data: bytes = b"") -> Any:
    """A SHA-256 hasher fed ``data`` (hashlib is imported only when a run is signed).

    >>> sha256(b"abc").hexdigest()[:8]
    'ba7816bf'
    """
    import hashlib

    return hashlib.sha256(data)
