"""How every command writes a file: never over an input of the run, and all or nothing.

``output_file(path, inputs)`` is the one writer (``convert -o``, ``dep --output``,
``wde -o``, ``bracket --per-sentence``, ``errors --per-sentence``):

1. It refuses a ``path`` that names an input of the run, whatever the spelling: the same
   path, a symbolic link to an input, a hard link to one (files are compared by device and
   inode, after following symbolic links).  The inputs are every file the run reads: the
   treebanks, and the .prm, head-table, tag, class, weight and evaluation files.  The
   refusal is one line, ``treeeval: error: PATH: is an input of this run; it is never
   written``, exit status 1.
2. The text goes to a temporary file in the folder of the file written (the target of a
   symbolic link, which is then replaced), renamed over it only when the ``with`` block
   ends without an exception.  After an error or Ctrl-C (KeyboardInterrupt) the temporary
   file is removed and an existing file at ``path`` is left as it was.
3. A new file gets the permissions ``open`` would give it (0666 less the umask); a file
   written over keeps its own.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> source, target = os.path.join(folder, "in.txt"), os.path.join(folder, "out.txt")
>>> _ = open(source, "w").write("words\\n")
>>> with output_file(target, [source]) as stream:
...     _ = stream.write("done\\n")
>>> open(target).read(), sorted(os.listdir(folder))
('done\\n', ['in.txt', 'out.txt'])
>>> os.link(source, os.path.join(folder, "hard.txt"))
>>> check_not_input(os.path.join(folder, "hard.txt"), [source])
Traceback (most recent call last):
...
treeeval.errors.InputError: /tmp/.../hard.txt: is an input of this run; it is never written
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, Literal, TextIO, overload

from ..errors import InputError
from .inputs import shown

Name = str | os.PathLike[str]


def _identity(path: Name) -> tuple[int, int] | None:
    """(device, inode) of the file ``path`` names, following symbolic links; None if none."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return status.st_dev, status.st_ino


def check_not_input(path: Name, inputs: Iterable[Name | None]) -> None:
    """Raise InputError when ``path`` is one of ``inputs`` (same path, symbolic or hard link).

    ``-`` (standard input) and None in ``inputs`` are skipped; a decompressed copy of an
    input stands for the user's file too (treeeval.policy.inputs).
    """
    target = _identity(path)
    spelt = os.path.abspath(path)
    # a materialised input's temporary path is a str: its user's name is looked up
    for name in [n for given in inputs
                 for n in (given, shown(given) if isinstance(given, str) else given)]:
        if name is None or os.fspath(name) == "-":
            continue
        if os.path.abspath(name) == spelt or (target is not None and _identity(name) == target):
            raise InputError("is an input of this run; it is never written", path=os.fspath(path))


def check_output(path: Name, inputs: Iterable[Name | None]) -> None:
    """Before a run scores anything: ``path`` is not an input (:func:`check_not_input`) and
    its folder is there, so that writing it at the end can succeed.

    >>> check_output("/no/such/folder/report.html", [])
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: /no/such/folder/report.html: cannot write: No such folder
    """
    check_not_input(path, inputs)
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.isdir(folder):
        raise InputError("cannot write: No such folder", path=os.fspath(path))
    if os.path.isdir(path):
        raise InputError("cannot write: Is a directory", path=os.fspath(path))


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@overload
def output_file(path: Name, inputs: Iterable[Name | None], *,
                binary: Literal[False] = False) -> contextlib.AbstractContextManager[TextIO]: ...
@overload
def output_file(path: Name, inputs: Iterable[Name | None], *,
                binary: Literal[True]) -> contextlib.AbstractContextManager[BinaryIO]: ...
@contextlib.contextmanager
def output_file(path: Name, inputs: Iterable[Name | None], *,
                binary: bool = False) -> Iterator[Any]:  # the overloads give the stream's type
    """Open ``path`` for writing (UTF-8 text, or bytes when ``binary``) as the module says."""
    check_not_input(path, inputs)
    name = os.fspath(path)
    final = os.path.realpath(name)
    if os.path.isdir(final):
        raise InputError("cannot write: Is a directory", path=name)
    try:
        mode = stat.S_IMODE(os.stat(final).st_mode)
    except OSError:
        mode = _new_file_mode()
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(final)}.",
                                             suffix=".part", dir=os.path.dirname(final))
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", path=name) from None
    try:
        with (open(handle, "wb") if binary else open(handle, "w", encoding="utf-8")) as stream:
            yield stream
        os.chmod(temporary, mode)
        os.replace(temporary, final)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
