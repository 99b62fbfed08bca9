"""``discodop eval`` inputs for differential cases: random discontinuous trees in every format
discodop reads, perturbed into parses, with random .prm files, head rules and options.

A case draws German-like (Negra/Tiger tags, edge labels and morphology) or Dutch-like
(Lassy/Alpino categories, relations and ``postag`` features) sentences, or a mix with odd
labels, and builds each tree bottom-up: the words' preterminals are grouped again and again
into constituents, sometimes of adjacent items and sometimes of items drawn anywhere in the
sentence (crossing, discontinuous constituents); constituents get unary chains, function tags
(some with two, ``SB-MO``) and secondary edges; punctuation hangs from the root, as in Negra
and Tiger; some sentences are long (up to 120 words).  The parses are copies perturbed by
relabelled, moved, added and removed constituents, changed tags and function tags; sometimes a
sentence is missing from the parses (discodop scores the sentences of the parses only), rarely
one of the parses is not in the gold file, or a word or the length differs (discodop then
stops with a traceback).

Each file is written in one of the formats discodop reads (``--goldfmt``, ``--parsesfmt``,
``--fmt``), learnt from discodop's ``treebank.py``:

* ``export``: Negra's export format, 4 columns (with the lemma) or 3 (without), ``#BOS``
  lines with Negra's extra numbers or ``%%`` comments, a ``#FORMAT`` line and a ``%%`` header,
  nonterminals ``#500``.. in a random order, secondary edges as extra column pairs; fields
  separated by tabs or spaces;
* ``discbracket``: ``(S (NP (ART 0=Der) (NN 2=Mann)) (VVFIN 1=kam))``, one tree a line,
  sometimes a TAB and a comment after it, function tags glued to labels (``NP-SB``);
* ``bracket``: the continuous trees only (a parse stays continuous), words in order;
* ``tiger``: Tiger XML, a ``<graph root=...>`` with terminals and nonterminals (ids
  ``s_500``...), ``<edge>`` and ``<secedge>`` elements;
* ``alpino``: one Alpino XML file per sentence in a folder (the file argument is a glob
  pattern: discodop names a sentence by its folder and file name, so gold and parses lie in
  folders of the same name), lower-case ``cat``, ``pt``, ``postag``, ``rel``, and
  co-indexed empty nodes for the secondary edges.

Sentence keys must agree between gold and parses: export, Tiger and Alpino name sentences by
strings (the key scheme of a case keeps them equal), bracket and discbracket by line number;
a case mixes formats only within one family, except rarely (discodop then fails on a key).

Parameter files set every key discodop reads (EVALB's DEBUG, MAX_ERROR, CUTOFF_LEN, LABELED,
DELETE_LABEL, DELETE_LABEL_FOR_LENGTH, EQ_LABEL, EQ_WORD and discodop's DELETE_WORD,
DELETE_ROOT_PRETERMS, DISC_ONLY, LA, TED, DEP, DEBUG from -1 to 2), EQ_LABEL pairs that chain
into classes, comments, values with trailing blanks, and rarely a defect discodop refuses
(a key twice, an unknown key, a pair that is not a pair).  The options are drawn among all
of ``discodop eval``'s (``--cutofflen``, ``--verbose``, ``--debug``, ``--disconly``, the
formats, ``--goldenc``/``--parsesenc`` with files written in Latin-1 too, ``--functions``,
``--morphology``, ``--la``, ``--ted``, ``--headrules`` with a random rules file), in
``--opt=value`` or ``--opt value`` form, before, between or after the file arguments; TED
(slow in discodop) comes with few, short sentences.

>>> import random
>>> case = make_case(random.Random(3))
>>> sorted(case.traits & {"export", "discbracket", "bracket", "tiger", "alpino"}) != []
True
>>> sentence = random_sentence(random.Random(1), GERMAN, 9, 0.5, "1")
>>> sorted(leaf for node in sentence.root.walk() for leaf in node.children
...        if isinstance(leaf, int)) == list(range(9))
True
"""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field

# --- the tree model ------------------------------------------------------------------------


@dataclass(eq=False)
class Node:
    """A constituent (children: nodes, or one word index for a preterminal) with its edge
    label, morphology and lemma (preterminals), and secondary edges (label, target node)."""

    label: str
    children: list[Node | int]
    function: str = "--"
    morph: str = "--"
    lemma: str = "--"
    secondary: list[tuple[str, Node]] = field(default_factory=list)

    def walk(self) -> list[Node]:
        """The node and every node below it, in pre-order."""
        found = [self]
        for child in self.children:
            if isinstance(child, Node):
                found.extend(child.walk())
        return found

    def leaves(self) -> list[int]:
        return sorted(leaf for node in self.walk() for leaf in node.children
                      if isinstance(leaf, int))

    def preterminal(self) -> bool:
        return len(self.children) == 1 and isinstance(self.children[0], int)


@dataclass
class Sentence:
    """A sentence: its key, words and tree (the root's label is the treebank's root)."""

    key: str
    words: list[str]
    root: Node


