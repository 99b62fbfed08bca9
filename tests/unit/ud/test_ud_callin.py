"""Callin's (2016) content/function metrics: hand-computed examples and real parser outputs."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from treeeval.errors import InputError
from treeeval.ud import evaluate_ud
from treeeval.ud.callin import (
    CLASSES,
    callin_scores,
    load_relation_classes,
    relation_class_codes,
    render_callin,
    standardised_ttr,
)
from treeeval.ud.wde import MISSING_WDE

# Three sentences, flat over the corpus (heads index the flat arrays, -1 = root):
#   Dogs bark .       the system attaches "." to "Dogs" (wrong head)
#   The cat sleeps    the system labels "cat" obj (wrong label)
#   I saw her         the system attaches "her" to "I" (wrong head)
GOLD_DEPREL = ["nsubj", "root", "punct", "det", "nsubj", "root", "nsubj", "root", "obj"]
GOLD_HEAD = [1, -1, 1, 4, 5, -1, 7, -1, 7]
SYS_DEPREL = ["nsubj", "root", "punct", "det", "obj", "root", "nsubj", "root", "obj"]
SYS_HEAD = [1, -1, 0, 4, 5, -1, 7, -1, 6]
FORMS = ["Dogs", "bark", ".", "The", "cat", "sleeps", "I", "saw", "her"]
WEIGHTS = {"nsubj": 0.6, "root": 0.8, "punct": 0.2, "det": 0.25, "obj": 0.7}


def three_sentences(**options: object):
    return callin_scores(GOLD_DEPREL, GOLD_HEAD, SYS_DEPREL, SYS_HEAD, np.arange(9),
                         **options)  # type: ignore[arg-type]


def test_wlas_on_three_sentences() -> None:
    scores = three_sentences(weights=WEIGHTS, weights_source="w.tsv")
    # gold weight 1.6 + 1.65 + 2.1 = 5.35; correct: nsubj+root three times, det once
    assert scores.weighted_total == pytest.approx(5.35)
    assert scores.weighted_correct == pytest.approx(3 * 1.4 - 0.35)
    assert scores.wlas == pytest.approx(100 * 3.85 / 5.35)  # rates in percent
    without_punct = {name: w for name, w in WEIGHTS.items() if name != "punct"}
    assert three_sentences(weights=without_punct).wlas == pytest.approx(
        100 * 3.85 / (5.35 - 0.2 + MISSING_WDE))
    assert three_sentences().wlas is None


def test_content_and_function_precision_recall_and_ratios() -> None:
    scores = three_sentences()
    content, function, other = (scores.classes[name] for name in CLASSES)
    assert (content.gold, content.system, content.correct) == (7, 7, 5)
    assert (function.gold, function.system, function.correct) == (1, 1, 1)
    assert (other.gold, other.system, other.correct) == (1, 1, 0)
    assert scores.content_precision == scores.content_recall == pytest.approx(100 * 5 / 7)
    assert scores.function_precision == scores.function_recall == 100.0
    assert (scores.content_ratio, scores.function_ratio) == (pytest.approx(100 * 7 / 9),
                                                             pytest.approx(100 * 1 / 9))
    # relabelling a content word as a function word moves it between system counts
    relabelled = callin_scores(GOLD_DEPREL, GOLD_HEAD, SYS_DEPREL[:8] + ["case"], SYS_HEAD,
                               np.arange(9))
    assert relabelled.classes["content"].system == 6
    assert relabelled.classes["function"].system == 2
    assert relabelled.function_precision == 50.0 and relabelled.function_recall == 100.0
    assert relabelled.content_f1 == pytest.approx(100 * 2 * 5 / (7 + 6))


def test_subtypes_count_by_their_universal_part() -> None:
    scores = callin_scores(["nmod:poss", "root"], [1, -1], ["nmod", "root"], [1, -1],
                           np.arange(2))
    assert scores.classes["content"].correct == 2


def test_cascading_errors() -> None:
    # a det->b, b nsubj->c, c root, d obj->c, e case->d
    gold_deprel, gold_head = ["det", "nsubj", "root", "obj", "case"], [1, 2, -1, 2, 3]
    # a->d (wrong head), b obj->c (wrong label), c right, d->root (wrong), e->b (wrong head)
    sys_deprel, sys_head = ["det", "obj", "root", "obj", "case"], [3, 2, -1, -1, 1]
    cascading = callin_scores(gold_deprel, gold_head, sys_deprel, sys_head,
                              np.arange(5)).cascading
    # labelled, content: b (parent c right), d (system root: no parent relation) -> 1/2
    assert (cascading["content"]["labelled"].wrong,
            cascading["content"]["labelled"].parent_correct) == (2, 1)
    # unlabelled, content: only d has a wrong head -> 0/1
    assert cascading["content"]["unlabelled"].ratio == 0.0
    # function: a's parent d is wrong; e's parent b is wrong labelled, right unlabelled
    assert cascading["function"]["labelled"].ratio == 0.0
    assert cascading["function"]["unlabelled"].ratio == 50.0
    assert (cascading["function"]["unlabelled"].wrong, cascading["function"]["unlabelled"]
            .parent_correct) == (2, 1)


def test_heads_correspond_through_the_alignment() -> None:
    # gold: w0 nsubj->w2, w1 punct->w2, w2 root; the system has an extra word s1
    gold_deprel, gold_head = ["nsubj", "punct", "root"], [2, 2, -1]
    sys_deprel, sys_head = ["nsubj", "dep", "punct", "root"], [3, 0, 3, -1]
    scores = callin_scores(gold_deprel, gold_head, sys_deprel, sys_head, [0, 2, 3])
    assert scores.content_precision == scores.content_recall == 100.0
    other = scores.classes["other"]
    assert (other.gold, other.system, other.correct) == (1, 2, 1)
    assert scores.system_words == 4
    # gold w1 not aligned: wrong; w0 attached to the unaligned system word s1: wrong
    scores = callin_scores(gold_deprel, gold_head, sys_deprel, [1, 0, 3, -1], [0, -1, 3])
    assert scores.classes["content"].correct == 1
    assert scores.classes["other"].correct == 0
    assert scores.cascading["content"]["labelled"].wrong == 1  # unaligned words are left out


def test_input_lengths_must_agree() -> None:
    with pytest.raises(ValueError, match="one value per word"):
        callin_scores(["root"], [-1], ["root"], [-1, 0], [0])
    with pytest.raises(ValueError, match="system indices must lie in -1..0"):
        callin_scores(["root"], [-1], ["root"], [1], [0])
    with pytest.raises(ValueError, match="aligned indices"):
        callin_scores(["root"], [-1], ["root"], [-1], [-2])


def test_standardised_type_token_ratio() -> None:
    assert standardised_ttr(["a", "b", "a", "a", "c", "d", "x"], chunk=3) == (
        pytest.approx((2 / 3 + 1) / 2), 2)
    assert standardised_ttr(["a"] * 999) == (None, 0)
    forms = [f"w{i % 500}" for i in range(2500)]  # each full chunk of 1000 has 500 types
    assert standardised_ttr(forms) == (0.5, 2)
    scores = three_sentences(gold_form=FORMS)
    assert (scores.sttr, scores.sttr_chunks) == (None, 0)
    assert standardised_ttr(FORMS, chunk=9) == (1.0, 1)


def test_weights_default_to_the_wde_of_the_gold_file() -> None:
    scores = three_sentences(gold_form=FORMS)
    assert scores.weights_source == "gold"
    # gold WDE, 9 forms: nsubj (Dogs/cat/I) and root (bark/sleeps/saw) -> ln 3 / ln 9 = 0.5;
    # every other relation has a single form -> 0; correct: 2 nsubj and 3 root of 3 + 3
    assert scores.wlas == pytest.approx(100 * 5 / 6)


def test_relation_classes() -> None:
    classes = load_relation_classes()
    paper = {"function": "aux auxpass case cc cop det expl mark neg",
             "content": "acl advcl advmod amod appos ccomp compound conj csubj csubjpass "
                        "dislocated dobj iobj nmod nsubj nsubjpass nummod parataxis remnant "
                        "root vocative xcomp",
             "other": "list dep foreign mwe reparandum punct name goeswith discourse"}
    for name, relations in paper.items():
        assert all(classes[relation] == name for relation in relations.split())
    assert [classes[r] for r in ("obj", "obl", "orphan", "fixed", "flat", "clf")] == [
        "content", "content", "content", "other", "other", "function"]
    codes = relation_class_codes(np.array(["det", "unknown", "obj"]), classes)
    assert codes.tolist() == [1, 2, 0]


def test_relation_classes_file_errors(tmp_path: Path) -> None:
    path = tmp_path / "c.tsv"
    path.write_text("det\tfunction\n\n# x\nnsubj\tcontent\n", encoding="utf-8")
    assert load_relation_classes(path) == {"det": "function", "nsubj": "content"}
    for text, line, message in [("det\tfunctional\n", 1, "CLASS one of"),
                                ("det\tfunction\ndet\tcontent\n", 2, "listed twice")]:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match=message) as caught:
            load_relation_classes(path)
        assert caught.value.line == line


def test_json_and_text_report() -> None:
    scores = three_sentences(weights=WEIGHTS, weights_source="w.tsv")
    document = json.loads(json.dumps(scores.to_json()))
    assert document["classes"]["content"] == pytest.approx(
        {"gold": 7, "system": 7, "correct": 5, "precision": 100 * 5 / 7, "recall": 100 * 5 / 7,
         "f1": 100 * 5 / 7, "ratio": 100 * 7 / 9})
    assert document["wlas"] == pytest.approx(100 * 3.85 / 5.35)
    assert document["cascading"]["function"]["labelled"] == {"wrong": 0, "parent_correct": 0,
                                                             "ratio": None}
    text = render_callin(scores)
    assert "Content    |         7 |         7 |         5 |     71.43 |     71.43 |" in text
    assert "WLAS       |     71.96 (weights: w.tsv)" in text


def conllu(deprels: list[str], heads: list[int]) -> str:
    """The three sentences as CoNLL-U (flat heads turned into 1-based sentence heads)."""
    lines = []
    for start in (0, 3, 6):
        for i in range(start, start + 3):
            head = 0 if heads[i] < 0 else heads[i] - start + 1
            lines.append(f"{i - start + 1}\t{FORMS[i]}\t_\tX\t_\t_\t{head}\t{deprels[i]}\t_\t_")
        lines.append("")
    return "\n".join(lines) + "\n"


def test_callin_of_a_ud_result(tmp_path: Path) -> None:
    gold, system = tmp_path / "gold.conllu", tmp_path / "sys.conllu"
    gold.write_text(conllu(GOLD_DEPREL, GOLD_HEAD), encoding="utf-8")
    system.write_text(conllu(SYS_DEPREL, SYS_HEAD), encoding="utf-8")
    result = evaluate_ud(str(gold), str(system))
    # the defaults: the paper's classes, the gold file's own WDE as weights
    assert result.callin().to_json() == three_sentences(gold_form=FORMS).to_json()
    weights = tmp_path / "w.tsv"
    weights.write_text("".join(f"{name}\t{value}\n" for name, value in WEIGHTS.items()),
                       encoding="utf-8")
    classes = tmp_path / "c.tsv"
    classes.write_text("det\tfunction\nnsubj\tfunction\n", encoding="utf-8")
    from_files = result.callin(weights=weights, classes=classes)
    assert from_files.wlas == pytest.approx(100 * 3.85 / 5.35)
    assert (from_files.weights_source, from_files.classes_source) == (str(weights), str(classes))
    assert from_files.classes["function"].gold == 4  # det and three nsubj
    from_mappings = result.callin(weights=WEIGHTS, weights_source="mine",
                                  classes={"det": "function", "nsubj": "function"})
    assert from_mappings.to_json() == {**from_files.to_json(), "weights_source": "mine",
                                       "classes_source": None}
