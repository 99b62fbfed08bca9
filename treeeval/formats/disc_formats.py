"""The names of the formats discontinuous trees are read in (discodop's names, for its
``--fmt``, ``--goldfmt`` and ``--parsesfmt`` and treeeval's ``convert --inputfmt``): the one
list the command lines offer (numpy-free, so that they are built without the readers).

>>> DISC_FORMATS
('export', 'bracket', 'discbracket', 'tiger', 'alpino')
"""

DISC_FORMATS = ("export", "bracket", "discbracket", "tiger", "alpino")
