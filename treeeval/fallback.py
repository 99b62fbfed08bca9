"""Fast and exact paths: the one protocol of every reader and scorer that has both.

A fast path (numpy over whole blocks) reads or scores the usual input; the exact path
(step by step as the reference tool goes, with its errors) does whatever the fast path
cannot vouch for.  The fast path never guesses: what it returns is what the exact path
would return.  What it cannot vouch for falls back, by one of two signals, both named
*fallback*:

* a whole unit (a block, a file, a pair of files, a sentence): the fast path raises
  :class:`Fallback` and leaves nothing behind (a shared vocabulary stays as it was).  The
  caller runs the exact path on the same unit *after* the ``except`` clause, so that the
  fast path's frames (and their arrays) are freed first and the exact path's errors are
  not chained to the Fallback::

      try:
          return read_columns_fast(path, charset)
      except Fallback:
          pass
      return read_treebank_exact(path, charset=charset)

* the lines of a block that the fast path scores line by line: a boolean mask named
  ``fallback``, one entry per line, True where the exact path must score the line::

      scores = score_chunk(gold, test, params)
      for index in np.flatnonzero(scores.fallback).tolist(): ...  # the reference engine

The entry points say which path they are, ``*_fast`` and ``*_exact`` (or their module's
name), except where the name is public (``evaluate_ud``, ``read_trees(reader="lark")``,
``--reference-engine``).  Each of them, fast path then exact path, and its caller:

* EVALB's line pairs (the mask): ``bracket.kernel.fast.score_chunk``, then
  ``bracket.reference.ReferenceEngine``; in ``bracket.run.score_block`` and
  ``bracket.span_scoring.bracket_spans``;
* a CoNLL file for ``dep``: ``formats.conll_columns.read_columns_fast``, then
  ``dep.reading.read_treebank_exact``; in ``dep.reading.read_treebank``;
* a block of a CoNLL-U file for ``ud``: ``ud.readers.scan.scan_fast``, then
  ``ud.readers.fast_parse.parse_fast``, then ``ud.readers.exact_parse.parse_exact``; in
  ``ud.readers.reading``;
* a pair of CoNLL-U files: ``ud.stream.score_pieces`` (piece by piece, memory flat), then
  ``ud.api.evaluate_ud`` (both files whole); in ``ud.pairs.score_pair``;
* a bracketed sentence (the scanner's lines, then the sentence's own Fallback):
  ``formats.tree_building.fast_sentences``, then ``formats.lark_trees.parse_tree_lark``;
  in ``fast_sentences`` itself.

A Fallback says why, for whoever finds a fast path falling back more than it should:

>>> from treeeval.formats.conll_columns import read_columns_fast
>>> read_columns_fast("any.conll", charset="UTF-16")
Traceback (most recent call last):
...
treeeval.fallback.Fallback: utf-16 is not ASCII-compatible
"""

from __future__ import annotations


class Fallback(Exception):
    """A fast path cannot vouch for this unit of input: the caller runs the exact path on it.

    Not an error in the input (the exact path reports those), so not a TreeevalError: one
    that escapes its caller is a bug.
    """
