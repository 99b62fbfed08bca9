"""CoreNLP SemanticHeadFinder's rules beyond the table (treeeval.conversion.semantic), each on
small trees of its own; ``semantic`` makes the copula's complement the head,
``semantic-copula`` the copula."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree
from profiles import examples

from treeeval.conversion import Converter
from treeeval.conversion.finders import head_finder
from treeeval.conversion.semantic import SemanticHeadFinder, without_empty
from treeeval.formats.head_finder import HeadFinder
from treeeval.formats.headrules import load_heads


def root(text: str, table: str = "semantic") -> str:
    """The root word of the tree's conversion."""
    sentence = next(Converter(table).sentences([Tree.fromstring(text)]))
    return sentence.forms[sentence.heads.index(0)]


def heads(text: str, table: str = "semantic") -> list[int]:
    return next(Converter(table).sentences([Tree.fromstring(text)])).heads


def test_the_semantic_tables_get_the_semantic_finder() -> None:
    assert type(head_finder(load_heads("semantic"))) is SemanticHeadFinder
    assert type(head_finder(load_heads("semantic-copula"))) is SemanticHeadFinder
    assert type(head_finder(load_heads("modcollins"))) is HeadFinder
    assert load_heads("semantic-copula").procedural == "semantic-copula"


@pytest.mark.parametrize("text, word, modcollins", [
    ("(S (NP (PRP He)) (VP (MD will) (VP (VB go))))", "go", "will"),       # modal: tag alone
    ("(VP (VBD said) (TO to) (VP (VB go)))", "go", "to"),                # TO: tag alone
    ("(S (NP (PRP He)) (VP (VBZ has) (VP (VBN gone))))", "gone", "has"),   # auxiliary word
    ("(S (NP (PRP He)) (VP (VBD did) (RB not) (VP (VB go))))", "go", "did"),
    ("(S (NP (PRP He)) (VP (VBZ HAS) (VP (VBN gone))))", "gone", "HAS"),   # any case
    ("(S (NP (PRP He)) (VP (VBZ has) (NP (DT an) (NN answer))))", "has", "has"),  # VP only
    ("(VP (VBD said) (NN to) (VP (VB go)))", "said", "said"),            # needs a verb tag
])
def test_auxiliaries_give_the_head_to_the_vp(text: str, word: str, modcollins: str) -> None:
    assert root(text) == word
    assert root(text, "semantic-copula") == word
    assert root(text, "modcollins") == modcollins


@pytest.mark.parametrize("text, semantic, copula", [
    ("(S (NP (PRP He)) (VP (VBZ is) (ADJP (JJ tall))))", "tall", "is"),
    ("(S (NP (PRP He)) (VP (VBZ is) (NP (DT a) (NN doctor))))", "doctor", "is"),
    ("(S (NP (PRP He)) (VP (VBD was) (PP (IN in) (NP (NNP Paris)))))", "was", "was"),
    # a modal beside be: the auxiliary rule, with ADJP allowed for copulas and modals alike
    ("(S (NP (PRP He)) (VP (MD may) (ADJP (JJ tall))))", "tall", "tall"),
    ("(S (NP (PRP It)) (VP (VBZ gets) (ADJP (JJ cold))))", "gets", "gets"),
])
def test_copula_complement_or_copula(text: str, semantic: str, copula: str) -> None:
    assert root(text) == semantic
    assert root(text, "semantic-copula") == copula


def test_existential_there_keeps_the_copula() -> None:
    assert root("(S (NP (EX There)) (VP (VBZ is) (NP (DT a) (NN man))))") == "is"
    assert root("(S (NP (DT The) (NN man)) (VP (VBZ is) (NP (DT a) (NN doctor))))") == "doctor"
    # SQ: there anywhere under the SQ's parent; the root has no parent
    question = "(SQ (VBZ Is) (NP (EX there)) (NP (DT a) (NN man)) (. ?))"
    assert root(f"( {question})") == "Is"
    assert root(question) == "man"


def test_the_rules_see_the_tree_without_empty_elements() -> None:
    # the empty VP would otherwise end the search for 'there' before the real VP
    text = "(S (VP (-NONE- *)) (NP (EX There)) (VP (VBZ is) (NP (DT a) (NN man))))"
    assert root(text) == "is"
    assert str(without_empty(Tree.fromstring(text))[0]) == "(NP (EX There))"


