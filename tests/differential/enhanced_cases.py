"""Enhanced UD graphs (the DEPS column) for the differential tests of ``treeeval ud --udeval``
and ``treeeval ud --iwpt20``: gold sentences of the UD test sets that have graphs, system
graphs perturbed from them, and the DEPS defects the two scorers crash on.

The sentences are :mod:`ud_cases`' own; :func:`attach_graphs` reads each DEPS into edges
(:class:`ud_cases.Edge`) whose heads are words or empty nodes, so that every re-tokenising
operation of :mod:`ud_cases` keeps them, and :func:`settle` then drops (or moves to the
dependent's basic head) an edge whose head has left the sentence and sorts each DEPS by head
as UD asks (most of the time).  The scorers read ELAS and EULAS over the edges, after the
``--enhancements`` filters (1 gapping paths ``a>b``, 2 ``conj`` beside other parents, 3 shared
dependents, 4 ``nsubj`` of an ``xcomp`` head, 5 ``ref`` and edges from an ``acl`` head, 6 case
information ``obl:in``): :func:`tweak_graphs` puts such edges in the gold.

A *collapsed* graph (what iwpt20_xud_eval.py reads) has no empty node: :func:`collapse` turns
the edges through one into paths, and every word has a DEPS (its basic edge at least).

>>> rng = random.Random(3)
>>> gold = ud_cases.parse_sentences(["1\\tJan\\t_\\tPROPN\\t_\\t_\\t2\\tnsubj\\t2:nsubj|3.1:nsubj\\t_",
...     "2\\tsleeps\\t_\\tVERB\\t_\\t_\\t0\\troot\\t0:root\\t_",
...     "3\\tand\\t_\\tCCONJ\\t_\\t_\\t1\\torphan\\t3.1:cc\\t_",
...     "3.1\\tsleeps\\t_\\tVERB\\t_\\t_\\t_\\t_\\t2:conj:and\\t_", ""])
>>> attach_graphs(gold)
>>> [(edge.head.columns[ud_cases.FORM], edge.label) for edge in gold[0].words[0].edges]
[('sleeps', 'nsubj'), ('sleeps', 'nsubj')]
>>> collapse(gold)
>>> settle(gold, rng, collapsed=True)
>>> [line.split("\\t")[8] for line in ud_cases.render(gold).splitlines()[:3]]
['2:conj:and>nsubj|2:nsubj', '0:root', '2:conj:and>cc']
"""

from __future__ import annotations

import random
import re

import ud_cases
from ud_cases import DEPREL, DEPS, FORM, ID, Edge, Sentence, Word

#: gold files with enhanced graphs (relative to ../shared/data/ud; fi_tdt's in part only)
ENHANCED_FILES = ("conll2018/gold/en_ewt.conllu", "udtools-cs_pud/cs_pud-gold.conllu",
                  "conll2018/gold/fi_tdt.conllu")

#: labels an edge may get: subtypes, case information, the universal extensions the
#: scorers' enhancement 6 keeps (pass, relcl, xsubj), three-part labels, odd ones
LABELS = ("nsubj", "nsubj:pass", "nsubj:xsubj", "obj", "iobj", "obl", "obl:in", "obl:to",
          "obl:pass", "obl:arg", "obl:v:loc", "obl:tmod", "nmod", "nmod:poss", "nmod:of",
          "nmod:relcl", "nmod:z:gen", "conj", "conj:and", "conj:or", "conj:xsubj", "advcl",
          "advcl:if", "advcl:pass", "acl", "acl:relcl", "acl:to", "ref", "root", "xcomp",
          "ccomp", "punct", "case", "det", "cc", "mark", "amod", "advmod", "orphan", "dep",
          "parataxis", "compound:prt", "Nmod:in", "nsubj:", "obl:in:", "conj:and>",
          ">nsubj", "obl:in front", "obl:v:gen:x", "conj:a:b")
#: labels with the case information enhancement 6 drops, or the extensions it keeps
CASE_LABELS = ("obl:in", "obl:to", "nmod:poss", "nmod:of", "conj:and", "conj:or", "advcl:if",
               "advcl:to", "obl:pass", "nmod:relcl", "conj:xsubj", "advcl:pass", "obl:v:loc",
               "nmod:z:gen", "obl:arg", "obl:in>nsubj", "conj:and>obl:voor", "acl:relcl")
SUBTYPES = ("in", "to", "and", "or", "pass", "relcl", "xsubj", "poss", "of", "v:loc", "gen",
            "tmod", "arg")
