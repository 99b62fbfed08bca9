"""The treebank files ``treeeval disco`` reads, as ``discodop eval`` reads them: each format's
reader, GOLD and PARSES as glob patterns (:mod:`~treeeval.formats.file_patterns`), the keys
sentences are paired by, and ``--functions`` and ``--morphology`` applied as a sentence is
read (:mod:`~treeeval.disco.labels`).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.dbr"
>>> _ = path.write_text("(S (NP-SB 0=a) (VB 1=b))\\n")
>>> [(s.key, [n.label for n in s.tree.subtrees()]) for s in read_corpus(str(path), "discbracket")]
[('1', ['S', 'NP', 'VB'])]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..errors import InputError, UsageError
from ..formats.alpino_xml import alpino_files, read_alpino
from ..formats.discbracket import read_bracket, read_discbracket
from ..formats.export import read_export
from ..formats.file_patterns import corpus_files
from ..formats.tiger_xml import read_tiger
from ..model.disc_trees import DiscSentence
from .labels import apply_options

#: each format's reader, whether it has edge and morphology columns, and whether its labels
#: are escaped and its root kept as read (see :func:`~treeeval.disco.labels.apply_options`)
READERS: dict[str, tuple[Callable[[str, str], Iterator[DiscSentence]], bool, bool]] = {
    "export": (read_export, True, True),
    "bracket": (read_bracket, False, True),
    "discbracket": (read_discbracket, False, True),
    "tiger": (read_tiger, True, True),
    "alpino": (read_alpino, True, False),
}
#: the formats whose sentences discodop keys by number (1, 2, ...); the others' keys are
#: strings, so a number never finds its sentence among them, nor a string among numbers
NUMBERED = frozenset({"bracket", "discbracket"})


def read_corpus(path: str, fmt: str, encoding: str = "utf8", functions: str = "remove",
                morphology: str = "no") -> Iterator[DiscSentence]:
    """The sentences of ``path`` (a pattern) in ``fmt``, relabelled as ``functions`` and
    ``morphology`` say, one at a time."""
    read, export, escape = READERS[fmt]
    try:
        "".encode(encoding)
    except LookupError:
        raise UsageError(f"unknown encoding {encoding!r}") from None
    for sentence in _corpus(read, path, fmt, encoding):
        apply_options(sentence, export=export, functions=functions, morphology=morphology,
                      escape=escape)
        yield sentence


def _corpus(read: Callable[[str, str], Iterator[DiscSentence]], pattern: str, fmt: str,
            encoding: str) -> Iterator[DiscSentence]:
    """The sentences of the files a pattern names, as discodop reads them (Alpino's reader
    takes the pattern itself).  One file is read a sentence at a time; of several, the
    line formats number each file's sentences from 1 again, and a sentence takes the place
    of the earlier one of its number (discodop keeps them in one dictionary)."""
    if fmt == "alpino":
        yield from read(pattern, encoding)
        return
    files = corpus_files(pattern)
    if len(files) == 1:
        yield from read(files[0], encoding)
    elif fmt in NUMBERED:
        merged: dict[str, DiscSentence] = {}
        for name in files:
            merged.update((sentence.key, sentence) for sentence in read(name, encoding))
        yield from merged.values()
    else:  # a key used again is an error, within a file or across them
        seen: set[str] = set()
        for name in files:
            for sentence in read(name, encoding):
                if sentence.key in seen:
                    raise InputError(f"sentence id {sentence.key} is used twice", path=name,
                                     line=sentence.line or None)
                seen.add(sentence.key)
                yield sentence


def no_trees(which: str, pattern: str, fmt: str) -> InputError:
    """discodop's refusal of a file without trees, located at the end of its (last) file."""
    last = (alpino_files if fmt == "alpino" else corpus_files)(pattern)[-1]
    if last == "-":
        return InputError(f"no trees in the {which} input", path="<stdin>")
    with open(last, "rb") as data:
        lines = sum(1 for _ in data)
    return InputError(f"no trees in the {which} file (read to its end)", path=last,
                      line=max(lines, 1))


def key_kind(fmt: str) -> str:
    """How discodop keys the sentences of a format: ``number`` or ``name``."""
    return "number" if fmt in NUMBERED else "name"
