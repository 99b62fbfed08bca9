"""``treeeval task``: a whole shared task scored at once (teams x treebanks).

The pieces, each in its own module: :mod:`.layout` finds the treebanks and the teams' runs
(the conll2018 folders or the TIRA ``metadata.json``) and reads ``--groups``; :mod:`.runs`
scores every run as ``treeeval ud`` does (a missing or broken run fails, and counts 0), on a
local process pool; :mod:`.aggregate` makes the macro-averages, the groups' averages and
the rankings; :mod:`.tira` writes the official TIRA wrapper's ``evaluation.prototext`` and
stdout for one team; :mod:`.report` turns the grid into tables and the ``--json`` document.
"""
