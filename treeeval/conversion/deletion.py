"""EVALB's DELETE_LABEL rules applied to trees before conversion (``treeeval convert -p``):
the punctuation and wrapper labels EVALB leaves out of its brackets leave the dependency
trees too.
"""

from __future__ import annotations

from nltk import Tree

from ..bracket.labels import label_cut
from ..bracket.params import EvalbParams
from ..model.tree_walks import fold
from .heads import phrase_children


def delete_labels(tree: Tree, params: EvalbParams, encoding: str = "utf-8") -> Tree:
    """A tree without what EVALB's DELETE_LABEL lines delete (user guide of EVALB).

    A part-of-speech tag spelt exactly as a DELETE_LABEL value goes with its word; a
    phrase whose label, cut at its first ``-`` or ``=``, equals a value (or is paired with
    one by EQ_LABEL) is replaced by its children.  A deleted root is replaced by an
    unlabelled one, which conversion treats as a wrapper.  Labels are compared as bytes in
    ``encoding``, as EVALB compares them.

    Under evalb_spmrl's rules (``params.spmrl``) no word goes, and a phrase goes when its
    label and a value, both cut at their first ``-``, ``=`` or ``#``, are equal (or paired by
    EQ_LABEL): ``-NONE-`` cut is empty, so it deletes an unlabelled root.

    >>> params = EvalbParams(delete_label=[b"TOP", b"."])
    >>> print(delete_labels(Tree.fromstring("(TOP (S (NP (NN It)) (VP (VBZ rains)) (. .)))"),
    ...                     params))
    (S (NP (NN It)) (VP (VBZ rains)))
    >>> spmrl = EvalbParams(delete_label=[b"-NONE-", b"."], rules="spmrl")
    >>> print(delete_labels(Tree.fromstring("( (SENT##a=b## (NP (N x)) (. .)))"), spmrl))
    (SENT##a=b## (NP (N x)) (. .))
    """
    cut = label_cut(params.spmrl)
    words = set() if params.spmrl else set(params.delete_label)
    values = [cut(value) if params.spmrl else value for value in params.delete_label]

    def deleted(label: str) -> bool:
        shown = cut(label.encode(encoding, "surrogateescape"))
        return any(params.labels_equal(shown, value) for value in values)

    def leaf(node: Tree | str) -> list[Tree | str]:
        if isinstance(node, Tree) and node.label().encode(encoding, "surrogateescape") in words:
            return []
        return [node]

    def phrase(node: Tree, kept: list[list[Tree | str]]) -> list[Tree | str]:
        children = [kid for kids in kept for kid in kids]
        return children if deleted(node.label()) else [Tree(node.label(), children)]

    result = fold(tree, phrase_children, leaf, phrase) or []
    if len(result) == 1 and isinstance(result[0], Tree):
        return result[0]
    return Tree("", result)
