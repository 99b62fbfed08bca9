"""Content-word heads: the rules of CoreNLP's SemanticHeadFinder that a table cannot express.

A table with ``%procedural semantic`` (the bundled ``semantic``) or ``%procedural
semantic-copula`` (``semantic-copula``, CoreNLP's ``SemanticHeadFinder(false)``) is run by
:class:`SemanticHeadFinder`, which looks at words, tags and the parent before its table:

* **CONJP words**: ``but not``, ``and not``, ``but also``, ``but rather``, ``and yet`` are
  headed by their second word (an RB, or an ADVP holding only that RB).
* **Auxiliaries** (VP, SQ, SINV): a child that is an auxiliary (a verb tag and a word such as
  *will, has, do, to, 'd*, or the tags TO, MD, AUX, AUXG alone), or a passive/progressive
  *be*/*get* beside a participial VP, hands the head to the leftmost VP child (VP, then ADJP
  when a copula or one of those tags is there).
* **Copulas** (``semantic`` only): a form of *be* hands the head to its complement (VP, ADJP,
  NP, WHADJP, WHNP; from the right in SQ, where an NP needs another NP before it), unless
  an existential *there* or a wh-question is involved; in SBARQ and SINV three word patterns
  (*what is wrong*, *who am I*, *Tuesday it is*) come first.
* **Coordination**: the head moves left over ``CC``/``CONJP``, then back over punctuation,
  UH and INTJ, and over earlier conjuncts separated by ``,`` or ``:``, so the head of
  *a, b and c* is *a*.

Categories are compared without function tags, as the reference (CoreNLP 4.5.10 on trees
whose function tags were stripped); CoreNLP's exclusion of ``-TMP``/``-ADV`` complements
therefore never applies (docs/convert.md).  Words are compared in lower case.

>>> from nltk import Tree
>>> from treeeval.conversion import Converter
>>> tree = Tree.fromstring("(S (NP (PRP He)) (VP (VBZ is) (ADJP (JJ tall))))")
>>> next(Converter("semantic").sentences([tree])).heads
[3, 3, 0]
>>> next(Converter("semantic-copula").sentences([tree])).heads
[2, 0, 2]
"""

from __future__ import annotations

from nltk import Tree

from ..formats.head_finder import HeadFinder, compile_rule
from ..formats.headrules import HeadPass, HeadTable
from ..model.tree_walks import fold, preorder
from .heads import base_category, is_preterminal, phrase_children

#: auxiliaries (with a verb tag), including the misspellings CoreNLP lists for web text
AUXILIARIES = frozenset(
    "will wo shall sha may might should would can could ca must 'll ’ll ll -ll cold has have had "
    "having 've ’ve ve v of hav hvae as get gets getting got gotten do does did 'd ’d d du to "
    "2 na a ot ta the too".split())
#: forms of *be*
COPULAS = frozenset("be being been am are r is ai was were 'm ’m m 're ’re 's ’s s `s art ar "
                    "wase".split())
#: the passive and progressive auxiliaries: *be* and *get*
PASSIVE_AUXILIARIES = COPULAS | frozenset("get getting gets got gotten".split())
VERB_TAGS = frozenset("TO MD VB VBD VBP VBZ VBG VBN AUX AUXG".split())
#: tags that make an auxiliary whatever the word
AUXILIARY_TAGS = frozenset("TO MD AUX AUXG".split())
PARTICIPLE_TAGS = frozenset(["VBN", "VBG", "VBD"])  # VBD for frequent tagging mistakes
#: CONJP: (first words, second words, whether the second may be an ADVP over its RB); the
#: second word heads
CONJP_KEYWORDS = ((frozenset(["but", "and"]), frozenset(["not"]), False),
                  (frozenset(["but"]), frozenset(["also", "rather"]), True),
                  (frozenset(["and"]), frozenset(["yet"]), True))
_VERBAL = frozenset(["VP", "SQ", "SINV"])
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