#: first steps of a path through a collapsed empty node
PATH_STEPS = ("conj", "conj:and", "conj:en", "parataxis", "advcl", "root")


def attach_graphs(sentences: list[Sentence]) -> None:
    """Each DEPS read into edges (a DEPS ``_``, or one naming a node the sentence lacks, is
    left as it is)."""
    for sentence in sentences:
        by_id = {node.columns[ID]: node for node in sentence.nodes}
        for node in sentence.nodes:
            if node.columns[DEPS] in ("_", ""):
                continue
            edges = []
            for entry in node.columns[DEPS].split("|"):
                head, _, label = entry.partition(":")
                if head != "0" and head not in by_id:
                    break
                edges.append(Edge(by_id.get(head) if head != "0" else None, label))
            else:
                node.edges = edges


def basic_edge(word: Word) -> Edge:
    """The enhanced edge a word's basic HEAD and DEPREL make."""
    return Edge(word.head, word.columns[DEPREL])


def edges_of(word: Word) -> list[Edge]:
    """A word's edges, made from its basic edge when its DEPS is not a graph."""
    if word.edges is None:
        word.edges = [basic_edge(word)]
    return word.edges


def collapse(sentences: list[Sentence]) -> None:
    """The empty nodes removed: an edge ``E:b`` to an empty node E becomes ``H:a>b`` for
    each of E's own edges ``H:a`` (one without edges takes its edges to E with it)."""
    for sentence in sentences:
        words = set(sentence.words)
        for empty in [n for n in sentence.nodes if n not in words]:
            through = [e for e in empty.edges or [] if e.head is not empty]
            for node in sentence.nodes:
                if node.edges is not None and node is not empty:
                    node.edges = [new for edge in node.edges for new in (
                        [Edge(t.head, f"{t.label}>{edge.label}") for t in through]
                        if edge.head is empty else [edge])]
        sentence.leading_empty = []
        for token in sentence.tokens:
            token.empty = []


def settle(sentences: list[Sentence], rng: random.Random, collapsed: bool,
           unsorted: float = 0.0) -> None:
    """Every edge inside its sentence: an edge whose head has gone (a removed word or empty
    node, or one now in another sentence) is dropped or moved to the dependent's basic head.
    Each DEPS sorted by head and label, but with probability ``unsorted``; collapsed: every
    word with a DEPS, its basic edge at least."""
    for sentence in sentences:
        order = {node: index for index, node in enumerate(sentence.nodes)}
        words = set(sentence.words)
        for node in sentence.nodes:
            if node.edges is None:
                if collapsed and node in words:
                    node.edges = [basic_edge(node)]
                continue
            edges = []
            for edge in node.edges:
                if edge.head is None or edge.head in order:
                    edges.append(edge)
                elif rng.random() < 0.5:
                    edges.append(Edge(node.head, edge.label))
            if collapsed and not edges and node in words:
                edges = [basic_edge(node)]
            if rng.random() >= unsorted:
                edges.sort(key=lambda e: (-1 if e.head is None else order[e.head], e.label))
            node.edges = edges



def draw_gold(rng: random.Random) -> list[Sentence]:
    """A few gold sentences, mostly of a file with enhanced graphs, their DEPS read."""
    gold = ud_cases.draw_gold(rng, rng.choice(ENHANCED_FILES) if rng.random() < 0.85 else None)
    attach_graphs(gold)
    return gold

# --- gold graphs for each enhancement ------------------------------------------------------

def _sentence(sentences: list[Sentence], rng: random.Random, size: int = 1) -> Sentence | None:
    candidates = [s for s in sentences if len(s.words) >= size]
    return rng.choice(candidates) if candidates else None


def tweak_root(sentences: list[Sentence], rng: random.Random) -> None:
    """An enhanced root other than the basic root (which hangs from it)."""
    sentence = _sentence(sentences, rng, 2)
    if sentence is None:
        return
    root = next(w for w in sentence.words if w.head is None)
    other = rng.choice([w for w in sentence.words if w is not root])
    other.edges = [Edge(None, "root")] + (edges_of(other) if rng.random() < 0.3 else [])
    root.edges = [e for e in edges_of(root) if e.head is not None] + [
        Edge(other, rng.choice(("conj", "parataxis", "ccomp", "root")))]


