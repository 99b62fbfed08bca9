"""Lin's (1995) dependency-based evaluation: tuple notation, error count, modify operations.

* ``notation``: the tuple format ``modifier cat position head [relationship]``;
* ``score``: the error count of procedure (7), side-by-side tables, phrase-level scores;
* ``ops``: the modify operations of section 5, ``(if CONDITION ACTIONS)``;
* ``compare``: several answers on one key, their comparison table and tests;
* ``cli``: ``treeeval lin GOLD ANSWER [ANSWER ...]``.

>>> from treeeval.lin.notation import parse_tuples
>>> from treeeval.lin.score import error_count
>>> key, = parse_tuples("Rain N < fell subj\\nfell V *\\n")
>>> answer, = parse_tuples("Rain N ?\\nfell V *\\n")
>>> error_count(key, answer)
1
"""
