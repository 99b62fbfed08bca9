"""The metrics of ``treeeval ud`` on small pairs whose counts are worked out by hand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from treeeval.ud.api import evaluate_ud
from treeeval.ud.metrics import Score, f1_fraction


def row(index: object, form: str, head: object, deprel: str, upos: str = "X",
        feats: str = "_", lemma: str = "_") -> str:
    return "\t".join(map(str, (index, form, lemma, upos, "_", feats, head, deprel, "_", "_")))


def pair(tmp_path: Path, gold: list[list[str]], system: list[list[str]]) -> tuple[str, str]:
    paths = []
    for name, sentences in (("gold", gold), ("system", system)):
        path = tmp_path / f"{name}.conllu"
        path.write_text("".join("".join(r + "\n" for r in s) + "\n" for s in sentences),
                        encoding="utf-8")
        paths.append(str(path))
    return paths[0], paths[1]


def test_score_ratios() -> None:
    value = Score(correct=3, gold=4, system=6, aligned=5)
    # rates in percent, 100 times the scorer's fraction (the number its report formats)
    assert (value.precision, value.recall, value.f1, value.aligned_accuracy) == (
        50.0, 75.0, 60.0, 60.0)
    assert f1_fraction(value) == 0.6 and value.f1 == 100 * f1_fraction(value)
    assert Score(0, 0, 0, 0).aligned_accuracy == 0.0 and Score(0, 0, 0).f1 == 0.0
    assert Score(1, 1, 1).aligned_accuracy is None


def test_lemma_underscore_rule_and_ufeats(tmp_path: Path) -> None:
    gold = [[row(1, "a", 0, "root", feats="Number=Sing|Case=Nom", lemma="_"),
             row(2, "b", 1, "obj", feats="Foo=Bar", lemma="b")]]
    system = [[row(1, "a", 0, "root", feats="Case=Nom|Number=Sing|Foo=Baz", lemma="x"),
               row(2, "b", 1, "obj", feats="_", lemma="B")]]
    result = evaluate_ud(*pair(tmp_path, gold, system))
    assert result.scores["Lemmas"].correct == 1  # gold "_" accepts any lemma; b != B
    assert result.scores["UFeats"].correct == 2  # sorted, only universal features kept
    literal = evaluate_ud(*pair(tmp_path, gold, system), conll17=True)
    assert literal.scores["Lemmas"].correct == 0 and literal.scores["Feats"].correct == 0
    assert "MLAS" not in literal.scores


def test_content_relations(tmp_path: Path) -> None:
    gold = [[row(1, "a", 3, "nsubjpass"), row(2, "b", 3, "aux:pass"), row(3, "c", 0, "ROOT"),
             row(4, "d", 3, "obl:tmod"), row(5, "e", 3, "punct")]]
    system = [[row(1, "a", 3, "nsubj"), row(2, "b", 3, "aux"), row(3, "c", 0, "root"),
               row(4, "d", 3, "case"), row(5, "e", 3, "punct")]]
    scores = evaluate_ud(*pair(tmp_path, gold, system)).scores
    # 2018: only obl counts in gold (nsubjpass, ROOT are not UD v2 content relations);
    # the system word labelled case stays in gold and aligned counts and is wrong
    assert (scores["CLAS"].gold, scores["CLAS"].system, scores["CLAS"].aligned,
            scores["CLAS"].correct) == (1, 2, 1, 0)
    assert scores["LAS"].correct == 2  # aux (subtype cut) and punct
    conll17 = evaluate_ud(*pair(tmp_path, gold, system), conll17=True).scores
    # 2017: a blacklist, so nsubjpass, ROOT and obl count
    assert (conll17["CLAS"].gold, conll17["CLAS"].system, conll17["CLAS"].correct) == (3, 2, 0)


def test_mlas_compares_functional_children(tmp_path: Path) -> None:
    gold = [[row(1, "the", 2, "det", "DET"), row(2, "dog", 3, "nsubj", "NOUN"),
             row(3, "ran", 0, "root", "VERB")]]
    wrong_child = [[row(1, "the", 2, "det", "PRON"), row(2, "dog", 3, "nsubj", "NOUN"),
                    row(3, "ran", 0, "root", "VERB")]]
    scores = evaluate_ud(*pair(tmp_path, gold, wrong_child)).scores
    assert scores["LAS"].correct == 3 and scores["CLAS"].correct == 2
    assert scores["MLAS"].correct == 1  # dog's child "the" differs in UPOS
    moved = [[row(1, "the", 3, "det", "DET"), row(2, "dog", 3, "nsubj", "NOUN"),
              row(3, "ran", 0, "root", "VERB")]]
    scores = evaluate_ud(*pair(tmp_path, gold, moved)).scores
    assert scores["MLAS"].correct == 0  # dog lost its child, ran gained one


def test_heads_correspond_through_the_alignment(tmp_path: Path) -> None:
    gold = [[row(1, "ab", 0, "root"), row(2, "c", 1, "obj")]]
    system = [[row(1, "a", 0, "root"), row(2, "b", 1, "dep"), row(3, "c", 1, "obj")]]
    result = evaluate_ud(*pair(tmp_path, gold, system))
    # "c" is aligned, but its system head "a" is not aligned with the gold head "ab"
    assert result.gold_to_system.tolist() == [-1, 2]
    assert result.scores["UAS"].correct == 0 and result.scores["Words"].correct == 1
    assert result.system_to_gold.tolist() == [-1, -1, 1]


def test_per_sentence_rows_add_up(tmp_path: Path) -> None:
    gold = [[row(1, "a", 0, "root"), row(2, "b", 1, "obj")], [row(1, "c", 0, "root")],
            [row(1, "d", 0, "root"), row(2, "e", 1, "nmod")]]
    system = [[row(1, "a", 0, "root")], [row(1, "b", 0, "root"), row(2, "c", 1, "obj")],
              [row(1, "d", 0, "root"), row(2, "e", 1, "nmod")]]
    result = evaluate_ud(*pair(tmp_path, gold, system))
    for name, value in result.scores.items():
        rows = result.per_sentence[name]
        assert rows.shape == (3, 4)
        totals = rows.sum(axis=0).tolist()
        assert totals[:3] == [value.correct, value.gold, value.system], name
    assert result.per_sentence["Sentences"][:, 0].tolist() == [0, 0, 1]
    assert result.per_sentence["LAS"][2].tolist() == [2, 2, 2, 2]


def test_weighted_las(tmp_path: Path) -> None:
    gold = [[row(1, "a", 2, "det"), row(2, "b", 0, "root"), row(3, "c", 2, "punct")]]
    system = [[row(1, "a", 2, "det"), row(2, "b", 0, "root"), row(3, "c", 1, "punct")]]
    weights = {"det": 0.1, "punct": 0.0}
    scores = evaluate_ud(*pair(tmp_path, gold, system), conll17=True, weights=weights).scores
    weighted = scores["WeightedLAS"]
    assert weighted.gold == pytest.approx(1.1) and weighted.correct == pytest.approx(1.1)
    assert isinstance(weighted.gold, float)


def test_deprels_for_callin(tmp_path: Path) -> None:
    gold = [[row(1, "a", 2, "nsubj:pass"), row(2, "b", 0, "root")]]
    result = evaluate_ud(*pair(tmp_path, gold, gold))
    assert result.gold_deprel.tolist() == ["nsubj", "root"]
    assert result.system_deprel.tolist() == ["nsubj", "root"]
    assert np.array_equal(result.gold_head, result.system_head)
