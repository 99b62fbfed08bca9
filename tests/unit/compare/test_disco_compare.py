"""``treeeval disco --param PARAM GOLD SYS1 SYS2 ...``: several systems on discontinuous
trees, each system's report as it prints alone, the comparison table, the tests over gold
sentences, --json, --signature and incomplete systems, on four German-like sentences
written here (two of them with a discontinuous VP or PP)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from cli_runner import run_treeeval

from treeeval.compare.disco import DiscoCommand, DiscoSystems
from treeeval.disco import metrics
from treeeval.disco.run import DiscoRun, DiscoSettings, run_disco
from treeeval.disco.sentence_rows import SentenceRows
from treeeval.policy.envelope import schema_path

GOLD = """\
(S (VP (NP 0=Den 1=Mann) (VVPP 3=gesehen)) (VAFIN 2=hat) (NP 4=sie) ($. 5=.))
(S (NP (ART 0=Der) (NN 1=Hund)) (VVFIN 2=bellt))
(S (VP (PP 0=Nach 1=Hause) (VVINF 4=gehen)) (VMFIN 2=will) (PPER 3=er))
(S (NP (ART 0=Die) (NN 1=Katze)) (VP (VVFIN 2=schläft) (ADV 3=gern)))
"""
#: the VP of sentence 3 missed (a discontinuous bracket lost)
NEAR = """\
(S (VP (NP 0=Den 1=Mann) (VVPP 3=gesehen)) (VAFIN 2=hat) (NP 4=sie) ($. 5=.))
(S (NP (ART 0=Der) (NN 1=Hund)) (VVFIN 2=bellt))
(S (PP 0=Nach 1=Hause) (VMFIN 2=will) (PPER 3=er) (VVINF 4=gehen))
(S (NP (ART 0=Die) (NN 1=Katze)) (VP (VVFIN 2=schläft) (ADV 3=gern)))
"""
#: every VP missed, a tag wrong
FLAT = """\
(S (NP 0=Den 1=Mann) (VAFIN 2=hat) (VVPP 3=gesehen) (NP 4=sie) ($. 5=.))
(S (NP (ART 0=Der) (NN 1=Hund)) (VVFIN 2=bellt))
(S (PP 0=Nach 1=Hause) (VMFIN 2=will) (PPER 3=er) (VVINF 4=gehen))
(S (NP (ART 0=Die) (NN 1=Katze)) (ADJD 2=schläft) (ADV 3=gern))
"""
PRM = "DELETE_LABEL $.\nCUTOFF_LEN 4\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name, text in {"gold.dbr": GOLD, "near.dbr": NEAR, "flat.dbr": FLAT,
                       "first2.dbr": "".join(NEAR.splitlines(keepends=True)[:2]),
                       "words.dbr": NEAR.replace("Katze", "Maus"), "p.prm": PRM}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def alone(folder: Path, parses: str, *options: str) -> bytes:
    """One system's report, as ``treeeval disco GOLD PARSES PARAM`` prints it."""
    ran = run_treeeval(["disco", "gold.dbr", parses, "p.prm", "--fmt=discbracket", *options],
                       folder)
    return ran.stdout


def test_three_files_keep_discodops_meaning_and_four_need_param(folder: Path) -> None:
    out = io.BytesIO()
    run_disco(DiscoSettings(str(folder / "gold.dbr"), str(folder / "near.dbr"),
                            str(folder / "p.prm"), fmt="discbracket"), out)
    assert alone(folder, "near.dbr") == out.getvalue()
    assert b"labeled f-measure:          94.12     94.12" not in out.getvalue()
    ran = run_treeeval(["disco", "gold.dbr", "near.dbr", "flat.dbr", "p.prm",
                        "--fmt=discbracket"], folder)
    assert ran.status == 2 and b"give the parameter file with --param" in ran.stderr


def test_each_report_then_the_table(folder: Path) -> None:
    ran = run_treeeval(["disco", "--param", "p.prm", "--fmt=discbracket", "gold.dbr",
                        "near.dbr", "flat.dbr"], folder)
    assert ran.status == 0, ran.stderr
    near, flat = alone(folder, "near.dbr"), alone(folder, "flat.dbr")
    reports = b"=== near: gold.dbr near.dbr\n" + near + b"=== flat: gold.dbr flat.dbr\n" + flat
    assert ran.stdout.startswith(reports)
    table = ran.stdout[len(reports):].decode().splitlines()
    # near: 8 of 9 gold brackets, 8 of 8 candidate ones; flat: 6 of 9, 6 of 6
    assert table[:2] == ["", "gold"]
    assert table[2].split() == ["system", "LR", "LP", "F1", "Disc", "F1", "EX", "POS"]
    assert table[3].split() == ["near", "88.89", "100.00", "94.12", "66.67", "75.00", "100.00"]
    assert table[4].split() == ["flat", "66.67", "100.00", "80.00", "—", "25.00", "94.12"]


