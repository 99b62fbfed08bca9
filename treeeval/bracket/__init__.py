"""Bracket scoring exactly as EVALB does it (``treeeval bracket``).

The stages, in order:

1. :mod:`.params` and :mod:`.settings`: EVALB's parameters (``.prm`` files and options
   applied left to right) and a run's frozen settings;
2. :mod:`.run`: both files read in blocks of whole lines, each block scored by the fast
   kernel (:mod:`.kernel`) and every line it cannot vouch for by the exact per-sentence
   engine (:mod:`.reference`), EVALB's errors and MAX_ERROR replayed in order;
3. :mod:`.counts`: the per-sentence counts and the two summary blocks; :mod:`.spans` the
   brackets behind them, :mod:`.label_scores` per label, :mod:`.sentence_rates` each
   sentence's rates, :mod:`.sentence_scores` and :mod:`.compare` what the tests and the
   comparison table need;
4. :mod:`.report` and :mod:`.lines`: EVALB's text, byte for byte; :mod:`.partial` what a
   run could miss (the notices); :mod:`.api` the Python API and the JSON forms.
"""