def test_sq_copula_rules() -> None:
    # a yes/no question: the complement from the right, an NP only after another NP
    assert root("(SQ (VBZ Is) (NP (PRP it)) (NP (DT a) (NN dog)) (. ?))") == "dog"
    assert root("(SQ (VBZ Is) (NP (PRP it)) (. ?))") == "Is"
    # in a wh-question the table decides (SQ: VP SQ ADJP before the verb)
    why = "(SBARQ (WHADVP (WRB Why)) (SQ (VBZ is) (NP (PRP it)) (NP (DT a) (NN dog))) (. ?))"
    assert root(why) == "is"
    assert root(why.replace("(NP (DT a) (NN dog))", "(ADJP (JJ pink))")) == "pink"
    assert root(why.replace("(NP (DT a) (NN dog))", "(ADJP (JJ pink))"), "semantic-copula") == "is"


@pytest.mark.parametrize("text, semantic, copula", [
    ("(S (NP (PRP He)) (VP (VBD was) (VP (VBN taken))))", "taken", "taken"),
    ("(S (NP (PRP He)) (VP (VBZ is) (VP (VBG running))))", "running", "running"),
    ("(S (NP (PRP He)) (VP (VBD got) (VP (VBN fired))))", "fired", "fired"),
    # coordinated participles: a CC after a phrase with a participle
    ("(S (NP (PRP It)) (VP (VBD was) (VP (VP (VBN seen)) (CC and) (VP (VBN heard)))))",
     "seen", "seen"),
    # no participle: be is a copula (semantic) or the head (semantic-copula)
    ("(S (NP (PRP It)) (VP (VBD was) (VP (VB go))))", "go", "was"),
])
def test_passive_and_progressive_be(text: str, semantic: str, copula: str) -> None:
    assert root(text) == semantic
    assert root(text, "semantic-copula") == copula


def test_coordinated_participles_need_a_plain_vp_label() -> None:
    # CoreNLP reads the outer phrase's own label there: VP-PRD is VP once tags are stripped,
    # but a category that only starts with VP gets no coordination check
    text = "(S (NP (PRP It)) (VP (VBD was) ({} (VP (VBN seen)) (CC and) (VP (VBN heard)))))"
    assert root(text.format("VP-PRD"), "semantic-copula") == "seen"
    assert root(text.format("VPX"), "semantic-copula") == "was"


@pytest.mark.parametrize("text, semantic, modcollins", [
    ("(SBAR (IN that) (S (NP (PRP he)) (VP (VBD left))))", "left", "that"),
    ("(SBAR (WHNP (WP who)) (S (VP (VBD left))))", "left", "who"),
    ("(S (NP (PRP He)) (VP (VBD considered) (S (NP (PRP him)) (NP (DT a) (NN friend)))))",
     "considered", "considered"),
])
def test_sbar_and_s_rules(text: str, semantic: str, modcollins: str) -> None:
    assert root(text) == semantic
    assert root(text, "modcollins") == modcollins


def test_coordination_goes_back_to_the_first_conjunct() -> None:
    series = "(NP (NN salt) (, ,) (NN pepper) (CC and) (NN sugar))"
    assert root(series) == "salt"
    assert root(series, "modcollins") == "pepper"
    # punctuation before the conjunction is skipped (ModCollins keeps the last conjunct)
    assert root("(NP (NN salt) (, ,) (CC and) (NN pepper))") == "salt"
    assert root("(NP (NN salt) (, ,) (CC and) (NN pepper))", "modcollins") == "pepper"
    # an interjection is not a conjunct, unless the head is one too
    assert root("(S (INTJ (UH Oh)) (CC and) (VP (VB go)))") == "go"
    assert root("(S (INTJ (UH Oh)) (CC and) (VP (VB go)))", "modcollins") == "Oh"
    assert root("(FRAG (UH oh) (CC and) (UH ah))") == "oh"
    # without a separator the walk back stops at the conjunct left of the conjunction
    assert root("(NP (NN salt) (NN pepper) (CC and) (NN sugar))") == "pepper"


