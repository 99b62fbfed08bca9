"""Scoring a pair in pieces, so that memory does not grow with the files.

Both files are read block by block (:func:`.reading.read_ud_pieces`).  Wherever gold and
system both start a sentence at the same character and neither starts it with a multiword
token, nothing before that point can align with anything after it (no token crosses it, and
the scorers' walk can carry a word left behind only into a multiword span that starts
there, :func:`.alignment.separable`) and no HEAD points across it, so the pair is cut there
and the part before it is aligned and scored on its own; the counts of the parts add up to
those of the whole files, and the per-sentence rows follow one another.  Memory then
holds a block or two of each file, unless the system's sentences never meet the gold ones
(one long sentence, say), when the pieces grow until they do.

A pair that the scorers refuse (an input error, different texts) is left to
:func:`.api.evaluate_ud`, which reads both files whole as the scorers do and raises their
error: :func:`score_pieces` falls back (:mod:`treeeval.fallback`).

>>> import os, tempfile
>>> row = "{}\\t{}\\t_\\tX\\t_\\t_\\t{}\\t{}\\t_\\t_\\n"
>>> text = (row.format(1, "a", 0, "root") + row.format(2, "b", 1, "obj") + "\\n") * 3
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "f.conllu")
>>> with open(path, "w") as f:
...     _ = f.write(text)
>>> scores = score_pieces(path, path)
>>> scores.scores["LAS"], scores.per_sentence["LAS"].shape
(Score(correct=6, gold=6, system=6, aligned=6), (3, 4))
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from ..errors import TreeevalError
from ..fallback import Fallback
from ..model.vocabulary import Vocabulary
from ..policy.processes import can_fork, second_process_pays
from .alignment import separable
from .api import align_treebanks
from .enhanced import EnhancedReader, EnhancedRules, add_enhanced
from .metrics import Score, UDScores, score
from .readers.layout import ReadOptions
from .readers.reading import read_ud_pieces
from .readers.scan import Interner
from .remote_pieces import remote_pieces
from .treebank import UDTreebank

#: the per-word columns of a treebank (split and joined alike)
WORD_COLUMNS = ("word_start", "word_end", "word_mwt", "form", "lemma", "upos", "xpos", "feats",
                "deprel", "head", "deps", "word_line")


class _Side:
    """One file being read: its unscored sentences and how far it has been read."""

    def __init__(self, pieces: Generator[UDTreebank, None, None]) -> None:
        self.pieces = pieces
        self.pending: UDTreebank | None = None
        self.read = 0
        self.done = False

    def pull(self) -> None:
        piece = next(self.pieces, None)
        if piece is None:
            self.done = True
            return
        self.pending = piece if self.pending is None else join(self.pending, piece)
        self.read = piece.char_base + len(piece.text)


def score_pieces(gold_path: str, system_path: str, *, conll17: bool = False,
                 multiple_roots_okay: bool = False, enhanced: EnhancedRules | None = None,
                 per_sentence: bool = True, read_ahead: bool = False) -> UDScores:
    """The scores of a pair, read and scored piece by piece (Fallback: see the module notes;
    ``enhanced``: DEPS read and ELAS, EULAS added, :func:`.api.evaluate_ud`).

    Without ``per_sentence`` the per-sentence rows are dropped as the pieces go, so that
    memory stays flat however long the files are.  With ``read_ahead``, a large pair's files
    are read by two processes of their own (:mod:`.remote_pieces`) while this one scores.
    """
    options = (ReadOptions(conll17=conll17, multiple_roots_okay=multiple_roots_okay)
               if enhanced is None else enhanced.read_options(multiple_roots_okay))
    vocabulary, forms = Vocabulary(), Vocabulary()
    interner = Interner.of(vocabulary, forms, options)
    reader = None if enhanced is None else EnhancedReader(vocabulary, interner.deps, enhanced)
    remote = read_ahead and second_process_pays(gold_path) and can_fork()

    def pieces(path: str) -> Generator[UDTreebank, None, None]:
        return (remote_pieces(path, options, interner) if remote else
                read_ud_pieces(path, options, vocabulary, forms, interner))

    gold, system = _Side(pieces(gold_path)), _Side(pieces(system_path))
    parts: list[UDScores] = []
    try:
        while not (gold.done and system.done):
            reading = gold if system.done or (not gold.done and gold.read <= system.read) \
                else system
            reading.pull()
            cut = _cut(gold, system)
            if cut is not None:
                part = _score(_split(gold, cut), _split(system, cut), conll17, reader)
                parts.append(part if per_sentence else UDScores(part.scores, {}))
        if gold.pending is not None or system.pending is not None:
            if gold.pending is None or system.pending is None:
                raise Fallback("one file has sentences past the other's end")
            part = _score(gold.pending, system.pending, conll17, reader)
            parts.append(part if per_sentence else UDScores(part.scores, {}))
    except TreeevalError as error:
        raise Fallback(f"the scorers refuse the pair: {error}") from None
    finally:  # stop the reading processes (they may be ahead)
        gold.pieces.close()
        system.pieces.close()
    if not parts:
        raise Fallback("no sentence")
    return combine(parts)


def _cut(gold: _Side, system: _Side) -> int | None:
    """The last character where both pending parts start a sentence, within what both
    sides have read, and the pair can be aligned in two parts (see the module)."""
    if gold.pending is None or system.pending is None:
        return None
    limit = min(gold.read, system.read)
    # sentence starts are increasing: assume_unique spares np.unique (and numpy.ma)
    common = np.intersect1d(gold.pending.sentence_start, system.pending.sentence_start,
                            assume_unique=True)
    common = common[(common <= limit) & (common > gold.pending.char_base)]
    for side in (gold.pending, system.pending):
        common = common[separable(side.word_start, side.word_mwt, common)]
    return int(common[-1]) if len(common) else None


def _score(gold: UDTreebank, system: UDTreebank, conll17: bool,
           reader: EnhancedReader | None) -> UDScores:
    if gold.text != system.text or gold.char_base != system.char_base:
        raise Fallback("the texts differ")
    gold_to_system = align_treebanks(gold, system)
    scores = score(gold, system, gold_to_system, conll17=conll17)
    if reader is not None:
        add_enhanced(scores, gold, system, gold_to_system, reader)
    return scores


def _split(side: _Side, char: int) -> UDTreebank:
    """Take the sentences before ``char`` (a sentence start, or the end) off a side."""
    treebank = side.pending
    assert treebank is not None
    sentence = int(np.searchsorted(treebank.sentence_start, char))
    word = int(treebank.sentence_offsets[sentence])
    token = int(np.searchsorted(treebank.token_start, char))
    cut = char - treebank.char_base
    before = _slice(treebank, slice(0, word), slice(0, token), slice(0, sentence),
                    treebank.text[:cut], treebank.char_base, 0)
    if sentence == treebank.sentences:
        side.pending = None
    else:
        side.pending = _slice(treebank, slice(word, None), slice(token, None),
                              slice(sentence, None), treebank.text[cut:], char, word)
    return before


def _slice(treebank: UDTreebank, words: slice, tokens: slice, sentences: slice, text: str,
           char_base: int, word_base: int) -> UDTreebank:
    columns = {name: getattr(treebank, name)[words] for name in WORD_COLUMNS}
    columns["head"] = np.where(columns["head"] < 0, -1, columns["head"] - word_base)
    first, last, _ = sentences.indices(treebank.sentences)
    offsets = treebank.sentence_offsets[first:last + 1] - word_base
    return UDTreebank(
        path=treebank.path, vocabulary=treebank.vocabulary, forms=treebank.forms, text=text,
        token_start=treebank.token_start[tokens], token_end=treebank.token_end[tokens],
        sentence_offsets=offsets, sentence_start=treebank.sentence_start[sentences],
        sentence_end=treebank.sentence_end[sentences],
        sentence_line=treebank.sentence_line[sentences], char_base=char_base, **columns)


def join(first: UDTreebank, second: UDTreebank) -> UDTreebank:
    """Two consecutive pieces of a file as one (words renumbered)."""
    columns = {name: np.concatenate((getattr(first, name), getattr(second, name)))
               for name in WORD_COLUMNS}
    columns["head"][first.words:] = np.where(second.head < 0, -1, second.head + first.words)
    return UDTreebank(
        path=first.path, vocabulary=first.vocabulary, forms=first.forms,
        text=first.text + second.text,
        token_start=np.concatenate((first.token_start, second.token_start)),
        token_end=np.concatenate((first.token_end, second.token_end)),
        sentence_offsets=np.concatenate((first.sentence_offsets,
                                         second.sentence_offsets[1:] + first.words)),
        sentence_start=np.concatenate((first.sentence_start, second.sentence_start)),
        sentence_end=np.concatenate((first.sentence_end, second.sentence_end)),
        sentence_line=np.concatenate((first.sentence_line, second.sentence_line)),
        char_base=first.char_base, **columns)


def combine(parts: list[UDScores]) -> UDScores:
    """The scores of consecutive parts of a pair (at least one) as those of the whole."""
    first = parts[0]

    def total(name: str) -> Score:
        values = [part.scores[name] for part in parts]
        aligned = None if first.scores[name].aligned is None else sum(
            v.aligned or 0 for v in values)
        return Score(sum(v.correct for v in values), sum(v.gold for v in values),
                     sum(v.system for v in values), aligned)

    return UDScores({name: total(name) for name in first.scores},
                    {name: np.concatenate([part.per_sentence[name] for part in parts])
                     for name in first.per_sentence}, first.conll17)
