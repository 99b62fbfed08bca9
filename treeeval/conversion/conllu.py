"""``treeeval convert --format conllu``: converted sentences as CoNLL-U wants them.

Each sentence gets the two comments CoNLL-U requires, ``# sent_id = N`` (N: the tree's
number in the input, from 1) and ``# text = ...``, and the Penn Treebank tag goes to XPOS
(column 5), the language-specific tag, while UPOS (column 4) is ``_``: treeeval has no
mapping from Penn tags to universal ones, and a guessed UPOS would be scored as if it were
annotated.  The text is the words joined by single spaces (the Penn Treebank keeps no
spacing), each word as the tree spells it: ``-LRB-``, ``-RRB-``, ````` and ``''`` are kept,
so that the FORMs concatenate to the text, as CoNLL-U checks.

>>> from treeeval.formats.conll import format_sentence
>>> sentence = DependencySentence(["-LRB-", "Rain", "-RRB-"], ["-LRB-", "NN", "-RRB-"],
...                               [2, 0, 2], ["dep", "root", "dep"])
>>> converted, = as_conllu([sentence])
>>> print(format_sentence(converted, "conllu").replace("\\t", " "), end="")
# sent_id = 1
# text = -LRB- Rain -RRB-
1 -LRB- _ _ -LRB- _ 2 dep _ _
2 Rain _ _ NN _ 0 root _ _
3 -RRB- _ _ -RRB- _ 2 dep _ _
<BLANKLINE>
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Iterator

from ..model.dependencies import DependencySentence

#: UPOS (column 4) of every converted word: unknown (see the module)
NO_UPOS = "_"


def as_conllu(sentences: Iterable[DependencySentence],
              ids: Iterable[str] | None = None) -> Iterator[DependencySentence]:
    """Each sentence with its ``sent_id`` and ``text`` comments, its tags in XPOS and no
    UPOS, ready for ``format_sentence(..., "conllu")``; the ``sent_id`` values are ``ids``
    (a discontinuous treebank's sentence keys), by default the numbers from 1.

    >>> [s.extra["comments"][0] for s in as_conllu([DependencySentence(["a"], ["X"], [0],
    ...                                               ["root"])], ids=["s7"])]
    ['# sent_id = s7']
    """
    numbered = zip(ids or (str(number) for number in itertools.count(1)), sentences)
    for number, sentence in numbered:
        comments = [f"# sent_id = {number}", f"# text = {' '.join(sentence.forms)}"]
        yield dataclasses.replace(
            sentence, tags=[NO_UPOS] * len(sentence),
            extra={**sentence.extra, "postag": list(sentence.tags), "comments": comments})
