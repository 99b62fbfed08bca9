"""The widgets of ``treeeval browse``."""
