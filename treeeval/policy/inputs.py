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

The file API (every ``evaluate_*``, ``read_trees``, ``convert``, ``classify_errors``) reads
the same inputs by the same code, and what a program holds besides (a :data:`Source`: a
file's bytes, an open file, the sentences themselves), through :func:`api_inputs`:
:meth:`Inputs.path` gives the path to read for each (a copy only where one is needed),
:meth:`Inputs.stream` a stream to a reader that streams.  There standard input is named
``<stdin>``, bytes ``<bytes>``, an open file by its ``name`` (else ``<stream>``) and
sentences by their argument and index (``gold[3]``); a call's copies and their names are its
own, so that calls nest, and run inside a command's run.

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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields, is_dataclass
from typing import IO, Any, BinaryIO, Union, cast, overload

from ..errors import InputError, TreeevalError, UsageError, sentence_line

#: standard input's spelling on a command line, and its name in what treeeval prints
STDIN = "-"
#: each compression: its magic bytes, its name in messages and its suffix
COMPRESSIONS = ((b"\x1f\x8b", "gzip", ".gz"), (b"BZh", "bzip2", ".bz2"),
                (b"\xfd7zXZ\x00", "xz", ".xz"))
_MAGIC_LENGTH = max(len(magic) for magic, _, _ in COMPRESSIONS)
_CHUNK = 1 << 16
#: the temporary path of each materialised input -> the user's name for it (the command's
#: run's and those of the file API's calls under way, each removing its own at its end)
_SHOWN: dict[str, str] = {}
#: the command's run under way (:func:`materialised`), if one is
_RUNS: list[_Copies] = []

#: what the file API reads (:meth:`Inputs.path`): a path (``-``: standard input), a file's
#: bytes, an open file, or the sentences themselves (a sequence, or any iterable)
Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes], IO[str],
               Iterable[Any]]
#: how one in-memory sentence is written as a file's lines: ``encode(sentence, side, index)``
#: (treeeval.formats.sentences.ENCODERS), an InputError naming ``side[index]`` if it is none
Encoder = Callable[[Any, str, int], bytes]


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
    return _replaced_paths(text, _SHOWN)


def _replaced_paths(text: str, names: dict[str, str]) -> str:
    """``text`` with each path of ``names`` replaced by its name (the longest first)."""
    for temporary in sorted(names, key=len, reverse=True):
        text = text.replace(temporary, names[temporary])
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
    if _RUNS:
        raise RuntimeError("inputs are already materialised")
    words = [word for value in vars(args).values() for word in _marked(value)]
    if words.count(STDIN) > 1:
        raise UsageError("standard input (-) can be given once only")
    copies = _Copies(STDIN)
    _RUNS.append(copies)
    try:
        for key, value in vars(args).items():
            setattr(args, key, _replaced(value, copies.path_of))
        yield
    except TreeevalError as exc:
        _renamed(exc)
        raise
    finally:
        _RUNS.clear()
        copies.remove()


