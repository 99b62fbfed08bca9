"""Reader for EVALB parameter (.prm) files.

EVALB reads a parameter file line by line: trailing white space is stripped, lines that
start with ``#`` or are shorter than three characters are skipped, the keyword runs to the
first white space and the value is the rest after the following white space.  An unknown
keyword, or an EQ_LABEL/EQ_WORD line without exactly two values, is reported on stderr and
ignored; treeeval keeps those messages word for word.  What EVALB leaves undefined (a
keyword without a value) or silently misreads (``MAX_ERROR ten`` is 0 to ``atoi``) is an
error here, with file, line, column and a caret.  The grammar is ``prm.lark``; well-formed
lines are read with regular expressions of the same language (a test checks that they
agree), so that lark is imported only to report an error.

>>> from pathlib import Path
>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "mine.prm"
>>> _ = path.write_bytes(b"# comment\\nMAX_ERROR 100\\nDELETE_LABEL TOP\\nEQ_LABEL ADVP PRT\\n")
>>> settings, messages = read_prm(path)
>>> [(s.key, s.value) for s in settings]
[('MAX_ERROR', 100), ('DELETE_LABEL', b'TOP'), ('EQ_LABEL', (b'ADVP', b'PRT'))]
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..bundled import bundled_dir
from ..errors import InputError, PrmError, nearest

#: bytes C's isspace() accepts (EVALB runs in the C locale)
C_SPACE = b" \t\n\v\f\r"

INT_KEYS = ("DEBUG", "MAX_ERROR", "CUTOFF_LEN", "LABELED")
LIST_KEYS = ("DELETE_LABEL", "DELETE_LABEL_FOR_LENGTH", "QUOTE_LABEL")
PAIR_KEYS = ("EQ_LABEL", "EQ_WORD")
KNOWN_KEYS = frozenset(INT_KEYS + LIST_KEYS + PAIR_KEYS)

SettingValue = int | bytes | tuple[bytes, bytes]


@dataclass(frozen=True)
class PrmSetting:
    """One accepted line: ``key`` as spelt in the file, its ``value`` and ``line`` number."""

    key: str
    value: SettingValue
    line: int


_SEP = rb"[ \t\v\f\r]+"
_ITEM = rb"[^ \t\v\f\r\n]+"
_REST = rb"([^ \t\v\f\r\n].*)"
#: the language of prm.lark, one expression per kind of setting
_INT_LINE = re.compile(rb"(\w+)" + _SEP + rb"([+-]?[0-9]+)(?:" + _SEP + _REST + rb")?")
_LIST_LINE = re.compile(rb"(\w+)" + _SEP + _REST)
_PAIR_LINE = re.compile(rb"(\w+)((?:" + _SEP + _ITEM + rb")+)")


@functools.cache
def _parser():  # -> lark.Lark, imported only when a line is malformed
    import lark

    grammar = (bundled_dir(__package__) / "prm.lark").read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", lexer="contextual")


def bundled_prm_dir() -> Path:
    """The folder of the parameter files shipped with treeeval (COLLINS.prm, new.prm ...)."""
    return bundled_dir("treeeval.params")


def bundled_prms() -> list[str]:
    """The names of the bundled parameter files.

    >>> bundled_prms()
    ['COLLINS.prm', 'new.prm', 'nk.prm', 'proper.prm', 'spmrl.prm', 'spmrl_hebrew.prm']
    """
    return sorted(path.name for path in bundled_prm_dir().glob("*.prm"))


def find_prm(name: str) -> Path:
    """Resolve ``-p NAME``: an existing path wins, else the bundled file of that name (a
    name that is neither is left to :func:`read_prm`, which says so).

    >>> find_prm("COLLINS.prm").name
    'COLLINS.prm'
    """
    path = Path(name)
    if path.exists():
        return path
    bundled = bundled_prm_dir() / path.name
    if os.sep not in name and bundled.is_file():
        return bundled
    return path


def read_prm(path: str | os.PathLike[str]) -> tuple[list[PrmSetting], list[str]]:
    """Read a parameter file into settings plus EVALB's own stderr messages.

    Raises InputError when the file cannot be read and PrmError on a malformed line.
    """
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(_not_found(Path(path)), path=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read parameter file: {exc.strerror}", path=str(path)) from None
    return parse_prm(data, str(path))


def _not_found(path: Path) -> str:
    """A parameter file that does not exist; for a name without a folder (which the
    bundled files are found by), the bundled ones and the one it is near to.

    >>> print(_not_found(Path("COLINS.prm")).replace("; ", ";\\n"))
    no such parameter file (bundled: COLLINS.prm, new.prm, nk.prm, proper.prm, spmrl.prm, spmrl_hebrew.prm);
    did you mean COLLINS.prm?
    >>> _not_found(Path("runs") / "COLLINS.prm")
    'no such parameter file'
    """
    if len(path.parts) > 1:
        return "no such parameter file"
    bundled = bundled_prms()
    near = nearest(path.name, bundled, cutoff=0.75)
    hint = f"; did you mean {near[0]}?" if near else ""
    return f"no such parameter file (bundled: {', '.join(bundled)}){hint}"


def parse_prm(data: bytes, path: str = "<prm>") -> tuple[list[PrmSetting], list[str]]:
    """Parse the bytes of a parameter file (see read_prm)."""
    settings: list[PrmSetting] = []
    messages: list[str] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        line = _strip_tail(raw)
        if line.startswith(b"#") or len(line) < 3:
            continue
        keyword = line.split(None, 1)[0] if not line[:1].isspace() else b""
        key = keyword.decode("latin-1")
        if key not in KNOWN_KEYS:
            messages.append(f"Unknown keyword ({line.decode('latin-1')}) in parameter file")
            continue
        fields = _match(key, line)
        if fields is None:
            raise _lark_error(line.decode("latin-1"), path, number)
        setting = _setting(key, fields, number, messages)
        if setting is not None:
            settings.append(setting)
    return settings, messages


def _match(key: str, line: bytes) -> list[bytes] | None:
    """The values of a well-formed line (as prm.lark reads them), or None."""
    if key in INT_KEYS:
        found = _INT_LINE.fullmatch(line)
        return None if found is None else [found.group(2)]
    if key in LIST_KEYS:
        found = _LIST_LINE.fullmatch(line)
        return None if found is None else [found.group(2)]
    found = _PAIR_LINE.fullmatch(line)
    return None if found is None else found.group(2).split()


def _lark_error(text: str, path: str, number: int) -> PrmError:
    """Parse a line the expressions rejected with the grammar, for its error position."""
    import lark

    try:
        _parser().parse(text)
    except lark.exceptions.UnexpectedInput as exc:
        return _prm_error(exc, text, path, number)
    raise AssertionError(f"prm.lark accepts a line the reader rejected: {text!r}")


def _strip_tail(raw: bytes) -> bytes:
    """EVALB strips trailing white space but never the line's first character."""
    end = len(raw)
    while end > 1 and raw[end - 1] in C_SPACE:
        end -= 1
    return raw[:end]


def _setting(key: str, fields: list[bytes], number: int, messages: list[str]) -> PrmSetting | None:
    if key in INT_KEYS:
        return PrmSetting(key, int(fields[0]), number)
    if key in LIST_KEYS:
        return PrmSetting(key, fields[0], number)
    if len(fields) != 2:
        messages.append(f"{key} requires two values")
        return None
    return PrmSetting(key, (fields[0], fields[1]), number)


def _prm_error(exc: Exception, text: str, path: str, number: int) -> PrmError:
    keyword = text.split(None, 1)[0]
    column = getattr(exc, "column", None)
    if not isinstance(column, int) or column < 1:
        column = len(text) + 1
    if column > len(text.split(None, 1)[0]) + 1 and column <= len(text):
        expected = "a whole number" if keyword in INT_KEYS else "a value"
        message = f"{keyword} needs {expected}, found {text[column - 1:].split()[0]!r}"
    else:
        message = f"{keyword} has no value"
    return PrmError(message, path=path, line=number, column=column, source_line=text)
