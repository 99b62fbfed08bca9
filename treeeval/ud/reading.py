"""Reading CoNLL-U as the CoNLL 2017/2018 scorers read it, into numpy columns.

The file is streamed in blocks of whole sentences (about :data:`BLOCK_BYTES` each), and
each block goes to the first of three readers that accepts it:

1. :func:`.scan.scan_block` works on the bytes with numpy only (the usual case);
2. :func:`_parse_fast` splits the decoded lines with one ``str.split`` and C-level maps
   (for blocks the scanner leaves: very long fields, non-ASCII digits ...);
3. :func:`_parse_exact` reads line by line in the reference scorers' order and raises their
   error at the same line; it is only reached by blocks the other two refuse.

All three give the same columns (a property test checks it).  What the scorers see of a
file (see docs/ud.md): a character stream (the FORMs of the tokens, spaces removed), token
spans in it, and for every syntactic word its span (an MWT's words share the MWT's span),
its FORM (for the LCS alignment inside MWTs), LEMMA, UPOS, XPOS, FEATS (universal features,
sorted; conll17: literal), HEAD and DEPREL (subtype cut).

>>> import os, tempfile
>>> rows = ["1-2 Im _ _ _ _ _ _ _ _", "1 I I PRON _ _ 2 nsubj _ _",
...         "2 m be AUX _ _ 0 root _ _", "3 ok ok ADJ _ _ 2 xcomp:pred _ _"]
>>> text = "# text = I'm ok\\n" + "".join(r.replace(" ", "\\t") + "\\n" for r in rows) + "\\n"
>>> with tempfile.NamedTemporaryFile("w", suffix=".conllu", delete=False) as f:
...     _ = f.write(text)
>>> tb = read_ud(f.name)
>>> tb.text, tb.token_start.tolist(), tb.word_start.tolist(), tb.word_mwt.tolist()
('Imok', [0, 2], [0, 0, 2], [True, True, False])
>>> tb.head.tolist(), [tb.vocabulary.strings[i] for i in tb.deprel]
([1, -1, 1], ['nsubj', 'root', 'xcomp'])
>>> os.unlink(f.name)
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from itertools import compress, repeat
from typing import Callable, Iterator, Mapping

import numpy as np

from ..columnar.blocks import Block, sentence_blocks
from ..model.vocabulary import Vocabulary
from ..errors import InputError
from .layout import (DEPREL, FEATS, FORM, HEAD, ID, LEMMA, UPOS, XPOS, Columns, ReadOptions,
                     multiword_layout, sentence_numbering, token_lines, trees_ok)
from .rules import (Normaliser, strip_ascii_spaces, strip_spaces, universal_features,
                    universal_relation)
from .scan import Interner, scan_block

#: bytes per block (a block is cut after the last blank line once it holds this many)
BLOCK_BYTES = 1 << 20
_BOM = b"\xef\xbb\xbf"


class UDFormatError(InputError):
    """Input the CoNLL UD scorers refuse, with their message and the line they report."""


@dataclass
class UDTreebank:
    """A CoNLL-U file as the UD scorers see it: one numpy array per column.

    Words are numbered from 0 (across the whole file, or the piece of it that
    :func:`read_ud_pieces` gives), characters across the whole file: ``text`` holds the
    characters from ``char_base`` on.  ``head`` is the index of the parent word (-1 for the
    root); column values are ids in ``vocabulary`` (shared with the other file of the pair),
    FORMs ids in ``forms``.
    """

    path: str
    vocabulary: Vocabulary
    forms: Vocabulary
    text: str
    token_start: np.ndarray
    token_end: np.ndarray
    word_start: np.ndarray
    word_end: np.ndarray
    word_mwt: np.ndarray
    form: np.ndarray
    lemma: np.ndarray
    upos: np.ndarray
    xpos: np.ndarray
    feats: np.ndarray
    deprel: np.ndarray
    head: np.ndarray
    sentence_offsets: np.ndarray
    sentence_start: np.ndarray
    sentence_end: np.ndarray
    sentence_line: np.ndarray
    char_base: int = 0

    @property
    def words(self) -> int:
        return len(self.head)

    @property
    def sentences(self) -> int:
        return len(self.sentence_start)

    def word_sentences(self) -> np.ndarray:
        """The sentence of every word."""
        return np.repeat(np.arange(self.sentences), np.diff(self.sentence_offsets))

    def sentences_at(self, chars: np.ndarray) -> np.ndarray:
        """The sentence each character position is in (the last one starting at or before
        it; the first sentence for a position before all of them)."""
        return np.maximum(np.searchsorted(self.sentence_start, chars, side="right") - 1, 0)


@dataclass
class _Block:
    """The tokens, words and sentences of one block, as strings (before interning)."""

    token_forms: list[str] = field(default_factory=list)
    sentence_tokens: list[int] = field(default_factory=list)
    sentence_words: list[int] = field(default_factory=list)
    sentence_line: list[int] = field(default_factory=list)
    word_token: list[int] | np.ndarray = field(default_factory=list)
    word_mwt: list[bool] | np.ndarray = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    lemma: list[str] = field(default_factory=list)
    upos: list[str] = field(default_factory=list)
    xpos: list[str] = field(default_factory=list)
    feats: list[str] = field(default_factory=list)
    deprel: list[str] = field(default_factory=list)
    heads: list[int] | np.ndarray = field(default_factory=list)


def read_ud(path: str, options: ReadOptions = ReadOptions(),
            vocabulary: Vocabulary | None = None, forms: Vocabulary | None = None) -> UDTreebank:
    """Read a CoNLL-U file into columns; bad input raises :class:`UDFormatError`."""
    vocabulary = Vocabulary() if vocabulary is None else vocabulary
    forms = Vocabulary() if forms is None else forms
    builder = _ColumnBuilder(path, options, vocabulary, forms)
    for data, first_line, at_eof in _blocks(path):
        builder.add(_read_block(builder, data, first_line, at_eof))
    return builder.finish()


def read_ud_pieces(path: str, options: ReadOptions, vocabulary: Vocabulary,
                   forms: Vocabulary) -> Iterator[UDTreebank]:
    """Read a CoNLL-U file as a stream of treebanks of whole sentences (a block each): words
    are numbered within each piece, characters across the file."""
    builder = _ColumnBuilder(path, options, vocabulary, forms)
    for data, first_line, at_eof in _blocks(path):
        builder.add(_read_block(builder, data, first_line, at_eof))
        yield builder.finish()
        builder.restart()


def _read_block(builder: _ColumnBuilder, data: bytes, first_line: int,
                at_eof: bool) -> Columns:
    """One block through the first reader that accepts it."""
    collecting = gc.isenabled()
    gc.disable()  # many short-lived strings and no cycles: the collector only costs
    try:
        columns = scan_block(data, first_line, builder.options, builder.interner)
        if columns is None:
            lines = _split_lines(data, builder.path, first_line)
            block = _parse_fast(lines, first_line, builder.options)
            if block is None:
                block = _parse_exact(lines, first_line, builder.options, builder.path, at_eof)
            columns = builder.intern(block)
    finally:
        if collecting:
            gc.enable()
    return columns


def _blocks(path: str) -> Iterator[Block]:
    """The file in blocks of whole sentences, newlines made ``\\n`` as Python's universal
    newlines make them (``\\r\\n`` and a lone ``\\r`` too), a leading UTF-8 BOM dropped."""
    try:
        stream = open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=path) from None
    with stream:
        yield from sentence_blocks(stream, BLOCK_BYTES, universal=True, bom=_BOM)


def _split_lines(data: bytes, path: str, first_line: int) -> list[str]:
    """The lines of a block as strings (the newline of each removed)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = first_line + data.count(b"\n", 0, exc.start)
        raise UDFormatError(f"cannot decode as UTF-8: {exc.reason}", path=path,
                            line=line) from None
    lines = text.split("\n")
    if not lines[-1]:
        lines.pop()
    return lines