@dataclass(frozen=True)
class Pool:
    """A treebank's categories, edge labels, tags (with morphology), words, punctuation."""

    labels: tuple[str, ...]
    functions: tuple[str, ...]
    tags: tuple[tuple[str, str], ...]
    words: tuple[str, ...]
    punctuation: tuple[tuple[str, str, str], ...]
    roots: tuple[str, ...]


GERMAN = Pool(
    ("S", "VP", "NP", "PP", "AP", "AVP", "CNP", "CS", "CVP", "CAP", "CPP", "MPN", "NM", "CO",
     "DL", "ISU", "CH", "AA", "VZ"),
    ("SB", "OA", "DA", "HD", "MO", "NK", "OC", "PD", "RC", "AC", "CJ", "CD", "CP", "PG", "SVP",
     "AG", "OP", "MNR", "PNC", "RE", "JU", "NG", "PH", "UC", "--", "--", "SB-MO"),
    (("NN", "Nom.Sg.Masc"), ("NE", "Dat.Sg.Fem"), ("ART", "Nom.Sg.Neut"), ("ADJA", "Pos.Akk.Pl.*"),
     ("ADJD", "Pos"), ("ADV", "--"), ("APPR", "--"), ("APPRART", "Dat.Sg.Neut"),
     ("VVFIN", "3.Sg.Pres.Ind"), ("VAFIN", "3.Pl.Past.Ind"), ("VMFIN", "1.Sg.Pres.Subj"),
     ("VVINF", "--"), ("VVPP", "--"), ("PPER", "3.Sg.*.Nom"), ("PRELS", "Nom.Pl.*"),
     ("KON", "--"), ("KOUS", "--"), ("PTKNEG", "--"), ("PTKZU", "--"), ("PROAV", "--"),
     ("CARD", "--"), ("PIAT", "*.*.*"), ("PPOSAT", "Gen.Sg.Fem"), ("FM", "--"), ("TRUNC", "--")),
    ("Der", "Mann", "hat", "das", "Buch", "gelesen", "über", "Straße", "größer", "Mädchen",
     "daß", "nicht", "zu", "haben", "wird", "sie", "ihn", "Bundesregierung", "1999", "a=b",
     "Öl", "(", ")", "%", "&", "<x>", "'s", "--", "#4", "Zürich", "€", "ß"),
    (("$,", ",", "--"), ("$.", ".", "--"), ("$.", "?", "--"), ("$(", '"', "--"), ("$(", "-", "--"),
     ("$(", "(", "--"), ("$(", ")", "--"), ("$.", ":", "--"), ("$(", "...", "--")),
    ("VROOT", "ROOT", "ROOT", "TOP"))

DUTCH = Pool(
    ("SMAIN", "SSUB", "NP", "PP", "CONJ", "REL", "MWU", "PPART", "INF", "DU", "AP", "CP", "TI",
     "WHQ", "SV1", "OTI", "AHI", "ADVP", "DETP", "WHREL"),
    ("su", "obj1", "obj2", "hd", "mod", "det", "body", "cnj", "crd", "vc", "pc", "ld", "predc",
     "svp", "se", "rhd", "whd", "sat", "nucl", "app", "mwp", "dp", "--"),
    (("n", "N(soort,ev,basis,zijd,stan)"), ("ww", "WW(pv,tgw,met-t)"), ("vz", "VZ(init)"),
     ("lid", "LID(bep,stan,rest)"), ("adj", "ADJ(prenom,basis,met-e,stan)"), ("bw", "BW()"),
     ("vnw", "VNW(pers,pron,nomin,vol,3,ev,masc)"), ("tw", "TW(hoofd,prenom,stan)"),
     ("vg", "VG(neven)"), ("spec", "SPEC(deeleigen)"), ("tsw", "TSW()"), ("ww", "WW(vd,vrij,zonder)")),
    ("de", "man", "loopt", "het", "huis", "een", "op", "zon", "nabije", "ster", "Proxima",
     "Centauri", "staat", "afstand", "waar", "licht", "jaar", "en", "maanden", "over", "doet",
     "één", "café", "zo'n", "'t", "&", "x<y"),
    (("let", ",", "LET()"), ("let", ".", "LET()"), ("let", "?", "LET()"), ("let", '"', "LET()"),
     ("let", ":", "LET()"), ("let", "(", "LET()")),
    ("TOP", "ROOT", "DU"))

#: labels discodop reads that are odd somewhere: glued function tags and indices, the
#: empty-ish ``--``, PTB's -NONE-, roots as inner labels, non-ASCII, punctuation tags
ODD = Pool(
    ("NP-SB", "S=2", "-NONE-", "ROOT", "VROOT", "NOPARSE", "ÄP", "X|Y", "NP^S", "A#B", "PP*",
     "--", "S", "NP", "VP", "X", "A-B-C", "TOP", "$[", "LET", "NP-1"),
    ("SB", "HD", "--", "hd", "SB-OA", "X=1", "A-", "-B"),
    (("NN", "--"), ("-NONE-", "--"), ("LET()", "LET()"), ("$(", "--"), ("X", "a.b"), ("TAG-SB", "--"),
     ("PUNCT", "--"), (",", "--"), ("``", "--"), ("-LRB-", "--"), ("VB=2", "x(y)")),
    ("a", "b", "c", "d", "e", "f", "-LRB-", "''", "``", "x=y", "#LRB#", "*T*-1", "0"),
    (("$.", ".", "--"), ("PUNCT", ".", "--"), ("let", ",", "LET()"), (",", ",", "--"),
     (".", "!", "--"), ("``", "``", "--")),
    ("ROOT", "", "VROOT", "TOP", "S"))

