"""The screens of ``treeeval browse``."""
