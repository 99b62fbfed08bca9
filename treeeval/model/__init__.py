"""Corpora in memory, with no I/O: columns of numbers and strings."""