def _form_stripper(options: ReadOptions) -> Callable[[str], str]:
    return strip_ascii_spaces if options.conll17 else strip_spaces


def _flags(function: Callable[..., object], values: list[str], *arguments: str) -> np.ndarray:
    """``function(value, *arguments)`` for every value, as a boolean array (a C-level map)."""
    return np.fromiter(map(function, values, *(repeat(a) for a in arguments)), bool,
                       len(values))


def _parse_fast(lines: list[str], first_line: int, options: ReadOptions) -> _Block | None:
    """The block read with one ``str.split`` and C-level maps, or None when it is not
    plainly well-formed (for blocks the byte scanner leaves, e.g. FORMs with spaces)."""
    count = len(lines)
    if not count or lines[-1]:
        return None
    blank = np.fromiter(map(len, lines), np.int64, count) == 0
    token_line = token_lines(blank, _flags(str.startswith, lines, "#"))
    if token_line is None:
        return None
    row_lines = np.flatnonzero(token_line)
    token_text = list(compress(lines, token_line.tolist()))
    tabs = np.fromiter(map(str.count, token_text, repeat("\t")), np.int64, len(token_text))
    if (tabs != 9).any():
        return None
    fields = "\t".join(token_text).split("\t")
    ids = fields[ID::10]
    row_sentence = np.cumsum(blank)[row_lines]
    empty_node = _flags(str.__contains__, ids, ".")
    is_range = _flags(str.__contains__, ids, "-") & ~empty_node
    is_word = ~empty_node & ~is_range
    word_selector = is_word.tolist()

    def word_column(column: int) -> list[str]:
        return list(compress(fields[column::10], word_selector))

    word_ids, heads = word_column(ID), word_column(HEAD)
    sentences = int(blank.sum())
    sentence_words, offsets, position = sentence_numbering(row_sentence, is_word, sentences)
    if not all(map(str.isdecimal, word_ids)) or not all(map(str.isdecimal, heads)):
        return None
    if not np.array_equal(np.fromiter(map(int, word_ids), np.int64, len(word_ids)), position):
        return None
    head = np.fromiter(map(int, heads), np.int64, len(heads))
    bounds = [ids[r].split("-") for r in np.flatnonzero(is_range).tolist()]
    if not all(len(b) == 2 and b[0].isdecimal() and b[1].isdecimal() for b in bounds):
        return None
    layout = multiword_layout(is_word, is_range, row_sentence, position,
                              np.array([int(b[0]) for b in bounds], np.int64),
                              np.array([int(b[1]) for b in bounds], np.int64))
    if layout is None:
        return None
    stripped = list(map(_form_stripper(options), fields[FORM::10]))
    token_forms = list(compress(stripped, layout.row_is_token.tolist()))
    if not all(token_forms):
        return None
    if not trees_ok(head, row_sentence[is_word], offsets, sentence_words, options):
        return None
    word_forms = list(compress(stripped, word_selector))
    raw_forms = fields[FORM::10]
    mwt_words = np.flatnonzero(layout.word_mwt)
    for word, row in zip(mwt_words.tolist(), np.flatnonzero(is_word)[mwt_words].tolist()):
        word_forms[word] = raw_forms[row]
    sentence_tokens = np.bincount(row_sentence[layout.row_is_token], minlength=sentences)
    first_rows = np.concatenate(([0], np.cumsum(np.bincount(row_sentence, minlength=sentences))))
    return _Block(
        token_forms=token_forms, sentence_tokens=sentence_tokens.tolist(),
        sentence_words=sentence_words.tolist(),
        sentence_line=(row_lines[first_rows[:-1]] + first_line).tolist(),
        word_token=layout.word_token, word_mwt=layout.word_mwt, forms=word_forms,
        lemma=word_column(LEMMA), upos=word_column(UPOS), xpos=word_column(XPOS),
        feats=word_column(FEATS), deprel=word_column(DEPREL), heads=head)