def tweak_gapping(sentences: list[Sentence], rng: random.Random) -> None:
    """Enhancement 1: a path through a (collapsed) empty node, ``H:conj>nsubj``."""
    sentence = _sentence(sentences, rng)
    if sentence is None:
        return
    word = rng.choice(sentence.words)
    edges = edges_of(word)
    path = Edge(rng.choice(sentence.words + [None]),
                f"{rng.choice(PATH_STEPS)}>{rng.choice((word.columns[DEPREL], 'nsubj', 'obj', 'obl:in'))}")
    if rng.random() < 0.5:
        edges[rng.randrange(len(edges))] = path
    else:
        edges.insert(rng.randrange(len(edges) + 1), path)


def tweak_coordination(sentences: list[Sentence], rng: random.Random) -> None:
    """Enhancement 2: a ``conj`` edge beside the parents a conjunct shares (in any order,
    now and then two ``conj`` edges)."""
    sentence = _sentence(sentences, rng, 2)
    if sentence is None:
        return
    word = rng.choice(sentence.words)
    heads = [w for w in sentence.words if w is not word] + [None]
    edges = edges_of(word)
    for _ in range(rng.choice((1, 1, 2))):
        edges.insert(rng.randrange(len(edges) + 1),
                     Edge(rng.choice(heads), rng.choice(("conj", "conj:and", "conj:or", "conj"))))
    if rng.random() < 0.5:
        edges.append(Edge(rng.choice(heads), rng.choice(LABELS)))


def tweak_shared_dependent(sentences: list[Sentence], rng: random.Random) -> None:
    """Enhancement 3: a dependent also attached, with the same label, to another head."""
    sentence = _sentence(sentences, rng, 3)
    if sentence is None:
        return
    word = rng.choice(sentence.words)
    edge = rng.choice(edges_of(word))
    word.edges = edges_of(word) + [Edge(rng.choice(sentence.words), edge.label)]


def tweak_control(sentences: list[Sentence], rng: random.Random) -> None:
    """Enhancement 4: the subject of an ``xcomp`` (an ``nsubj`` edge from it)."""
    sentence = _sentence(sentences, rng, 2)
    if sentence is None:
        return
    xcomps = [w for w in sentence.words if w.columns[DEPREL].split(":")[0] == "xcomp"]
    head = rng.choice(xcomps) if xcomps and rng.random() < 0.7 else rng.choice(sentence.words)
    head.columns[DEPREL] = rng.choice(("xcomp", "xcomp", "xcomp:sp"))
    subject = rng.choice([w for w in sentence.words if w is not head])
    edges_of(subject).append(Edge(head, rng.choice(("nsubj:xsubj", "nsubj", "nsubj:pass",
                                                     "conj>nsubj:xsubj", "obj"))))


def tweak_relative(sentences: list[Sentence], rng: random.Random) -> None:
    """Enhancement 5: a ``ref`` edge, and an edge from an ``acl:relcl`` to a word (the one
    after the clause's own head is the one the scorers' test takes for the antecedent)."""
    sentence = _sentence(sentences, rng, 3)
    if sentence is None:
        return
    words = sentence.words
    clause = rng.choice([w for w in words if w.head is not None])
    clause.columns[DEPREL] = rng.choice(("acl:relcl", "acl:relcl", "acl"))
    index = words.index(clause.head) if clause.head is not None else 0
    target = words[index + 1] if index + 1 < len(words) and rng.random() < 0.7 else clause.head
    if target is not None and target is not clause:
        edges_of(target).append(Edge(clause, rng.choice(("nsubj", "obj", "nsubj:pass", "obl:in"))))
    referent = rng.choice(words)
    if rng.random() < 0.5:
        referent.edges = [Edge(clause.head, "ref")]
    else:
        edges_of(referent).append(Edge(rng.choice(words), "ref"))


def tweak_case(sentences: list[Sentence], rng: random.Random) -> None:
    """Enhancement 6: labels with case information (and the extensions kept with it)."""
    sentence = _sentence(sentences, rng)
    if sentence is None:
        return
    for word in rng.sample(sentence.words, min(len(sentence.words), rng.randrange(1, 4))):
        edge = rng.choice(edges_of(word))
        edge.label = rng.choice(CASE_LABELS)


GOLD_TWEAKS: ud_cases.Operations = (
    (tweak_root, 2), (tweak_gapping, 2), (tweak_coordination, 2), (tweak_shared_dependent, 2),
    (tweak_control, 2), (tweak_relative, 2), (tweak_case, 2))


