"""The input side of ``treeeval dep``: formats, file sets, bracket conversion and tag checks.

**Formats** (``sniff_format``) are decided by the decision table every command shares,
``treeeval.policy.sniffing``: a ``.xml`` name is MaltXML, a ``.tab`` name MaltTab (as
MaltEval decides), a ``.mrg``, ``.tst`` or ``.gld`` name or a first word line starting with
``(`` bracketed trees, anything else CoNLL (CoNLL-X, or CoNLL-U).

**File sets** (``expand_files``, ``pair_files``; user guide 2.1): a directory stands for
its files (not its subdirectories) whose names end in ``.xml``, ``.tab`` or ``.conll``, in
that case, as in MaltEval (files of other names, ``.conllu`` or ``.mrg`` files, are named
one by one: ``-s parsed/*.conllu``), sorted by Java's string order.  Files named one by
one keep the command line's order: the guide (2.1.4) says MaltEval sorts them, but the
MaltEval 1.0 jar only sorts a directory's files.
One gold file and one parsed file is a single evaluation, one gold file and several parsed
files a multiple-files evaluation, and n gold with n parsed files a cross-validation, the
i-th gold file with the i-th parsed file; other counts abort, as in MaltEval.

**Bracketed trees** (``read_sentences``) are converted with ``treeeval.conversion``
exactly as ``treeeval convert --heads H --labels L`` converts them.

**Tag checks** (``validate_tags``, ``--postag FILE`` / ``--deprel FILE``, guide 2.2.2):
every POSTAG (CoNLL column 5, MaltTab column 2, MaltXML ``postag``, the POS tag of a
bracketed tree) must be a line of the POSTAG file and every DEPREL one of the DEPREL file.

>>> plan = pair_files(["g2.conll", "g1.conll"], ["p1.conll", "p2.conll"])
>>> plan.mode, plan.pairs
('cross-validation', [('g2.conll', 'p1.conll'), ('g1.conll', 'p2.conll')])
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..arrays import ObjectArray
from ..errors import InputError, UsageError
from ..formats.headrules import DEFAULT_HEADS
from ..formats.malttab import read_malttab
from ..formats.text import named_source, read_text
from ..model.dependencies import DependencySentence
from ..model.treebank import Treebank
from ..policy.sniffing import sniff

if TYPE_CHECKING:
    from ..formats.headrules import HeadTable
    from .settings import DepSettings

#: the files a directory stands for: MaltEval's three extensions, in this case
DIRECTORY_EXTENSIONS = (".xml", ".tab", ".conll")
#: the POSTAG and DEPREL fields of a CoNLL and of a MaltTab line (0-based, empty fields
#: collapsed as MaltEval's tokenizer collapses them)
FIELDS = {"conll": {"FORM": 1, "POSTAG": 4, "DEPREL": 7},
          "malttab": {"FORM": 0, "POSTAG": 1, "DEPREL": 3}}
_FIELD = re.compile(r"[^\t]+")
_LINE_END = re.compile(r"\r\n|\r|\n")


def sniff_format(path: str | os.PathLike) -> str:
    """The format ``treeeval dep`` reads a file in: "conll", "malttab", "maltxml" or
    "brackets" (``treeeval.policy.sniffing``).

    >>> sniff_format("gold.xml"), sniff_format("gold.tab"), sniff_format("wsj_23.MRG")
    ('maltxml', 'malttab', 'brackets')
    """
    return sniff(path, "dep")


def java_order(path: str) -> bytes:
    """The sort key of Java's ``String.compareTo`` (UTF-16 code units), MaltEval's order.

    >>> sorted(["p_set10.conll", "p_set2.conll", "P.conll", "\\U0001F600", "\\uFF01"],
    ...        key=java_order)
    ['P.conll', 'p_set10.conll', 'p_set2.conll', '😀', '！']
    """
    return path.encode("utf-16-be", "surrogatepass")


def expand_files(paths: Iterable[str]) -> list[str]:
    """The files of ``-g`` or ``-s`` in the order given, a directory's files (sorted)
    in its place (guide 2.1.4-2.1.5).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ("b.conll", "a.tab", "notes.txt", "c.conllu", "d.CONLL"):
    ...     _ = (folder / name).write_text("")
    >>> [os.path.basename(p) for p in expand_files([str(folder)])]
    ['a.tab', 'b.conll']
    """
    files: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found = [os.path.join(path, name) for name in os.listdir(path)
                     if name.endswith(DIRECTORY_EXTENSIONS)
                     and os.path.isfile(os.path.join(path, name))]
            if not found:
                raise UsageError(f"directory {path} holds no file ending in "
                                 f"{', '.join(DIRECTORY_EXTENSIONS)} (MaltEval's rule; name "
                                 "other files one by one)")
            files.extend(sorted(found, key=java_order))
        elif os.path.exists(path):
            files.append(path)
        else:
            raise InputError("no such file or directory", path=path)
    return files


@dataclass(frozen=True)
class EvaluationPlan:
    """Which parsed file is scored against which gold file, and how results combine.

    ``mode`` is "single" (one pair), "multiple" (several parsed files, one gold file) or
    "cross-validation" (the i-th gold file with the i-th parsed file; MaltEval also
    reports the mean).
    """

    mode: str
    gold: tuple[str, ...]
    parsed: tuple[str, ...]

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """(gold, parsed) file pairs, in order."""
        if self.mode == "cross-validation":
            return list(zip(self.gold, self.parsed))
        return [(self.gold[0], parsed) for parsed in self.parsed]


def pair_files(gold: Sequence[str], parsed: Sequence[str]) -> EvaluationPlan:
    """Pair the (expanded) gold and parsed files as MaltEval does (guide 2.1.1-2.1.3).

    >>> pair_files(["g.conll"], ["p2.conll", "p1.conll"]).pairs
    [('g.conll', 'p2.conll'), ('g.conll', 'p1.conll')]
    >>> pair_files(["g1.conll", "g2.conll"], ["p.conll"])
    Traceback (most recent call last):
    ...
    treeeval.errors.UsageError: 2 gold-standard files (-g) but 1 parsed file (-s): with more \