POOLS = {"german": GERMAN, "dutch": DUTCH, "odd": ODD}
FORMATS = ("export", "discbracket", "bracket", "tiger", "alpino")
#: formats whose sentences are named by strings, and by line numbers
STRING_KEYED = ("export", "tiger", "alpino")
LINE_KEYED = ("discbracket", "bracket")


# --- random trees ----------------------------------------------------------------------------


def _unary(rng: random.Random, pool: Pool, node: Node, chain: float) -> Node:
    while rng.random() < chain:
        node = Node(rng.choice(pool.labels), [node], rng.choice(pool.functions))
    return node


def random_sentence(rng: random.Random, pool: Pool, length: int, disc: float, key: str,
                    continuous: bool = False) -> Sentence:
    """A sentence of ``length`` words whose tree groups items again and again: ``disc`` is the
    chance that a group takes items from anywhere (a discontinuous constituent); punctuation
    hangs from the root.  ``continuous`` keeps every constituent contiguous."""
    words, items, punct = [], [], []
    punctuation = rng.choice([0.0, 0.1, 0.2])
    for index in range(length):
        if rng.random() < punctuation:
            tag, word, morph = rng.choice(pool.punctuation)
            punct.append(Node(tag, [index], "--", morph, word))
        else:
            tag, morph = rng.choice(pool.tags)
            word = rng.choice(pool.words)
            items.append(Node(tag, [index], rng.choice(pool.functions), morph,
                              word.lower() if rng.random() < 0.5 else "--"))
        words.append(word)
    if continuous:
        items = sorted(items + punct, key=lambda node: node.leaves()[0])
        punct = []
    chain = rng.choice([0.0, 0.05, 0.2])
    keep_going = rng.choice([0.7, 0.9, 0.97])
    while len(items) > 1 and rng.random() < keep_going:
        size = min(len(items), rng.choice([2, 2, 2, 3, 3, 4]))
        items.sort(key=lambda node: node.leaves()[0])
        if continuous or rng.random() >= disc:
            start = rng.randrange(len(items) - size + 1)
            chosen = items[start:start + size]
        else:
            chosen = rng.sample(items, size)
        for node in chosen:
            items.remove(node)
        group = Node(rng.choice(pool.labels), chosen, rng.choice(pool.functions))
        items.append(_unary(rng, pool, group, chain))
        if continuous:
            items.sort(key=lambda node: node.leaves()[0])
    for node in items:
        node.function = rng.choice(["--", "--", *pool.functions])
    root = Node(rng.choice(pool.roots), sorted(items + punct, key=lambda node: node.leaves()[0]))
    _secondary_edges(rng, pool, root)
    return Sentence(key, words, root)


def _secondary_edges(rng: random.Random, pool: Pool, root: Node) -> None:
    """Now and then a node gets a secondary edge to a nonterminal (not the root, not an
    ancestor of itself)."""
    if rng.random() >= 0.3:
        return
    phrases = [node for node in root.walk()[1:] if not node.preterminal()]
    for _ in range(rng.randint(1, 3)):
        if not phrases:
            return
        source = rng.choice(root.walk()[1:])
        target = rng.choice(phrases)
        if target is not source and source not in target.walk() and target not in source.walk():
            source.secondary.append((rng.choice([f for f in pool.functions if f != "--"]), target))


# --- perturbation ------------------------------------------------------------------------------


def _parent_of(root: Node, node: Node) -> Node | None:
    for candidate in root.walk():
        if node in candidate.children:
            return candidate
    return None


def _phrases(root: Node) -> list[Node]:
    return [node for node in root.walk()[1:] if not node.preterminal()]


def _relabel(rng: random.Random, pool: Pool, root: Node) -> None:
    phrases = _phrases(root)
    if phrases:
        rng.choice(phrases).label = rng.choice(pool.labels + ODD.labels[:6])


def _retag(rng: random.Random, pool: Pool, root: Node) -> None:
    tags = [node for node in root.walk() if node.preterminal()]
    if tags:
        node = rng.choice(tags)
        node.label, node.morph = rng.choice(pool.tags)


def _refunction(rng: random.Random, pool: Pool, root: Node) -> None:
    node = rng.choice(root.walk()[1:] or [root])
    node.function = rng.choice(pool.functions)


def _remove(rng: random.Random, pool: Pool, root: Node) -> None:
    phrases = _phrases(root)
    if phrases:
        node = rng.choice(phrases)
        parent = _parent_of(root, node)
        if parent is not None:
            at = parent.children.index(node)
            parent.children[at:at + 1] = node.children


