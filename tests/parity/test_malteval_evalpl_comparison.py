"""MaltEval's ``evalpl_comparison`` runs (eval.pl's sections as MaltEval evaluation files).

The runs in ../shared/data/conllx/malteval_out/en-plank.evalpl_comparison.*.txt used the
evaluation files of MaltEval's distribution, which ../shared does not hold.  Each file below
is what the run's output shows its file held: the GroupBy values and formats and the metrics
of the header blocks, the pattern of the numbers, ``details`` where rows are listed that a
grouping does not list by default, and ``confusion-matrix``.  The test writes them where the
runs found theirs (``MaltEval/dist-20141005/evalpl_comparison/``, beside a link to the
Plank data), so that the echoed arguments are the same, and compares the bytes.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from treeeval.commands.dep import run_dep

CONLLX = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "conllx"
RUNS = CONLLX / "malteval_out"
FOLDER = Path("MaltEval") / "dist-20141005" / "evalpl_comparison"


def evaluation(metrics: list[str], groupings: list[tuple[str, str]],
               **formatting: str) -> str:
    """An evaluation file: the metrics, the (GroupBy value, format) pairs, the formatting."""
    values = "".join(f"<value>{m}</value>" for m in metrics)
    groups = "".join(f'<value format="{f}">{g}</value>' if f else f"<value>{g}</value>"
                     for g, f in groupings)
    formats = "".join(f'<formatting argument="{name.replace("_", "-")}" format="{value}"/>'
                      for name, value in formatting.items())
    return (f'<evaluation><parameter name="Metric">{values}</parameter>'
            f'<parameter name="GroupBy">{groups}</parameter>{formats}</evaluation>\n')


#: the columns of MaltEval's own evaluation files for the grouping's metric (no fscore)
PRECISION = "precision|recall|parsercounter|treebankcounter|correctcounter"
CONTEXTS = ["Cpostag@0#Wordform@0", "Cpostag@-1", "Cpostag@-1#Wordform@-1",
            "Cpostag@-2#Cpostag@-1", "Cpostag@-2#Cpostag@-1#Wordform@-2#Wordform@-1",
            "Cpostag@1", "Cpostag@1#Wordform@1", "Cpostag@2#Cpostag@1",
            "Cpostag@2#Cpostag@1#Wordform@2#Wordform@1"]
#: the files of MaltEval's distribution (dist-20141005/evalpl_comparison), as they read
FILES = {
    "01_overall": evaluation(["LAS", "UAS", "LA"], [("Token", "")], pattern="0.00%"),
    "02_cpostag_accuracy": evaluation(["LAS", "UAS", "LA"], [("Cpostag", "all|counter-")],
                                      pattern="0%"),
    "03_cpostag_error_rate": evaluation(["HeadWrong", "LabelWrong", "BothWrong"],
                                        [("Cpostag", "all|counter-")], pattern="0%"),
    "04_deprel": evaluation(["LabelRight"], [("Deprel", PRECISION)], pattern="0.00%"),
    "05_deprel_and_attachment": evaluation(["LAS"], [("Deprel", "all")], pattern="0.00%"),
    "06_head_direction": evaluation(["DirectionRight"], [("ArcDirection", PRECISION)],
                                    pattern="0.00%"),
    "07_head_distance": evaluation(["GroupedHeadToChildDistanceRight"],
                                   [("GroupedRelationLength", PRECISION)], pattern="0.00%"),
    "08_frame_confusion": evaluation(["LA"], [("Frame", "treebankcounter-5")],
                                     pattern="0.00%", confusion_matrix="1"),
    "09_focus_word_errors": evaluation(["AnyWrong", "LabelWrong", "HeadWrong", "BothWrong"],
                                       [(c, "correctcounter-5") for c in CONTEXTS],
                                       pattern="0.00%"),
    "10_sentence_errors": evaluation(["AnyWrong", "LabelWrong", "HeadWrong"],
                                     [("Sentence", "correctcounter-5")],
                                     pattern="0.00%", details="1"),
    "sentence": evaluation(["AnyWrong", "LabelWrong", "HeadWrong"],
                           [("Sentence", "exactmatch")], pattern="0.00%", details="0"),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_same_bytes_as_malteval(name: str, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    stored = RUNS / f"en-plank.evalpl_comparison.{name}.txt"
    if not stored.exists():
        pytest.skip(f"shared reference data not found at {stored} (parity tests need ../shared)")
    (tmp_path / FOLDER).mkdir(parents=True)
    (tmp_path / FOLDER / f"{name}.xml").write_text(FILES[name], encoding="utf-8")
    os.symlink(CONLLX / "plank_conll2015", tmp_path / "plank_conll2015")
    monkeypatch.chdir(tmp_path)
    data = "plank_conll2015/datapackage/en/"
    out = io.BytesIO()
    assert run_dep(["-e", str(FOLDER / f"{name}.xml"), "-g", data + "gold.conll",
                    "-s", data + "parser1.conll"],
                   out, io.BytesIO()) == 0
    assert out.getvalue() == stored.read_bytes()
