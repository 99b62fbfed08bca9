"""The browser on WSJ section 22: EVALB's corpus F1 in the header, and per-sentence
bracket marks that agree with the command line's counts."""

from __future__ import annotations

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