def _add(rng: random.Random, pool: Pool, root: Node) -> None:
    parents = [node for node in root.walk() if not node.preterminal() and len(node.children) >= 2]
    if parents:
        parent = rng.choice(parents)
        size = rng.randint(2, len(parent.children))
        if rng.random() < 0.5:
            start = rng.randrange(len(parent.children) - size + 1)
            chosen = parent.children[start:start + size]
        else:
            chosen = rng.sample(parent.children, size)
        at = min(parent.children.index(child) for child in chosen)
        for child in chosen:
            parent.children.remove(child)
        parent.children.insert(at, Node(rng.choice(pool.labels), chosen, rng.choice(pool.functions)))


def _move(rng: random.Random, pool: Pool, root: Node) -> None:
    node = rng.choice(root.walk()[1:] or [root])
    parent = _parent_of(root, node)
    targets = [target for target in root.walk() if not target.preterminal()
               and target not in node.walk() and target is not parent]
    if parent is None or not targets or len(parent.children) < 2:
        return
    parent.children.remove(node)
    rng.choice(targets).children.append(node)


PERTURBATIONS = ((_relabel, 5), (_retag, 4), (_refunction, 4), (_remove, 4), (_add, 3), (_move, 4))


def _continuous(root: Node) -> bool:
    return all(node.leaves() == list(range(node.leaves()[0], node.leaves()[-1] + 1))
               for node in root.walk() if node.leaves())


