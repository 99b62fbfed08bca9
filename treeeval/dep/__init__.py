"""Dependency scoring as MaltEval 1.0 does it, and eval.pl's report (``treeeval dep``).

The stages, in order:

1. :mod:`.options` (the settings) and :mod:`.sources`: what to score and how, the input
   files and their formats; :mod:`.reading` reads them into :class:`treeeval.model.treebank.Treebank`
   columns (bracketed trees converted with a head table) and checks them as MaltEval does;
2. :mod:`.combinations`: one evaluation per combination of MaltEval's parameter values;
   :mod:`.exclusions` the tokens each leaves out;
3. :mod:`.metrics` (each Metric's per-token outcome) and :mod:`.grouping` (the GroupBy
   values' groups and columns) make :mod:`.tables`; :mod:`.confusion`, McNemar's test,
   cross-validation summaries (:mod:`.aggregate`) and treeeval's comparison
   (:mod:`.compare`) are made beside them, all driven by :mod:`.engine`;
4. :mod:`.malteval_render` and :mod:`.malteval_report` write MaltEval's text
   (:mod:`.decimal_format`: Java's DecimalFormat); :mod:`.evalpl` is eval.pl's own
   scoring and report.

:mod:`.api` is the Python API (``treeeval.evaluate_dependencies``).
"""
