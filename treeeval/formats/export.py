"""Reader of the Negra export format (versions 3 and 4), the format of the Negra and Tiger
treebanks and of ``discodop``'s output, into :class:`~treeeval.model.disc_trees.DiscSentence`.

A sentence runs from a ``#BOS KEY`` line to an ``#EOS KEY`` line; other lines outside
sentences (``#FORMAT 4``, ``%%`` comments, ``#BOT`` tables) are skipped.  Each line inside is
a word or a node, in columns separated by white space: word, lemma (absent in version 3),
tag, morphology, edge label, parent, and pairs of secondary edge label and parent.  A node's
"word" is ``#500`` to ``#999``; parent ``0`` is the root.  A ``%%`` starts a comment anywhere
on a line.  The tree's root is labelled ``ROOT``; each node's children are ordered by their
first word, as discodop orders them.  Tags are kept as written; edge labels ``--`` are None.

>>> import io
>>> text = '''#FORMAT 3
... #BOS 1
... Der\\tART\\tNom\\tNK\\t500
... kam\\tVVFIN\\t3.Sg\\tHD\\t501
... Mann\\tNN\\tNom\\tNK\\t500\\tSB\\t501
... #500\\tNP\\t--\\tSB\\t501
... #501\\tS\\t--\\t--\\t0
... #EOS 1
... '''
>>> [sentence] = read_export(io.StringIO(text))
>>> sentence.key, sentence.words, sentence.tags, sentence.morph
('1', ['Der', 'kam', 'Mann'], ['ART', 'VVFIN', 'NN'], ['Nom', '3.Sg', 'Nom'])
>>> s = sentence.tree.children[0]
>>> s.label, s.id, [(c.label, c.function) for c in s.children], sentence.secondary
('S', '501', [('NP', 'SB'), ('VVFIN', 'HD')], {'2': [('501', 'SB')]})
>>> sorted(s.children[0].leaves()), s.children[0].is_discontinuous()
([0, 2], True)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import InputError
from ..model.disc_trees import DiscNode, DiscSentence
from .text import Source, decode_error, open_lines

#: the word column of a node's line
NODE_ID = re.compile(r"#([5-9][0-9][0-9])")


def read_export(source: Source, encoding: str = "utf-8") -> Iterator[DiscSentence]:
    """The sentences of an export file, one at a time (memory stays flat).

    Raises InputError (file and line) for a malformed sentence, an unbalanced or mismatched
    ``#BOS``/``#EOS``, a key used twice, or a line that cannot be decoded.
    """
    stream, path, opened = open_lines(source, encoding)
    seen: set[str] = set()
    block: list[tuple[int, str]] = []
    key = ""
    started = False
    number = 0
    try:
        for number, raw in enumerate(stream, start=1):
            line = raw.rstrip()
            if line.startswith("#BOS "):
                if started:
                    raise InputError("#BOS while the sentence begun on line "
                                     f"{block[0][0]} is still open", path=path, line=number)
                started, key, block = True, line.split(None, 2)[1], [(number, line)]
            elif line.startswith("#EOS "):
                if not started:
                    raise InputError("#EOS without a #BOS", path=path, line=number)
                end_key = line.split(None, 2)[1]
                if end_key != key:
                    raise InputError(f"#EOS {end_key} closes #BOS {key}", path=path,
                                     line=number)
                if key in seen:
                    raise InputError(f"sentence key {key} used twice", path=path,
                                     line=block[0][0])
                seen.add(key)
                started = False
                yield export_sentence(block[1:], key, block[0][0], path)
            elif started:
                block.append((number, line))
    except UnicodeDecodeError as exc:
        raise decode_error(path, encoding, exc) from None
    finally:
        if opened:
            stream.close()
    if started:
        raise InputError(f"the file ends inside sentence {key} (no #EOS)", path=path,
                         line=number)


def export_fields(line: str, path: str, number: int) -> list[str]:
    """The columns of a word or node line, with an empty lemma (``--``) added for version 3
    (an odd number of columns), comments removed.

    >>> export_fields("Mann NN Nom NK 500 %% a comment", "x", 1)
    ['Mann', '--', 'NN', 'Nom', 'NK', '500']
    """
    comment = line.find("%%")
    fields = (line if comment < 0 else line[:comment]).split()
    if len(fields) < 5:
        raise InputError(f"expected at least 5 columns, found {len(fields)}", path=path,
                         line=number)
    if len(fields) % 2:
        fields.insert(1, "--")
    return fields


def export_sentence(lines: list[tuple[int, str]], key: str, start: int,
                    path: str) -> DiscSentence:
    """Build the sentence of the lines between ``#BOS`` (on line ``start``) and ``#EOS``."""
    words: list[str] = []
    tags: list[str] = []
    morph: list[str] = []
    secondary: dict[str, list[tuple[str, str]]] = {}
    children: dict[str, list[DiscNode | int]] = {"0": []}
    rows = []
    for number, line in lines:
        fields = export_fields(line, path, number)
        found = NODE_ID.fullmatch(fields[0])
        if found:
            node_id = found.group(1)
            node = DiscNode(fields[2], [], _function(fields[4]), node_id)
            children[node_id] = node.children
        else:
            node_id = str(len(words))
            node = DiscNode(fields[2], [len(words)], _function(fields[4]))
            words.append(fields[0])
            tags.append(fields[2])
            morph.append(fields[3])
        if len(fields) > 6:
            secondary[node_id] = list(zip(fields[7::2], fields[6::2]))
        rows.append((number, fields[5], node))
    for number, parent, node in rows:
        if parent not in children:
            raise InputError(f"parent {parent} is not a node of sentence {key}", path=path,
                             line=number)
        children[parent].append(node)
    root = DiscNode("ROOT", children["0"])
    _order(root, len(rows), key, path, start)
    return DiscSentence(words, tags, root, key, start, morph, secondary)


def _function(label: str) -> str | None:
    return None if label in ("--", "") else label


def _order(root: DiscNode, size: int, key: str, path: str, line: int) -> None:
    """Order each node's children by their first word (empty nodes first), checking that
    every line of the sentence hangs from the root (no cycle, nothing detached)."""
    first: dict[int, int] = {}
    count = 0
    stack: list[tuple[DiscNode, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            starts = [child if isinstance(child, int) else first[id(child)]
                      for child in node.children]
            if len(node.children) > 1:
                order = sorted(range(len(starts)), key=starts.__getitem__)
                node.children[:] = [node.children[i] for i in order]
            first[id(node)] = min(starts, default=-1)
            continue
        count += 1
        if count > size + 1:
            break
        stack.append((node, True))
        stack.extend((child, False) for child in node.children if isinstance(child, DiscNode))
    if count != size + 1:
        raise InputError(f"sentence {key}: its nodes do not form a tree hanging from the root "
                         "(a cycle of parents, or a node no word reaches)", path=path,
                         line=line)
