"""Readers of one-tree-per-line bracketings as ``discodop`` reads them: ``discbracket``
(leaves ``INDEX=WORD``, so a constituent may be discontinuous) and its ``bracket`` (PTB).

Each line of the file is one sentence, keyed by its line number (a blank line is an
error).  In ``discbracket`` a leaf is an index and a word, ``(S (NP 0=Der 2=Mann)
(VVFIN 1=kam))``; a TAB ends the tree (what follows is a comment); ``#LRB#`` and ``#RRB#``
in a word stand for brackets.  A node's label may carry a function, as discodop reads it:
after the first ``-`` (not at the start), unless only digits follow; digits and ``=`` at
its end are not part of it (``NP-SBJ=2`` has function ``SBJ``).  Labels are kept whole.

The ``bracket`` reading differs from EVALB's: a leaf is any word after a space, so that a
preterminal may hold several words (``(NP John Smith)``), an empty leaf ``(X )`` is a word
'' and a label must follow its bracket at once; the first line is key 1.

>>> sentence = parse_discbracket("(S (NP 0=Der 2=Mann) (VVFIN 1=kam))", key=1)
>>> sentence.words, sentence.tags, sentence.tree.children[0].is_discontinuous()
(['Der', 'kam', 'Mann'], ['NP', 'VVFIN', 'NP'], True)
>>> tree = parse_bracket("( (S (NP-SBJ=2 (NNP John)) (VP (VBZ runs))))", key=1).tree
>>> tree.label, [(n.label, n.function) for n in tree.subtrees()][1:3]
('', [('S', None), ('NP-SBJ=2', 'SBJ')])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ..errors import InputError
from ..model.disc_trees import DiscNode, DiscSentence
from .text import Source, decode_error, open_lines

#: white space between closing brackets, which discodop removes first
_SPACE_BEFORE_CLOSE = re.compile(r"\)\s+(?=\))")
#: a token of a bracketing: an opening bracket and its label, a closing bracket, a leaf
_TOKEN = re.compile(r"\(\s*([^\s()]+)?|\)|([^\s()]+)")
#: a leaf of discodop's bracket format: a space before ')' (an empty word), or a space and a
#: word (no space or bracket in it) followed by white space or ')'
_BRACKET_LEAF = re.compile(r" (?=\))| ([^ ()]+)\s*(?=[\s)])")


def label_function(label: str) -> str | None:
    """The function a label carries, as discodop reads it (None: none).

    >>> label_function("NP-SBJ"), label_function("NP-SBJ-1"), label_function("-NONE-")
    ('SBJ', 'SBJ-', None)
    >>> label_function("NP-1"), label_function("NP=2"), label_function("NP-")
    (None, None, '')
    """
    cut = label.find("-")
    if cut > 0 and not label[cut + 1:].isdigit():
        return label[cut + 1:].rstrip("=0123456789")
    return None


def read_discbracket(source: Source, encoding: str = "utf-8") -> Iterator[DiscSentence]:
    """The sentences of a discbracket file, one per line."""
    return _read_lines(source, encoding, parse_discbracket)


def read_bracket(source: Source, encoding: str = "utf-8") -> Iterator[DiscSentence]:
    """The sentences of a bracket file read as discodop reads it, one per line."""
    return _read_lines(source, encoding, parse_bracket)


def _read_lines(source: Source, encoding: str,
                parse: Callable[..., DiscSentence]) -> Iterator[DiscSentence]:
    stream, path, opened = open_lines(source, encoding)
    try:
        for number, line in enumerate(stream, start=1):
            yield parse(line, key=number, path=path)
    except UnicodeDecodeError as exc:
        raise decode_error(path, encoding, exc) from None
    finally:
        if opened:
            stream.close()


def parse_discbracket(line: str, key: int, path: str = "<input>") -> DiscSentence:
    """One line of discbracket: its tree (the text before any TAB) and words."""
    text = line.split("\t", 1)[0] if "\t" in line else line
    found: dict[int, str] = {}

    def leaf(token: str, column: int) -> int:
        index, equals, word = token.partition("=")
        if not equals or not index.isdigit():
            raise InputError(f"leaf {token!r} is not INDEX=WORD", path=path, line=key,
                             column=column)
        number = int(index)
        if number in found:
            raise InputError(f"index {number} is used twice", path=path, line=key,
                             column=column)
        found[number] = word.replace("#LRB#", "(").replace("#RRB#", ")")
        return number

    tree = _parse_tree(_SPACE_BEFORE_CLOSE.sub(")", text), leaf, path, key)
    if not found:
        raise InputError("the tree has no words", path=path, line=key)
    missing = [n for n in range(max(found) + 1) if n not in found]
    if missing:
        raise InputError(f"no word has index {missing[0]} (indices run from 0 to "
                         f"{max(found)})", path=path, line=key)
    words = [found[n] for n in range(len(found))]
    return _sentence(tree, words, key)


def parse_bracket(line: str, key: int, path: str = "<input>") -> DiscSentence:
    """One line of PTB-style brackets, read as discodop's bracket reader reads it."""
    text = _SPACE_BEFORE_CLOSE.sub(")", line)
    words = [word for word in _BRACKET_LEAF.findall(text)]
    counter = iter(range(len(words)))
    numbered = _BRACKET_LEAF.sub(lambda _: f" {next(counter)}", text)

    def leaf(token: str, column: int) -> int:
        if not token.isdigit():
            raise InputError(f"word {token!r} does not follow a space", path=path, line=key)
        return int(token)

    return _sentence(_parse_tree(numbered, leaf, path, key), words, key)


def _sentence(tree: DiscNode, words: list[str], key: int) -> DiscSentence:
    tags = [""] * len(words)
    for node in tree.subtrees():
        for child in node.children:
            if isinstance(child, int):
                tags[child] = node.label
    return DiscSentence(words, tags, tree, str(key), key)


def _parse_tree(text: str, leaf: Callable[[str, int], int], path: str,
                number: int) -> DiscNode:
    """The one tree of ``text``, leaves made by ``leaf(token, column)``."""
    stack: list[DiscNode] = []
    tree: DiscNode | None = None
    for token in _TOKEN.finditer(text):
        column = token.start() + 1
        if token.group() == ")" and not stack:
            raise InputError("extra ')'", path=path, line=number, column=column)
        if tree is not None:
            raise InputError("text after the tree", path=path, line=number, column=column)
        word = token.group(2)
        if word is not None:
            if not stack:
                raise InputError("a word outside brackets", path=path, line=number,
                                 column=column)
            stack[-1].children.append(leaf(word, column))
        elif token.group() == ")":
            node = stack.pop()
            if stack:
                stack[-1].children.append(node)
            else:
                tree = node
        else:
            label = token.group(1) or ""
            stack.append(DiscNode(label, [], label_function(label)))
    if stack:
        raise InputError("unclosed bracket", path=path, line=number)
    if tree is None:
        raise InputError("no tree on the line", path=path, line=number)
    return tree
