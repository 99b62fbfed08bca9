"""``treeeval disco``: discontinuous constituency trees scored as ``discodop eval`` scores
them (readers in :mod:`treeeval.formats`, the tree in :mod:`treeeval.model.disc_trees`)."""
