"""``treeeval task --udeval`` on the worked example of docs/task.md (section 12), built here
from ../shared/data as the page's shell script builds it: the Czech PUD gold file of the UD
tools cut in two halves and the English EWT gold file of CoNLL 2018, and three teams whose
DEPS are changed (``basic``: the basic tree; ``nocase``: no case information in obl, nmod,
advcl, acl; ``typo``: nocase's files with one DEPS ``7`` in en_ewt).

* every scored run's ELAS and EULAS are those ``udeval -v`` prints for the pair (precision,
  recall and F1), and the run treeeval fails is one udeval crashes on;
* the means per language are the runs' means over each language's treebanks;
* the page shows the real output of its three commands.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from cli_runner import run_treeeval
from oracles import udeval_command
from shared_data import require

ROOT = Path(__file__).resolve().parents[2]
TEAMS = ("basic", "nocase", "typo")
LANGUAGES = {"cs": ["cs_pud1", "cs_pud2"], "en": ["en_ewt"]}
#: the page's commands, in its order
COMMANDS = (["task", "--udeval", "--metrics", "LAS;ELAS;EULAS", "gold", "systems"],
            ["task", "--udeval", "--stat", "bootstrap", "--table", "clusters", "--metrics",
             "ELAS", "gold", "systems"],
            ["task", "--iwpt20", "--table", "averages", "--metrics", "LAS;ELAS", "gold",
             "systems"])


def word_lines(text: str, change: object) -> str:
    """``text`` with ``change(columns, count)`` applied to every line of ten tab-separated
    fields (``count``: how many such lines so far), as the page's awk programs do."""
    lines = text.split("\n")
    count = 0
    for index, line in enumerate(lines):
        columns = line.split("\t")
        if len(columns) == 10:
            count += 1
            change(columns, count)  # type: ignore[operator]
            lines[index] = "\t".join(columns)
    return "\n".join(lines)


def basic(columns: list[str], _: int) -> None:
    if re.fullmatch("[0-9]+", columns[0]):
        columns[8] = f"{columns[6]}:{columns[7]}"


def nocase(columns: list[str], _: int) -> None:
    if re.fullmatch("[0-9]+", columns[0]):
        edges = []
        for edge in columns[8].split("|"):
            part = edge.split(":")
            if len(part) > 1 and part[1] in ("obl", "nmod", "advcl", "acl"):
                edge = f"{part[0]}:{part[1]}"
            edges.append(edge)
        columns[8] = "|".join(edges)


def typo(columns: list[str], count: int) -> None:
    if count == 100:
        columns[8] = "7"


@pytest.fixture(scope="module")
def task(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """gold/ and systems/TEAM/ of the page's example."""
    czech = require("ud", "udtools-cs_pud", "cs_pud-gold.conllu").read_text(encoding="utf-8")
    english = require("ud", "conll2018", "gold", "en_ewt.conllu").read_text(encoding="utf-8")
    folder = tmp_path_factory.mktemp("iwpt")
    sentences = re.split(r"\n\n+", czech.strip("\n"))
    gold = {"cs_pud1": "".join(s + "\n\n" for s in sentences[:500]),
            "cs_pud2": "".join(s + "\n\n" for s in sentences[500:]), "en_ewt": english}
    for team in TEAMS:
        (folder / "systems" / team).mkdir(parents=True)
    (folder / "gold").mkdir()
    for name, text in gold.items():
        (folder / "gold" / f"{name}.conllu").write_text(text, encoding="utf-8")
        (folder / "systems" / "basic" / f"{name}.conllu").write_text(
            word_lines(text, basic), encoding="utf-8")
        without_case = word_lines(text, nocase)
        for team in ("nocase", "typo"):
            (folder / "systems" / team / f"{name}.conllu").write_text(
                word_lines(without_case, typo) if (team, name) == ("typo", "en_ewt")
                else without_case, encoding="utf-8")
    return folder


def udeval_report(command: str, folder: Path, team: str, treebank: str) -> dict[str, list[str]]:
    """``udeval -v``'s precision, recall and F1 of ELAS and EULAS, as printed (a crash: {})."""
    done = subprocess.run([command, "-v", f"gold/{treebank}.conllu",
                           f"systems/{team}/{treebank}.conllu"], cwd=folder,
                          capture_output=True, timeout=300, text=True)
    if done.returncode:
        assert "Traceback" in done.stderr
        return {}
    return {cells[0]: cells[1:4] for line in done.stdout.splitlines()
            if (cells := [cell.strip() for cell in line.split("|")])[0] in ("ELAS", "EULAS")}


def test_every_run_is_udevals(task: Path) -> None:
    command = udeval_command()
    ran = run_treeeval(["task", "--udeval", "--json", "gold", "systems"], task)
    document = json.loads(ran.stdout)
    assert len(document["runs"]) == 9
    for run in document["runs"]:
        reference = udeval_report(command, task, run["team"], run["treebank"])
        if run["status"] == "failed":
            assert (run["team"], run["treebank"], reference) == ("typo", "en_ewt", {})
            assert (run["failure"]["kind"], run["failure"]["line"]) == ("format", 119)
            continue
        assert {name: [f"{run['metrics'][name][key]:.2f}"
                       for key in ("precision", "recall", "f1")]
                for name in ("ELAS", "EULAS")} == reference, run["system"]
    languages = document["languages"]
    assert languages["treebanks"] == LANGUAGES
    f1 = {(run["team"], run["treebank"]): run["metrics"]["ELAS"]["f1"] if run["metrics"]
          else 0.0 for run in document["runs"]}
    for team in TEAMS:
        means = {language: sum(f1[team, name] for name in names) / len(names)
                 for language, names in LANGUAGES.items()}
        assert languages["averages"][team] == pytest.approx(means, rel=1e-12)
        assert languages["overall"][team] == pytest.approx(sum(means.values()) / 2, rel=1e-12)


def test_the_page_shows_the_real_output(task: Path) -> None:
    page = (ROOT / "docs" / "task.md").read_text(encoding="utf-8")
    shown = page.split("\nIt printed:\n\n```text\n", 1)[1].split("\n```\n", 1)[0]
    output = ""
    for args in COMMANDS:
        ran = run_treeeval(args, task)
        assert ran.status == 0
        output += ran.stdout.decode() + ran.stderr.decode()
    assert output.splitlines() == shown.splitlines()
