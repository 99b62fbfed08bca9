"""MaltEval's metrics, groupings and table layout on small hand-computed fixtures."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from treeeval.dep.grouping.groupings import group
from treeeval.dep.malteval_report import format_number, hash_order, render_table
from treeeval.dep.metrics import token_hits
from treeeval.dep.punctuation import punctuation_forms
from treeeval.dep.reading import check_same_text, read_treebank
from treeeval.errors import InputError, UsageError
from treeeval.model.dependencies import DependencySentence
from treeeval.model.treebank import Treebank

FORMS = [["The", "dog", "barks", "."], ["It", "rains"]]
TAGS = [["DET", "NOUN", "VERB", "PUNCT"], ["PRON", "VERB"]]
GOLD = [([2, 3, 0, 3], ["det", "nsubj", "root", "punct"]), ([2, 0], ["expl", "root"])]
#: token 2 mislabelled, token 4 attached one word further left; sentence 2 all wrong
PARSED = [([2, 3, 0, 2], ["det", "dobj", "root", "punct"]), ([0, 1], ["root", "dep"])]


def treebank(analyses: list[tuple[list[int], list[str]]], sentences: int = 2) -> Treebank:
    return Treebank.from_sentences(
        DependencySentence(forms, tags, heads, labels)
        for forms, tags, (heads, labels) in list(zip(FORMS, TAGS, analyses))[:sentences])


@pytest.fixture
def pair() -> tuple[Treebank, Treebank]:
    return treebank(GOLD), treebank(PARSED)


@pytest.mark.parametrize("metric, hits", [
    ("LAS", [1, 0, 1, 0, 0, 0]), ("BothRight", [1, 0, 1, 0, 0, 0]),
    ("UAS", [1, 1, 1, 0, 0, 0]), ("LA", [1, 0, 1, 1, 0, 0]),
    ("AnyRight", [1, 1, 1, 1, 0, 0]), ("AnyWrong", [0, 1, 0, 1, 1, 1]),
    ("BothWrong", [0, 0, 0, 0, 1, 1]), ("HeadWrong", [0, 0, 0, 1, 1, 1]),
    ("LabelWrong", [0, 1, 0, 0, 1, 1]),
    # token 4: head 3 or 2 is to the left either way; distances 1 and 2 differ
    ("DirectionRight", [1, 1, 1, 1, 0, 0]),
    ("HeadToChildDistanceRight", [1, 1, 1, 0, 0, 0]),
    ("GroupedHeadToChildDistanceRight", [1, 1, 1, 0, 0, 0]),
])
def test_metrics(pair: tuple[Treebank, Treebank], metric: str, hits: list[int]) -> None:
    assert token_hits(metric, *pair).astype(int).tolist() == hits


def test_grouped_distance_merges_3_to_6() -> None:
    forms = list("abcdefgh")
    gold = Treebank.from_sentences([DependencySentence(forms, ["X"] * 8, [0, 1, 1, 1, 1, 1, 1, 1],
                                                       ["r"] * 8)])
    parsed = Treebank.from_sentences([DependencySentence(forms, ["X"] * 8, [0, 1, 1, 2, 1, 1, 2, 1],
                                                         ["r"] * 8)])
    # token 4: distance 2 vs 3 ("2" vs "3-6"); token 7: 6 vs 5 (both "3-6")
    assert token_hits("GroupedHeadToChildDistanceRight", gold, parsed).astype(int).tolist() == [
        1, 1, 1, 0, 1, 1, 1, 1]


def test_unknown_metric(pair: tuple[Treebank, Treebank]) -> None:
    with pytest.raises(UsageError, match="unknown or unsupported Metric"):
        token_hits("Las", *pair)


def test_token_and_sentence(pair: tuple[Treebank, Treebank]) -> None:
    hits = token_hits("LAS", *pair)
    # Token's attributes are accuracy, counter and correctcounter (MaltEval's Token:all)
    assert group("Token", hits, *pair).summary == {"accuracy": (2 / 6, 6), "counter": (1.0, 6),
                                                   "correctcounter": (2 / 6, 6)}
    sentence = group("Sentence", hits, *pair)
    assert sentence.columns["accuracy"].tolist() == [0.5, 0.0]
    assert sentence.default == ["accuracy", "exactmatch", "sentencelength"]
    assert {name: sentence.summary[name] for name in sentence.default} == {
        "accuracy": (0.25, 2), "exactmatch": (0.0, 2), "sentencelength": (3.0, 2)}


def test_deprel_two_sides() -> None:
    gold, parsed = treebank(GOLD, 1), treebank(PARSED, 1)
    table = group("Deprel", token_hits("LAS", gold, parsed), gold, parsed)
    assert table.groups == ["det", "dobj", "nsubj", "punct", "root"]
    nan = math.nan
    np.testing.assert_equal(table.columns["parseraccuracy"], [1, 0, nan, 0, 1])
    np.testing.assert_equal(table.columns["treebankaccuracy"], [1, nan, 0, 0, 1])
    assert table.columns["parsercounter"].tolist() == [1, 1, 0, 1, 1]
    assert table.columns["treebankcorrectcounter"].tolist() == [1, 0, 0, 0, 1]


def test_deprel_under_la_is_precision_and_recall() -> None:
    gold, parsed = treebank(GOLD, 1), treebank(PARSED, 1)
    table = group("Deprel", token_hits("LA", gold, parsed), gold, parsed, "LA")
    # MaltEval's default columns for LA are not among them: it needs a format (Deprel:all)
    assert table.default == ["parseraccuracy", "treebankaccuracy"]
    nan = math.nan
    # det, dobj, nsubj, punct, root: only dobj/nsubj are confused
    np.testing.assert_equal(table.columns["precision"], [1, 0, nan, 1, 1])
    np.testing.assert_equal(table.columns["recall"], [1, nan, 0, 1, 1])
    np.testing.assert_equal(table.columns["fscore"], [1, nan, nan, 1, 1])
    assert table.columns["correctcounter"].tolist() == [1, 0, 0, 1, 1]


def test_cpostag(pair: tuple[Treebank, Treebank]) -> None:
    table = group("Cpostag", token_hits("UAS", *pair), *pair)
    assert table.groups == ["DET", "NOUN", "PRON", "PUNCT", "VERB"]
    assert table.columns["accuracy"].tolist() == [1, 1, 0, 0, 0.5]


def test_relation_length(pair: tuple[Treebank, Treebank]) -> None:
    table = group("RelationLength", token_hits("UAS", *pair), *pair)
    # gold lengths 1 1 root 1 | 1 root; parsed 1 1 root 2 | root 1
    assert table.groups == ["-1", "1", "2"]
    assert table.columns["treebankcounter"].tolist() == [2, 4, 0]
    assert table.columns["parsercounter"].tolist() == [2, 3, 1]
    np.testing.assert_equal(table.columns["parseraccuracy"], [0.5, 2 / 3, 0])
    grouped = group("GroupedRelationLength", token_hits("UAS", *pair), *pair)
    assert grouped.groups == ["1", "2", "to_root"]
    direction = group("ArcDirection", token_hits("UAS", *pair), *pair)
    # gold: right right root left | right root; parsed: right right root left | root left
    assert direction.groups == ["left", "right", "to_root"]
    assert direction.columns["treebankcounter"].tolist() == [1, 3, 2]
    assert direction.columns["parsercounter"].tolist() == [2, 2, 2]
    frame = group("Frame", token_hits("LAS", *pair), *pair)
    # "barks": gold "nsubj *root* punct ", parsed "dobj *root* " ("." hangs from "dog")
    assert "nsubj *root* punct " in frame.groups and "dobj *root* " in frame.groups
    assert "det *dobj* punct " in frame.groups


def test_unicode_punctuation(pair: tuple[Treebank, Treebank]) -> None:
    assert punctuation_forms(pair[0].forms).tolist() == [False, False, False, True, False, False]


def test_same_text_is_checked(pair: tuple[Treebank, Treebank]) -> None:
    with pytest.raises(InputError, match="different number of sentences"):
        check_same_text(pair[0], treebank(PARSED, 1), "g", "p")


@pytest.mark.parametrize("value, text", [
    (2 / 3, "0.667"), (0.5, "0.5"), (1.0, "1"), (0.0, "0"), (math.nan, "-"),
    (0.0625, "0.062"), (0.1875, "0.188"), (1000.0, "1,000")])
def test_number_format(value: float, text: str) -> None:
    assert format_number(value) == text


def test_patterns() -> None:
    assert format_number(2 / 3, "0.0000") == "0.6667"
    assert format_number(0.5, "0.00%") == "50.00%"


def test_hash_order_grows_like_a_hashmap() -> None:
    metrics = ("LAS;UAS;LA;AnyRight;AnyWrong;BothRight;BothWrong;HeadRight;HeadWrong;"
               "LabelRight;LabelWrong;DirectionRight;HeadToChildDistanceRight;"
               "GroupedHeadToChildDistanceRight").split(";")
    assert hash_order(metrics)[:4] == ["DirectionRight", "UAS", "LabelRight",
                                       "GroupedHeadToChildDistanceRight"]


def test_tab_table_keeps_the_padded_rule() -> None:
    text = render_table(["accuracy / "], "Token", [("Row mean", ["0.5"])], [],
                        tab=True, row_header=False, blank=False)
    assert text == "accuracy / \t\n" + "-" * 23 + "\n0.5\t\n" + "-" * 23 + "\n"


def write(path: Path, sentences: list[tuple[list[str], list[int], list[str]]],
          comment: str = "") -> str:
    lines = [comment] if comment else []
    for forms, heads, labels in sentences:
        for i, (form, head, label) in enumerate(zip(forms, heads, labels), 1):
            lines.append(f"{i}\t{form}\t_\tX\tX\t_\t{head}\t{label}\t_\t_")
        lines.append("")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_phead_must_be_a_number(tmp_path: Path) -> None:
    path = tmp_path / "p.conll"
    path.write_text("1\tIt\t_\tX\tX\t_\t2\tnsubj\t2\t_\n2\trains\t_\tX\tX\t_\t0\troot\t-\t_\n\n",
                    encoding="utf-8")
    with pytest.raises(InputError, match="PHEAD must be _ or a whole number, found '-'") as caught:
        read_treebank(str(path))
    assert caught.value.line == 2


def test_comment_lines_are_skipped(tmp_path: Path) -> None:
    # MaltEval aborts on CoNLL-U comment lines; treeeval dep skips them (docs/differences.md)
    path = write(tmp_path / "g.conllu", [(FORMS[1], *GOLD[1])], comment="# sent_id = 1")
    treebank = read_treebank(path)
    assert treebank.forms.tolist() == FORMS[1] and treebank.heads.tolist() == GOLD[1][0]
