"""``treeeval bracket --align`` on the Berkeley parser's WSJ 22 output re-tokenised at random
(seeded: split and merged words, other spellings of quotes and brackets): every sentence is
scored, the brackets score as the original output's, and the runs of several systems,
``--stat``, ``--per-label`` and ``--json`` take the aligned sentences."""

from __future__ import annotations

import json
import random
from pathlib import Path

from cli_runner import run_treeeval
from retokenise import retokenise
from shared_data import require

GOLD = "wsj22.auto.clean.gld"
BERKELEY = "wsj22.berkeley_MLE.top.tst"


def _files(tmp_path: Path) -> None:
    folder = require("evalb", "wsj22")
    for name in (GOLD, BERKELEY):
        (tmp_path / name).symlink_to(folder / name)
    rng = random.Random(22)
    lines = (folder / BERKELEY).read_text().splitlines()
    (tmp_path / "retok.tst").write_text("".join(
        retokenise(line, rng, split=0.1, merge=0.1, respell=0.5) + "\n" for line in lines))


def test_every_retokenised_sentence_is_scored(tmp_path: Path) -> None:
    _files(tmp_path)
    plain = run_treeeval(["bracket", "-p", "COLLINS.prm", "-e", "2000", GOLD, "retok.tst"],
                         tmp_path)
    assert plain.stderr.decode().count("Length unmatch") > 1000
    run = run_treeeval(["bracket", "-p", "COLLINS.prm", "--align", GOLD, "retok.tst"], tmp_path)
    assert run.status == 0 and run.stderr == b""
    report = run.stdout.decode()
    assert "Number of Error sentence  =      0\n" in report
    assert "Bracketing FMeasure       =  62.82\n" in report
    assert "Tagging accuracy          =  80.91\n" in report
    # the original output's 5 Length unmatch sentences are scored too: its brackets are
    # the re-tokenised output's, sentence by sentence
    original = run_treeeval(["bracket", "-p", "COLLINS.prm", "--align", GOLD, BERKELEY],
                            tmp_path).stdout.decode()
    brackets = [[row.split()[k] for k in (2, 5, 6, 7, 8)]
                for row in report.splitlines()[3:1703]]
    assert brackets == [[row.split()[k] for k in (2, 5, 6, 7, 8)]
                        for row in original.splitlines()[3:1703]]


def test_several_systems_stat_per_label_and_json(tmp_path: Path) -> None:
    _files(tmp_path)
    args = ["bracket", "-p", "COLLINS.prm", "--align", GOLD, BERKELEY, "retok.tst"]
    table = run_treeeval([*args, "--stat", "bootstrap", "--resamples", "200", "--per-label"],
                         tmp_path)
    assert table.status == 0
    text = table.stdout.decode()
    assert "wsj22.berkeley_MLE.top (baseline)  59.73   66.24   62.82   6.18   93.69\n" in text
    assert "retok                              59.73   66.24   62.82   6.18   80.91*\n" in text
    assert "NP      13103                   71.86  71.86\n" in text
    document = json.loads(run_treeeval([*args, "--json"], tmp_path).stdout)
    assert document["params"]["align"] is True
    assert [system["all"]["error_sentences"] for system in document["systems"]] == [0, 0]
