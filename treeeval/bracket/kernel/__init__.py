"""The fast kernel of bracket scoring: EVALB's per-sentence numbers for whole blocks of
sentence pairs, in numpy, with no Python loop per sentence or per token.

The stages, in order:

1. :mod:`.block_cuts`: both texts cut after the same lines, in blocks that stay in cache;
2. :mod:`.sides`: each side's block scanned into terminals and brackets as EVALB's reader
   leaves them, labels and words compared eight bytes at a time (:mod:`.byte_compare`) and
   keyed (:mod:`.label_tables`);
3. :mod:`.block_scorer`: a block's numbers, with :mod:`.matching` (the multiset intersection
   of brackets) and :mod:`.crossing` (crossing brackets);
4. :mod:`.chunk_scores`: what a chunk returns, EVALB's numbers per line and the brackets
   behind them; :mod:`.fast` drives the stages over a chunk.

A line the kernel cannot vouch for falls back: it is marked in ``ChunkScores.fallback`` (the
per-line mask of :mod:`treeeval.fallback`) and scored by the exact engine
(:mod:`treeeval.bracket.reference`).
"""
