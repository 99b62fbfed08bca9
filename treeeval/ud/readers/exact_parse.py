"""The third CoNLL-U reader: line by line in the reference scorers' order, with their errors.

>>> from treeeval.ud.readers.layout import ReadOptions
>>> parse_exact(["1\\ta\\ta\\tX\\t_\\t_\\t0\\troot\\t_\\t_"], 1, ReadOptions(), "x", True)
Traceback (most recent call last):
...
treeeval.ud.format_error.UDFormatError: x:1: The CoNLL-U file does not end with empty line
"""

from __future__ import annotations

from collections.abc import Callable

from ..format_error import UDFormatError
from .layout import DEPREL, DEPS, FEATS, FORM, HEAD, ID, LEMMA, UPOS, XPOS, ReadOptions
from .string_block import StringBlock, form_stripper

#: the error of an empty node where the rules refuse them (udeval's words)
EMPTY_NODE = "The collapsed CoNLL-U line still contains empty nodes"


def parse_exact(lines: list[str], first_line: int, options: ReadOptions, path: str,
                 at_eof: bool) -> StringBlock:
    """Read a block line by line in the reference scorers' order, raising their errors.

    Two departures from conll18, both where it crashes: an empty node inside a multiword
    token is skipped (conll18 takes it for one of the token's words), and a HEAD that is not
    a number inside a multiword token is reported (where conll18 raises a ValueError: at the
    sentence's tree check, so that any error it finds before stays first).
    """
    word_token: list[int] = []
    word_mwt: list[bool] = []
    word_heads: list[int] = []
    block = StringBlock(word_token=word_token, word_mwt=word_mwt, heads=word_heads)
    strip = form_stripper(options)
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
            word_heads.extend(_resolve_tree(sentence, number, options, fail))
            block.sentence_words.append(len(sentence))
            block.sentence_tokens.append(sentence_tokens)
            sentence = None
            continue
        columns = line.split("\t")
        if len(columns) != 10:
            raise fail(f"The CoNLL-U line does not contain 10 tab-separated columns: '{line}'",
                       number)
        if "." in columns[ID]:
            if options.no_empty_nodes:
                raise fail(EMPTY_NODE, number)
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
                    if options.no_empty_nodes:
                        raise fail(EMPTY_NODE, word_number)
                    continue
                word_token.append(token)
                word_mwt.append(True)
                _add_word(block, word_columns, word_columns[FORM], word_number, options)
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
            word_token.append(token)
            word_mwt.append(False)
            _add_word(block, columns, form, number, options)
            sentence.append((columns[HEAD], number))
    if sentence is not None:
        if at_eof:
            raise fail("The CoNLL-U file does not end with empty line", number - 1)
        raise AssertionError("a block ends inside a sentence")  # _blocks cuts after blanks
    return block


def _add_word(block: StringBlock, columns: list[str], form: str, line: int,
              options: ReadOptions) -> None:
    if options.deps:
        block.deps.append(columns[DEPS])
        assert isinstance(block.word_line, list)
        block.word_line.append(line)
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