def systems(folder: Path, *paths: str, **options: object) -> DiscoSystems:
    """The systems scored, their rows kept, as ``run`` scores them."""
    base = DiscoSettings(str(folder / "gold.dbr"), "", str(folder / "p.prm"),
                         fmt="discbracket", **options)  # type: ignore[arg-type]
    made = DiscoSystems(DiscoCommand(base, tuple(str(folder / path) for path in paths)))
    for index in range(len(paths)):
        run = DiscoRun(rows=SentenceRows())
        run_disco(made.system(index), io.BytesIO(), run)
        made.runs.append(run)
        made.errors.append("")
    return made


def test_each_metrics_sentence_counts_give_its_value(folder: Path) -> None:
    # what the tests resample sums back to the printed figure, for every metric offered
    # (the cutoff's too: sentence 1, of 5 words after deleting $., is over CUTOFF_LEN 4)
    made = systems(folder, "near.dbr", "flat.dbr", la=True, ted=True)
    assert "leaf_ancestor_4" in made.offered() and made.sentences() == 4
    for system in range(2):
        for metric in made.offered():
            value = made.value(system, metric)
            scores = made.sentence_scores(system, metric)
            assert len(scores) == 4
            if value is not None:
                assert scores.score() == pytest.approx(value, abs=1e-9), (system, metric)
    # sentences 2 and 4 (3 and 4 words): near has their 5 gold brackets, flat 4 of them
    assert made.value(0, "fmeasure_4") == 100.0
    assert made.value(1, "fmeasure_4") == pytest.approx(100 * 2 * 4 / (5 + 4))
    assert made.sentence_scores(1, "exact_match").hits.tolist() == [False, True, False, False]


def test_rows_are_numpy_columns_by_gold_sentence(folder: Path) -> None:
    made = systems(folder, "first2.dbr")
    rows = made.runs[0].rows
    assert rows is not None and len(rows) == 2
    assert rows.paired("matched", 4).tolist() == [2.0, 2.0, 0.0, 0.0]
    assert isinstance(rows.column("length"), np.ndarray)
    assert made.incomplete(0) == "2 of 4 sentences"


def test_stat_and_the_table_formats(folder: Path) -> None:
    ran = run_treeeval(["disco", "--param", "p.prm", "--fmt=discbracket", "--stat", "ar",
                        "--resamples", "200", "--metrics", "F1;EX;LA", "--la", "--format", "csv",
                        "gold.dbr", "near.dbr", "flat.dbr"], folder)
    assert ran.status == 0, ran.stderr
    rows = list(csv.DictReader(io.StringIO(ran.stdout.decode())))
    assert [(row["system"], row["metric"]) for row in rows] == [
        ("near", "fmeasure"), ("near", "exact_match"), ("near", "leaf_ancestor"),
        ("flat", "fmeasure"), ("flat", "exact_match"), ("flat", "leaf_ancestor")]
    assert float(rows[3]["value"]) == pytest.approx(80.0)
    assert 0 < float(rows[3]["p_value"]) <= 1 and rows[3]["test"] == "ar"


def test_mcnemar_applies_to_exact_match_only(folder: Path) -> None:
    args = ["disco", "--param", "p.prm", "--fmt=discbracket", "--stat", "mcnemar", "gold.dbr",
            "near.dbr", "flat.dbr"]
    ran = run_treeeval(args, folder)
    assert ran.status == 2 and b"applies to exact_match only" in ran.stderr
    assert run_treeeval([*args, "--metrics", "EX", "--format", "text"], folder).status == 0


@pytest.mark.parametrize("what", ["first2.dbr", "words.dbr"])
def test_an_incomplete_system_is_said_and_marked(folder: Path, what: str) -> None:
    base = ["disco", "--param", "p.prm", "--fmt=discbracket", "gold.dbr", "near.dbr", what]
    ran = run_treeeval([*base, "--stat", "bootstrap", "--resamples", "100"], folder)
    name = what.removesuffix(".dbr")
    reason = ("2 of 4 sentences" if name == "first2"
              else "stopped by an error after 3 of 4 sentences")
    assert f"warning: {what}: incomplete ({reason})".encode() in ran.stderr
    assert f"{name} (incomplete)".encode() in ran.stdout
    assert f"no test: it is incomplete ({reason})".encode() in ran.stdout
    if name == "words":
        # the located error, after the line naming the system; the other system's report
        assert ran.status == 1
        assert (b"=== words: gold.dbr words.dbr\ntreeeval: error: words.dbr:4: sentence 4: "
                b"word 4 ('gern') is not in the gold sentence") in ran.stderr
        assert ran.stdout.startswith(b"=== near: gold.dbr near.dbr\n" + alone(folder,
                                                                                "near.dbr"))
    else:
        assert ran.status == 0
    markdown = run_treeeval([*base, "--format", "markdown"], folder).stdout.decode()
    assert f"| {name} (incomplete) |" in markdown and f"({reason})" in markdown
    document = json.loads(run_treeeval([*base, "--format", "json"], folder).stdout)
    assert [row["incomplete"] for row in document["systems"]] == [None, reason]
    data = json.loads(run_treeeval([*base, "--json"], folder).stdout)
    assert [system["incomplete"] for system in data["systems"]] == [None, reason]