@contextlib.contextmanager
def api_inputs() -> Iterator[Inputs]:
    """The inputs of one call of the file API: :meth:`Inputs.path` gives the path to read
    for each, for the ``with`` block.  Errors leaving the block name the user's inputs (a
    sentence of an in-memory input by its side and index); the temporary files are removed
    however the block ends.  Calls nest, and run inside a command's :func:`materialised`.

    >>> import gzip, io, os
    >>> packed = gzip.compress(b"(S (NN Rain))\\n")
    >>> with api_inputs() as inputs:
    ...     path = inputs.path(packed, "gold")
    ...     print(open(path, "rb").read(), shown(path))
    b'(S (NN Rain))\\n' <bytes>
    >>> os.path.exists(path)
    False
    >>> with api_inputs() as inputs:
    ...     _ = inputs.path(io.BytesIO(packed[:12]), "gold")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: <stream>:1: the gzip data is cut short (it ends before its end marker)
    """
    inputs = Inputs()
    try:
        yield inputs
    except TreeevalError as exc:
        inputs.rename(exc)
        raise
    finally:
        inputs.remove()


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
    """The temporary copies of a run (or of a call of the file API), each input copied
    once, in one private folder made when the first copy is (plain files make none); each
    copy is named as its user's input (:func:`shown`) until :meth:`remove`.  ``stdin``:
    standard input's name (``-`` on a command line)."""

    def __init__(self, stdin: str) -> None:
        self.stdin = stdin
        self.folder: str | None = None
        self.made: dict[str, str] = {}
        self.names: dict[str, str] = {}

    def path_of(self, word: str) -> str:
        """The path to read for the input word ``word``: a temporary copy of standard
        input, the decompressed copy of a compressed file, or the file itself."""
        if word not in self.made:
            self.made[word] = self._copy_of(str(word))
        return self.made[word]

    def _copy_of(self, word: str) -> str:
        if word == STDIN:
            return self.copy(getattr(sys.stdin, "buffer", sys.stdin), "stdin", self.stdin)
        if not _is_pipe(word) and compression(word) is None:
            return word
        with open(word, "rb") as raw:
            return self.copy(raw, os.path.basename(word), word)

    def copy(self, raw: Any, name: str, user: str, encoding: str = "utf-8") -> str:
        """A copy of what ``raw`` (anything with ``read``) holds from where it is, read as
        :class:`_Checked` reads it, named ``name`` (without its compression's suffix when it
        is compressed)."""
        stream = _Checked(raw, user, encoding)
        path = self.new_path(_without_suffix(name) if stream.kind else name, user)
        with open(path, "wb") as target:
            while data := stream.read(_CHUNK):
                target.write(data)
        return path

    def new_path(self, name: str, user: str) -> str:
        """A new path named ``name``, in a folder of its own in the private folder, shown
        as ``user``."""
        import tempfile

        if self.folder is None:
            self.folder = tempfile.mkdtemp(prefix="treeeval-inputs-")
        path = os.path.join(tempfile.mkdtemp(dir=self.folder), name)
        self.names[path] = _SHOWN[path] = user
        return path

    def remove(self) -> None:
        """Remove every copy (and the private folder), and their names."""
        for path in self.names:
            _SHOWN.pop(path, None)
        if self.folder is not None:
            import shutil

            shutil.rmtree(self.folder, ignore_errors=True)


class Inputs(_Copies):
    """The inputs of one call of the file API (made by :func:`api_inputs`)."""

    def __init__(self) -> None:
        super().__init__("<stdin>")
        #: each in-memory input's sentences by the name its reader gives in errors
        self.sentences: dict[str, _Sentences] = {}

    def path(self, source: Source, side: str, encode: Encoder | None = None, *,
             encoding: str = "utf-8") -> str:
        """The path to read for ``source``, the input called ``side`` (its argument's name:
        ``gold``, ``systems[1]``), as a command reads its input word:

        * a path (``str`` or ``os.PathLike``) as the command line has it: a plain file is
          itself, a compressed one (by its magic bytes) a decompressed copy; ``-`` is
          standard input's bytes (``sys.stdin.buffer``), decompressed when compressed;
        * ``bytes``, ``bytearray`` or ``memoryview``: a file's content, maybe compressed
          (``<bytes>``);
        * an open file (anything whose ``read`` gives bytes, or text, encoded with
          ``encoding``), read from where it is, maybe compressed (named by its ``name``,
          else ``<stream>``);
        * any other iterable: the sentences themselves, each written by ``encode`` (a
          sentence's error names it: ``gold[3]``).

        >>> with api_inputs() as inputs:
        ...     path = inputs.path(["(S (NN a))", "(S (NN b))"], "test",
        ...                        lambda item, side, index: item.encode() + b"\\n")
        ...     print(open(path).read(), end="")
        (S (NN a))
        (S (NN b))
        >>> with api_inputs() as inputs:
        ...     inputs.path(7, "gold")
        Traceback (most recent call last):
        ...
        treeeval.errors.InputError: gold: expected a path, bytes, an open file or a \
sequence of sentences, got int
        """
        if isinstance(source, (str, os.PathLike)):
            return self.path_of(os.fspath(source))
        raw, user, name = _raw(source, side, encode)
        path = self.copy(raw, name, user, encoding)
        if isinstance(raw, _Sentences):
            self.sentences[path] = raw
        return path

    def stream(self, source: Source, side: str, encode: Encoder | None = None, *,
               encoding: str = "utf-8") -> tuple[BinaryIO, str]:
        """``source``, which is no path (see :meth:`path`), as a binary stream read as its
        reader reads it, without a copy (decompressed as it goes when it is compressed), and
        the name its reader gives it in errors.

        >>> import bz2
        >>> with api_inputs() as inputs:
        ...     stream, name = inputs.stream(bz2.compress(b"(S (NN a))\\n"), "gold")
        ...     print(stream.read(4), stream.read(), name)
        b'(S (' b'NN a))\\n' <bytes>
        """
        raw, user, _ = _raw(source, side, encode)
        if isinstance(raw, _Sentences):
            self.sentences[user] = raw
        return cast(BinaryIO, _Checked(raw, user, encoding)), user

    def rename(self, exc: TreeevalError) -> None:
        """Put the user's names instead of this call's temporary paths in ``exc`` (an outer
        call's, or the command's, are theirs to rename); an error located in an in-memory
        input names the sentence (its index, the line within it)."""
        sentences = self.sentences.get(exc.path or "") if isinstance(exc, InputError) else None
        if isinstance(exc, InputError) and sentences is not None:
            exc.path = sentences.side
            if exc.line is not None and exc.sentence is None and sentences.starts:
                exc.sentence, exc.line = sentence_line(sentences.starts, exc.line)
        _renamed(exc, self.names)

    def named(self, value: Any) -> Any:
        """``value`` (a result: dataclasses, lists, tuples and dicts of them) with every
        temporary path of this call replaced by its user's name, in place where it can
        be; ``value`` itself when nothing was copied (plain files pay nothing)."""
        if self.folder is None:
            return value
        return _named(value, self.folder, self.names, set())


