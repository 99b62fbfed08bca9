"""Policies every command shares, each with one home.

- ``sniffing``: which format an input file is in (one decision table);
- ``outputs``: how an output file is written (never over an input, all or nothing);
- ``envelope``: the head of every ``--json`` document (schema, version, command, signature);
- ``signature``: the one-line signature of a run (``--signature``) and the hash of input files;
- ``notices``: what a user could miss, said on stderr after the report;
- ``inputs``: ``-``, pipes and compressed files for every input, named as the user gave them.

The EVALB parameter loader is ``treeeval.bracket.params.load_params``, next to the
parameters it fills.  These modules import only the standard library, each other and
``treeeval.errors``.
"""
