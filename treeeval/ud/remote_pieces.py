"""A CoNLL-U file's pieces read in a second process, for the pair scored in pieces.

On a large pair (:func:`treeeval.policy.processes.second_process_pays`) most of the time
goes into reading the two files, which are read independently: each is read by a forked
process of its own, into vocabularies of its own, and sent piece by piece through a pipe,
each piece with the strings its vocabularies gained since the last one; the main process
moves the codes into the pair's vocabularies and aligns and scores the pieces as they
come (:func:`.stream.score_pieces`).  A pipe holds little, so a reading process stays a
piece or two ahead and memory stays flat.  The codes compare as those of one shared
vocabulary, so the scores are those of reading in one process.  A process that cannot
read its file (an input error, or anything else) says so and stops, and
:class:`~treeeval.fallback.Fallback` sends the pair to the exact path, which reads both
files in the main process and reports their errors as the scorers do.

>>> import os, tempfile
>>> from treeeval.model.vocabulary import Vocabulary
>>> row = "{}\\t{}\\t_\\tX\\t_\\t_\\t{}\\t{}\\t_\\t_\\n"
>>> text = (row.format(1, "a", 0, "root") + row.format(2, "b", 1, "obj") + "\\n") * 3
>>> vocabulary, forms = Vocabulary(), Vocabulary()
>>> _ = vocabulary["obj"]  # the pair's vocabulary already holds a string
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "f.conllu")
...     with open(path, "w") as f:
...         _ = f.write(text)
...     pieces = list(remote_pieces(path, ReadOptions(), Interner.of(vocabulary, forms,
...                                                                   ReadOptions())))
>>> piece = pieces[0]
>>> piece.text, [vocabulary.strings[code] for code in piece.deprel[:2]]
('ababab', ['root', 'obj'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterator

import numpy as np

from ..arrays import Int32Array
from ..fallback import Fallback
from ..model.vocabulary import Vocabulary
from ..policy.processes import Forked, ForkFailed
from .readers.layout import ReadOptions
from .readers.reading import read_ud_pieces
from .readers.scan import Interner
from .treebank import UDTreebank

#: the vocabularies a piece's codes point into, and the columns of each
VOCABULARIES = {"vocabulary": ("lemma", "upos", "xpos", "feats", "deprel"), "forms": ("form",),
                "deps": ("deps",)}


def remote_pieces(path: str, options: ReadOptions,
                  interner: Interner) -> Generator[UDTreebank, None, None]:
    """The pieces of ``path`` as :func:`.readers.reading.read_ud_pieces` reads them into
    ``interner``'s vocabularies, read by a forked process (Fallback when it cannot)."""
    forked = Forked(_read, path, options)
    targets = {"vocabulary": interner.vocabulary, "forms": interner.forms, "deps": interner.deps}
    remaps = {name: np.zeros(0, np.int32) for name in targets}
    try:
        for piece, gained in forked.messages():
            for name, strings in gained.items():
                if strings:
                    remaps[name] = np.concatenate(
                        (remaps[name], targets[name].encode_distinct(strings)))
            yield _moved(piece, remaps, interner)
    except ForkFailed as failure:
        raise Fallback(f"{path}: {failure}") from None
    finally:
        forked.close()


def _moved(piece: UDTreebank, remaps: dict[str, Int32Array], interner: Interner) -> UDTreebank:
    """``piece`` with its codes in the pair's vocabularies."""
    columns = {column: remaps[name][getattr(piece, column)]
               for name, names in VOCABULARIES.items() for column in names}
    return dataclasses.replace(piece, vocabulary=interner.vocabulary, forms=interner.forms,
                               **columns)


def _read(path: str, options: ReadOptions) -> Iterator[tuple[UDTreebank, dict[str, list[str]]]]:
    """The second process: each piece with the strings its vocabularies gained since the
    last one."""
    vocabulary, forms = Vocabulary(), Vocabulary()
    interner = Interner.of(vocabulary, forms, options)
    sources = {"vocabulary": vocabulary, "forms": forms, "deps": interner.deps}
    sent = dict.fromkeys(sources, 0)
    empty = Vocabulary()
    for piece in read_ud_pieces(path, options, vocabulary, forms, interner):
        gained = {}
        for name, source in sources.items():
            gained[name] = source.strings[sent[name]:]
            sent[name] = len(source.strings)
        yield dataclasses.replace(piece, vocabulary=empty, forms=empty), gained