def test_json_validates_and_holds_both_columns(folder: Path) -> None:
    ran = run_treeeval(["disco", "--param", "p.prm", "--fmt=discbracket", "--json", "--ted",
                        "gold.dbr", "near.dbr", "words.dbr"], folder)
    document = json.loads(ran.stdout)
    schema = json.loads(schema_path("disco").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    near, words = document["systems"]
    assert (near["all"]["matched_brackets"], near["all"]["gold_brackets"]) == (8, 9)
    assert near["all"]["fmeasure"] == pytest.approx(100 * 16 / 17)
    assert (near["cutoff"]["sentences"], near["all"]["sentences"]) == (2, 4)
    assert near["all"]["disc_fmeasure"] == pytest.approx(100 * 2 / 3)
    assert near["all"]["function_tags"] is None and "tree_distance" in near["all"]
    assert words["error"].startswith("words.dbr:4: sentence 4: word 4 ('gern') is not in")
    assert document["gold_sentences"] == 4 and document["cutoff"] == 4
    one = json.loads(run_treeeval(["disco", "gold.dbr", "near.dbr", "--fmt=discbracket",
                                   "--json"], folder).stdout)
    jsonschema.Draft202012Validator(schema).validate(one)
    assert one["param"] is None and one["systems"][0]["all"]["recall"] == pytest.approx(
        100 * 8 / 9)


def test_signature_names_what_changes_a_number(folder: Path) -> None:
    ran = run_treeeval(["disco", "gold.dbr", "near.dbr", "p.prm", "--fmt=discbracket",
                        "--signature", "--cutofflen=3", "--disconly"], folder)
    assert ran.stdout.endswith(
        b"signature: cmd:disco|prm:p.prm#" + _hash(folder / "p.prm") + b"|cut:3|"
        b"goldfmt:discbracket|parsesfmt:discbracket|goldenc:utf8|parsesenc:utf8|"
        b"functions:remove|morphology:no|disconly:yes|la:no|ted:no|version:0.1.0\n")
    assert ran.stdout[:-len(ran.stdout.splitlines()[-1]) - 1] == alone(
        folder, "near.dbr", "--cutofflen=3", "--disconly")
    table = run_treeeval(["disco", "--param", "p.prm", "--fmt=discbracket", "--format",
                          "markdown", "--stat", "ar", "--resamples", "50", "gold.dbr",
                          "near.dbr", "flat.dbr"], folder).stdout
    assert b"|stat:ar|resamples:50|seed:1|baseline:near|version:" in table


def _hash(path: Path) -> bytes:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()[:8].encode()


def test_the_figures(folder: Path) -> None:
    figures = systems(folder, "near.dbr", "flat.dbr").figures()
    length = figures["f1_by_length"]
    assert length.categories[0] == "1-10"
    assert [series.values[0] for series in length.panels[0].series] == [
        pytest.approx(100 * 16 / 17), pytest.approx(80.0)]
    labels = figures["label_f1"]
    assert labels.categories == ("S", "VP", "NP")  # 4, 3 and 2 gold brackets
    vp = labels.categories.index("VP")
    assert [series.values[vp] for series in labels.panels[0].series] == [
        pytest.approx(80.0), 0.0]  # near finds 2 of the 3 VPs


def test_disconly_names_the_bracket_scores_disc(folder: Path) -> None:
    made = systems(folder, "near.dbr", disconly=True)
    assert "disc_fmeasure" not in made.offered()
    assert made.column("fmeasure").shown == "Disc F1"
    assert made.value(0, "fmeasure") == metrics.value(made.runs[0].totals, "fmeasure") == (
        pytest.approx(100 * 2 / 3))


def test_several_systems_refuse_verbose(folder: Path) -> None:
    ran = run_treeeval(["disco", "--param", "p.prm", "--fmt=discbracket", "--verbose",
                        "gold.dbr", "near.dbr", "flat.dbr"], folder)
    assert ran.status == 2 and b"--verbose and --debug go with one system" in ran.stderr
