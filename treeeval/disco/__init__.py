"""``treeeval disco``: discodop eval's scores of discontinuous constituency trees."""
