"""Policies every command shares, each with one home.

- ``sniffing``: which format an input file is in (one decision table);
- ``outputs``: how an output file is written (never over an input, all or nothing);
- ``envelope``: the head of every ``--json`` document (schema, version, command).

The EVALB parameter loader is ``treeeval.bracket.params.load_params``, next to the
parameters it fills.  These modules import only the standard library and
``treeeval.errors``.
"""
