"""Inputs as users have them: ``-`` for standard input, and gzip, bzip2 or xz files, for
every input of every command.

A command marks each argument that names an input file with ``type=input_file`` (or
``type=input_pair`` for ``treeeval ud``'s ``GOLD:SYSTEM`` words); the parsed values are then
:class:`InputName` strings.  Before the command runs, :func:`materialised` replaces each in
the parsed arguments:

* ``-`` (standard input; one ``-`` a command line, else a usage error), and a pipe or a
  device (``<(zcat f.gz)``), by a private temporary file holding what it holds,
  decompressed when it is compressed (commands may read an input more than once);
* a file that starts with gzip's (``1f 8b``), bzip2's (``BZh``) or xz's
  (``fd 37 7a 58 5a 00``) magic bytes, whatever its name, by a private temporary file of
  its decompressed bytes, named as the file without its ``.gz``, ``.bz2`` or ``.xz``
  (``test.mrg.gz`` is read as ``test.mrg`` is: the rules by name of
  ``treeeval.policy.sniffing`` still apply);
* anything else (a plain file, a folder, a bundled table's name, a missing file) stays as
  it is: plain files pay one read of six bytes.

Decompression streams (memory stays flat); a corrupt or truncated compressed file is a
one-line error naming it, exit status 1.  Inputs are never written; the temporary files are
removed when the run ends, however it ends.  What the user sees names *their* file, never a
temporary one: :func:`shown` gives the name to print for a path, :func:`shown_text` rewrites
a message, and errors leaving the run are rewritten so.

>>> import gzip, os, tempfile, argparse
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "gold.mrg.gz")
>>> with gzip.open(path, "wt") as stream:
...     _ = stream.write("(S (NN Rain))\\n")
>>> args = argparse.Namespace(files=[input_file(path)], output="out.txt")
>>> with materialised(args):
...     temporary = args.files[0]
...     print(os.path.basename(temporary), open(temporary).read(), end="")
...     print(shown(temporary) == path)
gold.mrg (S (NN Rain))
True
>>> os.path.exists(temporary), shown(temporary) == temporary
(False, True)
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, overload

from ..errors import InputError, TreeevalError, UsageError

#: standard input's spelling on a command line, and its name in what treeeval prints
STDIN = "-"
#: each compression: its magic bytes, its name in messages and its suffix
COMPRESSIONS = ((b"\x1f\x8b", "gzip", ".gz"), (b"BZh", "bzip2", ".bz2"),
                (b"\xfd7zXZ\x00", "xz", ".xz"))
_MAGIC_LENGTH = max(len(magic) for magic, _, _ in COMPRESSIONS)
_CHUNK = 1 << 16
#: the temporary path of each materialised input -> the user's name for it (this run's)
_SHOWN: dict[str, str] = {}


class InputName(str):
    """A command-line word that names an input file (made by :func:`input_file`)."""


class InputPair(InputName):
    """A word that names an input file or a ``GOLD:SYSTEM`` pair of them."""


def input_file(word: str) -> InputName:
    """argparse's ``type`` of an argument naming an input file: marks it, reads nothing.

    >>> input_file("gold.mrg.gz") == "gold.mrg.gz", type(input_file("-")).__name__
    (True, 'InputName')
    """
    return InputName(word)


def input_pair(word: str) -> InputPair:
    """argparse's ``type`` of an argument naming an input file or a ``GOLD:SYSTEM`` pair
    (split at the first colon whose left part exists, as ``treeeval ud`` splits it)."""
    return InputPair(word)


def compression(path: str) -> str | None:
    """The compression ``path`` is in by its magic bytes (None: none, or not a readable
    regular file: a pipe, such as ``<(zcat f.gz)``, is never read here, as its bytes would
    be lost to the command).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("wb", delete=False) as f:
    ...     _ = f.write(b"BZh91AY&SY")
    >>> compression(f.name), compression(f.name + ".missing")
    ('bzip2', None)
    """
    try:
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as stream:
            start = stream.read(_MAGIC_LENGTH)
    except (OSError, ValueError):
        return None
    return next((name for magic, name, _ in COMPRESSIONS if start.startswith(magic)), None)


@overload
def shown(path: str) -> str: ...
@overload
def shown(path: None) -> None: ...
def shown(path: str | None) -> str | None:
    """The name to print for ``path``: the user's, when it is a materialised input of the
    run (``-`` for standard input); anything else as it is.

    >>> shown("gold.conll"), shown(None)
    ('gold.conll', None)
    """
    return path if path is None else _SHOWN.get(path, path)


def shown_text(text: str) -> str:
    """``text`` with every materialised input's temporary path replaced by the user's name.

    >>> shown_text("gold.conll:3: no HEAD")
    'gold.conll:3: no HEAD'
    """
    for temporary in sorted(_SHOWN, key=len, reverse=True):
        text = text.replace(temporary, _SHOWN[temporary])
    return text


def shown_in(value: Any) -> Any:
    """A document (dicts, lists, strings...) with every string as :func:`shown_text` has
    it; ``value`` itself when no input was materialised (plain files pay nothing).

    >>> shown_in({"gold": "g.conll", "scores": [1, 2]})
    {'gold': 'g.conll', 'scores': [1, 2]}
    """
    if not _SHOWN:
        return value
    if isinstance(value, str):
        return shown_text(value)
    if isinstance(value, dict):
        return {key: shown_in(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(shown_in(item) for item in value)
    return value


def plain_name(path: str) -> str:
    """The user's name for ``path`` (:func:`shown`) without a compression's suffix: what
    short names of files (systems, treebanks) are made from.

    >>> plain_name("out/en_ewt.conllu.xz"), plain_name("-")
    ('out/en_ewt.conllu', '-')
    """
    return _without_suffix(shown(path))


@contextlib.contextmanager
def materialised(args: Any) -> Iterator[None]:
    """Replace each :class:`InputName` of the parsed ``args`` (lists and tuples included) by
    the path the command reads (see the module), for the ``with`` block.  Errors leaving the
    block name the user's files; the temporary files are removed however the block ends."""
    if _SHOWN:
        raise RuntimeError("inputs are already materialised")
    words = [word for value in vars(args).values() for word in _marked(value)]
    if words.count(STDIN) > 1:
        raise UsageError("standard input (-) can be given once only")
    copies = _Copies()
    try:
        for key, value in vars(args).items():
            setattr(args, key, _replaced(value, copies.path_of))
        yield
    except TreeevalError as exc:
        _renamed(exc)
        raise
    finally:
        _SHOWN.clear()
        copies.remove()