def _parse_exact(lines: list[str], first_line: int, options: ReadOptions, path: str,
                 at_eof: bool) -> _Block:
    """Read a block line by line in the reference scorers' order, raising their errors.

    Two departures from conll18, both where it crashes: an empty node inside a multiword
    token is skipped (conll18 takes it for one of the token's words), and a HEAD that is not
    a number inside a multiword token is reported (where conll18 raises a ValueError: at the
    sentence's tree check, so that any error it finds before stays first).
    """
    block = _Block()
    strip = _form_stripper(options)
    position = 0
    sentence: list[tuple[str, int]] | None = None  # (raw HEAD, line) of each word
    sentence_tokens = 0

    def fail(message: str, line: int | None) -> UDFormatError:
        return UDFormatError(message, path=path, line=line)

    def next_line() -> tuple[str | None, int]:
        nonlocal position
        position += 1
        text = lines[position - 1] if position <= len(lines) else None
        return text, first_line + position - 1

    while True:
        line, number = next_line()
        if line is None:
            break
        if sentence is None:
            if line.startswith("#"):
                continue
            sentence, sentence_tokens = [], 0
            block.sentence_line.append(number)
        if not line:
            heads = _resolve_tree(sentence, number, options, fail)
            block.heads.extend(heads)  # type: ignore[union-attr]
            block.sentence_words.append(len(sentence))
            block.sentence_tokens.append(sentence_tokens)
            sentence = None
            continue
        columns = line.split("\t")
        if len(columns) != 10:
            raise fail(f"The CoNLL-U line does not contain 10 tab-separated columns: '{line}'",
                       number)
        if "." in columns[ID]:
            continue
        form = strip(columns[FORM])
        if not form:
            raise fail("There is an empty FORM in the CoNLL-U file", number)
        block.token_forms.append(form)
        token = len(block.token_forms) - 1
        sentence_tokens += 1
        if "-" in columns[ID]:
            try:
                start, end = map(int, columns[ID].split("-"))
            except ValueError:
                raise fail(f"Cannot parse multi-word token ID '{columns[ID]}'", number) from None
            remaining = end - start + 1
            while remaining > 0:
                word_line, word_number = next_line()
                word_line = word_line or ""
                word_columns = word_line.split("\t")
                if len(word_columns) != 10:
                    raise fail("The CoNLL-U line does not contain 10 tab-separated columns: "
                               f"'{word_line}'", word_number)
                if "." in word_columns[ID]:
                    continue
                _add_word(block, word_columns, word_columns[FORM], token, True)
                sentence.append((word_columns[HEAD], word_number))
                remaining -= 1
        else:
            try:
                word_id = int(columns[ID])
            except ValueError:
                raise fail(f"Cannot parse word ID '{columns[ID]}'", number) from None
            if word_id != len(sentence) + 1:
                raise fail(f"Incorrect word ID '{columns[ID]}' for word '{form}', expected "
                           f"'{len(sentence) + 1}'", number)
            if _parse_head(columns[HEAD], number, fail) < 0:
                raise fail("HEAD cannot be negative", number)
            _add_word(block, columns, form, token, False)
            sentence.append((columns[HEAD], number))
    if sentence is not None:
        if at_eof:
            raise fail("The CoNLL-U file does not end with empty line", number - 1)
        raise AssertionError("a block ends inside a sentence")  # _blocks cuts after blanks
    return block


