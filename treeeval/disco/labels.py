"""What ``discodop eval`` does to a tree's labels as it reads it: ``--functions`` and
``--morphology``, which act on the export formats (Negra, Tiger) through the edge labels and
the morphology column, and on the bracket formats only by ``--functions=remove`` (a label
cut at its first ``-`` or ``=``, as for every format).

>>> from treeeval.formats.export import read_export
>>> import io
>>> text = "#BOS 1\\nDer ART Def-Nom NK 500\\nMann NN Nom HD 500\\n#500 NP -- SB 0\\n#EOS 1\\n"
>>> def labels(**options):
...     [sentence] = read_export(io.StringIO(text))
...     apply_options(sentence, export=True, **options)
...     return [node.label for node in sentence.tree.subtrees()]
>>> labels(functions="remove", morphology="add")
['ROOT', 'NP', 'ART/Def', 'NN/Nom']
>>> labels(functions="add", morphology="no")
['ROOT', 'NP-SB', 'ART-NK', 'NN-HD']
>>> labels(functions="replace", morphology="between")
['ROOT', 'SB', 'NK', 'Def-Nom', 'HD', 'Nom']
>>> labels(functions="between", morphology="no")
['ROOT', '-SB', 'NP', '-NK', 'ART', '-HD', 'NN']
>>> labels(functions="between", morphology="between")
['ROOT', '-SB', 'NP', '-NK', 'ART', 'Def-Nom', '-HD', 'NN', 'Nom']
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model.disc_trees import DiscNode, DiscSentence

#: the choices of --functions and --morphology
FUNCTIONS = ("remove", "leave", "add", "replace", "between")
MORPHOLOGY = ("no", "add", "replace", "between")


def cut_function(label: str) -> str:
    """A label without its function: cut at its first ``-``, then at its first ``=``, each
    only when not at the start.

    >>> cut_function("NP-SBJ=2"), cut_function("-NONE-"), cut_function("NP=2-X")
    ('NP', '-NONE-', 'NP')
    """
    for char in "-=":
        cut = label.find(char)
        if cut > 0:
            label = label[:cut]
    return label


def _escaped(text: str) -> str:
    return text.replace("(", "[").replace(")", "]")


def apply_options(sentence: DiscSentence, *, export: bool, functions: str = "remove",
                  morphology: str = "no", escape: bool = True) -> None:
    """Relabel ``sentence``'s tree in place as discodop's reader does under ``functions``
    and ``morphology``; ``export`` for the formats with edge and morphology columns (export,
    Tiger, Alpino).  With ``escape`` (export and Tiger) brackets in labels become square
    ones and the root keeps the label it was read with (``ROOT``, Tiger's root id); Alpino's
    labels stay as written and its root is relabelled as any node is."""
    root = sentence.tree
    keep_root = export and escape
    if export:
        if escape:
            for node in _relabelled(root, keep_root):
                node.label = _escaped(node.label)
        if morphology != "no" and sentence.morph is not None:
            _morphology(root, sentence.morph, morphology)
    if functions == "remove":
        for node in _relabelled(root, keep_root):
            node.label = cut_function(node.label)
    elif export and functions in ("add", "replace"):
        for node in _functioned(root, morphology):
            if functions == "add":
                if node.function:
                    node.label += "-" + node.function
            else:
                node.label = node.function or "--"
    elif export and functions == "between":
        wrapped = {id(node) for node in _functioned(root, morphology)}
        for node in list(root.subtrees()):
            node.children[:] = [
                DiscNode("-" + (child.function or "--"), [child])
                if not isinstance(child, int) and id(child) in wrapped else child
                for child in node.children]


def _functioned(root: DiscNode, morphology: str) -> Iterator[DiscNode]:
    """The nodes whose labels --functions changes (or that ``--functions between`` puts
    under a new node labelled with the function): all but the root, and but the nodes
    ``--morphology between`` put between a tag and its word."""
    between = morphology == "between"
    nodes = root.subtrees()
    next(nodes)
    return (node for node in nodes
            if not (between and not isinstance(node.children[0], DiscNode)))


def _relabelled(root: DiscNode, keep_root: bool) -> Iterator[DiscNode]:
    nodes = root.subtrees()
    if keep_root:
        next(nodes)
    return nodes


def _morphology(root: DiscNode, morph: list[str], action: str) -> None:
    for node in list(root.subtrees()):
        if node.children and isinstance(node.children[0], int) and node is not root:
            tag = _escaped(morph[node.children[0]]).replace(" ", "_")
            if action == "add":
                node.label = f"{node.label}/{tag}"
            elif action == "replace":
                node.label = tag
            else:
                node.children[:] = [DiscNode(tag, [node.children.pop()])]
