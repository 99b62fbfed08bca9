"""Dependency scoring: MaltEval metrics and groupings, and the eval.pl report (``treeeval dep``)."""
