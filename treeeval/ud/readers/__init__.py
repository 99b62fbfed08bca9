"""Reading CoNLL-U as the CoNLL 2017/2018 scorers read it, into numpy columns.

:mod:`.reading` reads a file in blocks of whole sentences; each block goes to the fastest
reader that can vouch for it, then the next (the fast ones fall back as
:mod:`treeeval.fallback` says):

1. :mod:`.scan`: the bytes with numpy only (the usual case);
2. :mod:`.fast_parse`: the decoded lines with one ``str.split`` and C-level maps;
3. :mod:`.exact_parse`: line by line in the reference scorers' order, with their errors.

:mod:`.layout` works out a block's structure (sentences, multiword tokens, empty nodes)
from per-line flags, :mod:`.string_block` holds a block as strings for the two string
readers, and :mod:`.column_builder` interns the blocks and joins them into one treebank.
"""