def _raw(source: Source, side: str, encode: Encoder | None) -> tuple[Any, str, str]:
    """What to read for ``source``, which is no path: something with ``read``, the user's
    name for it, and the name of a copy of it."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return io.BytesIO(source), "<bytes>", "bytes"
    if hasattr(source, "read"):
        name = getattr(source, "name", None)
        user = name if isinstance(name, str) else "<stream>"
        return source, user, os.path.basename(user) or "stream"
    if encode is None or isinstance(source, (str, os.PathLike)) or not isinstance(source, Iterable):
        raise InputError("expected a path, bytes, an open file or a sequence of sentences, "
                         f"got {type(source).__name__}", path=side)
    return _Sentences(source, side, encode), side, "sentences"


class _Sentences:
    """The lines of a file of the sentences ``items`` (each written by ``encode``), made as
    they are read; ``starts`` holds the first line of each sentence made so far."""

    def __init__(self, items: Iterable[Any], side: str, encode: Encoder) -> None:
        self.items = enumerate(items)
        self.side, self.encode = side, encode
        self.starts: list[int] = []
        self.line = 1

    def read(self, size: int = -1) -> bytes:
        """The next sentences' lines: about ``size`` bytes (all of them when negative)."""
        parts, total = [], 0
        for index, item in self.items:
            data = self.encode(item, self.side, index)
            self.starts.append(self.line)
            self.line += data.count(b"\n")
            parts.append(data)
            total += len(data)
            if 0 <= size <= total:
                break
        return b"".join(parts)


class _Bytes(io.RawIOBase):
    """The bytes ``raw.read`` gives (text encoded with ``encoding``), its first bytes
    peeked at (:meth:`start`) and given back."""

    def __init__(self, raw: Any, encoding: str) -> None:
        self.raw, self.encoding = raw, encoding
        self.pending = b""

    def readable(self) -> bool:
        return True

    def _more(self, size: int) -> bytes:
        chunk = self.raw.read(size)
        return chunk.encode(self.encoding) if isinstance(chunk, str) else bytes(chunk or b"")

    def start(self, size: int) -> bytes:
        """The first ``size`` bytes (fewer: all there are), read again after."""
        while len(self.pending) < size and (more := self._more(size - len(self.pending))):
            self.pending += more
        return self.pending[:size]

    def readinto(self, buffer: Any) -> int:
        data = self.pending or self._more(len(buffer))
        size = min(len(buffer), len(data))
        buffer[:size] = data[:size]
        self.pending = data[size:]
        return size


