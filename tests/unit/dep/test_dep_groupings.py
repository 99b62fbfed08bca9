"""MaltEval's GroupBy values, their attributes and the Exclude parameters on hand-made trees."""

from __future__ import annotations

import math
import random

import networkx as nx
import numpy as np
import pytest

from treeeval.dep.exclusions import Exclusions
from treeeval.dep.grouping.groupings import group, grouping_hits
from treeeval.dep.grouping.registry import GROUPBY_NAMES, GROUPINGS
from treeeval.dep.grouping.token_tables import SENTENCE_ATTRIBUTES, TokenNumbering
from treeeval.dep.metrics import token_hits
from treeeval.dep.trees import has_cycle, is_projective, projective_arcs
from treeeval.errors import UsageError
from treeeval.model.dependencies import DependencySentence
from treeeval.model.treebank import Treebank

FORMS = [["The", "dog", "barks", "."], ["It", "rains"]]
TAGS = [["DET", "NOUN", "VERB", "PUNCT"], ["PRON", "VERB"]]
GOLD = [([2, 3, 0, 3], ["det", "nsubj", "root", "punct"]), ([2, 0], ["expl", "root"])]
#: token 2 mislabelled; "." hangs from "dog", over the root word; sentence 2 turned round
PARSED = [([2, 3, 0, 2], ["det", "dobj", "root", "punct"]), ([0, 1], ["root", "dep"])]
LAS = [1, 0, 1, 0, 0, 0]


def treebank(analyses: list[tuple[list[int], list[str]]], tags: list[list[str]] = TAGS
             ) -> Treebank:
    return Treebank.from_sentences(
        DependencySentence(forms, tag, heads, labels, extra={
            "lemma": [f.lower() for f in forms], "feats": ["_"] * len(forms)})
        for forms, tag, (heads, labels) in zip(FORMS, tags, analyses))


@pytest.fixture
def pair() -> tuple[Treebank, Treebank]:
    return treebank(GOLD), treebank(PARSED)


def test_every_groupby_value_of_the_guide(pair: tuple[Treebank, Treebank]) -> None:
    hits = token_hits("LAS", *pair)
    for name in GROUPBY_NAMES:
        table = group(name, hits, *pair)
        assert table.name == name and table.groups


@pytest.mark.parametrize("name, gold_keys, parsed_keys", [
    ("Wordform", FORMS[0] + FORMS[1], FORMS[0] + FORMS[1]),
    ("Lemma", ["the", "dog", "barks", ".", "it", "rains"], None),
    ("Feats", ["_"] * 6, None),
    ("Deprel", GOLD[0][1] + GOLD[1][1], PARSED[0][1] + PARSED[1][1]),
    ("RelationLength", ["1", "1", "-1", "1", "1", "-1"], ["1", "1", "-1", "2", "-1", "1"]),
    ("GroupedRelationLength", ["1", "1", "to_root", "1", "1", "to_root"],
     ["1", "1", "to_root", "2", "to_root", "1"]),
    ("SentenceLength", ["4"] * 4 + ["2"] * 2, None),
    ("StartWordPosition", ["0", "1", "2", "3", "0", "1"], None),
    ("EndWordPosition", ["3", "2", "1", "0", "1", "0"], None),
    ("ArcDirection", ["right", "right", "to_root", "left", "right", "to_root"],
     ["right", "right", "to_root", "left", "to_root", "left"]),
    ("ArcDepth", ["2", "1", "0", "1", "1", "0"], ["2", "1", "0", "2", "0", "1"]),
    ("BranchingFactor", ["0", "1", "2", "0", "0", "1"], ["0", "2", "1", "0", "1", "0"]),
    # "." over the root word: MaltEval does not look at the word just before a dependent
    ("ArcProjectivity", ["Proj"] * 6, ["Proj"] * 6),
    ("Frame", ["*det* ", "det *nsubj* ", "nsubj *root* punct ", "*punct* ", "*expl* ",
               "expl *root* "], None),
])
def test_keys(pair: tuple[Treebank, Treebank], name: str, gold_keys: list[str],
              parsed_keys: list[str] | None) -> None:
    gold, parsed = pair
    assert GROUPINGS[name].keys(gold).tolist() == gold_keys
    if parsed_keys is not None:
        assert GROUPINGS[name].keys(parsed).tolist() == parsed_keys