@pytest.mark.parametrize("conjp, head", [
    ("(CONJP (CC but) (RB not))", "not"),
    ("(CONJP (CC And) (RB not))", "not"),
    ("(CONJP (CC but) (RB also))", "also"),
    ("(CONJP (CC but) (ADVP (RB rather)))", "rather"),
    ("(CONJP (CC and) (ADVP (RB yet)))", "yet"),
    ("(CONJP (CC and) (ADVP (RB not)))", "and"),   # 'not' only as a bare RB
    ("(CONJP (RB rather) (IN than))", "rather"),    # the table: right CC VB JJ RB IN
    ("(CONJP (RB not) (TO to) (VB mention))", "mention"),
])
def test_conjp_words(conjp: str, head: str) -> None:
    assert root(conjp) == head


@pytest.mark.parametrize("text, semantic, copula", [
    ("(SBARQ (WHNP (WP What)) (VBZ is) (ADJP (JJ wrong)) (. ?))", "wrong", "What"),
    ("(SBARQ (WHNP (WP Who)) (VBP am) (NP (PRP I)) (VP (TO to) (VP (VB judge))) (. ?))",
     "Who", "Who"),
    ("(SINV (NP (NNP Tuesday)) (NP (PRP it)) (VP (VBZ is)) (. .))", "Tuesday", "is"),
    ("(SINV (NP (NNP Tuesday)) (NP (PRP it)) (VP (VBD was)) (. .))", "Tuesday", "was"),
])
def test_copular_question_patterns(text: str, semantic: str, copula: str) -> None:
    assert root(text) == semantic
    assert root(text, "semantic-copula") == copula


def test_function_tags_are_stripped_before_the_rules() -> None:
    # CoreNLP excludes -TMP/-ADV complements, but the reference ran on stripped labels
    assert root("(S (NP (PRP It)) (VP (VBZ is) (NP-TMP (NN today))))") == "today"


def test_head_without_a_node_uses_the_table() -> None:
    finder = SemanticHeadFinder(load_heads("semantic"))
    assert finder.head("VP", ["MD", "VP"]) == 0
    vp = finder.prepare(Tree.fromstring("(VP (MD will) (VP (VB go)))"))
    assert finder.head("VP", ["MD", "VP"], vp) == 1
    assert finder.prepare(Tree.fromstring("(S (NP (-NONE- *)))")) is None


def test_every_word_gets_one_head() -> None:
    text = ("( (S (NP-SBJ (NNP Mr.) (NNP Vinken)) (VP (VBZ is) (NP-PRD (NP (NN chairman)) "
            "(PP (IN of) (NP (NNP Elsevier) (NNP N.V.))))) (. .)))")
    assert heads(text) == [2, 4, 4, 0, 4, 7, 5, 4]
    assert heads(text, "semantic-copula") == [2, 3, 0, 3, 4, 7, 5, 3]


def test_the_two_semantic_tables_differ_only_in_sq() -> None:
    semantic, copula = load_heads("semantic"), load_heads("semantic-copula")
    assert {**semantic.rules, "SQ": None} == {**copula.rules, "SQ": None}
    assert semantic.rules["SQ"] != copula.rules["SQ"]
    assert [semantic.options[k] for k in semantic.options if k != "procedural"] == [
        copula.options[k] for k in copula.options if k != "procedural"]


LABELS = ["S", "VP", "SQ", "SINV", "SBARQ", "CONJP", "NP", "WHNP", "ADJP", "INTJ", "VPX", ""]
TAGS = ["VBZ", "VBD", "VBN", "MD", "TO", "EX", "UH", "RB", "CC", ",", "NN", "-NONE-", "ADVP"]
WORDS = ["is", "was", "will", "has", "got", "but", "not", "also", "there", "Is", "dog"]


def verbal_trees() -> st.SearchStrategy[Tree]:
    leaf = st.builds(lambda tag, word: Tree(tag, [word]), st.sampled_from(TAGS),
                     st.sampled_from(WORDS))
    return st.recursive(leaf, lambda kids: st.builds(
        Tree, st.sampled_from(LABELS), st.lists(kids, min_size=1, max_size=5)), max_leaves=30)


@settings(max_examples=examples(300), deadline=None)
@given(verbal_trees(), st.sampled_from(["semantic", "semantic-copula"]))
def test_every_semantic_conversion_is_a_tree(tree: Tree, table: str) -> None:
    words = [word for word, tag in tree.pos() if tag != "-NONE-"]
    if not words:
        return
    sentence = next(Converter(table).sentences([tree]))
    assert sentence.forms == words and sentence.heads.count(0) == 1
    graph = nx.DiGraph()
    graph.add_edges_from((head, dep) for dep, head in enumerate(sentence.heads, 1))
    assert nx.is_arborescence(graph)
