"""Head tables shipped with treeeval (``--heads collins`` ...); see docs/convert.md."""
