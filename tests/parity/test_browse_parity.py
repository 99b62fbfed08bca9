"""The browser on WSJ section 22: EVALB's corpus F1 in the header, and per-sentence
bracket marks that agree with the command line's counts; on the CoNLL 2018 English EWT
test set and the HIT-SCIR output: the conll18_ud_eval.py table in the header."""

from __future__ import annotations

import numpy as np
from shared_data import require

from treeeval.bracket.api import _params, evaluate_brackets
from treeeval.tui.cli import load_corpus, parse_browse_args


def test_wsj22_matches_evalb_and_the_engine_agrees():
    folder = require("evalb", "wsj22")
    gold, test = folder / "wsj22.auto.clean.gld", folder / "wsj22.berkeley_MLE.top.tst"
    corpus = load_corpus(parse_browse_args(["-p", "COLLINS.prm", str(gold), str(test)]))
    reference = (folder / "wsj22.berkeley_MLE.top.COLLINS.rsl").read_text()
    f1 = next(line for line in reference.splitlines() if line.startswith("Bracketing FMeasure"))
    assert f1.split("=")[1].strip() == "62.82"
    assert "All R 59.73 P 66.25 F1 62.82 · len<=40 F1 64.05" in corpus.header().scores[0]
    result = evaluate_brackets(str(gold), str(test), params=_params("COLLINS.prm"))
    for index in range(0, corpus.size, 7):
        diff = corpus.diff(index)
        row = result.sentences.take(slice(index, index + 1)).rows()[0]
        assert (diff.score.status, diff.score.matched, diff.score.crossing) == (
            row["status"], row["matched"], row["crossing"])
        if diff.scored:
            assert sum(diff.test_crossing) == row["crossing"]


def test_en_ewt_hit_scir_shows_the_conll18_table():
    folder = require("ud", "conll2018")
    gold = folder / "gold" / "en_ewt.conllu"
    system = folder / "systems" / "HIT-SCIR-18" / "en_ewt.conllu"
    reference = (folder / "systems" / "HIT-SCIR-18" / "en_ewt.eval-v.txt").read_text()
    table = {line.split("|")[0].strip(): [cell.strip() for cell in line.split("|")[1:]]
             for line in reference.splitlines()[2:] if "|" in line}
    assert table["LAS"][2] == "84.57"
    corpus = load_corpus(parse_browse_args([str(gold), str(system)]))
    header = corpus.header().scores
    names = header[0].split()
    assert names == list(table)
    for row, label in enumerate(("P", "R", "F1"), start=1):
        assert header[row].split() == [label] + [table[name][row - 1] for name in names]
    aligned = header[4].split()[1:]
    assert aligned == [table[name][3] for name in names if table[name][3]]
    # the per-word marks of the detail pane add up to the scorer's counts
    counts = {line.split("|")[0].strip(): [cell.strip() for cell in line.split("|")[1:]]
              for line in (folder / "systems" / "HIT-SCIR-18" / "en_ewt.eval-c.txt")
              .read_text().splitlines()[2:]}
    assert int((corpus.kinds == 0).sum()) == int(counts["LAS"][0]) == 21212
    assert int((corpus.kinds <= 1).sum()) == int(counts["UAS"][0])
    assert int(corpus.values["len"].sum()) == int(counts["LAS"][1])
    assert int(corpus.values["sys"].sum()) == int(counts["LAS"][2])


def test_wsj22_label_filters_equal_the_whole_corpus_analysis():
    folder = require("evalb", "wsj22")
    arguments = ["-p", "COLLINS.prm", str(folder / "wsj22.auto.clean.gld"),
                 str(folder / "wsj22.berkeley_MLE.top.tst")]
    corpus = load_corpus(parse_browse_args(arguments))
    analysis = load_corpus(parse_browse_args(arguments)).analysis(0)
    for key, found in list(analysis.wrong.items()) + list(analysis.confusions.items()):
        expected = np.zeros(corpus.size, dtype=bool)
        expected[found] = True
        mask = corpus.label_mask(key) if isinstance(key, str) else corpus.confusion_mask(*key)
        assert mask.tolist() == expected.tolist(), key
    assert int(corpus.label_mask("NP").sum()) == 1420
    assert len(corpus.sentence_errors(0)) < corpus.size
