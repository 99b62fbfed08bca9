"""Reading CoNLL files into a Treebank as MaltEval does, and MaltEval's checks on them;
:func:`load_treebank` reads any input ``treeeval dep`` takes.

The fast columnar reader (formats/conll_columns.py) reads the file; where it cannot vouch
for a line, it falls back (:mod:`treeeval.fallback`) and the exact reader (formats/conll.py)
reads the whole file again and reports the exact error.  Both skip CoNLL-U comment lines,
multiword-token ranges (``1-2``) and empty nodes (``1.1``), where MaltEval aborts.
MaltEval aborts on a HEAD ``_`` (``Head value _ not valid``), on a PHEAD that is not ``_``
or a whole number, and unless the gold and the parsed file hold the same text (sentences,
lengths and FORMs).

A CoNLL-U file (:func:`treeeval.policy.sniffing.sniff_kind`: its name ends in ``.conllu``,
or its first word line follows a ``#`` comment or is a multiword range or an empty node) is
read as CoNLL-U: its words are the lines with a whole-number ID, and its columns 9 and 10
are DEPS and MISC, so it has no PHEAD and no PDEPREL (both ``_``, as in the same words
written as CoNLL-X, which is what MaltEval scores); a word's HEAD must be a number, and a
multiword range or an empty node must be well formed.
"""

from __future__ import annotations

import codecs
import os

import numpy as np

from ..arrays import Int32Array
from ..errors import InputError, UsageError
from ..fallback import Fallback
from ..formats.conll import read_conll
from ..formats.conll_columns import ConllColumns, read_columns_fast
from ..formats.headrules import DEFAULT_HEADS
from ..formats.text import named_source
from ..model.dependencies import DependencySentence
from ..model.treebank import Treebank
from ..model.vocabulary import Vocabularies
from ..policy.sniffing import sniff, sniff_kind
from .sources import locate_token, read_sentences

#: the string columns every evaluation uses: read with the file (the others on first use)
EAGER = ("form", "deprel")


def read_treebank(path: str, *, charset: str = "utf-8",
                  vocabulary: Vocabularies | None = None, data: bytes | None = None,
                  conllu: bool = False) -> Treebank:
    """Read a CoNLL file as MaltEval does (``charset``: MaltEval's ``--charset``); with
    ``conllu``, as CoNLL-U (the module's docstring).

    Files read with one ``vocabulary`` share their string codes, which makes comparing
    them cheaper.  FORM and DEPREL are read at once; the other string columns when they
    are first used (the file, or ``data``, its bytes already read, is scanned again for
    them).
    """
    try:
        codecs.lookup(charset)
    except LookupError:
        raise UsageError(f"unknown charset {charset!r}") from None
    try:
        return _read_treebank_fast(path, charset, vocabulary, data, conllu)
    except Fallback:
        pass
    return read_treebank_exact(path, charset=charset, vocabulary=vocabulary, data=data,
                               conllu=conllu)


def _read_treebank_fast(path: str, charset: str, vocabulary: Vocabularies | None,
                        data: bytes | None, conllu: bool) -> Treebank:
    """:func:`read_treebank` through the fast reader (Fallback when it cannot vouch for the
    file): FORM and DEPREL at once, the other string columns on first use."""
    return columns_treebank(path, charset, data, conllu, read_eager_columns(
        path, charset, vocabulary, data, conllu))


def read_eager_columns(path: str, charset: str, vocabulary: Vocabularies | None,
                       data: bytes | None, conllu: bool) -> ConllColumns:
    """The fast reader's columns of the file as :func:`read_treebank` reads it at once
    (FORM and DEPREL); Fallback when it cannot vouch for the file."""
    return read_columns_fast(path, charset, vocabulary, columns=EAGER, data=data,
                             conllu=conllu, known_heads=True)


def columns_treebank(path: str, charset: str, data: bytes | None, conllu: bool,
                     columns: ConllColumns) -> Treebank:
    """The Treebank of :func:`read_eager_columns`' ``columns``: the other string columns
    are read from the file (``data``) on first use."""
    shared = columns.vocabulary

    def load(column: str) -> Int32Array:
        try:
            return read_columns_fast(path, charset, shared, columns=(column,), data=data,
                                     conllu=conllu, known_heads=True).codes[column]
        except Fallback:  # the file changed since: read it all again, exactly
            pass
        return read_treebank_exact(path, charset=charset, vocabulary=shared, data=data,
                                   conllu=conllu).codes[column]

    return Treebank.from_columns(columns, load)


def read_treebank_exact(path: str, *, charset: str = "utf-8",
                        vocabulary: Vocabularies | None = None,
                        data: bytes | None = None, conllu: bool = False) -> Treebank:
    """:func:`read_treebank` through the line-by-line reader, with its exact errors.

    >>> import os, tempfile
    >>> rows = ["1-2 Its _ _ _ _ _ _ _ _", "1 It it PRON PRP _ 2 nsubj _ _",
    ...         "2 s be AUX VBZ _ 0 root _ _"]
    >>> text = "# text = It's\\n" + "".join(r.replace(" ", "\\t") + "\\n" for r in rows)
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = os.path.join(tmp, "x.conllu")
    ...     with open(path, "w", encoding="utf-8") as f:
    ...         _ = f.write(text)
    ...     exact, fast = read_treebank_exact(path), read_treebank(path)
    >>> exact.forms.tolist(), fast.forms.tolist(), fast.heads.tolist()
    (['It', 's'], ['It', 's'], [2, 0])
    """
    sentences = list(read_conll(named_source(path, data), encoding=charset, conllu=conllu,
                                known_heads=True))
    if not conllu:  # a CoNLL-U file has no PHEAD: its column 9 is DEPS
        _check_pheads(sentences, path)
    return Treebank.from_sentences(sentences, vocabulary)