def tweak_graphs(gold: list[Sentence], rng: random.Random) -> None:
    """A few gold edges of the kinds each ``--enhancements`` digit looks at."""
    functions, weights = zip(*GOLD_TWEAKS)
    for function in rng.choices(functions, weights, k=rng.randrange(1, 6)):
        function(gold, rng)


# --- perturbations -------------------------------------------------------------------------

def _with_edges(sentences: list[Sentence]) -> list[tuple[Sentence, Word]]:
    return [(s, n) for s in sentences for n in s.nodes if n.edges]


def op_edge_head(sentences: list[Sentence], rng: random.Random) -> None:
    found = _with_edges(sentences)
    if found:
        sentence, node = rng.choice(found)
        rng.choice(node.edges or []).head = rng.choice(sentence.nodes + [None])


def op_edge_label(sentences: list[Sentence], rng: random.Random) -> None:
    """Another label, or only another subtype of one step (EULAS still counts it)."""
    found = _with_edges(sentences)
    if not found:
        return
    _, node = rng.choice(found)
    edge = rng.choice(node.edges or [])
    if rng.random() < 0.4:
        edge.label = rng.choice(LABELS)
        return
    steps = edge.label.split(">")
    at = rng.randrange(len(steps))
    universal = steps[at].split(":")[0]
    steps[at] = rng.choice((universal, f"{universal}:{rng.choice(SUBTYPES)}"))
    edge.label = ">".join(steps)


def op_case_info(sentences: list[Sentence], rng: random.Random) -> None:
    """Other (or no, or added) case information on an ``obl``, ``nmod``, ``conj`` or
    ``advcl`` edge (what enhancement 6 reads)."""
    found = [edge for s in sentences for n in s.nodes for edge in n.edges or []
             if edge.label.split(":")[0] in ("obl", "nmod", "conj", "advcl")]
    if found:
        edge = rng.choice(found)
        universal = edge.label.split(":")[0]
        edge.label = rng.choice((universal, f"{universal}:{rng.choice(SUBTYPES)}",
                                 rng.choice(CASE_LABELS)))


def op_edge_add(sentences: list[Sentence], rng: random.Random) -> None:
    sentence = rng.choice(sentences)
    node = rng.choice(sentence.nodes)
    edges = node.edges if node.edges is not None else []
    edges.insert(rng.randrange(len(edges) + 1),
                 Edge(rng.choice(sentence.nodes + [None]), rng.choice(LABELS)))
    node.edges = edges


def op_edge_drop(sentences: list[Sentence], rng: random.Random) -> None:
    found = _with_edges(sentences)
    if found:
        _, node = rng.choice(found)
        (node.edges or []).pop(rng.randrange(len(node.edges or [])))


def op_edge_duplicate(sentences: list[Sentence], rng: random.Random) -> None:
    """An edge twice (the scorers count each gold edge once per system edge it matches)."""
    found = _with_edges(sentences)
    if found:
        _, node = rng.choice(found)
        edges = node.edges or []
        edge = rng.choice(edges)
        edges.insert(rng.randrange(len(edges) + 1), Edge(edge.head, edge.label))


def op_edge_path(sentences: list[Sentence], rng: random.Random) -> None:
    """A path ``a>b`` made (or cut back to its last step)."""
    found = _with_edges(sentences)
    if found:
        _, node = rng.choice(found)
        edge = rng.choice(node.edges or [])
        steps = edge.label.split(">")
        edge.label = steps[-1] if len(steps) > 1 else f"{rng.choice(PATH_STEPS)}>{edge.label}"


def op_deps_basic(sentences: list[Sentence], rng: random.Random) -> None:
    """A word's DEPS its basic edge (a system that copies its tree)."""
    _, word = rng.choice([(s, w) for s in sentences for w in s.words])
    word.edges = [basic_edge(word)]


def op_deps_blank(sentences: list[Sentence], rng: random.Random) -> None:
    """A DEPS ``_`` (or empty): no edges."""
    node = rng.choice(rng.choice(sentences).nodes)
    node.edges = None
    node.columns[DEPS] = rng.choice(("_", "_", ""))


