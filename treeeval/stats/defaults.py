"""The defaults of the significance tests, apart from numpy: the command line reads them
while building its options, before anything is scored.

>>> DEFAULT_RESAMPLES, DEFAULT_SEED, tuple(METHODS)
(10000, 1, ('bootstrap', 'ar', 'mcnemar'))
"""

#: the tests by their ``--stat`` name, with the name the text report gives them
METHODS = {"bootstrap": "paired bootstrap", "ar": "approximate randomization",
           "mcnemar": "McNemar"}
DEFAULT_RESAMPLES = 10_000
DEFAULT_SEED = 1