def test_two_sided_counters(pair: tuple[Treebank, Treebank]) -> None:
    table = group("ArcDepth", token_hits("LAS", *pair), *pair)
    assert table.groups == ["0", "1", "2"]
    assert table.columns["treebankcounter"].tolist() == [2, 3, 1]
    assert table.columns["treebankcorrectcounter"].tolist() == [1, 0, 1]
    assert table.columns["parsercounter"].tolist() == [2, 2, 2]
    assert table.columns["parsercorrectcounter"].tolist() == [1, 0, 1]
    np.testing.assert_equal(table.columns["parseraccuracy"], [0.5, 0, 0.5])
    branching = group("BranchingFactor", token_hits("LAS", *pair), *pair)
    assert branching.columns["treebankcounter"].tolist() == [3, 2, 1]
    assert branching.columns["parsercorrectcounter"].tolist() == [1, 1, 0]


def test_numeric_groups_sort_as_numbers() -> None:
    forms = [str(i) for i in range(12)]
    sentence = DependencySentence(forms, ["X"] * 12, [0] + [1] * 11, ["r"] * 12)
    tb = Treebank.from_sentences([sentence])
    table = group("RelationLength", token_hits("LAS", tb, tb), tb, tb)
    assert table.groups == ["-1"] + [str(i) for i in range(1, 12)]


def test_accuracy_grouping_counts_sides_as_maltevaluator(pair: tuple[Treebank, Treebank]
                                                         ) -> None:
    # the parsed file tags "dog" VERB: accuracy follows the parsed tags, counter the gold ones
    parsed = treebank(PARSED, [["DET", "VERB", "VERB", "PUNCT"], ["PRON", "VERB"]])
    table = group("Cpostag", token_hits("LAS", pair[0], parsed), pair[0], parsed)
    assert table.groups == ["DET", "NOUN", "PRON", "PUNCT", "VERB"]
    assert table.columns["counter"].tolist() == [1, 1, 1, 1, 2]
    assert table.columns["correctcounter"].tolist() == [1, 0, 0, 0, 1]
    np.testing.assert_equal(table.columns["accuracy"], [1, math.nan, 0, 0, 1 / 3])


def test_self_metric(pair: tuple[Treebank, Treebank]) -> None:
    hits = grouping_hits("ArcDepth", "self", *pair)
    assert hits.tolist() == [True, True, True, False, False, False]
    table = group("ArcDepth", hits, *pair, "self")
    assert table.default == ["precision", "recall", "fscore"]  # MaltEval's self columns
    np.testing.assert_equal(table.columns["precision"], [0.5, 0.5, 0.5])
    np.testing.assert_equal(table.columns["recall"], [0.5, 1 / 3, 1])
    np.testing.assert_allclose(table.columns["fscore"], [0.5, 0.4, 2 / 3])
    assert table.columns["correctcounter"].tolist() == [1, 1, 1]
    # the grouping's name works as the metric too; for accuracy groupings self is LAS
    assert grouping_hits("ArcDepth", "ArcDepth", *pair).tolist() == hits.tolist()
    assert grouping_hits("Cpostag", "self", *pair).astype(int).tolist() == LAS


def test_sentence_attributes(pair: tuple[Treebank, Treebank]) -> None:
    table = group("Sentence", token_hits("LAS", *pair), *pair)
    assert list(table.columns) == SENTENCE_ATTRIBUTES
    columns = {name: values.tolist() for name, values in table.columns.items()}
    assert columns["accuracy"] == [0.5, 0.0]
    assert columns["correctcounter"] == [2, 0]
    # the parsed "." arc passes over the root word: that tree is not projective
    assert columns["isparserprojective"] == [0, 1] and columns["istreebankprojective"] == [1, 1]
    assert columns["isparserconnected"] == [1, 1] and columns["hasparsercycle"] == [0, 0]
    assert table.summary["exactmatch"] == (0.0, 2)


def test_cycles_and_roots() -> None:
    # "a" and "b" head each other; "c" and "d" are both roots
    sentence = DependencySentence(list("abcd"), ["X"] * 4, [2, 1, 0, 0], ["x"] * 4)
    tb = Treebank.from_sentences([sentence])
    assert has_cycle(tb).tolist() == [True]
    assert GROUPINGS["ArcDepth"].keys(tb).tolist() == ["-1", "-1", "0", "0"]
    assert projective_arcs(tb).tolist() == [False] * 4
    table = group("Sentence", token_hits("LAS", tb, tb), tb, tb)
    assert table.columns["isparserconnected"].tolist() == [0]
    assert table.columns["hastreebankcycle"].tolist() == [1]


