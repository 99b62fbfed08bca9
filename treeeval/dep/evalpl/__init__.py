"""The CoNLL-X ``eval.pl`` (v1.9) and CoNLL 2007 ``eval07.pl`` (v1.4), byte for byte
(``treeeval dep --report evalpl[:FLAGS]``).

The stages, in order: :mod:`.scoring` reads both files as eval.pl reads them and counts
every table's cells; :mod:`.errors` finds the specific errors and their local contexts (the
last two sections of the full report); :mod:`.report` writes the report, or its ``-q`` and
``-b`` parts.
"""