def _add_word(block: _Block, columns: list[str], form: str, token: int, mwt: bool) -> None:
    block.word_token.append(token)
    block.word_mwt.append(mwt)
    block.forms.append(form)
    block.lemma.append(columns[LEMMA])
    block.upos.append(columns[UPOS])
    block.xpos.append(columns[XPOS])
    block.feats.append(columns[FEATS])
    block.deprel.append(columns[DEPREL])


def _resolve_tree(words: list[tuple[str, int]], blank_line: int, options: ReadOptions,
                  fail: Callable[[str, int | None], UDFormatError]) -> list[int]:
    """Check a sentence as conll18 does at its blank line (without recursion) and return
    the HEADs.  conll18 follows each word's HEAD chain in word order and stops at the
    first HEAD outside the sentence or the first cycle; it parses each HEAD when the walk
    first reaches its word (a multiword token's words were not checked before), so a HEAD
    that is not a number is reported there, at its own line."""
    size = len(words)
    heads: list[int] = [-1] * size
    parsed = [False] * size
    done = [False] * size
    for first in range(size):
        chain: list[int] = []
        on_chain: set[int] = set()
        current = first
        while not done[current]:
            if current in on_chain:
                raise fail("There is a cycle in a sentence", blank_line)
            if not parsed[current]:
                heads[current] = _parse_head(*words[current], fail)
                parsed[current] = True
            head = heads[current]
            if head < 0 or head > size:
                raise fail(f"HEAD '{words[current][0]}' points outside of the sentence",
                           blank_line)
            if head == 0:
                break
            chain.append(current)
            on_chain.add(current)
            current = head - 1
        for word in chain:
            done[word] = True
        done[current] = done[current] or heads[current] == 0
    roots = heads.count(0)
    if roots != 1 and not (options.multiple_roots_okay and roots > 1):
        if options.conll17:
            raise fail("There are multiple roots in a sentence", blank_line)
        raise fail(f"There are {roots} roots in a sentence", blank_line)
    return heads


def _parse_head(raw: str, line: int, fail: Callable[[str, int | None], UDFormatError]) -> int:
    """A HEAD as Python's ``int`` reads it (as the scorers do: `` 3``, ``+3``, ``0_3``)."""
    try:
        return int(raw)
    except ValueError:
        raise fail(f"Cannot parse HEAD '{raw}'", line) from None


