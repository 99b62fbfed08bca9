"""A parsed file read in a second process while the gold file is read (large CoNLL pairs).

On a large pair (:func:`treeeval.policy.processes.second_process_pays`) reading the two
files is most of a run, and they are read independently: a forked process reads the
parsed file's columns with the fast reader into a vocabulary of its own and sends them
back, and the main process, once it has read the gold file, moves their codes into the
shared vocabulary (:meth:`~treeeval.formats.conll_columns.ConllColumns.adopted`).  The
codes, and so every output, are those of reading the two files in turn.  Where the fast
reader cannot vouch for the file, or the second process fails, it sends nothing and the
main process reads the file itself, with the exact reader's errors in their usual order
(the gold file's first).

>>> import os, tempfile
>>> row = "{}\\t{}\\t_\\tX\\tX\\t_\\t{}\\t{}\\t_\\t_\\n"
>>> text = row.format(1, "Rain", 2, "nsubj") + row.format(2, "fell", 0, "root") + "\\n"
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "parsed.conll")
...     with open(path, "w") as f:
...         _ = f.write(text)
...     ahead = ReadAhead(path, "utf-8", conllu=False)
...     columns = ahead.columns()
>>> columns.heads.tolist(), columns.vocabulary.strings("deprel").tolist()
([2, 0], ['nsubj', 'root'])
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ..errors import TreeevalError
from ..formats.conll_columns import ConllColumns, fast_charset
from ..model.treebank import Treebank
from ..model.vocabulary import Vocabularies
from ..policy.processes import Forked, ForkFailed, can_fork, second_process_pays
from ..policy.sniffing import sniff, sniff_kind
from .reading import columns_treebank, read_eager_columns


class ReadAhead:
    """The fast reader's columns of one CoNLL file, read by a forked process."""

    def __init__(self, path: str, charset: str, conllu: bool) -> None:
        self.path, self.charset, self.conllu = path, charset, conllu
        self._forked = Forked(_read, path, charset, conllu)

    def columns(self) -> ConllColumns | None:
        """The columns, in a vocabulary of their own; None when the fast reader cannot vouch
        for the file or the process failed (the caller reads the file itself then)."""
        try:
            return next(self._forked.messages(), None)
        except ForkFailed:
            return None
        finally:
            self.close()

    def treebank(self, vocabulary: Vocabularies) -> Treebank | None:
        """The file as :func:`~.reading.read_treebank` reads it into ``vocabulary``, or None
        as :meth:`columns`."""
        columns = self.columns()
        if columns is None:
            return None
        return columns_treebank(self.path, self.charset, None, self.conllu,
                                columns.adopted(vocabulary))

    def close(self) -> None:
        """Stop the process (it may still be reading, when the gold file failed)."""
        self._forked.close()


def read_ahead(path: str, charset: str) -> ReadAhead | None:
    """A :class:`ReadAhead` of ``path`` where it pays: a CoNLL file (X or U) larger than
    the threshold, in a charset the fast reader scans, on a machine that forks.  None
    otherwise, or when the file cannot even be sniffed (its error comes in its turn)."""
    if not fast_charset(charset) or not second_process_pays(path) or not can_fork():
        return None
    try:
        found = sniff_kind(path)
        if sniff(path, "dep", None, found) != "conll":
            return None
    except (TreeevalError, OSError):
        return None
    return ReadAhead(os.fspath(path), charset, conllu=found == "conllu")


def _read(path: str, charset: str, conllu: bool) -> Iterator[ConllColumns]:
    """The second process: the file's columns (Fallback, sent as a failure, if the fast
    reader cannot vouch for it)."""
    yield read_eager_columns(path, charset, None, None, conllu)