#: the rules the auxiliary and copula rules search with, under names no table can give a
#: parent (tables write options with %); they have no default, so they may find nothing
_AFTER_AUXILIARY = "%after-auxiliary"
_AFTER_COPULA_AUXILIARY = "%after-copula-or-auxiliary-tag"
_COMPLEMENT = "%copula-complement"
_COMPLEMENT_SQ = "%copula-complement-sq"
_SEARCHES = {_AFTER_AUXILIARY: HeadPass("left", ("VP",)),
             _AFTER_COPULA_AUXILIARY: HeadPass("left", ("VP", "ADJP")),
             _COMPLEMENT: HeadPass("left", ("VP", "ADJP", "NP", "WHADJP", "WHNP")),
             _COMPLEMENT_SQ: HeadPass("right", ("VP", "ADJP", "NP", "WHADJP", "WHNP"))}


def without_empty(node: Tree) -> Tree | None:
    """A copy of ``node`` without empty elements (``-NONE-``) and the constituents left
    empty; None if nothing is left.  Words outside tags stay, for makedeps to report.

    >>> print(without_empty(Tree.fromstring("(S (NP-SBJ (-NONE- *)) (VP (VB go)))")))
    (S (VP (VB go)))
    """
    return fold(node, phrase_children, _unless_empty,
                lambda phrase, kept: Tree(phrase.label(), kept) if kept else None)


def _unless_empty(node: Tree | str) -> Tree | str | None:
    return None if isinstance(node, Tree) and node.label() == "-NONE-" else node


def _text(child: Tree | str) -> str:
    """A word, or a category, as a tree pattern sees it."""
    return child if isinstance(child, str) else base_category(child.label())


def _has_child_in(node: Tree, words: frozenset[str]) -> bool:
    """A child of ``node`` is one of ``words``, ASCII letters compared in any case (as Java's
    ``(?i)``)."""
    return any(_text(child).translate(_ASCII_LOWER) in words for child in node)


def _only_child_in(node: Tree | str, words: frozenset[str]) -> bool:
    return isinstance(node, Tree) and len(node) == 1 and _has_child_in(node, words)


def _has_tag(node: Tree | str, tag: str) -> bool:
    """Some part-of-speech tag under ``node`` (or ``node`` itself) is ``tag``.

    >>> _has_tag(Tree.fromstring("(NP (NP (EX there)) (NN hope))"), "EX")
    True
    """
    return any(isinstance(below, Tree) and is_preterminal(below)
               and base_category(below.label()) == tag
               for _, below in preorder(node, phrase_children))


def conjp_keyword(node: Tree, cats: list[str]) -> int:
    """The second word of *but not*, *but also*, *and yet* ... in a CONJP, or -1.

    >>> conjp_keyword(Tree.fromstring("(CONJP (CC but) (RB not))"), ["CC", "RB"])
    1
    >>> conjp_keyword(Tree.fromstring("(CONJP (RB rather) (IN than))"), ["RB", "IN"])
    -1
    """
    for first, second, in_advp in CONJP_KEYWORDS:
        for i in range(len(cats) - 1):
            if cats[i] != "CC" or not _only_child_in(node[i], first):
                continue
            after = node[i + 1]
            if cats[i + 1] == "RB" and _only_child_in(after, second):
                return i + 1
            if (in_advp and cats[i + 1] == "ADVP" and len(after) == 1
                    and isinstance(after[0], Tree) and base_category(after[0].label()) == "RB"
                    and _only_child_in(after[0], second)):
                return i + 1
    return -1