def _marked(value: Any) -> Iterator[str]:
    """The input words in a parsed value (a pair's two sides as two words)."""
    if isinstance(value, InputName):
        yield from _pair(value) if isinstance(value, InputPair) else (value,)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _marked(item)


def _pair(word: str) -> tuple[str, ...]:
    """A ``GOLD:SYSTEM`` word's two sides (the word alone when it is no pair).

    >>> _pair("-"), _pair("no/such:file")
    (('-',), ('no/such:file',))
    """
    if word == STDIN or os.path.exists(word):
        return (word,)
    for index, char in enumerate(word):
        if char == ":" and os.path.exists(word[:index]):
            return word[:index], word[index + 1:]
    return (word,)


def _replaced(value: Any, read: Callable[[str], str]) -> Any:
    """``value`` with each InputName replaced by ``read(name)`` (plain strings)."""
    if isinstance(value, InputName):
        if isinstance(value, InputPair):
            return ":".join(read(side) for side in _pair(value))
        return read(value)
    if isinstance(value, list):
        return [_replaced(item, read) for item in value]
    if isinstance(value, tuple):
        return tuple(_replaced(item, read) for item in value)
    return value


class _Copies:
    """The run's temporary copies, each input copied once, in one private folder made when
    the first copy is (a run on plain files makes none)."""

    def __init__(self) -> None:
        self.folder: str | None = None
        self.made: dict[str, str] = {}

    def path_of(self, word: str) -> str:
        """The path to read for the input word ``word``: a temporary copy of standard
        input, the decompressed copy of a compressed file, or the file itself."""
        if word not in self.made:
            self.made[word] = self._copy_of(str(word))
        return self.made[word]

    def _copy_of(self, word: str) -> str:
        if word != STDIN and not _is_pipe(word):
            return self._decompressed(word, os.path.basename(word), word) or word
        name = "stdin" if word == STDIN else os.path.basename(word)
        raw = self._new_path(name)
        with open(raw, "wb") as target:
            if word == STDIN:
                _copy(sys.stdin.buffer, target, None, word)
            else:
                with open(word, "rb") as pipe:
                    _copy(pipe, target, None, word)
        _SHOWN[raw] = word
        return self._decompressed(raw, name, word) or raw

    def _decompressed(self, source: str, name: str, user: str) -> str | None:
        """A copy of ``source`` decompressed, named ``name`` without its compression's
        suffix; None when ``source`` is not compressed."""
        kind = compression(source)
        if kind is None:
            return None
        path = self._new_path(_without_suffix(name))
        with open(source, "rb") as raw, open(path, "wb") as target:
            _copy(raw, target, kind, user)
        _SHOWN[path] = user
        return path

    def _new_path(self, name: str) -> str:
        """A new path named ``name``, in a folder of its own in the run's private folder."""
        import tempfile

        if self.folder is None:
            self.folder = tempfile.mkdtemp(prefix="treeeval-inputs-")
        return os.path.join(tempfile.mkdtemp(dir=self.folder), name)

    def remove(self) -> None:
        """Remove every copy (and the private folder)."""
        if self.folder is not None:
            import shutil

            shutil.rmtree(self.folder, ignore_errors=True)


