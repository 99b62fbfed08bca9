"""Several systems on one gold file, for any scorer: the comparison driver.

The stages, in order:

1. :mod:`treeeval.tables.settings`: what the user asks (``--stat``, ``--seed``,
   ``--resamples``, ``--baseline``, ``--metrics``, ``--format``, ``--plot``, ``--html``),
   frozen and checked;
2. :mod:`.adapter`: what a scorer gives, :class:`~.adapter.Systems`: the systems, their
   metrics and values, the per-sentence scores the tests resample
   (:class:`treeeval.tables.systems.ScoredSystems`), the worst sentences and the figures;
3. :mod:`treeeval.tables.systems`: the comparison table (each system tested against the
   baseline, Holm-corrected) and its signature's fields, which a scorer's own API can make
   too;
4. :mod:`.driver`: the table in every format, the figures and the HTML report, the same for
   every scorer.

Each scorer's adapter sits here with its command's run (one system through the reference
program's report, several through the driver): :mod:`.bracket`, :mod:`.ud`, :mod:`.lin`,
:mod:`.errors` and :mod:`.dep`.  A new scorer plugs in with one such module.
"""