than one gold-standard file the numbers must be equal (cross-validation)
    """
    if not gold:
        raise UsageError("no gold-standard file (-g)")
    if not parsed:
        raise UsageError("no parsed file (-s)")
    gold, parsed = tuple(gold), tuple(parsed)
    if len(gold) == 1:
        return EvaluationPlan("single" if len(parsed) == 1 else "multiple", gold, parsed)
    if len(gold) != len(parsed):
        raise UsageError(
            f"{len(gold)} gold-standard files (-g) but {len(parsed)} parsed "
            f"file{'s' if len(parsed) > 1 else ''} (-s): with more than one gold-standard "
            "file the numbers must be equal (cross-validation)")
    return EvaluationPlan("cross-validation", gold, parsed)


def read_sentences(path: str, *, charset: str = "utf-8",
                   heads: str | os.PathLike | HeadTable = DEFAULT_HEADS,
                   labels: str = "none", format: str | None = None,
                   data: bytes | None = None) -> list[DependencySentence]:
    """The sentences of a MaltTab, MaltXML or bracketed file (``format``: sniffed if None;
    ``data``: the file's bytes, already read, when the file is not to be opened again).

    ``charset`` decodes MaltTab and bracketed files (MaltXML declares its own encoding).
    Bracketed trees are converted with the head table ``heads`` and the label scheme
    ``labels``.  CoNLL files are read by
    ``treeeval.dep.reading``, with MaltEval's checks.
    """
    format = format or sniff(path, "dep", data)
    source = named_source(path, data)
    if format == "malttab":
        return list(read_malttab(source, encoding=charset))
    if format == "maltxml":
        from ..formats.maltxml import read_maltxml  # expat: only for MaltXML input

        return list(read_maltxml(source))
    if format == "brackets":
        return _converted(path, charset, heads, labels, data)
    raise ValueError(f"read_sentences reads malttab, maltxml and brackets, not {format!r}")


def _converted(path: str, charset: str, heads: str | os.PathLike | HeadTable,
               labels: str, data: bytes | None = None) -> list[DependencySentence]:
    # imported here: nltk and lark cost a quarter of a second that CoNLL input never needs
    from ..conversion import ConversionError, ConversionWarning, Converter
    from ..formats.brackets import read_trees, tree_start_line

    converter = Converter(heads, labels)
    trees = read_trees(named_source(path, data), encoding=charset)
    try:
        sentences = list(converter.sentences(trees))
    except ConversionError as exc:
        raise InputError(str(exc), path=path,
                         line=tree_start_line(path, exc.sentence) or None) from None
    if converter.unknown:
        counts = ", ".join(f"{cat} {n}" for cat, n in sorted(converter.unknown.items()))
        warnings.warn(f"{path}: no head rule for: {counts}; used the table's default",
                      ConversionWarning, stacklevel=3)
    return sentences


def read_tag_set(path: str, charset: str = "utf-8") -> frozenset[str]:
    """The tags of a ``--postag`` or ``--deprel`` file: one a line, empty lines ignored.

    >>> import tempfile, pathlib
    >>> tags = pathlib.Path(tempfile.mkdtemp()) / "gold.deprel"
    >>> _ = tags.write_text("SBJ\\r\\nROOT\\n\\nOBJ\\n")
    >>> sorted(read_tag_set(str(tags)))
    ['OBJ', 'ROOT', 'SBJ']
    """
    text = read_text(path, "tag file", charset)
    return frozenset(line for line in _LINE_END.split(text) if line)


def validate_tags(data: Treebank | Sequence[DependencySentence], path: str,
                  postag_file: str | None = None, deprel_file: str | None = None, *,
                  charset: str = "utf-8") -> None:
    """Abort, as MaltEval does, at the first POSTAG or DEPREL of ``path`` not in its file.

    ``data`` is what was read from ``path``.  The InputError names the input file, the
    line and column of the tag (re-read from ``path``), and the tag file.

    >>> s = DependencySentence(["It", "rains"], ["PRP", "VBZ"], [2, 0], ["SBJ", "root"])
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "gold.deprel").write_text("SBJ\\nROOT\\n")
    >>> _ = (folder / "parsed.tab").write_text("It\\tPRP\\t2\\tSBJ\\nrains\\tVBZ\\t0\\troot\\n")
    >>> validate_tags([s], str(folder / "parsed.tab"), deprel_file=str(folder / "gold.deprel"))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: .../parsed.tab:2:13: DEPREL 'root' is not in .../gold.deprel
    """
    treebank = data if isinstance(data, Treebank) else Treebank.from_sentences(data)
    problems = []  # (token, column order, kind, tag, tag file)
    for order, (kind, values, tag_file) in enumerate((("POSTAG", treebank.postags, postag_file),
                                                      ("DEPREL", treebank.labels, deprel_file))):
        if tag_file is not None:
            valid = read_tag_set(tag_file, charset)
            if not valid and len(values):
                raise InputError(f"holds no tag, so no {kind} is valid (one tag a line)",
                                 path=tag_file, line=1)
            index = _first_invalid(values, valid)
            if index is not None:
                problems.append((index, order, kind, str(values[index]), tag_file))
    if not problems:
        return
    index, _, kind, tag, tag_file = min(problems)
    line, column, source_line = locate_token(path, treebank, index, kind, charset)
    raise InputError(f"{kind} {tag!r} is not in {tag_file}", path=path, line=line,
                     column=column, source_line=source_line)


def _first_invalid(values: ObjectArray, valid: frozenset[str]) -> int | None:
    """Index of the first value not in ``valid`` (each distinct value looked up once)."""
    distinct, inverse = np.unique(np.asarray(values, dtype=str), return_inverse=True)
    known = np.fromiter((value in valid for value in distinct.tolist()), bool, len(distinct))
    bad = np.flatnonzero(~known[inverse.reshape(-1)])
    return int(bad[0]) if len(bad) else None


def run_inputs(settings: DepSettings) -> list[str]:
    """Every file a ``treeeval dep`` run reads, which its outputs never write: the gold and
    parsed files (a directory's files), the evaluation file, the ``postag``, ``deprel``,
    head table and ``prm`` files and the plug-ins' source files.

    >>> from treeeval.dep.settings import DepSettings
    >>> run_inputs(DepSettings(("g.conll",), ("p.conll",), postag="tags"))[:3]
    ['g.conll', 'p.conll', 'tags']
    """
    from ..formats.headrules import bundled_tables, find_heads

    names = [name for path in (*settings.gold, *settings.parsed)
             for name in (expand_files([path]) if os.path.isdir(path) else [path])]
    names += [name for name in (settings.evaluation_file, settings.postag, settings.deprel)
              if name]
    if os.path.isfile(settings.heads) or settings.heads in bundled_tables():
        names.append(os.fspath(find_heads(settings.heads)))
    if settings.prm is not None:
        from ..formats.prm import find_prm

        names.append(os.fspath(find_prm(settings.prm)))
    return names + [spec.rpartition(":")[0] for spec in settings.plugins
                    if spec.rpartition(":")[0].endswith(".py")]


def locate_token(path: str, treebank: Treebank, index: int, kind: str,
                 charset: str = "utf-8") -> tuple[int | None, int | None, str | None]:
    """Line, column and text of token ``index``'s FORM, POSTAG or DEPREL in ``path``."""
    format = sniff_format(path)
    if format == "brackets":
        from ..formats.brackets import tree_start_line

        return tree_start_line(path, int(treebank.sentence[index]) + 1) or None, None, None
    if format == "maltxml":
        from ..formats.maltxml import line_at, locate_word

        line, column = locate_word(path, index)
        source_line = line_at(path, line)
        attribute = re.compile(rf"\b{kind.lower()}\s*=")
        match = attribute.search(source_line or "", column - 1)
        return line, match.start() + 1 if match else column, source_line
    field = FIELDS[format][kind]
    seen = -1
    with open(path, encoding=charset, errors="replace", newline="") as stream:
        for number, raw in enumerate(stream, 1):
            text = raw.rstrip("\r\n")
            if not text.strip() or (format == "conll" and _aside(text)):
                continue
            seen += 1
            if seen == index:
                fields = list(_FIELD.finditer(text))
                return number, fields[field].start() + 1 if len(fields) > field else None, text
    return None, None, None


def _aside(line: str) -> bool:
    """A CoNLL-U line that is no word: a comment, a multiword range or an empty node."""
    token_id = line.split("\t", 1)[0]
    return line.startswith("#") or "-" in token_id or "." in token_id