def copular_question(node: Tree, category: str, cats: list[str]) -> int:
    """The head CoreNLP's copula patterns give an SBARQ or SINV, or -1.

    SBARQ: with a WHNP, then a form of *be*, then an ADJP, the last ADJP (*what is wrong*);
    else the first WHNP followed by *be* + NP and no ADJP after *be* (*who am I*).  SINV:
    the first NP followed by another NP and a VP holding *be* (*Tuesday it is*).

    >>> copular_question(Tree.fromstring(
    ...     "(SBARQ (WHNP (WP What)) (VBZ is) (ADJP (JJ wrong)) (. ?))"), "SBARQ",
    ...     ["WHNP", "VBZ", "ADJP", "."])
    2
    """
    n = len(cats)
    if category == "SBARQ":
        copular = [cats[j].startswith("VB") and _has_child_in(node[j], COPULAS) for j in range(n)]
        whnp = [i for i in range(n) if cats[i] == "WHNP"]
        adjp = [m for m in range(n) if cats[m] == "ADJP"]
        if whnp and adjp and any(copular[j] for j in range(whnp[0] + 1, adjp[-1])):
            return adjp[-1]
        for i in whnp:
            for j in range(i + 1, n - 1):
                if copular[j] and cats[j + 1] == "NP" and "ADJP" not in cats[j + 1:]:
                    return i
    elif category == "SINV":
        with_be = [cats[m] == "VP" and any(
            isinstance(x, Tree) and _text(x).startswith(("VB", "AUX")) and _has_child_in(x, COPULAS)
            for x in node[m]) for m in range(n)]
        for i in range(n):
            if cats[i] == "NP" and any(cats[j] == "NP" and any(with_be[j + 1:])
                                       for j in range(i + 1, n)):
                return i
    return -1


def participial_vp(vp: Tree, plain: bool) -> bool:
    """Whether a VP child of a clause with *be*/*get* makes it passive or progressive.

    A participle tag (VBN, VBG, VBD) among its children does, and so does a CC after a
    child phrase whose own children include a participle (coordinated participial VPs).
    CoreNLP only tracks that child phrase when the VP's own label is plain ``VP``
    (``plain``), and then whatever the child phrase's category.

    >>> participial_vp(Tree.fromstring("(VP (VBN taken) (PP (IN by) (NP (NN force))))"), True)
    True
    >>> participial_vp(Tree.fromstring("(VP (VP (VBN seen)) (CC and) (VP (VBN heard)))"), True)
    True
    >>> participial_vp(Tree.fromstring("(VP (VP (VBN seen)) (CC and) (VP (VBN heard)))"), False)
    False
    """
    participle_before = False
    for child in vp:
        if isinstance(child, str):
            continue
        if is_preterminal(child):
            tag = base_category(child.label())
            if tag in PARTICIPLE_TAGS or (tag == "CC" and participle_before):
                return True
        elif plain:
            participle_before = any(isinstance(x, Tree) and is_preterminal(x)
                                    and base_category(x.label()) in PARTICIPLE_TAGS for x in child)
    return False


def is_existential(category: str, up: Tree | None) -> bool:
    """*there* (tag EX) before a VP among its parent's children, or anywhere under an SQ's
    parent outside its verbs.

    >>> is_existential("VP", Tree.fromstring("(S (NP (EX There)) (VP (VBZ is) (NP (NN hope))))"))
    True
    """
    if up is None:
        return False
    if category == "VP":
        for child in up:
            if _text(child) == "VP":
                return False
            if _has_tag(child, "EX"):
                return True
    elif category.startswith("SQ"):
        return any(not _text(child).startswith("VB") and _has_tag(child, "EX") for child in up)
    return False


def is_wh_question(category: str, up: Tree | None) -> bool:
    """An SQ under an SBARQ with a WH phrase.

    >>> is_wh_question("SQ", Tree.fromstring("(SBARQ (WHNP (WP Who)) (SQ (VBZ is) (NP (PRP it))))"))
    True
    """
    return (category.startswith("SQ") and up is not None and _text(up) == "SBARQ"
            and any(_text(child).startswith("WH") for child in up))


