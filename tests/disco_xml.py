"""Writers of Tiger XML and Alpino XML for the tests of ``treeeval disco``: a treebank read
by treeeval (any format) written again in the XML formats, so that the oracle and treeeval
can read the same trees from XML (the shared files are export and brackets only)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from xml.sax.saxutils import quoteattr

from treeeval.model.disc_trees import DiscNode, DiscSentence


def _attributes(**values: object) -> str:
    return " ".join(f"{name}={quoteattr(str(value))}" for name, value in values.items())


def tiger_xml(sentences: list[DiscSentence], root: str = "VROOT") -> str:
    """A Tiger XML corpus of ``sentences`` (nodes numbered from 500 where they have no
    number; the root's id ends in ``_`` and ``root``; lemmas are the words)."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<corpus id="test">', "<body>"]
    for number, sentence in enumerate(sentences, start=1):
        out += _tiger_sentence(sentence, f"s{number}", root)
    out += ["</body>", "</corpus>", ""]
    return "\n".join(out)


def _tiger_sentence(sentence: DiscSentence, prefix: str, root: str) -> list[str]:
    ids: dict[int, str] = {id(sentence.tree): f"{prefix}_{root}"}
    free = iter(range(500, 1000))
    for node in sentence.tree.subtrees():
        if node is not sentence.tree and not node.is_preterminal():
            ids[id(node)] = f"{prefix}_{node.id or next(free)}"

    def child_id(child: DiscNode | int) -> str:
        if isinstance(child, DiscNode) and child.is_preterminal():
            child = child.children[0]
        return f"{prefix}_{child + 1}" if isinstance(child, int) else ids[id(child)]

    out = [f"<s {_attributes(id=sentence.key)}>", f"<graph {_attributes(root=ids[id(sentence.tree)])}>",
           "<terminals>"]
    morph = sentence.morph or ["--"] * len(sentence.words)
    for index, word in enumerate(sentence.words):
        out.append(f"<t {_attributes(id=f'{prefix}_{index + 1}', word=word, lemma=word)} "
                   f"{_attributes(pos=sentence.tags[index], morph=morph[index])}/>")
    out += ["</terminals>", "<nonterminals>"]
    secondary: dict[str, list[tuple[str, str]]] = {}
    for child_key, edges in sentence.secondary.items():
        number = int(child_key)
        child = f"{prefix}_{number + 1 if number < 500 else number}"
        for parent, label in edges:
            secondary.setdefault(f"{prefix}_{parent}", []).append((label, child))
    for node in reversed([n for n in sentence.tree.subtrees() if not n.is_preterminal()]):
        own = ids[id(node)]
        cat = root if node is sentence.tree else node.label
        out.append(f"<nt {_attributes(id=own, cat=cat)}>")
        for child in node.children:
            function = child.function if isinstance(child, DiscNode) else None
            out.append(f"<edge {_attributes(label=function or '--', idref=child_id(child))}/>")
        for label, child_ref in secondary.get(own, []):
            out.append(f"<secedge {_attributes(label=label, idref=child_ref)}/>")
        out.append("</nt>")
    return out + ["</nonterminals>", "</graph>", "</s>"]


def write_alpino(sentences: list[DiscSentence], folder: Path) -> None:
    """One Alpino file a sentence, ``KEY.xml`` under ``folder`` (a key ``a/1`` makes the
    folder ``a``); each node's ``rel`` is its function, ``postag`` the morphology."""
    for sentence in sentences:
        path = folder / f"{sentence.key}.xml"
        path.parent.mkdir(parents=True, exist_ok=True)
        top = DiscNode("top", sentence.tree.children)
        text = " ".join(sentence.words).replace("&", "&amp;").replace("<", "&lt;")
        path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<alpino_ds version="1.3">\n'
                        f"{_alpino_node(sentence, top, 'top', iter(range(10_000)))}\n"
                        f"<sentence>{text}</sentence>\n</alpino_ds>\n", encoding="utf-8")


def _alpino_node(sentence: DiscSentence, node: DiscNode, rel: str,
                 numbers: Iterator[int]) -> str:
    number = next(numbers)
    morph = sentence.morph or ["--"] * len(sentence.words)
    if node.is_preterminal():
        leaf = node.children[0]
        assert isinstance(leaf, int)
        word = sentence.words[leaf]
        return (f"<node {_attributes(begin=leaf, end=leaf + 1, id=number, rel=rel)} "
                f"{_attributes(word=word, lemma=word, pt=node.label, postag=morph[leaf])}/>")
    leaves = sorted(node.leaves())
    inner = "".join(_alpino_node(sentence, child, child.function or "--", numbers)
                    for child in node.children if isinstance(child, DiscNode))
    return (f"<node {_attributes(begin=leaves[0], end=leaves[-1] + 1, id=number)} "
            f"{_attributes(cat=node.label.lower(), rel=rel)}>{inner}</node>")