def perturbed(rng: random.Random, pool: Pool, sentence: Sentence, rate: float,
              continuous: bool) -> Sentence:
    """A parse of ``sentence``: a copy with random changes (contiguous ones only where
    ``continuous``); secondary edges kept only where both ends survive."""
    parse = copy.deepcopy(sentence)
    steps = sum(rng.random() < rate for _ in range(max(1, len(sentence.words) // 3)))
    for _ in range(steps):
        operations, weights = zip(*PERTURBATIONS)
        before = copy.deepcopy(parse.root)
        rng.choices(operations, weights)[0](rng, pool, parse.root)
        if continuous and not _continuous(parse.root):
            parse.root = before
    _order(parse.root)
    present = set(map(id, parse.root.walk()))
    for node in parse.root.walk():
        node.secondary = [(label, target) for label, target in node.secondary if id(target) in present]
    return parse


def _order(node: Node) -> None:
    """Drop emptied constituents; children in the order of their first word."""
    for child in node.children:
        if isinstance(child, Node):
            _order(child)
    node.children = [child for child in node.children if isinstance(child, int) or child.leaves()]
    node.children.sort(key=lambda child: child if isinstance(child, int) else child.leaves()[0])


# --- writers ---------------------------------------------------------------------------------


def _escape(word: str, disco: bool) -> str:
    """A word in a bracket file: parentheses as discodop writes them (``#LRB#``, which its
    discbracket reader turns back into ``(`` and its bracket reader keeps), or as the PTB
    writes them (``-LRB-``, read as it is by both)."""
    if disco:
        return word.replace("(", "#LRB#").replace(")", "#RRB#")
    return word.replace("(", "-LRB-").replace(")", "-RRB-")


def _with_function(node: Node, glue: bool) -> str:
    """The node's label as a bracket file holds it (parentheses as the export reader turns
    them, ``$(`` to ``$[``), the function tag glued on when ``glue``."""
    label = node.label.replace("(", "[").replace(")", "]")
    return f"{label}-{node.function}" if glue and node.function != "--" else label


def write_bracket(sentences: list[Sentence], rng: random.Random, indexed: bool, disco: bool) -> str:
    """discbracket (``indexed``) or bracket lines, words escaped as :func:`_escape` says;
    function tags glued to labels sometimes."""
    glue = rng.random() < 0.6
    comment = rng.random() < 0.2

    def render(node: Node, words: list[str]) -> str:
        if node.preterminal():
            leaf = node.children[0]
            assert isinstance(leaf, int)
            word = _escape(words[leaf], disco)
            return f"({_with_function(node, glue)} {f'{leaf}={word}' if indexed else word})"
        inner = " ".join(render(child, words) for child in node.children if isinstance(child, Node))
        return f"({_with_function(node, glue)} {inner})"

    lines = []
    for sentence in sentences:
        line = render(sentence.root, sentence.words)
        if indexed and comment:
            line += f"\tsent {sentence.key}"
        lines.append(line)
    return "".join(line + "\n" for line in lines)


def _node_ids(rng: random.Random, root: Node) -> dict[int, int]:
    phrases = [node for node in root.walk()[1:] if not node.preterminal()]
    numbers = list(range(500, 500 + len(phrases)))
    if rng.random() < 0.5:
        rng.shuffle(numbers)
    return {id(node): number for node, number in zip(phrases, numbers)}


def write_export(sentences: list[Sentence], rng: random.Random, columns: int) -> str:
    """Negra's export format, 4 columns (lemma) or 3."""
    sep = rng.choice(["\t", "\t", " ", "\t\t", "  \t"])
    out = []
    if rng.random() < 0.5:
        out.append(f"#FORMAT {columns}")
    if rng.random() < 0.5:
        out.append("%% word\tlemma\ttag\tmorph\tedge\tparent\tsecedge" if columns == 4
                   else "%% word\ttag\tmorph\tedge\tparent\tsecedge")
    for sentence in sentences:
        ids = _node_ids(rng, sentence.root)
        parents = {id(child): ids.get(id(node), 0) for node in sentence.root.walk()
                   for child in node.children if isinstance(child, Node)}
        head = rng.choice(["", "", " 2 857 0", " %% a comment", " 1 0 0 %% x"])
        out.append(f"#BOS {sentence.key}{head}")
        terminals = sorted((node for node in sentence.root.walk() if node.preterminal()),
                           key=lambda node: node.children[0])  # type: ignore[arg-type,return-value]
        for node in terminals + [n for n in sentence.root.walk()[1:] if not n.preterminal()]:
            if node.preterminal():
                leaf = node.children[0]
                assert isinstance(leaf, int)
                first = [sentence.words[leaf], node.lemma][:columns - 2]
            else:
                first = [f"#{ids[id(node)]}", "--"][:columns - 2]
            fields = [*first, node.label or "--", node.morph, node.function, str(parents[id(node)])]
            for label, target in node.secondary:
                fields += [label, str(ids[id(target)])]
            out.append(sep.join(fields))
        out.append(f"#EOS {sentence.key}")
    return "".join(line + "\n" for line in out)


def write_tiger(sentences: list[Sentence], rng: random.Random) -> bytes:
    """Tiger XML: one ``<s>`` a sentence."""
    corpus = ElementTree.Element("corpus", id="generated")
    if rng.random() < 0.5:
        ElementTree.SubElement(ElementTree.SubElement(corpus, "head"), "meta")
    body = ElementTree.SubElement(corpus, "body")
    for sentence in sentences:
        key = sentence.key
        ids = _node_ids(rng, sentence.root)
        s = ElementTree.SubElement(body, "s", id=key)
        graph = ElementTree.SubElement(s, "graph", root=f"{key}_{sentence.root.label or 'VROOT'}")
        terminals = ElementTree.SubElement(graph, "terminals")
        names: dict[int, str] = {}
        for node in sorted((n for n in sentence.root.walk() if n.preterminal()),
                           key=lambda n: n.children[0]):  # type: ignore[arg-type,return-value]
            leaf = node.children[0]
            assert isinstance(leaf, int)
            names[id(node)] = f"{key}_{leaf + 1}"
            ElementTree.SubElement(terminals, "t", id=names[id(node)], word=sentence.words[leaf],
                                   lemma=node.lemma, pos=node.label, morph=node.morph)
        for node in sentence.root.walk()[1:]:
            if not node.preterminal():
                names[id(node)] = f"{key}_{ids[id(node)]}"
        nonterminals = ElementTree.SubElement(graph, "nonterminals")
        phrases = [n for n in sentence.root.walk()[1:] if not n.preterminal()]
        if rng.random() < 0.5:
            phrases.reverse()
        incoming: dict[int, list[tuple[str, Node]]] = {}
        for node in sentence.root.walk():
            for label, target in node.secondary:
                incoming.setdefault(id(target), []).append((label, node))
        for node in [*phrases, sentence.root]:
            name = names.get(id(node), f"{key}_{sentence.root.label or 'VROOT'}")
            nt = ElementTree.SubElement(nonterminals, "nt", id=name, cat=node.label)
            for child in node.children:
                if isinstance(child, Node):
                    ElementTree.SubElement(nt, "edge", label=child.function, idref=names[id(child)])
            for label, source in incoming.get(id(node), []):
                ElementTree.SubElement(nt, "secedge", label=label, idref=names[id(source)])
    return ElementTree.tostring(corpus, encoding="UTF-8", xml_declaration=True) + b"\n"


def write_alpino(sentence: Sentence, rng: random.Random) -> bytes:
    """One Alpino XML document; secondary edges as co-indexed empty nodes."""
    counter = iter(range(10**6))
    index: dict[int, int] = {}
    for node in sentence.root.walk():
        for _label, _target in node.secondary:
            index.setdefault(id(node), len(index) + 1)
    incoming: dict[int, list[tuple[str, Node]]] = {}
    for node in sentence.root.walk():
        for label, target in node.secondary:
            incoming.setdefault(id(target), []).append((label, node))

    def build(node: Node, parent: ElementTree.Element, top: bool) -> None:
        leaves = node.leaves()
        attrs = {"id": str(next(counter)), "begin": str(leaves[0]), "end": str(leaves[-1] + 1),
                 "rel": "top" if top else node.function}
        if id(node) in index:
            attrs["index"] = str(index[id(node)])
        if node.preterminal():
            leaf = node.children[0]
            assert isinstance(leaf, int)
            attrs.update(begin=str(leaf), end=str(leaf + 1), word=sentence.words[leaf],
                         lemma=node.lemma, postag=node.morph)
            attrs["pt" if rng.random() < 0.8 else "pos"] = node.label
            ElementTree.SubElement(parent, "node", attrs)
            return
        attrs["cat"] = node.label.lower()
        element = ElementTree.SubElement(parent, "node", attrs)
        for child in node.children:
            if isinstance(child, Node):
                build(child, element, False)
        for label, source in incoming.get(id(node), []):
            ElementTree.SubElement(element, "node", {
                "id": str(next(counter)), "index": str(index[id(source)]), "rel": label,
                "begin": str(source.leaves()[0]), "end": str(source.leaves()[-1] + 1)})

    document = ElementTree.Element("alpino_ds", version="1.3")
    build(sentence.root, document, True)
    ElementTree.SubElement(document, "sentence").text = " ".join(sentence.words)
    if rng.random() < 0.3:
        ElementTree.SubElement(ElementTree.SubElement(document, "comments"), "comment").text = "Q#x"
    return ElementTree.tostring(document, encoding="UTF-8", xml_declaration=True) + b"\n"


# --- parameter files, head rules, options --------------------------------------------------------

ONCE = ("DEBUG", "MAX_ERROR", "CUTOFF_LEN", "LABELED", "DISC_ONLY", "LA", "TED", "DEP",
        "DELETE_ROOT_PRETERMS")
DELETABLE = ("VROOT", "ROOT", "TOP", "NOPARSE", "$,", "$.", "$(", "$[", "let", "LET()", "LET",
             "PUNCT", ",", ".", "-NONE-", "NP", "PP", "S", "DU", "--", "ART", "n", "``")
#: EQ_LABEL pairs of phrase labels only: discodop counts a word's function tag as matched
#: when the parse's tag, renamed to its class's representative (picked in hash order),
#: equals the gold's tag as written, so a class of tags makes the function tag score change
#: with PYTHONHASHSEED
EQ_PAIRS = (("ADVP", "PRT"), ("NP", "PP"), ("PP", "AP"), ("S", "VP"), ("CNP", "NP"), ("SMAIN", "SSUB"),
            ("VROOT", "ROOT"), ("AP", "AVP"), ("TOP", "DU"), ("X", "X"), ("CS", "S"), ("CONJ", "DU"))
DELETE_WORDS = (".", ",", ":", ";", "'", '"', "-", "(", ")", "?", "...", "«", "»", "der", "de", "&")
EQ_WORDS = (("-LRB-", "("), ("-RRB-", ")"), ("Der", "der"), ("de", "het"), ("a", "b"))


def prm_file(rng: random.Random, ted: bool, traits: set[str], roots: tuple[str, ...] = ()) -> str:
    """A random parameter file (a rare defect that discodop refuses among its lines), with
    ``TED 1`` when ``ted``, else without TED or ``TED 0``; no
    EQ_LABEL pair names one of the ``roots``: discodop renames every label but the root's to
    its class's representative (picked in hash order), so whether the root and an inner
    node of its class share a label, and so the category table, would change with
    PYTHONHASHSEED."""
    lines = []
    for key in ONCE:
        if rng.random() < 0.35 or (key == "TED" and ted):
            value = {"DEBUG": rng.choice([-1, -1, 0, 1, 1, 2]), "MAX_ERROR": rng.choice([0, 10, 1000]),
                     "CUTOFF_LEN": rng.choice([0, 3, 5, 10, 40, 100]), "LABELED": rng.choice([0, 1, 1]),
                     "TED": int(ted)}.get(key, rng.choice([0, 1]))
            lines.append(f"{key} {value}")
            traits.add(f"prm:{key}")
    for key, pool, count in (("DELETE_LABEL", DELETABLE, 6), ("DELETE_LABEL_FOR_LENGTH", DELETABLE, 2),
                             ("DELETE_WORD", DELETE_WORDS, 4)):
        if rng.random() < 0.5:
            traits.add(f"prm:{key}")
            for value in rng.sample(pool, rng.randint(1, count)):
                lines.append(f"{key} {value}" + (" " if rng.random() < 0.05 else ""))
    labels = tuple(pair for pair in EQ_PAIRS if not set(pair) & set(roots))
    for key, pool in (("EQ_LABEL", labels), ("EQ_WORD", EQ_WORDS)):
        if rng.random() < 0.35:
            traits.add(f"prm:{key}")
            lines += [f"{key} {a} {b}" for a, b in rng.sample(pool, rng.randint(1, 4))]
    lines += _whole_classes_deleted(lines)
    rng.shuffle(lines)
    for _ in range(rng.choice([0, 0, 1, 3])):
        lines.insert(rng.randint(0, len(lines)), rng.choice(["# a comment", "", "##---##", "#DEBUG 9"]))
    if rng.random() < 0.03:
        traits.add("prm:defect")
        defect = rng.choice(["UNKNOWN_KEY 1", "EQ_LABEL A B C", "LABELED", "DEBUG one", "   "])
        if lines and rng.random() < 0.3:
            defect = lines[0] if lines[0].split()[:1] and lines[0].split()[0] in ONCE else defect
        lines.insert(rng.randint(0, len(lines)), defect)
    ending = "\r\n" if rng.random() < 0.1 else "\n"
    return "".join(line + ending for line in lines)


def _whole_classes_deleted(lines: list[str]) -> list[str]:
    """DELETE_LABEL lines for the other members of each EQ_LABEL class one of whose members
    DELETE_LABEL names: discodop renames a label to its class's representative before it
    looks the label up in DELETE_LABEL, and picks the representative in hash order, so a
    class deleted in part is deleted or not by chance (its brackets, and so the scores,
    change with PYTHONHASHSEED).

    >>> _whole_classes_deleted(["EQ_LABEL S VP", "EQ_LABEL VP CS", "DELETE_LABEL S", "DELETE_LABEL NP"])
    ['DELETE_LABEL CS', 'DELETE_LABEL VP']
    """
    classes: list[set[str]] = []
    for line in lines:
        if line.startswith("EQ_LABEL "):
            pair = set(line.split()[1:3])
            joined = [members for members in classes if members & pair]
            for members in joined:
                classes.remove(members)
                pair |= members
            classes.append(pair)
    deleted = {line.split(None, 1)[1] for line in lines if line.startswith("DELETE_LABEL ")}
    return [f"DELETE_LABEL {label}" for members in classes if members & deleted
            for label in sorted(members - deleted)]


def head_rules(rng: random.Random, pool: Pool) -> str:
    """A head rules file as discodop's heads.readheadrules reads it."""
    lines = ["% head rules"]
    directions = ("left-to-right", "right-to-left", "left", "right", "leftdis", "rightdis")
    written: list[str] = []
    for label in rng.sample(pool.labels, min(len(pool.labels), rng.randint(2, 8))):
        if not label or label != label.split()[0]:
            continue
        if written and rng.random() < 0.15:
            lines.append(f"{label} like {rng.choice(written)}")
        else:
            heads = rng.sample([tag for tag, _ in pool.tags] + list(pool.labels[:5]), 3)
            lines.append(f"{label.lower()} {rng.choice(directions)} {' '.join(h for h in heads if h)}")
        written.append(label.upper())
    return "".join(line + "\n" for line in lines)


# --- a whole case ------------------------------------------------------------------------------


@dataclass
class Case:
    """The files of a case (name -> bytes) and ``discodop eval``'s arguments."""

    files: dict[str, bytes] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    traits: set[str] = field(default_factory=set)
    #: the EQ_LABEL and EQ_WORD pairs of the parameter file (for comparing outputs whose
    #: class representatives discodop picks in hash order)
    eq_pairs: list[tuple[str, str]] = field(default_factory=list)
    #: parentheses in bracket files escaped as discodop does (else as the PTB does)
    disco_escapes: bool = False

    def write(self, folder) -> None:  # type: ignore[no-untyped-def]
        for name, data in self.files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)


def _keys(rng: random.Random, count: int, formats: tuple[str, str]) -> list[str]:
    if any(fmt in LINE_KEYED for fmt in formats):
        return [str(n) for n in range(1, count + 1)]
    if "alpino" in formats:
        style = rng.choice(["n", "lassy"])
        return [f"trees/{n}" if style == "n" else f"trees/WR-P-P-H-{n:010d}.p.{n}.s.1"
                for n in range(1, count + 1)]
    style = rng.choice(["n", "n", "s", "odd"])
    return [str(n) if style == "n" else f"s{n}" if style == "s" else f"{n}a-x"
            for n in range(1, count + 1)]


def _write(case: Case, fmt: str, side: str, sentences: list[Sentence], rng: random.Random,
           encoding: str) -> str:
    """Write ``sentences`` for ``side`` (gold or parses) in ``fmt``; the file argument."""
    if fmt == "alpino":
        for sentence in sentences:
            name = sentence.key if "/" in sentence.key else f"trees/{sentence.key}"
            case.files[f"{side}/{name}.xml"] = write_alpino(sentence, rng)
        case.traits.add("alpino")
        return f"{side}/trees/*.xml"
    if fmt == "tiger":
        data = write_tiger(sentences, rng)
        name = f"{side}.xml"
    elif fmt == "export":
        columns = rng.choice([3, 4])
        case.traits.add(f"export{columns}")
        text = write_export(sentences, rng, columns)
        data = text.encode(encoding, "replace")
        name = f"{side}.export"
    else:
        text = write_bracket(sentences, rng, fmt == "discbracket", case.disco_escapes)
        data = text.encode(encoding, "replace")
        name = f"{side}.{'dbr' if fmt == 'discbracket' else 'mrg'}"
    case.files[name] = data
    case.traits.add(fmt)
    return name


def _formats(rng: random.Random, case: Case) -> tuple[str, str]:
    gold = rng.choice(FORMATS)
    roll = rng.random()
    if roll < 0.75:
        return gold, gold
    family = LINE_KEYED if gold in LINE_KEYED else STRING_KEYED
    if roll < 0.97:
        case.traits.add("mixed formats")
        return gold, rng.choice(family)
    case.traits.add("keys differ")
    return gold, rng.choice([fmt for fmt in FORMATS if fmt not in family])


def make_case(rng: random.Random) -> Case:
    """A random case: files in the case's formats, a .prm file, head rules and options."""
    case = Case()
    traits = case.traits
    formats = _formats(rng, case)
    case.disco_escapes = formats[0] == formats[1] and rng.random() < 0.5
    continuous = "bracket" in formats
    ted = rng.random() < 0.08
    language = rng.choices(list(POOLS), [5, 4, 1])[0]
    pool = POOLS[language]
    traits.add(language)
    count = rng.choice([1, 2, 3, 5, 8, 12, 20, 30]) if not ted else rng.choice([1, 2, 3, 4])
    if ted:
        lengths = [rng.randint(1, 8) for _ in range(count)]
    else:
        lengths = [rng.choice([1, 2, 4, 6, 10, 15, 20, 30]) for _ in range(count)]
        if rng.random() < 0.1:
            lengths[rng.randrange(count)] = rng.randint(60, 120)
            traits.add("long")
    disc = rng.choice([0.0, 0.2, 0.5, 0.8])
    keys = _keys(rng, count, formats)
    gold = [random_sentence(rng, pool, length, disc, key, continuous) for length, key in zip(lengths, keys)]
    rate = rng.choice([0.0, 0.1, 0.3, 0.6, 1.0])
    parses = [perturbed(rng, pool, sentence, rate, continuous) for sentence in gold]
    _sentence_defects(rng, gold, parses, traits, formats[1] in LINE_KEYED)
    if any(node.leaves() and not _continuous(node) for s in gold for node in [s.root]):
        traits.add("discontinuous")
    options: list[list[str]] = []
    encodings = {"gold": "utf-8", "parses": "utf-8"}
    for side in ("gold", "parses"):
        if rng.random() < 0.12:
            encoding = rng.choice(["latin1", "iso-8859-1", "utf8", "UTF-8", "utf-8"])
            if encoding in ("latin1", "iso-8859-1") and rng.random() < 0.95:
                encodings[side] = "latin-1"
            options.append([f"--{side}enc", encoding])
            traits.add(f"--{side}enc")
    gold_arg = _write(case, formats[0], "gold", gold, rng, encodings["gold"])
    parses_arg = _write(case, formats[1], "parses", parses, rng, encodings["parses"])
    if formats == ("export", "export") and rng.random() < 0.8:
        pass  # the default format
    elif formats[0] == formats[1] and rng.random() < 0.7:
        options.append(["--fmt", formats[0]])
    else:
        if formats[0] != "export" or rng.random() < 0.5:
            options.append(["--goldfmt", formats[0]])
        if formats[1] != "export" or rng.random() < 0.5:
            options.append(["--parsesfmt", formats[1]])
        if rng.random() < 0.05:
            options.append(["--fmt", rng.choice(formats)])
    ted_in_prm = ted and rng.random() < 0.5
    _options(rng, case, pool, ted and not ted_in_prm, options)
    args = [gold_arg, parses_arg]
    if ted_in_prm or rng.random() < 0.75:
        case.files["eval.prm"] = prm_file(rng, ted_in_prm, traits, pool.roots).encode("utf-8")
        args.append("eval.prm")
        case.eq_pairs = [tuple(line.split()[1:3]) for line in case.files["eval.prm"].decode().splitlines()
                         if line.startswith(("EQ_LABEL ", "EQ_WORD ")) and len(line.split()) == 3]
    case.args = _arrange(rng, args, options)
    return case


def _sentence_defects(rng: random.Random, gold: list[Sentence], parses: list[Sentence],
                      traits: set[str], line_keyed: bool) -> None:
    """Missing parses (tolerated: any one where sentences are named, the last ones where
    they are numbered by line), and rarely a parse discodop fails on."""
    if len(parses) > 1 and rng.random() < 0.15:
        if line_keyed:
            del parses[-rng.randint(1, len(parses) - 1):]
        else:
            del parses[rng.randrange(len(parses))]
        traits.add("missing parse")
    if rng.random() < 0.04 and parses:
        parse = rng.choice(parses)
        at = rng.randrange(len(parse.words))
        parse.words[at] = parse.words[at] + "x"
        traits.add("word mismatch")
    if rng.random() < 0.02 and len(gold) > 1:
        del gold[rng.randrange(len(gold))]
        traits.add("missing gold")


def _options(rng: random.Random, case: Case, pool: Pool, ted: bool, options: list[list[str]]) -> None:
    traits = case.traits
    if rng.random() < 0.3:
        options.append(["--cutofflen", str(rng.choice([0, 2, 5, 10, 40, 100]))])
    for flag, chance in (("--verbose", 0.2), ("--debug", 0.07), ("--disconly", 0.15), ("--la", 0.25)):
        if rng.random() < chance:
            options.append([flag])
    if ted:
        options.append(["--ted"])
    if rng.random() < 0.35:
        options.append(["--functions", rng.choice(["leave", "add", "replace", "remove", "between"])])
    if rng.random() < 0.3:
        options.append(["--morphology", rng.choice(["no", "add", "replace", "between"])])
    if rng.random() < 0.12:
        case.files["rules.headrules"] = head_rules(rng, pool).encode("utf-8")
        options.append(["--headrules", "rules.headrules"])
    for group in options:
        traits.add(group[0])


def _arrange(rng: random.Random, args: list[str], options: list[list[str]]) -> list[str]:
    """Options as ``--opt=value`` or ``--opt value``, before, between or after the files."""
    pieces: list[list[str]] = []
    for group in options:
        if len(group) == 2 and rng.random() < 0.6:
            pieces.append([f"{group[0]}={group[1]}"])
        else:
            pieces.append(group)
    rng.shuffle(pieces)
    where = rng.random()
    if where < 0.6:
        return args + [word for piece in pieces for word in piece]
    if where < 0.8:
        return [word for piece in pieces for word in piece] + args
    units = [[arg] for arg in args]
    for piece in pieces:
        units.insert(rng.randint(0, len(units)), piece)
    return [word for unit in units for word in unit]