def op_empty_add(sentences: list[Sentence], rng: random.Random) -> None:
    """An empty node (an elided predicate) with its edges, and edges of words to it."""
    sentence = rng.choice(sentences)
    form = rng.choice(sentence.words).columns[FORM]
    node = Word([".", form, form.lower(), "VERB", "_", "_", "_", "_", "_", "_"])
    if rng.random() < 0.85:
        node.edges = [Edge(rng.choice(sentence.words + [None]),
                           rng.choice(("conj", "conj:and", "parataxis", "root", "advcl")))]
    place = rng.choice(sentence.tokens).empty if rng.random() < 0.9 else sentence.leading_empty
    place.insert(rng.randrange(len(place) + 1), node)
    for word in rng.sample(sentence.words, min(len(sentence.words), rng.choice((1, 1, 2, 3)))):
        edges = edges_of(word)
        edge = Edge(node, rng.choice(("nsubj", "obj", "orphan", "obl:in", "advmod", "cc")))
        if edges and rng.random() < 0.5:
            edges[rng.randrange(len(edges))] = edge
        else:
            edges.append(edge)


def op_empty_remove(sentences: list[Sentence], rng: random.Random) -> None:
    places = [p for s in sentences for p in [s.leading_empty] + [t.empty for t in s.tokens] if p]
    if places:
        place = rng.choice(places)
        place.pop(rng.randrange(len(place)))


ENHANCED_OPERATIONS: ud_cases.Operations = (
    (op_edge_head, 6), (op_edge_label, 6), (op_edge_add, 4), (op_edge_drop, 4),
    (op_edge_duplicate, 2), (op_edge_path, 2), (op_deps_basic, 2), (op_case_info, 3))
#: operations with empty nodes or DEPS ``_``: not in a collapsed graph
OPEN_OPERATIONS: ud_cases.Operations = ((op_empty_add, 3), (op_empty_remove, 2), (op_deps_blank, 2))
#: ud_cases' operations on tokens, words and trees (its empty nodes are this module's)
TREE_OPERATIONS: ud_cases.Operations = tuple(
    (f, w) for f, w in ud_cases.OPERATIONS if f is not ud_cases.op_empty_node)


def perturb(gold: list[Sentence], rng: random.Random, collapsed: bool,
            unsorted: float = 0.0) -> list[Sentence]:
    """A system output: the gold sentences re-tokenised, re-parsed and their graphs changed
    by a few random operations."""
    table = TREE_OPERATIONS + ENHANCED_OPERATIONS + (() if collapsed else OPEN_OPERATIONS)
    system = ud_cases.perturb(gold, rng, table=table)
    settle(system, rng, collapsed, unsorted)
    return system


def several_roots(sentences: list[Sentence], rng: random.Random) -> None:
    """One or two more basic roots in a sentence (the scorers refuse them unless
    ``--multiple-roots-okay``)."""
    sentence = _sentence(sentences, rng, 2)
    if sentence is None:
        return
    others = [w for w in sentence.words if w.head is not None]
    for word in rng.sample(others, min(len(others), rng.choice((1, 1, 2)))):
        word.head = None
        if rng.random() < 0.5:
            word.columns[DEPREL] = "root"
            edges_of(word).insert(0, Edge(None, "root"))


# --- defects, on the rendered text ---------------------------------------------------------

#: DEPS defects: ``crash`` kinds make both scorers crash (no UDError): an entry without ':',
#: a head beyond the sentence or not a number (udeval reads a small negative head as a word
#: before the sentence: ``negative`` may be scored); ``dotted`` and ``blank`` crash
#: iwpt20_xud_eval.py alone (udeval skips a head with '.', and reads ``_`` as no edges);
#: ``numbers`` are heads Python's int() reads (scored)
DEFECTS = ("colon", "beyond", "negative", "nonnumeric", "dotted", "blank", "numbers")


def inject_defect(content: str, rng: random.Random, kind: str | None = None) -> str:
    """A rendered file with one DEPS defect of ``kind`` (one of :data:`DEFECTS`; drawn when
    None) on a word line.

    >>> text = "1\\ta\\t_\\t_\\t_\\t_\\t0\\troot\\t0:root\\t_\\n\\n"
    >>> inject_defect(text, random.Random(1), "beyond").split("\\t")[8]
    '2:dep'
    """
    lines = content.split("\n")
    words = [i for i, line in enumerate(lines) if line and not line.startswith("#")
             and len(line.split("\t")) == 10 and line.split("\t")[ID].isdigit()]
    if not words:
        return content
    i = rng.choice(words)
    columns = lines[i].split("\t")
    size = _sentence_size(lines, i)
    kind = kind or rng.choice(DEFECTS)
    entries = [e for e in columns[DEPS].split("|") if e not in ("_", "")]
    head = str(rng.randrange(0, size + 1))
    entry = {"colon": rng.choice((head, "root", "", f"{head}nsubj")),
             "beyond": f"{size + rng.choice((1, 1, 2, 900))}:dep",
             "negative": f"-{rng.choice((1, 2, 999))}:dep",
             "nonnumeric": f"{rng.choice(('x', '1a', '_', 'one', '1,2', '2-3'))}:dep",
             "dotted": f"{head}.{rng.choice((1, 9))}:dep",
             "numbers": f"{rng.choice(('0', '+', ' ', ''))}{head}{rng.choice(('', ' '))}:dep",
             "blank": ""}[kind]
    if kind == "blank":
        columns[DEPS] = rng.choice(("_", ""))
    elif entries and rng.random() < 0.5:
        entries[rng.randrange(len(entries))] = entry
        columns[DEPS] = "|".join(entries)
    else:
        entries.insert(rng.randrange(len(entries) + 1), entry)
        columns[DEPS] = "|".join(entries)
    lines[i] = "\t".join(columns)
    return "\n".join(lines)


