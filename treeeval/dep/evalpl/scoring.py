"""The scoring of the CoNLL-X ``eval.pl`` (v1.9) and CoNLL 2007 ``eval07.pl`` (v1.4).

Both scripts read gold and system files in lock step, one line of each at a time: the files
must have the same number of lines and their blank lines at the same places, or the
evaluation stops (here: an :class:`InputError` at the first differing line).  Fields are
split on ASCII whitespace, and only FORM, CPOSTAG (gold), HEAD and DEPREL are used; HEAD
and DEPREL are compared as strings.  A token whose gold FORM consists only of Unicode
punctuation (general category P*) is *non-scoring*: eval.pl leaves it out by default
(``punct=True`` scores it, like ``-p``), eval07.pl scores it by default (its ``-p`` leaves
it out).  eval07.pl also accepts any number of missing or extra blank lines at the end of
one file, once the other has ended.  Neither reads CoNLL-U: a comment line, a multiword
token (``1-2``) or an empty node (``1.1``) is an error at its line (a CoNLL-U file without
them is read as the CoNLL-X it then is; its column 9, DEPS, is not used).

>>> import io
>>> gold = io.StringIO("1 Rain _ NN _ _ 2 SBJ\\n2 fell _ VBD _ _ 0 ROOT\\n3 . _ . _ _ 2 P\\n\\n")
>>> system = io.StringIO("1 Rain _ NN _ _ 2 OBJ\\n2 fell _ VBD _ _ 0 ROOT\\n3 . _ . _ _ 1 P\\n\\n")
>>> scores = read_evalpl(gold, system).scores()
>>> scores.tokens, scores.non_scoring, scores.labeled, scores.unlabeled, scores.label
(2, 1, 1, 2, 1)
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from typing import IO, TypeAlias

import numpy as np

from ...arrays import BoolArray, IntArray, ObjectArray
from ...errors import InputError
from ...formats.text import read_text
from ..punctuation import punctuation_forms

VARIANTS = ("eval", "eval07")
Source: TypeAlias = str | os.PathLike[str] | IO[str]

#: Perl's ``\s`` on undecoded input: the ASCII whitespace characters only
_FIELD_SEPARATOR = re.compile(r"[ \t\n\r\f\v]+")
_HEAD = re.compile(r"[0-9]+")
#: the white space where ``str.split()`` and :data:`_FIELD_SEPARATOR` may split otherwise
#: (all of Python's but space, tab and line feed): lines without it that do not start with a
#: space or a tab are split into the same fields by ``str.split()``
_OTHER_SPACE = re.compile("[\x0b\x0c\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f"
                          "\u205f\u3000]")
#: the start of a CoNLL-U line that is no word: a comment, a multiword range, an empty node
_CONLLU_LINE = re.compile(r"[ \t\f\v]*(?:(#)|[0-9]+(?:(-)|\.)[0-9]+[ \t\n\r\f\v])")
#: the same at the start of any line of a text without a carriage return
_CONLLU_LINES = re.compile("^" + _CONLLU_LINE.pattern, re.M)
#: HEADs with more significant digits than this are read as :data:`FAR`
SAFE_DIGITS = 18
#: what a HEAD of more than SAFE_DIGITS digits is in ``gold_heads`` and ``system_heads``:
#: compared with 0 and with token positions it is as far right as the HEAD itself
FAR = 1 << 62
#: Perl's largest integers (IV and UV); past UV_MAX a number is a double (NV)
IV_MAX, UV_MAX = (1 << 63) - 1, (1 << 64) - 1
#: a Perl array subscript from which eval.pl is taken to run out of memory (an array of
#: 2**28 elements takes 2 GB, the limit depends on the machine; past 2**61 Perl refuses)
OUT_OF_MEMORY = 1 << 28


@dataclass(frozen=True)
class EvalplScores:
    """The three overall counts of eval.pl over ``tokens`` scoring tokens."""

    tokens: int
    non_scoring: int
    labeled: int
    unlabeled: int
    label: int


@dataclass
class EvalplCorpus:
    """Every token line of a gold/system pair, as columns, with eval.pl's sentence numbering.

    Sentences are numbered as eval.pl numbers them: each blank line ends one (so two blank
    lines in a row make an empty sentence) and the end of the files ends the last.
    ``sentence`` is the 0-based sentence of each token, ``position`` its 1-based place in
    it, ``starts`` the first line of each sentence and ``sizes`` its number of tokens.
    """

    gold_path: str
    system_path: str
    forms: ObjectArray
    cpostags: ObjectArray
    gold_head_text: ObjectArray
    system_head_text: ObjectArray
    #: HEAD as int64, :data:`FAR` for a HEAD of more than SAFE_DIGITS digits
    gold_heads: IntArray
    system_heads: IntArray
    gold_labels: ObjectArray
    system_labels: ObjectArray
    sentence: IntArray
    position: IntArray
    starts: IntArray
    sizes: IntArray
    #: tokens whose gold FORM is all punctuation
    punctuation: BoolArray

    def scoring(self, punct: bool) -> BoolArray:
        """The scoring tokens: all with ``punct``, else those that are not punctuation."""
        return np.ones_like(self.punctuation) if punct else ~self.punctuation

    def scored(self, punct: bool, variant: str = "eval") -> BoolArray:
        """The scoring tokens of the ``-p`` flag ``punct`` of ``variant`` (eval.pl's -p scores
        punctuation, eval07.pl's leaves it out); none is an error (eval.pl divides by 0), and
        so is a HEAD eval.pl dies on (:meth:`frame_nodes`)."""
        scoring = self.scoring(punct if variant == "eval" else not punct)
        if not scoring.any():
            raise InputError("no scoring tokens (eval.pl would divide by zero)",
                             path=self.gold_path, line=1)
        for side in ("gold", "system"):
            self.frame_nodes(scoring, side)
        return scoring

    def frame_nodes(self, scoring: BoolArray, side: str) -> IntArray:
        """The node (0: the root, else a token's position) whose frame each scoring token's
        ``side`` HEAD ("gold" or "system") adds its label to, -1 for none.

        eval.pl appends to ``$frames[$head]``, a Perl array of the sentence's nodes: a HEAD
        past the sentence extends the array (that frame is never compared), and a HEAD of
        2**63 or more is a negative subscript (2**64 - HEAD, or -1 past 2**64 - 1) counted
        from the array's end, so it adds to the frame of a node of the sentence.  A subscript
        before the array's start makes Perl die, and so does (out of memory) one of
        :data:`OUT_OF_MEMORY` or more: an InputError here.
        """
        heads = self.gold_heads if side == "gold" else self.system_heads
        token = np.flatnonzero(scoring)
        sentence = self.sentence[token]
        nodes = np.where(heads[token] <= self.sizes[sentence], heads[token], -1)
        far = np.unique(sentence[heads[token] == FAR])
        for which in far.tolist():  # a rare sentence: Perl's subscripts one by one
            inside = np.flatnonzero(sentence == which)
            nodes[inside] = self._perl_subscripts(token[inside], side)
        return nodes

    def _perl_subscripts(self, tokens: IntArray, side: str) -> list[int]:
        """:meth:`frame_nodes` of the scoring ``tokens`` of one sentence, in order."""
        texts = self.gold_head_text if side == "gold" else self.system_head_text
        length = int(self.sizes[self.sentence[tokens[0]]]) + 1
        nodes = []
        for token in tokens.tolist():
            subscript = perl_subscript(int(texts[token]))
            if subscript + length < 0 or subscript >= OUT_OF_MEMORY:
                why = ("before the start of the sentence's frames (Modification of "
                       "non-creatable array value attempted)" if subscript < 0 else
                       "too large to extend the sentence's frames to (Out of memory)")
                raise InputError(f"HEAD {texts[token]} is the Perl array subscript "
                                 f"{subscript}, {why}: eval.pl dies on it",
                                 path=self.gold_path if side == "gold" else self.system_path,
                                 line=int(self.starts[self.sentence[token]])
                                 + int(self.position[token]) - 1)
            node = subscript + length if subscript < 0 else subscript
            length = max(length, node + 1)
            nodes.append(node if node < int(self.sizes[self.sentence[token]]) + 1 else -1)
        return nodes

    @property
    def head_errors(self) -> BoolArray:
        return self.gold_head_text != self.system_head_text

    @property
    def label_errors(self) -> BoolArray:
        return self.gold_labels != self.system_labels

    def scores(self, punct: bool = False) -> EvalplScores:
        """The labeled, unlabeled and label counts of eval.pl (``punct`` = ``-p``)."""
        mask = self.scoring(punct)
        head, label = self.head_errors[mask], self.label_errors[mask]
        tokens = int(mask.sum())
        return EvalplScores(tokens, len(mask) - tokens, tokens - int((head | label).sum()),
                            tokens - int(head.sum()), tokens - int(label.sum()))


def percent(errors: int, total: int) -> float:
    """eval.pl's score of ``total`` tokens with ``errors`` wrong, in percent: its complement
    ``100 - errors * 100.0 / total``, which is not always ``correct * 100.0 / total`` to the
    last bit (nor, printed with ``%.2f``, to the last digit).

    >>> percent(1, 3), 2 * 100.0 / 3
    (66.66666666666666, 66.66666666666667)
    >>> percent(863, 4143), f"{percent(863, 4143):.2f}"
    (79.16968380400675, '79.17')
    """
    return 100 - errors * 100.0 / total


def _lines(source: Source) -> tuple[str, list[str]]:
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return path, _split_lines(read_text(path, "the file"))
    name = getattr(source, "name", None)
    path = name if isinstance(name, str) else "<input>"
    return path, _split_lines(source.read())


def _split_lines(text: str) -> list[str]:
    """The lines of ``text`` with their newline, as Perl's ``<FILE>`` returns them."""
    return io.StringIO(text, newline="").readlines() if text else []


def _describe(line: str | None) -> str:
    return "past end of file" if line is None else repr(line.rstrip("\n"))


def read_evalpl(gold: Source, system: Source, *, variant: str = "eval") -> EvalplCorpus:
    """Read a gold and a system file in lock step, as eval.pl (or eval07.pl) does.

    A difference in the number of lines, or a blank line facing a token line, raises an
    :class:`InputError` at the system file and the (1-based) line where it occurs.

    >>> read_evalpl(io.StringIO("1 a _ X _ _ 0 R\\n\\n"), io.StringIO("1 a _ X _ _ 0 R\\n"))
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: <input>:2: line mismatch: gold has '', system has past end of file
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (variants: {', '.join(VARIANTS)})")
    gold_path, gold_lines = _lines(gold)
    system_path, system_lines = _lines(system)
    for path, lines in ((gold_path, gold_lines), (system_path, system_lines)):
        _refuse_conllu(lines, path)
    if variant == "eval07":
        _drop_trailing_blanks(gold_lines, system_lines)
    common = min(len(gold_lines), len(system_lines))
    gold_blank = np.array([not line.strip(" \t\n\r\f\v") for line in gold_lines], dtype=bool)
    system_blank = np.array([not line.strip(" \t\n\r\f\v") for line in system_lines], dtype=bool)
    differ = np.flatnonzero(gold_blank[:common] != system_blank[:common])
    if len(differ) or len(gold_lines) != len(system_lines):
        index = int(differ[0]) if len(differ) else common
        gold_line = gold_lines[index] if index < len(gold_lines) else None
        system_line = system_lines[index] if index < len(system_lines) else None
        raise InputError(f"line mismatch: gold has {_describe(gold_line)}, "
                         f"system has {_describe(system_line)}", path=system_path,
                         line=index + 1, source_line=system_line)
    token_lines = np.flatnonzero(~gold_blank)
    gold_fields = _fields(gold_lines, token_lines, gold_path)
    system_fields = _fields(system_lines, token_lines, system_path)
    blank_lines = np.flatnonzero(gold_blank)
    sentence = np.searchsorted(blank_lines, token_lines)
    starts = np.concatenate([[0], blank_lines + 1])
    forms = np.array([f[1] for f in gold_fields], dtype=object)
    punctuation = punctuation_forms(forms)
    gold_heads_text = np.array([f[6] for f in gold_fields], dtype=object)
    system_heads_text = np.array([f[6] for f in system_fields], dtype=object)
    return EvalplCorpus(
        gold_path=gold_path, system_path=system_path, forms=forms,
        cpostags=np.array([f[3] for f in gold_fields], dtype=object),
        gold_head_text=gold_heads_text, system_head_text=system_heads_text,
        gold_heads=_heads(gold_heads_text, token_lines, gold_path, gold_lines),
        system_heads=_heads(system_heads_text, token_lines, system_path, system_lines),
        gold_labels=np.array([f[7] for f in gold_fields], dtype=object),
        system_labels=np.array([f[7] for f in system_fields], dtype=object),
        sentence=sentence, position=token_lines - starts[sentence] + 1,
        starts=starts + 1, sizes=np.bincount(sentence, minlength=len(starts)),
        punctuation=punctuation)


def _refuse_conllu(lines: list[str], path: str) -> None:
    """An InputError at the first CoNLL-U line that is no word, which eval.pl cannot read.

    >>> _refuse_conllu(["1 a _ X _ _ 0 R\\n", "1-2 ab _ _ _ _ _ _\\n"], "x.conllu")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: x.conllu:2: a CoNLL-U multiword token: eval.pl reads CoNLL-X \
(treeeval dep without --report reads CoNLL-U)
    """
    text = "".join(lines)
    if "\r" not in text and not _CONLLU_LINES.search(text):  # each line's start at once
        return
    for number, line in enumerate(lines, 1):
        found = _CONLLU_LINE.match(line)
        if found:
            what = ("comment line" if found.group(1) else
                    "multiword token" if found.group(2) else "empty node")
            raise InputError(f"a CoNLL-U {what}: eval.pl reads CoNLL-X (treeeval dep without "
                             "--report reads CoNLL-U)", path=path, line=number,
                             source_line=line.rstrip("\r\n"))


def _drop_trailing_blanks(gold: list[str], system: list[str]) -> None:
    """eval07.pl's tolerance: the lines of the longer file past the end of the other are
    skipped while they are blank; they are dropped here when all of them are.

    >>> gold, system = ["1 a\\n", "\\n", " \\n"], ["1 a\\n"]
    >>> _drop_trailing_blanks(gold, system); gold
    ['1 a\\n']
    """
    longer = gold if len(gold) > len(system) else system
    common = min(len(gold), len(system))
    if not any(line.strip(" \t\n\r\f\v") for line in longer[common:]):
        del longer[common:]


def _fields(lines: list[str], token_lines: IntArray, path: str) -> list[list[str]]:
    """The first eight fields (at least) of the token lines, split at runs of white space as
    eval.pl splits them (a line ending in white space has an empty last field), checked to be
    8 or more.

    >>> lines = ["1 a  b\\tc d e f g\\n", "\\n", "2 a b c d e f \\n", "3 a b c d e f"]
    >>> [row[:8] for row in _fields(lines, np.array([0, 2]), "f")]
    [['1', 'a', 'b', 'c', 'd', 'e', 'f', 'g'], ['2', 'a', 'b', 'c', 'd', 'e', 'f', '']]
    >>> _fields(lines, np.array([0, 2, 3]), "f")
    Traceback (most recent call last):
    ...
    treeeval.errors.InputError: f:4: expected at least 8 whitespace-separated fields
    """
    selected = [lines[i] for i in token_lines.tolist()]
    text = "\n" + "".join(selected)
    if "\n " in text or "\n\t" in text or _OTHER_SPACE.search(text):
        rows = [_FIELD_SEPARATOR.split(line) for line in selected]
    else:  # str.split() finds the same fields, faster, but not the empty last one
        rows = [line.split() for line in selected]
        lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
        for index in np.flatnonzero(lengths < 8).tolist():  # the last field can be used
            if selected[index][-1] in " \t\n":
                rows[index].append("")
    short = [i for i, row in zip(token_lines.tolist(), rows) if len(row) < 8]
    if short:
        raise InputError("expected at least 8 whitespace-separated fields", path=path,
                         line=short[0] + 1, source_line=lines[short[0]])
    return rows


def _heads(text: ObjectArray, token_lines: IntArray, path: str, lines: list[str]) -> IntArray:
    """The HEADs as int64, :data:`FAR` for those of more than SAFE_DIGITS digits."""
    valid = np.array([_HEAD.fullmatch(h) is not None for h in text], dtype=bool)
    if not valid.all():
        index = int(token_lines[np.argmin(valid)])
        raise InputError("HEAD must be a non-negative integer", path=path, line=index + 1,
                         source_line=lines[index])
    far = np.char.str_len(np.char.lstrip(text.astype(str), "0")) > SAFE_DIGITS
    if not far.any():
        return text.astype(np.int64)
    heads = np.where(far, "0", text).astype(np.int64)
    heads[far] = FAR
    return heads


def perl_subscript(head: int) -> int:
    """The array subscript Perl makes of a HEAD: itself up to 2**63 - 1, then 2**64 less (a
    UV read as an IV), and -1 past 2**64 - 1 (a double cast to a UV, UV_MAX, read as an IV).

    >>> perl_subscript(7), perl_subscript(2**64 - 2), perl_subscript(10**20)
    (7, -2, -1)
    """
    if head <= IV_MAX:
        return head
    return head - (1 << 64) if head <= UV_MAX else -1


def perl_difference(left: str, right: str) -> str:
    """``left - right`` of two HEADs as Perl computes and prints it: exact while the result
    is an IV or a UV (-2**63 to 2**64 - 1, both HEADs at most 2**64 - 1), else a double
    printed with 15 significant digits.

    >>> perl_difference("99999999999999999999", "1"), perl_difference("1", "18446744073709551615")
    ('1e+20', '-1.84467440737096e+19')
    >>> perl_difference("18446744073709551615", "1"), perl_difference("007", "9")
    ('18446744073709551614', '-2')
    """
    a, b = int(left), int(right)
    difference = a - b
    if a <= UV_MAX and b <= UV_MAX and difference >= -(1 << 63):
        return str(difference)
    if a <= UV_MAX and b <= UV_MAX:
        return f"{float(difference):.15g}"
    return f"{float(a) - float(b):.15g}"
