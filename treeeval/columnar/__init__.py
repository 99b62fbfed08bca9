"""The private columnar kernel shared by the fast scanners (CoNLL-X, CoNLL-U, brackets).

Each module holds one idea: :mod:`.blocks` cuts a file into blocks of whole lines or whole
sentences, :mod:`.words` reads bytes eight at a time, :mod:`.intern` numbers equal fields
exactly.  The code spaces of strings (``Vocabulary``) belong to the model
(:mod:`treeeval.model.vocabulary`).  A scanner keeps only the grammar of its format.  This
package imports numpy, the standard library and :mod:`treeeval.errors` only, so that every
layer of treeeval may use it (its annotations name numpy's dtypes, not treeeval.arrays').
"""