def _sentence_size(lines: list[str], index: int) -> int:
    """The number of words of the sentence line ``index`` is in."""
    start = index
    while start > 0 and lines[start - 1]:
        start -= 1
    end = index
    while end < len(lines) and lines[end]:
        end += 1
    return sum(1 for line in lines[start:end]
               if not line.startswith("#") and line.split("\t")[ID].isdigit())


_RANGE = re.compile(r"(\d+)-(\d+)\t")


def empty_inside_mwt(content: str, rng: random.Random) -> str:
    """An empty node between two words of a multiword token (udeval skips it; to
    iwpt20_xud_eval.py it is a word of the token)."""
    lines = content.split("\n")
    ranges = [(i, m[1]) for i, line in enumerate(lines)
              if (m := _RANGE.match(line)) and int(m[2]) > int(m[1])]
    if not ranges:
        return content
    i, first = rng.choice(ranges)
    deps = rng.choice(("_", f"{first}:conj", "0:root", f"{first}:conj|0:root"))
    node = [f"{first}.1", "e", "e", "VERB", "_", "_", "_", "_", deps, "_"]
    lines.insert(i + 2, "\t".join(node))
    return "\n".join(lines)



# --- a case --------------------------------------------------------------------------------

def draw_pair(rng: random.Random, iwpt20: bool, roots: float = 0.04,
              collapsed: float = 0.4) -> tuple[str, str]:
    """The texts of a gold and a system file: graphs collapsed with probability
    ``collapsed`` (iwpt20: nearly always), several basic roots in one sentence with
    probability ``roots``; now and then a DEPS defect, an error the scorers refuse
    (:func:`ud_cases.inject_error`) or an empty node inside a multiword token."""
    flat = rng.random() < (0.97 if iwpt20 else collapsed)
    unsorted = rng.choice((0.0, 0.0, 0.0, 0.1, 0.5))
    real = ud_cases.draw_real(rng) if rng.random() < 0.06 else None
    if real is not None:
        gold, system = real
        attach_graphs(gold)
        attach_graphs(system)
        if rng.random() < 0.6:  # a system that copies its basic tree into DEPS
            for word in (w for s in system for w in s.words):
                word.edges = [basic_edge(word)]
        for side in (gold, system) if flat else ():
            collapse(side)
        settle(gold, rng, flat, unsorted)
        system = perturb(system, rng, flat, unsorted) if rng.random() < 0.3 else system
        settle(system, rng, flat, unsorted)
    else:
        gold = draw_gold(rng)
        if rng.random() < 0.3:
            ud_cases.tweak_gold(gold, rng)
        if rng.random() < 0.7:
            tweak_graphs(gold, rng)
        if flat:
            collapse(gold)
        settle(gold, rng, flat, unsorted)
        system = perturb(gold, rng, flat, unsorted)
    if rng.random() < roots:
        several_roots(rng.choice((gold, system)), rng)
    texts = [ud_cases.render(gold), ud_cases.render(system)]
    if rng.random() < (0.08 if iwpt20 else 0.06):
        side = rng.choice((0, 1, 1))
        texts[side] = inject_defect(texts[side], rng)
    if rng.random() < 0.05:
        side = rng.choice((0, 1, 1, 1))
        texts[side] = ud_cases.inject_error(texts[side], rng)
    if rng.random() < (0.02 if iwpt20 else 0.08):
        side = rng.choice((0, 0, 1))
        texts[side] = empty_inside_mwt(texts[side], rng)
    if rng.random() < 0.03:  # Windows line ends
        texts = [t.replace("\n", "\r\n") if rng.random() < 0.5 else t for t in texts]
    return texts[0], texts[1]
