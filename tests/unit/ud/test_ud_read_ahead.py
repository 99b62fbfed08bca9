"""``treeeval ud`` on a large pair reads its files in processes of their own
(treeeval/ud/remote_pieces.py): every report is the one of reading them in this process.

The threshold is lowered to 0 bytes so that these small files take the other processes."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_runner import run_treeeval

from treeeval.policy import processes
from treeeval.ud import remote_pieces


def row(index: object, form: str, head: object, deprel: str, upos: str = "NOUN",
        feats: str = "_") -> str:
    return "\t".join(map(str, (index, form, form.lower(), upos, "_", feats, head, deprel, "_",
                               "_"))) + "\n"


GOLD = (row(1, "Die", 2, "det", "DET", "Case=Nom|Definite=Def") + row(2, "Katze", 3, "nsubj")
        + row(3, "schläft", 0, "root", "VERB") + "\n"
        + row("1-2", "zum", "_", "_") + row(1, "zu", 3, "case", "ADP") + row(2, "dem", 3, "det")
        + row(3, "Haus", 0, "root") + "\n") * 4
SYSTEM = GOLD.replace("\t2\tdet", "\t3\tdet").replace("Case=Nom|Definite=Def",
                                                           "Definite=Def|Case=Nom")
OTHER = GOLD.replace("\tcase\t", "\tobl\t")


@pytest.mark.parametrize("options", [[], ["-v"], ["-c"], ["--json"], ["--stat", "bootstrap"],
                                     ["--udeval", "-v"]])
def test_the_same_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          options: list[str]) -> None:
    for name, text in (("gold.conllu", GOLD), ("a.conllu", SYSTEM), ("b.conllu", OTHER)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    systems = ["a.conllu", "b.conllu"] if "--stat" in options else ["a.conllu"]
    started: list[str] = []
    real = remote_pieces.remote_pieces

    def counted(path: str, *args: object) -> object:
        started.append(Path(path).name)
        return real(path, *args)  # type: ignore[arg-type]  # remote_pieces' own arguments

    monkeypatch.setattr("treeeval.ud.stream.remote_pieces", counted)
    in_turn = run_treeeval(["ud", *options, "gold.conllu", *systems], tmp_path)
    assert started == []
    monkeypatch.setattr(processes, "PARALLEL_THRESHOLD", -1)
    monkeypatch.setattr(processes.os, "cpu_count", lambda: 2)
    ahead = run_treeeval(["ud", *options, "gold.conllu", *systems], tmp_path)
    assert started == [name for system in systems for name in ("gold.conllu", system)]
    assert (ahead.stdout, ahead.stderr, ahead.status) == (
        in_turn.stdout, in_turn.stderr, in_turn.status)
    assert ahead.status == 0


def test_a_bad_system_file_gets_the_usual_error(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "gold.conllu").write_text(GOLD, encoding="utf-8")
    (tmp_path / "bad.conllu").write_text(GOLD.replace("\t2\tnsubj", "\t3\tnsubj", 1)
                                         .replace("\t0\troot", "\t2\troot", 1), encoding="utf-8")
    in_turn = run_treeeval(["ud", "gold.conllu", "bad.conllu"], tmp_path)
    monkeypatch.setattr(processes, "PARALLEL_THRESHOLD", -1)
    monkeypatch.setattr(processes.os, "cpu_count", lambda: 2)
    ahead = run_treeeval(["ud", "gold.conllu", "bad.conllu"], tmp_path)
    assert ahead == in_turn and ahead.status == 1
    assert ahead.stderr.startswith(b"treeeval: error: ")