class SemanticHeadFinder(HeadFinder):
    """A head table with CoreNLP's SemanticHeadFinder rules (the module's docstring).

    ``prepare`` removes the empty elements and notes each node's parent; ``head`` then
    needs the node (without it, only the table and its coordination rule apply).

    >>> from treeeval.formats.headrules import load_heads
    >>> finder = SemanticHeadFinder(load_heads("semantic"))
    >>> vp = finder.prepare(Tree.fromstring("(VP (MD will) (VP (VB go) (NP (-NONE- *))))"))
    >>> finder.head("VP", ["MD", "VP"], vp)
    1
    """

    def __init__(self, table: HeadTable) -> None:
        super().__init__(table)
        self.rules.update((name, compile_rule((search,), default=False))
                          for name, search in _SEARCHES.items())
        #: the copulas whose complement heads ("semantic"); none with the copula as head
        self.copulas = COPULAS if table.procedural == "semantic" else frozenset()
        self._parents: dict[int, Tree] = {}
        self._preterminal: list[bool] = []

    def prepare(self, tree: Tree) -> Tree | None:
        """``tree`` without empty elements; each node's parent is noted for ``head``."""
        pruned = without_empty(tree)
        self._parents = {} if pruned is None else {
            id(child): node for _, node in preorder(pruned, phrase_children) for child in node
            if isinstance(child, Tree)}
        return pruned

    def head(self, parent: str, cats: list[str], node: Tree | None = None) -> int:
        """Index of the head child of ``node``, a node of the prepared tree whose category is
        ``parent`` and whose children's categories are ``cats``."""
        if len(cats) == 1:
            return 0
        self._preterminal = [False] * len(cats) if node is None else [
            is_preterminal(kid) for kid in node]
        if node is None:
            return super().head(parent, cats)
        found = -1
        if parent == "CONJP":
            found = conjp_keyword(node, cats)
        elif self.copulas and parent in ("SBARQ", "SINV"):
            found = copular_question(node, parent, cats)
        if found < 0 and parent in _VERBAL:
            found = self._verbal(node, parent, cats)
        return found if found >= 0 else super().head(parent, cats)

    def _verbal(self, node: Tree, category: str, cats: list[str]) -> int:
        """The auxiliary and copula rules of a VP, SQ or SINV (-1: the table decides)."""
        verbs = [(cat, kid[0].lower()) for kid, cat in zip(node, cats)
                 if is_preterminal(kid) and cat in VERB_TAGS]

        def has(words: frozenset[str], tag_alone: bool) -> bool:
            return any(word in words or (tag_alone and tag in AUXILIARY_TAGS)
                       for tag, word in verbs)

        found = -1
        if has(AUXILIARIES, True) or self._passive(node, cats, verbs):
            rule = _AFTER_COPULA_AUXILIARY if has(self.copulas, True) else _AFTER_AUXILIARY
            found = super().head(rule, cats)
        up = self._parents.get(id(node))
        if (found < 0 and has(self.copulas, False) and not is_existential(category, up)
                and not is_wh_question(category, up)):
            found = super().head(_COMPLEMENT_SQ if category == "SQ" else _COMPLEMENT, cats)
            if (category == "SQ" and found >= 0 and cats[found].startswith("NP")
                    and not any(cat.startswith("NP") for cat in cats[:found])):
                found = -1
        return found

    @staticmethod
    def _passive(node: Tree, cats: list[str], verbs: list[tuple[str, str]]) -> bool:
        return any(word in PASSIVE_AUXILIARIES for _, word in verbs) and any(
            cat.startswith("VP") and not is_preterminal(kid) and participial_vp(kid, cat == "VP")
            for kid, cat in zip(node, cats))

    def _coordinate(self, h: int, cats: list[str]) -> int:
        """CoreNLP's semantic coordination rule (the module's docstring), on the children of
        the node ``head`` is at."""
        if h < 2 or cats[h - 1] not in self.coordination:
            return h
        interjection = cats[h] == "UH"
        preterminal = self._preterminal

        def skipped(i: int) -> bool:
            cat = cats[i]
            if preterminal[i] and (cat in self.punctuation or (cat == "UH" and not interjection)):
                return True
            return cat == "INTJ" and not interjection

        k = h - 2
        while k >= 0 and skipped(k):
            k -= 1
        while k >= 2:
            separated, i = False, k - 1
            while i >= 0 and (cats[i] in (",", ":") or skipped(i)):
                separated = separated or cats[i] in (",", ":")
                i -= 1
            if i < 0 or not separated:
                break
            k = i
        return k if k >= 0 else h
