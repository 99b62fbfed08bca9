"""``treeeval task`` end to end on a tiny task written here: 3 teams x 3 treebanks, one
missing run and one broken file; the tables, the averages, the groups, the ranking, the
layouts, --tira, --json, --jobs and the errors."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from cli_runner import run_treeeval

from treeeval.policy.envelope import schema_path
from treeeval.task.aggregate import ranking
from treeeval.task.layout import find_grid
from treeeval.task.runs import score_grid
from treeeval.ud.api import evaluate_ud


def row(index: int, form: str, head: int, deprel: str, upos: str = "NOUN") -> str:
    return "\t".join(map(str, (index, form, "_", upos, "_", "_", head, deprel, "_", "_")))


def sentence(*rows: str) -> str:
    return "\n".join(rows) + "\n\n"


#: each treebank's gold file
GOLD = {
    "aa_one": sentence(row(1, "Dogs", 2, "nsubj"), row(2, "bark", 0, "root", "VERB"),
                       row(3, "loudly", 2, "advmod", "ADV")),
    "bb_two": sentence(row(1, "Cats", 2, "nsubj"), row(2, "sleep", 0, "root", "VERB")),
    "cc_three": sentence(row(1, "Birds", 2, "nsubj"), row(2, "sing", 0, "root", "VERB"),
                         row(3, "songs", 2, "obj")),
}
#: how each team's run differs from the gold: (old, new) replacements, None: no file
CHANGES: dict[str, dict[str, tuple[str, str] | None]] = {
    "alpha": {"aa_one": ("", ""), "bb_two": ("", ""), "cc_three": ("", "")},
    "Beta": {"aa_one": ("2\tadvmod", "1\tadvmod"), "bb_two": ("", ""),
             "cc_three": ("2\tobj", "1\tobj")},
    "gamma": {"aa_one": ("2\tadvmod", "1\tamod"), "bb_two": None,
              "cc_three": ("0\troot", "3\troot")},  # a cycle
}


@pytest.fixture
def task(tmp_path: Path) -> Path:
    """gold/TB.conllu and systems/TEAM/TB.conllu under tmp_path."""
    (tmp_path / "gold").mkdir()
    for treebank, text in GOLD.items():
        (tmp_path / "gold" / f"{treebank}.conllu").write_text(text, encoding="utf-8")
    for team, runs in CHANGES.items():
        (tmp_path / "systems" / team).mkdir(parents=True)
        for treebank, change in runs.items():
            if change is not None:
                (tmp_path / "systems" / team / f"{treebank}.conllu").write_text(
                    GOLD[treebank].replace(*change), encoding="utf-8")
    return tmp_path


def treeeval(folder: Path, *args: str) -> tuple[int, str, str]:
    ran = run_treeeval(["task", *args], folder)
    return ran.status, ran.stdout.decode(), ran.stderr.decode()


def test_every_run_scores_as_treeeval_ud(task: Path) -> None:
    grid = find_grid(str(task / "gold"), str(task / "systems"))
    assert grid.teams == ["Beta", "alpha", "gamma"]  # sorted by code point
    results = score_grid(grid)
    kinds = {(run.team, run.treebank): run.failure and run.failure.kind
             for row in results for run in row}
    assert kinds[("gamma", "bb_two")] == "open" and kinds[("gamma", "cc_three")] == "cycle"
    for treebank, row in zip(grid.treebanks, results):
        for run in row:
            if run.scores is not None:
                assert run.scores == evaluate_ud(treebank.gold, run.path).scores


def test_tables_and_notices(task: Path) -> None:
    status, out, err = treeeval(task, "gold", "systems")
    assert status == 0
    titles = [block.splitlines()[0] for block in out.split("\n\n") if block.strip()
              and not block.startswith(("Beta:", "gamma:"))]
    assert titles == ["aa_one", "bb_two", "cc_three", "Macro-average over 3 treebanks",
                      "Ranking by LAS", "Ranking by MLAS", "Ranking by BLEX"]
    average = out.split("Macro-average over 3 treebanks\n")[1].splitlines()
    # alpha is perfect; gamma: LAS 2/3 on aa_one, nothing on the two others
    assert average[2].split()[:2] == ["alpha", "100.00"]
    assert average[3].split()[10] == f"{100 * (2 / 3) / 3:.2f}"
    assert "gamma: 2 failed runs counted as 0." in out
    assert set(out.split("bb_two\n")[1].splitlines()[3].split()[1:]) == {"—"}
    assert err.splitlines() == [
        "treeeval: warning: systems/gamma/bb_two.conllu: the run of gamma on bb_two counts 0: "
        "cannot read: No such file or directory",
        "treeeval: warning: systems/gamma/cc_three.conllu:4: the run of gamma on cc_three "
        "counts 0: There is a cycle in a sentence"]
    assert treeeval(task, "--strict", "gold", "systems")[0] == 1


def test_ranking_ties_share_a_rank(task: Path) -> None:
    _, out, _ = treeeval(task, "--table", "ranking", "--metrics", "UAS;MLAS", "gold", "systems")
    assert "Ranking by LAS" not in out
    lines = out.split("Ranking by MLAS\n")[1].splitlines()
    assert [line.split()[:2] for line in lines[1:4]] == [["alpha", "1"], ["Beta", "2"],
                                                         ["gamma", "3"]]
    assert ranking({"b": 0.5, "a": 0.5, "c": 0.25}) == [(1, "a", 0.5), (1, "b", 0.5),
                                                       (3, "c", 0.25)]


def test_a_ranking_bolds_the_best_score_not_the_rank(task: Path) -> None:
    _, out, _ = treeeval(task, "--table", "ranking", "--metrics", "MLAS", "--format", "markdown",
                         "gold", "systems")
    assert "| System | rank | MLAS |" in out  # no arrow: a rank is no score
    assert "| alpha | 1 | **" in out
    assert "Best score of each column in bold (none for rank)." in out


def test_groups(task: Path) -> None:
    groups = task / "groups.txt"
    groups.write_text("# two groups\nfirst\taa_one bb_two\n\nlast cc_three\n", encoding="utf-8")
    _, out, _ = treeeval(task, "--groups", "groups.txt", "--table", "groups", "--metrics",
                         "LAS", "gold", "systems")
    assert out.splitlines()[0] == "Macro-average over group first (2 treebanks)"
    assert out.splitlines()[3] == "alpha   100.00"
    assert "Macro-average over group last (1 treebank)" in out
    groups.write_text("first aa_one zz_nothing\n", encoding="utf-8")
    status, out, err = treeeval(task, "--groups", "groups.txt", "gold", "systems")
    assert (status, out) == (1, "")
    assert err == ("treeeval: error: groups.txt:1: group 'first': zz_nothing is no treebank "
                   "of the task\n")


def test_json_document_and_jobs(task: Path) -> None:
    status, out, _ = treeeval(task, "--json", "--jobs", "2", "gold", "systems")
    document = json.loads(out)
    schema = json.loads(schema_path("task").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    assert document["failed"] == {"Beta": 0, "alpha": 0, "gamma": 2}
    assert document["averages"]["alpha"]["LAS"] == 100.0
    assert [entry["team"] for entry in document["ranking"]["LAS"]] == ["alpha", "Beta", "gamma"]
    assert treeeval(task, "--json", "--jobs", "1", "gold", "systems")[1] == out


def test_formats(task: Path) -> None:
    _, markdown, _ = treeeval(task, "--format", "markdown", "--table", "averages", "--metrics",
                              "LAS", "gold", "systems")
    assert markdown.startswith("**Macro-average over 3 treebanks**\n")
    assert "| alpha | **100.00** |" in markdown
    _, tables, _ = treeeval(task, "--format", "json", "--table", "treebanks", "gold", "systems")
    documents = json.loads(tables)
    schema = json.loads(schema_path("table").read_text(encoding="utf-8"))
    for document in documents:
        jsonschema.Draft202012Validator(schema).validate(document)
    assert [d["title"] for d in documents] == ["aa_one", "bb_two", "cc_three"]
    assert documents[0]["signature"].startswith("cmd:task|rules:conll18|layout:folders|")
    _, conll17, _ = treeeval(task, "--conll17", "--table", "ranking", "gold", "systems")
    assert "Ranking by LAS" in conll17 and "MLAS" not in conll17


def test_tira_layout_and_tira_output(task: Path) -> None:
    entries = [{"lcode": "aa", "tcode": "one", "goldfile": "aa_one.conllu",
                "outfile": "aa_one.conllu"},
               {"lcode": "zz", "tcode": "gone", "goldfile": "zz.conllu", "outfile": "zz.conllu"},
               {"lcode": "cc", "tcode": "three", "goldfile": "cc_three.conllu",
                "outfile": "cc_three.conllu"}]
    (task / "gold" / "metadata.json").write_text(json.dumps(entries), encoding="utf-8")
    (task / "out").mkdir()
    status, out, err = treeeval(task, "--tira", "gamma", "out", "gold", "systems")
    assert status == 0
    assert out.splitlines() == [
        "aa_one        LAS= 66.67% MLAS= 66.67% BLEX= 66.67% (OK: Result F1 scores rounded to "
        "5% are LAS=65% MLAS=65% BLEX=65%)",
        "zz_gone       LAS=  0.00% MLAS=  0.00% BLEX=  0.00% (Error: Cannot load gold file)",
        "cc_three      LAS=  0.00% MLAS=  0.00% BLEX=  0.00% (Error: There is a cycle in "
        "generated CoNLL-U file)"]
    prototext = (task / "out" / "evaluation.prototext").read_text(encoding="utf-8")
    assert prototext.startswith('measure{\n  key: "total-Tokens-F1"\n  value: "33.33"\n}\n')
    assert 'key: "aa_one-LAS-F1"\n  value: "66.67"' in prototext
    assert "every run on zz_gone counts 0" in err
    _, tables, _ = treeeval(task, "--table", "averages", "gold", "systems")
    assert tables.splitlines()[0] == "Macro-average over 3 treebanks"  # metadata's three
    _, folders, _ = treeeval(task, "--layout", "folders", "--json", "gold", "systems")
    assert json.loads(folders)["treebanks"] == ["aa_one", "bb_two", "cc_three"]


@pytest.mark.parametrize("args, message", [
    (["--seed", "3", "gold", "systems"], "--seed needs --stat bootstrap or --stat ar"),
    (["--tira", "delta", "out", "gold", "systems"], "--tira delta: no such team folder"),
    (["--tira", "alpha", "nowhere", "gold", "systems"], "nowhere is not a folder"),
    (["--tira", "alpha", "gold", "--conll17", "gold", "systems"], "--tira writes the CoNLL"),
    (["--jobs", "0", "gold", "systems"], "option --jobs needs a number of at least 1"),
    (["--table", "groups", "gold", "systems"], "--table groups needs --groups FILE"),
    (["gold", "nowhere"], "nowhere is not a folder"),
    (["--json", "--format", "csv", "gold", "systems"], "--format cannot go with --json"),
])
def test_usage_errors(task: Path, args: list[str], message: str) -> None:
    status, out, err = treeeval(task, *args)
    assert (status, out) == (2, "") and message in err and err.count("\n") == 1


def test_bad_metadata_is_located(task: Path) -> None:
    (task / "gold" / "metadata.json").write_text('[\n  {"lcode": "aa"}\n]\n', encoding="utf-8")
    status, _, err = treeeval(task, "gold", "systems")
    assert (status, err) == (1, "treeeval: error: gold/metadata.json:2: treebank 1 has no "
                                "'tcode'\n")
    (task / "gold" / "metadata.json").write_text('[\n  {"lcode": }', encoding="utf-8")
    assert treeeval(task, "gold", "systems")[2].startswith(
        "treeeval: error: gold/metadata.json:2:13: not JSON")
    (task / "gold" / "metadata.json").write_bytes(b'[\n {"lcode": "\xff"}]')
    assert treeeval(task, "gold", "systems")[2].splitlines()[0] == (
        "treeeval: error: gold/metadata.json:2:13: byte 0xff is not valid utf-8")
    (task / "groups.txt").write_text("# nothing\n\n", encoding="utf-8")
    assert treeeval(task, "--layout", "folders", "--groups", "groups.txt", "gold",
                    "systems")[2] == "treeeval: error: groups.txt:2: no group in the file\n"


def test_a_file_of_no_treebank_is_noticed(task: Path) -> None:
    (task / "systems" / "alpha" / "dd_four.conllu").write_text(GOLD["aa_one"], encoding="utf-8")
    _, _, err = treeeval(task, "--table", "averages", "gold", "systems")
    assert ("treeeval: warning: systems/alpha/dd_four.conllu: no treebank of the task has "
            "this file: not scored") in err


def test_tira_on_an_empty_gold_file(task: Path) -> None:
    """The wrapper crashes here (docs/differences.md): treeeval fails the run, says so in
    the status, and writes the other treebanks."""
    (task / "gold" / "bb_two.conllu").write_text("# no sentence\n", encoding="utf-8")
    (task / "out").mkdir()
    status, out, err = treeeval(task, "--tira", "alpha", "out", "gold", "systems")
    assert status == 0
    assert out.splitlines()[1] == (
        "bb_two        LAS=  0.00% MLAS=  0.00% BLEX=  0.00% (Error: The concatenation of "
        "tokens in gold file and in system file differ, system file has 9 nonspace "
        "characters (no gold))")
    assert out.splitlines()[0].endswith("(OK: Result F1 scores rounded to 5% are LAS=100% "
                                        "MLAS=100% BLEX=100%)")
    assert "systems/alpha/bb_two.conllu:1: the run of alpha on bb_two counts 0" in err