class _Checked(io.RawIOBase):
    """What ``raw`` holds (anything with ``read``: binary, text encoded with ``encoding``,
    or :class:`_Sentences`), decompressed as it is read when it starts with a compression's
    magic bytes (``kind``); an error reading it is an InputError naming ``user``, at the
    line of the (decompressed) text it breaks in.

    >>> import gzip
    >>> _Checked(io.BytesIO(gzip.compress(b"a\\nb\\n")), "x.gz").read()
    b'a\\nb\\n'
    >>> _Checked(io.BytesIO(gzip.compress(b"a\\nb\\n")[:-9]), "x.gz").read()
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: x.gz:1: the gzip data is cut short (it ends before its end marker)
    """

    def __init__(self, raw: Any, user: str, encoding: str = "utf-8") -> None:
        self.user, self.kind, self.lines = user, None, 1
        source = _Bytes(raw, encoding)
        start = self._reading(source.start, _MAGIC_LENGTH)
        self.kind = next((name for magic, name, _ in COMPRESSIONS if start.startswith(magic)),
                         None)
        self.stream: Any = _decompressing(source, self.kind) if self.kind else source

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._reading(self.stream.read, len(buffer))
        buffer[:len(data)] = data
        self.lines += data.count(b"\n")
        return len(data)

    def _reading(self, read: Callable[[int], bytes], size: int) -> bytes:
        try:
            return read(size)
        except EOFError:
            raise InputError(f"the {self.kind} data is cut short (it ends before its end "
                             "marker)", path=self.user, line=self.lines) from None
        except Exception as exc:
            import lzma
            import zlib

            if isinstance(exc, OSError) and exc.errno is not None:
                raise InputError(f"cannot read: {exc.strerror}", path=self.user) from None
            if not isinstance(exc, (OSError, lzma.LZMAError, zlib.error)):
                raise
            raise InputError(f"corrupt {self.kind} data ({exc})", path=self.user,
                             line=self.lines) from None


#: values that hold no path, skipped at once in a result's long lists
_SCALARS = (int, float, bool, type(None))


def _named(value: Any, folder: str, names: dict[str, str], seen: set[int]) -> Any:
    """``value`` with each path of ``names`` (all in ``folder``) replaced by its name in
    every string (see Inputs.named).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Run:
    ...     files: tuple[str, ...]
    ...     scores: dict[str, list[str]]
    >>> _named(Run(("/t/x", "a"), {"/t/x": ["/t/x: 2 lines", 1]}), "/t/", {"/t/x": "gold"},
    ...        set())
    Run(files=('gold', 'a'), scores={'gold': ['gold: 2 lines', 1]})
    """
    if isinstance(value, str):
        return _replaced_paths(value, names) if folder in value else value
    if id(value) in seen:
        return value
    seen.add(id(value))
    if is_dataclass(value) and not isinstance(value, type):
        for item in fields(value):
            old = getattr(value, item.name)
            new = _named(old, folder, names, seen)
            if new is not old:
                object.__setattr__(value, item.name, new)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if not isinstance(item, _SCALARS):
                value[index] = _named(item, folder, names, seen)
    elif isinstance(value, dict):
        items = [(_named(key, folder, names, seen), _named(item, folder, names, seen))
                 for key, item in value.items()]
        value.clear()
        value.update(items)
    elif isinstance(value, tuple):
        items = [_named(item, folder, names, seen) for item in value]
        if any(new is not old for new, old in zip(items, value)):
            return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    return value


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


def _decompressing(raw: Any, kind: str) -> io.BufferedIOBase:
    """``raw`` read through the decompressor of ``kind`` (imported only now)."""
    if kind == "gzip":
        import gzip

        return gzip.GzipFile(fileobj=raw, mode="rb")
    if kind == "bzip2":
        import bz2

        return bz2.BZ2File(raw)
    import lzma

    return lzma.LZMAFile(raw)


def _renamed(exc: TreeevalError, names: dict[str, str] = _SHOWN) -> None:
    """Put the user's names instead of the temporary paths of ``names`` in ``exc``."""
    if isinstance(exc, InputError):
        exc.path = None if exc.path is None else names.get(exc.path, exc.path)
        exc.message = _replaced_paths(exc.message, names)
        exc.args = (exc.message,)
    else:
        exc.args = tuple(_replaced_paths(a, names) if isinstance(a, str) else a
                         for a in exc.args)
