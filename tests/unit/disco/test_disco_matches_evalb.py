"""On continuous PTB trees, ``treeeval disco --fmt=bracket ... COLLINS.prm`` gives the labelled
recall, precision and F1 of ``treeeval bracket -p COLLINS.prm`` wherever EVALB scores every
sentence (issue 29's acceptance; both commands reproduce their reference programs, so this
is discodop eval against EVALB).

The conditions under which they agree, found by running both on random corpora:

* both files are read as PTB brackets (discodop's ``--fmt=bracket``), one tree a line, the
  predicted trees with the gold words in the gold order;
* **punctuation tags intact**: a word COLLINS.prm deletes by its tag (``, : `` '' .``,
  ``-NONE-``) has the same tag in both trees.  EVALB deletes each side's words by that
  side's own tags and calls a sentence whose lengths then differ an error; discodop deletes
  by the gold tag only.  Other tags may differ (they change tagging accuracy, no bracket);
* **EVALB scores every sentence**: no Error or Skip sentence (a sentence left without a
  word after the deletions is one EVALB skips; discodop counts it, with its brackets);
* labels may carry function tags and co-indices (``NP-SBJ-1``, ``NP=2``): EVALB cuts a
  label at its first ``-`` or ``=``, discodop's default ``--functions=remove`` cuts it the
  same way; COLLINS.prm's ``EQ_LABEL ADVP PRT`` is applied by both;
* the root may be labelled ``TOP`` (deleted by both: no bracket) or anything else, such as
  ``ROOT`` (a bracket for both).

Exact match is not compared: discodop takes it over all sentences, EVALB over those it
scores, and they agree here only because every sentence is scored.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, assume, given, settings
from random_trees import PHRASES, PUNCTUATION, TAGS, Node, line, tree_pair

from treeeval.bracket.api import evaluate_brackets
from treeeval.bracket.params import load_params
from treeeval.disco import metrics
from treeeval.disco.run import DiscoRun, DiscoSettings, run_disco
from treeeval.formats.prm import find_prm

COLLINS = str(find_prm("COLLINS.prm"))
DELETED = {tag for tag, _ in PUNCTUATION} | {"-NONE-"}
SUFFIXES = ("-SBJ", "-LOC-1", "=2", "-TMP=3", "-PRD")


@st.composite
def labelled(draw: st.DrawFn, node: Node, predicted: bool) -> Node:
    """``node`` with function tags and co-indices on some labels, some phrases PRT (COLLINS'
    EQ_LABEL class of ADVP) and, in a predicted tree, some non-punctuation tags changed."""
    label, children = node
    if isinstance(children, str):
        if predicted and label not in DELETED and draw(st.integers(0, 5)) == 0:
            return (draw(st.sampled_from(TAGS)), children)
        return node
    if label in PHRASES:
        if draw(st.integers(0, 7)) == 0:
            label = "PRT"
        if draw(st.integers(0, 2)) == 0:
            label += draw(st.sampled_from(SUFFIXES))
    return (label, [draw(labelled(child, predicted)) for child in children])


@st.composite
def corpus(draw: st.DrawFn) -> tuple[list[Node], list[Node]]:
    root = draw(st.sampled_from(("ROOT", "TOP")))
    golds, predictions = [], []
    for _ in range(draw(st.integers(1, 6))):
        gold, predicted = draw(tree_pair())
        golds.append((root, draw(labelled(gold, False))[1]))
        predictions.append((root, draw(labelled(predicted, True))[1]))
    return golds, predictions


def scores(tmp: Path, gold: list[Node], predicted: list[Node]
           ) -> tuple[tuple[float, ...], tuple[float | None, ...]] | None:
    """EVALB's and discodop's (recall, precision, F1); None when EVALB does not score
    every sentence."""
    (tmp / "gold.mrg").write_text("".join(line(tree) + "\n" for tree in gold))
    (tmp / "test.mrg").write_text("".join(line(tree) + "\n" for tree in predicted))
    evalb = evaluate_brackets(str(tmp / "gold.mrg"), str(tmp / "test.mrg"),
                              params=load_params([COLLINS])[0]).all_totals
    if evalb.error_sentences or evalb.skip_sentences:
        return None
    run = DiscoRun()
    assert run_disco(DiscoSettings(str(tmp / "gold.mrg"), str(tmp / "test.mrg"), COLLINS,
                                   fmt="bracket"), io.BytesIO(), run) == 0
    return ((float(evalb.recall()), float(evalb.precision()), float(evalb.fmeasure())),
            tuple(metrics.value(run.totals, name)
                  for name in ("recall", "precision", "fmeasure")))


def same(evalb: tuple[float, ...], disco: tuple[float | None, ...]) -> bool:
    """Equal scores; EVALB's undefined F-measure (NaN) is discodop's nan (None)."""
    return all(theirs is None if math.isnan(ours) else theirs == pytest.approx(ours, abs=1e-9)
               for ours, theirs in zip(evalb, disco))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(corpus())
def test_disco_gives_evalbs_brackets_where_evalb_scores_every_sentence(
        tmp_path_factory: pytest.TempPathFactory, trees: tuple[list[Node], list[Node]]) -> None:
    found = scores(tmp_path_factory.mktemp("ptb"), *trees)
    assume(found is not None)
    assert found is not None and same(*found), found


def test_a_worked_case(tmp_path: Path) -> None:
    # the predicted tree drops the VP and relabels the NP's function: 2 of 3 gold brackets
    # (S, NP; the function tag is cut), 2 of 2 predicted
    gold = [("TOP", [("S", [("NP-SBJ", [("DT", "the"), ("NN", "dog")]),
                            ("VP", [("VBD", "ran")]), (".", ".")])])]
    predicted = [("TOP", [("S", [("NP-TMP", [("DT", "the"), ("NN", "dog")]),
                                 ("VBD", "ran"), (".", ".")])])]
    found = scores(tmp_path, gold, predicted)
    assert found is not None
    evalb, disco = found
    assert disco == (pytest.approx(200 / 3), 100.0, 80.0) and same(evalb, disco)


def test_where_evalb_skips_a_sentence_they_differ(tmp_path: Path) -> None:
    # a sentence of punctuation alone: EVALB skips it, so no condition of the property holds
    gold = [("TOP", [("S", [("NP", [("NN", "dog")]), ("VP", [("VBD", "ran")])])]),
            ("ROOT", [("S", [(",", ","), (".", ".")])])]
    assert scores(tmp_path, gold, gold) is None
