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
from collections.abc import Generator
from typing import TYPE_CHECKING

import numpy as np

from ..arrays import Int32Array
from ..fallback import Fallback
from ..model.vocabulary import Vocabulary
from .readers.layout import ReadOptions
from .readers.reading import read_ud_pieces
from .readers.scan import Interner
from .treebank import UDTreebank

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

#: the vocabularies a piece's codes point into, and the columns of each
VOCABULARIES = {"vocabulary": ("lemma", "upos", "xpos", "feats", "deprel"), "forms": ("form",),
                "deps": ("deps",)}


def remote_pieces(path: str, options: ReadOptions,
                  interner: Interner) -> Generator[UDTreebank, None, None]:
    """The pieces of ``path`` as :func:`.readers.reading.read_ud_pieces` reads them into
    ``interner``'s vocabularies, read by a forked process (Fallback when it cannot)."""
    import multiprocessing  # only for a large pair: its import costs a small run 6 ms

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_read, args=(send, path, options), daemon=True)
    process.start()
    send.close()
    targets = {"vocabulary": interner.vocabulary, "forms": interner.forms, "deps": interner.deps}
    remaps = {name: np.zeros(0, np.int32) for name in targets}
    try:
        while True:
            try:
                message = receive.recv()
            except (EOFError, OSError):
                raise Fallback("the process reading the file stopped") from None
            if message is None:
                return
            if isinstance(message, str):
                raise Fallback(message)
            piece, gained = message
            for name, strings in gained.items():
                if strings:
                    remaps[name] = np.concatenate(
                        (remaps[name], targets[name].encode_distinct(strings)))
            yield _moved(piece, remaps, interner)
    finally:
        receive.close()
        if process.is_alive():
            process.terminate()
        process.join()


def _moved(piece: UDTreebank, remaps: dict[str, Int32Array], interner: Interner) -> UDTreebank:
    """``piece`` with its codes in the pair's vocabularies."""
    columns = {column: remaps[name][getattr(piece, column)]
               for name, names in VOCABULARIES.items() for column in names}
    return dataclasses.replace(piece, vocabulary=interner.vocabulary, forms=interner.forms,
                               **columns)


def _read(send: Connection, path: str, options: ReadOptions) -> None:
    """The second process: each piece with its vocabularies' new strings, then None; a
    line saying why when it cannot read the file (the main process then reads it)."""
    vocabulary, forms = Vocabulary(), Vocabulary()
    interner = Interner.of(vocabulary, forms, options)
    sources = {"vocabulary": vocabulary, "forms": forms, "deps": interner.deps}
    sent = dict.fromkeys(sources, 0)
    empty = Vocabulary()
    try:
        for piece in read_ud_pieces(path, options, vocabulary, forms, interner):
            gained = {}
            for name, source in sources.items():
                gained[name] = source.strings[sent[name]:]
                sent[name] = len(source.strings)
            send.send((dataclasses.replace(piece, vocabulary=empty, forms=empty), gained))
        send.send(None)
    except Exception as error:  # any failure: the main process reads the file and says why
        send.send(f"{path}: {type(error).__name__}: {error}")
    finally:
        send.close()
