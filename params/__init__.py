"""EVALB parameter files bundled with treeeval, found by name: ``-p COLLINS.prm``."""