def test_arc_projectivity_misses_the_word_before_a_right_dependent() -> None:
    # 3 hangs from 1 over 2, which hangs from the root word 4: the arc 1 -> 3 is not
    # projective, but MaltEval only checks words 2 .. 3 - 2 for it
    sentence = DependencySentence(list("abcd"), ["X"] * 4, [4, 4, 1, 0], ["x"] * 4)
    assert projective_arcs(Treebank.from_sentences([sentence])).tolist() == [True] * 4
    # a left dependent is checked on the whole span: 1 <- 4 over 2 and 3 (2, 3 from root 5)
    sentence = DependencySentence(list("abcde"), ["X"] * 5, [4, 5, 5, 5, 0], ["x"] * 5)
    assert projective_arcs(Treebank.from_sentences([sentence])).tolist() == [
        False, True, True, True, True]


def malteval_arc(heads: list[int], word: int) -> bool:
    """MaltEval's ArcProjectivity for 0-based ``word``, one loop at a time (a reference)."""
    head = heads[word]
    if head > word:
        between = range(word + 2, head)
    else:
        between = range(head + 1, word)  # words head + 1 .. word - 1: word - 1 is skipped
    for position in between:
        if head == 0:
            break
        j = position
        while j != 0 and j != head:
            j = heads[j - 1]
        if j != head:
            return False
    return True


def malteval_sentence_projective(heads: list[int]) -> bool:
    """MaltEval's isProjective of a whole tree, pair of arcs by pair (a reference)."""
    spans = [(min(i, h - 1), max(i, h - 1)) for i, h in enumerate(heads)]
    for i in range(len(heads)):
        for j in range(i + 1, len(heads)):
            if heads[i] - 1 == j or heads[j] - 1 == i:
                continue
            (li, ri), (lj, rj) = spans[i], spans[j]
            if li == -1:
                if lj != -1 and lj < ri < rj:
                    return False
            elif lj == -1:
                if li < rj < ri:
                    return False
            elif li < lj < ri < rj or lj < li < rj < ri:
                return False
    return True


def test_trees_against_references() -> None:
    rng = random.Random(7)
    sentences = []
    for _ in range(300):
        size = rng.randint(1, 9)
        heads = [rng.randint(0, size) for _ in range(size)]
        sentences.append(DependencySentence([str(i) for i in range(size)], ["X"] * size,
                                            heads, ["x"] * size))
    tb = Treebank.from_sentences(sentences)
    arcs = projective_arcs(tb).tolist()
    cycles = has_cycle(tb).tolist()
    projective = is_projective(tb).tolist()
    offset = 0
    for s, sentence in enumerate(sentences):
        graph = nx.DiGraph([(i + 1, h) for i, h in enumerate(sentence.heads) if h])
        graph.add_nodes_from(range(1, len(sentence) + 1))
        cyclic = not nx.is_directed_acyclic_graph(graph)
        assert cycles[s] == cyclic
        assert projective[s] == malteval_sentence_projective(sentence.heads)
        expected = [not cyclic and malteval_arc(sentence.heads, w) for w in range(len(sentence))]
        assert arcs[offset:offset + len(sentence)] == expected, sentence.heads
        offset += len(sentence)


def test_token_excludes_by_the_parsed_deprel(pair: tuple[Treebank, Treebank]) -> None:
    exclusions = Exclusions.from_parameters({"ExcludeDeprels": "dobj"})
    table = group("Token", token_hits("LAS", *pair), *pair, exclusions=exclusions)
    # every token is listed ("dog" is not dobj in the gold file), but its accuracy is undefined
    assert table.groups == ["1", "2", "3", "4", "5", "6"]
    assert math.isnan(table.columns["accuracy"][1])
    assert table.summary["accuracy"] == (0.4, 5)


def test_two_sided_exclusions_apply_per_side(pair: tuple[Treebank, Treebank]) -> None:
    exclusions = Exclusions.from_parameters({"ExcludeDeprels": "dobj|expl"})
    table = group("Deprel", token_hits("LAS", *pair), *pair, exclusions=exclusions)
    assert table.groups == ["dep", "det", "nsubj", "punct", "root"]
    assert table.columns["treebankcounter"].tolist() == [0, 1, 1, 1, 2]
    assert table.columns["parsercounter"].tolist() == [1, 1, 0, 1, 2]


def test_exclusions_disjunction_and_columns(pair: tuple[Treebank, Treebank]) -> None:
    exclusions = Exclusions.from_parameters({
        "ExcludeWordforms": "It", "ExcludeCpostags": "DET", "ExcludeLemmas": "barks",
        "ExcludePostags": "", "ExcludeFeats": "Case=Nom", "ExcludePdeprels": "x"})
    gold_keep, parsed_keep = exclusions.masks(*pair)
    assert gold_keep.tolist() == [False, True, False, True, False, True]
    assert parsed_keep.tolist() == gold_keep.tolist()
    assert not Exclusions.from_parameters({"ExcludeDeprels": "|"})
    with pytest.raises(UsageError, match="whole number"):
        Exclusions.from_parameters({"MinSentenceLength": "-1"})