def _is_pipe(path: str) -> bool:
    """Whether ``path`` is a pipe or a device (``<(zcat f.gz)``): read once, and copied.

    >>> _is_pipe("/dev/null"), _is_pipe("no such file")
    (True, False)
    """
    import stat

    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _without_suffix(name: str) -> str:
    """``name`` without a compression's suffix (``.gz``, ``.bz2``, ``.xz``, any case).

    >>> _without_suffix("wsj22.mrg.GZ"), _without_suffix(".xz"), _without_suffix("a.conll")
    ('wsj22.mrg', '.xz', 'a.conll')
    """
    for _, _, suffix in COMPRESSIONS:
        if name.lower().endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def _copy(raw: BinaryIO, target: BinaryIO, kind: str | None, user: str) -> None:
    """Stream ``raw`` (decompressed as ``kind``; None: as it is) into ``target``; a
    corrupt stream is an error at the line of the decompressed text it breaks in."""
    import lzma
    import zlib

    lines = 1
    try:
        with _decompressing(raw, kind) if kind else contextlib.nullcontext(raw) as stream:
            for chunk in iter(lambda: stream.read(_CHUNK), b""):
                target.write(chunk)
                lines += chunk.count(b"\n")
    except EOFError:
        raise InputError(f"the {kind} data is cut short (it ends before its end marker)",
                         path=user, line=lines) from None
    except (OSError, lzma.LZMAError, zlib.error) as exc:
        if isinstance(exc, OSError) and exc.errno is not None:
            raise InputError(f"cannot read: {exc.strerror}", path=user) from None
        raise InputError(f"corrupt {kind} data ({exc})", path=user, line=lines) from None


def _decompressing(raw: BinaryIO, kind: str) -> io.BufferedIOBase:
    """``raw`` read through the decompressor of ``kind`` (imported only now)."""
    if kind == "gzip":
        import gzip

        return gzip.GzipFile(fileobj=raw, mode="rb")
    if kind == "bzip2":
        import bz2

        return bz2.BZ2File(raw)
    import lzma

    return lzma.LZMAFile(raw)


def _renamed(exc: TreeevalError) -> None:
    """Put the user's names instead of temporary paths in ``exc``."""
    if isinstance(exc, InputError):
        exc.path = shown(exc.path)
        exc.message = shown_text(exc.message)
        exc.args = (exc.message,)
    else:
        exc.args = tuple(shown_text(a) if isinstance(a, str) else a for a in exc.args)