def _check_pheads(sentences: list[DependencySentence], path: str) -> None:
    """MaltEval aborts unless every PHEAD (column 9) is ``_`` or a whole number."""
    pheads = np.array([v for s in sentences for v in s.extra.get("col9", [])], dtype=str)
    bad = np.flatnonzero((pheads != "_") & ~np.char.isdigit(pheads))
    if len(bad):
        sizes = np.array([len(s) for s in sentences])
        index = int(np.searchsorted(np.cumsum(sizes), bad[0], side="right"))
        line = sentences[index].line + int(bad[0] - (np.cumsum(sizes)[index] - sizes[index]))
        raise InputError(f"PHEAD must be _ or a whole number, found {str(pheads[bad[0]])!r}",
                         path=path, line=line)


def check_same_text(gold: Treebank, parsed: Treebank, gold_path: str, parsed_path: str) -> None:
    """Abort as MaltEval does unless both files hold the same sentences and FORMs.

    The error points at the parsed file's first token that differs: the first word of the
    first sentence of another length, or the first other FORM (or, with fewer or more
    sentences, the first sentence past the shorter file's end).  When one of the files is
    CoNLL-U, it adds that ``treeeval ud`` scores other tokenisations.
    """
    problem, index = None, None
    sentences = min(len(gold.sizes), len(parsed.sizes))
    lengths = np.flatnonzero(gold.sizes[:sentences] != parsed.sizes[:sentences])
    if len(lengths):
        first = lengths[0]
        problem = (f"different sentence lengths (sentence {first + 1}: {gold.sizes[first]} "
                   f"words in the treebank, {parsed.sizes[first]} here)")
        index = int(parsed.sizes[:first].sum())
    elif len(gold.sizes) != len(parsed.sizes):
        problem = (f"different number of sentences ({len(gold.sizes)} in the treebank, "
                   f"{len(parsed.sizes)} here)")
        index = int(parsed.sizes[:sentences].sum()) if len(parsed.sizes) > sentences else None
    else:
        differ = np.flatnonzero(~gold.equal("form", parsed))
        if len(differ):
            index = int(differ[0])
            problem = (f"different word forms ({str(gold.forms[index])!r} in the treebank, "
                       f"{str(parsed.forms[index])!r} here)")
    if problem:
        if "conllu" in (_kind(gold_path), _kind(parsed_path)):
            problem += "; treeeval ud aligns the words of different tokenisations"
        line, column, source_line = end_line(parsed_path), None, None
        if index is not None and index < len(parsed):
            line, column, source_line = locate_token(parsed_path, parsed, index, "FORM")
        raise InputError(f"the data file '{parsed_path}' and treebank '{gold_path}' do not "
                         f"contain the same text; {problem}", path=parsed_path, line=line,
                         column=column, source_line=source_line)


def _kind(path: str) -> str | None:
    """The file's kind (:func:`~treeeval.policy.sniffing.sniff_kind`), None for a name that
    is no readable file (MaltEval's names of pooled folds)."""
    try:
        return sniff_kind(path) if os.path.isfile(path) else None
    except InputError:
        return None


def end_line(path: str) -> int | None:
    """The line where a file ends: past its last line break (the last line itself when
    it has none); 1 for an empty file, None for one that cannot be read.

    >>> import tempfile, pathlib
    >>> file = pathlib.Path(tempfile.mkdtemp()) / "p.conll"
    >>> _ = file.write_bytes(b"1\\ta\\n\\n")
    >>> end_line(str(file))
    3
    """
    count = 0
    try:
        with open(path, "rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                count += block.count(b"\n")
    except OSError:
        return None
    return count + 1


def load_treebank(path: str | os.PathLike[str], *, charset: str = "utf-8",
                  heads: str | os.PathLike[str] = DEFAULT_HEADS,
                  vocabulary: Vocabularies | None = None, data: bytes | None = None) -> Treebank:
    """Any input ``treeeval dep`` reads, as a Treebank: CoNLL-X/U with MaltEval's checks,
    MaltTab, MaltXML, or bracketed trees converted with the head table ``heads``.

    Files read with one ``vocabulary`` share their string codes, so comparing them is
    comparing integers.  ``data``: the file's bytes, already read (the file is then not
    opened).
    """
    path = os.fspath(path)
    found = sniff_kind(path, data)
    kind = sniff(path, "dep", data, found)
    if kind == "conll":
        return read_treebank(path, charset=charset, vocabulary=vocabulary, data=data,
                             conllu=found == "conllu")
    return Treebank.from_sentences(read_sentences(path, charset=charset, heads=heads,
                                                  format=kind, data=data), vocabulary=vocabulary)