class _ColumnBuilder:
    """Interns blocks and collects their columns, joined into one treebank at the end."""

    def __init__(self, path: str, options: ReadOptions, vocabulary: Vocabulary,
                 forms: Vocabulary) -> None:
        self.path = path
        self.options = options
        self.vocabulary = vocabulary
        self.forms = forms
        feats = vocabulary if options.conll17 else Normaliser(vocabulary, universal_features)
        self.interner = Interner(vocabulary, forms, feats,
                                 Normaliser(vocabulary, universal_relation))
        self.parts: dict[str, list[np.ndarray]] = {}
        self.text: list[str] = []
        self.chars = self.words = self.char_base = 0

    def restart(self) -> None:
        """Start a new piece: words numbered from 0 again, characters going on."""
        self.parts, self.text = {}, []
        self.words, self.char_base = 0, self.chars

    def intern(self, block: _Block) -> Columns:
        """The columns of a block read as strings."""
        def ids(mapping: Mapping[str, int], values: list[str]) -> np.ndarray:
            return np.fromiter(map(mapping.__getitem__, values), np.int32, len(values))

        interner = self.interner
        return Columns(
            text="".join(block.token_forms),
            token_chars=np.fromiter(map(len, block.token_forms), np.int64,
                                    len(block.token_forms)),
            sentence_tokens=np.asarray(block.sentence_tokens, np.int64),
            sentence_words=np.asarray(block.sentence_words, np.int64),
            sentence_line=np.asarray(block.sentence_line, np.int64),
            word_token=np.asarray(block.word_token, np.int64),
            word_mwt=np.asarray(block.word_mwt, bool),
            form=ids(interner.forms, block.forms), lemma=ids(interner.vocabulary, block.lemma),
            upos=ids(interner.vocabulary, block.upos), xpos=ids(interner.vocabulary, block.xpos),
            feats=ids(interner.feats, block.feats),
            deprel=ids(interner.relations, block.deprel),
            heads=np.asarray(block.heads, np.int64))

    def _append(self, name: str, values: np.ndarray) -> None:
        self.parts.setdefault(name, []).append(values)

    def add(self, block: Columns) -> None:
        """Append a block, numbering its characters and words after those before it."""
        token_end = np.cumsum(block.token_chars) + self.chars
        token_start = token_end - block.token_chars
        sentence_words, sentence_tokens = block.sentence_words, block.sentence_tokens
        word_sentence = np.repeat(np.arange(len(sentence_words)), sentence_words)
        word_base = np.concatenate(([0], np.cumsum(sentence_words)))[word_sentence]
        head = np.where(block.heads == 0, -1, word_base + block.heads - 1 + self.words)
        token_last = np.cumsum(sentence_tokens) - 1
        self._append("token_start", token_start)
        self._append("token_end", token_end)
        self._append("word_start", token_start[block.word_token])
        self._append("word_end", token_end[block.word_token])
        self._append("head", head)
        self._append("sentence_words", sentence_words)
        self._append("sentence_start", token_start[token_last - sentence_tokens + 1])
        self._append("sentence_end", token_end[token_last])
        for name in ("word_mwt", "form", "lemma", "upos", "xpos", "feats", "deprel",
                     "sentence_line"):
            self._append(name, getattr(block, name))
        self.text.append(block.text)
        self.chars = int(token_end[-1]) if len(token_end) else self.chars
        self.words += len(head)

    def finish(self) -> UDTreebank:
        def joined(name: str, dtype: type) -> np.ndarray:
            parts = self.parts.get(name)
            return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)

        sizes = joined("sentence_words", np.int64)
        return UDTreebank(
            path=self.path, vocabulary=self.vocabulary, forms=self.forms,
            text="".join(self.text),
            token_start=joined("token_start", np.int64), token_end=joined("token_end", np.int64),
            word_start=joined("word_start", np.int64), word_end=joined("word_end", np.int64),
            word_mwt=joined("word_mwt", bool), form=joined("form", np.int32),
            lemma=joined("lemma", np.int32), upos=joined("upos", np.int32),
            xpos=joined("xpos", np.int32), feats=joined("feats", np.int32),
            deprel=joined("deprel", np.int32), head=joined("head", np.int64),
            sentence_offsets=np.concatenate(([0], np.cumsum(sizes))),
            sentence_start=joined("sentence_start", np.int64),
            sentence_end=joined("sentence_end", np.int64),
            sentence_line=joined("sentence_line", np.int64), char_base=self.char_base)
