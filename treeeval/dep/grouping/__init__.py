"""MaltEval's GroupBy values: which group each token falls in, and each group's columns.

The stages, in order:

1. :mod:`.registry`: which grouping a GroupBy name stands for in a run (the built-ins, then
   ``--plugin``'s classes and the installed entry points, :mod:`.plugins`);
2. a grouping's keys: by the token itself (:mod:`.token_groupings`), by its arc
   (:mod:`.arc_groupings`), one row per token or sentence (:mod:`.token_tables`), a complex
   value such as ``Cpostag@-1#Wordform@0`` (:mod:`.complex_groupby`);
3. :mod:`.groupings`: the tokens sorted into groups and each group's counters, as a
   :class:`~.group_table.GroupTable`, then MaltEval 1.0's post-processing groupings
   (:mod:`.postprocessing`).

:mod:`.plugin_example` is the user guide's example plug-in.
"""