def test_sentence_with_unicode_punctuation(pair: tuple[Treebank, Treebank]) -> None:
    exclusions = Exclusions(unicode_punctuation=True)
    table = group("Sentence", token_hits("LAS", *pair), *pair, exclusions=exclusions)
    assert table.columns["includedtokenscount"].tolist() == [3, 2]
    assert table.columns["sentencelength"].tolist() == [4, 2]
    np.testing.assert_equal(table.columns["accuracy"], [2 / 3, 0])


@pytest.mark.parametrize("bounds, sentences, tokens", [
    ({"MinSentenceLength": "3"}, ["1"], ["1", "2", "3", "4"]),
    ({"MaxSentenceLength": "3"}, ["2"], ["1", "2"]),
    ({"MinSentenceLength": "2", "MaxSentenceLength": "4"}, ["1", "2"], list("123456")),
])
def test_sentence_length_bounds(pair: tuple[Treebank, Treebank], bounds: dict[str, str],
                                sentences: list[str], tokens: list[str]) -> None:
    exclusions = Exclusions.from_parameters(bounds)
    hits = token_hits("LAS", *pair)
    assert group("Sentence", hits, *pair, exclusions=exclusions).groups == sentences
    assert group("Token", hits, *pair, exclusions=exclusions).groups == tokens


class LastLetter:
    """A plug-in grouping: the last letter of each FORM."""

    name = "LastLetter"
    two_sided = False

    def keys(self, tb: Treebank) -> np.ndarray:
        return np.array([form[-1] for form in tb.forms.tolist()], dtype=object)


def test_plugin_grouping_object(pair: tuple[Treebank, Treebank]) -> None:
    table = group(LastLetter(), token_hits("LAS", *pair), *pair)
    assert table.groups == [".", "e", "g", "s", "t"]
    assert table.columns["counter"].tolist() == [1, 1, 1, 2, 1]
    np.testing.assert_equal(table.columns["accuracy"], [0, 1, 0, 0.5, 0])


def test_unknown_grouping(pair: tuple[Treebank, Treebank]) -> None:
    with pytest.raises(UsageError, match="unknown GroupBy"):
        group("Wordforms", token_hits("LAS", *pair), *pair)


def test_token_numbers_are_given_when_first_seen() -> None:
    # sentence 1 is all punctuation: left out; MaltEval numbers the tokens an evaluation
    # visits first, and keeps the numbers for the later evaluations of the run
    sentences = [DependencySentence([".", "!"], ["P"] * 2, [0, 1], ["root", "punct"]),
                 DependencySentence(["Hi", "."], ["X", "P"], [0, 1], ["root", "punct"])]
    tb = Treebank.from_sentences(sentences)
    hits = token_hits("LAS", tb, tb)
    table = group("Token", hits, tb, tb, exclusions=Exclusions(unicode_punctuation=True))
    assert table.groups == ["1"] and table.summary["accuracy"] == (1.0, 1)
    numbering = TokenNumbering()
    assert group("Token", hits, tb, tb, numbering=numbering).groups == ["1", "2", "3", "4"]
    table = group("Token", hits, tb, tb, exclusions=Exclusions(unicode_punctuation=True),
                  numbering=numbering)
    assert table.groups == ["3"] and table.columns["counter"].tolist() == [1]
    table = group("Sentence", hits, tb, tb, exclusions=Exclusions(unicode_punctuation=True))
    assert table.groups == ["2"]


def test_fscore_is_listed_with_every_self_metric(pair: tuple[Treebank, Treebank]) -> None:
    hits = token_hits("LA", *pair)
    assert "fscore" in group("Deprel", hits, *pair, "LA").columns
    # MaltEval 1.0 lists fscore under LabelRight too (Deprel:all)
    assert "fscore" in group("Deprel", hits, *pair, "LabelRight").columns
    assert "fscore" in group("ArcDirection", grouping_hits("ArcDirection", "self", *pair),
                             *pair, "self").columns


def test_complex_values(pair: tuple[Treebank, Treebank]) -> None:
    hits = token_hits("LAS", *pair)
    assert group("Cpostag@0", hits, *pair).groups == group("Cpostag", hits, *pair).groups
    table = group("Cpostag@-1", hits, *pair)
    assert table.groups == ['"DET"@-1', '"NOUN"@-1', '"PRON"@-1', '"VERB"@-1', "^@-1"]
    assert table.columns["counter"].tolist() == [1, 1, 1, 1, 2]
